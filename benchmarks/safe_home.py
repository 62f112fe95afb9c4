"""Check Send safe cards home on many deals and print what it found and what it cost.

    python benchmarks/safe_home.py                    # 1,000 winnable deals per difficulty, app limit
    python benchmarks/safe_home.py --deals 100 --classic

A player plays each deal with the setting on (mostly the solver's moves, now and then any
legal move); at each position where cards go home the solver's verdict before and after is
compared, and a winning line from before is played from after without the cards sent home,
every move checked by the rules (``tests/engine/safe_home_check.py``, which the test
``tests/engine/test_safe_home.py`` runs on a sample, and on 1,000 deals with the slow tests).
Deals come from ``benchmarks/solver.py``'s fixed list, so the numbers compare between runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seahaven.engine import APP_RULES, CLASSIC_RULES
from tests.engine.safe_home_check import CHECKS_PER_DEAL, check_deals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="winnable deals per difficulty (default 1000)")
    parser.add_argument("--cells", default="4,2,1", help="difficulties to run, like 4,2,1 (default)")
    parser.add_argument("--classic", action="store_true", help="the classic run limit")
    parser.add_argument("--workers", type=int, default=1, help="processes checking deals (default 1)")
    args = parser.parse_args()
    rules = CLASSIC_RULES if args.classic else APP_RULES
    print(f"Send safe cards home: {args.deals} winnable deals per difficulty, {rules.run_limit} run limit, "
          f"up to {CHECKS_PER_DEAL} positions checked per deal")
    failed = 0
    for cells in (int(c) for c in args.cells.split(",")):
        began = time.perf_counter()
        tally = check_deals(cells, args.deals, rules, args.workers)
        seconds = time.perf_counter() - began
        print(f"{cells} cell{'s' if cells > 1 else ''}: {tally.deals} deals walked, {tally.winnable_deals} winnable "
              f"played; {tally.positions} positions where {tally.cards} cards went home: {tally.winnable} winnable "
              f"before, {tally.lost} lost before, {tally.unknown} undecided; {len(tally.failures)} failures; "
              f"{tally.solves} searches in {seconds:.1f} s")
        for why in tally.failures[:5]:
            print(f"  {why}")
        failed += len(tally.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
