"""The daily deal in the app (Menu, calendar, New Game window, the result to share), and
the Statistics graphs and export, driven by real pygame events in the real app."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.screens.daily_deals import DailyScreen
from seahaven.app.screens.dialogs import EndMessage, Menu
from seahaven.app.screens.graphs import ROLLING, series
from seahaven.app.screens.new_game import NewGame
from seahaven.app.screens.statistics import StatsScreen
from seahaven.app.state.deal_facts import share_text
from seahaven.app.state.history import Entry
from seahaven.engine import APP_RULES
from seahaven.engine.daily import daily_deal, today
from seahaven.engine.solver import solve
from tests.app.table_helpers import opened_app
from tests.app.test_screens import click, key


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The real app, windowed, with its files in a temporary folder."""
    yield from opened_app(tmp_path, monkeypatch)


def hot(screen: Any, name: str) -> tuple[int, int]:
    for area in screen.hots:
        if area.key == name:
            return area.rect.center
    raise AssertionError(f"no {name!r}; have {[a.key for a in screen.hots if a.key]}")


def until_dealt(app: Any, code: object) -> None:
    """Step the loop until the daily deal's job has dealt ``code`` (bounded, not timed)."""
    session = app.scenes.bottom.session
    for _ in range(2000):
        app.step(1 / 60)
        if str(session.current.code) == str(code):
            return
        time.sleep(0.002)
    raise AssertionError(f"{code} was never dealt; the game is {session.current.code}")


def test_menu_todays_deal_opens_the_calendar_and_plays_the_daily_deal(app: Any) -> None:
    session = app.scenes.bottom.session
    session.ask("menu")  # as the toolbar's Menu button does
    app.step(1 / 60)
    menu = app.scenes.top
    assert isinstance(menu, Menu)
    entry = next(w for w in menu.widgets if w.name == "daily")
    click(app, entry.box.center, touch=True)
    screen = app.scenes.top
    assert isinstance(screen, DailyScreen) and screen.selected == today()
    key(app, pygame.K_PAGEUP)  # the month before
    assert screen.month != (today().year, today().month)
    key(app, pygame.K_t)  # back to today
    assert screen.selected == today()
    expected = daily_deal(today(), 2).code
    click(app, hot(screen, "play2"))  # Medium
    until_dealt(app, expected)
    assert app.scenes.find(DailyScreen) is None
    assert session.facts.daily_date(expected) == today().isoformat()
    assert session.facts.rating(expected) is not None


def test_calendar_days_by_touch_and_arrows(app: Any) -> None:
    from seahaven.app.screens.navigation import open_daily

    open_daily(app, app.scenes.bottom.session)
    app.step(1 / 60)
    screen = app.scenes.top
    assert isinstance(screen, DailyScreen)
    screen.shift_month(-1)
    app.step(1 / 60)
    first = dt.date(screen.month[0], screen.month[1], 1)
    click(app, hot(screen, f"day{first.isoformat()}"), touch=True)
    assert screen.selected == first
    screen.focus_key = f"day{first.isoformat()}"
    key(app, pygame.K_RIGHT)
    assert screen.selected == first + dt.timedelta(days=1) and screen.focus_key == f"day{screen.selected}"
    future = today() + dt.timedelta(days=1)
    assert all(area.key != f"day{future.isoformat()}" for area in screen.hots)  # no deal of tomorrow yet


def test_new_game_window_offers_todays_deal(app: Any) -> None:
    session = app.scenes.bottom.session
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    click(app, window.widgets[window.index("cells1")].box.center)
    click(app, window.widgets[window.index("daily")].box.center)
    until_dealt(app, daily_deal(today(), 1).code)
    assert session.current.game.start.cell_count == 1


def test_a_daily_win_offers_a_result_to_share_without_the_moves(app: Any) -> None:
    session = app.scenes.bottom.session
    deal = daily_deal(dt.date(2026, 12, 1), 4)
    session.deal(deal.code, daily="2026-12-01")
    line = solve(session.current.position, APP_RULES).line
    for move in line:
        session.current.play(move)
    for _ in range(5):
        app.step(1 / 60)
    panel = app.scenes.find(EndMessage)
    assert isinstance(panel, EndMessage) and panel.share
    assert panel.share.startswith("Seahaven Towers daily deal 2026-12-01, Easy")
    assert f"{len(line)} moves, no help" in panel.share and str(line[0]) not in panel.share
    # the panel's sentence spells the day out in the player's language (CLDR), never an ISO date
    # the date inside a sentence has no weekday (issue 39)
    assert any("daily deal of December 1, 2026 (Easy)" in text for text, _ in panel.lines)
    assert not any("2026-12-01" in text for text, _ in panel.lines)
    click(app, next(w for w in panel.widgets if w.name == "share").box.center)
    assert app.scenes.top is panel  # copying keeps the panel; it says what happened
    assert any(text in (panel.share, "The clipboard cannot be reached.") for text, _ in panel.lines)
    history = session.keeper.history
    assert history.entries[-1].daily == "2026-12-01" and history.entries[-1].won
    assert history.daily_days() == {("2026-12-01", 4): "won"}


