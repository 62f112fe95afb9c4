"""Issue 24, item 3: memory is budgeted in bytes whatever the window size. A window larger
than the game draws (8K) is drawn at the largest size within the budget, said once; a
resize event of any size never raises; every cache of sized art keeps to its share of
bytes; and a real X window at 8K, 16384x16384 and 32767x32767 stays within the figures of
the issue and closes cleanly on SIGTERM."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from seahaven.app.looks import art_cache
from seahaven.app.looks.art_cache import MAX_DRAWN_PIXELS, MAX_DRAWN_SIDE, Lru, SizedArt, drawn_size, nbytes
from seahaven.app.saving.storage import Storage
from seahaven.app.shell.loop import STEP
from tests.app.table_helpers import key, make_app, post, settle
from tests.app.xserver import XDOTOOL, XVFB, start_game, until, x_server

TOO_LARGE = "The window is too large to draw"


def test_the_drawn_size_is_the_window_up_to_8k_and_the_largest_within_it_beyond() -> None:
    for size in ((800, 600), (1920, 1080), (7680, 4320), (4320, 7680), (16384, 2025)):
        assert drawn_size(size) == size
    for size in ((16384, 16384), (32767, 32767), (100000, 100000), (100000, 300), (7681, 4320)):
        w, h = drawn_size(size)
        assert w * h <= MAX_DRAWN_PIXELS and max(w, h) <= MAX_DRAWN_SIDE and w >= 320 and h >= 240
        assert w * h > MAX_DRAWN_PIXELS * 0.98 or max(w, h) == MAX_DRAWN_SIDE  # the largest that fits
    w, h = drawn_size((16384, 16384))
    assert w == h  # of the window's shape
    assert drawn_size((0, -5)) == (320, 240)


def test_sized_art_and_lru_keep_to_their_bytes_but_never_drop_the_size_in_use() -> None:
    face = pygame.Surface((10, 10), pygame.SRCALPHA)
    one = nbytes(face)
    assert one == 400 and nbytes("words") == 0
    art: SizedArt[pygame.Surface] = SizedArt(keep=5, budget=3 * one)
    for key_ in range(3):
        art.put("card", 1, key_, face)
    art.put("card", 2, 0, face)  # four faces: size 1 (used longest ago) goes whole
    assert art.sizes("card") == [2] and art.bytes == one
    for key_ in range(1, 6):
        art.put("card", 2, key_, face)  # the size in use is kept whole, over the budget
    assert len(art) == 6 and art.bytes == 6 * one
    art.put("back", 1, "back", face)  # another size: the one not in use goes
    assert art.sizes("card") == [] and art.sizes("back") == [1] and art.bytes == one
    assert art.replace("back", 1, "back", pygame.Surface((20, 10), pygame.SRCALPHA)) and art.bytes == 2 * one
    lru: Lru[pygame.Surface] = Lru(10, budget=2 * one)
    for n in range(5):
        lru.put(n, face)
    assert len(lru) == 2 and lru.bytes == 2 * one and 4 in lru and 2 not in lru
    lru.put("big", pygame.Surface((100, 100), pygame.SRCALPHA))  # alone over the budget: kept alone
    assert len(lru) == 1 and "big" in lru


def _shares(app: object) -> list[tuple[str, int, int, int]]:
    """(cache, bytes held, its share, sizes held) for every cache of sized art."""
    painter = app.painter
    assets = painter.assets
    return [("cards", painter._cards.bytes, art_cache.CARDS_BYTES, len(painter._cards.sizes("card"))),
            ("misc", painter._misc.bytes, art_cache.MISC_BYTES, 1),
            ("text", painter._text.bytes, art_cache.TEXT_BYTES, 1),
            ("shapes", painter._shapes.bytes, art_cache.SHAPES_BYTES, 1),
            ("sprites", assets._surfaces.bytes, art_cache.SPRITES_BYTES, len(assets._surfaces.sizes("cards"))),
            ("stocks", assets._stocks.bytes, art_cache.STOCKS_BYTES, 1),
            ("felt", painter._felt.bytes, art_cache.PICTURE_BYTES, 1)]


def test_a_resize_event_of_100000_is_drawn_at_the_largest_size_said_once_and_play_goes_on() -> None:
    app = make_app(size=(1280, 800))
    table = app.scenes.bottom
    post(pygame.VIDEORESIZE, w=100000, h=100000, size=(100000, 100000))
    settle(app)
    drawn = drawn_size((100000, 100000))
    assert app.size == drawn and pygame.display.get_surface().get_size() == drawn  # the window shrank to it
    assert table.layout.size == drawn
    assert table.message is not None and table.message.text.startswith(TOO_LARGE)
    assert f"{drawn[0]} × {drawn[1]}" in table.message.text
    key(app, pygame.K_1)
    key(app, pygame.K_c)  # column 1's card to cell C (A and B hold cards), at the large size
    settle(app)
    assert table.game.move_count == 1
    table.status.clear()
    for w, h in ((32767, 32767), (16384, 16384), (2**31 - 1, 2**31 - 1)):
        post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        app.step(STEP)
    settle(app)
    assert app.size == drawn and table.message is None  # said once only
    post(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600))
    settle(app)
    assert app.size == (800, 600) and table.layout.size == (800, 600) and table.game.move_count == 1
    for name, held, share, sizes in _shares(app):
        assert held <= share or sizes == 1, (name, held, share)
    assert app.painter._felt.bytes == 800 * 600 * 4  # the felt of the window in use only
    app.close()


def test_a_window_drawn_in_part_when_it_stays_too_large() -> None:
    """Fullscreen on a screen larger than 8K (or a window the window manager keeps large):
    the table is drawn in the window's top-left part at the largest size, said once."""
    app = make_app(size=(1280, 800))
    table = app.scenes.bottom
    app.window._refused = (8000, 4500)  # a window manager kept it so once: resize records it so
    pygame.display.set_mode((8000, 4500))  # as SDL hands the game a window it did not ask for
    app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=8000, y=4500))
    settle(app)
    drawn = drawn_size((8000, 4500))
    assert app.size == drawn and app.screen.get_parent() is pygame.display.get_surface()
    assert table.layout.size == drawn and table.message is not None and table.message.text.startswith(TOO_LARGE)
    app.close()


