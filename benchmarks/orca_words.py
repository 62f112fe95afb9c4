"""How many words a blind player hears per move: Orca (headless, its speech taken from its
debug log) listens while a whole game is played by keys alone, the solver's winning line
for a deal (SH1-C4-AAAAAJ2 by default), one pile key to pick up and one to drop (f for a
foundation), as a player would press them.

Run: ``.venv/bin/python benchmarks/orca_words.py [--code CODE] [--keep DIR]``. It needs the
screen reader's stack (Xvfb, xdotool, D-Bus, AT-SPI, Orca, speech-dispatcher; see
``tests/access/``). Each move waits for the game's journal to hold it and for Orca to say its
destination, never for a time. Prints JSON: the moves, the median, mean, 90th percentile and
most words per move, the median of the moves from a column to a column, the total, and
the five wordiest moves with what was said.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from seahaven.engine import Game
from seahaven.engine.solver import solve

HERE = Path(__file__).resolve().parent.parent / "tests" / "access"


def pile_key(name: str) -> str:
    """The key that picks a pile of the JSON move format ("col3" → "3", "cell2" → "b")."""
    if name.startswith("col"):
        return str(int(name[3:]) % 10)
    if name.startswith("cell"):
        return "abcd"[int(name[4:]) - 1]
    return "f"


def where(name: str) -> str:
    """A regex for the destination as an English move sentence names it."""
    if name.startswith("col"):
        return rf"column {int(name[3:])}\b"
    if name.startswith("cell"):
        return rf"cell {int(name[4:])}\b"
    return "foundation"


def steps_for(code: str) -> tuple[list[list[object]], list[str]]:
    game = Game.from_code(code)
    result = solve(game.position, game.rules)
    if result.status != "won":
        raise SystemExit(f"{code}: the solver finds no winning line ({result.status})")
    line = result.line
    steps: list[list[object]] = []
    kinds = []
    for n, move in enumerate(line, 1):
        record = move.to_json()
        kinds.append(f"{record['from'][:3]}-{record['to'][:3]}")
        steps.append(["key", pile_key(record["from"]), None])
        last = n == len(line)
        steps.append(["key", pile_key(record["to"]), None if last else where(record["to"])])
        steps.append(["say", "won"] if last else ["journal", n])  # (a won game leaves the journal)
    return steps, kinds


def words(line: str) -> int:
    return len(re.findall(r"\w+", line))


def per_move_words(spoken: list[str]) -> list[tuple[int, list[str]]]:
    """Words and sentences per move: what Orca said from a move's first key to the next move's."""
    per_move: list[tuple[int, list[str]]] = []
    keys = 0
    for line in spoken:
        if line.startswith("=== key "):
            keys += 1
            if keys % 2 == 1:
                per_move.append((0, []))
            continue
        if line.startswith("=== ") or not per_move:
            continue
        count, said = per_move[-1]
        per_move[-1] = (count + words(line), [*said, line])
    return per_move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", default="SH1-C4-AAAAAJ2")
    parser.add_argument("--keep", help="a folder for Orca's log and what it said")
    args = parser.parse_args()
    steps, kinds = steps_for(args.code)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(args.keep or tmp)
        data = Path(tmp) / "data"
        (data / "seahaven-towers").mkdir(parents=True)
        env = dict(os.environ, SEAHAVEN_DATA_HOME=str(data),
                   SEAHAVEN_JOURNAL=str(data / "seahaven-towers" / "current-journal.jsonl"))
        env.pop("SDL_VIDEODRIVER", None)
        game = [sys.executable, "-m", "seahaven", "--size", "1280x800", "--code", args.code]
        done = subprocess.run([str(HERE / "headless.sh"), "/usr/bin/python3", str(HERE / "orca_session.py"), str(out),
                               json.dumps(steps), "--", *game], capture_output=True, text=True, env=env)
        lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        errors = [line["value"] for line in lines if line["kind"] == "error"]
        if errors:
            print(done.stderr[-3000:], file=sys.stderr)
            raise SystemExit(f"orca_session: {errors[0]}")
        spoken = next(line["value"] for line in lines if line["kind"] == "spoken")
    per_move = per_move_words(spoken)
    counts = sorted(count for count, _said in per_move)
    columns = [count for (count, _said), kind in zip(per_move, kinds) if kind == "col-col"]
    print(json.dumps({
        "code": args.code, "moves": len(kinds), "median_words": statistics.median(counts),
        "column_moves": len(columns), "median_column_move_words": statistics.median(columns),
        "mean_words": round(statistics.fmean(counts), 1), "p90_words": counts[int(0.9 * (len(counts) - 1))],
        "most_words": counts[-1], "total_words": sum(counts),
        "wordiest": [said for _count, said in sorted(per_move, key=lambda m: -m[0])[:5]],
    }, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
