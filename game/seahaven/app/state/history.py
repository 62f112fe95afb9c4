"""The record of every game as data: one :class:`Entry` per game that ended, the totals of
older games rolled out of the file, and what Statistics asks of them (totals per
difficulty, the daily deals played and won, wins per rating). No files here
(:mod:`seahaven.app.saving.history_file` reads and writes ``history.jsonl``; its docstring gives
the format) and no pygame.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from seahaven.engine import CELL_COUNTS, GameCode, InvalidCode, Move, Position, SeahavenError
from seahaven.engine.notation import moves_text, parse_moves
from seahaven.i18n import format_number, ngettext

VERSION = 1
RESULTS = ("won", "lost", "abandoned", "restarted")
RULES = ("app", "classic")
FIELDS = ("at", "code", "cells", "rules", "result", "moves", "time_s", "score", "hints", "demo", "daily",
          "rating")
"""The fields of a game line, in the order they are written (and the CSV's columns)."""
MAX_LINE_MOVES = 4_000
"""A game of more moves keeps no moves in its line (some 12 KB of text at most): the
history stays bounded, and such a game cannot be watched again."""


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
    line: str | None = None
    """The game's moves as compact text (:mod:`seahaven.engine.notation`), or None when the
    line was written by an older version or the game was too long to keep them."""
    start: Position | None = None
    """The position a game without a code started from (None for a dealt game)."""

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

    @property
    def replayable(self) -> bool:
        """The line keeps the moves and the start: the game can be watched again."""
        return self.line is not None and (self.code is not None or self.start is not None)

    def start_position(self) -> Position | None:
        """Where the game began: the deal of its code, or its set position."""
        if self.code is not None:
            return GameCode.parse(self.code).position()
        return self.start

    def replay_moves(self) -> tuple[Move, ...]:
        """The moves it kept (none when it kept none)."""
        return parse_moves(self.line) if self.line else ()

    @staticmethod
    def line_of(moves: tuple[Move, ...] | list[Move]) -> str | None:
        """The compact text a game's line keeps of ``moves`` (None past :data:`MAX_LINE_MOVES`)."""
        return moves_text(moves) if len(moves) <= MAX_LINE_MOVES else None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"v": VERSION, **{name: getattr(self, name) for name in FIELDS}}
        if self.line is not None:
            obj["line"] = self.line
        if self.start is not None and self.code is None:
            obj["start"] = self.start.to_json()
        return obj

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
        line, start = _line_and_start(obj, code)
        return cls(at, code, cells, rules, result, _whole(obj, "moves"), float(time_s),
                   _whole(obj, "score"), _whole(obj, "hints"), demo, daily, rating, line, start)


def _line_and_start(obj: dict[str, Any], code: str | None) -> tuple[str | None, Position | None]:
    """The moves and the set start of a game line, if it keeps them readably (a damaged
    or missing one costs the replay only: the game still counts)."""
    line = obj.get("line")
    if not isinstance(line, str) or len(line) > 6 * MAX_LINE_MOVES:
        return None, None
    try:
        parse_moves(line)
        start = Position.from_json(obj["start"]) if code is None and "start" in obj else None
    except (SeahavenError, TypeError, ValueError):
        return None, None
    return line, start


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


def empty_counts() -> dict[int, Counts]:
    return {cells: Counts() for cells in CELL_COUNTS}


@dataclass
class History:
    """The history as read: the games since the file began (or was rolled), the totals
    of the rolled ones, and how many lines could not be read."""

    entries: list[Entry] = field(default_factory=list)
    rolled: dict[int, Counts] = field(default_factory=empty_counts)
    """The rolled games since the last reset (from the totals line)."""
    rolled_from: str | None = None
    reset_at: int = 0
    """Index into :attr:`entries` of the first game after the last reset."""
    bad_lines: int = 0
    lines: int = 0
    offset: int = 0
    """Of a file too long to be read as lines, where the lines kept one by one start (the
    games before are in :attr:`rolled`, as if the file had been rolled there)."""

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

    def daily_days(self) -> dict[tuple[str, int], str]:
        """(date, cells) of every daily deal played -> the best that became of it: "won"
        (without help), "helped" (won with a hint or the demo) or "played"."""
        order = {"played": 0, "helped": 1, "won": 2}
        days: dict[tuple[str, int], str] = {}
        for entry in self.entries:
            if entry.daily is not None:
                key = (entry.daily, entry.cells)
                state = "won" if entry.clean_win else "helped" if entry.won else "played"
                if order[state] >= order[days.get(key, "played")]:
                    days[key] = state
        return days

    def daily_streak(self, today: _dt.date) -> int:
        """Days in a row, ending today (or yesterday, if today's is not won yet), with a
        daily deal won at any difficulty without help (a helped win is no record, as in
        the statistics)."""
        won = {date for (date, _), state in self.daily_days().items() if state == "won"}
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


def parse(text: str, history: History | None = None, fold: bool = False) -> History:
    """Read the text of a history file (into ``history``, which holds the lines before it,
    if given); lines that cannot be read are counted and skipped. ``fold``: the games go
    into the totals, as a roll puts them, instead of one by one into the entries."""
    history = history if history is not None else History()
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
                history.rolled = empty_counts()
            elif fold:
                entry = Entry.from_json(obj)
                history.rolled[entry.cells].add(entry)
                history.rolled_from = history.rolled_from or entry.at
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
    result = empty_counts()
    for cells in CELL_COUNTS:
        entry = obj.get(str(cells), {})
        if not isinstance(entry, dict):
            raise ValueError("bad totals")
        counts = Counts(_whole(entry, "played"), _whole(entry, "won"), _whole(entry, "helped"))
        if counts.won + counts.helped > counts.played:
            raise ValueError("the totals do not add up")
        result[cells] = counts
    return result


def bad_lines_message(count: int, path: object) -> str:
    # Translators: a notice at start; {n} is a number of lines, {path} the history file's full path.
    return ngettext("{n} line of your game history in {path} could not be read and was skipped; the file is kept "
                    "as it is.",
                    "{n} lines of your game history in {path} could not be read and were skipped; the file is kept "
                    "as it is.", count).format(n=format_number(count), path=path)


# -- output ---------------------------------------------------------------------------------


def to_csv(entries: Iterable[Entry]) -> str:
    """The games as CSV, one row each, with a header row of the field names."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for entry in entries:
        row = {name: getattr(entry, name) for name in FIELDS}
        writer.writerow(["" if row[name] is None else str(row[name]).lower() if isinstance(row[name], bool)
                         else row[name] for name in FIELDS])
    return out.getvalue()


def to_jsonl(entries: Iterable[Entry]) -> str:
    return "".join(json.dumps(entry.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"
                   for entry in entries)
