"""The player's files: the game in progress, settings and statistics (SPEC 10).

Everything lives in one per-user folder (``platformdirs.user_data_dir("seahaven-towers")``,
which follows ``XDG_DATA_HOME`` on Linux). Each file is JSON with a ``"version"``:

- ``current.json``: the game in progress, as SPEC 10 fixes it, with one optional field
  more: ``"hints"``, the hints shown for it (saved the moment one is shown);
- ``settings.json``: :class:`~game.app.settings.Settings`;
- ``stats.json``: :class:`~game.app.stats.Stats`.

Writes are atomic (a temporary file in the same folder, flushed and fsynced, renamed
over the old one), so killing the game at any moment leaves either the old file or the
new one. They happen on one background thread (:class:`_Writer`: the latest write of a
file wins, files are written in order): the main thread only takes a snapshot, so a save
never holds up a frame; :meth:`Storage.flush` waits for them. Reads are bounded (1 MB, and
:data:`MAX_GAME_BYTES` for the game, far more than any save the writer makes) and every
value is checked; the moves of a saved game are replayed through the engine. Only regular
files are read, opened without blocking (a FIFO does not hang the start). A file that
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

from game.app.i18n import N_, _
from game.app.settings import SPECS, Settings, check
from game.app.stats import Stats
from game.engine import APP_RULES, Game, GameCode, Move, Position, Rules, SeahavenError

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
SETTINGS = "settings.json"
STATS = "stats.json"

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
    except (ValueError, TypeError, OverflowError) as error:  # JSONDecodeError, UnicodeError, int limits
        raise BadFile(f"the file is not valid JSON ({str(error)[:120]})") from None


def read_bounded(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, refusing files over ``limit`` bytes without reading them, and
    anything that is not a regular file (a FIFO, a device, a folder) without blocking on it."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
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


def _game_parts(game: Game, elapsed_s: float) -> tuple[dict[str, Any], tuple[Move, ...], dict[str, Any]]:
    """The fields of ``current.json`` before its moves, the moves, and the fields after
    them: the one list of what a saved game holds."""
    head: dict[str, Any] = {"version": VERSION, "code": None if game.code is None else str(game.code)}
    if game.code is None:
        head["position"] = game.start.to_json()
    tail: dict[str, Any] = {"undone": game.undone, "elapsed_s": round(max(0.0, float(elapsed_s)), 3),
                            "score": game.score}
    if game.hints_used:
        tail["hints"] = game.hints_used
    return head, game.line, tail


def game_to_json(game: Game, elapsed_s: float) -> dict[str, Any]:
    """The ``current.json`` body of SPEC 10 for ``game`` (with the hints shown)."""
    head, line, tail = _game_parts(game, elapsed_s)
    return {**head, "moves": [move.to_json() for move in line], **tail}


_MOVE_TEXT: dict[Move, str] = {}
"""The JSON text of each move already written (there are fewer than 2,000 distinct moves),
so that a save of a long game only joins strings."""


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _game_bytes(head: dict[str, Any], line: tuple[Move, ...], tail: dict[str, Any]) -> bytes:
    """The bytes of ``current.json``: exactly ``_dumps(game_to_json(...))`` and a newline,
    built from the cached text of each move."""
    texts = _MOVE_TEXT
    try:
        moves = ",".join([texts[move] for move in line])
    except KeyError:
        for move in line:
            if move not in texts:
                texts[move] = _dumps(move.to_json())
        moves = ",".join([texts[move] for move in line])
    return f'{_dumps(head)[:-1]},"moves":[{moves}],{_dumps(tail)[1:]}\n'.encode()


def game_snapshot(game: Game, elapsed_s: float) -> Callable[[], bytes]:
    """What the main thread takes of ``game`` for a save (a few fields and the tuple of its
    moves, all immutable); calling the result makes the file's bytes, on any thread."""
    head, line, tail = _game_parts(game, elapsed_s)
    return lambda: _game_bytes(head, line, tail)


def game_from_json(obj: Any, rules: Rules = APP_RULES) -> SavedGame:
    """Rebuild a game from a ``current.json`` body, replaying and checking every move and
    the score. Raises :class:`BadFile` saying what is wrong."""
    body = _versioned_body(obj)
    unknown = set(body) - {"version", "code", "position", "moves", "undone", "elapsed_s", "score", "hints"}
    if unknown:
        raise BadFile(f"unknown field(s): {', '.join(sorted(str(k)[:20] for k in unknown))}")
    code_text, raw_position = body.get("code"), body.get("position")
    try:
        if code_text is not None:
            if raw_position is not None:
                raise BadFile("a game started from a code has no 'position'")
            code: GameCode | None = GameCode.parse(code_text)
            start = code.position()
        else:
            if raw_position is None:
                raise BadFile("a game needs a 'code' or a 'position'")
            code = None
            start = Position.from_json(raw_position)
        raw_moves = body.get("moves")
        if not isinstance(raw_moves, list):
            raise BadFile("'moves' must be a list")
        undone = body.get("undone")
        if isinstance(undone, bool) or not isinstance(undone, int) or not 0 <= undone <= len(raw_moves):
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
        # Moves made under the app's run limit include every classic one, so replaying
        # under APP_RULES accepts games whose player switched the setting mid-game.
        game = Game(start, APP_RULES, code)
        for n, raw in enumerate(raw_moves, 1):
            try:
                game.play(game.position.resolve(Move.from_json(raw)))
            except SeahavenError as error:
                raise BadFile(f"move {n}: {error}") from None
        for _step in range(undone):
            if game.undo() is None:
                raise BadFile(f"cannot undo {undone} moves")
        if game.score != score:
            raise BadFile(f"the score {score} does not match the moves (they give {game.score})")
        game.rules = rules
        game.hints_used = hints
    except BadFile:
        raise
    except (SeahavenError, ValueError, TypeError, RecursionError) as error:
        raise BadFile(str(error)[:200]) from None
    return SavedGame(game, float(elapsed))


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
    checked against its one declaration, ``game.app.settings``)."""
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


# -- the folder -----------------------------------------------------------------------------

_WHAT = {
    CURRENT: (N_("Your saved game could not be read, so a new game was dealt"), N_("your game")),
    SETTINGS: (N_("Your settings could not be read, so the defaults are used"), N_("your settings")),
    STATS: (N_("Your statistics could not be read, so they start again from zero"), N_("your statistics")),
}
"""File -> what a notice says when it cannot be read, and what it holds (marked; shown
through ``_()``)."""


def _what(name: str) -> str:
    """What file ``name`` holds, in the player's language, as the start of a sentence."""
    what = _(_WHAT[name][1])
    return what[:1].upper() + what[1:]


