"""One look and one type scale for every window and page (issue 25, items 7, 9 and 11),
in the real app: the same title, body and button sizes in every screen and window at a
given window size, readable in portrait; the toolbar treating every word alike; the Daily
screen's month on screen without scrolling, and its future days refusing to play."""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.kit import Screen, Window
from seahaven.app.looks.type_scale import type_scale
from seahaven.app.screens import dialogs, navigation
from seahaven.app.screens.daily_deals import DailyScreen
from seahaven.app.screens.new_game import CodeKeypad, NewGame
from seahaven.app.screens.table import toolbar as table_toolbar
from seahaven.app.screens.table.actions import ACTIONS
from seahaven.app.state.history import History
from seahaven.engine.daily import today
from seahaven.i18n import _, pgettext
from tests.app.table_helpers import make_app, opened_app
from tests.app.test_screens import click

SIZES = [(800, 600), (1280, 800), (1920, 1080), (1080, 1920), (768, 1024)]


def openers(app: Any) -> list[tuple[str, Callable[[], None]]]:
    table = app.scenes.bottom
    session = table.session
    new_game = NewGame(app, session)
    return [
        ("menu", lambda: ACTIONS["menu"].run(table)),
        ("new game", lambda: app.push(new_game)),
        ("keypad", lambda: app.push(CodeKeypad(app, new_game.field))),
        ("won", lambda: app.push(dialogs.EndMessage(app, session, "won"))),
        ("notice", lambda: app.push(dialogs.Notice(app, lambda: "Notice", lambda: "Some words."))),
        ("help", lambda: navigation.open_screen(app, session, "help")),
        ("statistics", lambda: navigation.open_screen(app, session, "statistics")),
        ("settings", lambda: navigation.open_screen(app, session, "settings")),
        ("daily", lambda: navigation.open_daily(app, session)),
    ]


