"""Issue 37 items 1 and 9: every window's words are read whole, at every size and in every
language (the window grows, or its words get smaller where the window is short: never cut),
and its buttons never touch, however long their words. New Game over a game in progress
says in its Deal button what becomes of that game. Each window is opened over the real
table at 800x600, 1280x800 and 1080x1920, in English, German and Japanese, and its layout
is read back: where its text goes, where its buttons are."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from seahaven import i18n
from seahaven.app.kit import Window
from seahaven.app.looks.render import wrap
from seahaven.app.looks.type_scale import type_scale
from seahaven.app.screens.bookmarks import Bookmarks
from seahaven.app.screens.dialogs import Confirm, EndMessage, Notice
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.navigation import stake_text
from seahaven.app.screens.new_game import NewGame
from seahaven.app.screens.table.actions import ACTIONS
from seahaven.app.shell.loop import App
from seahaven.engine import APP_RULES, GameCode
from seahaven.engine.daily import today
from seahaven.engine.services import LossReport
from seahaven.engine.solver import solve
from tests.app.table_helpers import key, make_app, steps
from tests.app.test_windows import type_text

CODE = "SH1-C4-AAAAAJ2"
SIZES = [(800, 600), (1280, 800), (1080, 1920)]
LANGUAGES = ["en", "de", "ja"]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def in_progress(app: App) -> None:
    table = app.scenes.bottom
    table.session.facts.rated(table.game.code, 3)  # the longest line about the game: with its rating
    table.current.play(table.game.useful_moves()[0])
    steps(app)


def open_new_game(app: App) -> Window:
    in_progress(app)
    key(app, pygame.K_n)
    type_text(app, "SH1-C3-AAAAAJ2")  # refused when dealt: the longest sentence under the field
    key(app, pygame.K_RETURN)
    return app.scenes.top


def open_notice(app: App) -> Window:
    return app.push(Notice(app, lambda: i18n._("This game can no longer be won"),
                           lambda: i18n._("The solver proved that no winning line is left, and found no way back.")))


def open_restart(app: App) -> Window:
    in_progress(app)
    key(app, pygame.K_r)
    assert isinstance(app.scenes.top, Confirm)
    return app.scenes.top


def open_daily_win(app: App) -> Window:
    table = app.scenes.bottom
    code = GameCode.parse(CODE)
    table.session.facts.is_daily(code, today())
    table.session.facts.rated(code, 3)
    for move in solve(table.game.position, APP_RULES).line:
        table.current.play(move)
    table.finish_animations()
    for _ in range(5):
        steps(app)
    window = app.scenes.top
    assert isinstance(window, EndMessage) and window.widgets[0].name == "share"
    return window


def open_stuck(app: App) -> Window:
    in_progress(app)
    return app.push(EndMessage(app, app.scenes.bottom.session, "stuck"))


def open_lost(app: App) -> Window:
    in_progress(app)
    app.scenes.bottom.current.play(app.scenes.bottom.game.useful_moves()[0])
    return app.push(LostPanel(app, app.scenes.bottom.session, LossReport("lost", 2)))


def open_bookmarks(app: App) -> Window:
    in_progress(app)
    key(app, pygame.K_m)
    key(app, pygame.K_b, pygame.KMOD_LCTRL)
    assert isinstance(app.scenes.top, Bookmarks)
    return app.scenes.top


def open_menu(app: App) -> Window:
    ACTIONS["menu"].run(app.scenes.bottom)
    return app.scenes.top


WINDOWS: dict[str, Callable[[App], Window]] = {
    "new game": open_new_game, "notice": open_notice, "restart": open_restart, "daily win": open_daily_win,
    "stuck": open_stuck, "lost": open_lost, "bookmarks": open_bookmarks, "menu": open_menu,
}


def check_buttons(window: Window, size: tuple[int, int]) -> None:
    """Inside the panel, the panel inside the window, and no two buttons touching."""
    panel = pygame.Rect(window.panel)
    assert pygame.Rect(0, 0, *size).contains(panel)
    boxes = [pygame.Rect(w.box) for w in window.widgets]
    for widget, box in zip(window.widgets, boxes):
        assert panel.contains(box), widget.name
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.inflate(6, 6).colliderect(b), (window.widgets[boxes.index(a)].name,
                                                        window.widgets[boxes.index(b)].name)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(WINDOWS))
def test_every_window_shows_its_words_whole_and_its_buttons_apart(name: str, language: str,
                                                                 size: tuple[int, int]) -> None:
    app = make_app(CODE, size=size, language=language, animation="off", warn_lost=False, show_verdict=False)
    try:
        window = WINDOWS[name](app)
        steps(app, 2)
        window = app.scenes.top
        assert isinstance(window, Window), name
        check_buttons(window, size)
        lines = window.body_lines()
        if lines:  # the text, as drawn, ends above the first button under it
            bottom = window.body_top + window.text_height(lines, size)
            assert bottom <= min(w.box.y for w in window.widgets), name
            assert pygame.Rect(window.panel).contains(pygame.Rect(window.panel.x, window.body_top, 1,
                                                                  bottom - window.body_top))
        app.render(force=True)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_new_game_over_a_game_in_progress_says_it_all(language: str, size: tuple[int, int]) -> None:
    """The line about the game in play, the warning that dealing counts it as lost and the
    refusal of a typed code: each line whole, each above what comes under it; the Deal button
    says what becomes of the game."""
    app = make_app(CODE, size=size, language=language, animation="off", warn_lost=False, show_verdict=False)
    try:
        window = open_new_game(app)
        steps(app, 2)
        assert isinstance(window, NewGame) and window.error
        painter = app.painter
        widgets = {w.name: pygame.Rect(w.box) for w in window.widgets}
        # the refusal under the field, whole, above the line about the game
        note = window.scale.note
        said = wrap(painter.font(note), window.error, window.panel.w - 2 * window.px)
        assert [line for line, _role in window.said_lines] == list(said)
        assert window.label_ys["error"] + len(said) * window.steps[0] <= window.label_ys["current"]
        # the game in play: its code and rating, then the warning, all lines left of Copy game, above the buttons
        about = window.about_lines()
        assert about[1] == (i18n._("Dealing now counts it as lost."), "error")
        assert str(GameCode.parse(CODE)) in about[0][0] and "3" in about[0][0]
        count = len(window.about_wrapped)
        assert " ".join(line for line, _role in window.about_wrapped).replace(" ", "") == "".join(
            text for text, _role in about).replace(" ", "")  # every word of them, none dropped
        top = window.label_ys["current"] + (window.label_ys["current_h"] - count * window.steps[1]) // 2
        assert top >= window.label_ys["current"]
        assert top + count * window.steps[1] <= min(widgets["daily"].y, widgets["deal"].y)
        if window.copies_below:  # the lines get the panel's width, Copy game and Copy a row under them
            assert top + count * window.steps[1] <= widgets["copy_game"].y
        else:  # beside Copy game and Copy, in at most two lines
            assert window.panel.x + window.px + window.about_room <= widgets["copy_game"].x
        for text, _role in about:
            for line in wrap(painter.font(window.px), text, window.about_room):
                assert painter.font(window.px).size(line)[0] <= window.about_room
        deal = next(w for w in window.widgets if w.name == "deal")
        assert deal.label == i18n._("Deal and count this game as lost")
        check_buttons(window, size)
        app.render(force=True)
    finally:
        app.close()


def test_deal_says_so_only_when_a_game_is_at_stake_and_a_long_sentence_gets_its_room() -> None:
    app = make_app(CODE, size=(800, 600), animation="off")
    try:
        key(app, pygame.K_n)
        window = app.scenes.top
        assert isinstance(window, NewGame)
        assert [w.label for w in window.widgets if w.name == "deal"] == ["Deal"]
        assert all(role != "error" for _text, role in window.about_lines())
        height = window.panel.h
        type_text(app, "SH1-C3-AAAAAJ2")
        key(app, pygame.K_RETURN)
        steps(app)
        assert window.error and window.panel.h >= height  # room for the refusal (never less)
        key(app, pygame.K_ESCAPE)
        assert stake_text(app.scenes.bottom.game)  # (the words of a question asked elsewhere)
    finally:
        app.close()


def test_a_window_too_tall_for_the_screen_makes_its_words_smaller_not_cut() -> None:
    app = make_app(CODE, size=(800, 600))
    try:
        long = " ".join(["The solver proved that no winning line is left, and found no way back."] * 17)
        notice = app.push(Notice(app, lambda: "Title", lambda: long))
        steps(app)
        assert isinstance(notice, Notice)
        assert notice.px < type_scale(app.size).body and notice.scale.body == notice.px  # smaller words
        bottom = notice.body_top + notice.text_height(notice.body_lines(), app.size)
        assert bottom <= notice.widgets[0].box.y and notice.panel.bottom <= 600
    finally:
        app.close()
