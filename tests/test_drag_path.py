"""Issue 26: a drag of a run from column 3 to column 7 crosses at most 12 of the game's files
from the pointer event to the journal line that saves it, the rules are asked once for the
lift and once for the drop, and "stuck" is worked out once for the change. Measured by
``benchmarks/drag_trace.py`` (the real loop, real pygame events, its own data folders),
run here as the player's interpreter runs it."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from tests.conftest import ROOT

MAX_FILES = 12


def test_a_drag_crosses_at_most_twelve_files_and_asks_each_question_once() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "drag_trace.py")], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert "moves made: 1; journal line written: True" in out
    counted = re.search(r"files on the call stack at the drag's steps \((\d+)\)", out)
    assert counted is not None, out
    crossed = int(counted.group(1))
    files = [line.strip() for line in out.splitlines() if line.startswith("  ") and line[2] not in "-+"]
    assert crossed == len(files) <= MAX_FILES, files
    assert files[0] == "app/shell/loop.py" and files[-1] == "app/saving/storage.py", files
    for step in ("the lift", "the drop", "the move's legality", "stuck worked out", "the journal line"):
        assert f"{step}: 1 time(s)" in out, (step, out)
