"""How long the game stays hidden from screen readers after the accessibility bus restarts
(issue 41): the game runs headless under Xvfb with the AT-SPI bus, the bus is killed (its
launcher, its dbus-daemon and the registry) and started again as a reader starts it (setting
``IsEnabled``), and a new pyatspi reader, a process of its own, looks for the game and a pile
in its tree until it finds it (``tests/access/orca_session.py``'s ``restart_bus`` step, with no
Orca). Each figure runs from the call that brings the bus back; it holds the reader's own
start (python3 with pyatspi, about a quarter of a second), and a reader that finds nothing
within a minute is counted as None.

Run: ``.venv/bin/python benchmarks/bus_return.py [--times N]``. It needs the screen reader's
stack (Xvfb, xdotool, D-Bus, AT-SPI, pyatspi; see ``tests/access/``). Prints JSON: every
figure, the median and the most, in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "tests" / "access"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=5, help="how many times the bus restarts (one game)")
    parser.add_argument("--code", default="SH1-C4-AAAAAJ2")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="seahaven-bus-") as folder:
        data = Path(folder)
        (data / "seahaven-towers").mkdir()
        env = dict(os.environ, SEAHAVEN_DATA_HOME=str(data), ORCA_SESSION_READER="pyatspi")
        env.pop("SDL_VIDEODRIVER", None)
        game = [sys.executable, "-m", "seahaven", "--size", "1280x800", "--code", args.code]
        steps = [["restart_bus"]] * args.times
        done = subprocess.run([str(HERE / "headless.sh"), "/usr/bin/python3", str(HERE / "orca_session.py"),
                               str(data / "session"), json.dumps(steps), "--", *game],
                              capture_output=True, text=True, env=env, timeout=120 + 90 * args.times)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    errors = [line["value"] for line in lines if line["kind"] == "error"]
    if errors:
        raise SystemExit(f"the run failed: {errors}\n{done.stderr[-2000:]}")
    found = [line["value"] for line in lines if line["kind"] == "found_after"]
    seen = [s for s in found if s is not None]
    median = round(statistics.median(seen), 2) if seen else None
    print(json.dumps({"restarts": len(found), "found_after_s": found, "not_found": len(found) - len(seen),
                      "median_s": median, "most_s": max(seen, default=None)}, indent=1))


if __name__ == "__main__":
    main()
