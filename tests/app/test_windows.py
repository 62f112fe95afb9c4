"""The windows over the table: New Game (typing, paste, errors), end messages, the menu."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from seahaven.app.screens import new_game
from seahaven.app.screens.dialogs import EndMessage, Menu
from seahaven.app.screens.new_game import NewGame
from seahaven.engine import DECK, GameCode, column
from seahaven.engine.codes import deal_position
from seahaven.i18n import _ as tr
from tests.app.table_helpers import app_with, card_point, click, key, make_app, position_with, settle, steps


def type_text(app: Any, text: str) -> None:
    """Typing as SDL reports it: a key press, then the text it makes."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    steps(app)


def test_the_key_that_opens_the_window_is_not_typed_into_it() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="n"))
    steps(app)
    window = app.scenes.top
    assert isinstance(window, NewGame) and window.code_text == ""


NO_WINNABLE_ONLY = {"winnable_only": {4: False, 2: False, 1: False}}
"""Deal a typed code at once (with winnable deals only on, the solver checks it first)."""


def test_new_game_window_takes_a_typed_code() -> None:
    app = make_app("SH1-C4-AAAAAJ2", **NO_WINNABLE_ONLY)
    key(app, pygame.K_n)
    assert isinstance(app.scenes.top, NewGame)
    type_text(app, "sh1-c2-aaaaab2")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is app.scenes.bottom
    assert str(app.scenes.bottom.game.code) == "SH1-C2-AAAAAB2"
    assert app.scenes.bottom.position.cell_count == 2
    assert len(app.scenes.bottom.layout.piles) == 2 + 4 + 10


def test_new_game_window_shows_why_a_code_is_refused() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    type_text(app, "SH1-C3-AAAAAJ2")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is window
    assert "C4, C2 or C1" in window.error
    key(app, pygame.K_BACKSPACE)
    assert window.error == "" and window.code_text == "SH1-C3-AAAAAJ"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.scenes.bottom
    assert str(app.scenes.bottom.game.code) == "SH1-C4-AAAAAJ2"


