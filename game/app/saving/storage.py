"""The player's files: the game in progress, settings and statistics (SPEC 10).

Everything lives in one per-user folder (``platformdirs.user_data_dir("seahaven-towers")``,
which follows ``XDG_DATA_HOME`` on Linux). Each file is JSON with a ``"version"``:

- ``current.json``: the game in progress, as SPEC 10 fixes it, with two optional fields
  more: ``"hints"``, the hints shown for it (saved the moment one is shown), and ``"seq"``,
  the last entry of the journal it holds;
- ``current-journal.jsonl``: every action since ``current.json`` was last written in full,
  appended the moment it is made (:class:`Journal`);
- ``settings.json``: :class:`~seahaven.app.settings.Settings`;
- ``stats.json``: :class:`~seahaven.app.stats.Stats`.

Writes are atomic (a temporary file in the same folder, flushed and fsynced, renamed
over the old one), so killing the game at any moment leaves either the old file or the
new one; the journal is appended to, a whole line at a time. Full writes happen on one
background thread (:class:`_Writer`: the latest write of a file wins, files are written
in order): the main thread only takes a snapshot, so a save
never holds up a frame; :meth:`Storage.flush` waits for them. Reads are bounded (1 MB, and
:data:`MAX_GAME_BYTES` for the game, far more than any save the writer makes) and every
value is checked; the moves of a saved game are replayed through the engine. Only regular
files are read, opened without blocking (a FIFO does not hang the start) and without
following a symbolic link (``O_NOFOLLOW``): a link is set aside like a damaged file, its
target never read nor written (writes replace files by renaming, which never follows a
link, and the journal is opened with ``O_NOFOLLOW`` too). A file that
cannot be used, or cannot even be read, is moved aside (renamed with a timestamp, never
deleted) and the player gets one sentence saying so; if it cannot be moved either, it is
left untouched and never written over in this session. A file that cannot be written
raises :class:`SaveError`, whose message the app shows (for a write on the background
thread: at the next save of that file, or at :meth:`Storage.flush`).

No pygame here, no pickle, no eval.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import math
import os
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import platformdirs

from seahaven.app.i18n import N_, _
from seahaven.app.settings import SPECS, Settings, check
from seahaven.app.stats import Stats
from seahaven.engine import APP_RULES, Game, GameCode, Move, Position, Rules, SeahavenError
from seahaven.engine.game import BOOKMARK_LIMIT, Action

APP_NAME = "seahaven-towers"
VERSION = 1
"""The version of all three file formats."""

MAX_FILE_BYTES = 1_000_000
"""Settings and statistics files larger than this are refused before parsing."""

MAX_GAME_BYTES = 16_000_000
"""A saved game larger than this is refused before parsing. A move takes about 40 bytes,
so this holds some 400,000 moves; the writer refuses to write a longer game rather than
write a file the reader would refuse."""

MAX_HINTS = 1_000_000
"""More hints than this in one game is taken as damage."""
MAX_ELAPSED_S = 10 * 365 * 24 * 3600.0
"""A saved game's time above ten years is taken as damage."""

CURRENT = "current.json"
JOURNAL = "current-journal.jsonl"
"""The changes of the game since ``current.json`` was last written in full, one JSON line
per action (see :class:`Journal`)."""
SETTINGS = "settings.json"
STATS = "stats.json"
DEALS = "deals.json"
"""Ratings and daily tags of deals (:class:`~seahaven.app.deal_facts.DealFacts`): a cache,
rebuilt if it is lost; a damaged one is set aside like any other file."""

FULL_SAVE_EVERY = 100
"""Actions between two full saves of the game (the journal holds the ones between)."""
FULL_SAVE_S = 5.0
"""Seconds after which the next action also saves the game in full."""
_TAIL = 128
"""Actions of the line last saved that are remembered, to find what the next save changed."""
_ENTRY_FIELDS = {"seq", "code", "position", "keep", "moves", "undone", "elapsed_s", "score", "hints", "bookmarks"}

_TEMP_SUFFIX = ".tmp"
_STALE_TEMP_S = 60.0

T = TypeVar("T")


class SaveError(OSError):
    """A file could not be written. ``str(error)`` is one sentence for the player."""


class BadFile(ValueError):
    """A file's content cannot be used; the message says why (for logs and tests)."""


@dataclass
class Loaded(Generic[T]):
    """What a load gives: the value (a clean default if the file was bad), and for a bad
    file the sentence to show the player, the reason, and where the file was moved."""

    value: T
    message: str | None = None
    reason: str | None = None
    moved_to: Path | None = None


@dataclass
class SavedGame:
    """A resumed game and the playing time it had when saved."""

    game: Game
    elapsed_s: float


