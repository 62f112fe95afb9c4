"""Help, Statistics and Settings: what one layout (placing the buttons, measuring the page,
clamping the scroll; done after each input that changes something) and one draw cost,
while the page is scrolled, at three window sizes.

Run: ``SDL_VIDEODRIVER=dummy python benchmarks/screens.py [--frames N]``. Prints one line
per screen and size, in milliseconds (median of N).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from seahaven.app.screens.help import CODES, EXAMPLES, KEYS, RULES, HelpScreen
from seahaven.app.screens.settings_screen import SettingsScreen
from seahaven.app.screens.statistics import StatsScreen
from seahaven.app.shell.launch import build
from seahaven.app.state.settings import Settings
from seahaven.app.state.stats import Stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    args = parser.parse_args()
    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
    for size in ((800, 600), (1280, 800), (3840, 2160)):
        app, _session, _table = build(size)
        surface = pygame.Surface(size)
        screens = {"help rules": HelpScreen(app, RULES), "help examples": HelpScreen(app, EXAMPLES),
                   "help codes": HelpScreen(app, CODES), "help keys": HelpScreen(app, KEYS),
                   "statistics": StatsScreen(app, Stats()), "settings": SettingsScreen(app, Settings())}
        for name, screen in screens.items():
            layouts, draws = [], []
            for i in range(args.frames):
                screen.scroll_by(screen.unit if i % 2 == 0 else -screen.unit)
                start = time.perf_counter()
                screen.layout()
                middle = time.perf_counter()
                screen.draw(surface)
                layouts.append(middle - start)
                draws.append(time.perf_counter() - middle)
            print(f"{size[0]}x{size[1]} {name:14} layout {statistics.median(layouts) * 1000:5.2f} ms"
                  f"  draw {statistics.median(draws) * 1000:5.2f} ms")
        app.close()


if __name__ == "__main__":
    main()
