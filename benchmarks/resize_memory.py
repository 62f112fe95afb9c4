"""Resident memory over many window resizes: the caches of art drawn at a size must stay
bounded (issue 21: 120 real resizes once took the game from 43 MB to 969 MB).

Run: ``python benchmarks/resize_memory.py [--resizes 200] [--frames 3] [--help-every 0]``.
Headless (SDL's dummy driver), the real game loop: each resize is a real VIDEORESIZE event
to a new size between 800x600 and 3840x2160 (landscape and portrait), then a few frames
are drawn; ``--help-every N`` also opens Help (its example board draws cards at a size of
its own) every N resizes. Prints the resident set size (VmRSS, Linux) at the start, the
peak and the end, in MB, and how many surfaces the caches hold, as one JSON line.

``--x11``: the real game in a real X window instead (Xvfb and xdotool), resized by the X
server as a player's window manager would: 7680x4320 with four moves there, 800x600,
one step at 16384x16384, 800x600, 32767x32767, 800x600; after each, the game's peak
(VmHWM) and resident memory (VmRSS) in MB five seconds on, one JSON line each, and how
it ended on SIGTERM (issue 24: 8K under 900 MB, 16384x16384 under 1.6 GB, back at 800x600
under 350 MB, 32767x32767 no crash).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from seahaven.app.shell.launch import build
from seahaven.app.shell.loop import STEP
from seahaven.app.state.settings import Settings


def rss_mb() -> float:
    """This process's resident set size in MB (0 where /proc is not there)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cached(app: object) -> int:
    painter = app.painter
    return painter.cached() if hasattr(painter, "cached") else -1


def proc_mb(pid: int, field: str) -> float:
    """``field`` (VmRSS, VmHWM) of process ``pid`` in MB; 0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


X11_PLAN = ((7680, 4320, ("1", "c", "2", "d")), (800, 600, ()), (16384, 16384, ()), (800, 600, ()),
            (32767, 32767, ()), (800, 600, ()))


def real_window(settle_s: float = 5.0) -> None:
    """The real game on Xvfb, resized by the X server (see the module's notes)."""
    import contextlib
    import subprocess
    import tempfile
    import time

    from tests.app.xserver import XDOTOOL, until, x_server

    with contextlib.ExitStack() as stack:
        home = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        env = dict(os.environ, DISPLAY=x_server(stack), SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   SEAHAVEN_TRACE_STARTUP="1", HOME=str(home))
        for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            env[name] = str(home / name.lower())
        log = home / "stderr.txt"
        with open(log, "w") as err:
            game = subprocess.Popen([sys.executable, "-m", "seahaven", "--size", "800x600", "--code", "SH1-C4-AAAAAJ2"],
                                    env=env, stdout=subprocess.DEVNULL, stderr=err,
                                    cwd=Path(__file__).resolve().parent.parent)
        stack.callback(lambda: game.poll() is None and (game.kill(), game.wait()))
        until(lambda: "first frame" in log.read_text(), "the first frame")

        def xdo(*args: str) -> str:
            return subprocess.run([XDOTOOL, *args], env=env, capture_output=True, text=True).stdout

        window = until(lambda: xdo("search", "--pid", str(game.pid)).split(), "the window")[0]
        for w, h, keys in X11_PLAN:
            xdo("windowsize", window, str(w), str(h))
            time.sleep(1.0)
            for key in keys:
                xdo("key", "--window", window, key)
                time.sleep(0.3)
            time.sleep(settle_s)
            geometry = xdo("getwindowgeometry", window).split("Geometry:")[-1].strip()
            figures = {"window": f"{w}x{h}", "drawn": geometry, "alive": game.poll() is None,
                       "peak_mb": round(proc_mb(game.pid, "VmHWM")), "rss_mb": round(proc_mb(game.pid, "VmRSS"))}
            print(json.dumps(figures), flush=True)
            if game.poll() is not None:
                break
        if game.poll() is None:
            game.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                game.wait(30)
        text = log.read_text()
        print(json.dumps({"exit": game.poll(), "traceback": "Traceback" in text,
                          "fatal": "Fatal Python error" in text}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resizes", type=int, default=200)
    parser.add_argument("--frames", type=int, default=3, help="frames drawn after each resize")
    parser.add_argument("--help-every", type=int, default=0, help="open Help every N resizes (0: never)")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--x11", action="store_true", help="the real game in a real X window (Xvfb, xdotool)")
    args = parser.parse_args()
    if args.x11:
        real_window()
        return
    rng = random.Random(args.seed)
    pygame.display.init()
    app, _session, _table = build(size=(1280, 800), code="SH1-C4-AAAAAJ2", settings=Settings())
    for _ in range(5):
        app.step(STEP)
    start = peak = rss_mb()
    for n in range(1, args.resizes + 1):
        w, h = rng.randrange(800, 3841), rng.randrange(600, 2161)
        if rng.random() < 0.3:
            w, h = min(w, h), max(w, h)  # a tall window: two bands
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
        if args.help_every and n % args.help_every == 0:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
        for _ in range(args.frames):
            app.step(STEP)
        if args.help_every and n % args.help_every == 0:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
            app.step(STEP)
        peak = max(peak, rss_mb())
    print(json.dumps({"resizes": args.resizes, "rss_start_mb": round(start, 1), "rss_peak_mb": round(peak, 1),
                      "rss_end_mb": round(rss_mb(), 1), "cached_surfaces": cached(app)}))


if __name__ == "__main__":
    main()