def default_folder() -> Path:
    """The per-user data folder (on Linux ``$XDG_DATA_HOME/seahaven-towers``)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# -- JSON reading that survives anything ---------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise BadFile(f"{name} is not allowed in a save file")


def parse_json(data: bytes, limit: int = MAX_FILE_BYTES) -> Any:
    """Parse ``data`` as strict JSON (no NaN or Infinity; a UTF-8 byte-order mark at the
    start is allowed, as editors write one); raise :class:`BadFile` for anything wrong:
    not UTF-8, not JSON, too deep, numbers too long."""
    if len(data) > limit:
        raise BadFile(f"the file is larger than {limit} bytes")
    try:
        text = data.decode("utf-8-sig")
        return json.loads(text, parse_constant=_reject_constant)
    except BadFile:
        raise
    except RecursionError:
        raise BadFile("the file is nested too deeply") from None
    except UnicodeError:
        raise BadFile("the file is not UTF-8 text") from None
    except json.JSONDecodeError as error:  # where, in our words (never Python's)
        raise BadFile(f"the file is not valid JSON (at line {error.lineno}, column {error.colno})") from None
    except (ValueError, TypeError, OverflowError):  # int(): more digits than Python converts
        raise BadFile("the file is not valid JSON (a number in it is too long)") from None


class Link(BadFile):
    """The file is a symbolic link: it is never read nor written through (its target is
    another file, perhaps one of the player's), only set aside."""


NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
"""Opens the file itself, never what a symbolic link in its place points to."""


def open_no_follow(path: Path, flags: int, mode: int = 0o600) -> int:
    """``os.open`` of ``path`` itself; raise :class:`Link` if it is a symbolic link."""
    try:
        return os.open(path, flags | NO_FOLLOW | getattr(os, "O_BINARY", 0), mode)
    except OSError as error:
        if error.errno == errno.ELOOP or (not NO_FOLLOW and os.path.islink(path)):
            raise Link(errno.errorcode[errno.ELOOP]) from None
        raise


def read_bounded(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, refusing files over ``limit`` bytes without reading them, and
    anything that is not a regular file (a FIFO, a device, a folder, a link) without
    blocking on it or following it."""
    if not NO_FOLLOW and os.path.islink(path):  # no O_NOFOLLOW (Windows): look first
        raise Link(errno.errorcode[errno.ELOOP])
    fd = open_no_follow(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as handle:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BadFile("a folder is in the way")
        if not stat.S_ISREG(info.st_mode):
            raise BadFile("it is not a regular file")
        if info.st_size > limit:
            raise BadFile(f"the file has {info.st_size} bytes, more than {limit}")
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise BadFile(f"the file is larger than {limit} bytes")
    return data


def _versioned_body(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BadFile("the file is not a JSON object")
    version = obj.get("version")
    if version != VERSION or isinstance(version, bool):
        raise BadFile(f"unknown version {str(version)[:20]!r} (this game reads version {VERSION})")
    return obj


# -- the game in progress -----------------------------------------------------------------


def _game_fields(game: Game, elapsed_s: float, seq: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields of ``current.json`` before its moves and after them."""
    head: dict[str, Any] = {"version": VERSION, "code": None if game.code is None else str(game.code)}
    if game.code is None:
        head["position"] = game.start.to_json()
    tail: dict[str, Any] = {"undone": game.undone, "elapsed_s": round(max(0.0, float(elapsed_s)), 3),
                            "score": game.score}
    if game.hints_used:
        tail["hints"] = game.hints_used
    if game.bookmarks:
        tail["bookmarks"] = list(game.bookmarks)
    if seq:
        tail["seq"] = seq
    return head, tail


def _game_parts(game: Game, elapsed_s: float, seq: int | None = None
                ) -> tuple[dict[str, Any], tuple[Action, ...], dict[str, Any]]:
    """The fields of ``current.json`` before its moves, the actions of its line (an
    immutable snapshot, cheap to take), and the fields after them: the one list of what a
    saved game holds. ``seq`` is the last journal entry the file includes (see :class:`Journal`)."""
    head, tail = _game_fields(game, elapsed_s, seq)
    return head, game.actions(), tail


def game_to_json(game: Game, elapsed_s: float) -> dict[str, Any]:
    """The ``current.json`` body of SPEC 10 for ``game`` (with the hints shown)."""
    head, line, tail = _game_parts(game, elapsed_s)
    return {**head, "moves": [action.move.to_json() for action in line], **tail}


_MOVE_TEXT: dict[Move, str] = {}
"""The JSON text of each move already written (there are fewer than 2,000 distinct moves),
so that a save of a long game only joins strings."""


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _move_texts(moves: Any) -> str:
    """The JSON texts of ``moves`` joined by commas, from the cache of each move's text."""
    texts = _MOVE_TEXT
    try:
        return ",".join([texts[move] for move in moves])
    except KeyError:
        moves = list(moves)
        for move in moves:
            if move not in texts:
                texts[move] = _dumps(move.to_json())
        return ",".join([texts[move] for move in moves])


def _game_bytes(head: dict[str, Any], line: tuple[Action, ...], tail: dict[str, Any]) -> bytes:
    """The bytes of ``current.json``: exactly ``_dumps(game_to_json(...))`` and a newline,
    built from the cached text of each move."""
    return b"".join(_game_chunks(head, line, tail))


_Data = bytes | list[bytes]
"""What the writer writes: a file's bytes, or them in pieces."""

_CHUNK = 4096
"""Moves per piece of a long game's bytes: each piece is a short call into C, so the
writer thread never holds the interpreter lock long enough to delay a frame."""


def _game_chunks(head: dict[str, Any], line: tuple[Action, ...], tail: dict[str, Any]) -> list[bytes]:
    """The bytes of ``current.json`` in pieces (see :data:`_CHUNK`)."""
    chunks = [f'{_dumps(head)[:-1]},"moves":['.encode()]
    for start in range(0, len(line), _CHUNK):
        text = _move_texts([action.move for action in line[start : start + _CHUNK]])
        chunks.append((text if not start else "," + text).encode())
    chunks.append(f'],{_dumps(tail)[1:]}\n'.encode())
    return chunks


def game_snapshot(game: Game, elapsed_s: float, seq: int | None = None) -> Callable[[], bytes]:
    """What the main thread takes of ``game`` for a save (a few fields and the tuple of its
    actions, all immutable); calling the result makes the file's bytes, on any thread."""
    head, line, tail = _game_parts(game, elapsed_s, seq)
    return lambda: _game_bytes(head, line, tail)


def _game_snapshot_chunks(game: Game, elapsed_s: float, seq: int) -> Callable[[], list[bytes]]:
    """:func:`game_snapshot`, giving the bytes in pieces (what the writer thread writes),
    at a cost to the main thread that does not grow with the game (see
    :meth:`Game.line_snapshot`)."""
    head, tail = _game_fields(game, elapsed_s, seq)
    line = game.line_snapshot()
    return lambda: _game_chunks(head, line(), tail)


def game_from_json(obj: Any, rules: Rules = APP_RULES) -> SavedGame:
    """Rebuild a game from a ``current.json`` body, replaying and checking every move and
    the score. Raises :class:`BadFile` saying what is wrong."""
    body = _versioned_body(obj)
    unknown = set(body) - {"version", "code", "position", "moves", "undone", "elapsed_s", "score", "hints", "seq",
                           "bookmarks"}
    if unknown:
        raise BadFile(f"unknown field(s): {', '.join(sorted(str(k)[:20] for k in unknown))}")
    try:
        game = _new_game(body)
        raw_moves = body.get("moves")
        if not isinstance(raw_moves, list):
            raise BadFile("'moves' must be a list")
        undone, elapsed, score, hints = _checked_fields(body, len(raw_moves))
        _check_seq(body)
        _play_all(game, raw_moves, {}, {})
        for _step in range(undone):
            if game.undo() is None:
                raise BadFile(f"cannot undo {undone} moves")
        if game.score != score:
            raise BadFile(f"the score {score} does not match the moves (they give {game.score})")
        game.rules = rules
        game.note_hints(hints)
        game.note_bookmarks(_checked_bookmarks(body, len(raw_moves)))
    except BadFile:
        raise
    except (SeahavenError, ValueError, TypeError, RecursionError) as error:
        raise BadFile(str(error)[:200]) from None
    return SavedGame(game, float(elapsed))


def _new_game(body: dict[str, Any]) -> Game:
    """The game at the deal of a body's ``code`` (or ``position``), no move made yet.
    Moves made under the app's run limit include every classic one, so replaying under
    APP_RULES accepts games whose player switched the setting mid-game."""
    code_text, raw_position = body.get("code"), body.get("position")
    try:
        if code_text is not None:
            if raw_position is not None:
                raise BadFile("a game started from a code has no 'position'")
            parsed = GameCode.parse(code_text)
            code: GameCode | None = parsed
            start = parsed.position()
        else:
            if raw_position is None:
                raise BadFile("a game needs a 'code' or a 'position'")
            code = None
            start = Position.from_json(raw_position)
    except BadFile:
        raise
    except (SeahavenError, ValueError, TypeError, RecursionError) as error:
        raise BadFile(str(error)[:200]) from None
    return Game(start, APP_RULES, code)


def _checked_fields(body: dict[str, Any], moves: int) -> tuple[int, float, int, int]:
    """A body's ``undone`` (for a line of ``moves`` moves), ``elapsed_s``, ``score`` and
    ``hints``, each checked on its own (the score against the moves later)."""
    undone = body.get("undone")
    if isinstance(undone, bool) or not isinstance(undone, int) or not 0 <= undone <= moves:
        raise BadFile("'undone' must be a whole number no larger than the number of moves")
    elapsed = body.get("elapsed_s")
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)):
        raise BadFile("'elapsed_s' must be a number")
    if not (math.isfinite(elapsed) and 0 <= elapsed <= MAX_ELAPSED_S):
        raise BadFile("'elapsed_s' is out of range")
    score = body.get("score")
    if isinstance(score, bool) or not isinstance(score, int):
        raise BadFile("'score' must be a whole number")
    hints = body.get("hints", 0)
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        raise BadFile("'hints' must be a whole number of hints shown")
    return undone, float(elapsed), score, hints


