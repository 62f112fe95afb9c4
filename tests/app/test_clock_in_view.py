"""The clock runs only while the table can be played and is in view (issue 25, item 3):
it stands under every window and page over the table, and while the game's window is
minimised or hidden; it goes on when the table is back. Driven through the real loop
with real pygame events; the clock is the loop's (``app.time``), advanced by ``dt``."""

from __future__ import annotations

import pygame
import pytest

from seahaven.app.shell.loop import App
from seahaven.app.state.current import CurrentGame
from seahaven.engine import Game
from tests.app.table_helpers import key, make_app, post


def _two_moves(app: App) -> CurrentGame:
    current: CurrentGame = app.scenes.bottom.current
    key(app, pygame.K_1)
    key(app, pygame.K_7)  # the 6H on the 7H
    key(app, pygame.K_2)
    key(app, pygame.K_c)  # the 9H to the first free cell
    assert current.game.move_count == 2 and current.clock_running
    return current


def _wait(app: App, seconds: float) -> None:
    for _ in range(int(seconds)):
        app.step(1.0)


@pytest.mark.parametrize(("opens", "closes"), [
    ((pygame.K_F1,), (pygame.K_ESCAPE,)),  # Help
    ((pygame.K_n,), (pygame.K_ESCAPE,)),  # New Game
])
def test_the_clock_stands_while_a_window_covers_the_table(opens: tuple[int, ...], closes: tuple[int, ...]) -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    try:
        current = _two_moves(app)
        table = app.scenes.bottom
        _wait(app, 3)
        before = current.elapsed()
        assert before >= 3
        for k in opens:
            key(app, k)
        assert app.scenes.top is not table and not current.clock_running
        _wait(app, 10)
        for k in closes:
            key(app, k)
        assert app.scenes.top is table and current.clock_running
        assert current.elapsed() - before < 1.0  # the frames of the keys, not the ten seconds
        _wait(app, 2)
        assert current.elapsed() - before >= 2  # and it goes on
    finally:
        app.close()


@pytest.mark.parametrize(("hide", "show"), [
    (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
    (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN),
])
def test_the_clock_stands_while_the_window_is_minimised_or_hidden(hide: int, show: int) -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    try:
        current = _two_moves(app)
        before = current.elapsed()
        post(hide)
        app.step(1 / 60)
        assert not app.view.shown and not current.clock_running
        _wait(app, 30)
        assert current.elapsed() - before < 0.5
        post(show)
        app.step(1 / 60)
        assert app.view.shown and current.clock_running
        _wait(app, 5)
        assert current.elapsed() - before >= 5
    finally:
        app.close()


def test_the_game_in_play_banks_its_time_while_out_of_view() -> None:
    now = [100.0]
    current = CurrentGame(Game.from_code("SH1-C4-AAAAAJ2"), lambda: now[0], elapsed_s=7.0)
    current.play(current.game.useful_moves()[0])
    now[0] += 5
    current.set_in_view(False)
    assert current.elapsed() == 12.0 and not current.clock_running
    now[0] += 100
    assert current.elapsed() == 12.0
    current.play(current.game.useful_moves()[0])  # a move (a key under a page) does not start it
    assert current.elapsed() == 12.0 and not current.clock_running
    current.set_in_view(True)
    now[0] += 3
    assert current.elapsed() == 15.0 and current.clock_running
