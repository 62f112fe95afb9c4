"""Input is timed by the loop's frames, not by the wall clock: on a busy machine a frame can
come a second late, and a drag must stay a drag (only a press held still for HOLD_MS of the
loop's time is a peek) and two quick taps a double-tap. Here SDL's clock jumps a second at
every look, as if the machine stalled between each step; the game must not notice."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from seahaven.app.shell.hands import Hands
from seahaven.app.shell.loop import App
from seahaven.engine import CELLS, COLUMNS
from seahaven.engine.gestures import double_tap
from tests.app.table_helpers import card_point, make_app, settle


@pytest.fixture
def stalled_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    ticks = [0]

    def stalled() -> int:
        ticks[0] += 1000
        return ticks[0]

    monkeypatch.setattr(pygame.time, "get_ticks", stalled)
    app = make_app()
    try:
        yield app
    finally:
        app.close()


def test_a_drag_stays_a_drag_when_every_frame_comes_late(stalled_app: App) -> None:
    table = stalled_app.scenes.bottom
    game = table.game
    move = min((m for m in game.useful_moves() if not m.dest.is_cell), key=str)
    cards = game.position.cards(move.source)
    start = card_point(stalled_app, move.source, len(cards) - move.size)
    end = card_point(stalled_app, move.dest)
    Hands(stalled_app).drag(start, end, moves=5, frames=2)
    settle(stalled_app)
    assert table.game.move_count == 1 and table.game.moves[-1] == move


def test_two_quick_taps_are_a_double_tap_when_every_frame_comes_late(stalled_app: App) -> None:
    table = stalled_app.scenes.bottom
    position, rules = table.game.position, table.game.rules
    pile, meant = next((pile, m) for pile in COLUMNS + CELLS[: position.cell_count]
                       if position.cards(pile)
                       and (m := double_tap(position, pile, len(position.cards(pile)) - 1, rules)) is not None)
    point = card_point(stalled_app, pile)
    hands = Hands(stalled_app)
    hands.click(point, finger=True)
    hands.click(point, finger=True, frames=2)  # the next frame: 17 ms of the loop's time later
    settle(stalled_app)
    assert table.game.move_count == 1 and table.game.moves[-1] == meant


def _press(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def _release(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def test_a_column_key_tapped_in_a_late_frame_selects_once() -> None:
    """A key tapped while the game draws a slow frame (a window of 8K on a busy machine) reaches
    the game late, its release later still. pygame repeated a key by the wall clock when the
    events were read, so that tap came as a burst of a dozen presses (seen on a real 8K window,
    tests/app/test_window_limits.py): the column's card was selected and unselected until the
    count decided. pygame repeats nothing now; the loop repeats by its own time, and a column
    key never repeats."""
    app = make_app()
    try:
        assert pygame.key.get_repeat() == (0, 0)
        table = app.scenes.bottom
        settle(app)
        _press(pygame.K_1)
        app.step(0.9)  # the frame that read the press came 0.9 s late...
        _release(pygame.K_1)
        app.step(0.9)  # ...and so did the one with the release
        settle(app)
        assert table.board.selection is not None and table.board.selection.pile == COLUMNS[0]
        assert table.game.move_count == 0
    finally:
        app.close()


def test_a_held_arrow_repeats_by_the_loops_time_and_a_held_column_key_does_not() -> None:
    """An arrow held down moves the focus once, then again every REPEAT_EVERY_S of the loop's
    time after REPEAT_DELAY_S, one step a frame however late the frame (no burst); a column key
    held down acts once."""
    from seahaven.app.shell.loop import REPEAT_DELAY_S, REPEAT_EVERY_S

    app = make_app()
    try:
        table = app.scenes.bottom
        settle(app)
        moved: list[object] = []
        real = table.handle

        def counting(event: object) -> None:
            if getattr(event, "type", None) == pygame.KEYDOWN:
                moved.append(getattr(event, "key", None))
            real(event)

        table.handle = counting  # type: ignore[method-assign]
        _press(pygame.K_RIGHT)
        app.step(1 / 60)
        assert moved == [pygame.K_RIGHT]
        app.step(REPEAT_DELAY_S / 2)
        assert moved == [pygame.K_RIGHT]  # not yet
        app.step(REPEAT_DELAY_S)
        assert moved == [pygame.K_RIGHT] * 2  # the first repeat
        app.step(5.0)  # a frame five seconds late: one repeat, not a hundred
        assert moved == [pygame.K_RIGHT] * 3
        wake = app.idle_timeout()
        assert wake is not None and wake <= REPEAT_EVERY_S + 1e-9  # the loop wakes for the next repeat
        _release(pygame.K_RIGHT)
        app.step(1.0)
        assert moved == [pygame.K_RIGHT] * 3  # released: no more
        _press(pygame.K_1)
        for _ in range(10):
            app.step(0.2)
        assert moved.count(pygame.K_1) == 1
        _release(pygame.K_1)
        app.step(1 / 60)
    finally:
        app.close()
