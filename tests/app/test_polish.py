"""Polish a player noticed (issue 17 item 7), through the real loop: Help's "More below"
never covers text, the demo's "moves to go" ends with the demo, N opens New Game from the
won panel, the drop target is plain to see on the felt, the won panel shows the bests."""

from __future__ import annotations

import time

import pygame
import pytest

from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.screens.new_game import NewGame
from seahaven.app.shell.hands import Hands
from seahaven.app.state.stats import Stats, bests_line
from seahaven.engine import CELLS, COLUMNS
from tests.app.table_helpers import app_with, card_point, click, key, settle, steps
from tests.app.test_finish import nearly_done


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_more_below_sits_under_the_page_never_on_its_text(size: tuple[int, int]) -> None:
    app = app_with(nearly_done(), size)
    key(app, pygame.K_F1)
    screen = app.scenes.top
    for tab in range(len(screen.tabs)):
        click(app, next(h for h in screen.hots if h.key == f"tab{tab}").rect.center)
        app.render(force=True)
        if screen.more is None:
            continue
        assert not screen.more.rect.colliderect(screen.viewport)  # the page is drawn inside the viewport only
        assert screen.more.rect.bottom <= size[1]
        before = screen.scroll
        click(app, screen.more.rect.center)
        assert screen.scroll > before
    key(app, pygame.K_ESCAPE)


def test_the_demos_count_of_moves_to_go_ends_with_the_demo() -> None:
    app = app_with(nearly_done(blocked=True), (1280, 800), animation="fast")
    table = app.scenes.bottom
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    said = []
    for _ in range(3000):
        steps(app)
        if table.message is not None:
            said.append(table.message.text)
        if table.jobs.running("demo"):
            time.sleep(0.002)
        if table.game.is_won and table.demo.moves is None:
            break
    assert table.game.is_won and any(text.startswith("Demo: 1 move to go") for text in said)
    assert table.message is None or not table.message.text.startswith("Demo:")


def test_n_opens_new_game_from_the_won_panel() -> None:
    app = app_with(nearly_done(), (800, 600), animation="off")
    table = app.scenes.bottom
    key(app, pygame.K_e)
    settle(app, 5)
    assert table.game.is_won and isinstance(app.scenes.top, EndMessage)
    key(app, pygame.K_n)
    assert isinstance(app.scenes.top, NewGame) and app.scenes.find(EndMessage) is None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_drop_target_is_outlined_plainly_on_the_felt(size: tuple[int, int]) -> None:
    app = app_with(nearly_done(blocked=True), size)
    table = app.scenes.bottom
    start = card_point(app, COLUMNS[3])
    slot = table.layout.piles[CELLS[3]]  # an empty cell, far from where the card hangs
    end = (slot.x + slot.w // 2, slot.y + slot.h // 2)
    inside = (slot.x + slot.w // 2, slot.y + slot.h // 6)
    felt_before = tuple(app.screen.get_at(inside))[:3]
    Hands(app).drag(start, end, moves=6, release=False)
    assert table.board.drag is not None and table.board.drag.target == CELLS[3]
    app.render(force=True)
    # the outline runs along the slot's edge, gold and several pixels thick (the card hangs
    # from the pointer in the slot's middle: its upper half shows)
    edge = [tuple(app.screen.get_at((slot.x + dx, slot.y + slot.h // 4)))[:3] for dx in range(-2, 2)]
    gold = table.app.painter.theme.selection
    assert all(sum(abs(a - b) for a, b in zip(pixel, gold)) < 60 for pixel in edge), edge
    tinted = tuple(app.screen.get_at(inside))[:3]
    assert tinted[0] > felt_before[0] + 30  # and the slot itself glows gold


def test_bests_line_shows_the_difficultys_bests() -> None:
    stats = Stats()
    assert "none yet" in bests_line(stats, 2)
    stats.record_start(2)
    stats.record_win(2, 640, 125)
    stats.record_start(2)
    stats.record_win(2, 500, 300)
    assert bests_line(stats, 2) == "Medium bests: score 640  \u00b7  fastest win 2:05"
