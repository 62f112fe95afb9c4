"""Whether the desktop asks for reduced motion, read once in the background.

GNOME says so with ``org.gnome.desktop.interface enable-animations`` (false: reduce
motion), read through ``gsettings`` if it is installed. :func:`start` asks in a thread, so
start-up never waits for it; until the answer comes (and where there is no ``gsettings``,
or it fails) the desktop is taken to allow motion. SDL 2 does not report the setting. No
pygame here.
"""

from __future__ import annotations

import threading

_reduced: bool = False
"""The desktop's answer (False until known): written once by the reader thread."""
_started = False


def platform_reduces_motion() -> bool:
    """Whether the desktop asks for reduced motion, as far as known yet."""
    return _reduced


def read_gnome() -> bool:
    """Ask ``gsettings`` (a second at most); False when it is absent or says nothing clear."""
    import shutil
    import subprocess  # on the background thread, not before the first frame

    program = shutil.which("gsettings")
    if program is None:
        return False
    try:
        done = subprocess.run([program, "get", "org.gnome.desktop.interface", "enable-animations"],
                              capture_output=True, text=True, timeout=1.0, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0 and done.stdout.strip() == "false"


def _read() -> None:
    global _reduced
    _reduced = read_gnome()


def start() -> None:
    """Ask the desktop once, in the background (later calls do nothing)."""
    global _started
    if _started:
        return
    _started = True
    threading.Thread(target=_read, name="reduce-motion", daemon=True).start()
