"""Issue 38's "done when", on a real X server: the game started as a player starts it
(``seahaven``, fullscreen) and driven with xdotool. A game is lost by keys; the lost panel's
Analyse (its key A) opens the analysis; once the marks are on the screen, a click on the mark of
the losing move takes the board to the position before it, and the better move is read back
from the screen: the board's mark in the theme's colour around that move's cards and where
they go (the geometry from the same pure functions the replay lays itself out with)."""

from __future__ import annotations

from pathlib import Path

import pytest

from seahaven.app.board.layout import INDEX_DEPTH, card_aspect, compute_layout
from seahaven.app.board.marks import pile_box
from seahaven.app.looks.box import Box
from seahaven.app.looks.theme import Colour, theme_for
from seahaven.app.screens.analysis_strip import analysis_band, board_layout_with_band, strip_view
from seahaven.engine import APP_RULES, Game, GameCode, Move, Pile
from seahaven.engine.analysis import Judgement, analyse
from tests.app.test_real_window import game_on, warned_pixels
from tests.app.xserver import XDOTOOL, XVFB, XWD, screen_pixels, until

pytestmark = [pytest.mark.slow, pytest.mark.skipif(XVFB is None or XDOTOOL is None or XWD is None,
                                                   reason="needs Xvfb, xdotool and xwd")]

CODE = "SH1-C4-J7QDQBV"
SIZE = (1280, 800)
KEYS = ("1", "f", "1", "c", "3", "f", "9", "f", "2", "d")
"""The ace of spades home, the 3 of clubs into cell 3, the aces of clubs and hearts home (four
moves that keep the game winnable), then the 8 of diamonds into the last free cell: lost."""
LINE = (("col1", "found-S"), ("col1", "cell3"), ("col3", "found-C"), ("col9", "found-H"), ("col2", "cell4"))


def near(env: dict[str, str], box: Box, colour: Colour, within: int = 10) -> int:
    """How many pixels of the screen inside ``box`` are within ``within`` of ``colour``."""
    width, height, pixels = screen_pixels(env)
    red, green, blue = colour
    count = 0
    for y in range(max(0, box.y), min(height, box.y + box.h)):
        row = pixels[y * 4 * width: (y + 1) * 4 * width]
        for x in range(max(0, box.x), min(width, box.x + box.w)):
            b, g, r = row[4 * x], row[4 * x + 1], row[4 * x + 2]
            if abs(r - red) <= within and abs(g - green) <= within and abs(b - blue) <= within:
                count += 1
    return count


def grown(box: Box, by: int) -> Box:
    return Box(box.x - by, box.y - by, box.w + 2 * by, box.h + 2 * by)


def test_the_lost_panels_analyse_shows_the_better_move_at_the_losing_mark(tmp_path: Path) -> None:
    game = Game.from_code(GameCode.parse(CODE), APP_RULES)
    for source, dest in LINE:
        game.play(Move(Pile.parse(source), Pile.parse(dest), 1))
    actions = game.actions(0, game.move_count)
    analysis = analyse([game.start, *(a.after for a in actions)], [a.move for a in actions], APP_RULES)
    losing = analysis.reports[4]
    assert losing is not None and losing.judgement in (Judgement.LOST_IT, Judgement.MISSED)
    better = losing.better
    assert better is not None
    before = actions[4].before
    band = analysis_band(SIZE)
    slot = strip_view(band.strip, len(LINE), band.mark).slot(4)
    assert slot is not None
    full = compute_layout(*SIZE, 4, card_aspect(), (), before, INDEX_DEPTH)
    smaller = compute_layout(SIZE[0], SIZE[1] - band.room, 4, card_aspect(), (), before, INDEX_DEPTH)
    layout = board_layout_with_band(full, smaller, band, before)
    theme = theme_for("green")
    with game_on(f"{SIZE[0]}x{SIZE[1]}", tmp_path, "--code", CODE) as start:
        played = start()
        until(lambda: played.geometry() == (0, 0, *SIZE), "fullscreen")
        played.xdo("windowfocus", "--sync", played.window)
        played.key(*KEYS)
        status = (full.status.y, SIZE[1])
        until(lambda: warned_pixels(played.env, status) > 200, "the lost sentence", timeout=60)
        played.key("l", "a")  # the lost panel, then its Analyse
        until(lambda: near(played.env, slot, theme.mark_lost, 24) > 10, "the mark of the losing move", timeout=60)
        played.xdo("mousemove", "--sync", str(slot.x + slot.w // 2), str(slot.y + slot.h // 2))
        played.xdo("click", "1")
        dest = grown(pile_box(layout, before, better.dest), 12)
        source = grown(pile_box(layout, before, better.source, better.size), 12)
        until(lambda: near(played.env, dest, theme.better) > 60, f"the better move's mark where {better} goes")
        assert near(played.env, source, theme.better) > 60, f"the better move's mark on {better}'s cards"
        played.key("Escape")
        played.quit()
        saved = played.game().game
        assert saved.move_count == len(LINE) and saved.moves == game.moves  # nothing played by the analysis
