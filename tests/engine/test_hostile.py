"""Bad input gets a clear, specific error: codes, positions, moves, records."""

from __future__ import annotations

import copy
import json

import pytest

from seahaven.engine import (
    GameCode,
    InvalidCode,
    InvalidMove,
    InvalidPosition,
    Move,
    Position,
    SeahavenError,
    Why,
)
from seahaven.engine.boards import parse_board
from seahaven.engine.records import check_record, read_records

START = GameCode.parse("SH1-C4-AAAAAJ2").position().to_json()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("SH2-C4-AAAAAJ2", "unknown code prefix"),
        ("XYZ", "unknown code prefix"),
        ("SH1-C3-AAAAAJ2", "C4, C2 or C1"),
        ("SH1-C-AAAAAJ2", "C4, C2 or C1"),
        ("SH1-4-AAAAAJ2", "C4, C2 or C1"),
        ("SH1-C4-AAAAJ2", "7 characters long, not 6"),
        ("SH1-C4-AAAAAAJ2", "7 characters long, not 8"),
        ("SH1-C4-AAAAA12", "'1' cannot appear"),
        ("SH1-C4-AAAAA8A", "'8' cannot appear"),
        ("SH1-C4-AAAA=AA", "'=' cannot appear"),
        ("SH1-C4", "three parts"),
        ("SH1-C4-AAAAAJ2-X", "three parts"),
        ("SH1 C4 AAAAAJ2", "unknown code prefix"),
    ],
)
def test_malformed_codes_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(InvalidCode, match=reason):
        GameCode.parse(text)


@pytest.mark.parametrize("value", [None, 42, ["SH1-C4-AAAAAJ2"], b"SH1-C4-AAAAAJ2"])
def test_codes_must_be_text(value: object) -> None:
    with pytest.raises(InvalidCode):
        GameCode.parse(value)


def mutated(change) -> dict:
    position = copy.deepcopy(START)
    change(position)
    return position


BAD_POSITIONS = {
    "51 cards": (mutated(lambda p: p["columns"][0].pop()), "missing: 6H"),
    "53 cards": (mutated(lambda p: p["columns"][0].append("AS")), "both in"),
    "a duplicate for a missing card": (
        mutated(lambda p: p["columns"][0].__setitem__(0, "3C")),
        "both in",
    ),
    "a card both home and in a column": (
        mutated(lambda p: p["foundations"].__setitem__("H", 1)),
        "both in",
    ),
    "an unknown card": (mutated(lambda p: p["columns"][3].__setitem__(0, "1X")), "not a card"),
    "a joker": (mutated(lambda p: p["cells"].__setitem__(2, "JOKER")), "not a card"),
    "a number for a card": (mutated(lambda p: p["columns"][3].__setitem__(0, 7)), "where a card"),
    "three cells": (mutated(lambda p: p["cells"].pop()), "4, 2 or 1"),
    "five cells": (mutated(lambda p: p["cells"].append(None)), "4, 2 or 1"),
    "nine columns": (mutated(lambda p: p["columns"].pop()), "10 columns"),
    "a column that is text": (mutated(lambda p: p["columns"].__setitem__(0, "KH 3C")), "list of cards"),
    "a foundation too high": (mutated(lambda p: p["foundations"].__setitem__("C", 14)), "0 to 13"),
    "a negative foundation": (mutated(lambda p: p["foundations"].__setitem__("C", -1)), "0 to 13"),
    "a boolean foundation": (mutated(lambda p: p["foundations"].__setitem__("C", True)), "0 to 13"),
    "an unknown suit": (mutated(lambda p: p["foundations"].__setitem__("X", 0)), "C, D, H and S"),
    "an unknown field": (mutated(lambda p: p.__setitem__("jokers", 2)), "unknown field"),
    "no columns": (mutated(lambda p: p.pop("columns")), "needs 'columns'"),
    "a list": ([], "must be a JSON object"),
    "a string": ("board", "must be a JSON object"),
}


@pytest.mark.parametrize(("obj", "reason"), BAD_POSITIONS.values(), ids=BAD_POSITIONS.keys())
def test_impossible_positions_are_refused(obj: object, reason: str) -> None:
    with pytest.raises(InvalidPosition, match=reason):
        Position.from_json(obj)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "needs 10 columns"),
        ("Foundations: H-0 C-0 D-0 S-0\nFreecells: - - -\n" + ": KS\n" * 10, "4, 2 or 1"),
        ("Foundations: H-Z C-0 D-0 S-0\n", "foundation height"),
        ("Foundations: X-0\n", "not a foundation"),
        ("Weird: line\n", "unknown board line"),
        ("{not json", "not valid JSON"),
        ("[" * 100000, "not valid JSON"),
    ],
)
def test_malformed_boards_are_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidPosition, match=reason):
        parse_board(text)


@pytest.mark.parametrize(
    ("obj", "reason"),
    [
        ({"from": "col1"}, "both 'from' and 'to'"),
        ({"from": "col11", "to": "col1"}, "not a pile"),
        ({"from": "cell5", "to": "col1"}, "not a pile"),
        ({"from": "found-X", "to": "col1"}, "not a pile"),
        ({"from": "col1", "to": "col2", "count": 0}, "count"),
        ({"from": "col1", "to": "col2", "count": 14}, "count"),
        ({"from": "col1", "to": "col2", "count": "3"}, "count"),
        ({"from": "col1", "to": "col2", "count": 2.5}, "count"),
        ({"from": "col1", "to": "col2", "count": True}, "count"),
        ({"from": 1, "to": "col2"}, "pile names"),
        ({"from": "col1", "to": "col2", "why": 1}, "unknown field"),
        (["col1", "col2"], "JSON object"),
    ],
)
def test_malformed_moves_are_refused(obj: object, reason: str) -> None:
    with pytest.raises(InvalidMove, match=reason):
        Move.from_json(obj)


def test_a_cell_the_difficulty_does_not_have_is_refused() -> None:
    position = GameCode.parse("SH1-C2-AAAAAAA").position()
    reason = position.why_illegal(Move.from_json({"from": "col1", "to": "cell3"}))
    assert reason is not None and reason.why is Why.NO_SUCH_PILE and str(reason.pile) == "cell3"
    assert "no cell 3" in str(reason)  # the command line's English


def test_records_report_the_failing_move_and_never_raise() -> None:
    good = {"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "col7"}]}
    assert check_record(good) == {"legal": True, "won": False, "applied": 1, "error": None}
    bad = {"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "col7"}, {"from": "col1", "to": "col2"}]}
    verdict = check_record(bad)
    assert verdict["legal"] is False and verdict["applied"] == 1
    assert verdict["error"].startswith("move 2: ")
    for hostile in (None, [], {"moves": []}, {"code": 5, "moves": []}, {"code": "SH1-C4-AAAAAJ2"},
                    {"code": "SH1-C4-AAAAAJ2", "position": START, "moves": []},
                    {"code": "SH1-C4-AAAAAJ2", "moves": [None, 3]},
                    {"position": {"cells": "x"}, "moves": []}):
        verdict = check_record(hostile)
        assert verdict["legal"] is False and verdict["error"]


def test_read_records_accepts_one_record_a_list_or_json_lines() -> None:
    record = {"code": "SH1-C4-AAAAAJ2", "moves": []}
    assert list(read_records(json.dumps(record))) == [record]
    assert list(read_records(json.dumps([record, record]))) == [record, record]
    lines = list(read_records(json.dumps(record) + "\n\n{oops\n" + json.dumps(record)))
    assert lines[0] == record and isinstance(lines[1], SeahavenError) and lines[2] == record
