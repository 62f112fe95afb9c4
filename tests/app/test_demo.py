"""The demo (Ctrl+D, and Demo in the Menu): plays on along a line the solver proved, one
real move at a time (recorded, saved, undoable); any input stops it; a lost position is
said so, with the undos back offered; a game it finishes is won with help."""

from __future__ import annotations

import time
import types
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.saving.storage import Storage
from seahaven.app.screens.dialogs import Menu
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.table import solver_questions as table_module
from seahaven.app.shell.launch import open_game
from seahaven.app.shell.loop import App
from seahaven.app.state.current import Change
from seahaven.engine import Game, GameCode, services
from seahaven.engine.services import LossReport
from tests.app.table_helpers import click, key, make_app, steps

CODE = "SH1-C4-AAAAAJ2"


def run_demo(app: Any, frames: int = 6000) -> None:
    table = app.scenes.bottom
    for _ in range(frames):
        steps(app)
        if table.demo.moves is None and not table.jobs.running("demo") and table.game.move_count:
            break
        if table.jobs.running("demo"):
            time.sleep(0.002)  # let the solver's thread find the line


def test_ctrl_d_plays_a_proved_line_to_the_win_move_by_move() -> None:
    app = make_app(CODE, animation="off")
    table = app.scenes.bottom
    moves_seen: list[int] = []
    table.current.subscribe(lambda event: moves_seen.append(table.game.move_count)
                            if event.kind is Change.MOVED else None)
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    run_demo(app)
    game = table.game
    assert game.is_won and game.hints_used == 1  # won with help
    assert moves_seen == list(range(1, game.move_count + 1))  # one real move at a time
    while app.scenes.top is not table:
        key(app, pygame.K_ESCAPE)
    won_after = game.move_count
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert not table.game.is_won and table.game.move_count == won_after - 1
    assert table.game.can_redo  # the demo's moves are undoable like any other


def test_any_input_stops_the_demo() -> None:
    app = make_app(CODE, animation="off")
    table = app.scenes.bottom
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    for _ in range(4000):
        steps(app)
        if table.game.move_count >= 3:
            break
        if table.jobs.running("demo"):
            time.sleep(0.002)  # let the solver's thread find the line
    assert table.demo.moves is not None and table.game.move_count >= 3
    click(app, (5, app.size[1] // 2))  # a click on the felt
    made = table.game.move_count
    steps(app, 200)
    assert table.demo.moves is None and table.game.move_count == made and not table.game.is_won


def test_the_menu_starts_the_demo() -> None:
    app = make_app(CODE, animation="off")
    table = app.scenes.bottom
    click(app, table.layout.buttons["menu"].center)
    menu = app.scenes.top
    assert isinstance(menu, Menu)
    entry = next(w for w in menu.widgets if w.name == "demo")
    click(app, entry.box.center)
    run_demo(app)
    assert table.game.is_won


def lost_without_undos(monkeypatch: pytest.MonkeyPatch, undos: int | None) -> App:
    """A game the solver (faked) proves lost when asked, with ``undos`` back to a winnable
    position (None: no way back); Ctrl+D asks it, and the table opens its window."""
    fake = types.SimpleNamespace(**{name: getattr(services, name) for name in ("hint", "lost", "Undecided")})
    fake.winning_line = lambda game, **_: None
    fake.lost = lambda game, **_: LossReport("lost", undos) if game.move_count else LossReport("won")
    monkeypatch.setattr(table_module, "services", fake)
    app = make_app(CODE, animation="off", warn_lost=False, show_verdict=False)
    table = app.scenes.bottom
    for _ in range(2):
        table.current.play(table.game.useful_moves()[0])
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    for _ in range(300):
        steps(app)
        if isinstance(app.scenes.top, LostPanel):
            break
    return app


def test_a_lost_game_offers_the_undos_back(monkeypatch: pytest.MonkeyPatch) -> None:
    app = lost_without_undos(monkeypatch, 2)
    table = app.scenes.bottom
    window = app.scenes.top  # the lost panel (issue 28) took the place of a Confirm with "Undo 2 moves"
    assert isinstance(window, LostPanel) and any("Undoing 2 moves" in text for text, _role in window.lines)
    click(app, next(w for w in window.widgets if w.name == "back").box.center)
    assert table.game.move_count == 0


def test_a_deal_that_cannot_be_won_says_there_is_no_way_back() -> None:
    code = next(GameCode(1, n) for n in range(1, 400) if services.lost(Game.from_code(GameCode(1, n))).lost)
    app = make_app(str(code), animation="off")
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    for _ in range(600):
        steps(app)
        if isinstance(app.scenes.top, LostPanel):
            break
    window = app.scenes.top  # the lost panel (issue 28) took the place of a Notice
    assert isinstance(window, LostPanel) and "not even from its start" in window.lines[0][0]
    assert window.title == "This deal cannot be won"
    assert "back" not in [w.name for w in window.widgets]  # no way back
    assert app.scenes.bottom.game.move_count == 0


def test_the_demos_moves_are_saved_as_it_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    opened = open_game((1024, 768), True, CODE)
    app, table = opened.app, opened.table
    try:
        key(app, pygame.K_d, pygame.KMOD_LCTRL)
        for _ in range(3000):
            steps(app)
            if table.game.move_count >= 5:
                break
        saved = Storage(folder).load_game().value
        assert saved is not None and saved.game.moves == table.game.moves and saved.game.hints_used == 1
    finally:
        app.close()
