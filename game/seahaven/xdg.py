"""The XDG base directory variables as the specification reads them: a relative path in
``XDG_DATA_HOME``, ``XDG_CONFIG_HOME``, ``XDG_STATE_HOME``, ``XDG_CACHE_HOME`` or
``XDG_RUNTIME_DIR`` (or an entry of ``XDG_DATA_DIRS`` / ``XDG_CONFIG_DIRS``) is invalid
and must be ignored. platformdirs (and so the game's data folder) takes them as they are,
so the command line drops them once, first thing (:func:`ignore_relative`)."""

from __future__ import annotations

import os
from collections.abc import MutableMapping

HOMES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR")
LISTS = ("XDG_DATA_DIRS", "XDG_CONFIG_DIRS")


def ignore_relative(environ: MutableMapping[str, str] = os.environ) -> None:
    """Remove from ``environ`` every XDG variable set to a relative path, and every relative
    entry of the XDG lists (a list left empty is removed: the defaults apply)."""
    for name in HOMES:
        value = environ.get(name)
        if value is not None and not os.path.isabs(value):
            del environ[name]
    for name in LISTS:
        value = environ.get(name)
        if value is None:
            continue
        kept = [entry for entry in value.split(os.pathsep) if os.path.isabs(entry)]
        if kept:
            environ[name] = os.pathsep.join(kept)
        else:
            del environ[name]
