"""Measure the solver on a fixed list of deals per difficulty, beside Freecell Solver.

    python benchmarks/solver.py                 # 1000 deals each of 4, 2 and 1 cells, app limit
    python benchmarks/solver.py --classic       # classic limit, with fc-solve side by side
    python benchmarks/solver.py --deals 200 --cells 4 --hints 100

Prints, per difficulty: how many deals were decided (won or proved lost) within the
budget, the winnable share, the median, 95th percentile and maximum seconds and nodes
per deal. With ``--classic`` and ``fc-solve`` on PATH, Freecell Solver runs on the same
boards (wall time of the whole ``fc-solve`` process, startup included) and both medians
are printed with their ratio. Finally the hint latency: a full solve from positions
half-way along winning lines, as the game's Hint button would ask.

The deals are fixed: deal numbers drawn from ``random.Random(SEED)``, the same numbers
for every difficulty, so runs on different machines or versions compare.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seahaven.engine import APP_RULES, CLASSIC_RULES, DEAL_COUNT, GameCode, Position, Rules
from seahaven.engine.boards import to_fcs
from seahaven.engine.solver import Result, solve

SEED = 20260101
"""Seed of the fixed deal list."""


def deal_codes(cells: int, count: int) -> list[GameCode]:
    """The first ``count`` codes of the fixed list for ``cells`` cells."""
    rng = random.Random(SEED)
    return [GameCode(cells, rng.randrange(DEAL_COUNT)) for _ in range(count)]


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def fc_solve(position: Position, budget_s: float) -> tuple[str, float, int]:
    """Run Freecell Solver on ``position``: its verdict, wall seconds and states checked."""
    args = ["fc-solve", "-g", "seahaven_towers", "--freecells-num", str(position.cell_count), "-"]
    begin = time.perf_counter()
    try:
        done = subprocess.run(
            args, input=to_fcs(position), capture_output=True, text=True, timeout=budget_s, check=False
        )
    except subprocess.TimeoutExpired:
        return "unknown", time.perf_counter() - begin, 0
    seconds = time.perf_counter() - begin
    out = done.stdout
    states = 0
    for line in out.splitlines():
        if line.startswith("Total number of states checked is"):
            states = int(line.rstrip(".").split()[-1])
    if "This game is solveable." in out:
        return "won", seconds, states
    if "I could not solve this game." in out:
        return "lost", seconds, states
    return "unknown", seconds, states


def summary(name: str, seconds: list[float], nodes: list[int]) -> str:
    return (
        f"{name:>14}: median {statistics.median(seconds):7.4f} s  p95 {percentile(seconds, 95):7.4f} s  "
        f"max {max(seconds):7.4f} s | nodes median {statistics.median(nodes):8.0f}  "
        f"p95 {percentile(nodes, 95):8.0f}  max {max(nodes):8d}"
    )


def run_difficulty(cells: int, args: argparse.Namespace, rules: Rules) -> list[tuple[Position, Result]]:
    codes = deal_codes(cells, args.deals)
    results: list[tuple[Position, Result]] = []
    for code in codes:
        position = code.position()
        results.append((position, solve(position, rules, max_seconds=args.budget_s, max_nodes=10**9)))
    seconds = [r.seconds for _, r in results]
    nodes = [r.nodes for _, r in results]
    won = sum(r.won for _, r in results)
    lost = sum(r.lost for _, r in results)
    decided = won + lost
    n = len(results)
    print(f"\n{cells} cell{'s' if cells > 1 else ''}, {rules.run_limit} run limit, {n} deals ({codes[0]} ...)")
    print(
        f"  decided {decided}/{n} = {100 * decided / n:.1f}%  (winnable {100 * won / n:.1f}%, "
        f"proved lost {100 * lost / n:.1f}%, unknown {n - decided}) within {args.budget_s:g} s"
    )
    print(summary("ours", seconds, nodes))
    if rules.run_limit == "classic" and shutil.which("fc-solve") and not args.no_fc:
        fc = [fc_solve(position, args.budget_s) for position, _ in results]
        fc_seconds = [s for _, s, _ in fc]
        fc_states = [k for _, _, k in fc]
        fc_decided = sum(v != "unknown" for v, _, _ in fc)
        disagree = [
            str(code)
            for code, (v, _, _), (_, r) in zip(codes, fc, results)
            if v != "unknown" and not r.unknown and v != r.status
        ]
        print(f"  fc-solve decided {fc_decided}/{n}; verdicts that differ from ours: {len(disagree)} {disagree[:5]}")
        print(summary("fc-solve", fc_seconds, fc_states))
        ratio = statistics.median(seconds) / statistics.median(fc_seconds)
        p95_ratio = percentile(seconds, 95) / percentile(fc_seconds, 95)
        print(f"  median ratio ours / fc-solve = {ratio:.2f}  (p95 ratio {p95_ratio:.2f})")
    return results


def hint_latency(results: list[tuple[Position, Result]], rules: Rules, count: int, budget_s: float) -> None:
    """Time a solve from the middle of winning lines, as a hint on a game in progress does."""
    lines = [(p, r.line) for p, r in results if r.won and r.line][:count]
    if not lines:
        return
    times = []
    undecided = 0
    for position, line in lines:
        mid = position
        for move in line[: len(line) // 2]:
            mid = mid.apply(move)
        begin = time.perf_counter()
        result = solve(mid, rules, max_seconds=budget_s)
        times.append(time.perf_counter() - begin)
        undecided += not result.won
    print(
        f"\nhint latency on {len(times)} mid-game positions ({rules.run_limit} limit): median "
        f"{1000 * statistics.median(times):.1f} ms  p95 {1000 * percentile(times, 95):.1f} ms  "
        f"max {1000 * max(times):.1f} ms; not found {undecided}"
    )


def _busy(ms: float) -> None:
    """Pure-Python work, like a frame's update and draw calls."""
    end = time.perf_counter() + ms / 1000
    x = 0
    while time.perf_counter() < end:
        for i in range(100):
            x += i


