"""Nothing one key or click does throws a game in progress away (SPEC 4): Restart and a
code on the command line ask first; the New Game window says what dealing costs. No
question at move 0 or after a win."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from seahaven.app.saving.persistence import Persistence
from seahaven.app.saving.storage import Storage
from seahaven.app.screens.dialogs import Confirm
from seahaven.app.screens.new_game import NewGame
from seahaven.app.shell.launch import open_game
from seahaven.engine import Game, GameCode, column
from tests.app.table_helpers import card_point, click, drag, key, make_app, settle
from tests.app.test_resume import _winning_line

CODE = "SH1-C4-AAAAAJ2"
OTHER = "SH1-C2-AAAAAAB"


def test_restart_asks_first_and_keeps_the_game_unless_confirmed() -> None:
    app = make_app(CODE)
    table = app.scenes.bottom
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    settle(app)
    line = table.game.moves
    key(app, pygame.K_r)
    window = app.scenes.top
    assert isinstance(window, Confirm) and "1 move" in window.text
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and table.game.moves == line
    key(app, pygame.K_r)
    key(app, pygame.K_RETURN)  # Enter takes the default: keep playing
    assert app.scenes.top is table and table.game.moves == line
    click(app, table.layout.buttons["restart"].center)
    window = app.scenes.top
    assert isinstance(window, Confirm)
    yes = next(w for w in window.widgets if w.name == "yes")
    click(app, yes.box.center)
    assert app.scenes.top is table and table.game.move_count == 0


def test_restart_at_move_zero_and_after_a_win_asks_nothing() -> None:
    app = make_app(CODE)
    key(app, pygame.K_r)
    assert app.scenes.top is app.scenes.bottom
    table = app.scenes.bottom
    start, moves = _winning_line()
    won = Game(start)
    for move in moves:
        won.play(move)
    table.current.new_game(won)
    settle(app)
    while app.scenes.top is not table:
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)
    assert app.scenes.top is table and table.game.move_count == 0


def test_the_new_game_window_says_dealing_counts_the_game_as_lost() -> None:
    app = make_app(CODE)
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame) and not any("lost" in text for text, _role in window.about_lines())
    assert window.widgets[window.index("deal")].label == "Deal"
    key(app, pygame.K_ESCAPE)
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    assert ("Dealing now counts it as lost.", "error") in window.about_lines()  # a warning, in its colour
    assert window.widgets[window.index("deal")].label == "Deal and count this game as lost"  # the button says it


@pytest.fixture
def saved_in_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    keeper = Persistence(folder=folder)
    game = Game.from_code(CODE)
    game.play(game.useful_moves()[0])
    keeper.game_changed(game, 12.0)
    keeper.storage.flush()  # saves are written on a background thread
    return folder


@pytest.mark.parametrize("answer", ["no", "yes"])
def test_a_code_on_the_command_line_over_a_game_in_progress_asks(saved_in_progress: Path, answer: str) -> None:
    before = (saved_in_progress / "current.json").read_bytes()
    opened = open_game((1024, 768), True, OTHER)
    app, table = opened.app, opened.table
    try:
        app.step(1 / 60)
        window = app.scenes.top
        assert isinstance(window, Confirm) and OTHER in window.title
        assert str(table.game.code) == CODE and table.game.move_count == 1  # the saved game, on the table
        opened.session.keeper.storage.flush()
        assert (saved_in_progress / "current.json").read_bytes() == before  # nothing written over it yet
        choice = next(w for w in window.widgets if w.name == answer)
        click(app, choice.box.center)
        assert app.scenes.top is table
        opened.session.keeper.storage.flush()
        saved = Storage(saved_in_progress).load_game().value
        assert saved is not None
        if answer == "no":
            assert str(table.game.code) == CODE and table.game.move_count == 1
            assert str(saved.game.code) == CODE and len(saved.game.moves) == 1
        else:
            assert table.game.code == GameCode.parse(OTHER) and table.game.move_count == 0
            assert saved.game.code == GameCode.parse(OTHER)
    finally:
        app.close()


def test_a_code_over_a_game_not_started_deals_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    keeper = Persistence(folder=tmp_path / "seahaven-towers")
    keeper.game_changed(Game.from_code(CODE), 0.0)
    keeper.storage.flush()
    opened = open_game((1024, 768), True, OTHER)
    try:
        opened.app.step(1 / 60)
        assert opened.table.game.code == GameCode.parse(OTHER)
        assert not isinstance(opened.app.scenes.top, Confirm)
    finally:
        opened.app.close()
