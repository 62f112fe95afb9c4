"""Helped wins are not records (issue 17): a game the demo finished, or won after a hint,
counts as played and as won with help, and in nothing else. Played through the real game
(its files in a temporary folder) with real key and mouse events."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.saving.storage import Storage
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.screens.new_game import NewGame
from seahaven.engine import FOUNDATIONS
from tests.app.table_helpers import card_point, click, key, steps
from tests.app.test_win_panel import _open_at


def _wait(app: Any, done: Any, frames: int = 3000) -> None:
    table = app.scenes.bottom
    for _ in range(frames):
        if done():
            return
        steps(app)
        if table.jobs.running():
            time.sleep(0.002)  # let the solver's thread answer
    raise AssertionError("waited in vain")


def _the_panel(app: Any) -> EndMessage:
    table = app.scenes.bottom
    _wait(app, lambda: isinstance(app.scenes.top, EndMessage), 600)
    table.finish_animations()
    panel = app.scenes.top
    assert isinstance(panel, EndMessage) and panel.kind == "won"
    return panel


def _helped_figures(tmp_path: Path, cells: int) -> Any:
    stats = Storage(tmp_path / "seahaven-towers").load_stats().value
    return stats.of(cells)


def test_a_demo_that_plays_all_but_the_last_move_sets_no_record(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    opened, moves = _open_at(tmp_path, monkeypatch, None)
    app, table = opened.app, opened.table
    try:
        for move in moves[:-6]:
            table.current.play(move)
        key(app, pygame.K_d, pygame.KMOD_LCTRL)
        # the demo's line ends with the last card going home: stop it one move short
        _wait(app, lambda: table.demo.moves is not None and len(table.demo.moves) == 1)
        assert table.game.hints_used == 1
        key(app, pygame.K_ESCAPE)  # any key stops the demo: the player makes the last move
        table.finish_animations()
        assert sum(table.position.foundations) == 51 and table.demo.moves is None
        last = next(p for p in table.position.piles() if not p.is_foundation and table.position.cards(p))
        click(app, card_point(app, last))  # a tap sends it home
        panel = _the_panel(app)
        text = " ".join(line for line, _c in panel.lines)
        assert "won with help." in text.lower() and "Won with help: it counts as played" in text
        assert "new best" not in text.lower() and "Your fastest" not in text
        cells = table.position.cell_count
        opened.autosave.quit()
        f = _helped_figures(tmp_path, cells)
        assert (f.played, f.won, f.wins_with_help, f.won_alone) == (1, 1, 1, 0)
        assert f.best_score is None and f.fastest_win_s is None
        assert (f.current_streak, f.best_streak, f.win_rate) == (0, 0, None)
        # N opens New Game from the won panel as it does at the table
        key(app, pygame.K_n)
        assert isinstance(app.scenes.top, NewGame)
    finally:
        app.close()


def test_a_win_after_a_hint_is_won_with_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened, moves = _open_at(tmp_path, monkeypatch, None)
    app, table = opened.app, opened.table
    try:
        for move in moves[:-3]:
            table.current.play(move)
        key(app, pygame.K_h)
        _wait(app, lambda: table.hint is not None)
        assert table.game.hints_used == 1
        for move in moves[-3:]:
            table.current.play(move)
        _the_panel(app)
        opened.autosave.quit()
        f = _helped_figures(tmp_path, table.position.cell_count)
        assert (f.played, f.won, f.wins_with_help) == (1, 1, 1)
        assert f.best_score is None and f.current_streak == 0 and f.win_rate is None
        assert all(table.position.cards(p) for p in FOUNDATIONS)
    finally:
        app.close()
