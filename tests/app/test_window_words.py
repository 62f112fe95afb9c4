"""Issue 26 item 4: a window builds its words when it lays out, so a change of language
reaches every window already open (the notice, the question before a game is lost, the
Menu, the won panel), through the real loop: the window opened by real events, the
language changed as Settings changes it (the settings object), one frame stepped."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from seahaven import i18n
from seahaven.app.access import tree
from seahaven.app.kit import Widget, Window
from seahaven.app.looks import theme as themes
from seahaven.app.screens.dialogs import Confirm, EndMessage, Menu, Notice
from seahaven.app.screens.game_files import GameFiles
from seahaven.app.screens.help import EXAMPLES, HelpScreen
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.new_game import NewGame
from seahaven.app.shell.loop import App
from seahaven.engine import COLUMNS
from tests.access.test_tree import listening
from tests.app.table_helpers import app_with, click, drag, key, make_app, settle, steps
from tests.app.test_demo import lost_without_undos
from tests.app.test_finish import nearly_done
from tests.app.test_help_board import grip
from tests.app.test_windows import type_text

CODE = "SH1-C4-AAAAAJ2"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def to_german(app: App) -> None:
    app.settings.set("language", "de")
    steps(app)
    assert i18n.language() == "de"


def labels(app: App) -> list[str]:
    window = app.scenes.top
    assert isinstance(window, Window)
    return [widget.label for widget in window.widgets]


def test_an_open_notice_follows_a_change_of_language() -> None:
    """The notice the demo opened in a game lost with no way back, before the lost panel
    (issue 28) took its place: a Notice's words follow the language."""
    app = make_app(CODE, animation="off")
    app.push(Notice(app, lambda: i18n._("This game can no longer be won"),
                    lambda: i18n._("The solver proved that no winning line is left, and found no way back.")))
    steps(app)
    notice = app.scenes.top
    assert isinstance(notice, Notice) and not isinstance(notice, Confirm)
    assert notice.title == "This game can no longer be won"
    assert notice.text == "The solver proved that no winning line is left, and found no way back."
    to_german(app)
    assert notice.title == "Dieses Spiel ist nicht mehr zu gewinnen"
    assert notice.text == "Der Löser hat bewiesen, dass kein Gewinnweg mehr bleibt, und keinen Weg zurück gefunden."
    app.render(force=True)  # drawn in the new words without a fault
    key(app, pygame.K_RETURN)  # OK, in any language
    assert not isinstance(app.scenes.top, Notice)


def test_the_lost_panel_without_a_way_back_follows_a_change_of_language(monkeypatch: pytest.MonkeyPatch) -> None:
    app = lost_without_undos(monkeypatch, None)
    panel = app.scenes.top
    assert isinstance(panel, LostPanel)
    assert panel.title == "This game can no longer be won"
    assert panel.lines[0][0] == "The solver proved that no winning line is left, and found no way back."
    to_german(app)
    assert panel.title == "Dieses Spiel ist nicht mehr zu gewinnen"
    assert panel.lines[0][0] == ("Der Löser hat bewiesen, dass kein Gewinnweg mehr bleibt, und keinen Weg zurück "
                                 "gefunden.")
    app.render(force=True)
    key(app, pygame.K_ESCAPE)  # closes, in any language
    assert not isinstance(app.scenes.top, LostPanel)


def test_an_open_question_follows_a_change_of_language_and_still_answers() -> None:
    app = make_app(CODE, animation="off")
    table = app.scenes.bottom
    table.current.play(table.game.useful_moves()[0])
    key(app, pygame.K_r)  # Restart: asked first, a move would be lost
    confirm = app.scenes.top
    assert isinstance(confirm, Confirm)
    assert confirm.title == "Restart this deal?" and "will be gone" in confirm.text
    assert labels(app) == ["Keep playing", "Restart"] and (confirm.no, confirm.yes) == ("Keep playing", "Restart")
    english = confirm.text
    to_german(app)
    assert confirm.title == "Dieses Spiel neu beginnen?"
    assert confirm.text != english and "will be gone" not in confirm.text
    assert labels(app) == ["Weiterspielen", "Neustart"] and (confirm.no, confirm.yes) == ("Weiterspielen", "Neustart")
    click(app, next(w for w in confirm.widgets if w.name == "yes").box.center)
    assert table.game.move_count == 0 and not isinstance(app.scenes.top, Confirm)