def _checked_bookmarks(body: dict[str, Any], moves: int) -> list[int]:
    """A body's ``bookmarks`` (optional: saves made before bookmarks have none), each a
    whole number of moves within a line of ``moves`` moves."""
    marks = body.get("bookmarks", [])
    if not isinstance(marks, list) or len(marks) > BOOKMARK_LIMIT or not all(
            isinstance(mark, int) and not isinstance(mark, bool) and 0 <= mark <= moves for mark in marks):
        raise BadFile("'bookmarks' must be a short list of move numbers within the game")
    return marks


def _play_all(game: Game, raw_moves: list[Any], known: dict[tuple[Any, ...], Any], memo: dict[Any, Any]) -> None:
    """Play the JSON moves ``raw_moves`` on ``game``, checking each; raise :class:`BadFile`
    naming the first that is wrong. ``known``: each distinct JSON move is read once (a long
    game repeats them); ``memo``: each position met again with the same move is worked out once."""
    for n, raw in enumerate(raw_moves, 1):
        try:
            try:  # the same JSON move is read once; the count's type is part of it (True == 1)
                count = raw.get("count", 1)
                key: Any = (raw.get("from"), raw.get("to"), count, type(count), len(raw))
                move = known.get(key)
            except (AttributeError, TypeError):  # not an object, or values that cannot be keys
                key, move = None, None
            if move is None:
                move = Move.from_json(raw)
                if key is not None and isinstance(move, Move):  # "found" depends on the position
                    known[key] = move
                move = game.position.resolve(move)
            game.play(move, memo)
        except SeahavenError as error:
            raise BadFile(f"move {n}: {error}") from None
        except (ValueError, TypeError, RecursionError) as error:
            raise BadFile(f"move {n}: {str(error)[:200]}") from None


