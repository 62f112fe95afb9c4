"""Bounded reads and atomic writes of the player's files, and the strict JSON they hold.

Reads are bounded (:data:`MAX_FILE_BYTES`, or the limit a caller gives) and take only
regular files, opened without blocking (a FIFO does not hang the start) and without
following a symbolic link (``O_NOFOLLOW``): a link raises :class:`Link`, its target never
read nor written. JSON is parsed strictly (:func:`parse_json`), every problem a
:class:`BadFile` saying what is wrong. Writes are atomic (:func:`write_atomic`: a temporary
file in the same folder, flushed and fsynced, renamed over the old one), so killing the
game at any moment leaves either the old file or the new one; they happen on one
background thread (:data:`WRITER`: the latest write of a file wins, files are written in
order). A write that fails raises :class:`SaveError`, whose message the player reads.

No pygame here, no pickle, no eval.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import os
import stat
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from seahaven.i18n import _

VERSION = 1
"""The version of every file format of the folder (the game, settings, statistics)."""

MAX_FILE_BYTES = 1_000_000
"""Settings and statistics files larger than this are refused before parsing."""

TEMP_SUFFIX = ".tmp"
"""The end of the name of our temporary files (a write's, before its rename)."""


class SaveError(OSError):
    """A file could not be written. ``str(error)`` is one sentence for the player."""


class BadFile(ValueError):
    """A file's content cannot be used; the message says why (for logs and tests)."""


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


def read_bounded(path: Path, limit: int = MAX_FILE_BYTES, follow: bool = False) -> bytes:
    """The bytes of ``path``, refusing files over ``limit`` bytes without reading them, and
    anything that is not a regular file (a FIFO, a device, a folder, a link) without
    blocking on it or following it. ``follow``: a link to a regular file is read (a game
    file the player names, never a file of the data folder)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if follow:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    else:
        if not NO_FOLLOW and os.path.islink(path):  # no O_NOFOLLOW (Windows): look first
            raise Link(errno.errorcode[errno.ELOOP])
        fd = open_no_follow(path, flags)
    try:  # what it is before Python's open(), which refuses a folder with an error of its own
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BadFile("a folder is in the way")
        if not stat.S_ISREG(info.st_mode):
            raise BadFile("it is not a regular file")
        if info.st_size > limit:
            raise BadFile(f"the file has {info.st_size} bytes, more than {limit}")
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise BadFile(f"the file is larger than {limit} bytes")
    return data


def versioned_body(obj: Any) -> dict[str, Any]:
    """``obj`` as the body of one of our files: a JSON object of this :data:`VERSION`;
    raise :class:`BadFile` if it is not."""
    if not isinstance(obj, dict):
        raise BadFile("the file is not a JSON object")
    version = obj.get("version")
    if version != VERSION or isinstance(version, bool):
        raise BadFile(f"unknown version {str(version)[:20]!r} (this game reads version {VERSION})")
    return obj


def dumps(obj: Any) -> str:
    """``obj`` as compact JSON text (what every file of the folder holds)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


Data = bytes | list[bytes]
"""What the writer writes: a file's bytes, or them in pieces."""


def write_atomic(path: Path, chunks: list[bytes]) -> None:
    """Write ``chunks`` to ``path`` atomically: a temporary file in the same folder (made
    if missing), flushed and fsynced, renamed over the old file, the rename made durable.
    Raise the ``OSError``; our unfinished temporary file is removed, never a player's file."""
    folder = path.parent
    temp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
        temp = None
        _fsync_folder(folder)
    finally:
        if temp is not None:  # our own unfinished temporary file, never a player's file
            with contextlib.suppress(OSError):
                os.unlink(temp)


def clean_temp_files(folder: Path, name: str) -> None:
    """Remove our own temporary files of ``name`` left by a write that was killed halfway,
    whatever their age: only the copy holding the folder's lock calls this (a copy without
    it writes nothing), before its first write, so no write of anyone's is under way
    (issue 36: a kill a moment before the next start left one that no start removed)."""
    try:
        candidates = list(folder.glob(f".{name}.*{TEMP_SUFFIX}"))
    except OSError:
        return
    for temp in candidates:
        with contextlib.suppress(OSError):
            if temp.is_file() and not temp.is_symlink():
                temp.unlink()


class Writer:
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


WRITER = Writer()
atexit.register(WRITER.flush)  # the last saves reach the disk before the process ends


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


def os_reason(error: OSError, reading: bool = False) -> str:
    """An operating-system error in a few words a player can read."""
    if error.errno == errno.ENOSPC:
        return _("the disk is full")
    if reading and error.errno in (errno.EACCES, errno.EPERM):
        return _("the file cannot be opened")
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("the folder cannot be written") if error.errno != errno.EROFS else _("the disk is read-only")
    if error.errno == errno.EISDIR:
        # Translators: a reason in parentheses after “could not be saved (…)”. “Is in the way” means something already
        # stands where the game must make or use this and blocks it (say it as your system does, not word for word).
        return _("a folder is in the way")
    if error.errno in (errno.ENOTDIR, errno.EEXIST):
        # Translators: a reason in parentheses after “could not be saved (…)”. “Is in the way” means something already
        # stands where the game must make or use this and blocks it (say it as your system does, not word for word).
        return _("a file is in the way of the data folder")
    if error.errno == errno.ENAMETOOLONG:
        return _("the path of the data folder is too long")
    return error.strerror or str(error)
