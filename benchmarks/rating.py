"""Check the deal rating (game/seahaven/engine/rating.py) against how often a weak player wins.

    python benchmarks/rating.py                     # 300 winnable deals per difficulty, 40 plays each
    python benchmarks/rating.py --deals 100 --plays 20 --cells 4

For each difficulty, winnable deals are taken from a fixed sequence of deal numbers (the
same on every machine) and rated; each is then played ``--plays`` times by a randomised
greedy player (below). The table prints, per rating, how many deals got it, their median
work, and the greedy player's win rate on them, with Spearman's rank correlation between
work and the deal's win count (negative: harder-rated deals are won less). A good rating
orders the win rates from 1 down to 5.

The player: it sends a card home whenever one can go; otherwise it picks at random among
the moves that lead to a position it has not seen in this game (no take-backs, no moves
from cell to cell), weighting a move onto a card 4, into an empty column 2, into a cell 1;
it never undoes. It knows nothing of the solver. Its win rates are low (a few per cent),
so the buckets need many plays. Counts are deterministic: the same on every run.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seahaven.engine import APP_RULES, DEAL_COUNT, GameCode, Position, Rules
from seahaven.engine.rating import STARS, rate

NAMES = {4: "Easy", 2: "Medium", 1: "Hard"}
MAX_MOVES = 400


def greedy_play(position: Position, rules: Rules, rng: random.Random) -> bool:
    """One game of the randomised greedy player; True if it wins."""
    seen = {position.key()}
    for _ in range(MAX_MOVES):
        if position.is_won:
            return True
        moves = position.legal_moves(rules)
        home = [m for m in moves if m.dest.is_foundation]
        if home:
            position = position.apply(home[0])
            seen.add(position.key())
            continue
        options: list[Position] = []
        weights: list[int] = []
        for move in moves:
            if move.source.is_foundation or (move.source.is_cell and move.dest.is_cell):
                continue
            after = position.apply(move)
            if after.key() in seen:
                continue
            options.append(after)
            weights.append(1 if move.dest.is_cell else 4 if position.cards(move.dest) else 2)
        if not options:
            return False
        position = rng.choices(options, weights)[0]
        seen.add(position.key())
    return position.is_won


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        result = [0.0] * len(values)
        i = 0
        while i < len(order):  # ties share their mean rank
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result

    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="winnable deals per difficulty")
    parser.add_argument("--plays", type=int, default=40, help="greedy games per deal")
    parser.add_argument("--cells", type=int, nargs="*", default=[4, 2, 1])
    args = parser.parse_args()
    start = time.perf_counter()
    print(f"{args.deals} winnable deals per difficulty, {args.plays} greedy games each (app run limit)")
    for cells in args.cells:
        rows: list[tuple[int, float, int]] = []  # stars, work, wins
        k = 0
        while len(rows) < args.deals:
            seed = f"rating-bench-C{cells}-{k}".encode()
            k += 1
            deal = int.from_bytes(hashlib.sha256(seed).digest()[:8], "big") % DEAL_COUNT
            position = GameCode(cells, deal).position()
            rating = rate(position, APP_RULES)
            if rating is None:
                continue
            rng = random.Random(deal)
            wins = sum(greedy_play(position, APP_RULES, rng) for _ in range(args.plays))
            rows.append((rating.stars, rating.work, wins))
        print(f"\n{NAMES.get(cells, cells)} ({cells} cells): {len(rows)} rated of {k} deals tried")
        print(f"  {'rating':>6} {'deals':>6} {'median work':>12} {'greedy win rate':>16}")
        for stars in range(1, STARS + 1):
            group = [row for row in rows if row[0] == stars]
            if not group:
                print(f"  {stars:>6} {0:>6}")
                continue
            rate_won = sum(row[2] for row in group) / (len(group) * args.plays)
            print(f"  {stars:>6} {len(group):>6} {statistics.median(r[1] for r in group):>12.0f} {rate_won:>15.1%}")
        rho = spearman([row[1] for row in rows], [row[2] for row in rows])
        print(f"  Spearman(work, greedy wins per deal) = {rho:+.2f}")
    print(f"\n{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
