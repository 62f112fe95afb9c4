"""Issue 39 item 5: nothing is cut or silently shrunk. In every language the game speaks, at
800x600 and in portrait 1080x1920, every screen and window is drawn over the real table and
each button's words are read back as drawn (the size :func:`button_face` draws them at):
the buttons side by side in a row show their words at one size, and every word fits its
button. New Game's lines are measured as drawn against the panel and the buttons beside
them: whole, the game's rating among them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from seahaven import i18n
from seahaven.app.board.replay_game import ReplayGame
from seahaven.app.kit.screen import Screen
from seahaven.app.kit.window import Window
from seahaven.app.looks import render
from seahaven.app.looks.box import Box
from seahaven.app.screens import dialogs, navigation
from seahaven.app.screens.bookmarks import Bookmarks, set_bookmark
from seahaven.app.screens.game_files import GameFiles
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.new_game import CodeKeypad, NewGame
from seahaven.app.screens.review_window import ReviewWindow
from seahaven.app.screens.table.actions import ACTIONS
from seahaven.app.shell.loop import App
from seahaven.app.text.words import FROM, ONTO, WITH, card_name, pile_name
from seahaven.engine import Card, GameCode
from seahaven.engine.cards import column
from seahaven.engine.services import LossReport
from tests.app.table_helpers import make_app, steps

CODE = "SH1-C4-AAAAAJ2"
SIZES = [(800, 600), (1080, 1920)]
LANGUAGES = i18n.shipped_languages()
PAINTING = ["seahaven.app.kit.window", "seahaven.app.kit.screen", "seahaven.app.screens.table.toolbar",
            "seahaven.app.screens.replay_screen", "seahaven.app.screens.table.status", "seahaven.app.screens.dialogs"]
"""The modules that paint buttons (each imported ``button_face`` by name)."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def in_progress(app: App) -> None:
    table = app.scenes.bottom
    table.session.facts.rated(table.game.code, 3)  # New Game's longest line: with the rating
    table.current.play(table.game.useful_moves()[0])
    steps(app)


def openers(app: App) -> list[tuple[str, Callable[[], object]]]:
    table = app.scenes.bottom
    session = table.session

    def bookmarks() -> None:
        set_bookmark(session)
        app.push(Bookmarks(app, session))

    return [
        ("table", lambda: None),
        ("menu", lambda: ACTIONS["menu"].run(table)),
        ("new game", lambda: app.push(NewGame(app, session))),
        ("settings", lambda: navigation.open_screen(app, session, "settings")),
        ("help", lambda: navigation.open_screen(app, session, "help")),
        ("statistics", lambda: navigation.open_screen(app, session, "statistics")),
        ("daily", lambda: navigation.open_daily(app, session)),
        ("won", lambda: app.push(dialogs.EndMessage(app, session, "won"))),
        ("stuck", lambda: app.push(dialogs.EndMessage(app, session, "stuck"))),
        ("lost", lambda: app.push(LostPanel(app, session, LossReport("lost", 2)))),
        ("restart", lambda: table.ask_restart()),
        ("open", lambda: app.push(GameFiles(app, session, False))),
        ("save", lambda: app.push(GameFiles(app, session, True))),
        ("bookmarks", bookmarks),
        ("replay", lambda: navigation.open_replay(app, session, ReplayGame.of_game(session.current.game))),
        ("review", lambda: app.push(ReviewWindow(app, session))),
    ]


Drawn = tuple[Box, str, int, bool, bool]
"""A button as drawn: its box, its words, their size (0: left out beside the icon), bold, with an icon."""