def _first_refused(body: dict[str, Any] | None, seq: int, entries: list[dict[str, Any]]
                   ) -> tuple[tuple[int, str] | None, Game | None]:
    """The index in ``entries`` of the first journal entry whose game the reader refuses
    (an illegal move, a score that does not match, an undo too deep...), and why; None if
    none is. Each entry is checked on a game kept from the one before (a few moves each),
    not by replaying the whole game again; an entry a later one undoes is refused all the
    same. (Only after a kill is there a journal to read: a game that closed saved in full.)
    Also the game as the entries left it (when none is refused: the saved game, which is
    then not replayed again)."""
    game: Game | None = None
    if body is not None:
        with contextlib.suppress(BadFile):
            game = game_from_json(body).game
    known: dict[tuple[Any, ...], Any] = {}
    memo: dict[Any, Any] = {}
    applied = False
    for index, entry in enumerate(entries):
        number = entry["seq"]
        if number <= seq and not applied:
            continue  # already in current.json (the order itself is checked by _apply_journal)
        try:
            if "code" in entry:
                fresh: dict[str, Any] = {"code": entry["code"]}
                if "position" in entry:
                    fresh["position"] = entry["position"]
                game = _new_game(fresh)
            elif game is None:
                raise BadFile("the journal does not start with its game")
            raw_moves = entry["moves"]
            game = _kept(game, entry["keep"], bool(raw_moves), memo)
            _play_all(game, raw_moves, known, memo)
            undone, _elapsed, score, _hints = _checked_fields(entry, game.line_length)
            for _step in range(undone):
                if game.undo() is None:
                    raise BadFile(f"cannot undo {undone} moves")
            if game.score != score:
                raise BadFile(f"the score {score} does not match the moves (they give {game.score})")
        except BadFile as error:
            return (index, f"entry {index + 1}: {error}"), None
        except (SeahavenError, ValueError, TypeError, RecursionError) as error:
            return (index, f"entry {index + 1}: {str(error)[:200]}"), None
        seq, applied = number, True
    return None, game


def _kept(game: Game, keep: int, more: bool, memo: dict[Any, Any]) -> Game:
    """``game`` with only the first ``keep`` moves of its line, all applied: undos or
    redos where they reach when ``more`` moves follow (the first of them drops the rest of
    the line), else the line replayed from the deal."""
    line = game.line_length
    if keep > line:
        raise BadFile("an entry keeps more moves than the game has")
    while game.move_count > keep and game.undo() is not None:
        pass
    while game.move_count < keep and game.redo() is not None:
        pass
    if game.move_count == keep and (keep == line or more):
        return game
    moves = game.line[:keep]  # below the undo limit, or the line cut with nothing after it
    again = Game(game.start, APP_RULES, game.code)
    for move in moves:
        again.play(move, memo)
    return again


def _check_seq(body: dict[str, Any]) -> int:
    seq = body.get("seq", 0)
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise BadFile("'seq' must be a whole number")
    return seq


def _game_body(obj: Any) -> dict[str, Any]:
    """A ``current.json`` body whose version and shape are right (its moves are checked
    once the journal's are added, by :func:`game_from_json`)."""
    body = _versioned_body(obj)
    if not isinstance(body.get("moves"), list):
        raise BadFile("'moves' must be a list")
    _check_seq(body)
    return body


def _journal_entries(lines: list[bytes], entries: list[dict[str, Any]]) -> str | None:
    """Read the journal's ``lines`` into ``entries`` up to the first bad one; what is
    wrong with that one, or None."""
    for n, line in enumerate(lines, 1):
        try:
            entry = parse_json(line, MAX_GAME_BYTES)
            if not isinstance(entry, dict):
                raise BadFile("not a JSON object")
            unknown = set(entry) - _ENTRY_FIELDS
            if unknown:
                raise BadFile(f"unknown field(s): {', '.join(sorted(str(k)[:20] for k in unknown))}")
            for name in ("seq", "keep"):
                value = entry.get(name)
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise BadFile(f"'{name}' must be a whole number")
            if not isinstance(entry.get("moves"), list):
                raise BadFile("'moves' must be a list")
            if "position" in entry and "code" not in entry:
                raise BadFile("a 'position' without its 'code'")
        except BadFile as error:
            return f"line {n}: {error}"
        entries.append(entry)
    return None


def _apply_journal(body: dict[str, Any] | None, seq: int, entries: list[dict[str, Any]]
                   ) -> tuple[dict[str, Any] | None, int, str | None]:
    """``current.json``'s ``body`` (its last entry ``seq``) with the journal's entries after
    it applied: the body of the game as last saved, the number of its last entry, and what
    is wrong with the journal (the entries before the wrong one are applied)."""
    merged, applied = body, False
    moves: list[Any] | None = None
    for n, entry in enumerate(entries, 1):
        number = entry["seq"]
        starts = "code" in entry  # a game new to the journal: the entry holds all of it
        if number <= seq and not applied:
            continue  # already in current.json (the journal was not yet emptied after it)
        if number != seq + 1 and not (starts and number > seq):
            return merged, seq, f"entry {n} does not follow the one before"
        if starts:
            fresh: dict[str, Any] = {"version": VERSION, "code": entry["code"]}
            if "position" in entry:
                fresh["position"] = entry["position"]
            merged, moves = fresh, []
        elif merged is None:
            return None, seq, "the journal does not start with its game"
        elif moves is None:
            merged, moves = dict(merged), list(merged["moves"])
        assert merged is not None and moves is not None
        keep = entry["keep"]
        if keep > len(moves):
            return (merged if applied else body), seq, f"entry {n} keeps more moves than the game has"
        del moves[keep:]
        moves.extend(entry["moves"])
        merged["moves"] = moves
        for name in ("undone", "elapsed_s", "score"):
            merged[name] = entry.get(name)
        for optional in ("hints", "bookmarks"):
            if optional in entry:
                merged[optional] = entry[optional]
            else:
                merged.pop(optional, None)
        merged.pop("seq", None)
        seq, applied = number, True
    return merged, seq, None


