"""Send safe cards home (issue 37): which cards go, in which order, the move and its safe
cards as one action of the game (undo, redo, the undo window, a saved line), and the
solver's word that it never turns a winnable position lost, on 1,000 deals per difficulty."""

from __future__ import annotations

import os
from typing import Any

import pytest

from seahaven.engine import APP_RULES, UNDO_LIMIT, Card, Game, GameCode, Move, Pile, finishing_moves
from seahaven.engine.safe_home import safe_moves
from seahaven.engine.services import LineEnd
from tests.engine import safe_home_check
from tests.engine.helpers import run_limit_example
from tests.engine.safe_home_check import Tally, check_deals, winning_line_after

SAMPLE = int(os.environ.get("SEAHAVEN_SAFE_HOME_DEALS", "20"))
"""Winnable deals per difficulty in the everyday run (the slow test takes 1,000)."""
CODE = "SH1-C4-AAAAAAC"
"""Column 3 is 4C QC 2S AS 5D: with the 5 of diamonds in a cell, the ace and 2 of spades can go home."""


def mv(source: str, dest: str, count: int = 1) -> Move:
    return Move(Pile.parse(source), Pile.parse(dest), count)


def first_action(game: Game) -> tuple[Move, ...]:
    """Put the 5 of diamonds into cell 3: the ace and 2 of spades go home after it."""
    game.play(mv("col3", "cell3"))
    return tuple(action.move for action in game.send_home())


# -- which cards ------------------------------------------------------------------------------

def test_every_card_that_can_go_home_goes_lowest_rank_first() -> None:
    position = run_limit_example()  # 6S, 2H, 7C and 9D can go, and everything under them after
    line = safe_moves(position)
    assert len(line) == 52 - sum(position.foundations) and line == finishing_moves(position)
    cards = []
    for move in line:
        cards.append(position.cards(move.source)[-1])
        position = position.play(move)
    assert [str(card) for card in cards[:6]] == ["2H", "3H", "4H", "5H", "6H", "6S"]  # then 7C, 7H, 7S
    assert position.is_won


def test_no_card_goes_when_none_can_and_a_card_taken_back_stays() -> None:
    start = GameCode.parse(CODE).position()
    assert safe_moves(start) == ()
    after = start.play(mv("col3", "cell3"))
    assert safe_moves(after) == (mv("col3", "found-S"), mv("col3", "found-S"))
    home = after.apply(mv("col3", "found-S")).apply(mv("col3", "found-S"))
    taken = home.play(mv("found-S", "cell4"))  # the 2 of spades back into a cell
    assert safe_moves(taken) == (mv("cell4", "found-S"),)
    assert safe_moves(taken, keep=Card.parse("2S")) == ()


# -- one action -------------------------------------------------------------------------------

def test_a_move_and_its_safe_cards_are_one_action_of_the_line() -> None:
    game = Game.from_code(CODE)
    sent = first_action(game)
    assert sent == (mv("col3", "found-S"), mv("col3", "found-S"))
    assert game.move_count == 3 and game.score == 20 and game.position.foundations == (0, 0, 0, 2)
    assert [action.follow_up for action in game.actions()] == [False, True, True]
    assert game.undo_depth == 1 and game.sent_home() == game.actions(1, 3)
    assert game.line == (mv("col3", "cell3"), *sent)  # in the record as moves: it replays the same
    lead = game.undo()
    assert lead is not None and lead.move == mv("col3", "cell3")
    assert game.move_count == 0 and game.score == 0 and game.position == game.start and game.undone == 3
    assert game.redo() is lead and game.move_count == 3 and game.score == 20 and not game.can_redo


def test_only_the_lead_move_of_an_action_is_a_place_undo_reaches() -> None:
    game = Game.from_code(CODE)
    first_action(game)
    game.play(mv("col6", "cell4"))  # the king of spades: the ace of hearts goes home
    assert len(game.send_home()) == 1
    assert [game.within_reach(n) for n in range(6)] == [True, False, False, True, False, True]
    assert game.moves_after_undos(0) == 5 and game.moves_after_undos(1) == 3 and game.moves_after_undos(2) == 0
    assert game.moves_after_undos(3) is None
    end = LineEnd.of(game)
    assert end.positions == (game.start, game.actions(2, 3)[0].after, game.position) and end.from_deal
    assert game.undo() is not None and game.move_count == 3


def test_a_take_back_leaves_its_card_and_the_next_move_sends_it_home() -> None:
    game = Game.from_code(CODE)
    first_action(game)
    game.play(mv("found-S", "cell4"))
    assert game.send_home() == () and game.position.cells[3] == Card.parse("2S")
    game.play(mv("cell2", "col2"))  # the 9 of hearts onto the 10
    assert game.send_home() == (game.actions()[-1],) and game.actions()[-1].move == mv("cell4", "found-S")
    assert game.score == 20 - 15 + 10


def test_the_undo_window_counts_actions_not_moves() -> None:
    game = Game.from_code(CODE)
    first_action(game)
    for _ in range(UNDO_LIMIT + 20):  # take the 2 of spades back, and it goes home again with it
        game.play(mv("found-S", "cell4"))
        game.play(mv("cell4", "found-S"), follow_up=True)
    assert game.undo_depth == UNDO_LIMIT and len(game.recent_positions()) == UNDO_LIMIT + 1
    undos = 0
    while game.undo() is not None:
        undos += 1
    assert undos == UNDO_LIMIT and game.move_count == 3 + 2 * 20
    assert not game.actions(game.move_count, game.move_count + 1)[0].follow_up


