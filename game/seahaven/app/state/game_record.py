"""A game as a file or as text (issue 28): the SPEC 12 game record with the saved game's
fields beside it, what it is called, and how the screens reach the files. No pygame, no
files here: reading and writing them is :mod:`seahaven.app.saving.game_file`'s (above the
screens), handed to the screens through :attr:`seahaven.app.state.session.Session.files`.

A record is ``{"code": …, "moves": […]}`` or ``{"position": …, "moves": […]}`` (what
``seahaven replay`` and ``seahaven review`` read), with ``version``, ``undone`` (0),
``elapsed_s``, ``score`` and ``hints`` so the time and the hints come back with it, and
``sent_home`` (the moves that were safe cards sent home with the move before them, which undo
takes back with it) when there are any. Only the moves played are written (what Undo took
back is not part of the game).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any, Protocol

from seahaven.engine import Game

SUFFIX = ".seahaven"
"""The extension of a game file (the desktop entry declares it with :data:`MIME_TYPE`)."""
MIME_TYPE = "application/x-seahaven-game"
"""The MIME type of a game file: JSON text, a game record."""
RECORD_VERSION = 1
"""The saved game's format version (``saving.files.VERSION``; a test holds them equal)."""
MAX_RECORD_ELAPSED_S = 10 * 365 * 24 * 3600.0
"""``saving.saved_game.MAX_ELAPSED_S``: a longer time is written as this."""


class GameFileError(Exception):
    """A game file (or a pasted text) that cannot be opened or written: ``str(error)`` is
    one sentence for the player."""


def record_of(game: Game, elapsed_s: float) -> dict[str, Any]:
    """The record of ``game``: its start (code or position), the moves played, the time,
    the score and the hints shown."""
    body: dict[str, Any] = {"version": RECORD_VERSION}
    if game.code is not None:
        body["code"] = str(game.code)
    else:
        body["position"] = game.start.to_json()
    body["moves"] = [move.to_json() for move in game.moves]
    played = game.actions(0, game.move_count)
    sent = [n for n, action in enumerate(played, 1) if action.follow_up]
    if sent:  # read back, undo takes these back with the move before them; replay reads them as moves
        body["sent_home"] = sent
    body["undone"] = 0
    body["elapsed_s"] = round(min(MAX_RECORD_ELAPSED_S, max(0.0, float(elapsed_s))), 3)
    body["score"] = game.score
    if game.hints_used:
        body["hints"] = game.hints_used
    return body


def record_text(game: Game, elapsed_s: float) -> str:
    """The game as text (the clipboard's, and a file's): one line of JSON."""
    return json.dumps(record_of(game, elapsed_s), ensure_ascii=False, separators=(",", ":")) + "\n"


def default_name(game: Game) -> str:
    """A file name for the game: its code, or "position", and the extension."""
    return f"{game.code if game.code is not None else 'position'}{SUFFIX}"


def is_game_file(path: Path) -> bool:
    """Whether the chooser lists ``path``: a regular file named like a game file (or JSON)."""
    with contextlib.suppress(OSError):
        return path.suffix.lower() in (SUFFIX, ".json") and not path.is_symlink() and path.is_file()
    return False


class GameFiles(Protocol):
    """Reading and writing game files, as the screens see it; each raises
    :class:`GameFileError` (one sentence) and changes nothing when it fails."""

    def load(self, path: Path) -> tuple[Game, float]:
        """The game in the file at ``path`` and its playing time."""
        ...

    def save(self, path: Path, game: Game, elapsed_s: float) -> None:
        """Write ``game`` to ``path`` atomically."""
        ...

    def parse_text(self, text: str) -> tuple[Game, float]:
        """The game in a pasted text and its playing time."""
        ...
