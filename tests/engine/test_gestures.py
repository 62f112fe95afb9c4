"""What a press, tap, double-tap and drop mean (SPEC 4), decided by the engine."""

from __future__ import annotations

import pytest

from seahaven.engine import CLASSIC_RULES, CannotLift, GameCode, IllegalMove, Move, Pile
from seahaven.engine.gestures import destinations, double_tap, drop, lift, tap
from tests.engine.helpers import board, run_limit_example

P = Pile.parse


def test_lift_uses_the_full_pickup_count() -> None:
    position = run_limit_example()
    assert lift(position, P("col1"), 0) == 8  # 1 free cell, 2 empty columns: 2 x 4
    assert lift(position, P("col1"), 7) == 1
    with pytest.raises(CannotLift) as refused:
        lift(position, P("col1"), 0, CLASSIC_RULES)
    assert refused.value.limit == 2 and "only 2 can move" in str(refused.value)


def test_lift_refuses_cards_that_are_not_a_run() -> None:
    position = GameCode.parse("SH1-C4-AAAAAJ2").position()
    with pytest.raises(CannotLift, match="run of one suit"):
        lift(position, P("col1"), 3)
    with pytest.raises(CannotLift):
        lift(position, P("cell3"), 0)  # an empty cell
    assert lift(position, P("cell1"), 0) == 1


def test_tap_sends_a_card_home_or_selects_it() -> None:
    position = run_limit_example()
    assert tap(position, P("col1"), 7) == Move(P("col1"), P("found-S"), 1)
    assert tap(position, P("col5"), 4) is None  # 9C cannot go home: select it
    assert tap(position, P("col1"), 6) is None  # not the top card
    assert tap(position, P("found-S"), 0) is None  # a foundation card is only selected


def test_double_tap_prefers_the_foundation() -> None:
    position = run_limit_example()  # 7C could also go on the 8C
    assert double_tap(position, P("col7"), 0) == Move(P("col7"), P("found-C"), 1)


def test_double_tap_then_a_column_then_an_empty_column_then_a_cell() -> None:
    position = run_limit_example()
    assert double_tap(position, P("col6"), 0) == Move(P("col6"), P("col5"), 1)  # 8C onto 9C
    assert double_tap(position, P("col2"), 0) == Move(P("col2"), P("col3"), 8)  # the 8-card run
    assert double_tap(position, P("col3"), 0) is None  # a whole king column stays put
    assert double_tap(position, P("col4"), 3) == Move(P("col4"), P("cell1"), 1)  # TD: a cell
    assert double_tap(position, P("col5"), 0) is None  # 5-card king run: no empty column takes it
    assert double_tap(position, P("found-S"), 0) is None  # take-backs are never automatic


def test_double_tap_prefers_the_longest_accepting_column() -> None:
    # the 9 of clubs could go to a cell, but the 10 of clubs' column comes first
    position = board(
        ["KC QC JC", "9C", "8C", "TC", "JH KH QH", "", "", "", "", ""],
        [None, None, None, None],
        {"C": 7, "D": 13, "H": 10, "S": 13},
    )
    assert double_tap(position, P("col2"), 0) == Move(P("col2"), P("col4"), 1)
    assert double_tap(position, P("col4"), 0) == Move(P("col4"), P("col1"), 1)
    assert double_tap(position, P("col3"), 0) == Move(P("col3"), P("found-C"), 1)
    assert double_tap(position, P("col5"), 1) == Move(P("col5"), P("col6"), 2)  # leftmost empty
    assert double_tap(position, P("col5"), 2) == Move(P("col5"), P("cell1"), 1)


def test_double_tap_does_not_move_a_lone_king_between_empty_columns() -> None:
    position = board(
        ["KS", "", "QH", "QS", "", "", "", "", "", ""],
        [None, None],
        {"C": 13, "D": 13, "H": 11, "S": 11},
    )
    assert double_tap(position, P("col1"), 0) == Move(P("col1"), P("cell1"), 1)
    assert double_tap(position, P("col3"), 0) == Move(P("col3"), P("found-H"), 1)


def test_double_tap_on_a_run_too_long_to_lift_says_why() -> None:
    with pytest.raises(CannotLift):
        double_tap(run_limit_example(), P("col2"), 0, CLASSIC_RULES)


def test_drop_finds_the_move_or_says_why_not() -> None:
    position = run_limit_example()
    assert drop(position, P("col2"), 8, P("col3")) == Move(P("col2"), P("col3"), 8)
    # any foundation stands for the card's own
    assert drop(position, P("col1"), 1, P("found-H")) == Move(P("col1"), P("found-S"), 1)
    with pytest.raises(IllegalMove, match="empty column now"):
        drop(position, P("col5"), 5, P("col9"))
    with pytest.raises(IllegalMove, match="only a king"):
        drop(position, P("col8"), 1, P("col9"))
    with pytest.raises(IllegalMove, match="back where they were"):
        drop(position, P("col8"), 1, P("col8"))


def test_destinations_are_the_legal_drops() -> None:
    position = run_limit_example()
    assert destinations(position, P("col3"), 4) == [P("col9"), P("col10")]
    assert destinations(position, P("col8"), 1) == [P("cell1"), P("found-D"), P("col4")]


def test_longest_lift_is_the_run_cut_to_the_pickup_limit() -> None:
    from seahaven.engine import APP_RULES, cell, column, foundation
    from seahaven.engine.gestures import longest_lift

    # a run of seven spades on column 1, one free cell, no empty column: 2 cards may move
    position = board(["AD KS QS JS TS 9S 8S", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"],
                     ["JD", None], {"C": 13, "D": 0, "H": 13, "S": 7})
    assert position.pickup_limit(APP_RULES) == 2 and position.pickup_limit(CLASSIC_RULES) == 2
    assert longest_lift(position, column(1), APP_RULES) == 2
    assert lift(position, column(1), 7 - 2, APP_RULES) == 2  # what it says can be lifted, can
    with pytest.raises(CannotLift):
        lift(position, column(1), 7 - 3, APP_RULES)
    assert longest_lift(position, cell(1)) == 1 and longest_lift(position, cell(2)) == 0
    assert longest_lift(position, foundation("C")) == 1 and longest_lift(position, foundation("D")) == 0
    assert longest_lift(position, column(2)) == 1


def test_drop_most_moves_the_longest_part_that_fits() -> None:
    from seahaven.engine import IllegalMove, Move, column
    from seahaven.engine.gestures import drop_most
    from tests.engine.helpers import board

    position = board(["KS 9D 8D 7D", "QS", "TD", "", "", "", "", "", "", ""], [None, None, None, None],
                     {"C": 13, "D": 0, "H": 13, "S": 0})
    assert drop_most(position, column(1), 3, column(3)) == Move(column(1), column(3), 3)
    with pytest.raises(IllegalMove):
        drop_most(position, column(1), 3, column(2))
