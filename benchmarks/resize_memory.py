"""Resident memory over many window resizes: the caches of art drawn at a size must stay
bounded (issue 21: 120 real resizes once took the game from 43 MB to 969 MB).

Run: ``python benchmarks/resize_memory.py [--resizes 200] [--frames 3] [--help-every 0]``.
Headless (SDL's dummy driver), the real game loop: each resize is a real VIDEORESIZE event
to a new size between 800x600 and 3840x2160 (landscape and portrait), then a few frames
are drawn; ``--help-every N`` also opens Help (its example board draws cards at a size of
its own) every N resizes. Prints the resident set size (VmRSS, Linux) at the start, the
peak and the end, in MB, and how many surfaces the caches hold, as one JSON line.
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

from seahaven.app.launch import build
from seahaven.app.loop import STEP
from seahaven.app.settings import Settings


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
    painter = app.painter  # type: ignore[attr-defined]
    return painter.cached() if hasattr(painter, "cached") else -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resizes", type=int, default=200)
    parser.add_argument("--frames", type=int, default=3, help="frames drawn after each resize")
    parser.add_argument("--help-every", type=int, default=0, help="open Help every N resizes (0: never)")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
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
