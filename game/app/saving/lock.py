"""One copy of the game per data folder: a lock on a file inside the folder, held for the
life of the process and released by the operating system however the process ends (even
``kill -9``). ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows.

No pygame here.
"""

from __future__ import annotations

import os
from pathlib import Path

LOCK_NAME = ".lock"

_held: dict[Path, int] = {}
"""The open lock files of this process (kept open: closing one would release its lock)."""


def acquire(folder: Path) -> bool:
    """Take the lock of ``folder`` for the rest of the process. False if another process
    holds it. If the lock file cannot be made at all (a read-only folder), True: the files
    then cannot be written either, and the game says so when it tries."""
    folder = Path(folder)
    if folder in _held:
        return True
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
    except OSError:
        return True
    try:
        _lock(fd)
    except OSError:
        os.close(fd)
        return False
    _held[folder] = fd
    return True


def release(folder: Path) -> None:
    """Give the lock back (tests; a process that ends releases it by itself)."""
    fd = _held.pop(Path(folder), None)
    if fd is not None:
        os.close(fd)


if os.name == "nt":  # pragma: no cover - Windows

    def _lock(fd: int) -> None:
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # raises OSError when another process has it

else:

    def _lock(fd: int) -> None:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises BlockingIOError when held