class Journal:
    """The append-only journal of the game: one JSON line per action, written by the main
    thread the moment the action is made (a ``write`` of a few hundred bytes, which the
    operating system has at once, however slow its ``fsync`` is), each holding what changed
    since the line before::

        {"seq": 8, "keep": 41, "moves": [<JSON move>], "undone": 0, "elapsed_s": 61.5, "score": 20}

    ``seq`` numbers the saved states of the game one after the other; ``keep``: how many
    moves of the line before stay (an undo keeps them all and changes ``undone``; a move
    after undos drops the undone ones); ``moves``: the moves added after them; the other
    fields replace those of the state before. An entry for a game new to the journal (a new
    deal) also holds its ``code`` (and ``position``), and all its moves. ``current.json``
    is written in full now and then on the writer thread with the ``seq`` of the last entry
    it includes; once it is on disk the journal keeps only the entries after that one. The
    reader applies the entries after ``current.json``'s ``seq``; a journal that does not
    follow on is moved aside like any damaged file and the game resumes from its good part."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._size = 0
        self._lines: list[tuple[int, bytes]] = []
        """The entries written since the last full save that reached the disk."""

    def append(self, seq: int, line: bytes) -> None:
        """Write ``line`` (entry ``seq``) at the end of the journal now; raise
        :class:`SaveError` if it cannot be (the journal is left as it was)."""
        with self._lock:
            try:
                if self._fd is None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    self._fd = open_no_follow(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
                    self._size = os.fstat(self._fd).st_size
                if self._size + len(line) > MAX_GAME_BYTES:
                    raise SaveError(_("{what} is too long to be saved; play goes on.").format(what=_what(CURRENT)))
                view, done = memoryview(line), 0
                try:
                    while done < len(line):
                        done += os.write(self._fd, view[done:])
                except OSError:
                    if done:  # never leave half a line: the next one would not be readable
                        with contextlib.suppress(OSError):
                            os.ftruncate(self._fd, self._size)
                    raise
                self._size += len(line)
                self._lines.append((seq, line))
            except SaveError:
                raise
            except Link:  # never written through: the link is set aside at the next start
                raise SaveError(_("{what} could not be saved ({why}); play goes on.").format(
                    what=_what(CURRENT), why=_("a link to another file is in the way"))) from None
            except OSError as error:
                raise SaveError(_("{what} could not be saved ({why}); play goes on.").format(
                    what=_what(CURRENT), why=_os_reason(error))) from error

    def saved_up_to(self, seq: int) -> None:
        """``current.json`` on disk holds every entry up to ``seq``: keep only the later
        ones (written to a new journal put in place of the old; no ``fsync`` here, so an
        ``append`` never waits for the disk). If that fails the journal stays as it is,
        which is still right: the reader skips the entries ``current.json`` holds."""
        with self._lock:
            later = [(number, line) for number, line in self._lines if number > seq]
            self._lines = later
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            temp: str | None = None
            try:
                if later:
                    fd, temp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=_TEMP_SUFFIX,
                                                dir=self.path.parent)
                    with os.fdopen(fd, "wb") as handle:
                        handle.write(b"".join(line for _, line in later))
                    os.replace(temp, self.path)
                    temp = None
                else:
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(self.path)
            except OSError:
                pass
            finally:
                if temp is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(temp)


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
    ignored (a newer file), a field of the wrong type or out of range is an error (each
    checked against its one declaration, ``seahaven.app.settings``)."""
    body = _versioned_body(obj)
    values: dict[str, Any] = {}
    for name in SPECS:
        if name in body:
            try:
                values[name] = check(name, body[name])
            except ValueError:
                raise BadFile(f"setting {name!r} has a value it cannot take") from None
    return Settings(**values)


# -- statistics -----------------------------------------------------------------------------


def stats_to_json(stats: Stats) -> dict[str, Any]:
    """The ``stats.json`` body."""
    return {"version": VERSION, **stats.to_json()}


def stats_from_json(obj: Any) -> Stats:
    """Read a ``stats.json`` body; raise BadFile saying what is wrong."""
    body = _versioned_body(obj)
    try:
        return Stats.from_json(body)
    except (ValueError, TypeError) as error:
        raise BadFile(str(error)[:200]) from None


