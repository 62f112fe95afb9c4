"""Settings have one owner: declared once, changed only through ``Settings.set`` (which
checks the value and announces it), written to disk once per change, and old files read."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.saving.storage import Storage
from seahaven.app.screens import settings_screen
from seahaven.app.shell.launch import open_game
from seahaven.app.state.settings import SPECS, Settings


def test_out_of_range_and_unknown_values_are_refused_and_nothing_is_announced() -> None:
    settings = Settings()
    heard: list[str] = []
    settings.subscribe(heard.append)
    for name, value in [("double_tap_ms", 50), ("double_tap_ms", 2500), ("volume", 1.5), ("volume", float("nan")),
                        ("animation", "warp"), ("cells", 3), ("table", "plaid"), ("card_back", 2),
                        ("sound", 1), ("winnable_only", {4: True}), ("no_such_setting", True)]:
        with pytest.raises(ValueError, match="setting"):
            settings.set(name, value)
    assert heard == [] and settings == Settings()


def test_a_change_is_announced_once_and_direct_writes_are_refused() -> None:
    settings = Settings()
    heard: list[str] = []
    settings.subscribe(heard.append)
    assert settings.set("double_tap_ms", 750) and settings.double_tap_ms == 750
    assert not settings.set("double_tap_ms", 750)  # no change: nobody told
    settings.set("winnable_only", {4: True, 2: True, 1: True})
    assert heard == ["double_tap_ms", "winnable_only"]
    with pytest.raises(AttributeError, match="set"):
        settings.volume = 0.1
    assert settings.volume == 0.8


def test_the_declaration_is_the_one_source() -> None:
    """Every setting is declared with a label; ranges are the same for the file and the screen."""
    assert list(SPECS) == [f.name for f in dataclasses.fields(Settings)]
    for spec in SPECS.values():
        assert spec.label and (spec.page is None or spec.note)
        assert (spec.limits is not None) == (spec.kind in (int, float) and not spec.choices)
    rows = {row.name for row in settings_screen.ROWS}
    assert rows == {name for name, spec in SPECS.items() if spec.page is not None}
    assert SPECS["double_tap_ms"].limits == (100, 2000)


@pytest.fixture
def opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    # a settings file of an older version: no table, no card back
    (folder / "settings.json").write_text(json.dumps({
        "version": 1, "sound": False, "volume": 0.5, "animation": "off", "four_colour": True, "double_tap_ms": 150,
        "warn_lost": True, "classic_run_limit": False, "winnable_only": {"4": False, "2": True, "1": True},
        "fullscreen": False, "cells": 2,
    }))
    game = open_game((1024, 768), True, "SH1-C4-AAAAAJ2")
    game.app.step(0.0)
    yield game
    game.app.close()


def test_old_files_are_read_and_every_writer_writes_once(opened: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, session = opened.app, opened.session
    settings = session.settings
    assert (settings.sound, settings.volume, settings.four_colour, settings.double_tap_ms) == (False, 0.5, True, 150)
    assert settings.table == "green" and settings.card_back == 0  # new settings take their defaults
    writes: list[str] = []
    keeper = opened.autosave.keeper
    real = keeper.storage.save_settings
    monkeypatch.setattr(keeper.storage, "save_settings",
                        lambda s: (writes.append(s.table), real(s)))
    # the Settings screen, by keyboard
    from seahaven.app.screens import dialogs, navigation

    navigation.open_screen(app, session, "settings")
    app.step(1 / 60)
    screen = app.scenes.top
    screen.set_tab(settings_screen.LOOK)
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert settings.table == "blue" and writes == ["blue"]
    screen.close()
    # the New Game window's winnable toggle, and a deal (the difficulty last chosen)
    window = dialogs.NewGame(app, session)
    app.push(window)
    window.activate(window.widgets[window.index("winnable")])
    assert len(writes) == 2
    session.deal(session.current.game.code.__class__.parse("SH1-C1-AAAAAJ2"))
    assert settings.cells == 1 and len(writes) == 3
    # F11 (windowed to fullscreen and back: two changes, two writes)
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert len(writes) == 5 and settings.fullscreen is False
    keeper.storage.flush()
    on_disk = Storage(keeper.storage.folder).load_settings().value
    assert on_disk == settings


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "pt_BR", "nl", "pl", "ja", "zh_CN"])
def test_the_tab_bar_fits_every_window_in_every_language(language: str) -> None:
    """Five tabs: at 800x600, 1024x1366 and portrait 1080x1920 every tab lies inside the
    window, none over another, in tab order (a row that does not fit wraps onto a second)."""
    from tests.app.table_helpers import make_app

    app = make_app(size=(800, 600), language=language)
    try:
        screen = settings_screen.open_scene(app, app.scenes.bottom.session)
        app.push(screen)
        rows_seen = set()
        for size in [(800, 600), (1024, 1366), (1080, 1920), (1280, 800), (600, 800)]:
            screen.resized(size)
            window = pygame.Rect(0, 0, *size)
            tabs = [next(h.rect for h in screen.hots if h.key == f"tab{i}") for i in range(len(screen.tabs))]
            assert len(tabs) == len(settings_screen.PAGES) == 5
            for i, rect in enumerate(tabs):
                assert window.contains(rect), (size, i, rect)
                assert rect.collidelist(tabs[:i] + tabs[i + 1:]) == -1, (size, i)
            assert all((a.y, a.x) < (b.y, b.x) for a, b in itertools.pairwise(tabs))  # reading order
            assert screen.viewport.top >= max(rect.bottom for rect in tabs)  # the page starts below them
            rows_seen.add(len({rect.y for rect in tabs}))
        assert rows_seen <= {1, 2}
    finally:
        app.close()


def test_a_narrow_window_wraps_the_tabs_evenly() -> None:
    from seahaven.app.kit.screen import tab_rows

    assert tab_rows([100, 100, 100], 10, 320) == [[0, 1, 2]]
    assert tab_rows([100, 100, 100, 100, 100], 10, 400) == [[0, 1, 2], [3, 4]]  # 3 and 2, not 4 and 1
    assert tab_rows([300, 300], 10, 200) == [[0], [1]]
