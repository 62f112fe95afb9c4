"""A real X server for the tests that watch the game as a player would (Xvfb, with
xdotool to drive it), and a patient wait for what the server shows."""

from __future__ import annotations

import contextlib
import os
import shutil
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from seahaven.app.saving.storage import Storage

XVFB, XDOTOOL, XWD = shutil.which("Xvfb"), shutil.which("xdotool"), shutil.which("xwd")
XPROP, OPENBOX = shutil.which("xprop"), shutil.which("openbox")
ROOT = Path(__file__).resolve().parents[2]


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


def window_manager(env: dict[str, str], stack: contextlib.ExitStack) -> None:
    """openbox on the X server of ``env``, once it manages windows (it has said so on the root
    window: ``_NET_SUPPORTING_WM_CHECK``): a game started before would open unmanaged."""
    assert OPENBOX is not None and XPROP is not None, "needs openbox and xprop"
    wm = subprocess.Popen([OPENBOX], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stack.callback(lambda: (wm.terminate(), wm.wait(10)))
    until(lambda: "window id" in subprocess.run([XPROP, "-root", "_NET_SUPPORTING_WM_CHECK"], env=env,
                                                capture_output=True, text=True).stdout, "openbox managing windows")


def until(check: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    """Ask ``check`` until it gives something true (the X server answers when it does)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def saved_moves(folder: Path) -> int:
    """The moves of the game a running game has saved in ``folder`` (its journal has each at
    once), read without touching anything of the game's: what a test waits for after keys."""
    loaded = Storage(folder, read_only=True).load_game().value
    return 0 if loaded is None else loaded.game.move_count


def screen_pixels(env: dict[str, str]) -> tuple[int, int, bytes]:
    """The whole screen as the X server shows it: (width, height, BGRX bytes), read from
    ``xwd`` (a ZPixmap of 32 bits per pixel at depth 24, as Xvfb's 24-bit screens give)."""
    assert XWD is not None, "needs xwd"
    data = subprocess.run([XWD, "-root", "-silent"], env=env, capture_output=True, check=True).stdout
    header = struct.unpack(">25I", data[:100])
    header_size, width, height = header[0], header[4], header[5]
    bits_per_pixel, bytes_per_line, ncolors = header[11], header[12], header[19]
    assert bits_per_pixel in (24, 32), f"unexpected xwd format: {bits_per_pixel} bits per pixel"
    start = header_size + 12 * ncolors
    size = bits_per_pixel // 8  # 24: what xwd gives while a client holds a window of another visual
    rows = [data[start + y * bytes_per_line: start + y * bytes_per_line + size * width] for y in range(height)]
    if size == 3:
        import pygame

        packed = pygame.image.frombuffer(b"".join(rows), (width, height), "BGR")
        return width, height, pygame.image.tobytes(packed, "BGRA")
    return width, height, b"".join(rows)


def start_game(stack: contextlib.ExitStack, env: dict[str, str], args: list[str], log: Path,
               timeout: float = 30.0) -> subprocess.Popen[bytes]:
    """``python -m seahaven ARGS`` on the X server of ``env``, what it says on standard error
    in ``log``, given back once its first frame is on the screen (``SEAHAVEN_TRACE_STARTUP``):
    its window shows the cloth before the game is made, so input sent at the sight of the
    window would race the first frame (and, at the default start, the window's turn to truly
    fullscreen right after it). Killed when ``stack`` closes, if still running."""
    with open(log, "wb") as err:
        game = subprocess.Popen([sys.executable, "-m", "seahaven", *args], cwd=ROOT,
                                env=dict(env, SEAHAVEN_TRACE_STARTUP="1"), stdout=subprocess.DEVNULL, stderr=err)
    stack.callback(lambda: game.poll() is None and (game.kill(), game.wait(10)))
    until(lambda: b"first frame" in log.read_bytes() or game.poll() is not None, "the first frame", timeout=timeout)
    assert game.poll() is None, log.read_text(errors="replace")
    return game
