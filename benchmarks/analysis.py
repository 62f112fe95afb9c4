"""The analysis of whole games (issue 38, item 4): how long every move of a game of about 150
moves takes to review, won and lost, with 4, 2 and 1 cells; and how long, at most, the
analysis keeps the interpreter from a game loop beside it. Aim: a 150-move game analysed
completely in at most 10 s on a two-core machine; a game loop's frames under 20 ms.

Run: ``python benchmarks/analysis.py [--moves 150] [--cells 4 2 1] [--runs 2] [--deals 40]``.

The games are played here, the same on every run: from a winnable deal (fixed deal numbers),
a player who picks at random among the legal moves (never a take-back), never one the solver
proves lost, until the game is about ``--moves`` long; a won game then ends along the
solver's line; a lost one makes the first losing move it can from half-way on (late in a
game every move may keep it winnable), one that leaves a move to make, and plays on at
random. The time is the wall time of :func:`analyse` (the
review included), in the main thread. Then the same analysis runs on a worker thread, as
the game's job runner runs it, while the main thread wakes every millisecond and notes how
late it was: the longest wait is what a frame could lose (``idle ms``: the same without the
analysis, what the machine's other load costs alone). ``--deals N`` also analyses the
solver's own winning line on N fixed deals per difficulty (a player who never wastes a move
meets the tightest positions) and prints the median and the slowest. Numbers on a shared
machine are noisy: run it twice.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seahaven.engine import APP_RULES, DEAL_COUNT, GameCode, Move, Position
from seahaven.engine.analysis import Analysis, analyse
from seahaven.engine.solver import solve
from seahaven.engine.solver_thread import SolverJob

DEALS = {4: 1004, 2: 1003, 1: 1061}
SEED = 20260101
"""The fixed deal list of ``--deals`` (benchmarks/solver.py's)."""
"""A deal per difficulty that the solver proves winnable."""
AIM_S = 10.0
FRAME_MS = 20.0


def status(position: Position) -> str:
    return solve(position, APP_RULES, max_nodes=200_000, max_seconds=math.inf).status


def lively(position: Position) -> bool:
    """Whether a move other than a take-back can be made from ``position``."""
    return any(not move.source.is_foundation for move in position.legal_moves(APP_RULES))


def play(cells: int, moves: int, won: bool, seed: int) -> tuple[list[Position], list[Move]]:
    """A game of about ``moves`` moves on the deal for ``cells`` cells (see the docstring)."""
    rng = random.Random(seed)
    position = GameCode(cells, DEALS[cells]).position()
    positions, played = [position], []
    lose_at = moves // 2 if not won else None

    def step(move: Move) -> None:
        nonlocal position
        position = position.apply(move)
        positions.append(position)
        played.append(move)

    while len(played) < moves and not position.is_won:
        if won:
            line = solve(position, APP_RULES).line
            if len(played) + len(line) >= moves:
                for move in line:
                    step(move)
                break
        options = [m for m in position.legal_moves(APP_RULES) if not m.source.is_foundation]
        rng.shuffle(options)
        if lose_at is not None and len(played) >= lose_at and status(position) != "lost":
            pick = next((m for m in options if status(position.apply(m)) == "lost" and lively(position.apply(m))),
                        None)
        else:
            pick = None
        if pick is None and (lose_at is None or status(position) != "lost"):
            pick = next((m for m in options if status(position.apply(m)) == "won"), None)
        elif pick is None:
            pick = next((m for m in options if lively(position.apply(m))), None)
        if pick is None:
            break
        step(pick)
    return positions, played


def stalls(positions: list[Position], moves: list[Move]) -> tuple[float, float, float]:
    """The analysis on a worker thread: its seconds, the longest a thread that sleeps a
    millisecond at a time waited beyond that millisecond (ms), and the same wait over as long
    with no analysis running (what the machine's other load costs alone)."""
    job: SolverJob[Analysis] = SolverJob(analyse, positions, moves, APP_RULES)
    begin = time.perf_counter()
    worst = late_wakes(lambda: not job.done)
    seconds = time.perf_counter() - begin
    job.result()
    until = time.perf_counter() + seconds
    return seconds, worst, late_wakes(lambda: time.perf_counter() < until)


def late_wakes(running: Callable[[], bool]) -> float:
    """The longest a sleep of a millisecond overran (ms) while ``running()``."""
    worst = 0.0
    while running():
        before = time.perf_counter()
        time.sleep(0.001)
        worst = max(worst, (time.perf_counter() - before) * 1000 - 1.0)
    return worst


def solver_lines(cells: int, deals: int) -> tuple[int, float, float]:
    """The analysis of the solver's winning line on each winnable deal of the first ``deals``
    of the fixed list: how many, the median and the largest seconds."""
    rng = random.Random(SEED)
    times = []
    for _ in range(deals):
        start = GameCode(cells, rng.randrange(DEAL_COUNT)).position()
        line = solve(start, APP_RULES).line
        if not line:
            continue
        positions = [start]
        for move in line:
            positions.append(positions[-1].apply(move))
        begin = time.perf_counter()
        analyse(positions, list(line), APP_RULES)
        times.append(time.perf_counter() - begin)
    ordered = sorted(times)
    return len(times), ordered[len(ordered) // 2] if ordered else math.nan, ordered[-1] if ordered else math.nan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--cells", type=int, nargs="+", default=[4, 2, 1], choices=[4, 2, 1])
    parser.add_argument("--runs", type=int, default=2, help="analyses of each game (the best counts)")
    parser.add_argument("--deals", type=int, default=0, help="also the solver's lines of this many fixed deals")
    args = parser.parse_args()
    print(f"{'game':<14}{'moves':>6}{'lost_at':>8}{'critical':>9}{'found':>6}{'nodes':>9}"
          f"{'seconds':>9}{'thread s':>9}{'stall ms':>9}{'idle ms':>8}")
    slowest = 0.0
    worst_stall = 0.0
    for cells in args.cells:
        for won in (True, False):
            positions, moves = play(cells, args.moves, won, seed=cells * 10 + won)
            times = []
            for _ in range(args.runs):
                begin = time.perf_counter()
                result = analyse(positions, moves, APP_RULES)
                times.append(time.perf_counter() - begin)
            threaded, stall, idle = stalls(positions, moves)
            best = min(times)
            slowest = max(slowest, best)
            worst_stall = max(worst_stall, stall)
            name = f"{cells} cells, {'won' if result.won else 'lost'}"
            print(f"{name:<14}{result.moves:>6}{result.lost_at!s:>8}{len(result.critical):>9}"
                  f"{len(result.found):>6}{result.review.nodes + result.nodes:>9}{best:>9.2f}"
                  f"{threaded:>9.2f}{stall:>9.1f}{idle:>8.1f}")
            assert result.complete
    print(f"slowest analysis {slowest:.2f} s (aim: at most {AIM_S:.0f} s: {'ok' if slowest <= AIM_S else 'OVER'}); "
          f"longest wait of the other thread {worst_stall:.1f} ms "
          f"(aim: under {FRAME_MS:.0f} ms: {'ok' if worst_stall < FRAME_MS else 'OVER'})")
    for cells in args.cells if args.deals else ():
        count, median, largest = solver_lines(cells, args.deals)
        print(f"the solver's winning lines of {count} deals with {cells} cells: median {median:.2f} s, "
              f"slowest {largest:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