# -- the real window on Xvfb ---------------------------------------------------------------

needs_x = pytest.mark.skipif(XVFB is None or XDOTOOL is None or not sys.platform.startswith("linux"),
                             reason="needs Xvfb, xdotool and /proc")


def _mb(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no {field}")


class RealGame:
    """The real game in an X window, resized by the X server as a window manager would."""

    def __init__(self, stack: contextlib.ExitStack, tmp_path: Path) -> None:
        self.env = dict(os.environ, DISPLAY=x_server(stack), SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                        SEAHAVEN_TRACE_STARTUP="1")
        self.log = tmp_path / "stderr.txt"
        self.game = start_game(stack, self.env, ["--size", "800x600", "--code", "SH1-C4-AAAAAJ2"], self.log)
        self.window = until(lambda: self.xdo("search", "--pid", str(self.game.pid)).split(), "a window")[0]

    def xdo(self, *args: str) -> str:
        return subprocess.run([XDOTOOL, *args], env=self.env, capture_output=True, text=True).stdout

    def resize(self, w: int, h: int) -> None:
        self.xdo("windowsize", self.window, str(w), str(h))
        assert self.game.poll() is None, self.log.read_text()

    def keys(self, *names: str, moves: int) -> None:
        """Press ``names`` in the window, then wait until the game has saved ``moves`` moves
        (its journal has them at once): the state, however busy the machine."""
        self.xdo("windowfocus", "--sync", self.window)
        for name in names:
            self.xdo("key", "--window", self.window, name)
        until(lambda: self.moves_so_far() >= moves, f"{moves} moves saved", timeout=60)
        assert self.game.poll() is None, self.log.read_text()

    def moves_so_far(self) -> int:
        """The moves of the game as saved now (read only: nothing of the game's is touched)."""
        saved = Storage(Path(self.env["XDG_DATA_HOME"]) / "seahaven-towers", read_only=True).load_game().value
        return 0 if saved is None else saved.game.move_count

    def memory_back_under(self, mb: float) -> float:
        """Wait until the game holds less than ``mb`` MB (the big window's memory given back); the RSS."""
        until(lambda: self.rss() < mb, f"the memory given back, under {mb} MB (now {self.rss():.0f} MB)",
              timeout=60)
        return self.rss()

    def geometry(self) -> str:
        return self.xdo("getwindowgeometry", self.window).split("Geometry:")[-1].strip()

    def rss(self) -> float:
        return _mb(self.game.pid, "VmRSS")

    def peak(self) -> float:
        return _mb(self.game.pid, "VmHWM")

    def close(self) -> str:
        """SIGTERM: the game saves and closes; its standard error."""
        self.game.send_signal(signal.SIGTERM)
        assert self.game.wait(30) == 0, self.log.read_text()
        text = self.log.read_text()
        assert "Traceback" not in text and "Fatal Python error" not in text, text
        return text

    def saved_moves(self) -> int:
        saved = json.loads((Path(self.env["XDG_DATA_HOME"]) / "seahaven-towers" / "current.json").read_text())
        return len(saved["moves"])


@pytest.mark.slow  # a real X server, a window of 8K and of 16384x16384: seconds
@needs_x
def test_a_real_8k_window_then_800x600_and_a_step_at_16384_stay_within_the_memory_figures(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        game = RealGame(stack, tmp_path)
        game.resize(7680, 4320)
        assert game.geometry() == "7680x4320"  # 8K is drawn at its own size
        game.keys("1", "c", "2", "d", moves=2)  # two moves at 8K, as a player makes them: drawn there
        at_8k = game.peak()
        game.resize(800, 600)
        back = game.memory_back_under(350)
        print(f"8K peak {at_8k:.0f} MB, back at 800x600 {back:.0f} MB")
        assert at_8k < 900
        game.resize(16384, 16384)
        # drawn smaller: the window was shrunk to it
        until(lambda: game.geometry() != "16384x16384", "the 16384x16384 window shrunk", timeout=60)
        at_16k = game.peak()
        game.resize(800, 600)
        back = game.memory_back_under(350)
        print(f"16384x16384 peak {at_16k:.0f} MB, back at 800x600 {back:.0f} MB")
        assert at_16k < 1600
        game.close()
        assert game.saved_moves() >= 2  # the moves made at 8K were the game's own


@pytest.mark.slow  # a real X server and a window of 32767x32767
@needs_x
def test_a_real_32767_window_keeps_the_game_running_and_sigterm_closes_it(tmp_path: Path) -> None:
    with contextlib.ExitStack() as stack:
        game = RealGame(stack, tmp_path)
        game.resize(32767, 32767)
        until(lambda: game.geometry() != "32767x32767", "the 32767x32767 window shrunk", timeout=60)
        game.keys("1", "c", moves=1)
        assert game.game.poll() is None
        game.close()
        assert game.saved_moves() >= 1
