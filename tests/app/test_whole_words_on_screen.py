"""Issue 37 item 1 on a real window: New Game over a game in progress, the game started as a
player starts it (``seahaven``, fullscreen on an X server of 800x600 or 1080x1920, English
or German), a move made and N pressed with xdotool, and the screen read back with ``xwd``:
the warning that dealing counts the game as lost is on the screen (in the theme's warning
colour), inside the window's panel and above the Deal button, which is on the screen too.
At 800x600 this warning was the part of the window that was cut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seahaven.app.looks.theme import GREEN
from tests.app.test_real_window import game_on
from tests.app.xserver import XDOTOOL, XVFB, XWD, screen_pixels, until

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(XVFB is None or XDOTOOL is None or XWD is None, reason="needs Xvfb, xdotool, xwd")]
CODE = "SH1-C4-AAAAAJ2"


def rows_in(env: dict[str, str], colour: tuple[int, int, int]) -> list[int]:
    """The rows of the screen where ``colour`` shows (in at least three pixels)."""
    width, height, pixels = screen_pixels(env)
    wanted = bytes((colour[2], colour[1], colour[0]))  # xwd's BGRX
    rows = []
    for y in range(height):
        line = pixels[y * width * 4:(y + 1) * width * 4]
        hits = sum(1 for x in range(0, len(line), 4) if line[x:x + 3] == wanted)
        if hits >= 3:
            rows.append(y)
    return rows


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", ["800x600", "1080x1920"])
def test_new_game_over_a_game_in_progress_shows_its_warning_whole(screen: str, language: str,
                                                                 tmp_path: Path) -> None:
    folder = tmp_path / "data" / "seahaven-towers"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, "animation": "off", "language": language}),
                                          encoding="utf-8")
    width, height = (int(n) for n in screen.split("x"))
    with game_on(screen, tmp_path, "--code", CODE) as start:
        game = start()
        until(lambda: game.geometry() == (0, 0, width, height), "fullscreen")
        game.xdo("windowfocus", "--sync", game.window)
        game.key("1", "7")  # the 6 of hearts onto the 7: a game in progress
        game.key("n")
        warning = until(lambda: rows_in(game.env, GREEN.warn), "the warning on the screen")
        deal = until(lambda: [y for y in rows_in(game.env, GREEN.button_on) if y > warning[-1]],
                     "the Deal button under the warning")
        assert warning[0] > height // 10 and deal[-1] < height - 8  # inside the panel, inside the window
        assert deal[0] - warning[-1] > 4  # the button never covers the words
        game.key("Escape")
        game.quit()
        assert game.game().game.move_count == 1  # nothing dealt: the game in progress is kept
