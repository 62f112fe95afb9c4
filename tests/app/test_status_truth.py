"""The status line tells the truth about the table (issue 25, items 2, 6, 8): a sentence is
keyed to the position it describes and goes when that position does; the hint's words stay
in the status line, off every card, at every size and language; the win cascade is short,
says it can be skipped, and a click or a key skips it to the won panel. Driven through the
real loop with real pygame events."""

from __future__ import annotations

import pygame

from seahaven.engine.cards import column
from tests.app.table_helpers import card_point, click, find, key, make_app, settle, steps, wait_jobs


def test_the_lost_message_goes_with_the_undo_that_fixes_it() -> None:
    """Issue 25's case: SH1-C4-J7QDQBV at 1920x1080, the 7 of clubs at the bottom of column
    6 double-clicked (lost, undo 1 move), then Ctrl+Z: the line says winnable, and the lost
    sentence is gone for good."""
    app = make_app("SH1-C4-J7QDQBV", size=(1920, 1080))
    table = app.scenes.bottom
    pile, index = find(app, "7C")
    assert pile == column(6) and index == len(table.position.cards(pile)) - 1  # at the bottom of column 6
    click(app, card_point(app, pile), clicks=1)
    click(app, card_point(app, pile), clicks=2)
    assert table.game.move_count == 1 and find(app, "7C")[0] != column(6)
    settle(app)
    steps(app, 40)  # the quiet moment before the solver is asked
    wait_jobs(app)
    lost = table.message
    assert lost is not None and "undo 1 move" in lost.text and lost.warn
    assert lost.game is table.game and lost.position == table.position  # keyed to what it describes
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.game.move_count == 0
    assert table.message is None  # at once, before any frame repaints
    settle(app)
    steps(app, 40)
    wait_jobs(app)
    assert table.message is None or "can no longer be won" not in table.message.text
    assert table.solver.verdict_text() == ("Solver: winnable", False)
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # the redo brings the position back, not the old sentence
    assert table.game.move_count == 1
    assert table.message is None or table.message != lost


def test_a_sentence_about_no_position_stands_through_a_move() -> None:
    app = make_app("SH1-C4-J7QDQBV", size=(1280, 800))
    table = app.scenes.bottom
    table.session.say("Your game is being saved again.")  # a notice: about no position
    table.say("Hint-like sentence about this position.")
    said = table.message
    assert said is not None and said.game is table.game
    table.session.say("Your game is being saved again.")
    pile, _index = find(app, "7C")
    click(app, card_point(app, pile), clicks=1)
    click(app, card_point(app, pile), clicks=2)
    assert table.game.move_count == 1
    assert table.message is not None and table.message.text == "Your game is being saved again."
    assert table.message.game is None
