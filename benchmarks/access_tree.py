"""What the accessibility tree costs: a move's tree update with a screen reader listening,
and the loop's share with none.

Run inside a desktop session with the AT-SPI bus (``tests/access/headless.sh`` makes one
headless):  ``tests/access/headless.sh .venv/bin/python benchmarks/access_tree.py [--moves N]``.
It marks the AT-SPI bus as listened to (as Orca does), opens the real window, waits for
AccessKit to activate, then plays a move N times (seeded random useful moves, a new deal when none is
left) and times each
``Access.sync`` (building the tree's data, comparing it with what was sent, and handing the
changed nodes to AccessKit). Then the same with no reader (``IsEnabled`` false). Prints
JSON: median, 95th percentile and least in milliseconds (wall clock), the median of the process's
CPU time (all its threads: AccessKit's too; not inflated by other programs on a busy machine)
and of the loop's thread alone (what a frame waits for),
and nodes sent per move.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import time


def set_enabled(value: bool) -> None:
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                    "--method", "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled",
                    f"<{'true' if value else 'false'}>"], check=True, capture_output=True)


def measure(moves: int, listening: bool) -> dict[str, object]:
    from seahaven.app.shell.launch import build
    from seahaven.app.shell.loop import STEP
    from seahaven.app.state.settings import Settings
    from seahaven.engine import Game, GameCode

    set_enabled(listening)
    app, _session, table = build(size=(1280, 800), code="SH1-C4-AAAAAJ2", settings=Settings())
    end = time.monotonic() + 10
    while listening and not app.access.active and time.monotonic() < end:
        app.step(STEP)
        time.sleep(0.01)
    for _ in range(20):
        app.step(STEP)
    table.finish_animations()
    rng = random.Random(2026)
    times: list[float] = []
    cpu: list[float] = []
    main: list[float] = []
    nodes = []
    for _ in range(moves):
        while app.scenes.top is not table:  # a stuck or won game's panel: the table again, untimed
            app.scenes.pop()
            app.step(STEP)
        legal = table.game.useful_moves() or table.game.legal_moves()
        if not legal:  # a new deal, untimed
            table.current.new_game(Game.from_code(GameCode(4, rng.randrange(1000))))
            app.access.sync()
            continue
        table.play(rng.choice(legal), sound=False)
        sent = app.access.sent_nodes
        t0, c0, m0 = time.perf_counter(), time.process_time(), time.thread_time()
        app.access.sync()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        main.append((time.thread_time() - m0) * 1000)
        nodes.append(app.access.sent_nodes - sent)
        table.finish_animations()
        app.step(STEP)
    app.close()
    times.sort()
    return {"listening": listening, "active": app.access.active, "moves": moves,
            "median_ms": round(statistics.median(times), 4), "p95_ms": round(times[int(len(times) * 0.95)], 4),
            "min_ms": round(times[0], 4), "cpu_median_ms": round(statistics.median(cpu), 4),
            "loop_thread_cpu_median_ms": round(statistics.median(main), 4),
            "nodes_per_move": statistics.median(nodes)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(json.dumps(measure(args.moves, True)))
    print(json.dumps(measure(args.moves, False)))


if __name__ == "__main__":
    main()
