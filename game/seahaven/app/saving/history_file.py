"""The record of every game: ``history.jsonl`` in the data folder, one JSON line per game
that ended (won, lost, left for a new deal, restarted), oldest first (SPEC 10).

A game line::

    {"v": 1, "at": "2026-12-01T09:14:03Z", "code": "SH1-C4-AAAAAJ2", "cells": 4,
     "rules": "app", "result": "won", "moves": 93, "time_s": 312.4, "score": 720,
     "hints": 0, "demo": false, "daily": "2026-12-01", "rating": 2}

- ``at``: when the game ended (UTC); ``code``: null for a game set up from a board;
  ``rules``: ``app`` or ``classic`` (the run limit); ``result``: ``won``, ``lost`` (left
  when stuck), ``abandoned`` (left for a new deal) or ``restarted``; ``time_s``: seconds
  of play; ``hints``: hints shown (the demo counts as one); ``demo``: the demo played;
  ``daily``: the date of the daily deal it was, or null; ``rating``: the deal's rating
  (1-5), or null when the solver had not rated it. ``line``: the game's moves as compact
  text (:mod:`seahaven.engine.notation`, like ``"3a 37 a7 4H 583"``), so the game can be
  watched again; left out by older versions and for games of more than
  ``MAX_LINE_MOVES`` moves. ``start``: the JSON position (SPEC 12) a game without a code
  started from.
- ``{"v": 1, "at": ..., "event": "reset"}``: the player reset the statistics; the totals
  count the games after the last one.
- ``{"v": 1, "totals": {"4": {"played": p, "won": w, "helped": h}, ...}, "from": at,
  "to": at}``: the first line once the file has been rolled: the games of older lines,
  counted (``won``: wins without help; ``helped``: wins with a hint or the demo).

Writes append one whole line with a single ``write`` on a file opened with ``O_APPEND``,
then ``fsync``: a kill at any moment leaves the file with or without that line, never
half of one (a power cut can still leave a torn last line: the next append starts on a
new line, and the reader skips it). More than :data:`MAX_LINES` lines are rolled at the
next append: the oldest go into the totals line and the file is rewritten atomically
(temporary file, fsync, rename). A line that cannot be read is skipped, the player is
told once, and the file is left as it is (rolling copies such lines to a
``history.bad-*.jsonl`` file first, so nothing is lost). Whatever else is in the file's place
(a folder, a FIFO, a socket, a device, a link, a file the player may not read) is set aside
like any bad file and a new history starts. A line whose write fails (a full disk) is said
once and kept for the next write, so the history never misses a game the statistics count
(issue 36). Only the copy of the game that holds the data folder's lock writes it. No pygame
here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from seahaven.app.saving.files import TEMP_SUFFIX, Link, clean_temp_files, open_no_follow
from seahaven.app.saving.folders import NAME_BYTES
from seahaven.app.saving.set_aside import set_aside
from seahaven.app.state.history import (
    FIELDS,
    VERSION,
    Counts,
    Entry,
    History,
    bad_lines_message,
    empty_counts,
    now_stamp,
    parse,
    to_csv,
    to_jsonl,
)
from seahaven.i18n import _

HISTORY = "history.jsonl"
MAX_LINES = 10_000
"""Past this many lines the oldest are rolled into the totals line."""
KEEP_LINES = 8_000
"""How many lines a roll keeps."""
MAX_BYTES = 8_000_000
"""The reader reads at most this much as lines (10,000 lines take about 2.5 MB); the lines
of a longer file before its last MAX_BYTES are only counted."""
ROLL_BYTES = 4_000_000
"""A file larger than this is rolled at the next append, however few its lines."""
KEEP_BYTES = 3_000_000
"""A roll also keeps no more of the newest lines than fit in this many bytes (lines that
keep their moves are longer), so a rolled file is well under :data:`ROLL_BYTES`."""
MAX_LINE_BYTES = 64_000
"""A line longer than this (the game writes some 250 bytes a line, plus about three a move
it keeps, at most ``MAX_LINE_MOVES``) is damage."""

__all__ = ["FIELDS", "HISTORY", "Counts", "Entry", "History", "HistoryFile", "now_stamp", "parse", "replace_file",
           "to_csv", "to_jsonl"]

# -- the file -------------------------------------------------------------------------------


class HistoryFile:
    """``history.jsonl`` in ``folder``: read once at start, then appended to."""

    def __init__(self, folder: Path, read_only: bool = False) -> None:
        self.path = Path(folder) / HISTORY
        self.read_only = read_only
        """Never write (this copy of the game could not lock the data folder)."""
        self.history = History()
        self.message: str | None = None
        """What to tell the player about the file after :meth:`load` (damaged lines)."""
        self._failing = False
        self._refused: str | None = None
        """Why the file must not be written (it could not be read), or None."""
        self._size = 0
        """The file's size after the last read or write (a roll is due past :data:`ROLL_BYTES`)."""
        self._pending: list[bytes] = []
        """Lines not written yet (their write failed: a full disk); the next write takes them."""

    def load(self) -> History:
        """Read the file (a missing file is an empty history). Memory is bounded: of a file
        over :data:`MAX_BYTES`, the last :data:`MAX_BYTES` are read as lines and the lines
        before them are only counted into the totals, as a roll would (the next append
        rolls the file). A link in the file's place is set aside, its target left alone; so
        is anything else that cannot be read as a plain file (a folder, a FIFO, a socket, a
        device, a file the player may not read), and a new history starts (issue 36)."""
        if not self.read_only:  # a roll killed halfway
            clean_temp_files(self.path.parent, HISTORY)
        try:
            fd = open_no_follow(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            return self.history
        except Link:
            self._set_link_aside()
            return self.history
        except OSError as error:
            return self._unreadable(_("you may not read it") if error.errno in (errno.EACCES, errno.EPERM)
                                    else error.strerror or str(error))
        try:
            info = os.fstat(fd)
        except OSError as error:
            os.close(fd)
            return self._unreadable(error.strerror or str(error))
        if not stat.S_ISREG(info.st_mode):  # before open(), which refuses a folder with an error of its own
            os.close(fd)
            return self._unreadable(_("it is a folder") if stat.S_ISDIR(info.st_mode) else _("it is not a plain file"))
        with open(fd, "rb") as handle:
            try:
                start = max(0, info.st_size - MAX_BYTES)
                head = _head_history(handle, start) if start else History()
                handle.seek(head.offset if start else 0)
                data = handle.read(MAX_BYTES)
            except OSError as error:
                return self._unreadable(error.strerror or str(error))
        self.history = parse(data.decode("utf-8", "replace"), head if start else None)
        self._size = info.st_size
        if self.history.bad_lines:
            self.message = bad_lines_message(self.history.bad_lines, self.path)
        return self.history

    def _unreadable(self, why: str) -> History:
        """The file cannot be read as a history: it is set aside (renamed, never deleted)
        and a new history starts; if it cannot be moved (or this copy writes nothing), it is
        left as it is and never appended to."""
        if not self.read_only:
            # Translators: a notice at start; {why} is the reason ("it is not UTF-8 text").
            lead = _("Your game history could not be read ({why}), so a new one starts.").format(why=why)
            # Translators: the last sentence of a notice at start, after "The unreadable file could not be moved
            # aside (…).".
            until_fixed = _("Your game history will not be saved until that file is fixed.")
            aside = set_aside(self.path, lead, until_fixed, unreadable=True)
            if aside.moved_to is not None:
                self.message = aside.message
                return self.history
        # Translators: a notice at start; {path} is the history file's full path, {why} the reason ("it is not UTF-8
        # text").
        self.message = _("Your game history in {path} could not be read ({why}); it is kept as it is.").format(
            path=self.path, why=why)
        self._refused = self.message  # never append to a file we could not read
        return self.history

    def _set_link_aside(self) -> None:
        """``history.jsonl`` is a link (to another file of the player's, perhaps): rename
        the link, never write through it; a new history starts."""
        if self.read_only:  # the link is left as it is, never read nor written through
            # Translators: a notice at start; {path} is the history file's full path.
            self.message = _("Your game history in {path} is a link to another file, which is not read.").format(
                path=self.path)
            self._refused = self.message
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"history.bad-{stamp}.jsonl")
        n = 1
        while os.path.lexists(target):
            n += 1
            target = self.path.with_name(f"history.bad-{stamp}-{n}.jsonl")
        try:
            os.replace(self.path, target)
        except OSError as error:
            self._unreadable(error.strerror or str(error))
            return
        # Translators: a notice at start; {file} is the name the link was renamed to.
        self.message = _("Your game history was a link to another file, which is left as it is; the link was kept "
                         "as {file} and a new history starts.").format(file=target.name)

    def append(self, entry: Entry) -> str | None:
        """Add ``entry`` to the file and to :attr:`history`; a sentence for the player if
        it could not be written (once, until a write works again)."""
        self.history.entries.append(entry)
        self.history.lines += 1
        return self._append_line(entry.to_json())

    def append_reset(self, at: str) -> str | None:
        """The statistics were reset: the totals start again after this line."""
        self.history.reset_at = len(self.history.entries)
        self.history.rolled = empty_counts()
        self.history.lines += 1
        return self._append_line({"v": VERSION, "at": at, "event": "reset"})

    def _append_line(self, obj: dict[str, Any]) -> str | None:
        if self._refused is not None or self.read_only:
            return None  # the player was told at start; the file is left as it is
        self._pending.append((json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
        return self.write_pending()

    def write_pending(self) -> str | None:
        """Write the lines not written yet (those of earlier appends that failed come first,
        kept for this write: issue 36); a sentence for the player if they could not be
        (once, until a write works again)."""
        if not self._pending or self._refused is not None or self.read_only:
            return None
        try:
            self._size = _append(self.path, b"".join(self._pending))  # the lines are on disk before any roll
            self._pending.clear()
            if self.history.lines > MAX_LINES or self._size > ROLL_BYTES:
                self._roll()
        except OSError as error:
            if self._failing:
                return None
            self._failing = True
            # Translators: a notice; {why} is the system's reason ("the disk is full").
            return _("Your game history could not be saved ({why}); the games are kept and written with the next "
                     "one.").format(why=error.strerror or error)
        self._failing = False
        return None

    @property
    def unwritten(self) -> int:
        """Games (and resets) whose lines are not in the file yet."""
        return len(self._pending)

    def _roll(self) -> None:
        """Keep the newest :data:`KEEP_LINES` games; count the older ones in the totals."""
        history = self.history
        if history.bad_lines:  # keep the unreadable lines: the whole file, copied aside first
            stamp = time.strftime("%Y%m%d-%H%M%S")
            copy = self.path.with_name(f"history.bad-{stamp}.jsonl")
            _copy_file(self.path, copy)
            history.bad_lines = 0
        entries = history.entries
        cut = max(0, len(entries) - KEEP_LINES)
        kept_bytes = 0
        for index in range(len(entries) - 1, cut - 1, -1):  # the newest first, while they fit
            kept_bytes += len(json.dumps(entries[index].to_json(), ensure_ascii=False, separators=(",", ":"))) + 1
            if kept_bytes > KEEP_BYTES:
                cut = index + 1
                break
        old = entries[:cut]
        rolled = {cells: Counts(c.played, c.won, c.helped) for cells, c in history.rolled.items()}
        if history.reset_at > cut:  # the last reset is among the kept games: nothing older counts
            rolled = empty_counts()
            body = [e.to_json() for e in entries[cut:history.reset_at]]
            body.append({"v": VERSION, "at": entries[history.reset_at - 1].at, "event": "reset"})
            body += [e.to_json() for e in entries[history.reset_at:]]
            reset_at = history.reset_at - cut
        else:
            for entry in old[history.reset_at:]:
                rolled[entry.cells].add(entry)
            body = [e.to_json() for e in entries[cut:]]
            reset_at = 0
        head: dict[str, Any] = {"v": VERSION, "totals": {str(c): asdict(n) for c, n in rolled.items()},
                "from": history.rolled_from or (old[0].at if old else None), "to": old[-1].at if old else None}
        text = "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n" for obj in [head, *body])
        replace_file(self.path, text.encode())
        self._size = len(text.encode())
        history.entries = entries[cut:]
        history.reset_at = reset_at
        history.rolled = rolled if reset_at == 0 else empty_counts()
        history.rolled_from = head["from"]
        history.lines = 1 + len(body)


def _append(path: Path, data: bytes) -> int:
    """One whole line at the end of ``path`` in a single write, then fsync; the file's size
    after it. A file whose last line was torn (a power cut) gets a newline first, so the
    torn line stays alone. Nothing but that last byte is read, and never through a link."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = open_no_follow(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, _("it is not a plain file"))
        if info.st_size and os.pread(fd, 1, info.st_size - 1) != b"\n":
            data = b"\n" + data
        written = os.write(fd, data)
        if written != len(data):
            raise OSError(errno.ENOSPC, _("the disk is full"))
        os.fsync(fd)
        return info.st_size + len(data)
    finally:
        os.close(fd)


def _copy_file(source: Path, target: Path) -> None:
    """Copy ``source`` to a new file ``target`` a piece at a time (never all of it in memory)."""
    fd = open_no_follow(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as reader, open(target, "xb") as writer:
        shutil.copyfileobj(reader, writer, 1 << 20)
        writer.flush()
        os.fsync(writer.fileno())


def _head_history(handle: Any, stop: int) -> History:
    """The lines of an open history file before byte ``stop`` (and up to the end of the line
    running over it), counted as a roll counts them, one line at a time: the totals of the
    games since the last reset, the first game's time, and where the rest starts."""
    history = History()
    handle.seek(0)
    position = 0
    while position < stop:
        raw = handle.readline(MAX_LINE_BYTES)
        if not raw:
            break
        position += len(raw)
        if len(raw) == MAX_LINE_BYTES and not raw.endswith(b"\n"):  # longer than any the game writes
            history.lines += 1
            history.bad_lines += 1
            while raw and not raw.endswith(b"\n"):
                raw = handle.readline(MAX_LINE_BYTES)
                position += len(raw)
            continue
        parse(raw.decode("utf-8", "replace"), history, fold=True)
    history.offset = position
    return history


def replace_file(path: Path, data: bytes) -> None:
    """Write ``path`` atomically: a temporary file beside it, fsynced, renamed over it."""
    fd, temp = tempfile.mkstemp(prefix=temp_prefix(path.name), suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
        temp = ""
    finally:
        if temp:
            with contextlib.suppress(OSError):
                os.unlink(temp)




def temp_prefix(name: str) -> str:
    """The start of the name of the temporary file that becomes ``name``: ``.NAME.``, or a
    short one of its own when that would take a long name (250 letters, legal) past the
    system's 255 bytes (issue 36)."""
    prefix = f".{name}."
    if len(os.fsencode(prefix)) + 8 + len(TEMP_SUFFIX) > NAME_BYTES:  # mkstemp adds 8 characters
        return ".seahaven-"
    return prefix
