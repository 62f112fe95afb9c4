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
  (1-5), or null when the solver had not rated it.
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
``history.bad-*.jsonl`` file first, so nothing is lost). Only the copy of the game that
holds the data folder's lock writes it. No pygame here.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from seahaven.app.history import (
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
from seahaven.app.i18n import _
from seahaven.app.saving.storage import BadFile, read_bounded

HISTORY = "history.jsonl"
MAX_LINES = 10_000
"""Past this many lines the oldest are rolled into the totals line."""
KEEP_LINES = 8_000
"""How many lines a roll keeps."""
MAX_BYTES = 8_000_000
"""The reader reads at most this much (10,000 lines take about 2.5 MB)."""

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

    def load(self) -> History:
        """Read the file (bounded; a missing file is an empty history)."""
        try:
            data = read_bounded(self.path, MAX_BYTES)
        except FileNotFoundError:
            return self.history
        except (BadFile, OSError) as error:
            self.message = _("Your game history in {path} could not be read ({why}); it is kept as it is.").format(
                path=self.path, why=error)
            self._refused = self.message  # never append to a file we could not read
            return self.history
        self.history = parse(data.decode("utf-8", "replace"))
        if self.history.bad_lines:
            self.message = bad_lines_message(self.history.bad_lines, self.path)
        return self.history

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
        data = (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        try:
            if self.history.lines > MAX_LINES:
                _append(self.path, data)
                self._roll()
            else:
                _append(self.path, data)
        except OSError as error:
            if self._failing:
                return None
            self._failing = True
            return _("Your game history could not be saved ({why}); play goes on.").format(
                why=error.strerror or error)
        self._failing = False
        return None

    def _roll(self) -> None:
        """Keep the newest :data:`KEEP_LINES` games; count the older ones in the totals."""
        history = self.history
        if history.bad_lines:  # keep the unreadable lines: the whole file, copied aside first
            stamp = time.strftime("%Y%m%d-%H%M%S")
            copy = self.path.with_name(f"history.bad-{stamp}.jsonl")
            replace_file(copy, self.path.read_bytes())
            history.bad_lines = 0
        entries = history.entries
        cut = max(0, len(entries) - KEEP_LINES)
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
        history.entries = entries[cut:]
        history.reset_at = reset_at
        history.rolled = rolled if reset_at == 0 else empty_counts()
        history.rolled_from = head["from"]
        history.lines = 1 + len(body)


def _append(path: Path, data: bytes) -> None:
    """One whole line at the end of ``path`` in a single write, then fsync. A file whose
    last line was torn (a power cut) gets a newline first, so the torn line stays alone."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    try:
        size = os.fstat(fd).st_size
        if size:
            with open(path, "rb") as handle:
                handle.seek(size - 1)
                if handle.read(1) != b"\n":
                    data = b"\n" + data
        written = os.write(fd, data)
        if written != len(data):
            raise OSError(28, _("the disk is full"))
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_file(path: Path, data: bytes) -> None:
    """Write ``path`` atomically: a temporary file beside it, fsynced, renamed over it."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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


