"""Game files (issue 28): a game written to a file of the player's choosing (Save as), read
back (Open, ``seahaven FILE``, a double-click), or passed as text through the clipboard.

The file is the record of :mod:`seahaven.app.state.game_record` (SPEC 12's, with the time and
the hints). A bare record (no ``version``) opens too, at time 0:00 with no hint.

Reading never trusts the file: it is read without blocking on a FIFO, at most
:data:`~seahaven.app.saving.saved_game.MAX_GAME_BYTES`, as strict JSON, and every move is
checked by the rules. Whatever is wrong comes back as :class:`GameFileError`, whose text is
one sentence for the player; nothing is changed by a file that cannot be read. A path the
system cannot take (a name over 255 bytes) gets its sentence before any file operation.

One policy for links, everywhere a game file is read (the chooser, ``seahaven FILE``,
``replay``, ``review``): a link the player names or picks is followed to the game file it
points to, which is only read; writing is atomic (a temporary file beside it, renamed over
it), so a link in the way is replaced, and what it pointed to is never written through.
A game file opened or saved goes first in the recent files (:class:`RecentFiles`).
"""

from __future__ import annotations

import errno
import math
import os
from pathlib import Path
from typing import Any

from seahaven.app.saving.files import BadFile, parse_json, read_bounded
from seahaven.app.saving.folders import path_trouble
from seahaven.app.saving.history_file import replace_file
from seahaven.app.saving.saved_game import MAX_ELAPSED_S, MAX_GAME_BYTES, MAX_HINTS, SavedGame, game_from_json
from seahaven.app.state.game_record import GameFileError, record_text
from seahaven.app.state.recent_files import RecentFiles
from seahaven.app.text.file_names import shown
from seahaven.engine import Game, GameCode, Move, Position
from seahaven.engine.errors import SeahavenError
from seahaven.i18n import _


class Access:
    """:class:`~seahaven.app.state.game_record.GameFiles` for the screens (the session's
    ``files``); ``recent``: the keeper's recent files (a list of this window's own without one)."""

    def __init__(self, recent: RecentFiles | None = None) -> None:
        self._recent = recent if recent is not None else RecentFiles()

    def load(self, path: Path) -> tuple[Game, float]:
        saved = load(path)
        self._recent.add(path)
        return saved.game, saved.elapsed_s

    def save(self, path: Path, game: Game, elapsed_s: float) -> None:
        save(path, game, elapsed_s)
        self._recent.add(path)

    def recent(self) -> list[Path]:
        return list(self._recent.paths)

    def parse_text(self, text: str) -> tuple[Game, float]:
        saved = parse_text(text)
        return saved.game, saved.elapsed_s


def save(path: Path, game: Game, elapsed_s: float) -> None:
    """Write ``game`` to ``path`` atomically; :class:`GameFileError` if it cannot be."""
    trouble = path_trouble(path)
    if trouble is not None:
        raise GameFileError(trouble)
    data = record_text(game, elapsed_s).encode("utf-8")
    if len(data) > MAX_GAME_BYTES:
        raise GameFileError(_("This game is too long to be saved to a file."))
    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        replace_file(path, data)
    except OSError as error:
        # Translators: said (status line) when saving a game file failed; {name} is the file's name, {why} the system's
        # reason ("permission denied").
        raise GameFileError(_("The game could not be saved to {name} ({why}).").format(
            name=shown(path.name or path), why=_write_reason(error))) from None


def load(path: Path) -> SavedGame:
    """The game in the file at ``path``; :class:`GameFileError` saying why not."""
    name = shown(path.name or path)
    trouble = path_trouble(path)
    if trouble is not None:
        raise GameFileError(trouble)
    try:
        data = read_bounded(path, MAX_GAME_BYTES, follow=True)
    except BadFile as error:
        if "folder" in str(error):
            # Translators: said (status line) when a file cannot be opened; {name} is the file's name, {why} the
            # system's reason.
            raise GameFileError(_("{name} cannot be opened ({why}).").format(name=name, why=_("it is a folder"))) \
                from None
        too_big = "bytes" in str(error)
        # Translators: said (status line); {name} is the file's name.
        raise GameFileError(_("{name} is too large to be a game file.").format(name=name) if too_big else
                            # Translators: said (status line); {name} is the file's name (a folder or a device, not a
                            # file).
                            _("{name} cannot be opened: it is not a regular file.").format(name=name)) from None
    except OSError as error:
        raise GameFileError(_("{name} cannot be opened ({why}).").format(name=name, why=_read_reason(error))) from None
    return parse(data, name)


def parse_text(text: str) -> SavedGame:
    """The game in a text (a paste); :class:`GameFileError` saying why not."""
    data = text.encode("utf-8", "replace")
    if len(data) > MAX_GAME_BYTES:
        raise GameFileError(_("The pasted text is too long to be a game."))
    return parse(data, None)


def parse(data: bytes, name: str | None) -> SavedGame:
    """The game in ``data`` (from the file ``name``, or pasted when None)."""
    try:
        body = parse_json(data, MAX_GAME_BYTES)
    except BadFile:
        # Translators: said (status line); {name} is the file's name; JSON is a text format.
        raise GameFileError(_("{name} is not a game file: it is not JSON text.").format(name=name) if name else
                            _("The pasted text is not a game: it is not JSON text.")) from None
    try:
        if isinstance(body, dict) and "version" in body:
            return game_from_json(body)
        return _bare_record(body)
    except BadFile:
        # Translators: said (status line); {name} is the file's name.
        raise GameFileError(_("{name} holds no game this version can play: it is damaged, or a move in it is "
                              "not legal. Nothing was changed.").format(name=name) if name else
                            _("The pasted text holds no game this version can play: it is damaged, or a move "
                              "in it is not legal.")) from None


def _bare_record(body: Any) -> SavedGame:
    """A SPEC 12 record without the saved game's fields: every move checked."""
    if not isinstance(body, dict) or ("code" in body) == ("position" in body):
        raise BadFile("a game record needs exactly one of 'code' and 'position'")
    moves = body.get("moves")
    if not isinstance(moves, list):
        raise BadFile("a game record needs 'moves'")
    try:
        if "code" in body:
            game = Game.from_code(GameCode.parse(body["code"]))
        else:
            game = Game(Position.from_json(body["position"]))
        for raw in moves:
            game.play(game.position.resolve(Move.from_json(raw)))
    except (SeahavenError, ValueError, TypeError, RecursionError, AttributeError) as error:
        raise BadFile(str(error)[:200]) from None
    elapsed = body.get("elapsed_s", 0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not (
            math.isfinite(elapsed) and 0 <= elapsed <= MAX_ELAPSED_S):
        raise BadFile("'elapsed_s' is out of range")
    hints = body.get("hints", 0)
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        raise BadFile("'hints' is out of range")
    game.note_hints(hints)
    return SavedGame(game, float(elapsed))


def _read_reason(error: OSError) -> str:
    if error.errno in (errno.EACCES, errno.EPERM):
        return _("you may not read it")
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return _("there is no such file")
    if error.errno == errno.EISDIR:
        return _("it is a folder")
    if error.errno == errno.ELOOP:
        return _("it is a link that goes round in a circle")
    return _("the system refused it")


def _write_reason(error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return _("the disk is full")
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("you may not write there")
    if error.errno == errno.EISDIR:
        return _("it is a folder")
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return _("there is no such folder")
    return _("the system refused it")
