"""Help's example plays through the real board (issue 26): the board's own pointer machine,
hand and model, driven by real pygame mouse and finger events in the real app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.board.model import ExampleGame
from seahaven.app.board.pointer import BoardPointer
from seahaven.app.screens.help import EXAMPLES, ExampleBoard, HelpScreen, example_position
from seahaven.app.shell.hands import Hands
from seahaven.engine import COLUMNS, Card, Move, Pile
from tests.app.table_helpers import drag, opened_app


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    yield from opened_app(tmp_path, monkeypatch)


def open_examples(app: Any) -> ExampleBoard:
    app.resize((1280, 800))
    screen = HelpScreen(app, EXAMPLES)
    app.push(screen)
    app.step(1 / 60)
    board = screen.board
    assert isinstance(board.model, ExampleGame) and isinstance(board.board.pointer, BoardPointer)
    return board


def grip(board: ExampleBoard, pile: Pile, index: int) -> tuple[int, int]:
    cards = board.position.cards(pile)
    rect = pygame.Rect(board.layout.card_box(pile, index, len(cards)))
    return rect.centerx, rect.y + max(3, int(board.layout.column_step(pile, len(cards)) / 2))


def finger_drag(app: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    drag(app, start, end, moves=5, frames=1, finger=True)


def test_a_finger_drags_the_run_on_helps_real_board(app: Any) -> None:
    board = open_examples(app)
    col3, col4 = COLUMNS[2], COLUMNS[3]
    run = board.position.cards(col3)[2:]
    finger_drag(app, grip(board, col3, 2), pygame.Rect(board.layout.piles[col4]).move(0, board.layout.card_h).center)
    assert board.model.position.cards(col4)[-len(run):] == run
    assert len(board.model.position.cards(col3)) == 2
    assert board.model.position == example_position().play(Move(col3, col4, 8), board.rules)
    assert board.board.drag is None and not board.refused


def test_a_mouse_drag_in_help_lifts_the_cards_as_the_table_does(app: Any) -> None:
    """While the mouse holds them, the cards are the board's drag (drawn from it); released
    on a pile that refuses them, they go back and the model is as it was."""
    board = open_examples(app)
    col1, col9 = COLUMNS[0], COLUMNS[8]
    start = grip(board, col1, 2)
    end = pygame.Rect(board.layout.piles[col9]).center
    hands = Hands(app)
    hands.drag(start, end, moves=4, release=False)
    drag = board.board.drag
    assert drag is not None and drag.pile == col1 and len(drag.cards) == 5 and drag.target == col9
    assert col9 not in drag.destinations  # a king-led run of 5 may not go into an empty column now
    hands.release(end)
    hands.frames()
    assert board.board.drag is None and board.refused
    assert board.model.position == example_position()


def test_helps_board_takes_the_tables_keys(app: Any) -> None:
    """The example board's keys are the table's (declared once, in board/keys.py): a column's
    number picks its run, F sends the selected card home, a cell the game lacks is named."""
    board = open_examples(app)

    def key(k: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        app.step(1 / 60)

    key(pygame.K_6)  # column 6 ends with the 2 of hearts
    assert board.selected == (COLUMNS[5], 1)
    key(pygame.K_f)
    assert board.model.position.foundations[2] == 2 and board.selected is None
    key(pygame.K_c)  # the example has one cell
    assert board.message == "This game has 1 cell." and board.model.position.foundations[2] == 2
    key(pygame.K_KP3)  # the keypad too: the 8 diamonds onto the 10 of diamonds with 4
    key(pygame.K_4)
    assert len(board.model.position.cards(COLUMNS[3])) == 12


@pytest.mark.parametrize(("double_tap_ms", "moved"), [(2000, True), (500, False)])
def test_helps_board_takes_the_players_double_tap_time(double_tap_ms: int, moved: bool, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: two taps 800 ms apart on the 4 of clubs are a double-tap when the player set
    2000 ms (the card goes where a double-tap sends it: the free cell), and two taps at the
    usual 500 ms (the first selects it, the second lets it go); the loop's one pointer reader
    gives Help the player's setting, as the table has it. The clock is the loop's: each tap
    comes in a frame 800 ms after the one before."""
    app = next(opened_app(tmp_path, monkeypatch))
    try:
        app.settings.set("double_tap_ms", double_tap_ms)
        board = open_examples(app)
        four = pygame.Rect(board.layout.card_box(COLUMNS[4], 3, 4)).center
        assert board.position.cards(COLUMNS[4])[-1] == Card.parse("4C") and board.position.cells == (None,)
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=four, button=1, clicks=1, touch=False))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=four, button=1, clicks=1, touch=False))
            app.step(0.8)
        assert (board.position.cells == (Card.parse("4C"),)) is moved
        assert board.selected is None
    finally:
        app.close()
