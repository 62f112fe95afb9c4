"""Whether the desktop asks for reduced motion, read once in the background.

Each platform says so its own way; :func:`read` asks the one the game runs on:

- GNOME (and any other desktop on Linux and the BSDs that is not KDE):
  ``org.gnome.desktop.interface enable-animations`` (false: reduce motion), read through
  ``gsettings`` when it is installed.
- KDE Plasma (``XDG_CURRENT_DESKTOP`` names KDE): ``AnimationDurationFactor`` in the
  ``[KDE]`` group of ``kdeglobals`` (0: no animation), read from the file itself, the
  player's (``$XDG_CONFIG_HOME``, else ``~/.config``) over the system's
  (``$XDG_CONFIG_DIRS``, else ``/etc/xdg``). The file rather than ``kreadconfig6`` or
  ``kreadconfig5``: it starts no process, it is the same for Plasma 5 and 6 whichever tool
  is installed, and a minimal install or a sandbox may carry neither tool but still the file.
- Windows: ``SystemParametersInfoW(SPI_GETCLIENTAREAANIMATION)`` through ctypes (FALSE:
  reduce motion; Settings → Accessibility → Visual effects → Animation effects).
- macOS: ``defaults read com.apple.universalaccess reduceMotion`` (1: reduce motion).

:func:`start` asks in a thread, so start-up never waits for it; until the answer comes (and
where the platform says nothing, or asking fails in any way) the desktop is taken to allow
motion. SDL 2 does not report the setting. No pygame here.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

_reduced: bool = False
"""The desktop's answer (False until known): written once by the reader thread."""
_started = False

SPI_GETCLIENTAREAANIMATION = 0x1042


def platform_reduces_motion() -> bool:
    """Whether the desktop asks for reduced motion, as far as known yet."""
    return _reduced


def _run(*command: str) -> str | None:
    """What ``command`` prints (a second at most); None when it is absent or fails."""
    import shutil
    import subprocess  # on the background thread, not before the first frame

    program = shutil.which(command[0])
    if program is None:
        return None
    try:
        done = subprocess.run([program, *command[1:]], capture_output=True, text=True, timeout=1.0, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def read_gnome() -> bool:
    """Ask ``gsettings``; False when it is absent or says nothing clear."""
    return _run("gsettings", "get", "org.gnome.desktop.interface", "enable-animations") == "false"


def kdeglobals_files() -> list[Path]:
    """The ``kdeglobals`` files KDE reads, the system's first and the player's last (a later
    file's value wins)."""
    home = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    dirs = [d for d in (os.environ.get("XDG_CONFIG_DIRS") or "/etc/xdg").split(os.pathsep) if d]
    return [Path(d) / "kdeglobals" for d in reversed(dirs)] + [Path(home) / "kdeglobals"]


def read_kde() -> bool:
    """Read ``AnimationDurationFactor`` from ``kdeglobals``: 0 (or less) means no animation.
    An absent, unreadable or malformed file, or a value that is no number, says nothing."""
    import configparser  # on the background thread, not before the first frame

    factor: float | None = None
    for path in kdeglobals_files():
        parser = configparser.ConfigParser(interpolation=None, strict=False)
        try:
            if not path.is_file():  # (not a FIFO or a folder: reading one could block or fail)
                continue
            parser.read_string(path.read_text(encoding="utf-8", errors="replace"), str(path))
            value = parser.get("KDE", "AnimationDurationFactor", fallback=None)
            if value is not None:
                factor = float(value)
        except (OSError, ValueError, configparser.Error):
            continue
    return factor is not None and factor <= 0


def read_windows() -> bool:
    """Ask Windows whether client-area animations are on; False (motion allowed) on any failure."""
    import ctypes

    if sys.platform != "win32":  # (ctypes.windll exists on Windows only)
        return False
    try:
        user32 = ctypes.windll.user32
        enabled = ctypes.c_int(1)
        if not user32.SystemParametersInfoW(SPI_GETCLIENTAREAANIMATION, 0, ctypes.byref(enabled), 0):
            return False
    except Exception:  # no windll, no such call: the platform says nothing
        return False
    return enabled.value == 0


def read_macos() -> bool:
    """Ask ``defaults`` for the Reduce motion switch of the accessibility settings."""
    return _run("defaults", "read", "com.apple.universalaccess", "reduceMotion") == "1"


def read() -> bool:
    """The platform's answer, chosen by ``sys.platform`` and the desktop; never raises."""
    try:
        if sys.platform == "win32":
            return read_windows()
        if sys.platform == "darwin":
            return read_macos()
        desktops = os.environ.get("XDG_CURRENT_DESKTOP", "").upper().split(":")
        if "KDE" in desktops:
            return read_kde()
        return read_gnome()
    except Exception:  # whatever goes wrong, motion stays allowed
        return False


def _read() -> None:
    global _reduced
    _reduced = read()


def start() -> None:
    """Ask the desktop once, in the background (later calls do nothing)."""
    global _started
    if _started:
        return
    _started = True
    threading.Thread(target=_read, name="reduce-motion", daemon=True).start()
