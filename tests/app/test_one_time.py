"""Issue 37 item 3: one time for a game. The won panel said 4:19 after an undo and a redo
past the win while the history kept 4:06: the clock ran again between them. Now the time of
a game stops at its win for good: the won panel, the status line, the daily result and the
history say the same, after any undo and redo, and after the game is closed and opened again
in between. Played through the real game with its files in a temporary folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.saving.persistence import Persistence
from seahaven.app.saving.storage import Storage
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.shell.launch import open_game
from seahaven.engine import Game
from seahaven.i18n import format_duration
from tests.app.table_helpers import key
from tests.app.test_resume import _dealt_winning_line


def opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[Any]]:
    """The real game at the start of a winning line, its files in ``tmp_path``."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    code, moves = _dealt_winning_line()
    if not (folder / "current.json").exists():
        Persistence(folder=folder).game_changed(Game.from_code(code), 0.0)
        Storage(folder).flush()
        (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    return open_game((1280, 800), True, None), list(moves)


def settle(app: Any) -> None:
    table = app.scenes.bottom
    for _ in range(4):
        table.finish_animations()
        app.step(1 / 60)


def won_panel_time(app: Any) -> str:
    panel = app.scenes.top
    assert isinstance(panel, EndMessage) and panel.kind == "won"
    return panel.lines[0][0]


def play_to_the_win(app: Any, moves: list[Any]) -> None:
    session = app.scenes.bottom.session
    for move in moves[:-1]:
        session.current.play(move)
        app.step(1.0)  # a second a move: the clock counts
    settle(app)
    session.current.play(moves[-1])
    settle(app)


def test_the_won_panel_and_the_history_keep_the_time_of_the_win_after_undo_and_redo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, moves = opened(tmp_path, monkeypatch)
    app, session = game.app, game.session
    try:
        play_to_the_win(app, moves)
        won_at = session.current.elapsed()
        assert won_at >= len(moves) - 1
        first = won_panel_time(app)
        entries = session.keeper.history.entries
        assert entries[-1].result == "won" and format_duration(entries[-1].time_s) == format_duration(won_at)
        assert format_duration(won_at) in first
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_z, pygame.KMOD_LCTRL)  # undo past the win
        assert not session.current.game.is_won
        app.step(13.0)  # the player looks around for a while...
        for _ in range(30):
            app.step(1 / 60)
        assert session.current.elapsed() == won_at and not session.current.clock_running
        key(app, pygame.K_y, pygame.KMOD_LCTRL)  # ...and redoes the win
        settle(app)
        assert session.current.game.is_won
        assert won_panel_time(app) == first  # the panel says the time the history keeps
        assert session.current.elapsed() == won_at and len(session.keeper.history.entries) == len(entries)
        assert format_duration(session.keeper.history.entries[-1].time_s) == format_duration(won_at)
        status = app.scenes.bottom.status_painter._figures()
        assert format_duration(int(won_at)) in status
    finally:
        app.close()


def test_a_win_undone_before_closing_keeps_its_time_when_the_game_opens_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, moves = opened(tmp_path, monkeypatch)
    app, session = game.app, game.session
    play_to_the_win(app, moves)
    won_at = session.current.elapsed()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    game.autosave.quit()
    app.close()
    again, _moves = opened(tmp_path, monkeypatch)
    try:
        current = again.session.current
        assert not current.game.is_won and current.game.can_redo
        again.app.step(20.0)
        assert not current.clock_running and round(current.elapsed(), 1) == round(won_at, 1)
        current.redo()
        settle(again.app)
        assert round(current.elapsed(), 1) == round(won_at, 1)
        assert len(again.session.keeper.history.entries) == 1  # the win counts once
    finally:
        again.app.close()


def test_a_restart_after_a_win_runs_the_clock_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, moves = opened(tmp_path, monkeypatch)
    app, session = game.app, game.session
    try:
        play_to_the_win(app, moves)
        key(app, pygame.K_ESCAPE)
        session.current.restart()
        session.current.play(moves[0])
        app.step(5.0)
        assert session.current.clock_running and 4.9 <= session.current.elapsed() <= 5.1
    finally:
        app.close()