def _frames(count: int = 90, work_ms: float = 5.0) -> list[float]:
    """Milliseconds each simulated 60 fps frame took to do its work (not counting the wait)."""
    took = []
    begin = time.perf_counter()
    for k in range(count):
        start = time.perf_counter()
        _busy(work_ms / 2)
        time.sleep(0.0005)  # a call that releases the interpreter lock, like display.flip()
        _busy(work_ms / 2)
        took.append(1000 * (time.perf_counter() - start))
        wait = begin + (k + 1) / 60 - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
    return took


def frame_cost(rules: Rules) -> None:
    """How much a search in a worker thread slows a game loop running beside it."""
    from seahaven.engine.solver_thread import SolverJob

    position = GameCode.parse("SH1-C4-TOHQIIB").position()  # a search of over a second
    alone = _frames()
    job = SolverJob(solve, position, CLASSIC_RULES, max_seconds=60)
    beside = _frames()
    began = time.perf_counter()
    job.cancel()
    job.join()
    stopped_ms = 1000 * (time.perf_counter() - began)
    for name, took in (("alone", alone), ("solver thread", beside)):
        print(
            f"  5 ms of frame work, {name:>13}: median {statistics.median(took):.2f} ms  "
            f"p95 {percentile(took, 95):.2f} ms  max {max(took):.2f} ms"
        )
    print(f"  cancel to stopped: {stopped_ms:.1f} ms (nodes searched {job.result().nodes})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="deals per difficulty (default 1000)")
    parser.add_argument("--cells", default="4,2,1", help="difficulties to run, like 4,2,1 (default)")
    parser.add_argument("--classic", action="store_true", help="classic run limit, and compare with fc-solve")
    parser.add_argument("--budget-s", type=float, default=2.0, help="seconds per deal (default 2)")
    parser.add_argument("--hints", type=int, default=200, help="mid-game positions for the hint latency")
    parser.add_argument("--no-fc", action="store_true", help="do not run fc-solve")
    parser.add_argument("--frames", action="store_true", help="only measure a game loop beside a solver thread")
    args = parser.parse_args()
    rules = CLASSIC_RULES if args.classic else APP_RULES
    if args.frames:
        frame_cost(rules)
        return 0
    print(f"solver benchmark: seed {SEED}, {args.deals} deals per difficulty, budget {args.budget_s:g} s")
    easy: list[tuple[Position, Result]] = []
    for cells in (int(c) for c in args.cells.split(",")):
        results = run_difficulty(cells, args, rules)
        easy += results
    if args.hints:
        hint_latency(easy, rules, args.hints, args.budget_s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