def sizes_drawn(app: Any, scene: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[set[int], list[tuple[str, int]]]:
    """Every font size the scene asks the painter for while it draws, and the (words,
    size) of every line it writes."""
    painter = app.painter
    asked: set[int] = set()
    written: list[tuple[str, int]] = []
    font, text = painter.font, painter.text

    def spy_font(size: int, bold: bool = False) -> Any:
        asked.add(size)
        return font(size, bold)

    def spy_text(words: str, size: int, *args: Any, **kwargs: Any) -> Any:
        written.append((words, size))
        return text(words, size, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(painter, "font", spy_font)
        patch.setattr(painter, "text", spy_text)
        scene.draw(pygame.Surface(app.size))
    return asked, written


@pytest.mark.parametrize("size", [*SIZES, (3840, 2160), (2160, 3840), (7680, 4320)])
def test_body_text_is_at_least_2_2_percent_of_the_shorter_side_at_every_size(size: tuple[int, int]) -> None:
    assert type_scale(size).body >= 0.022 * min(size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_screen_and_window_uses_the_one_type_scale(size: tuple[int, int], language: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size=size, language=language)
    scale = type_scale(size)
    assert scale.body >= 0.022 * min(size), "body text below 2.2 % of the shorter side"
    assert scale.title > scale.body >= scale.note
    try:
        for name, open_it in openers(app):
            open_it()
            app.step(1 / 60)
            scene = app.scenes.top
            assert isinstance(scene, Screen | Window), name
            assert scene.scale == scale, name
            if isinstance(scene, Screen):
                assert scene.unit == scale.body
            else:
                assert scene.px == scale.body
            asked, written = sizes_drawn(app, scene, monkeypatch)
            title = _(scene.title)
            if name != "keypad":  # a title, on the screens' band, at the title size
                assert (title, scale.title) in written or scale.title in asked, name
            extra = asked - scale.sizes
            if name == "help":  # the example board's pile marks are sized by its cards, not type
                extra = {px for px in extra if px < scale.note}
            if name != "keypad":  # the keypad's keys are sized for a finger (FINGER_PX)
                assert not extra, f"{name} at {size} in {language} asks for sizes {sorted(extra)} outside {scale}"
            if name == "new game":
                about = " ".join(text for text, _role in scene.about_lines())
                lines = [words for words, px in written if px == scale.body and words and words in about]
                assert lines, "the 'This game' line is not in the body size"
            if scene is not app.scenes.bottom:
                scene.close()
                app.step(1 / 60)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["de", "fr"])
def test_buttons_that_sit_together_show_their_words_at_one_size(size: tuple[int, int], language: str) -> None:
    """The Menu's entries and a panel's row of buttons: every label whole inside its
    button, all at one size (a long word shrinks the group, not one button alone)."""
    app = make_app(size=size, language=language)
    table = app.scenes.bottom
    try:
        for open_it in (lambda: ACTIONS["menu"].run(table),
                        lambda: app.push(dialogs.EndMessage(app, table.session, "won"))):
            open_it()
            app.step(1 / 60)
            scene = app.scenes.top
            assert isinstance(scene, Window)
            buttons = [w for w in scene.widgets if w.kind == "button" and w.label]
            sizes = {w.font_px or scene.scale.button for w in buttons}
            assert len(sizes) == 1, sizes
            px = sizes.pop()
            for w in buttons:
                room = w.box.w - 2 * max(2, w.box.h // 6)
                assert app.painter.text(w.label, px, bold=True).get_width() <= room, (w.label, px)
            scene.close()
            app.step(1 / 60)
    finally:
        app.close()


def test_windows_and_pages_share_one_look() -> None:
    """A window over the table is drawn in the screens' colours: its ground is the screens'
    background, its title in their heading colour (no cream panel beside dark pages)."""
    app = make_app(size=(1280, 800))
    try:
        navigation.open_screen(app, app.scenes.bottom.session, "settings")
        app.step(1 / 60)
        page_ground = tuple(app.screen.get_at((app.size[0] // 2, app.size[1] - 3)))[:3]
        app.scenes.top.close()
        ACTIONS["menu"].run(app.scenes.bottom)
        app.step(1 / 60)
        menu = app.scenes.top
        assert isinstance(menu, dialogs.Menu)
        panel = menu.panel
        inside = tuple(app.screen.get_at((panel.x + panel.w // 2, panel.bottom - 4)))[:3]
        assert inside == page_ground == app.painter.theme.background
        assert app.painter.theme.panel == app.painter.theme.background
    finally:
        app.close()


def test_toolbar_words_are_all_alike_at_800x600_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, int | None]] = []
    face = table_toolbar.button_face

    def spy(painter: Any, box: Any, label: str, **kwargs: Any) -> Any:
        if kwargs.get("icon"):
            drawn.append((label, kwargs.get("font_px")))
        return face(painter, box, label, **kwargs)

    monkeypatch.setattr(table_toolbar, "button_face", spy)
    app = make_app(size=(800, 600), language="fr")
    try:
        table = app.scenes.bottom
        table.toolbar._faces.clear()
        table.invalidate()
        app.step(1 / 60)
        with_words = [(label, px) for label, px in drawn if label]
        shorts = [a for a in ACTIONS.toolbar() if a.short]
        assert drawn and len(drawn) >= len(ACTIONS.toolbar())
        # every button with a short word shows it, all at one size; none lost its word alone
        assert {label for label, _px in with_words} == {a.button_text() for a in shorts}
        assert len({px for _label, px in with_words}) == 1
        # the toolbar word is its own message (msgctxt "toolbar"), apart from the full name
        restart = ACTIONS["restart"]
        assert restart.button_text() == pgettext("toolbar", "Restart") != _(restart.label)
    finally:
        app.close()


def test_a_word_too_long_for_its_button_turns_every_button_to_its_icon() -> None:
    app = make_app(size=(800, 600))
    try:
        buttons = app.scenes.bottom.layout.buttons
        words = table_toolbar.toolbar_words(app.painter, buttons)
        assert words and len({px for _label, px in words.values()}) == 1
        restart = ACTIONS["restart"]
        long_restart = restart.__class__(**{**restart.__dict__, "short": "Recommencer la donne encore une fois"})
        ACTIONS._actions["restart"] = long_restart
        try:
            assert table_toolbar.toolbar_words(app.painter, buttons) == {}
        finally:
            ACTIONS._actions["restart"] = restart
    finally:
        app.close()


# -- the Daily screen ------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from opened_app(tmp_path, monkeypatch)


def days_painted(screen: DailyScreen, monkeypatch: pytest.MonkeyPatch) -> dict[dt.date, pygame.Rect]:
    cells: dict[dt.date, pygame.Rect] = {}
    paint_day = DailyScreen.paint_day

    def spy(self: DailyScreen, surface: Any, rect: pygame.Rect, day: dt.date, *args: Any) -> None:
        cells[day] = pygame.Rect(rect)
        paint_day(self, surface, rect, day, *args)

    with monkeypatch.context() as patch:
        patch.setattr(DailyScreen, "paint_day", spy)
        screen.draw(pygame.Surface(screen.size))
    return cells


def words_rendered(screen: Screen, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every line of words the screen renders while it draws, joined by spaces."""
    lines: list[str] = []
    font = screen.font

    class Recorder:
        def __init__(self, real: pygame.font.Font) -> None:
            self.real = real

        def render(self, text: str, *args: Any) -> pygame.Surface:
            lines.append(text)
            return self.real.render(text, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.real, name)

    with monkeypatch.context() as patch:
        patch.setattr(screen, "font", lambda size, bold=False: Recorder(font(size, bold)))
        screen.draw(pygame.Surface(screen.size))
    return " ".join(lines)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1080, 1920), (600, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("day", [dt.date(2026, 8, 12), dt.date(2026, 3, 31), dt.date(2027, 2, 1)])
def test_the_whole_month_is_on_screen_without_scrolling(size: tuple[int, int], language: str, day: dt.date,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Six-week months (August and March 2026) and a four-week one, with the refusal's
    words under the month too."""
    app = make_app(size=size, language=language)
    try:
        screen = DailyScreen(app, History(), day, lambda _day, _cells: None)
        app.push(screen)
        for refused in (None, day + dt.timedelta(days=1)):
            if refused is not None:
                screen.refuse(refused)
            app.step(1 / 60)
            assert screen.max_scroll() == 0 and screen.more is None
            cells = days_painted(screen, monkeypatch)
            month_days = calendar.monthrange(day.year, day.month)[1]
            assert sorted(d.day for d in cells) == list(range(1, month_days + 1))
            assert all(screen.viewport.contains(rect) for rect in cells.values())
    finally:
        app.close()


def test_a_future_day_plays_nothing_and_says_so(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    session = app.scenes.bottom.session
    code = session.current.code
    navigation.open_daily(app, session)
    app.step(1 / 60)
    screen = app.scenes.top
    assert isinstance(screen, DailyScreen)
    now = today()
    # a month with a day to come: this one, unless today is its last day
    if calendar.monthrange(now.year, now.month)[1] == now.day:
        screen.today = now - dt.timedelta(days=1)  # as on the day before
        screen.select(screen.today)
        app.step(1 / 60)
    future = screen.today + dt.timedelta(days=1)
    cells = days_painted(screen, monkeypatch)
    click(app, cells[future].center, touch=True)
    assert not session.jobs.running("daily")
    app.step(1 / 60)
    assert app.scenes.top is screen and str(session.current.code) == str(code)
    assert screen.selected == screen.today  # the day to come is not chosen
    assert screen.refused == future and screen.refusal() and screen.legend_note() == screen.refusal()
    assert screen.refusal() in words_rendered(screen, monkeypatch)  # on screen, in the player's language
    # a day gone by can be chosen (and played with the Play buttons), and the refusal goes
    past = screen.today - dt.timedelta(days=1) if screen.today.day > 1 else screen.today
    click(app, cells[past].center)
    assert screen.selected == past and screen.refused is None