def test_share_text() -> None:
    assert share_text("2026-12-01", "Hard", 3725.4, 88, True, 4) == (
        "Seahaven Towers daily deal 2026-12-01, Hard (rated 4 of 5): won in 1:02:05, 88 moves, with help.")


def entry(won: bool, hints: int = 0, score: int = 700, time_s: float = 200.0) -> Entry:
    return Entry("2026-11-30T10:00:00Z", "SH1-C4-AAAAAJ2", 4, "app", "won" if won else "abandoned", 90,
                 time_s, score if won else 30, hints)


def test_series_rolling_rate_times_and_scores() -> None:
    entries = [entry(True), entry(False), entry(True, hints=1), entry(True)] + [entry(False)] * 20
    data = series(entries, 20)
    assert data.games == 20 and len(data.rate) == 20
    assert data.rate[0] == pytest.approx(2 / 4)  # game 5: of the four before that count, two won
    assert data.rate[-1] == 0.0
    everything = series(entries, 0)
    assert everything.rate[:3] == [1.0, 0.5, pytest.approx(2 / 3)]  # the helped win is left out
    assert len(everything.rate) == len(entries) - 1
    assert everything.times == [(200.0, False), (200.0, True), (200.0, False)]
    assert [state for _, state in everything.scores[:4]] == ["won", "lost", "helped", "won"]
    assert ROLLING == 10


def test_statistics_graphs_by_touch_and_keys_and_export(app: Any, tmp_path: Path) -> None:
    from seahaven.app.screens import navigation

    session = app.scenes.bottom.session
    for i in range(12):  # games on the record: won and left
        session.current.play(session.current.game.legal_moves()[0])
        if i % 3 == 0:
            session.current.restart()
    navigation.open_screen(app, session, "statistics")
    app.step(1 / 60)
    screen = app.scenes.top
    assert isinstance(screen, StatsScreen)
    click(app, hot(screen, "tab1"), touch=True)
    assert screen.tab == 1
    click(app, hot(screen, "graph-cells2"))
    assert screen.graphs.cells == 2
    screen.focus_key = "graph-cells2"
    key(app, pygame.K_RIGHT)
    assert screen.graphs.cells == 1 and screen.focus_key == "graph-cells1"
    click(app, hot(screen, "graph-cells4"))
    click(app, hot(screen, "graph-kind-score"))
    click(app, hot(screen, "graph-range0"))
    assert (screen.graphs.kind, screen.graphs.count) == ("score", 0)
    surface = pygame.Surface(app.size)
    screen.draw(surface)
    assert len(session.keeper.history.of(4)) == 4
    click(app, hot(screen, "tab2"))
    click(app, hot(screen, "export"))
    written = list((tmp_path / "seahaven-towers").glob("history-*.csv"))
    assert len(written) == 1 and str(written[0]) in screen.exported
    assert written[0].read_text().count("\n") == 1 + 4


def test_an_answer_that_deals_a_game_voids_the_other_answers_of_the_same_poll() -> None:
    """A job's callback that changes the game (the daily deal, a winnable deal) cancels the
    jobs about the old game, even ones already finished in the same poll: they are dropped."""
    import threading

    from seahaven.app.state.jobs import Jobs

    jobs = Jobs()
    heard: list[str] = []
    done = threading.Event()

    def quick(*, cancel: threading.Event, progress: object) -> str:
        done.set()
        return "value"

    jobs.start("first", quick, on_done=lambda value: (heard.append("first"), jobs.game_changed()), follows_game=False)
    jobs.start("lost", quick, on_done=lambda value: heard.append("lost"))
    for _ in range(1000):
        if all(entry.job.done for entry in jobs._running.values()):
            break
        time.sleep(0.001)
    jobs.poll()
    assert heard == ["first"] and not jobs.running()
