"""Windows high-DPI: the game declares itself DPI-aware before its window opens.

Without it, Windows at 125-200 % scaling tells the game a smaller desktop and stretches the
window bitmap, so a fullscreen window is larger than the monitor or blurry (a known pygame
problem). Only the standard library is used; everywhere but Windows this does nothing.
"""

from __future__ import annotations

import os
import sys
from typing import Any

PROCESS_PER_MONITOR_DPI_AWARE = 2
"""shcore's PROCESS_DPI_AWARENESS value: the game scales itself, per monitor."""
E_ACCESSDENIED = -2147024891
"""HRESULT 0x80070005 as ctypes returns it: the awareness was already set (by the manifest)."""


def declare_dpi_awareness(platform: str = sys.platform, ctypes: Any = None) -> str | None:
    """Make this process DPI-aware on Windows; say how (``"per-monitor"``, ``"system"``) or
    None when nothing was done. Call it before pygame opens a window.

    ``SetProcessDpiAwareness`` (Windows 8.1 and later) is tried first, then the older
    ``SetProcessDPIAware`` (Vista and later). SDL is also asked for per-monitor v2 through its
    hint, which it applies when the video system starts. ``ctypes`` is for tests.
    """
    if platform != "win32":
        return None
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    if ctypes is None:
        import ctypes
    try:
        result = ctypes.windll.shcore.SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE)
        if result in (0, E_ACCESSDENIED):
            return "per-monitor"
    except (AttributeError, OSError):  # no shcore.dll before Windows 8.1
        pass
    try:
        if ctypes.windll.user32.SetProcessDPIAware():
            return "system"
    except (AttributeError, OSError):
        pass
    return None
