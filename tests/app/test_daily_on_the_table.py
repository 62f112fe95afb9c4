"""Issue 37 item 8: a daily deal says it is one on the table ("Daily deal · Tue, December 1 ·
Easy" in the title where it fits, "Daily deal · SH1-C4-…" in the status line), however it
was started: from the Daily deals screen, as a code typed in New Game, or with ``--code``
(which then counts as the daily deal in the history). Read from what the table paints, at
800x600, 1280x800 and 1080x1920, in English and German."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven import i18n
from seahaven.app.screens.new_game import NewGame
from seahaven.app.shell.launch import open_game
from seahaven.app.shell.loop import App
from seahaven.app.state import daily_check
from seahaven.app.state.daily_check import DailyCheck
from seahaven.app.text.words import table_titles
from seahaven.engine import GameCode
from seahaven.engine.daily import daily_deal
from seahaven.i18n import format_weekday_day_month
from tests.app.table_helpers import key, make_app, steps, wait_jobs
from tests.app.test_windows import type_text

DAY = _dt.date(2026, 12, 1)
SIZES = [(800, 600), (1280, 800), (1080, 1920)]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def painted(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every piece of text the table paints in a full repaint."""
    words: list[str] = []
    real = app.painter.text

    def text(what: str, *args: Any, **kwargs: Any) -> Any:
        words.append(what)
        return real(what, *args, **kwargs)

    monkeypatch.setattr(app.painter, "text", text)
    table = app.scenes.bottom
    table.invalidate()
    table.dirty = True
    app.render(force=True)
    monkeypatch.undo()
    return words


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_daily_deal_says_so_in_the_title_and_the_status_line(size: tuple[int, int], language: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    deal = daily_deal(DAY, 4)
    app = make_app(str(deal.code), size=size, language=language, animation="off")
    try:
        table = app.scenes.bottom
        before = painted(app, monkeypatch)
        assert not any(i18n._("Daily deal · {code}").format(code=deal.code) == w for w in before)
        table.session.facts.is_daily(deal.code, DAY)  # as the Daily deals screen deals it
        words = painted(app, monkeypatch)
        status = i18n._("Daily deal · {code}").format(code=deal.code)
        assert status in words  # the status line, at every size
        titles = table_titles(4, DAY.isoformat())
        assert titles[0] in words  # tried first: the toolbar shows the longest that fits
        if size[0] >= 1080:  # the whole title where the toolbar has room for it
            bar = table.layout.toolbar
            boxes = sorted(table.layout.buttons.values(), key=lambda box: box.x)
            room = max(b.x - a.right for a, b in pairwise(boxes)) - bar.h
            width = app.painter.text(titles[0], max(12, round(bar.h * 0.36))).get_width()
            assert width < room and format_weekday_day_month(DAY) in titles[0]
        if language == "en":
            assert titles[0] == "Daily deal · Tue, December 1 · Easy"
    finally:
        app.close()


def test_a_code_typed_in_new_game_that_is_todays_daily_deal_counts_as_it(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = daily_deal(DAY, 2)
    app = make_app(size=(1280, 800), animation="off")
    try:
        table = app.scenes.bottom
        found: list[bool] = []
        DailyCheck(table.session, lambda: found.append(True), clock=lambda: DAY)
        key(app, pygame.K_n)
        assert isinstance(app.scenes.top, NewGame)
        app.settings.set("winnable_only", {4: False, 2: False, 1: False})  # dealt at once, unchecked
        type_text(app, str(deal.code))
        key(app, pygame.K_RETURN)
        assert table.game.code == deal.code
        wait_jobs(app)
        assert found == [True] and table.session.facts.daily_date(deal.code) == DAY.isoformat()
        assert table.message is not None and "daily deal" in table.message.text
        assert table_titles(2, DAY.isoformat())[0] in painted(app, monkeypatch)
        key(app, pygame.K_n)  # another deal, not a daily one: nothing said
        type_text(app, "SH1-C2-AAAAAJ2")
        key(app, pygame.K_RETURN)
        wait_jobs(app)
        assert found == [True] and table.session.facts.daily_date(GameCode.parse("SH1-C2-AAAAAJ2")) is None
    finally:
        app.close()


def test_the_code_of_todays_daily_given_with_code_counts_as_the_daily(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    deal = daily_deal(DAY, 4)
    monkeypatch.setattr(daily_check, "today", lambda: DAY)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    opened = open_game((1280, 800), True, str(deal.code))
    app = opened.app
    try:
        app.step(1 / 60)  # the first frame: the check starts
        wait_jobs(app)
        steps(app)
        facts = opened.session.facts
        assert facts.daily_date(deal.code) == DAY.isoformat()
        words = painted(app, monkeypatch)
        assert table_titles(4, DAY.isoformat())[0] in words
        # it ends as the daily deal: the history line says so (the calendar counts it)
        current = opened.session.current
        current.play(current.game.useful_moves()[0])
        steps(app)
        current.new_game(current.game.from_code(GameCode.parse("SH1-C4-AAAAAJ2")))
        steps(app)
        entry = opened.session.keeper.history.entries[-1]
        assert entry.code == str(deal.code) and entry.daily == DAY.isoformat()
    finally:
        app.close()
