"""Settings changed during play are on disk at once (a kill -9 loses none): F11, and the
New Game window's difficulty and winnable-only choices."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from seahaven.app.saving.storage import Storage
from seahaven.app.screens.new_game import NewGame
from seahaven.app.shell.launch import open_game
from tests.app.table_helpers import click, key, wait_jobs


def on_disk(folder: Path) -> dict[str, object]:
    Storage(folder).flush()  # the background writer has written what was saved
    return json.loads((folder / "settings.json").read_text())


def test_settings_are_written_the_moment_they_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    (folder / "settings.json").write_text('{"version": 1, "animation": "off", "fullscreen": false}')
    opened = open_game((1024, 768), True, "SH1-C4-AAAAAJ2")
    app = opened.app
    try:
        app.step(1 / 60)
        key(app, pygame.K_F11)
        assert on_disk(folder)["fullscreen"] is True  # not only when the window closes
        key(app, pygame.K_F11)
        assert on_disk(folder)["fullscreen"] is False
        key(app, pygame.K_n)
        window = app.scenes.top
        assert isinstance(window, NewGame)
        click(app, window.widgets[window.index("winnable")].box.center)
        assert on_disk(folder)["winnable_only"]["4"] is True
        click(app, window.widgets[window.index("cells1")].box.center)
        window = app.scenes.top
        assert isinstance(window, NewGame)
        window.code_text = "SH1-C1-AAAAAAB"
        key(app, pygame.K_RETURN)
        wait_jobs(app)  # winnable deals only is on for Hard: the solver checks the deal first
        if app.scenes.top is window:
            key(app, pygame.K_RETURN)  # it said the deal cannot be won: deal it anyway
        assert on_disk(folder)["cells"] == 1
    finally:
        app.close()
