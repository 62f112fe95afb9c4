"""``seahaven bench`` runs every scenario through the real loop and prints its frame times
(the speed itself is for people to read: no timed assertion here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("scenario", ["idle", "drag", "animate", "cascade"])
def test_bench_runs_each_scenario(scenario: str) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "game", "bench", "--size", "800x600", "--frames", "5",
                             "--scenario", scenario], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["scenario"] == scenario and report["frames"] == 5 and report["size"] == [800, 600]
