"""The frame after each move that builds a long column: the card size changes with each
card the column cannot show at the least step, and that frame must not wait for 52 faces
to be rendered from SVG (they are scaled at once and drawn crisp later, while idle).

Run: ``python benchmarks/long_columns.py [--size 1920x1080 ...]``. Headless, the real loop:
twelve moves (legal, through the engine) put the queen to the ace of hearts on a king on
top of column 1 (17 cards); after each, the first frame is timed, then the table settles.
Prints one JSON line per size: the card width after each move and that frame in ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from seahaven.app.shell.launch import build
from seahaven.app.shell.loop import STEP
from seahaven.app.state.settings import Settings
from tests.app.long_columns import long_column_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", nargs="*", default=["1920x1080", "1080x1920", "3840x2160"])
    parser.add_argument("--idle-frames", type=int, default=8, help="frames between moves (crisp art is drawn then)")
    args = parser.parse_args()
    for text in args.size:
        size = tuple(int(n) for n in text.split("x"))
        pygame.display.init()
        game, moves = long_column_game(4, 1)
        app, _session, table = build(size=size, game=game, settings=Settings())
        for _ in range(5):
            app.step(STEP)
        table.finish_animations()
        widths, frames = [], []
        for move in moves:
            table.play(move)
            start = time.perf_counter()
            app.step(STEP)
            frames.append(round((time.perf_counter() - start) * 1000, 1))
            widths.append(table.layout.card_w)
            table.finish_animations()
            for _ in range(args.idle_frames):
                app.step(STEP)
        print(json.dumps({"size": text, "card_w": widths, "first_frame_ms": frames, "max_ms": max(frames)}))
        app.close()


if __name__ == "__main__":
    main()
