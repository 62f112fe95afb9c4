"""``seahaven bench`` drives the real table headless and prints frame times as JSON."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from seahaven.commands.bench import FrameTimes
from tests.engine.helpers import seahaven


@pytest.mark.parametrize("scenario", ["idle", "drag", "animate", "cascade"])
def test_bench_runs_each_scenario_and_prints_frame_times(scenario: str) -> None:
    result = seahaven("bench", "--size", "800x600", "--scenario", scenario, "--frames", "12")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["scenario"] == scenario and figures["frames"] == 12
    assert 0 <= figures["p50"] <= figures["p95"] <= figures["p99"] <= figures["max"]


def test_the_frame_summary_is_bounded_and_close_to_exact() -> None:
    rng = random.Random(7)
    values = [rng.lognormvariate(1.0, 0.8) for _ in range(200_000)]
    times = FrameTimes()
    for value in values:
        times.add(value)
    ordered = sorted(values)
    assert times.count == len(values) and times.max == ordered[-1]
    assert len(times._buckets) < 2_000  # not one entry per frame
    for p in (50, 95, 99):
        exact = ordered[int(p / 100 * len(values)) - 1]
        assert exact <= times.percentile(p) <= exact * 1.011


def test_bench_stops_on_sigterm_and_prints_what_it_measured() -> None:
    bench = subprocess.Popen([sys.executable, "-m", "seahaven", "bench", "--size", "800x600", "--scenario", "idle",
                              "--frames", "100000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    try:
        time.sleep(4)  # past the deal: measuring
        bench.send_signal(signal.SIGTERM)
        out, err = bench.communicate(timeout=30)
    finally:
        bench.kill()
    assert bench.returncode == 128 + signal.SIGTERM, err
    figures = json.loads(out)
    assert figures["stopped_by"] == "SIGTERM" and figures["frames"] < 100_000_000
