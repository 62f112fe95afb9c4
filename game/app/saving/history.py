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
import csv
import datetime as _dt
import io
import json
import math
import os
import tempfile
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.app.saving.storage import BadFile, read_bounded
from game.engine import CELL_COUNTS, GameCode, InvalidCode

HISTORY = "history.jsonl"
VERSION = 1
MAX_LINES = 10_000
"""Past this many lines the oldest are rolled into the totals line."""
KEEP_LINES = 8_000
"""How many lines a roll keeps."""
MAX_BYTES = 8_000_000
"""The reader reads at most this much (10,000 lines take about 2.5 MB)."""
MAX_LINE_BYTES = 4_000
RESULTS = ("won", "lost", "abandoned", "restarted")
RULES = ("app", "classic")
FIELDS = ("at", "code", "cells", "rules", "result", "moves", "time_s", "score", "hints", "demo", "daily",
          "rating")
"""The fields of a game line, in the order they are written (and the CSV's columns)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One game that ended."""

    at: str
    code: str | None
    cells: int
    rules: str
    result: str
    moves: int
    time_s: float
    score: int
    hints: int = 0
    demo: bool = False
    daily: str | None = None
    rating: int | None = None

    @property
    def won(self) -> bool:
        return self.result == "won"

    @property
    def helped(self) -> bool:
        """Won with a hint or the demo: played, but not a win for the records."""
        return self.hints > 0 or self.demo

    @property
    def clean_win(self) -> bool:
        return self.won and not self.helped

    @property
    def when(self) -> _dt.datetime:
        return _dt.datetime.strptime(self.at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=_dt.UTC)

    def to_json(self) -> dict[str, Any]:
        return {"v": VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, obj: Any) -> Entry:
        """Read and check a game line; raise ValueError saying what is wrong."""
        if not isinstance(obj, dict) or obj.get("v") != VERSION:
            raise ValueError("not a version 1 history line")
        at = obj.get("at")
        if not isinstance(at, str):
            raise ValueError("'at' must be a time")
        _dt.datetime.strptime(at, "%Y-%m-%dT%H:%M:%SZ")
        code = obj.get("code")
        if code is not None:
            if not isinstance(code, str):
                raise ValueError("'code' must be a game code or null")
            try:
                code = str(GameCode.parse(code))
            except InvalidCode as error:
                raise ValueError(str(error)) from None
        cells = _whole(obj, "cells")
        if cells not in CELL_COUNTS:
            raise ValueError("'cells' must be 4, 2 or 1")
        rules, result = obj.get("rules"), obj.get("result")
        if rules not in RULES:
            raise ValueError("'rules' must be app or classic")
        if result not in RESULTS:
            raise ValueError("unknown 'result'")
        time_s = obj.get("time_s")
        if isinstance(time_s, bool) or not isinstance(time_s, (int, float)) or not (
                math.isfinite(time_s) and 0 <= time_s < 1e9):
            raise ValueError("'time_s' must be a number of seconds")
        demo = obj.get("demo", False)
        if not isinstance(demo, bool):
            raise ValueError("'demo' must be true or false")
        daily = obj.get("daily")
        if daily is not None:
            if not isinstance(daily, str):
                raise ValueError("'daily' must be a date or null")
            _dt.date.fromisoformat(daily)
        rating = obj.get("rating")
        if rating is not None and (isinstance(rating, bool) or rating not in (1, 2, 3, 4, 5)):
            raise ValueError("'rating' must be 1 to 5 or null")
        return cls(at, code, cells, rules, result, _whole(obj, "moves"), float(time_s),
                   _whole(obj, "score"), _whole(obj, "hints"), demo, daily, rating)


def _whole(obj: dict[str, Any], name: str) -> int:
    value = obj.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**9:
        raise ValueError(f"'{name}' must be a whole number")
    return value


