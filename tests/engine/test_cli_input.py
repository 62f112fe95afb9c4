"""Issue 12: odd input on the command line is refused in one line, without hanging or
eating memory (codes that are not ASCII, huge sizes, FIFOs, huge replay files)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import seahaven


@pytest.mark.parametrize(
    ("code", "named", "place"),
    [
        ("SH1-C4-ıııııı2", "'ı'", "8"),  # dotless i: upper() would make it a valid I
        ("SH1-C4-AAAAAJﬀ", "'ﬀ'", "14"),  # a ligature: upper() would make it two letters
        ("SH1-C4-AAAAAJ1", "'1'", "14"),
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