def test_new_game_window_pastes_from_the_clipboard(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    monkeypatch.setattr(new_game, "clipboard_get", lambda: "  SH1-C1-AAAAAAC \n")
    app.settings.set("winnable_only", dict(NO_WINNABLE_ONLY["winnable_only"]))
    key(app, pygame.K_n)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    window = app.scenes.top
    assert isinstance(window, NewGame) and window.code_text == "SH1-C1-AAAAAAC"
    click(app, window.widgets[window.index("deal")].box.center)
    assert str(app.scenes.bottom.game.code) == "SH1-C1-AAAAAAC"


def test_new_game_window_copies_the_current_code(monkeypatch: pytest.MonkeyPatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr(new_game, "clipboard_put", lambda text: copied.append(text) or True)
    app = make_app("SH1-C4-AAAAAJ2")
    click(app, app.scenes.bottom.layout.buttons["new"].center)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    click(app, window.widgets[window.index("copy")].box.center)
    assert copied == ["SH1-C4-AAAAAJ2"]


def test_new_game_window_deals_a_random_game_of_the_chosen_difficulty() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    click(app, window.widgets[window.index("cells1")].box.center)
    winnable = window.widgets[window.index("winnable")]
    if winnable.on:  # the solver is there: keep the test fast with a plain random deal
        click(app, winnable.box.center)
    click(app, window.widgets[window.index("deal")].box.center)
    assert app.scenes.bottom.position.cell_count == 1
    assert app.settings.cells == 1


def test_won_game_cascades_then_offers_a_new_game() -> None:
    # everything home but the king of spades, which sits alone in column 1
    position = position_with({1: "KS"} | {n: "" for n in range(2, 11)}, found={"C": 13, "D": 13, "H": 13, "S": 12})
    app = app_with(position)
    click(app, card_point(app, column(1)))
    assert app.scenes.bottom.game.is_won
    settle(app)
    steps(app, 2)
    assert app.scenes.bottom.board.glides.cascade is not None
    key(app, pygame.K_SPACE)  # any input ends the celebration and shows the result
    top = app.scenes.top
    assert isinstance(top, EndMessage) and top.kind == "won"
    assert app.scenes.bottom.game.score == 10 + 200
    key(app, pygame.K_RETURN)  # New game (focused)
    assert isinstance(app.scenes.top, NewGame)


def stuck_position() -> Any:
    """Three full cells, no card can go home or onto another: once column 10's 2S fills the
    last cell, only moving it back (to a position already seen) is left."""
    tops = ["5C", "7C", "9C", "JC", "5D", "7D", "9D", "JD", "5H", "2S"]
    cells = ["2C", "2D", "2H", None]
    used = set(tops) | {c for c in cells if c}
    rest = [str(c) for c in DECK if str(c) not in used]
    rest.sort(key=lambda t: (t[0] != "A", t))  # aces at the bottom of the columns
    columns = {n: [] for n in range(1, 11)}
    for i, text in enumerate(rest):
        columns[i % 10 + 1].append(text)
    spec = {n: " ".join([*columns[n], tops[n - 1]]) for n in columns}
    return position_with(spec, cells=cells)


def test_stuck_game_says_so_with_undo_restart_new() -> None:
    app = app_with(stuck_position())
    assert not app.scenes.bottom.game.is_stuck
    key(app, pygame.K_0)
    key(app, pygame.K_d)
    assert app.scenes.bottom.position.cells[3] is not None
    assert app.scenes.bottom.game.is_stuck
    settle(app)
    steps(app)
    top = app.scenes.top
    assert isinstance(top, EndMessage) and top.kind == "stuck"
    assert [w.name for w in top.widgets] == ["undo", "restart", "review", "analyse", "new"]
    click(app, top.widgets[0].box.center)  # Undo
    assert app.scenes.top is app.scenes.bottom
    assert app.scenes.bottom.game.move_count == 0


def test_menu_opens_and_closes_with_keys() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_1)  # column 1 selected, the focus ring on show
    key(app, pygame.K_ESCAPE)  # Esc at the table clears them, and opens nothing (SPEC 4)
    table = app.scenes.bottom
    assert app.scenes.top is table and table.board.selection is None and not table.board.focus_visible()
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    click(app, app.scenes.bottom.layout.buttons["menu"].center)
    assert isinstance(app.scenes.top, Menu)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    click(app, app.scenes.bottom.layout.buttons["menu"].center)
    assert isinstance(app.scenes.top, Menu)
    click(app, (3, app.size[1] - 3))  # outside the panel
    assert app.scenes.top is app.scenes.bottom


def test_hint_and_help_answer_even_without_the_solver() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_h)
    for _ in range(300):
        steps(app)
        if not app.scenes.bottom.jobs.running("hint"):
            break
    assert app.scenes.bottom.message is not None or app.scenes.bottom.hint is not None
    key(app, pygame.K_F1)
    assert app.scenes.top is not app.scenes.bottom
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.scenes.bottom


def test_restart_and_new_game_keys() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    assert app.scenes.bottom.game.move_count == 1
    key(app, pygame.K_r)  # a move would be lost: it asks first
    key(app, pygame.K_TAB)  # from "Keep playing" to "Restart"
    key(app, pygame.K_RETURN)
    assert app.scenes.bottom.game.move_count == 0
    assert app.scenes.bottom.position == GameCode.parse("SH1-C4-AAAAAJ2").position()


def test_new_game_window_offers_no_copy_of_a_code_the_game_has_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game from a position (a replay's "Play from here", a file) has no code: the window
    says so, and its Copy button is off. It was on, copied nothing and said "This game has
    no code." a second time under the same line (a play-test found it)."""
    copied: list[str] = []
    monkeypatch.setattr(new_game, "clipboard_put", lambda text: copied.append(text) or True)
    app = app_with(deal_position(4, 1))
    assert app.scenes.bottom.game.code is None
    click(app, app.scenes.bottom.layout.buttons["new"].center)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    copy = window.widgets[window.index("copy")]
    assert not copy.enabled
    click(app, copy.box.center)
    assert copied == [] and isinstance(app.scenes.top, NewGame)
    assert [text for text, _role in window.about_lines()].count(tr("This game has no code.")) == 1
    key(app, pygame.K_c, pygame.KMOD_LCTRL)  # Ctrl+C copies the code, where there is one
    assert copied == [] and [text for text, _role in window.about_lines()].count(tr("This game has no code.")) == 1
    assert window.widgets[window.index("copy_game")].enabled  # the game itself can still be copied
