"""One copy of the game per data folder: a lock on a file inside the folder, held for the
life of the process and released by the operating system however the process ends (even
``kill -9``). ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows.

The lock fails closed: a copy that cannot take it, whatever the reason (another copy has
it; ``.lock`` is a folder, a link, a FIFO, a device or anything but a plain file of its
own, or belongs to someone else; the folder cannot be made or searched; its path is too
long), never writes the folder. :func:`acquire` says which. On POSIX the folder itself
is locked too, so a ``.lock`` swapped while a copy plays does not let a second one in.

No pygame here.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from seahaven.i18n import _

LOCK_NAME = ".lock"

_held: dict[Path, int] = {}
"""The open lock files of this process (kept open: closing one would release its lock)."""


class NoLock(Exception):
    """The lock could not be taken for a reason other than another copy holding it.
    ``str(error)`` is the reason in a few words a player can read."""


def acquire(folder: Path) -> bool:
    """Take the lock of ``folder`` for the rest of the process: True once it is ours,
    False if another copy of the game holds it. Raises :class:`NoLock` when it cannot be
    taken at all (then this process must not write the folder either)."""
    folder = Path(folder)
    if folder in _held:
        return True
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise NoLock(_why(error, folder)) from error
    if not _lock_folder(folder):
        return False
    try:
        fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_BINARY", 0), 0o600)
    except OSError as error:
        if error.errno == errno.ELOOP or os.path.islink(folder / LOCK_NAME):
            raise NoLock(_not_plain(folder)) from error
        raise NoLock(_why(error, folder)) from error
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1 or os.path.islink(folder / LOCK_NAME):
            # a FIFO, a device, a hard link to another file (current.json is replaced by each
            # save, so a lock on it locks nothing): the lock would not be the game's own
            raise NoLock(_not_plain(folder))
        _lock(fd)
    except OSError as error:
        os.close(fd)
        if _held_elsewhere(error):
            return False
        raise NoLock(_why(error, folder)) from error
    except NoLock:
        os.close(fd)
        raise
    _held[folder] = fd
    return True


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _lock_folder(folder: Path) -> bool:
    """Lock the folder itself as well (POSIX): whatever is put in place of ``.lock`` while
    a copy plays (a link, another file), a second copy finds the folder locked. False if
    another copy holds it; True if it is ours, or folders cannot be locked here."""
    if os.name != "posix" or folder in _held_folders:
        return True
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as error:
        raise NoLock(_why(error, folder)) from error
    try:
        _lock(fd)
    except OSError as error:
        os.close(fd)
        return not _held_elsewhere(error)  # else no locks on folders here: the .lock file alone decides
    _held_folders[folder] = fd
    return True


_held_folders: dict[Path, int] = {}
"""The open data folders whose lock this process holds."""


def _not_plain(folder: Path) -> str:
    # Translators: the reason after "Nothing will be saved this time: …" (a clause that stands on its own); {name} is a
    # file's name (a lock file), {folder} the data folder's path.
    return _("the {name} file in {folder} is not a plain file the game made").format(name=LOCK_NAME, folder=folder)


def release(folder: Path) -> None:
    """Give the lock back (tests; a process that ends releases it by itself)."""
    for held in (_held, _held_folders):
        fd = held.pop(Path(folder), None)
        if fd is not None:
            os.close(fd)


def _why(error: OSError, folder: Path) -> str:
    """Why the lock could not be taken, in a few words in the player's language (the
    system's: the settings are not read yet)."""
    code = error.errno
    if code == errno.EISDIR:
        # Translators: the reason after "Nothing will be saved this time: …" (a clause that stands on its own); {name}
        # is a file's name, {folder} a folder's path. “Is in the way” means something already stands where the game must
        # make or use this and blocks it (say it as your system does, not word for word).
        return _("a folder named {name} is in the way in {folder}").format(name=LOCK_NAME, folder=folder)
    if code in (errno.EACCES, errno.EPERM):
        # Translators: the reason after "Nothing will be saved this time: …" (a clause that stands on its own); {folder}
        # is a path, {name} a file's name.
        return _("the data folder {folder} or its {name} file is not yours to write").format(folder=folder,
                                                                                              name=LOCK_NAME)
    if code == errno.ENAMETOOLONG:
        return _("the path of the data folder is too long")
    if code == errno.EROFS:
        return _("the data folder is on a read-only disk")
    if code == errno.ENOSPC:
        return _("the disk is full")
    if code in (errno.ENOTDIR, errno.EEXIST):
        # Translators: the reason after "Nothing will be saved this time: …" (a clause that stands on its own); {folder}
        # is a path. “Is in the way” means something already stands where the game must make or use this and blocks it
        # (say it as your system does, not word for word).
        return _("a file is in the way of the data folder {folder}").format(folder=folder)
    # Translators: the reason after "Nothing will be saved this time: …" (a clause that stands on its own); {folder} is
    # a path, {why} the system's reason.
    return _("the data folder {folder} cannot be used ({why})").format(folder=folder,
                                                                     # Translators: the system's reason in parentheses
                                                                     # when the system gave none, as in "cannot be used
                                                                     # (unknown error)".
                                                                     why=error.strerror or _("unknown error"))


if sys.platform == "win32":  # pragma: no cover - Windows (os.name "nt"; said so the type checker knows it)

    def _lock(fd: int) -> None:
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # raises OSError when another process has it

    def _held_elsewhere(error: OSError) -> bool:
        # LK_NBLCK fails with EACCES (or EDEADLOCK) when the byte is locked: another copy
        return error.errno in (errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))

else:

    def _lock(fd: int) -> None:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises BlockingIOError when held

    def _held_elsewhere(error: OSError) -> bool:
        return isinstance(error, BlockingIOError) or error.errno in (errno.EAGAIN, errno.EWOULDBLOCK)
