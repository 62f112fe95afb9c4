"""A real X server for the tests that watch the game as a player would (Xvfb, with
xdotool to drive it), and a patient wait for what the server shows."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from typing import Any

XVFB, XDOTOOL = shutil.which("Xvfb"), shutil.which("xdotool")


def x_server(stack: contextlib.ExitStack, size: str = "1920x1080") -> str:
    """An Xvfb screen of ``size`` on a free display (its name), stopped when ``stack`` closes."""
    assert XVFB is not None, "needs Xvfb"
    read, write = os.pipe()
    server = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stack.callback(lambda: (server.terminate(), server.wait(10)))
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        number = pipe.readline().decode().strip()
    assert number, "Xvfb gave no display"
    return ":" + number


def until(check: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    """Ask ``check`` until it gives something true (the X server answers when it does)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")
