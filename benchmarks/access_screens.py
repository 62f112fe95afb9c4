"""What the full-window screens cost in the accessibility tree, with a screen reader
listening: opening Help, Statistics, Settings and the daily deals (every node sent), turning
a page, opening Help on its Examples page (the example board's piles), a run chosen there,
and a scroll (the words carry no place: only the buttons that moved are sent again).

Run inside a desktop session with the AT-SPI bus (``tests/access/headless.sh`` makes one
headless):  ``tests/access/headless.sh .venv/bin/python benchmarks/access_screens.py [--rounds N]``.
Times each ``Access.sync`` (building the tree's data, comparing it with what was sent, and
handing the changed nodes to AccessKit). Prints JSON per step: the median and the largest in
milliseconds (wall clock), the median of the loop thread's CPU time, and nodes sent.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from access_tree import set_enabled  # (benchmarks/, beside this file)

    from seahaven.app.kit import Screen
    from seahaven.app.screens import navigation
    from seahaven.app.shell.launch import build
    from seahaven.app.shell.loop import STEP
    from seahaven.app.state.settings import Settings

    set_enabled(True)
    app, session, _table = build(size=(1280, 800), code="SH1-C4-AAAAAJ2", settings=Settings())
    end = time.monotonic() + 10
    while not app.access.active and time.monotonic() < end:
        app.step(STEP)
        time.sleep(0.01)
    for _ in range(20):
        app.step(STEP)
    results: dict[str, dict[str, list[float]]] = {}

    def timed(name: str, change: Callable[[], None]) -> None:
        change()
        top = app.scenes.top
        if isinstance(top, Screen) and top.dirty:
            top.layout()  # (what its update does)
        app.access.stale = True
        sent = app.access.sent_nodes
        t0, m0 = time.perf_counter(), time.thread_time()
        app.access.sync()
        row = results.setdefault(name, {"ms": [], "cpu": [], "nodes": []})
        row["ms"].append((time.perf_counter() - t0) * 1000)
        row["cpu"].append((time.thread_time() - m0) * 1000)
        row["nodes"].append(app.access.sent_nodes - sent)
        app.step(STEP)

    def screen() -> Screen:
        top = app.scenes.top
        assert isinstance(top, Screen)
        return top

    for _ in range(args.rounds):
        for name in ("help", "statistics", "settings"):
            timed(f"open {name}", lambda name=name: navigation.open_screen(app, session, name))
            timed(f"next page of {name}", lambda: screen().set_tab(1))
            timed(f"scroll {name}", lambda: screen().scroll_by(200))
            timed("close", lambda: screen().close())
        timed("open daily", lambda: navigation.open_daily(app, session))
        timed("close", lambda: screen().close())

        def open_examples() -> None:  # Help opened on its Examples page: the example board's piles too
            navigation.open_screen(app, session, "help")
            screen().set_tab(1)

        timed("open help on examples", open_examples)
        timed("choose a run on the example board", lambda: screen().key(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0)))
        timed("close", lambda: screen().close())
    app.close()
    for name, row in results.items():
        print(json.dumps({"step": name, "median_ms": round(statistics.median(row["ms"]), 3),
                          "max_ms": round(max(row["ms"]), 3),
                          "loop_thread_cpu_median_ms": round(statistics.median(row["cpu"]), 3),
                          "nodes": statistics.median(row["nodes"])}))


if __name__ == "__main__":
    main()
