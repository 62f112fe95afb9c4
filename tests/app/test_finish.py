"""Finish (issue 17 item 5), through the real loop: when every card left can go home one
by one, the status line offers Finish (and E does it); the cards go home as real moves,
each undoable; the setting "Finish by itself" does it after the player's own move, and
never again right after an undo."""

from __future__ import annotations

from typing import Any

import pygame

from seahaven.app.screens.dialogs import EndMessage
from seahaven.engine import COLUMNS, Card, Position
from tests.app.table_helpers import app_with, click, key, settle, steps


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def nearly_done(blocked: bool = False) -> Position:
    """Tens home; jacks to kings left, each suit's jack on top. ``blocked``: the queen of
    spades lies on its jack, so one move (the queen to a cell) is needed first."""
    spades = "KS JS QS" if blocked else "KS QS JS"
    return Position([None, None, None, None], [10, 10, 10, 10],
                    [_cards("KC QC JC"), _cards("KD QD JD"), _cards("KH QH JH"), _cards(spades)] + [[]] * 6)


def run(app: Any, frames: int = 400) -> None:
    table = app.scenes.bottom
    for _ in range(frames):
        steps(app)
        if table.game.is_won and not table.busy():
            return


def test_the_finish_button_sends_every_card_home_as_undoable_moves() -> None:
    app = app_with(nearly_done(), (1280, 800))
    table = app.scenes.bottom
    assert table.finish.offered()
    box = table.finish.box(table.layout)
    assert box.y >= table.layout.status.y and box.bottom <= table.layout.status.bottom
    shown = app.screen.get_at(box.center)[:3]
    felt = app.screen.get_at((table.layout.status.x + table.layout.status.w // 3, box.center[1]))[:3]
    assert shown != felt  # the button is drawn, not only hit-tested
    click(app, box.center)
    assert table.finish.queue  # under way, one card at a time
    run(app)
    game = table.game
    assert game.is_won and game.move_count == 12 and game.hints_used == 0
    assert all(m.dest.is_foundation and m.size == 1 for m in game.moves)
    settle(app, 30)
    while app.scenes.top is not table:
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert not table.game.is_won and table.game.move_count == 11 and table.game.can_redo
    assert table.finish.offered()  # offered again, never done by itself


def test_e_finishes_and_is_refused_with_a_reason_when_not_ready() -> None:
    app = app_with(nearly_done(blocked=True), (800, 600), animation="off")
    table = app.scenes.bottom
    assert not table.finish.offered()
    key(app, pygame.K_e)
    assert table.game.move_count == 0 and table.message is not None and "Not yet" in table.message.text
    key(app, pygame.K_4)  # the queen of spades to cell A
    key(app, pygame.K_a)
    assert table.position.cells[0] == Card.parse("QS") and table.finish.offered()
    key(app, pygame.K_e)
    run(app)
    assert table.game.is_won and table.game.move_count == 13


def test_finish_by_itself_follows_the_players_move_but_not_an_undo() -> None:
    app = app_with(nearly_done(blocked=True), (1280, 800), cards_home="finish")
    table = app.scenes.bottom
    steps(app, 30)
    assert table.game.move_count == 0  # not finishable: nothing happens by itself
    key(app, pygame.K_4)
    key(app, pygame.K_a)
    run(app)
    assert table.game.is_won and table.game.move_count == 13
    settle(app, 30)
    while app.scenes.top is not table:
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_u)
    steps(app, 120)
    assert not table.game.is_won and table.game.move_count == 12  # the undo stays undone
    assert table.finish.offered() and not isinstance(app.scenes.top, EndMessage)


def test_any_input_stops_a_finish_under_way() -> None:
    app = app_with(nearly_done(), (1280, 800), animation="slow")
    table = app.scenes.bottom
    key(app, pygame.K_e)
    steps(app, 20)
    made = table.game.move_count
    assert 0 < made < 12
    click(app, (5, app.size[1] // 2))
    steps(app, 120)
    assert table.game.move_count == made and table.finish.queue is None and table.finish.offered()
    assert table.position.cards(COLUMNS[9]) == ()


def test_helps_key_list_shows_finish() -> None:
    from seahaven.app.screens.table.actions import ACTIONS

    rows = dict(ACTIONS.key_rows())
    assert "E" in rows and rows["E"].startswith("Finish")
