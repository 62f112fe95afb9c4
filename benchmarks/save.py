"""Saving a long game: the main thread's cost of a save, at 1,000 and 30,000 moves.

Run: ``python benchmarks/save.py [--saves N]``. For each length, a game of that many moves
is saved N times, one move more each time, into a temporary folder, and three things are
timed (milliseconds, p50 / p95 / max):

- ``main``: what the main thread spends in ``Storage.save_game`` (the snapshot and the
  hand-over), with the writer idle, as in play, where moves are seconds apart;
- ``main, busy writer``: the same while the writer is still writing the previous saves
  (saves back to back, the worst case for the main thread);
- ``writer``: the time the background write takes until it is on disk (``flush``).

Aims (issue 12): ``main`` at most 2 ms at 1,000 moves and 10 ms at 30,000 moves.
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time

from seahaven.app.saving.storage import Storage
from seahaven.engine import APP_RULES, Game, GameCode, Move


def long_game(n: int) -> tuple[Game, Move, Move]:
    """A game of ``n`` moves: a card to a cell, then back and forth between two cells."""
    code = GameCode.parse("SH1-C4-AAAAAJ2")
    game = Game(code.position(), APP_RULES, code)
    game.play(game.position.resolve(Move.from_json({"from": "col1", "to": "cell3", "count": 1})))
    there = game.position.resolve(Move.from_json({"from": "cell3", "to": "cell4", "count": 1}))
    back = game.position.resolve(Move.from_json({"from": "cell4", "to": "cell3", "count": 1}))
    for k in range(n - 1):
        game.play(there if k % 2 == 0 else back)
    return game, there, back


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))]


def show(label: str, values: list[float]) -> None:
    print(f"  {label:<20} p50 {percentile(values, 50):7.3f}   p95 {percentile(values, 95):7.3f}"
          f"   max {max(values):7.3f} ms")


def measure(moves: int, saves: int) -> None:
    game, there, back = long_game(moves)
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(folder)
        storage.save_game(game, 1.0)  # the move texts are cached from the first save on
        storage.flush()
        main, busy, writer = [], [], []
        for k in range(saves):
            game.play(there if (moves + k) % 2 == 1 else back)
            start = time.perf_counter()
            storage.save_game(game, 1.0)
            main.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            storage.flush()
            writer.append((time.perf_counter() - start) * 1000)
        for k in range(saves):
            game.play(there if (moves + saves + k) % 2 == 1 else back)
            start = time.perf_counter()
            storage.save_game(game, 1.0)
            busy.append((time.perf_counter() - start) * 1000)
        storage.flush()
    print(f"{moves:,} moves ({saves} saves):")
    show("main", main)
    show("main, busy writer", busy)
    show("writer", writer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=200)
    args = parser.parse_args()
    for moves in (1_000, 30_000):
        measure(moves, args.saves)


if __name__ == "__main__":
    main()
