"""The status line tells the truth about the table (issue 25, items 2, 6, 8): a sentence is
keyed to the position it describes and goes when that position does; the hint's words stay
in the status line, off every card, at every size and language; the win cascade is short,
says it can be skipped, and a click or a key skips it to the won panel. Driven through the
real loop with real pygame events."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from seahaven import i18n
from seahaven.app.board.tweens import CASCADE_S
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.shell.loop import STEP
from seahaven.app.state.settings import ANIMATION_SPEEDS
from seahaven.engine import FOUNDATIONS
from seahaven.engine.cards import column
from tests.app.table_helpers import (
    LOST_CODE,
    app_with,
    card_point,
    click,
    find,
    key,
    lose_the_game,
    make_app,
    position_with,
    post,
    settle,
    steps,
    wait_jobs,
)


def test_the_lost_message_goes_with_the_undo_that_fixes_it() -> None:
    """Issue 25's case: SH1-C4-J7QDQBV at 1920x1080, the 7 of clubs at the bottom of column
    6 double-clicked (lost, undo 1 move), then Ctrl+Z: the line says winnable, and the lost
    sentence is gone for good."""
    app = make_app(LOST_CODE, size=(1920, 1080))
    table = app.scenes.bottom
    lose_the_game(app)
    assert find(app, "7C")[0] != column(6)
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
    assert table.verdict.text() == ("Solver: winnable", False)
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


def _one_card_from_the_win(size: tuple[int, int] = (1280, 800), animation: str = "normal") -> Any:
    """Everything home but the king of spades, alone in column 1: one click wins."""
    position = position_with({1: "KS"} | {n: "" for n in range(2, 11)}, found={"C": 13, "D": 13, "H": 13, "S": 12})
    return app_with(position, size=size, animation=animation)


def _win_and_cascade(app: Any) -> Any:
    table = app.scenes.bottom
    click(app, card_point(app, column(1)))
    assert table.game.is_won
    for _ in range(120):  # the king glides home; then the cascade begins
        steps(app)
        if table.board.glides.cascade is not None:
            break
    assert table.board.glides.cascade is not None and app.scenes.top is table
    return table


@pytest.mark.parametrize("skip", ["click", "tap", "key"])
def test_a_click_tap_or_key_during_the_cascade_brings_the_won_panel_at_once(skip: str) -> None:
    app = _one_card_from_the_win()
    table = _win_and_cascade(app)
    steps(app, 10)
    assert table.board.glides.cascade is not None  # still celebrating
    said = table.message
    assert said is not None and "skip" in said.text  # the cascade says how to skip it
    w, h = app.size
    if skip == "click":
        click(app, (w // 2, h // 2))
    elif skip == "tap":
        post(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=3, touch_id=1, pressure=1.0)
        post(pygame.FINGERUP, x=0.5, y=0.5, dx=0, dy=0, finger_id=3, touch_id=1, pressure=1.0)
        steps(app)
    else:
        key(app, pygame.K_SPACE)
    top = app.scenes.top
    assert isinstance(top, EndMessage) and top.kind == "won"
    assert table.board.glides.cascade is None
    assert table.message is None or "skip" not in table.message.text  # nothing left to skip


@pytest.mark.parametrize("animation", [name for name, factor in ANIMATION_SPEEDS.items() if factor > 0])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (1080, 1920), (3840, 2160)])
def test_the_cascade_is_planned_to_last_at_most_four_seconds(animation: str, size: tuple[int, int]) -> None:
    app = _one_card_from_the_win(size, animation)
    table = _win_and_cascade(app)
    cascade = table.board.glides.cascade
    assert cascade is not None and len(cascade.bouncers) == 52
    assert CASCADE_S <= 4.0 and 0 < cascade.planned_s <= 4.0
    # every card, as planned, has left the table by then: stepping that long ends it
    steps(app, int(cascade.planned_s / STEP) + 2)
    assert table.board.glides.cascade is None
    top = app.scenes.top
    assert isinstance(top, EndMessage) and top.kind == "won"


def _card_rects(table: Any) -> Any:
    """Every card's rectangle on the table: in the columns, the cells and atop the foundations."""
    layout, position = table.layout, table.position
    rects = [pygame.Rect(box) for box in layout.card_boxes(position).values()]
    rects += [pygame.Rect(layout.piles[pile]) for s, pile in enumerate(FOUNDATIONS) if position.foundations[s]]
    return rects


def _shoot(name: str) -> None:
    """For looking at it: with SEAHAVEN_SHOTS=FOLDER, the window is saved there as ``name``."""
    folder = os.environ.get("SEAHAVEN_SHOTS")
    if folder:
        pygame.image.save(pygame.display.get_surface(), os.path.join(folder, name))


def _said_off_the_cards(app: Any, start: str) -> None:
    table = app.scenes.bottom
    said = table.message
    assert said is not None and said.text.startswith(start)
    table.invalidate()
    steps(app)  # painted
    box = table.status_painter.said_box
    assert box is not None and box.w > 0 and box.h > 0
    assert pygame.Rect(table.layout.status).contains(box)
    assert not [card for card in _card_rects(table) if card.colliderect(box)]
    surface = pygame.display.get_surface()
    assert surface is not None and pygame.Rect((0, 0), surface.get_size()).contains(box)


@pytest.mark.parametrize(("size", "language", "start"), [((1080, 1920), "en", "Hint:"), ((800, 600), "es", "Pista:")])
def test_the_hints_words_cover_no_card(size: tuple[int, int], language: str, start: str) -> None:
    """The solver's real hint, asked with H: its source and destination are outlined on the
    table, and its words stay in the status line, off every card."""
    app = make_app("SH1-C4-J7QDQBV", size=size, language=language)
    try:
        table = app.scenes.bottom
        steps(app, 40)
        wait_jobs(app)  # the solver's verdict is in the line too, as in play
        assert table.verdict.text() is not None
        key(app, pygame.K_h)
        wait_jobs(app)
        assert table.hint is not None
        _said_off_the_cards(app, start)
        _shoot(f"hint-{size[0]}x{size[1]}-{language}.png")
    finally:
        i18n.set_language("en")


LONG = "the run of 12 cards starting with the queen of diamonds, from column 10 to column 1."


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (1280, 800), (600, 800), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_a_long_sentence_stays_in_the_status_line_at_every_size(size: tuple[int, int], language: str) -> None:
    app = make_app("SH1-C4-J7QDQBV", size=size, language=language)
    try:
        table = app.scenes.bottom
        table.say("Hint: " + LONG * 2, warn=True)  # longer than any hint, bold
        _said_off_the_cards(app, "Hint:")
        _shoot(f"long-{size[0]}x{size[1]}-{language}.png")
        table.say("Hint: " + LONG)
        _said_off_the_cards(app, "Hint:")
    finally:
        i18n.set_language("en")
