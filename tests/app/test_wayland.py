"""Issue 40: the game plays natively on Wayland (SDL_VIDEODRIVER=wayland), under weston's
headless backend (a real Wayland compositor with no screen), and X11's shared-memory hint is
set on X11 only: with it, Wayland gave no window at all ("Window framebuffer support not
available"). A display whose driver starts but gives no window is one sentence, exit 5."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from seahaven.app.shell.loop import App
from tests.app.xserver import until
from tests.conftest import ROOT

WESTON = shutil.which("weston")
needs_weston = pytest.mark.skipif(WESTON is None or not sys.platform.startswith("linux"),
                                  reason="needs weston (Debian's weston package)")


@pytest.fixture
def wayland(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A headless weston of its own; the environment of a game that plays on it (SDL's Wayland
    driver asked for, so SDL cannot fall back to another)."""
    assert WESTON is not None
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    socket = "seahaven-test-wayland"
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime), WAYLAND_DISPLAY=socket, SDL_VIDEODRIVER="wayland",
               SDL_AUDIODRIVER="dummy", HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("DISPLAY", None)
    env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    log = tmp_path / "weston.log"
    with open(log, "w") as out:
        weston = subprocess.Popen([WESTON, "--backend=headless-backend.so", f"--socket={socket}", "--idle-time=0"],
                                  env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        until(lambda: (runtime / socket).exists() or weston.poll() is not None, "weston's socket", timeout=60)
        assert weston.poll() is None, log.read_text()
        yield env
    finally:
        weston.terminate()
        weston.wait(10)


@pytest.mark.slow  # a compositor and the real game: seconds
@needs_weston
def test_the_game_plays_on_wayland(wayland: dict[str, str]) -> None:
    probe = subprocess.run([sys.executable, "-c", "import pygame; pygame.display.init(); "
                            "print(pygame.display.get_driver())"], env=wayland, capture_output=True, text=True,
                           timeout=60)
    assert probe.stdout.split()[-1:] == ["wayland"], probe.stdout + probe.stderr
    # the real game's command line on Wayland, played by posting real events into its loop
    done = subprocess.run([sys.executable, "-m", "tests.kill_driver", "--windowed", "--size", "800x600"],
                          env=dict(wayland, SEAHAVEN_SCRIPT="4"), cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    # four actions: moves, undos, redos, now and then a restart (the driver's dice: 3 % an action)
    events = [line["event"] for line in lines]
    assert events[0] == "start" and len(events) == 5, done.stdout + done.stderr
    assert set(events[1:]) <= {"action", "restart"}, done.stdout + done.stderr
    assert any(line["line"] for line in lines), lines  # moves were made and saved
    assert "Traceback" not in done.stderr, done.stderr


@pytest.mark.slow
@needs_weston
def test_a_window_the_driver_cannot_give_is_one_sentence(wayland: dict[str, str]) -> None:
    """The hint the game once set on every driver, set by hand: Wayland then has no window to
    give. The game says so in one sentence of its own, exit 5 (as without a display)."""
    done = subprocess.run([sys.executable, "-m", "seahaven", "--windowed", "--size", "800x600"],
                          env=dict(wayland, SDL_FRAMEBUFFER_ACCELERATION="0"), cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 5, done.stderr
    assert done.stderr.splitlines() == ["seahaven: error: the video driver wayland started, but it could not open "
                                        "the game's window."], done.stderr


def test_the_shared_memory_hint_is_set_on_x11_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    app = App(size=(800, 600))  # the tests' dummy driver
    try:
        assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    finally:
        app.close()
