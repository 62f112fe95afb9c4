"""Issue 35's defect on a real window: a card dropped where it cannot go goes back and stays
in sight, with motion on and with motion off (Settings > Look > Motion, which took in Reduce
motion and Animation speed Off; an earlier settings file's Reduce motion too): one path for any
glide, and a glide of no time ends as soon as it starts, its card resting in its pile again.

The game runs as a player starts it (``seahaven``, fullscreen on an X server of 1280x800 with
no window manager), the drag is a real press, motion and release through xdotool, and the
screen is read back with ``xwd``: the lower part of the 6 of hearts (the part no other card
covers) shows the card's face, not the felt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seahaven.app.looks.theme import CARD_STOCK
from tests.app.test_real_window import game_on
from tests.app.xserver import XDOTOOL, XVFB, XWD, screen_pixels, until

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(XVFB is None or XDOTOOL is None or XWD is None, reason="needs Xvfb, xdotool, xwd")]
CODE = "SH1-C4-AAAAAJ2"
"""Column 1 ends with the 6 of hearts; column 2 with the 9 of hearts, which does not take it."""


def face_share(env: dict[str, str], box: tuple[int, int, int, int]) -> float:
    """The share of ``box`` (x, y, w, h) the screen shows in the colour of a card's face."""
    width, _height, pixels = screen_pixels(env)
    x0, y0, w, h = box
    shown = total = 0
    for y in range(y0, y0 + h, 2):
        row = y * width * 4
        for x in range(x0, x0 + w, 2):
            at = row + x * 4
            blue, green, red = pixels[at], pixels[at + 1], pixels[at + 2]
            total += 1
            face = CARD_STOCK
            shown += abs(red - face[0]) < 10 and abs(green - face[1]) < 10 and abs(blue - face[2]) < 10
    return shown / max(1, total)


@pytest.mark.parametrize("motion", [{"animation": "normal"}, {"animation": "off"}, {"reduce_motion": "on"}],
                         ids=["motion on", "motion off", "reduce motion of an earlier settings file"])
def test_a_refused_drop_leaves_the_card_in_sight(motion: dict[str, str], tmp_path: Path) -> None:
    folder = tmp_path / "data" / "seahaven-towers"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, **motion}), encoding="utf-8")
    with game_on("1280x800", tmp_path, "--code", CODE) as start:
        game = start()
        until(lambda: game.geometry() == (0, 0, 1280, 800), "fullscreen")
        layout = game.layout("1280x800", CODE)
        six, nine = layout["cards"]["6H"], layout["cards"]["9H"]
        assert six[0] == layout["piles"]["col1"][0] and nine[0] == layout["piles"]["col2"][0]
        covered = max(box[1] + box[3] for name, box in layout["cards"].items()
                      if box[0] == six[0] and name != "6H" and box[1] < six[1])  # the card above it ends here
        uncovered = (six[0] + 6, max(covered, six[1]) + 6, six[2] - 12, six[1] + six[3] - max(covered, six[1]) - 12)
        until(lambda: face_share(game.env, uncovered) > 0.5, "the 6 of hearts dealt")
        grip = (six[0] + six[2] // 2, six[1] + six[3] // 2)
        drop = (nine[0] + nine[2] // 2, nine[1] + nine[3] // 2)
        game.xdo("mousemove", "--sync", *map(str, grip))
        game.xdo("mousedown", "1")
        for k in range(1, 9):
            game.xdo("mousemove", "--sync", str(grip[0] + (drop[0] - grip[0]) * k // 8),
                     str(grip[1] + (drop[1] - grip[1]) * k // 8))
        until(lambda: face_share(game.env, uncovered) < 0.2, "the 6 of hearts lifted from its place")
        game.xdo("mouseup", "1")
        until(lambda: face_share(game.env, uncovered) > 0.5, "the 6 of hearts back in column 1")
        game.quit()
        saved = game.game().game
        assert saved.move_count == 0 and saved.position.columns[0][-1].rank == 6
