"""The one-file Linux executable unpacks itself into ``$TMPDIR/_MEI<pid><random>`` on every
start and removes the folder when the game ends; a start that is killed (``kill -9``, a
crash, a power cut) leaves its 20 MB behind. Each start removes the folders such starts left:
ours (they hold the game's own files), the user's, named after a bootloader process that no
longer runs. A folder of a game still running is never touched, nor anything of another
program or user. Standard library only; Linux only (elsewhere the game is not one file, or
the process test below would mean something else: ``os.kill(pid, 0)`` ends a Windows process).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path

_NAME = re.compile(r"_MEI([0-9a-f]{8})[A-Za-z0-9]{6}")
"""PyInstaller 6's unpack folder: the bootloader's PID in hex, then mkdtemp's six letters."""
MARKERS = (("fonts", "LICENSE-NotoSans.txt"),)
"""Files only an unpacked Seahaven Towers holds: another program's folder is left alone."""
ONE_OF_MARKERS = (("seahaven-assets.zip",), ("sounds", "deal.wav"))
"""...and one of these: the sounds' archive (``seahaven.resources.ARCHIVE``), or the sounds
themselves, unpacked by the executables before it."""


def process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def stale_folders(here: Path, alive: Callable[[int], bool] = process_exists) -> list[Path]:
    """The folders beside ``here`` (this start's unpack folder) left by killed starts."""
    found = []
    try:
        siblings = sorted(here.parent.iterdir())
    except OSError:
        return []
    for folder in siblings:
        match = _NAME.fullmatch(folder.name)
        if folder == here or not match:
            continue
        try:
            info = folder.lstat()  # a symlink is not a folder: never followed
        except OSError:
            continue
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
            continue
        if not all(folder.joinpath(*marker).is_file() for marker in MARKERS) or not any(
                folder.joinpath(*marker).is_file() for marker in ONE_OF_MARKERS):
            continue
        if not alive(int(match[1], 16)):
            found.append(folder)
    return found


def clean(here: Path, alive: Callable[[int], bool] = process_exists) -> list[Path]:
    """Remove the stale folders beside ``here``; return them. Errors are ignored: a folder
    that cannot be removed now is tried again at the next start."""
    removed = []
    for folder in stale_folders(here, alive):
        shutil.rmtree(folder, ignore_errors=True)
        if not os.path.lexists(folder):
            removed.append(folder)
    return removed


def clean_in_background() -> None:
    """When running as the one-file Linux executable, clean up beside this start's folder in a
    thread of its own, so that the window does not wait for it."""
    here = getattr(sys, "_MEIPASS", None)
    if not here or not sys.platform.startswith("linux") or not getattr(sys, "frozen", False):
        return
    threading.Thread(target=clean, args=(Path(here),), name="stale-unpack", daemon=True).start()
