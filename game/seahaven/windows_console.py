"""Windows: the windowed executable prints to the console it was started from.

``seahaven.exe`` is built windowed (no console window pops up when it is double-clicked), so
Windows gives it no standard output: ``--help``, ``--version``, ``deal``, ``solve`` and error
messages would vanish. When it was started from a console (cmd, PowerShell, Windows Terminal)
it attaches to that console (``AttachConsole(ATTACH_PARENT_PROCESS)``) and writes there;
double-clicked, there is no parent console and it stays silent. Streams that already lead
somewhere (redirected to a file or a pipe, or ``python.exe`` in a console) are left alone.

The game itself (plain ``seahaven.exe``) lets go of the console (:func:`release`) just before
its window opens, once any complaint about its options has been printed, so that closing that
console window, or Ctrl+C typed in it later, cannot end a game. Only the standard library is
used; everywhere but Windows this does nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any

ATTACH_PARENT_PROCESS = 0xFFFFFFFF
"""``(DWORD)-1``: the console of the process that started this one."""
STREAMS = ("stdin", "stdout", "stderr")


class Console:
    """The parent console this process attached to (``attached``), and the streams it bound
    to it, to be put back by :meth:`release`."""

    def __init__(self, ctypes: Any = None, replaced: dict[str, tuple[Any, IO[str]]] | None = None) -> None:
        self.ctypes = ctypes
        self.replaced = replaced or {}
        """Stream name -> (what it was, the console stream put in its place)."""
        self.attached = ctypes is not None

    def release(self) -> None:
        """Detach from the console and put the streams back as they were (a ``print`` then
        goes nowhere, as in any windowed program). A stream someone else has replaced since
        is left as it is."""
        if not self.attached:
            return
        for name, (original, ours) in self.replaced.items():
            try:
                ours.flush()
                ours.close()
            except (OSError, ValueError):
                pass
            if getattr(sys, name) is ours:
                setattr(sys, name, original)
        self.replaced = {}
        self.ctypes.windll.kernel32.FreeConsole()
        self.attached = False


def _open_console(name: str, mode: str) -> IO[str]:
    """The console's input (``CONIN$``) or output (``CONOUT$``) as a text stream. Python
    writes UTF-8 to a console device through its wide-character API, so every language's
    text shows."""
    return open(name, mode, encoding="utf-8", errors="replace", buffering=1)


def attach_parent_console(platform: str = sys.platform, ctypes: Any = None,
                          open_console: Callable[[str, str], IO[str]] = _open_console) -> Console:
    """On Windows, when a standard stream leads nowhere, attach to the parent process's
    console (if there is one) and bind the missing streams to it; :func:`release` lets go of
    it. ``ctypes`` and ``open_console`` are for tests."""
    global _current
    _current = _attach(platform, ctypes, open_console)
    return _current


def release() -> None:
    """Let go of the console :func:`attach_parent_console` attached to, if any."""
    _current.release()


def _attach(platform: str, ctypes: Any, open_console: Callable[[str, str], IO[str]]) -> Console:
    missing = [name for name in STREAMS if getattr(sys, name) is None]
    if platform != "win32" or not missing:
        return Console()
    if ctypes is None:
        import ctypes
    try:
        if not ctypes.windll.kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
            return Console()  # double-clicked (no parent console), or one is already attached
    except (AttributeError, OSError):
        return Console()
    replaced = {}
    for name in missing:
        try:
            stream = open_console("CONIN$" if name == "stdin" else "CONOUT$", "r" if name == "stdin" else "w")
        except OSError:
            continue
        replaced[name] = (getattr(sys, name), stream)
        setattr(sys, name, stream)
    return Console(ctypes, replaced)


_current = Console()
"""The one attachment of this process (owned here; :func:`release` ends it)."""