class Storage:
    """The data folder: load and save the three files. ``folder`` overrides the
    per-user folder (tests, portable installs)."""

    def __init__(self, folder: Path | str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self._refused: dict[str, str] = {}
        """Files that could not be read nor moved aside: never written over (the sentence why)."""
        self._failed: dict[str, SaveError] = {}
        """The failure of the last background write of each file, not yet reported."""

    def flush(self) -> None:
        """Wait until every save asked for so far is on disk (or failed); raise the
        :class:`SaveError` of a failed one not reported yet."""
        _WRITER.flush()
        for name in list(self._failed):
            error = self._failed.pop(name, None)
            if error is not None:
                raise error

    def path(self, name: str) -> Path:
        return self.folder / name

    # -- game --------------------------------------------------------------------------------

    def load_game(self, rules: Rules = APP_RULES) -> Loaded[SavedGame | None]:
        """The saved game, or None (no file, or a bad file moved aside, with a message)."""
        return self._load(CURRENT, lambda obj: game_from_json(obj, rules), lambda: None)

    def save_game(self, game: Game, elapsed_s: float) -> None:
        """Write ``current.json`` for ``game`` (on the writer thread); raise :class:`SaveError`
        if it will not be written, or if the last write of it failed."""
        self._write(CURRENT, game_snapshot(game, elapsed_s))

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

    # -- machinery ---------------------------------------------------------------------------

    def _load(self, name: str, parse: Any, default: Any) -> Loaded[Any]:
        path = self.path(name)
        _WRITER.flush()  # a load sees every save made before it
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
        If it cannot be renamed, it is left as it is and this Storage never writes over it."""
        path = self.path(name)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
        lead, what = _(_WHAT[name][0]), _(_WHAT[name][1])
        try:
            os.replace(path, target)
        except OSError as error:
            why = (_("the unreadable file {path} could not be moved aside: {why}") if unreadable
                   else _("the damaged file {path} could not be moved aside: {why}")).format(
                path=path, why=_os_reason(error))
            self._refused[name] = _("{what} will not be saved, so as not to write over {path}, which could not be "
                                    "read ({reason}) nor moved aside.").format(what=_what(name), path=path,
                                                                               reason=reason)
            return Loaded(
                default(),
                message=_("{lead} ({why}); {what} will not be saved until that file is fixed.").format(
                    lead=lead, why=why, what=what),
                reason=reason,
            )
        kept = _("{lead}; the unreadable file was kept as {file}.") if unreadable else \
            _("{lead}; the damaged file was kept as {file}.")
        return Loaded(
            default(),
            message=kept.format(lead=lead, file=target.name),
            reason=reason,
            moved_to=target,
        )

    def _write(self, name: str, make_data: Callable[[], bytes]) -> None:
        """Hand the write of ``name`` to the writer thread; raise :class:`SaveError` now if
        the file is one that must not be written over, or if its last write failed."""
        if name in self._refused:
            raise SaveError(self._refused[name])
        _WRITER.submit(self.path(name), lambda: self._write_now(name, make_data))
        error = self._failed.pop(name, None)
        if error is not None:
            raise error

    def _write_now(self, name: str, make_data: Callable[[], bytes]) -> None:
        """Write ``name`` atomically (on the writer thread); remember a failure."""
        try:
            self._write_file(name, make_data())
            self._failed.pop(name, None)
        except SaveError as error:
            self._failed[name] = error
        except Exception as error:  # a bug must not pass for a save
            self._failed[name] = SaveError(_("{what} could not be saved ({why}).").format(
                what=_what(name), why=f"{error!s:.80}"))

    def _write_file(self, name: str, data: bytes) -> None:
        path = self.path(name)
        limit = MAX_GAME_BYTES if name == CURRENT else MAX_FILE_BYTES
        if len(data) > limit:  # never write what the reader would refuse
            raise SaveError(_("{what} is too long to be saved; play goes on.").format(what=_what(name)))
        temp: str | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=_TEMP_SUFFIX, dir=self.folder)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
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
    return error.strerror or str(error)