def buttons_drawn(app: App, scene: Any, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every labelled button ``scene`` paints, with the size its words are drawn at (read
    from the painter as the button is drawn: the last size its words were written at)."""
    drawn: list[Drawn] = []
    face = render.button_face
    painter = app.painter
    text = painter.text
    written: list[tuple[str, int, bool]] = []

    def text_spy(words: str, size: int, colour: Any = None, bold: bool = False) -> pygame.Surface:
        written.append((words, size, bold))
        return text(words, size, colour, bold)

    def spy(painter: Any, box: Box, label: str, **kwargs: Any) -> pygame.Surface:
        start = len(written)
        surface = face(painter, box, label, **kwargs)
        if label:
            sizes = [(size, bold) for words, size, bold in written[start:] if words == label]
            size, bold = sizes[-1] if sizes else (0, False)
            drawn.append((box, label, size, bold, bool(kwargs.get("icon"))))
        return surface

    with monkeypatch.context() as patch:
        patch.setattr(painter, "text", text_spy)
        for module in PAINTING:
            patch.setattr(f"{module}.button_face", spy)
        if hasattr(scene, "toolbar"):  # the table: its toolbar's buttons drawn again, not from its cache
            scene.toolbar._faces.clear()
            scene.invalidate()
        scene.draw(pygame.Surface(app.size), 0.0, True)
    return drawn


def room(box: Box, icon: bool) -> int:
    """How wide a button's words may be: its width less its margins, and its icon and the gap."""
    return box.w - 2 * max(2, box.h // 6) - ((round(box.h * 0.58) + round(box.h * 0.14)) if icon else 0)


def check_rows(app: App, where: str, drawn: list[Drawn]) -> None:
    """The buttons side by side (one top, one height) show their words at one size, and
    each button's words fit it (or, beside an icon, are left out on every one of the row)."""
    rows: dict[tuple[int, int], list[Drawn]] = {}
    for button in drawn:
        rows.setdefault((button[0].y, button[0].h), []).append(button)
    for row in rows.values():
        sizes = {px for _box, _label, px, _bold, _icon in row}
        assert len(sizes) == 1, (where, [(label, px) for _box, label, px, _bold, _icon in row])
        for box, label, px, bold, icon in row:
            if px:
                assert app.painter.font(px, bold).size(label)[0] <= room(box, icon), (where, label, px)


def _words_written(app: Any, monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """From now on, each text surface the painter makes (by its id) -> its words."""
    written: dict[int, str] = {}
    text = app.painter.text

    def spy(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = text(words, *args, **kwargs)
        written[id(surface)] = words
        return surface

    monkeypatch.setattr(app.painter, "text", spy)
    return written


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_row_of_buttons_shows_its_words_whole_at_one_size(language: str, size: tuple[int, int],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(CODE, size=size, language=language, animation="off", warn_lost=False, show_verdict=False)
    try:
        in_progress(app)
        for name, opener in openers(app):
            opener()
            steps(app, 2)
            top = app.scenes.top
            pages = range(len(top.tabs)) if isinstance(top, Screen) and top.tabs else [0]
            for page in pages:
                if isinstance(top, Screen) and top.tabs:
                    top.set_tab(page)
                    steps(app)
                check_rows(app, f"{name} {page}", buttons_drawn(app, top, monkeypatch))
            while len(app.scenes) > 1:
                app.scenes.top.close()
                steps(app)
    finally:
        app.close()


class Blits(pygame.Surface):
    """A surface that keeps where each surface was laid on it (and how large)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.laid: list[tuple[int, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        at = dest if isinstance(dest, pygame.Rect) else pygame.Rect(dest[0], dest[1], 0, 0)
        self.laid.append((id(source), pygame.Rect(at.x, at.y, *source.get_size())))
        return super().blit(source, dest, area, special_flags)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_new_games_words_are_whole_and_its_line_about_the_game_keeps_its_rating(
        language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(CODE, size=size, language=language, animation="off", warn_lost=False, show_verdict=False)
    try:
        in_progress(app)
        window = app.push(NewGame(app, app.scenes.bottom.session))
        steps(app, 2)
        assert isinstance(window, Window) and isinstance(window, NewGame)
        about = window.about_lines()[0][0]
        assert str(GameCode.parse(CODE)) in about and i18n.format_number(3) in about
        written = _words_written(app, monkeypatch)
        surface = Blits(app.size)
        window.draw(surface)
        panel = pygame.Rect(window.panel)
        inner = panel.inflate(-window.px, 0)
        boxes = [pygame.Rect(w.box) for w in window.widgets]
        words_laid = [(written[source], rect) for source, rect in surface.laid if source in written]
        assert words_laid
        for words, rect in words_laid:  # each line inside the panel, and clear of every button it is not on
            assert inner.contains(rect), (words, rect, inner)
            assert not [box for box in boxes if box.colliderect(rect) and not box.contains(rect)], words
        shown = "".join(words for words, _rect in words_laid).replace(" ", "")
        assert about.replace(" ", "") in shown, (about, shown)  # the line about the game whole, its rating too
        rating = [words for words, _rect in words_laid if i18n.format_number(3) in words and words in about]
        assert rating and i18n.format_number(5) in rating[-1], rating  # "3 of 5" on one line, never parted
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sentence_in_the_status_line_is_written_at_the_figures_size(language: str, size: tuple[int, int],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The status line's passing sentence (a hint) takes the code's place rather than a
    smaller size than the score, moves and time beside it; only a sentence too long for one
    line goes on two. Every length is tried: the longest hint, cut after each of its words."""
    app = make_app(CODE, size=size, language=language, animation="off", warn_lost=False, show_verdict=False)
    try:
        table = app.scenes.bottom
        hint = i18n.ngettext("Hint: the run of {n} card starting with {card}, from {source} to {dest}.",
                             "Hint: the run of {n} cards starting with {card}, from {source} to {dest}.", 12)
        hint = hint.format(n=i18n.format_number(12), card=card_name(Card.parse("QD"), WITH),
                           source=pile_name(column(10), FROM), dest=pile_name(column(10), ONTO))
        cut = hint.split() if " " in hint else list(hint)
        glue = " " if " " in hint else ""
        written: list[tuple[str, int]] = []
        text = app.painter.text
        status = table.status_painter
        paint = status.paint
        painting = [False]

        def spy(words: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
            if painting[0]:
                written.append((words, size))
            return text(words, size, *args, **kwargs)

        def status_paint(*args: Any) -> None:  # the words the status line writes, and only those
            painting[0] = True
            try:
                paint(*args)
            finally:
                painting[0] = False

        monkeypatch.setattr(app.painter, "text", spy)
        monkeypatch.setattr(status, "paint", status_paint)
        for count in range(2, len(cut) + 1):
            said = glue.join(cut[:count])
            table.say(said)
            steps(app)
            written.clear()
            table.invalidate()
            table.draw(pygame.Surface(app.size), 0.0, True)
            figures = [px for words, px in written if words == status._figures()]
            lines = [(words, px) for words, px in written if words and said.startswith(words)]
            assert figures and lines, (written, said)
            if lines[0][0] == said:  # on one line: at the figures' size
                assert lines[0][1] == figures[0], (said, lines, figures)
    finally:
        app.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [*SIZES, (360, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_keypad_shows_a_refused_code_whole(language: str, size: tuple[int, int],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The on-screen keypad's line above the keys says what is wrong with the code in every
    line it takes (it showed the first line only), each inside the line's box."""
    app = make_app(CODE, size=size, language=language, animation="off", warn_lost=False, show_verdict=False)
    try:
        new_game = app.push(NewGame(app, app.scenes.bottom.session))
        assert isinstance(new_game, NewGame)
        keypad = app.push(CodeKeypad(app, new_game.field))
        steps(app)
        for ch in "SH1-C3-AAAAAJ2":  # a code of a difficulty the game does not deal: the longest refusal
            keypad.on_text(ch)
        new_game.field.submit()
        steps(app, 2)
        error = new_game.field.error
        assert error
        written = _words_written(app, monkeypatch)
        surface = Blits(app.size)
        keypad.draw(surface)
        echo = pygame.Rect(keypad.echo)
        lines = [(written[source], rect) for source, rect in surface.laid
                 if source in written and echo.colliderect(rect)]
        assert "".join(words for words, _rect in lines).replace(" ", "") == error.replace(" ", "")
        for words, rect in lines:
            assert echo.contains(rect), (words, rect, echo)
    finally:
        app.close()


def test_a_figure_stays_with_its_word_when_a_line_wraps() -> None:
    """The won panel's line in pt_BR at 800x600 ended "… movimentos" with the "1" alone on
    the next line: a line breaks before a figure only where the word and the figure together
    are wider than a line."""
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = "Esta partida: pontuação 0  ·  tempo 0:00  ·  movimentos 1"
    width = font.size(text)[0] - 4  # one character too narrow for the whole line
    lines = render.wrap(font, text, width)
    assert len(lines) == 2 and lines[1].startswith("movimentos 1"), lines
    narrow = font.size("movimentos")[0] + 2  # narrower than a word and its figure: cut between them after all
    assert "movimentos" in render.wrap(font, "movimentos 1", narrow) and all(
        font.size(line)[0] <= narrow for line in render.wrap(font, "movimentos 1", narrow))
