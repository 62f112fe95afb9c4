"""Issue 41 item 3 and issue 37 item 5: the Menu opens by a key (F10, as desktop games
have it), every entry can be reached and pressed by keyboard alone, each shows its key, and
the Menu has a Close button a finger can see. Real events through the real loop; each
entry's effect is read from the scene stack and the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from seahaven import i18n
from seahaven.app.kit import Window
from seahaven.app.screens.dialogs import Menu
from seahaven.app.screens.table.actions import ACTIONS
from seahaven.app.shell.loop import App
from seahaven.app.text.words import key_text
from tests.app.table_helpers import click, key, make_app, steps

CODE = "SH1-C4-AAAAAJ2"


def ready(app: App) -> None:
    """Every entry can be pressed: a game started, with a move to undo and one to redo."""
    table = app.scenes.bottom
    for scene in list(app.scenes)[1:]:
        scene.close()
    app.running = True
    table.current.restart()
    first = table.game.useful_moves()[0]
    table.current.play(first)
    table.current.play(table.game.useful_moves()[0])
    table.current.undo()
    steps(app, 2)


def opened(kind: str) -> Callable[[App], bool]:
    return lambda app: type(app.scenes.top).__name__ == kind


EFFECTS: dict[str, Callable[[App], bool]] = {
    "new": opened("NewGame"),
    "restart": opened("Confirm"),  # a move would be lost: asked first
    "daily": opened("DailyScreen"),
    "open": opened("GameFiles"),
    "save": opened("GameFiles"),
    "undo": lambda app: app.scenes.bottom.game.move_count == 0,
    "redo": lambda app: app.scenes.bottom.game.move_count == 2,
    "hint": lambda app: app.scenes.bottom.jobs.running("hint") or app.scenes.bottom.hint is not None,
    "demo": lambda app: app.scenes.bottom.demo.running(),
    "solution": lambda app: app.scenes.bottom.jobs.running("line") or opened("ReplayScreen")(app),
    "replay": opened("ReplayScreen"),
    "review": opened("ReviewWindow"),
    "bookmark": lambda app: app.scenes.bottom.game.bookmarks == (1,),
    "bookmarks": opened("Bookmarks"),
    "statistics": opened("StatsScreen"),
    "settings": opened("SettingsScreen"),
    "help": opened("HelpScreen"),
    "fullscreen": lambda app: app.scenes.top is app.scenes.bottom,  # (the dummy driver has no fullscreen)
    "quit": lambda app: not app.running,
}


def test_every_menu_entry_is_reached_and_pressed_by_keyboard_alone() -> None:
    app = make_app(CODE, animation="off", warn_lost=False, show_verdict=False)
    names = [a.name for a in ACTIONS.menu()]
    assert set(EFFECTS) == set(names), "a Menu entry without its check"
    asked: list[str] = []
    app.scenes.bottom.session.action_listeners.append(asked.append)
    for i, name in enumerate(names):
        ready(app)
        key(app, pygame.K_F10)
        menu = app.scenes.top
        assert isinstance(menu, Menu)
        assert all(w.enabled for w in menu.widgets), [w.name for w in menu.widgets if not w.enabled]
        assert menu.widgets[menu.focus].name == names[0]  # the keys start at the first entry
        for _ in range(i):
            key(app, pygame.K_DOWN)
        assert menu.widgets[menu.focus].name == name and (menu.show_focus or i == 0)
        key(app, pygame.K_RETURN, frames=2)
        assert asked[-1] == name
        assert EFFECTS[name](app), name
    assert asked == names
    ready(app)
    app.close()


def test_the_arrows_go_across_the_menus_columns_and_tab_reaches_close() -> None:
    app = make_app(CODE, size=(800, 600), animation="off", warn_lost=False, show_verdict=False)
    ready(app)
    key(app, pygame.K_F10)
    menu = app.scenes.top
    assert isinstance(menu, Menu)
    entries = len(menu.widgets) - 1
    assert 1 < menu.rows < entries  # two columns at 800x600
    key(app, pygame.K_RIGHT)
    assert menu.focus == menu.rows and menu.widgets[menu.focus].box.x > menu.widgets[0].box.x
    key(app, pygame.K_LEFT)
    assert menu.focus == 0
    key(app, pygame.K_LEFT)  # no column further left
    assert menu.focus == 0
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)  # backwards from the first: Close, the last
    assert menu.widgets[menu.focus].name == "close"
    key(app, pygame.K_RETURN)
    assert app.scenes.top is app.scenes.bottom


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_entry_shows_its_key_whole_and_the_close_button_is_there(size: tuple[int, int],
                                                                      language: str) -> None:
    """Each entry with a key shows it on its right, apart from its words; every entry and
    the Close button lie inside the panel, and none touches another."""
    app = make_app(CODE, size=size, language=language)
    try:
        click(app, app.scenes.bottom.layout.buttons["menu"].center, frames=2)
        menu = app.scenes.top
        assert isinstance(menu, Menu)
        with_keys = {a.name: key_text(a.keys[0]) for a in ACTIONS.menu() if a.keys}
        assert len(with_keys) >= 15 and menu.shortcuts == {a.name: with_keys.get(a.name, "") for a in ACTIONS.menu()}
        painter = app.painter
        for widget in menu.widgets:
            assert menu.panel.contains(widget.box.x, widget.box.y)
            assert menu.panel.contains(widget.box.right - 1, widget.box.bottom - 1)
            px = widget.font_px or menu.scale.button
            words = painter.text(widget.label, px, bold=True).get_width()
            shortcut = menu.shortcuts.get(widget.name, "")
            keys = painter.text(shortcut, px).get_width() if shortcut else 0
            assert words + keys + 2 * menu.pad + (menu.pad if keys else 0) <= widget.box.w, (widget.label, shortcut)
        boxes = [pygame.Rect(w.box) for w in menu.widgets]
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        close = menu.widgets[-1]
        assert close.name == "close" and close.label == i18n._("Close")
        click(app, close.box.center)
        assert not isinstance(app.scenes.top, Window)
    finally:
        i18n.set_language("en")
        app.close()


def test_a_page_opened_from_the_menu_by_keyboard_closes_by_its_close_button_too() -> None:
    """Tab reaches a page's Close button (last, after the page's own controls), and Enter
    presses it: every button is in the keyboard's reach, not only Esc's."""
    app = make_app(CODE)
    try:
        key(app, pygame.K_F10)
        menu = app.scenes.top
        assert isinstance(menu, Menu)
        for _ in range(len(menu.widgets)):  # down the entries (the greyed ones are passed over) to Settings
            if menu.widgets[menu.focus].name == "settings":
                break
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN, frames=2)
        page = app.scenes.top
        assert type(page).__name__ == "SettingsScreen"
        key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)  # backwards from nothing: the last, Close
        assert page.focus_key == "close"
        key(app, pygame.K_RETURN)
        assert app.scenes.top is app.scenes.bottom
    finally:
        app.close()