def _deals_body(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BadFile("the file is not a JSON object")
    return obj


# -- the folder -----------------------------------------------------------------------------

_WHAT = {
    CURRENT: (N_("Your saved game could not be read, so a new game was dealt"), N_("your game")),
    SETTINGS: (N_("Your settings could not be read, so the defaults are used"), N_("your settings")),
    STATS: (N_("Your statistics could not be read, so they start again from zero"), N_("your statistics")),
    DEALS: (N_("The ratings of your deals could not be read, so they will be worked out again"),
            N_("the ratings of your deals")),
    JOURNAL: (N_("Some of your last moves could not be read, so your game goes on from the last move that could"),
              N_("your game")),
}
"""File -> what a notice says when it cannot be read, and what it holds (marked; shown
through ``_()``)."""


def _what(name: str) -> str:
    """What file ``name`` holds, in the player's language, as the start of a sentence."""
    what = _(_WHAT[name][1])
    return what[:1].upper() + what[1:]


class Storage:
    """The data folder: load and save the three files. ``folder`` overrides the
    per-user folder (tests, portable installs). ``read_only``: nothing is written, moved
    or removed in the folder (this copy could not take its lock); the files are read if
    they can be, and left as they are."""

    def __init__(self, folder: Path | str | None = None, read_only: bool = False) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.read_only = read_only
        self._refused: dict[str, str] = {}
        """Files that could not be read nor moved aside: never written over (the sentence why)."""
        self._failed: dict[str, SaveError] = {}
        """The failure of the last background write of each file, not yet reported."""
        self._journal = Journal(self.folder / JOURNAL)
        self._seq = 0
        """The number of the last state of the game saved (journal entry or full save)."""
        self._last: tuple[Game, int, tuple[Action, ...]] | None = None
        """The game last saved, the length of its line then, and the last actions of it."""
        self._since_full = 0
        self._full_due = time.monotonic() + FULL_SAVE_S
        self._full_seq = 0
        """The ``seq`` of the last full save asked for."""
        self._latest: tuple[Game, dict[str, Any], int, Action | None, dict[str, Any]] | None = None
        """The game last saved, and what it was then (see :meth:`flush`)."""
        self._landed_seq = -1
        """The ``seq`` of the last full save that reached the disk in this session."""
        self._journal_gap = False
        """An append failed (a full disk, an I/O error): the journal misses a state, so
        its next entry must hold the whole game (the reader takes such an entry after a gap)."""

    def flush(self) -> None:
        """Wait until every save asked for so far is on disk (or failed); raise the
        :class:`SaveError` of a failed one not reported yet."""
        latest = self._latest
        if latest is not None and self._full_seq < self._seq and CURRENT not in self._refused:
            game, head, n, last, tail = latest  # the game as last saved, in full too
            if game.line_length >= n and (n == 0 or game.actions(n - 1, n)[0] is last):
                seq = self._seq
                self._full_seq = seq
                line = game.actions(0, n)
                self._write(CURRENT, lambda: _game_chunks(head, line, {**tail, "seq": seq}),
                            then=lambda: self._landed(seq))
        _WRITER.flush()
        self._failed.pop(DEALS, None)  # a cache: rebuilt if it is lost
        for name in list(self._failed):
            error = self._failed.pop(name, None)
            if error is not None:
                raise error

    def path(self, name: str) -> Path:
        return self.folder / name

    def forget_failures(self) -> None:
        """Drop the failures of earlier background writes not said yet (the files are
        about to be written again: only how those writes go is to be said)."""
        _WRITER.flush()
        self._failed.clear()

    def refusing(self, error: SaveError) -> bool:
        """Whether ``error`` is a refusal to write a file that must not be written over."""
        return str(error) in self._refused.values()

    # -- game --------------------------------------------------------------------------------

    def load_game(self, rules: Rules = APP_RULES) -> Loaded[SavedGame | None]:
        """The saved game, or None (no file, or a bad file moved aside, with a message):
        ``current.json`` with the moves of the journal after it."""
        base = self._load(CURRENT, _game_body, lambda: None)
        if not self.read_only:
            self._clean_temp_files(JOURNAL)
        entries, journal_problem = self._read_journal()
        body: dict[str, Any] | None = base.value
        seq = int(body.get("seq", 0)) if body is not None else 0
        # each entry is checked as it comes (one the reader refuses loses that action and
        # what follows it, nothing before it), then the good ones are applied
        refused, checked = _first_refused(body, seq, entries) if entries else (None, None)
        if refused is not None:
            entries = entries[: refused[0]]
        merged, last_seq, problem = _apply_journal(body, seq, entries)
        saved: SavedGame | None = None
        if merged is not None and merged is not body and checked is not None and refused is None and problem is None:
            # every entry applied and checked: the checked game is the saved one (no second replay)
            checked.rules = rules
            checked.note_hints(int(merged.get("hints", 0)))
            with contextlib.suppress(BadFile):  # else read again below, which says what is wrong
                checked.note_bookmarks(_checked_bookmarks(merged, checked.line_length))
                saved, seq = SavedGame(checked, float(merged["elapsed_s"])), last_seq
        problem = journal_problem or problem or (refused[1] if refused else None)
        messages = [base.message] if base.message else []
        reason, moved_to = base.reason, base.moved_to
        if saved is None and merged is not None and merged is not body:
            try:
                saved = game_from_json(merged, rules)
                seq = last_seq
            except BadFile as error:
                problem = problem or str(error)
        if problem is not None:
            aside = self._set_aside(JOURNAL, problem, lambda: None)
            messages.append(aside.message or "")
        if saved is None and body is not None:
            try:
                saved = game_from_json(body, rules)
            except BadFile as error:
                aside = self._set_aside(CURRENT, str(error), lambda: None)
                messages.append(aside.message or "")
                reason, moved_to = aside.reason, aside.moved_to
                seq = 0
        self._seq = seq
        if saved is not None:
            self._remember(saved.game)
            n = saved.game.line_length
            head, fields = _game_fields(saved.game, saved.elapsed_s)
            self._latest = (saved.game, head, n, saved.game.actions(n - 1, n)[0] if n else None, fields)
            self._full_seq = seq  # what was read is on disk already
        message = " ".join(m for m in messages if m) or None
        return Loaded(saved, message=message, reason=reason or problem, moved_to=moved_to)

    def save_game(self, game: Game, elapsed_s: float, full: bool = False) -> None:
        """Save ``game``: its change since the last save goes to the journal at once (in the
        operating system's hands before this returns, a few hundred bytes whatever the
        game's length), and now and then (``full``: now) the whole game is written to
        ``current.json`` on the writer thread, after which the journal is emptied. Raise
        :class:`SaveError` if it will not be saved, or if the last write of it failed."""
        if CURRENT in self._refused:
            raise SaveError(self._refused[CURRENT])
        if self.read_only:
            return
        head, fields = _game_fields(game, elapsed_s)
        n = game.line_length
        last_action = game.actions(n - 1, n)[0] if n else None
        failure: SaveError | None = None
        if self._latest is not None and self._latest[:4] == (game, head, n, last_action) \
                and self._latest[4] == fields and self._last is not None and self._last[0] is game:
            pass  # nothing changed since the last save (the save at the start of a resumed game)
        elif JOURNAL in self._refused:
            self._seq += 1
            full = True
        else:
            self._seq += 1
            # after a failed append the journal misses a state: the next entry holds the whole
            # game, unless a full save of the state before it has reached the disk since
            whole = self._journal_gap and self._landed_seq != self._seq - 1
            try:
                self._journal.append(self._seq, self._entry(self._seq, game, elapsed_s, whole=whole))
            except SaveError as error:
                failure, full = error, True
                self._journal_gap = True
            else:
                full = full or self._journal_gap  # and a full save follows at once, to empty the journal
                self._journal_gap = False
                # the game is in the operating system's hands: a full save that failed
                # before is superseded by the one asked for now (its own failure is said)
                self._failed.pop(CURRENT, None)
        self._remember(game)
        self._latest = (game, head, n, last_action, fields)
        self._since_full += 1
        if full or self._since_full >= FULL_SAVE_EVERY or time.monotonic() >= self._full_due:
            try:
                self._full_save(game, elapsed_s)
            except SaveError as error:
                failure = failure or error
        if failure is not None:
            raise failure

    def _full_save(self, game: Game, elapsed_s: float) -> None:
        """Write the whole game to ``current.json`` (on the writer thread), with the
        number of the last journal entry, which the journal then drops."""
        seq = self._seq
        self._since_full = 0
        self._full_due = time.monotonic() + FULL_SAVE_S
        self._full_seq = seq
        self._write(CURRENT, _game_snapshot_chunks(game, elapsed_s, seq), then=lambda: self._landed(seq))

    def _landed(self, seq: int) -> None:
        """A full save of state ``seq`` is on disk (on the writer thread): the journal drops
        the entries it holds."""
        self._landed_seq = seq
        self._journal.saved_up_to(seq)

    def _entry(self, seq: int, game: Game, elapsed_s: float, whole: bool = False) -> bytes:
        """The journal line that turns the game last saved into ``game`` (``whole``: the
        whole of ``game``, which the reader takes whatever came before it)."""
        n = game.line_length
        keep: int | None = None
        if self._last is not None and self._last[0] is game and not whole:
            _, before, tail = self._last
            low = before - len(tail)
            top = min(n, before)
            if n == 0 or (low == 0 and top == 0):
                keep = 0
            elif top > low:
                now = game.actions(low, top)
                k = 0
                while k < len(now) and now[k] is tail[k]:
                    k += 1
                keep = low + k if k or not low else None
        head, tail_fields = _game_fields(game, elapsed_s)
        front: dict[str, Any] = {"seq": seq}
        if keep is None:  # a game new to this file: the whole of it
            front.update(head)
            del front["version"]
            keep = 0
        front["keep"] = keep
        moves = _move_texts([action.move for action in game.actions(keep)])
        return f'{_dumps(front)[:-1]},"moves":[{moves}],{_dumps(tail_fields)[1:]}\n'.encode()

    def _remember(self, game: Game) -> None:
        n = game.line_length
        self._last = (game, n, game.actions(max(0, n - _TAIL), n))

    def _read_journal(self) -> tuple[list[dict[str, Any]], str | None]:
        """The entries of the journal (its good start, if the rest is damaged), and what is
        wrong with it, if anything."""
        try:
            data = read_bounded(self.path(JOURNAL), MAX_GAME_BYTES)
        except FileNotFoundError:
            return [], None
        except BadFile as error:
            return [], str(error)
        except OSError as error:
            return [], _os_reason(error, reading=True)
        entries: list[dict[str, Any]] = []
        lines = data.split(b"\n")
        problem = _journal_entries(lines[:-1], entries)
        if problem is None and lines[-1]:  # a line cut short, or what a power cut leaves (NUL bytes)
            problem = "its last line is cut short"
        return entries, problem

    # -- settings ----------------------------------------------------------------------------

    def load_settings(self) -> Loaded[Settings]:
        return self._load(SETTINGS, settings_from_json, Settings)

    def save_settings(self, settings: Settings) -> None:
        self._write(SETTINGS, _encoded(settings_to_json(settings)))

    # -- statistics --------------------------------------------------------------------------

    def load_stats(self) -> Loaded[Stats]:
        return self._load(STATS, stats_from_json, Stats)

    def save_stats(self, stats: Stats) -> None:
        self._write(STATS, _encoded(stats_to_json(stats)))

    # -- the deals' ratings (a cache) ------------------------------------------------------

    def load_deals(self) -> Loaded[dict[str, Any] | None]:
        return self._load(DEALS, _deals_body, lambda: None)

    def save_deals(self, body: dict[str, Any]) -> None:
        """Write ``deals.json`` (on the writer thread; a failure is never said: a cache)."""
        with contextlib.suppress(SaveError):
            self._write(DEALS, _encoded(body))

    # -- machinery ---------------------------------------------------------------------------

    def _load(self, name: str, parse: Any, default: Any) -> Loaded[Any]:
        path = self.path(name)
        _WRITER.flush()  # a load sees every save made before it
        if not self.read_only:
            self._clean_temp_files(name)
        limit = MAX_GAME_BYTES if name == CURRENT else MAX_FILE_BYTES
        try:
            data = read_bounded(path, limit)
        except FileNotFoundError:
            return Loaded(default())
        except BadFile as error:
            return self._set_aside(name, str(error), default)
        except OSError as error:  # no permission, an I/O error: moved aside like a damaged file
            return self._set_aside(name, _os_reason(error, reading=True), default, unreadable=True)
        try:
            return Loaded(parse(parse_json(data, limit)))
        except BadFile as error:
            return self._set_aside(name, str(error), default)
        except (ValueError, TypeError, RecursionError, OverflowError) as error:  # defence in depth
            return self._set_aside(name, f"unexpected: {error!s:.200}", default)

    def _set_aside(self, name: str, reason: str, default: Any, unreadable: bool = False) -> Loaded[Any]:
        """Rename the bad file with a timestamp (never delete it) and say so in one sentence.
        If it cannot be renamed, it is left as it is and this Storage never writes over it.
        ``reason`` (the parser's own words, say) is kept for logs and tests, never shown."""
        path = self.path(name)
        lead, what = _(_WHAT[name][0]), _(_WHAT[name][1])
        if self.read_only:  # nothing is moved nor written: the player was told so once
            return Loaded(default(), reason=reason)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
        link = os.path.islink(path)
        try:
            n = 1
            while os.path.lexists(target):
                n += 1
                target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
            os.replace(path, target)
        except (OSError, ValueError) as error:
            why = _os_reason(error) if isinstance(error, OSError) else _("its name is not allowed")
            self._refused[name] = _("{what} will not be saved, so as not to write over {file}, which could not be "
                                    "read nor moved aside ({why}).").format(what=_what(name), file=path.name, why=why)
            cannot = _("{lead}, and the unreadable file could not be moved aside ({why}); {what} will not be saved "
                       "until that file is fixed.") if unreadable else \
                _("{lead}, and the damaged file could not be moved aside ({why}); {what} will not be saved until "
                  "that file is fixed.")
            return Loaded(
                default(),
                message=cannot.format(lead=lead, why=why, what=what),
                reason=reason,
            )
        if link:  # renamed, the link still points where it did: its target is never touched
            kept = _("{lead}; it was a link to another file, which is left as it is, and the link was kept as {file}.")
        else:
            kept = _("{lead}; the unreadable file was kept as {file}.") if unreadable else \
                _("{lead}; the damaged file was kept as {file}.")
        return Loaded(
            default(),
            message=kept.format(lead=lead, file=target.name),
            reason=reason,
            moved_to=target,
        )

    def _write(self, name: str, make_data: Callable[[], _Data], then: Callable[[], None] | None = None) -> None:
        """Hand the write of ``name`` to the writer thread (``then`` runs once it is on
        disk); raise :class:`SaveError` now if the file is one that must not be written
        over, or if its last write failed. Nothing is written by a read-only storage."""
        if name in self._refused:
            raise SaveError(self._refused[name])
        if self.read_only:
            return
        _WRITER.submit(self.path(name), lambda: self._write_now(name, make_data, then))
        error = self._failed.pop(name, None)
        if error is not None:
            raise error

    def _write_now(self, name: str, make_data: Callable[[], _Data], then: Callable[[], None] | None = None) -> None:
        """Write ``name`` atomically (on the writer thread); remember a failure."""
        try:
            self._write_file(name, make_data())
            self._failed.pop(name, None)
        except SaveError as error:
            self._failed[name] = error
            return
        except Exception as error:  # a bug must not pass for a save
            self._failed[name] = SaveError(_("{what} could not be saved (an unexpected {error}); play goes on.").format(
                what=_what(name), error=type(error).__name__))
            return
        if then is not None:
            then()

    def _write_file(self, name: str, data: bytes | list[bytes]) -> None:
        path = self.path(name)
        limit = MAX_GAME_BYTES if name == CURRENT else MAX_FILE_BYTES
        chunks = [data] if isinstance(data, bytes) else data
        if sum(len(chunk) for chunk in chunks) > limit:  # never write what the reader would refuse
            raise SaveError(_("{what} is too long to be saved; play goes on.").format(what=_what(name)))
        temp: str | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=_TEMP_SUFFIX, dir=self.folder)
            with os.fdopen(fd, "wb") as handle:
                for chunk in chunks:
                    handle.write(chunk)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, path)
            temp = None
            _fsync_folder(self.folder)
        except OSError as error:
            raise SaveError(_("{what} could not be saved ({why}); play goes on.").format(
                what=_what(name), why=_os_reason(error))) from error
        finally:
            if temp is not None:  # our own unfinished temporary file, never a player's file
                with contextlib.suppress(OSError):
                    os.unlink(temp)

    def _clean_temp_files(self, name: str) -> None:
        """Remove our own temporary files left by a write that was killed halfway."""
        try:
            candidates = list(self.folder.glob(f".{name}.*{_TEMP_SUFFIX}"))
        except OSError:
            return
        now = time.time()
        for temp in candidates:
            with contextlib.suppress(OSError):
                if now - temp.stat().st_mtime > _STALE_TEMP_S:
                    temp.unlink()


