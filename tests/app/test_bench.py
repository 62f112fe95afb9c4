"""``seahaven bench`` drives the real table headless and prints frame times as JSON."""

from __future__ import annotations

import json

import pytest

from tests.engine.helpers import seahaven


@pytest.mark.parametrize("scenario", ["idle", "drag", "animate", "cascade"])
def test_bench_runs_each_scenario_and_prints_frame_times(scenario: str) -> None:
    result = seahaven("bench", "--size", "800x600", "--scenario", scenario, "--frames", "12")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["scenario"] == scenario and figures["frames"] == 12
    assert 0 <= figures["p50"] <= figures["p95"] <= figures["p99"] <= figures["max"]