def test_a_saved_line_with_its_follow_ups_reads_back_as_it_was() -> None:
    game = Game.from_code(CODE)
    first_action(game)
    game.play(mv("col6", "cell4"))
    game.send_home()
    game.undo()
    follow_ups = [n for n, action in enumerate(game.actions(), 1) if action.follow_up]
    again = Game.from_moves(game.start, game.line, game.undone, code=game.code, follow_ups=follow_ups)
    assert again.actions() == game.actions() and again.move_count == 3 and again.undo_depth == 1
    plain = Game.from_moves(game.start, game.line, 0, code=game.code)  # no follow-ups: each move its own
    assert plain.position == Game.from_moves(game.start, game.line, 0, follow_ups=follow_ups).position
    assert plain.undo_depth == 5
    with pytest.raises(ValueError, match="cannot undo"):
        Game.from_moves(game.start, game.line, 1, follow_ups=follow_ups)  # inside the last action


@pytest.mark.parametrize("line, number", [
    ((mv("col3", "cell3"), mv("col3", "found-S")), 1),  # nothing before it
    ((mv("col3", "cell3"), mv("col3", "cell4")), 2),  # not a card going home
])
def test_a_follow_up_is_a_card_going_home_after_a_move(line: tuple[Move, ...], number: int) -> None:
    with pytest.raises(ValueError, match="sent home"):
        Game.from_moves(GameCode.parse(CODE).position(), line, follow_ups=[number])


def test_send_home_right_after_a_move_only() -> None:
    game = Game.from_code(CODE)
    assert game.send_home() == ()
    first_action(game)
    game.play(mv("col6", "cell4"))
    game.undo()
    with pytest.raises(ValueError, match="right after a move"):
        game.send_home()


def test_going_back_inside_an_action_cuts_the_line_there() -> None:
    game = Game.from_code(CODE)
    first_action(game)
    game.cut(2)  # between the move and its last safe card (the review's way back, a bookmark)
    assert game.move_count == 2 and game.undo_depth == 1 and not game.can_redo
    assert game.undo() is not None and game.move_count == 0


# -- never turns a winnable position lost -------------------------------------------------------

def _report(cells: int, tally: Tally) -> str:
    return (f"{cells} cells: {tally.winnable_deals} winnable deals of {tally.deals}, {tally.positions} positions "
            f"where {tally.cards} cards went home ({tally.winnable} winnable, {tally.lost} lost, {tally.unknown} "
            f"undecided), {tally.solves} searches")


def _check(cells: int, winnable: int, workers: int = 1) -> None:
    tally = check_deals(cells, winnable, APP_RULES, workers)
    print(_report(cells, tally))
    assert not tally.failures, tally.failures[:3]
    assert tally.winnable_deals == winnable and tally.unknown == 0
    assert tally.winnable >= winnable  # every deal checked at least one winnable position


@pytest.mark.parametrize("cells", [4, 2, 1])
def test_sending_safe_cards_home_never_loses_a_winnable_game_on_a_sample(cells: int) -> None:
    _check(cells, SAMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("cells", [4, 2, 1])
def test_sending_safe_cards_home_never_loses_a_winnable_game_on_1000_deals(cells: int) -> None:
    _check(cells, 1000, workers=min(4, os.cpu_count() or 1))  # every core: CI's two halve its time


def test_the_check_catches_a_rule_that_loses_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put into a free cell every card that tops a column and could go onto nothing: a rule
    that fills the cells, which the check must catch (the verdict, the carried-over line)."""

    def fill_cells(position: Any, keep: Any = None) -> Any:
        free = [cell for cell in position.piles() if cell.is_cell and not position.cards(cell)]
        tops = [pile for pile in position.piles() if pile.is_column and position.cards(pile)]
        return tuple(Move(pile, cell, 1) for pile, cell in zip(tops, free))

    monkeypatch.setattr(safe_home_check, "safe_moves", fill_cells)
    tally = check_deals(1, 3, APP_RULES)
    assert any("winnable before" in why for why in tally.failures)
    assert any("does not carry over" in why for why in tally.failures)


def test_a_winning_line_carries_over_without_the_cards_sent_home() -> None:
    start = GameCode.parse(CODE).position()
    before = start.play(mv("col3", "cell3"))
    sent = safe_moves(before)
    from seahaven.engine.solver import solve

    line = solve(before).line
    carried = winning_line_after(line, before, sent, APP_RULES)
    assert len(carried) == len(line) - 2  # the two spades' own moves left out


def test_the_way_back_from_a_lost_position_counts_actions() -> None:
    """The lost check goes back one action at a time: "undo 1" when one undo takes back the
    move that lost the game and the card sent home after it."""
    from seahaven.engine.services import lost

    game = Game.from_code("SH1-C4-QEUKRWO")
    game.play(mv("col5", "cell3"))  # loses the deal at once; the ace of clubs goes home after it
    assert [action.move for action in game.send_home()] == [mv("col8", "found-C")]
    report = lost(game)
    assert report.lost and report.undos == 1 and game.moves_after_undos(1) == 0 and game.move_count == 2