def _encoded(body: dict[str, Any]) -> Callable[[], bytes]:
    """A small body is serialized at once (a snapshot of mutable values); its bytes are
    handed to the writer."""
    data = (_dumps(body) + "\n").encode("utf-8")
    return lambda: data


class _Writer:
    """The one background thread that writes the player's files, in order; a file asked
    for again before its write started is written once, with the latest content."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, Callable[[], None]] = {}
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, key: Path, job: Callable[[], None]) -> None:
        with self._cond:
            self._pending[key] = job  # a write still waiting is replaced, keeping its turn
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="seahaven-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self) -> None:
        """Wait until no write is waiting or running."""
        if threading.current_thread() is self._thread:
            return
        with self._cond:
            while self._pending or self._busy:
                self._cond.wait()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                key = next(iter(self._pending))
                job = self._pending.pop(key)
                self._busy = True
            try:
                job()
            except Exception:  # a job records its own failures; the thread must live on
                pass
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


_WRITER = _Writer()
atexit.register(_WRITER.flush)  # the last saves reach the disk before the process ends


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _os_reason(error: OSError, reading: bool = False) -> str:
    """An operating-system error in a few words a player can read."""
    if error.errno == errno.ENOSPC:
        return _("the disk is full")
    if reading and error.errno in (errno.EACCES, errno.EPERM):
        return _("the file cannot be opened")
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("the folder cannot be written") if error.errno != errno.EROFS else _("the disk is read-only")
    if error.errno == errno.EISDIR:
        return _("a folder is in the way")
    if error.errno in (errno.ENOTDIR, errno.EEXIST):
        return _("a file is in the way of the data folder")
    if error.errno == errno.ENAMETOOLONG:
        return _("the path of the data folder is too long")
    return error.strerror or str(error)
