"""The command line as a user runs it: a real process, stdout, stderr and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import VECTORS
from tests.engine.helpers import load_vectors, seahaven


def test_version() -> None:
    result = seahaven("--version")
    assert result.returncode == 0 and result.stdout.startswith("seahaven ")


@pytest.mark.parametrize("vector", load_vectors("codes.jsonl")[:6])
def test_deal_prints_the_position(vector: dict) -> None:
    result = seahaven("deal", vector["code"].lower(), "--format", "json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == vector["position"]
    fcs = seahaven("deal", vector["code"])
    assert fcs.returncode == 0 and fcs.stdout.startswith("Foundations: H-0 C-0 D-0 S-0\nFreecells: ")


@pytest.mark.parametrize("code", ["SH1-C3-AAAAAAA", "nonsense", "SH1-C4-AAAAA1A", ""])
def test_deal_refuses_bad_codes_in_one_line(code: str) -> None:
    result = seahaven("deal", code)
    assert result.returncode != 0 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_replay_checks_every_vector_solution() -> None:
    result = seahaven("replay", str(Path(VECTORS) / "solutions.jsonl"))
    verdicts = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0
    assert len(verdicts) == len(load_vectors("solutions.jsonl"))
    assert all(v["legal"] and v["won"] and v["error"] is None for v in verdicts)


def test_replay_under_the_classic_limit_fails_the_app_only_lines() -> None:
    records = load_vectors("solutions.jsonl")
    result = seahaven("replay", "--classic", str(Path(VECTORS) / "solutions.jsonl"))
    verdicts = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1
    assert [not v["legal"] for v in verdicts] == [r["needs_app_run_limit"] for r in records]


def test_replay_reads_stdin_and_reports_the_bad_move() -> None:
    record = {"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "col7", "count": 1},
                                                   {"from": "col1", "to": "found", "count": 1}]}
    result = seahaven("replay", "-", stdin=json.dumps(record))
    assert result.returncode == 1
    verdict = json.loads(result.stdout)
    assert verdict["applied"] == 1 and verdict["error"].startswith("move 2:")


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\xff\xfe garbage", b"{\"code\": ", b"[" * 200000, b"null"],
    ids=["empty", "binary", "truncated", "deep", "null"],
)
def test_replay_refuses_hostile_files_cleanly(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    result = seahaven("replay", str(path))
    assert result.returncode != 0 and "Traceback" not in result.stderr + result.stdout


def test_replay_refuses_a_100_mb_file(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(100 * 1024 * 1024)
    result = seahaven("replay", str(path))
    assert result.returncode == 3
    assert "larger than" in result.stderr and "Traceback" not in result.stderr


def test_replay_of_a_missing_file_says_so() -> None:
    result = seahaven("replay", "/nonexistent/record.json")
    # our sentence, never the C library's ("No such file or directory")
    assert result.returncode == 3 and "/nonexistent/record.json does not exist." in result.stderr
    assert "No such file" not in result.stderr


def test_unknown_subcommand_is_one_line() -> None:
    result = seahaven("fly")
    assert result.returncode != 0 and "Traceback" not in result.stderr
