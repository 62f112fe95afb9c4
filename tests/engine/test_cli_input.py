"""Issue 12: odd input on the command line is refused in one line, without hanging or
eating memory (codes that are not ASCII, huge sizes, FIFOs, huge replay files)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.engine.helpers import seahaven


@pytest.mark.parametrize(
    ("code", "named", "place"),
    [
        # the character is named in the language's own quotes (“ı” in English), not Python's repr
        ("SH1-C4-ıııııı2", "\u201cı\u201d", "8"),  # dotless i: upper() would make it a valid I
        ("SH1-C4-AAAAAJﬀ", "\u201cﬀ\u201d", "14"),  # a ligature: upper() would make it two letters
        ("SH1-C4-AAAAAJ1", "\u201c1\u201d", "14"),
    ],
)
def test_codes_are_ascii_and_the_bad_character_is_named(code: str, named: str, place: str) -> None:
    result = seahaven("deal", code)
    assert result.returncode == 3
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert named in lines[0] and place in lines[0], lines[0]
    assert "long" not in lines[0]


def test_lowercase_ascii_codes_still_work() -> None:
    assert seahaven("deal", " sh1-c4-aaaaaj2 ").returncode == 0


@pytest.mark.parametrize("command", [["bench", "--frames", "1"], ["layout"], []])
def test_sizes_past_8k_are_refused(command: list[str]) -> None:
    result = seahaven(*command, "--size", "16384x16384")
    assert result.returncode == 3
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "7680x4320" in lines[0], result.stderr


@pytest.mark.skipif(os.name != "posix", reason="FIFOs are POSIX")
@pytest.mark.parametrize("command", [["replay"], ["solve", "--board"]])
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    result = seahaven(*command, str(fifo), timeout=60)  # a hang fails this test, not the suite
    assert result.returncode == 3
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "not a regular file" in lines[0], result.stderr


def test_stdin_is_still_read(tmp_path: Path) -> None:
    result = seahaven("replay", "-", stdin='{"code": "SH1-C4-AAAAAJ2", "moves": []}\n')
    assert result.returncode == 0 and json.loads(result.stdout)["legal"] is True


def _write_records(path: Path, count: int, as_list: bool) -> None:
    with path.open("w") as handle:
        if as_list:
            handle.write("[\n")
            handle.write("{},\n" * (count - 1) + "{}\n]\n")
        else:
            handle.write("{}\n" * count)


@pytest.mark.slow  # several seconds each: .ci/run runs them, the everyday run skips them
@pytest.mark.parametrize("as_list", [False, True], ids=["lines", "list"])
def test_replay_streams_a_large_file_and_gives_every_verdict(tmp_path: Path, as_list: bool) -> None:
    path = tmp_path / "many.json"
    good = json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "cell3", "count": 1}]})
    count = 400_000
    _write_records(path, count, as_list)
    with path.open("a" if not as_list else "r+") as handle:
        if as_list:  # the last record is a real game
            handle.seek(0, os.SEEK_END)
            handle.seek(handle.tell() - 5)
            handle.write(f"{good}\n]\n")
        else:
            handle.write(good + "\n")
    result = seahaven("replay", str(path))
    lines = result.stdout.splitlines()
    assert result.returncode == 1 and result.stderr == ""
    assert len(lines) == count + (0 if as_list else 1)
    assert json.loads(lines[0])["error"].startswith("record:")
    assert json.loads(lines[-1]) == {"legal": True, "won": False, "applied": 1, "error": None}


@pytest.mark.slow
def test_replay_reports_a_broken_long_list_where_it_breaks(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[" + "{}," * 400_000 + "{]")
    result = seahaven("replay", str(path))
    lines = result.stdout.splitlines()
    assert result.returncode == 1 and len(lines) == 400_001
    assert "not valid JSON at character" in json.loads(lines[-1])["error"]
