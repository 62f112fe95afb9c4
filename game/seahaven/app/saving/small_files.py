"""The small files of the folder to and from JSON: ``settings.json``
(:class:`~seahaven.app.state.settings.Settings`), ``stats.json``
(:class:`~seahaven.app.state.stats.Stats`) and ``deals.json`` (the deals' ratings, a cache).

A body that cannot be used raises :class:`~seahaven.app.saving.files.BadFile` saying why.
"""

from __future__ import annotations

from typing import Any

from seahaven.app.saving.files import VERSION, BadFile, versioned_body
from seahaven.app.state.settings import SPECS, Settings, check, from_earlier
from seahaven.app.state.stats import Stats

# -- settings -------------------------------------------------------------------------------


def settings_to_json(settings: Settings) -> dict[str, Any]:
    """The ``settings.json`` body."""
    body: dict[str, Any] = {"version": VERSION}
    for name in SPECS:
        value = getattr(settings, name)
        if isinstance(value, dict):
            value = {str(k): v for k, v in value.items()}
        body[name] = value
    return body


def settings_from_json(obj: Any) -> Settings:
    """Read a ``settings.json`` body: missing fields take their defaults, unknown ones are
    ignored (a newer file), an earlier version's are read as today's (``from_earlier``), a
    field of the wrong type or out of range is an error (each checked against its one
    declaration, ``seahaven.app.state.settings``)."""
    body = from_earlier(versioned_body(obj))
    values: dict[str, Any] = {}
    for name in SPECS:
        if name in body:
            try:
                values[name] = check(name, body[name])
            except ValueError:
                raise BadFile(f"setting {name!r} has a value it cannot take") from None
    if "cards_home" not in body and body.get("finish_by_itself") is True:
        values["cards_home"] = "finish"  # written before issue 37: "Finish by itself" is At the end now
    return Settings(**values)


# -- statistics -----------------------------------------------------------------------------


def stats_to_json(stats: Stats) -> dict[str, Any]:
    """The ``stats.json`` body."""
    return {"version": VERSION, **stats.to_json()}


def stats_from_json(obj: Any) -> Stats:
    """Read a ``stats.json`` body; raise BadFile saying what is wrong."""
    body = versioned_body(obj)
    try:
        return Stats.from_json(body)
    except (ValueError, TypeError) as error:
        raise BadFile(str(error)[:200]) from None


def deals_from_json(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BadFile("the file is not a JSON object")
    return obj
