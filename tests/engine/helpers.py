"""Test helpers: positions built from a short description, and the outside vectors kept in tests/data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from seahaven.engine import Card, Position
from tests.conftest import ROOT, VECTORS


def seahaven(*args: str, stdin: str | None = None, timeout: float = 120,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m seahaven ARGS`` as a user would: a real process, text out (``env``: variables
    set over the test's own, such as LANGUAGE)."""
    return subprocess.run(
        [sys.executable, "-m", "seahaven", *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=timeout,
        env=None if env is None else {**os.environ, **env},
    )


def load_vectors(name: str) -> list[dict[str, Any]]:
    path = Path(VECTORS) / name
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def board(columns: list[str], cells: list[str | None], foundations: dict[str, int]) -> Position:
    """A validated position: columns as space-separated cards, bottom first."""
    return Position(
        [None if c is None else Card.parse(c) for c in cells],
        [foundations[s] for s in "CDHS"],
        [[Card.parse(c) for c in col.split()] for col in columns],
    )


def run_limit_example() -> Position:
    """The seed's example: 1 free cell and 2 empty columns (Hard). An 8-card run can be
    picked up and dropped on a column; a king-led run goes into an empty column only if it
    has at most 4 cards."""
    position = board(
        [
            "KS QS JS TS 9S 8S 7S 6S",
            "9H 8H 7H 6H 5H 4H 3H 2H",
            "KH QH JH TH",
            "KD QD JD TD",
            "KC QC JC TC 9C",
            "8C",
            "7C",
            "9D",
            "",
            "",
        ],
        [None],
        {"C": 6, "D": 8, "H": 1, "S": 5},
    )
    position.validate()
    return position