def now_stamp(clock: float | None = None) -> str:
    """A time as the history writes it: UTC, to the second."""
    moment = _dt.datetime.fromtimestamp(time.time() if clock is None else clock, _dt.UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Counts:
    """Games of one difficulty: played, won without help, won with help."""

    played: int = 0
    won: int = 0
    helped: int = 0

    def add(self, entry: Entry) -> None:
        self.played += 1
        if entry.won:
            if entry.helped:
                self.helped += 1
            else:
                self.won += 1


def _empty_counts() -> dict[int, Counts]:
    return {cells: Counts() for cells in CELL_COUNTS}


@dataclass
class History:
    """The history as read: the games since the file began (or was rolled), the totals
    of the rolled ones, and how many lines could not be read."""

    entries: list[Entry] = field(default_factory=list)
    rolled: dict[int, Counts] = field(default_factory=_empty_counts)
    """The rolled games since the last reset (from the totals line)."""
    rolled_from: str | None = None
    reset_at: int = 0
    """Index into :attr:`entries` of the first game after the last reset."""
    bad_lines: int = 0
    lines: int = 0

    def since_reset(self) -> list[Entry]:
        return self.entries[self.reset_at:]

    def totals(self) -> dict[int, Counts]:
        """Per difficulty, the games since the last reset of the statistics, the rolled
        ones included: what Statistics' played and won must agree with."""
        result = {cells: Counts(c.played, c.won, c.helped) for cells, c in self.rolled.items()}
        for entry in self.since_reset():
            result[entry.cells].add(entry)
        return result

    def of(self, cells: int) -> list[Entry]:
        """This difficulty's games since the last reset, oldest first."""
        return [entry for entry in self.since_reset() if entry.cells == cells]

    def daily_days(self) -> dict[tuple[str, int], bool]:
        """(date, cells) of every daily deal played -> whether it was won (without help
        or with it: a daily won with a hint is still won)."""
        days: dict[tuple[str, int], bool] = {}
        for entry in self.entries:
            if entry.daily is not None:
                key = (entry.daily, entry.cells)
                days[key] = days.get(key, False) or entry.won
        return days

    def daily_streak(self, today: _dt.date) -> int:
        """Days in a row, ending today (or yesterday, if today's is not won yet), with a
        daily deal won at any difficulty."""
        won = {date for (date, _), ok in self.daily_days().items() if ok}
        day = today if today.isoformat() in won else today - _dt.timedelta(days=1)
        streak = 0
        while day.isoformat() in won:
            streak += 1
            day -= _dt.timedelta(days=1)
        return streak

    def wins_per_rating(self, cells: int) -> dict[int | None, tuple[int, int]]:
        """Rating (None: not rated) -> (games played, won without help) for ``cells``."""
        table: dict[int | None, tuple[int, int]] = {}
        for entry in self.of(cells):
            played, won = table.get(entry.rating, (0, 0))
            table[entry.rating] = (played + 1, won + entry.clean_win)
        return table


# -- reading --------------------------------------------------------------------------------


def parse(text: str) -> History:
    """Read the text of a history file; lines that cannot be read are counted and skipped."""
    history = History()
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        history.lines += 1
        try:
            obj = json.loads(line, parse_constant=_no_constant)
            if not isinstance(obj, dict) or obj.get("v") != VERSION:
                raise ValueError("not a version 1 line")
            if "totals" in obj:
                history.rolled = _totals_from_json(obj["totals"])
                history.rolled_from = obj.get("from") if isinstance(obj.get("from"), str) else None
                history.entries.clear()
                history.reset_at = 0
            elif obj.get("event") == "reset":
                history.reset_at = len(history.entries)
                history.rolled = _empty_counts()
            else:
                history.entries.append(Entry.from_json(obj))
        except (ValueError, TypeError, KeyError, RecursionError):
            history.bad_lines += 1
    return history


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _totals_from_json(obj: Any) -> dict[int, Counts]:
    if not isinstance(obj, dict):
        raise ValueError("'totals' must be an object")
    result = _empty_counts()
    for cells in CELL_COUNTS:
        entry = obj.get(str(cells), {})
        if not isinstance(entry, dict):
            raise ValueError("bad totals")
        counts = Counts(_whole(entry, "played"), _whole(entry, "won"), _whole(entry, "helped"))
        if counts.won + counts.helped > counts.played:
            raise ValueError("the totals do not add up")
        result[cells] = counts
    return result


def bad_lines_message(count: int, path: Path) -> str:
    what = "1 line" if count == 1 else f"{count} lines"
    return f"{what} of your game history in {path} could not be read and {'was' if count == 1 else 'were'} " \
        "skipped; the file is kept as it is."


# -- the file -------------------------------------------------------------------------------


class HistoryFile:
    """``history.jsonl`` in ``folder``: read once at start, then appended to."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / HISTORY
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
            self.message = f"Your game history in {self.path} could not be read ({error}); it is kept as it is."
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
        self.history.rolled = _empty_counts()
        self.history.lines += 1
        return self._append_line({"v": VERSION, "at": at, "event": "reset"})

    def _append_line(self, obj: dict[str, Any]) -> str | None:
        if self._refused is not None:
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
            return f"Your game history could not be saved ({error.strerror or error}); play goes on."
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
            rolled = _empty_counts()
            body = [e.to_json() for e in entries[cut:history.reset_at]]
            body.append({"v": VERSION, "at": entries[history.reset_at - 1].at, "event": "reset"})
            body += [e.to_json() for e in entries[history.reset_at:]]
            reset_at = history.reset_at - cut
        else:
            for entry in old[history.reset_at:]:
                rolled[entry.cells].add(entry)
            body = [e.to_json() for e in entries[cut:]]
            reset_at = 0
        head = {"v": VERSION, "totals": {str(c): asdict(n) for c, n in rolled.items()},
                "from": history.rolled_from or (old[0].at if old else None), "to": old[-1].at if old else None}
        text = "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n" for obj in [head, *body])
        replace_file(self.path, text.encode())
        history.entries = entries[cut:]
        history.reset_at = reset_at
        history.rolled = rolled if reset_at == 0 else _empty_counts()
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
            raise OSError(28, "the disk is full")
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


# -- output ---------------------------------------------------------------------------------


def to_csv(entries: Iterable[Entry]) -> str:
    """The games as CSV, one row each, with a header row of the field names."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for entry in entries:
        row = asdict(entry)
        writer.writerow(["" if row[name] is None else str(row[name]).lower() if isinstance(row[name], bool)
                         else row[name] for name in FIELDS])
    return out.getvalue()


def to_jsonl(entries: Iterable[Entry]) -> str:
    return "".join(json.dumps(entry.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"
                   for entry in entries)
