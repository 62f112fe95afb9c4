"""Issue 37 item 2: a win and a win with help are told apart by shape or pattern as well as
by colour (some colour-blind players cannot tell the theme's yellow from its orange): solid
and striped bars in the graphs, a round dot and a diamond in the daily calendar and in the
history list. Read from the pixels the real screens put on the window, in every theme."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from seahaven import i18n
from seahaven.app.looks import result_marks
from seahaven.app.looks.result_marks import HELPED, LOST, WON, paint_bar, paint_dot, result_colour
from seahaven.app.looks.theme import TABLES, Theme
from seahaven.app.screens import daily_deals, graphs, statistics
from seahaven.app.screens.daily_deals import DailyScreen
from seahaven.app.screens.statistics import StatsScreen
from seahaven.app.shell.loop import App
from seahaven.app.state.history import Entry, History
from seahaven.app.state.stats import Stats
from tests.app.table_helpers import make_app, steps

TODAY = _dt.date(2026, 12, 17)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def games() -> History:
    """A win, a win with help and a loss on each of three days, daily deals all."""
    entries = []
    for n, (result, hints) in enumerate((("won", 0), ("won", 1), ("lost", 0)) * 3):
        day = (TODAY - _dt.timedelta(days=9 - n)).isoformat()
        entries.append(Entry(f"{day}T10:00:00Z", "SH1-C4-AAAAAJ2", 4, "app", result, 80 + n, 200.0 + 30 * n,
                             300 + 40 * n, hints, False, day, 3))
    return History(entries=entries)


def column_runs(surface: pygame.Surface, x: int, top: int, bottom: int, colour: tuple[int, int, int]) -> int:
    """How many separate runs of ``colour`` a column of pixels crosses from ``top`` down."""
    runs, inside = 0, False
    for y in range(top, bottom):
        on = tuple(surface.get_at((x, y)))[:3] == colour
        runs += on and not inside
        inside = on
    return runs


def check_bar(surface: pygame.Surface, theme: Theme, result: str, rect: pygame.Rect) -> None:
    colour = result_colour(theme, result)
    x = rect.centerx
    runs = column_runs(surface, x, rect.y, rect.bottom, colour)
    if result == WON:
        assert runs == 1 and all(tuple(surface.get_at((x, y)))[:3] == colour for y in range(rect.y, rect.bottom))
    elif result == HELPED:
        assert runs >= min(3, rect.h // (2 * result_marks.stripe_width(12))), runs  # stripes, not a block
    else:
        assert tuple(surface.get_at(rect.center))[:3] != colour or rect.w <= 3  # hollow


@pytest.mark.parametrize("theme", list(TABLES.values()), ids=lambda t: t.name)
def test_the_marks_differ_by_shape_in_every_theme(theme: Theme) -> None:
    surface = pygame.Surface((200, 120))
    for width in (1, 3, 12):
        for i, result in enumerate((WON, HELPED, LOST)):
            surface.fill(theme.background)
            rect = pygame.Rect(20 + 40 * i, 10, width, 90)
            paint_bar(surface, theme, result, rect, 12)
            check_bar(surface, theme, result, rect)
    r = 20
    for result in (WON, HELPED):
        surface.fill(theme.background)
        paint_dot(surface, theme, result, (50, 50), r)
        corner = tuple(surface.get_at((50 + 13, 50 - 13)))[:3]  # 0.92 r from the centre, across
        top = tuple(surface.get_at((50, 50 - r - 1)))[:3]
        colour = result_colour(theme, result)
        if result == WON:  # round: its corner filled, nothing above its top
            assert corner == colour and top != colour
        else:  # a diamond: its corner empty, its top point reaching past the round dot's
            assert corner != colour and top == colour
    surface.fill(theme.background)
    paint_dot(surface, theme, LOST, (50, 50), r)
    assert tuple(surface.get_at((50, 50)))[:3] != result_colour(theme, LOST)  # a ring


def spy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[tuple[str, Any]]:
    calls: list[tuple[str, Any]] = []
    real = getattr(module, name)

    def wrapped(surface: pygame.Surface, theme: Theme, result: str, where: Any, *rest: Any) -> None:
        calls.append((result, pygame.Rect(where) if isinstance(where, pygame.Rect) else where))
        real(surface, theme, result, where, *rest)

    monkeypatch.setattr(module, name, wrapped)
    return calls


def open_graph(app: App, kind: str, drawn: list[tuple[str, Any]]) -> StatsScreen:
    screen = StatsScreen(app, Stats(), history=games())
    app.push(screen)
    screen.set_tab(1)
    screen.graphs.choose_kind(kind)
    screen.layout()
    steps(app, 2)
    drawn.clear()
    app.render(force=True)  # one frame: what it drew is on the screen
    return screen


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_graphs_stripe_the_wins_with_help(monkeypatch: pytest.MonkeyPatch, language: str,
                                              size: tuple[int, int]) -> None:
    app = make_app(size=size, language=language)
    try:
        for kind, expected in (("time", [WON, HELPED] * 3), ("score", [WON, HELPED, LOST] * 3)):
            drawn = spy(monkeypatch, graphs, "paint_bar")
            screen = open_graph(app, kind, drawn)
            bars, keys = drawn[:len(expected)], drawn[len(expected):]  # the bars, then the key's swatches
            assert [result for result, _rect in bars] == expected
            assert sorted(result for result, _rect in keys) == sorted(set(expected))  # each mark used, once
            for result, rect in bars:
                if rect.colliderect(screen.viewport):
                    check_bar(app.screen, app.painter.theme, result, rect.clip(screen.viewport))
            screen.close()
            monkeypatch.undo()
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_calendar_and_the_history_mark_a_win_with_help_by_its_shape(monkeypatch: pytest.MonkeyPatch,
                                                                         size: tuple[int, int]) -> None:
    app = make_app(size=size)
    try:
        dots = spy(monkeypatch, daily_deals, "paint_dot")
        calendar = DailyScreen(app, games(), TODAY, lambda day, cells: None)
        app.push(calendar)
        steps(app, 2)
        dots.clear()
        app.render(force=True)
        days = [result for result, _centre in dots]
        assert days[:9] == [WON, HELPED, LOST] * 3 and days[9:] == [WON, HELPED, LOST]  # the days, then the legend
        calendar.close()
        rows = spy(monkeypatch, statistics, "paint_dot")
        screen = StatsScreen(app, Stats(), history=games(), on_replay=lambda replay: None)
        app.push(screen)
        screen.set_tab(2)
        screen.layout()
        steps(app, 2)
        rows.clear()
        app.render(force=True)
        assert [result for result, _centre in rows] == [LOST, HELPED, WON] * 3  # newest first
    finally:
        app.close()
