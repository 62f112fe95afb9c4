"""The default start as a player sees it: the real game, fullscreen, on a real X server,
with and without a window manager. Every pixel of the screen is the game's, right after
the deal and after moves by keys (issue 17, item 1: the first frame went to a borderless
window whose surface SDL replaced when it turned fullscreen, and only changed rectangles
were painted on the new one, leaving black patches that grew with every move)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from pathlib import Path

import pygame
import pytest

from tests.app.table_helpers import key, make_app, post, settle, steps
from tests.app.xserver import (
    OPENBOX,
    XDOTOOL,
    XVFB,
    XWD,
    saved_moves,
    screen_pixels,
    start_game,
    until,
    window_manager,
    x_server,
)

ROOT = Path(__file__).resolve().parents[2]


def _black_share(surface: pygame.Surface) -> float:
    w, h = surface.get_size()
    points = [(x, y) for y in range(0, h, 7) for x in range(0, w, 7)]
    return sum(1 for p in points if surface.get_at(p)[:3] == (0, 0, 0)) / len(points)


@pytest.mark.parametrize("event", [pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED])
def test_a_new_window_surface_is_painted_whole(event: int) -> None:
    """Headless, the same path: the window's surface lost what the game drew on it (SDL
    made it anew at the same size, or another window covered it) and the window says so;
    the next frame paints all of it, not only what changed."""
    app = make_app(size=(1024, 768))
    try:
        settle(app)
        pygame.display.set_mode((1024, 768), pygame.RESIZABLE).fill((0, 0, 0))  # what a fullscreen switch leaves
        post(event, x=1024, y=768)
        key(app, pygame.K_1)  # a change that alone repaints one column
        steps(app, 2)
        assert app.screen is pygame.display.get_surface()
        assert _black_share(pygame.display.get_surface()) == 0.0
        assert app.scenes.bottom.board.selection is not None  # the key reached the table
    finally:
        app.close()


needs_x = pytest.mark.skipif(None in (XVFB, XDOTOOL, XWD), reason="needs Xvfb, xdotool and xwd")


def unpainted_share(env: dict[str, str]) -> float:
    """The share of the screen that is pure black: SDL's colour for a surface nobody drew
    on. No theme paints it (the darkest felt is far from it), nor does a card."""
    _, _, pixels = screen_pixels(env)
    black = sum(1 for i in range(0, len(pixels), 16) if pixels[i:i + 3] == b"\0\0\0")
    return black / (len(pixels) / 16)


@pytest.mark.slow  # a real X server and window, seconds each: .ci/run runs them, the everyday run skips them
@needs_x
@pytest.mark.parametrize(("size", "manager"), [("1280x800", False), ("1280x800", True), ("1080x1920", True)])
def test_the_default_start_paints_the_whole_screen(tmp_path: Path, size: str, manager: bool) -> None:
    if manager and OPENBOX is None:
        pytest.skip("needs openbox")
    with contextlib.ExitStack() as stack:
        env = dict(os.environ, DISPLAY=x_server(stack, size), SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   SEAHAVEN_TRACE_STARTUP="1")
        if manager:
            window_manager(env, stack)
        log = tmp_path / "stderr.txt"
        game = start_game(stack, env, ["--code", "SH1-C4-AAAAAJ2"], log)

        def xdo(*args: str) -> str:
            return subprocess.run([XDOTOOL, *args], env=env, capture_output=True, text=True).stdout

        window = until(lambda: xdo("search", "--onlyvisible", "--pid", str(game.pid)).split(), "a window")[0]
        # the window turns fullscreen after its first frame: every pixel painted once the switch
        # and the frames after it are done (a state: a busy machine only takes longer)
        until(lambda: unpainted_share(env) < 0.001, "the whole screen painted", timeout=60)
        assert game.poll() is None, log.read_text()
        xdo("windowfocus", "--sync", window)
        for name in ("1", "a", "2", "b", "3", "c", "Escape", "4", "d"):  # columns to cells, as a player would
            xdo("key", "--window", window, name)
        data = Path(env["XDG_DATA_HOME"]) / "seahaven-towers"
        until(lambda: saved_moves(data) >= 2, "the moves made", timeout=60)
        assert game.poll() is None, log.read_text()
        until(lambda: unpainted_share(env) < 0.001, "the whole screen painted after the moves", timeout=60)
        # the keys were moves in the game itself (it saves them when asked to close)
        game.terminate()
        assert game.wait(20) == 0, log.read_text()
        saved = json.loads((Path(env["XDG_DATA_HOME"]) / "seahaven-towers" / "current.json").read_text())
        assert saved["code"] == "SH1-C4-AAAAAJ2" and len(saved["moves"]) >= 2
