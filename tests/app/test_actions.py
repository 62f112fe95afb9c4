"""The action registry (issue 18, item 4): one declaration gives an action its toolbar
button, tooltip, Menu entry, key and line on Help's key page, with nothing else edited."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from seahaven.app.looks.assets import ICON_NAMES
from seahaven.app.screens.dialogs import Menu
from seahaven.app.screens.help import KEYS, HelpScreen
from seahaven.app.screens.table import actions
from seahaven.app.screens.table.actions import ACTIONS, Action, Actions
from tests.app.table_helpers import click, key, make_app, steps


def post_motion(app: Any, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    steps(app)


def test_one_declaration_reaches_toolbar_menu_keys_help_and_tooltip(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    registry = ACTIONS.copy()
    registry.declare(Action("shuffle", "Shuffle the felt", lambda t: ran.append(t.game.code), keys=("K",),
                            toolbar=6, short="Felt", tooltip="Shuffle the felt", icon="hint", menu=99,
                            help="Shuffle: a test action"))
    monkeypatch.setattr(actions, "ACTIONS", registry)
    app = make_app()
    table = app.scenes.bottom
    # the toolbar: a button after Hint, with the registry's word and tooltip
    box = table.layout.buttons["shuffle"]
    assert box.x > table.layout.buttons["hint"].x
    post_motion(app, box.center)
    for _ in range(60):
        steps(app)
    assert table.toolbar.tooltip_shown and table.toolbar.hover == "shuffle"
    app.render(force=True)
    click(app, box.center)
    assert ran == [table.game.code]
    # the keyboard
    key(app, pygame.K_k)
    assert len(ran) == 2
    # the Menu
    click(app, table.layout.buttons["menu"].center)
    menu = app.scenes.top
    assert isinstance(menu, Menu)
    entry = next(w for w in menu.widgets if w.name == "shuffle")
    assert entry.label == "Shuffle the felt" and menu.widgets[-2] is entry and entry.enabled  # then Close
    assert menu.shortcuts["shuffle"] == "K"
    click(app, entry.box.center)
    assert len(ran) == 3 and app.scenes.top is table
    # Help's key page, as F1 opens it
    key(app, pygame.K_F1)
    help_screen = app.scenes.top
    assert isinstance(help_screen, HelpScreen)
    rows = dict(next(rows for kind, rows in help_screen.keys_page if kind == "keys"))
    assert rows["K"] == "Shuffle: a test action"
    help_screen.set_tab(KEYS)
    app.render(force=True)


def test_the_registry_refuses_a_name_or_key_declared_twice() -> None:
    registry = Actions()
    registry.declare(Action("one", "One", lambda t: None, keys=("Ctrl+J",)))
    with pytest.raises(ValueError, match="twice"):
        registry.declare(Action("one", "Again", lambda t: None))
    with pytest.raises(ValueError, match="Ctrl\\+J"):
        registry.declare(Action("two", "Two", lambda t: None, keys=("Ctrl+J",)))


def test_every_action_is_reachable_and_every_toolbar_icon_exists() -> None:
    for action in ACTIONS:
        assert action.toolbar or action.menu or action.keys, f"{action.name} cannot be reached"
        if action.toolbar:
            assert action.icon_name in ICON_NAMES, action.name
            assert action.button_text() or action.square, action.name
    toolbar = [a.name for a in ACTIONS.toolbar()]
    assert toolbar == ["new", "restart", "undo", "redo", "hint", "help", "menu", "fullscreen"]
    assert [a.name for a in ACTIONS.menu()] == ["new", "restart", "daily", "open", "save",
                                                  "undo", "redo", "hint", "demo", "solution", "replay", "review",
                                                  "bookmark", "bookmarks", "statistics", "settings",
                                                  "help", "fullscreen", "quit"]
    # every toolbar button is in the Menu too, so the keyboard reaches it there (F10) as by its own key
    assert {a.name for a in ACTIONS.toolbar()} - {a.name for a in ACTIONS.menu()} == {"menu"}
    assert all(a.keys for a in ACTIONS.toolbar())
    # every toolbar tooltip names its key (issue 37.5): "Menu (F10)"
    for action in ACTIONS.toolbar():
        assert action.tooltip_text().endswith(f"({action.shortcut_text()})"), action.name
    assert ACTIONS["menu"].tooltip_text() == "Menu (F10)"
    assert ACTIONS.for_key("Shift+H") is ACTIONS["solution"] and ACTIONS.for_key("H") is ACTIONS["hint"]
    assert ACTIONS["undo"].tooltip_text() == "Undo (Ctrl+Z)" and ACTIONS["new"].tooltip_text() == "New game (N)"
    assert ACTIONS.for_key("Ctrl+Shift+Z") is ACTIONS["redo"] and ACTIONS.for_key("Shift+U") is ACTIONS["undo"]
    assert ACTIONS.for_key("Ctrl+Shift+Y") is ACTIONS["redo"] and ACTIONS.for_key("Ctrl+H") is None


def test_no_action_takes_a_key_the_table_needs_for_piles() -> None:
    gestures = {str(n) for n in range(10)} | set("ABCDF") | {"Enter", "Space", "Tab"}
    for action in ACTIONS:
        for chord in action.keys:
            assert chord.rpartition("+")[2] not in gestures or "Ctrl+" in chord, (action.name, chord)


def test_a_disabled_action_is_greyed_on_the_toolbar_and_in_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    registry = ACTIONS.copy()
    registry.declare(Action("later", "Not now", lambda t: ran.append("ran"), toolbar=6, short="Later", icon="hint",
                            menu=99, enabled=lambda t: t.game.move_count > 0))
    monkeypatch.setattr(actions, "ACTIONS", registry)
    app = make_app()
    table = app.scenes.bottom
    assert not table.button_enabled("later")  # greyed (a click still runs it, which says why nothing happens)
    click(app, table.layout.buttons["menu"].center)
    menu = app.scenes.top
    entry = next(w for w in menu.widgets if w.name == "later")
    assert not entry.enabled
    click(app, entry.box.center)
    assert ran == [] and app.scenes.top is menu
