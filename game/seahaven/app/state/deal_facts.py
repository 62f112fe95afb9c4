"""What the game knows about deals beyond their cards: the solver's rating of each, which
deal is a daily deal of which date, and whether the demo played in a game. One owner
(:class:`DealFacts`, in the session); the history line of a game that ends reads it, the
New Game window, the won panel and Statistics show it. No pygame here.

:class:`Rater` asks the solver (on a worker thread, through the session's jobs) to rate
each deal as it comes to the table; the answer is the same on every machine (a fixed
amount of work, see :mod:`seahaven.engine.rating`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from seahaven.app.state.current import Change, GameEvent
from seahaven.engine import APP_RULES, GameCode
from seahaven.engine.rating import Rating, rate
from seahaven.i18n import _, format_duration, format_number, ngettext

MAX_KEPT = 200
"""Ratings remembered (a few bytes each); the oldest are forgotten first."""


@dataclass
class DealFacts:
    """Ratings by code, daily deals by code, and the codes of games the demo played in."""

    ratings: dict[str, int] = field(default_factory=dict)
    daily: dict[str, str] = field(default_factory=dict)
    """Code -> the date (``YYYY-MM-DD``) whose daily deal it is."""
    demo: set[str] = field(default_factory=set)
    unread: dict[str, Any] = field(default_factory=dict, repr=False)
    """What a saved body held that this version cannot read (an entry of the wrong type, a
    field of a newer version), written back as it was: never dropped (issue 36)."""
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False)

    def rating(self, code: GameCode | str | None) -> int | None:
        return None if code is None else self.ratings.get(str(code))

    def daily_date(self, code: GameCode | str | None) -> str | None:
        return None if code is None else self.daily.get(str(code))

    def rated(self, code: GameCode | str, rating: Rating | int | None) -> None:
        """The solver rated ``code`` (None: it could not)."""
        if rating is None:
            return
        stars = rating if isinstance(rating, int) else rating.stars
        key = str(code)
        if self.ratings.get(key) == stars:
            return
        self.ratings.pop(key, None)
        self.ratings[key] = stars
        while len(self.ratings) > MAX_KEPT:
            del self.ratings[next(iter(self.ratings))]
        self._changed()

    def is_daily(self, code: GameCode | str, date: _dt.date | str) -> None:
        key, day = str(code), date if isinstance(date, str) else date.isoformat()
        if self.daily.get(key) != day:
            self.daily[key] = day
            self._changed()

    def demo_played(self, code: GameCode | str | None) -> None:
        if code is not None and str(code) not in self.demo:
            self.demo.add(str(code))
            self._changed()

    def game_ended(self, code: GameCode | str | None, keep: GameCode | str | None) -> None:
        """A game of ``code`` ended: forget its demo mark and daily tag (unless it is the
        deal now on the table, ``keep``, as after a restart); its rating stays."""
        if code is None or str(code) == str(keep):
            if code is not None:
                self.demo.discard(str(code))
            return
        changed = str(code) in self.demo or str(code) in self.daily
        self.demo.discard(str(code))
        self.daily.pop(str(code), None)
        if changed:
            self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- JSON (the keeper saves it beside the history) -------------------------------------

    def to_json(self) -> dict[str, Any]:
        unread = self.unread
        body = {key: value for key, value in unread.items() if key not in ("ratings", "daily", "demo")}
        body.update({"ratings": {**unread.get("ratings", {}), **self.ratings},
                     "daily": {**unread.get("daily", {}), **self.daily},
                     "demo": sorted(self.demo) + list(unread.get("demo", []))})
        return body

    def load_json(self, obj: Any) -> None:
        """Take what can be used of a saved body; keep the rest as it was (:attr:`unread`)."""
        if not isinstance(obj, dict):
            return
        unread: dict[str, Any] = {key: value for key, value in list(obj.items())[:MAX_KEPT]
                                  if key not in ("ratings", "daily", "demo", "version")}
        for key, value in _items(obj.get("ratings")):
            if value in (1, 2, 3, 4, 5) and not isinstance(value, bool) and _code(key):
                self.ratings[key] = value
            else:
                unread.setdefault("ratings", {})[key] = value
        for key, value in _items(obj.get("daily")):
            if isinstance(value, str) and _code(key) and _date(value):
                self.daily[key] = value
            else:
                unread.setdefault("daily", {})[key] = value
        demo = obj.get("demo")
        if isinstance(demo, list):
            for key in demo[:MAX_KEPT]:
                if isinstance(key, str) and _code(key):
                    self.demo.add(key)
                else:
                    unread.setdefault("demo", []).append(key)
        self.unread = unread


def _items(obj: Any) -> list[tuple[str, Any]]:
    return list(obj.items())[:MAX_KEPT] if isinstance(obj, dict) else []


def _code(text: str) -> bool:
    try:
        return str(GameCode.parse(text)) == text
    except ValueError:
        return False


def _date(text: str) -> bool:
    try:
        _dt.date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


class Rater:
    """Rates each deal that comes to the table, once, in the background (under the app's
    run limit only: the rating is defined for the rules the daily deal uses)."""

    def __init__(self, session: Any) -> None:
        """Each new deal is rated as it comes; the one on the table now when :meth:`ask`
        is called (the game calls it after its first frame)."""
        self.session = session
        session.current.subscribe(self._on_game)

    def _on_game(self, event: GameEvent) -> None:
        if event.kind in (Change.NEW_GAME, Change.RESTARTED, Change.RULES):
            self.ask()

    def ask(self) -> None:
        current = self.session.current
        code = current.code
        facts: DealFacts = self.session.facts
        if code is None or facts.rating(code) is not None or current.rules != APP_RULES:
            return
        self.session.jobs.start("rate", rate, code.position(), current.rules,
                                on_done=lambda rating: facts.rated(code, rating), follows_game=False)



def share_text(date: str, difficulty: str, seconds: float, moves: int, helped: bool, rating: int | None) -> str:
    """What a player copies after winning a daily deal: the day, the difficulty, the time,
    the moves and whether help was used; never the deal's moves. Each case is a sentence of
    its own: "with help" is never slotted in."""
    if rating is not None:
        # Translators: the text a player copies to share a daily deal won with help; {date} is 2026-12-01,
        # {difficulty} Easy, Medium or Hard, {rating} the solver's rating from 1 to 5, {time} like 4:05, {moves}
        # "112 moves".
        text = (_("Seahaven Towers daily deal {date}, {difficulty} (rated {rating} of 5): won in {time}, {moves}, "
                  "with help.") if helped
                # Translators: the text a player copies to share a daily deal won without help; {date} is 2026-12-01,
                # {difficulty} Easy, Medium or Hard, {rating} the solver's rating from 1 to 5, {time} like 4:05,
                # {moves} "112 moves".
                else _("Seahaven Towers daily deal {date}, {difficulty} (rated {rating} of 5): won in {time}, {moves}, "
                       "no help."))
    else:
        # Translators: the text a player copies to share a daily deal won with help; {date} is 2026-12-01,
        # {difficulty} Easy, Medium or Hard, {time} like 4:05, {moves} "112 moves".
        text = (_("Seahaven Towers daily deal {date}, {difficulty}: won in {time}, {moves}, with help.") if helped
                # Translators: the text a player copies to share a daily deal won without help; {date} is 2026-12-01,
                # {difficulty} Easy, Medium or Hard, {time} like 4:05, {moves} "112 moves".
                else _("Seahaven Towers daily deal {date}, {difficulty}: won in {time}, {moves}, no help."))
    return text.format(date=date, difficulty=_(difficulty), rating=rating, time=format_duration(seconds),
                       # Translators: a number of moves, inside sentences ("The file holds this same deal at 12 moves").
                       moves=ngettext("{n} move", "{n} moves", moves).format(n=format_number(moves)))