def test_the_undo_offer_follows_a_change_of_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The way back, offered by the lost panel (issue 28; a Confirm with "Undo 2 moves" before it)."""
    app = lost_without_undos(monkeypatch, 2)
    panel = app.scenes.top
    assert isinstance(panel, LostPanel)

    def back() -> Widget:
        return next(w for w in panel.widgets if w.name == "back")

    assert back().label == "Back to the last winnable position"
    assert any("Undoing 2 moves" in text for text, _role in panel.lines)
    to_german(app)
    assert back().label == "Zurück zur letzten gewinnbaren Stellung"
    assert panel.title == "Dieses Spiel ist nicht mehr zu gewinnen"
    assert any("2 Züge zurück" in text for text, _role in panel.lines)
    click(app, back().box.center)
    assert app.scenes.bottom.game.move_count == 0


def test_the_open_menu_and_its_name_for_the_screen_reader_follow_a_change_of_language() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    click(app, app.scenes.bottom.layout.buttons["menu"].center, frames=2)
    menu = app.scenes.top
    assert isinstance(menu, Menu)
    before = labels(app)
    assert "Help" in before and adapter.latest()[tree.SCENE].props["label"] == "Menu"
    to_german(app)
    steps(app, 2)
    after = labels(app)
    assert len(after) == len(before) and "Hilfe" in after and "Help" not in after
    assert adapter.latest()[tree.SCENE].props["label"] == "Menü"  # named as it is drawn


def test_the_open_won_panel_follows_a_change_of_language() -> None:
    app = app_with(nearly_done(), (1024, 700), animation="off")
    table = app.scenes.bottom
    key(app, pygame.K_e)  # the last cards home: won
    settle(app, 5)
    panel = app.scenes.top
    assert table.game.is_won and isinstance(panel, EndMessage)
    assert panel.title == "You won!" and labels(app)[-1] == "New game"
    english = [text for text, _role in panel.lines]
    to_german(app)
    assert panel.title == "Gewonnen!" and labels(app)[-1] == "Neues Spiel"
    german = [text for text, _role in panel.lines]
    assert len(german) == len(english) and german[0] != english[0]
    key(app, pygame.K_n)  # N still opens New Game from the panel
    assert app.scenes.find(EndMessage) is None


def test_the_open_file_window_follows_a_change_of_language() -> None:
    app = make_app(CODE)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)  # Save the game to a file
    window = app.scenes.top
    assert isinstance(window, GameFiles) and window.title == "Save the game"
    typed = window.field.text
    to_german(app)
    assert window.title == "Spiel speichern" and window.field.text == typed  # the words, not what was typed


def test_the_line_of_helps_example_board_follows_a_change_of_language() -> None:
    app = make_app(CODE, size=(1280, 800))
    screen = HelpScreen(app, EXAMPLES)
    app.push(screen)
    steps(app)
    board = screen.board
    assert board.message == "Try it: the status here shows what the rules allow now."
    key(app, pygame.K_c)  # the example has one cell: said on the board's line
    assert board.message == "This game has 1 cell."
    to_german(app)
    assert board.message == "Dieses Spiel hat 1 Zelle."
    into = pygame.Rect(board.layout.piles[COLUMNS[3]]).move(0, board.layout.card_h).center
    drag(app, grip(board, COLUMNS[2], 2), into)
    assert board.message == "Die Folge von 8 Karten ging von Spalte 3 nach Spalte 4."
    assert len(board.position.cards(COLUMNS[2])) == 2


def test_new_games_refusal_and_note_follow_a_change_of_language() -> None:
    app = make_app(CODE)
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    type_text(app, "SH1-C2-AAAAAB2")
    click(app, next(w for w in window.widgets if w.name == "cells4").box.center)  # the code decides: a note
    assert window.note == "The typed code sets the difficulty: clear it to choose another."
    click(app, next(w for w in window.widgets if w.name == "field").box.center)
    for _ in range(len(window.code_text)):
        key(app, pygame.K_BACKSPACE)
    assert window.code_text == ""
    type_text(app, "SH1-C3-AAAAAJ2")
    key(app, pygame.K_RETURN)  # refused: the field says why
    assert window.error == "The cell count must be C4, C2 or C1, not \u201cC3\u201d."
    to_german(app)
    assert window.error == "Die Zellenzahl muss C4, C2 oder C1 sein, nicht \u201eC3\u201c."
    assert window.note == ("Der eingegebene Code legt die Schwierigkeit fest: Löschen Sie ihn, um eine andere "
                           "zu wählen.")
    key(app, pygame.K_BACKSPACE)  # an edit clears the refusal, in any language
    assert window.error == "" and window.code_text == "SH1-C3-AAAAAJ"


def test_an_open_window_takes_a_new_table_look_at_once() -> None:
    """The window's panel, title band and dimming come from the theme in force, also for a
    window open when the table's look changes (the dimming tile is made again)."""
    app = make_app(CODE, table="green")
    app.push(Notice(app, lambda: "Title", lambda: "A window over the table."))
    steps(app)
    notice = app.scenes.top
    assert isinstance(notice, Notice)
    panel = notice.panel
    inside = (panel.x + 3, panel.y + panel.h // 2)
    band = (panel.x + panel.w // 2, panel.y + 3)
    assert tuple(app.screen.get_at(inside))[:3] == themes.GREEN.panel
    app.settings.set("table", "wine")
    steps(app)
    assert app.scenes.top is notice and app.painter.theme.name == "wine"
    assert tuple(app.screen.get_at(inside))[:3] == themes.WINE.panel
    assert tuple(app.screen.get_at(band))[:3] == themes.WINE.band
    assert notice._dim is not None and tuple(notice._dim.get_at((0, 0)))[:3] == themes.WINE.dim
