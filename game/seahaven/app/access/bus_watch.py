"""The accessibility bus coming back (Linux): the game is found again without a restart.

On Linux AT-SPI runs on a bus of its own, started by ``at-spi-bus-launcher``, which owns
``org.a11y.Bus`` on the session bus. When that bus dies (a crash, a desktop that restarts it)
and a new one starts, AccessKit 0.7's Unix adapter stays attached to the dead one: it looks
for the bus again only when ``org.a11y.Status``'s ``IsEnabled`` property changes, and the new
launcher starts with the value the old one had (the desktop's setting), so nothing changes,
and no reader finds the game again until it is restarted (issue 41).

:class:`BusWatch` follows the owner of ``org.a11y.Bus`` through ``gdbus monitor`` (GLib's
tool, beside every AT-SPI install): a child process that prints a line when the name gets or
loses an owner and when ``IsEnabled`` changes, read by a thread of its own that blocks on it
(no CPU while nothing happens, nothing in the frame loop). When a new bus is there with
``IsEnabled`` true, it has the adapter attach again (``reattach``: ``IsEnabled`` off, and on
once the adapter has let go, the one change AccessKit listens to). A new bus that comes with
``IsEnabled`` false needs nothing now: AccessKit lets go of the dead bus on that value, and
attaches to the new one when a reader turns it on, unless the reader turns it on without
the false value having reached AccessKit first: then the watch has it attach again too.

Without a session bus, without ``gdbus``, or where asking fails in any way, nothing is
watched and the game plays as before. No pygame here.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

NAME = "org.a11y.Bus"
OWNED = re.compile(r"^The name org\.a11y\.Bus is owned by (\S+)")
UNOWNED = "The name org.a11y.Bus does not have an owner"
ENABLED = re.compile(r"PropertiesChanged \('org\.a11y\.Status', \{[^}]*'IsEnabled': <(true|false)>")
CALL_SECONDS = 5.0
"""How long one question to the bus may take (a healthy one takes a few milliseconds)."""


class BusWatch:
    """What ``gdbus monitor --dest org.a11y.Bus`` prints, line by line (:meth:`line`), and
    when the adapter must attach again. ``is_enabled`` asks the bus now there (None: no
    answer); ``reattach`` does it. Both run on the watch's thread."""

    def __init__(self, is_enabled: Callable[[], bool | None], reattach: Callable[[], None]) -> None:
        self._is_enabled = is_enabled
        self._reattach = reattach
        self._seen = False
        """The first line has been read: the bus as the game found it (AccessKit's own start)."""
        self._owner: str | None = None
        self._stale = False
        """A new bus is there that the adapter has not attached to, nor let go of the old one."""
        self.reattached = 0
        """How many times the adapter was made to attach again (for tests)."""

    def line(self, text: str) -> None:
        text = text.strip()
        if owned := OWNED.match(text):
            owner, first = owned[1], not self._seen
            self._seen = True
            if first or owner == self._owner:
                self._owner = owner
                return
            self._owner = owner
            self._stale = True
            if self._is_enabled():
                self._attach()
        elif text == UNOWNED:
            self._seen = True
            self._owner = None
        elif (enabled := ENABLED.search(text)) and self._stale:
            if enabled[1] == "true":  # turned on while AccessKit still holds the dead bus
                self._attach()
            self._stale = False  # false: AccessKit let go; it attaches itself at the next true

    def _attach(self) -> None:
        self._stale = False
        self.reattached += 1
        self._reattach()


def session_bus_known() -> bool:
    """Whether a session bus is named where AccessKit looks for one: without it ``gdbus``
    would start a bus of its own (GLib's autolaunch), which outlives the game."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return bool(os.environ.get("DBUS_SESSION_BUS_ADDRESS")) or (runtime is not None and Path(runtime, "bus").exists())


def _call(*args: str) -> str | None:
    """``gdbus call`` on the session bus; what it prints, None when it fails."""
    gdbus = shutil.which("gdbus")
    if gdbus is None:
        return None
    try:
        done = subprocess.run([gdbus, "call", "--session", *args], capture_output=True, text=True,
                              timeout=CALL_SECONDS, check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def is_enabled() -> bool | None:
    """``org.a11y.Status IsEnabled`` on the accessibility bus's launcher; None: no answer."""
    said = _call("--dest", NAME, "--object-path", "/org/a11y/bus", "--method",
                 "org.freedesktop.DBus.Properties.Get", "org.a11y.Status", "IsEnabled")
    if said is None:
        return None
    return "true" in said


def set_enabled(value: bool) -> bool:
    """Set ``IsEnabled``, as a screen reader does when it starts; False when that failed."""
    return _call("--dest", NAME, "--object-path", "/org/a11y/bus", "--method",
                 "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled",
                 "<true>" if value else "<false>") is not None


MONITOR = 'gdbus monitor --session --dest org.a11y.Bus & read -r _; kill "$!" 2>/dev/null'
"""``gdbus monitor`` under a shell that stops it when the game's end closes its standard input
(however the game ends, even killed: no monitor is left behind)."""


def start(reattach: Callable[[], None]) -> threading.Thread | None:
    """Watch the accessibility bus in the background; None where there is none to watch."""
    if not session_bus_known() or shutil.which("gdbus") is None or shutil.which("sh") is None:
        return None
    thread = threading.Thread(target=_watch, args=(reattach,), name="a11y-bus-watch", daemon=True)
    thread.start()
    return thread


def _watch(reattach: Callable[[], None]) -> None:
    # asked first, as AccessKit does at its start: this starts the bus where it is not running
    # yet (so the monitor's first line is the bus AccessKit found), and a session bus that does
    # not answer is not watched at all
    if is_enabled() is None:
        return
    watch = BusWatch(is_enabled, reattach)
    try:
        monitor = subprocess.Popen(["sh", "-c", MONITOR], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, errors="replace")
    except (OSError, ValueError):
        return
    assert monitor.stdout is not None
    with contextlib.suppress(Exception):  # whatever goes wrong here, the game plays on
        for text in monitor.stdout:
            watch.line(text)
