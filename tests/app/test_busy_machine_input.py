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
