"""The file chooser under hostile input (issue 36: "answers every keystroke within a frame"):
how long the real loop takes to handle one input and draw the frame after it, headless, for
each case: opening on a folder of 1,000 game files, a key typed, a wheel notch, ``~d``, a
300-letter name refused, and 5,000-letter paths pasted (the shapes that once cost 49.7 s).

Run: ``python benchmarks/chooser.py [--repeat N] [--size WxH]``. Prints one line per case:
the median and the slowest of N, in milliseconds. The first line after a start also says
what the first name needing a system face costs (the system's font list is read once).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import seahaven.app.screens.game_files as screen
from seahaven.app.saving import game_file
from seahaven.app.shell.loop import STEP
from seahaven.engine import Game

PASTES = {"one long name": "/" + "a" * 4000 + "/b", "many folders": "/tmp/" + "ab/" * 1600,
          "5,000 letters": "x" * 5000, "words": "/" + "word " * 1000, "kanji": "/" + "日本語" * 1600}


def _event(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _key(key: int, mod: int = 0, text: str = "") -> None:
    _event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
    _event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
    if text:
        _event(pygame.TEXTINPUT, text=text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="chooser-bench-"))
    os.environ.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"))
    folder = home / "Documents"
    folder.mkdir(parents=True)
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game_file.save(folder / "template.seahaven", game, 1.0)
    data = (folder / "template.seahaven").read_bytes()
    for n in range(1000):
        (folder / f"game {n}.seahaven").write_bytes(data)
    (folder / "将棋 שחמט لعبة.seahaven").write_bytes(data)
    (home / "data" / "seahaven-towers").mkdir(parents=True)
    (home / "data" / "seahaven-towers" / "settings.json").write_text('{"version": 1, "animation": "off"}')

    from seahaven.app.shell.launch import open_game

    opened = open_game((size[0], size[1]), True, "SH1-C4-AAAAAJ2")
    app = opened.app
    app.step(0.0)
    clipboard = [""]
    screen.clipboard_get = lambda: clipboard[0]

    def timed(setup: Callable[[], None], act: Callable[[], None], after: Callable[[], None]) -> list[float]:
        times = []
        for _ in range(args.repeat):
            setup()
            app.step(STEP)
            start = time.perf_counter()
            act()
            app.step(STEP)  # the input handled and the frame after it drawn
            times.append(time.perf_counter() - start)
            after()
            app.step(STEP)
        return times

    def closed() -> None:
        while len(app.scenes) > 1:
            app.scenes.top.close()

    def chooser() -> None:
        closed()
        _key(pygame.K_o, pygame.KMOD_LCTRL)
        app.step(STEP)

    first = timed(closed, lambda: _key(pygame.K_o, pygame.KMOD_LCTRL), lambda: None)
    cases: dict[str, list[float]] = {"open on 1,000 files (first: system faces read)": first}
    cases["a letter typed"] = timed(chooser, lambda: _key(pygame.K_a, text="a"), lambda: None)
    cases["a wheel notch"] = timed(chooser, lambda: _event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False),
                                   lambda: None)
    cases["End in the list"] = timed(lambda: (chooser(), _key(pygame.K_DOWN)), lambda: _key(pygame.K_END),
                                     lambda: None)
    cases["~d typed"] = timed(lambda: (chooser(), clipboard.__setitem__(0, "~"), _key(pygame.K_v, pygame.KMOD_LCTRL)),
                              lambda: _key(pygame.K_d, text="d"), lambda: None)
    cases["a 300-letter name, Enter"] = timed(
        lambda: (chooser(), clipboard.__setitem__(0, str(folder / ("x" * 300))), _key(pygame.K_v, pygame.KMOD_LCTRL)),
        lambda: _key(pygame.K_RETURN), lambda: None)
    for name, text in PASTES.items():
        cases[f"paste: {name}"] = timed(lambda text=text: (chooser(), clipboard.__setitem__(0, text)),
                                        lambda: _key(pygame.K_v, pygame.KMOD_LCTRL), lambda: None)
        cases[f"a key after it: {name}"] = timed(
            lambda text=text: (chooser(), clipboard.__setitem__(0, text), _key(pygame.K_v, pygame.KMOD_LCTRL)),
            lambda: _key(pygame.K_z, text="z"), lambda: None)
    for name, times in cases.items():
        print(f"{args.size} {name:48} median {statistics.median(times) * 1000:7.2f} ms"
              f"  slowest {max(times) * 1000:7.2f} ms  (first {times[0] * 1000:7.2f} ms)")
    app.close()


if __name__ == "__main__":
    main()
