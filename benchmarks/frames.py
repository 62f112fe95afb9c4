"""Frame times of the table, headless: every ``seahaven bench`` scenario at 1920x1080 and
3840x2160, as a table. Budgets (issue 4): p95 <= 4 ms at 1920x1080 and <= 10 ms at
3840x2160 during drag and animation.

    python benchmarks/frames.py [--frames 600]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

SIZES = ("1920x1080", "3840x2160")
SCENARIOS = ("idle", "drag", "animate", "cascade")
BUDGET = {"1920x1080": 4.0, "3840x2160": 10.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    print(f"{'size':>10} {'scenario':>9} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}  budget (p95)")
    for size in SIZES:
        for scenario in SCENARIOS:
            out = subprocess.run(
                [sys.executable, "-m", "seahaven", "bench", "--size", size, "--scenario", scenario,
                 "--frames", str(args.frames)],
                capture_output=True, text=True, env=env, check=True,
            ).stdout
            r = json.loads(out.strip().splitlines()[-1])
            budget = ""
            if scenario in ("drag", "animate"):
                ok = r["p95"] <= BUDGET[size]
                budget = f"{BUDGET[size]:.0f} ms {'ok' if ok else 'OVER'}"
            print(f"{size:>10} {scenario:>9} {r['p50']:7.2f} {r['p95']:7.2f} {r['p99']:7.2f} {r['max']:7.2f}  {budget}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
