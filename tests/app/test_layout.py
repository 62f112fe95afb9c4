"""The layout is pure geometry: checked at many window sizes without a display."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from typing import Any

import pytest

from seahaven.app.board.layout import DEFAULT_CARD_ASPECT, compute_layout
from seahaven.app.looks.box import Box
from seahaven.app.screens.help import example_position
from seahaven.engine import CELLS, COLUMNS, FOUNDATIONS, GameCode, column
from tests.app.table_helpers import position_with

SIZES = [
    (800, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
    (1920, 1080), (1920, 1200), (2560, 1080), (2560, 1440), (3440, 1440), (3840, 2160),
    (1024, 1366), (768, 1024), (1080, 1920), (600, 800), (800, 800),
]
ASPECTS = [DEFAULT_CARD_ASPECT, 1 / 0.7]


LONGEST = "2C 3C 4C 5C 6C KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 7C"
"""19 cards: five dealt, a king-to-ace run and one more (more than a column can show)."""


def long_column_position() -> Any:
    """Column 1 holds 19 cards: five dealt and a king-to-2 run (the most a column can show)."""
    return position_with({1: LONGEST})


def long_columns_position() -> Any:
    """Columns 1 and 6 (the first of each band in a tall window) hold 19 cards each."""
    return position_with({1: LONGEST, 6: "2D 3D 4D 5D 6D KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH 7D"})


@pytest.mark.parametrize(("size", "cells", "aspect"), list(itertools.product(SIZES, (4, 2, 1), ASPECTS)))
def test_piles_never_overlap_and_every_card_is_inside(size: tuple[int, int], cells: int, aspect: float) -> None:
    layout = compute_layout(*size, cells, aspect)
    window = Box(0, 0, *size)
    piles = list(layout.lanes.items())
    for (a, box_a), (b, box_b) in itertools.combinations(piles, 2):
        assert box_a.overlap(box_b) == 0, (size, a, b)
    for pile, box in layout.lanes.items():
        assert box.inside(window), (size, pile)
        assert box.y >= layout.toolbar.bottom and box.bottom <= layout.status.y, (size, pile)
    for pile, label in layout.labels.items():  # the column numbers are on bare felt
        assert label.inside(window) and label.h >= 10, (size, pile)
        assert all(label.overlap(lane) == 0 for lane in layout.lanes.values()), (size, pile)
    assert len([p for p in layout.piles if p.is_cell]) == cells
    position = long_columns_position()
    if cells != 4:
        position = GameCode(cells, 1).position()
    layout = compute_layout(*size, cells, aspect, position=position)
    for pile in position.piles():
        for card, box in layout.pile_cards(position, pile):
            assert box.inside(layout.lanes[pile]), (size, card)  # so inside the window, over no other pile
    for box in layout.buttons.values():
        assert box.inside(layout.toolbar)
    for a, b in itertools.combinations(layout.buttons.values(), 2):
        assert a.overlap(b) == 0


@pytest.mark.parametrize("size", SIZES)
def test_a_19_card_column_fits_and_stays_readable(size: tuple[int, int]) -> None:
    position = long_columns_position()
    layout = compute_layout(*size, 4, DEFAULT_CARD_ASPECT, position=position)
    for pile in (column(1), column(6)):
        boxes = [box for _card, box in layout.pile_cards(position, pile)]
        assert len(boxes) == 19
        assert boxes[-1].bottom <= layout.lanes[pile].bottom <= layout.table_bottom
        step = boxes[1].y - boxes[0].y
        assert step >= layout.min_step  # compressed, never over an index
        short = layout.pile_cards(position, column(2) if pile == column(1) else column(7))
        assert short[1][1].y - short[0][1].y == layout.fan  # a short column keeps the whole fan


def test_order_of_piles_and_cards_as_large_as_fit() -> None:
    layout = compute_layout(1920, 1080, 4)
    xs = [layout.piles[p].x for p in FOUNDATIONS]
    assert xs == sorted(xs)  # clubs, diamonds, hearts, spades
    cols = [layout.piles[p].x for p in COLUMNS]
    assert cols == sorted(cols)
    assert layout.piles[CELLS[0]].x < layout.piles[FOUNDATIONS[0]].x
    big = compute_layout(3840, 2160, 4)
    assert big.card_w >= 2 * layout.card_w - 2
    assert compute_layout(800, 600, 4).card_w >= 60


def test_hit_and_drop_target() -> None:
    layout = compute_layout(1280, 800, 4)
    position = GameCode.parse("SH1-C4-AAAAAJ2").position()
    box = layout.card_box(column(3), 4, 5)
    assert layout.hit(position, box.x + 5, box.y + 5) == (column(3), 4)
    under = layout.card_box(column(3), 2, 5)
    assert layout.hit(position, under.x + 5, under.y + 3) == (column(3), 2)
    assert layout.hit(position, 2, 2) is None
    assert layout.drop_target(box.moved(layout.card_w * 0.8, 0), exclude=column(3)) == column(4)


def test_layout_command_prints_what_the_table_draws() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "seahaven", "layout", "--size", "1280x800", "--code", "SH1-C2-AAAAAJ2"],
        capture_output=True, text=True, check=True,
    ).stdout
    data = json.loads(out)
    assert data["window"] == [1280, 800]
    assert set(data["piles"]) == {"cell1", "cell2", "found-C", "found-D", "found-H", "found-S"} | {
        f"col{n}" for n in range(1, 11)
    }
    assert len(data["cards"]) == 52  # 50 in the columns, 2 in the cells, none home yet

    from tests.app.table_helpers import make_app

    app = make_app("SH1-C2-AAAAAJ2", size=(1280, 800))
    table = app.scenes.bottom
    assert table.layout.to_json(table.position) == data
    app.close()


def test_layout_command_refuses_bad_input() -> None:
    bad = subprocess.run([sys.executable, "-m", "seahaven", "layout", "--size", "12x", "--code", "SH1-C4-AAAAAJ2"],
                         capture_output=True, text=True)
    assert bad.returncode == 3 and "size" in bad.stderr
    bad = subprocess.run([sys.executable, "-m", "seahaven", "layout", "--code", "SH9-C4-AAAAAJ2"],
                         capture_output=True, text=True)
    assert bad.returncode == 3 and "prefix" in bad.stderr


# Cards of the one-row layout before tall windows got two bands: 94 px at 1080x1920, 89 px
# at 1024x1366; the two bands must give at least half as much again.
PORTRAIT = {(1080, 1920): (94, 184), (1024, 1366): (89, 135)}


@pytest.mark.parametrize("size", list(PORTRAIT))
def test_a_tall_window_puts_the_columns_in_two_bands_of_larger_cards(size: tuple[int, int]) -> None:
    before, now = PORTRAIT[size]
    layout = compute_layout(*size, 4, 1 / 0.7)  # the art's aspect, as the game uses
    assert layout.bands == 2
    assert layout.card_w == now and now >= 1.5 * before
    assert compute_layout(*size, 4, DEFAULT_CARD_ASPECT).card_w >= 1.5 * before
    slot = layout.piles
    # foundations in a row (clubs to spades), the cells in a row under them
    assert len({slot[p].y for p in FOUNDATIONS}) == 1 and [slot[p].x for p in FOUNDATIONS] == sorted(
        slot[p].x for p in FOUNDATIONS)
    assert len({slot[p].y for p in CELLS}) == 1 and slot[CELLS[0]].y > slot[FOUNDATIONS[0]].bottom
    # columns 1-5 left to right under the cells, 6-10 under them, lane by lane
    upper, lower = COLUMNS[:5], COLUMNS[5:]
    assert len({slot[p].y for p in upper}) == 1 and len({slot[p].y for p in lower}) == 1
    assert [slot[p].x for p in upper] == sorted(slot[p].x for p in upper)
    assert [slot[p].x for p in upper] == [slot[p].x for p in lower]
    assert slot[upper[0]].y > slot[CELLS[0]].bottom
    label = layout.labels[lower[0]]
    assert layout.lanes[upper[0]].bottom < label.y < label.bottom <= slot[lower[0]].y
    assert layout.labels[upper[0]].bottom <= slot[upper[0]].y
    # the lanes share the height below the cells equally, and the window is used to its foot
    assert abs(layout.lanes[upper[0]].h - layout.lanes[lower[0]].h) <= 1
    assert layout.lanes[lower[0]].bottom == layout.table_bottom >= layout.status.y - layout.card_h * 0.1
    # a dealt column (five cards) shows each card's index: the step is close to the full fan
    dealt = layout.pile_cards(GameCode.parse("SH1-C4-AAAAAJ2").position(), column(1))
    assert len(dealt) == 5 and dealt[1][1].y - dealt[0][1].y >= 0.2 * layout.card_h


def test_one_row_where_two_bands_would_not_give_clearly_larger_cards() -> None:
    for size in [(800, 600), (1920, 1080), (800, 800), (900, 1000)]:
        assert compute_layout(*size, 4, 1 / 0.7).bands == 1, size
    for size in [(600, 800), (768, 1024), (800, 1000), (720, 1280), (2160, 3840)]:
        assert compute_layout(*size, 4, 1 / 0.7).bands == 2, size


# (card_w, card_h, fan, table_bottom, column 1, column 10, cell 1, spade foundation): the
# one-row layout as it was before tall windows got two bands; it must not move a pixel.
LANDSCAPE = {
    (800, 600): (70, 100, 27, 566, (8, 184, 70, 100), (722, 184, 70, 100), (8, 54, 70, 100), (722, 54, 70, 100)),
    (1024, 768): (89, 127, 34, 730, (11, 228, 89, 127), (924, 228, 89, 127), (11, 63, 89, 127), (924, 63, 89, 127)),
    (1280, 800): (112, 160, 43, 758, (13, 276, 112, 160), (1155, 276, 112, 160), (13, 68, 112, 160),
                  (1155, 68, 112, 160)),
    (1366, 768): (113, 161, 43, 727, (14, 277, 113, 161), (1239, 277, 113, 161), (14, 68, 113, 161),
                  (1239, 68, 113, 161)),
    (1920, 1080): (160, 228, 62, 1023, (19, 391, 160, 228), (1741, 391, 160, 228), (19, 95, 160, 228),
                   (1741, 95, 160, 228)),
    (2560, 1440): (213, 304, 82, 1364, (26, 522, 213, 304), (2321, 522, 213, 304), (26, 127, 213, 304),
                   (2321, 127, 213, 304)),
    (3840, 2160): (327, 467, 126, 2059, (39, 768, 327, 467), (3474, 768, 327, 467), (39, 161, 327, 467),
                   (3474, 161, 327, 467)),
    (800, 800): (70, 100, 39, 763, (8, 190, 70, 100), (722, 190, 70, 100), (8, 60, 70, 100), (722, 60, 70, 100)),
}


@pytest.mark.parametrize("size", list(LANDSCAPE))
def test_landscape_windows_keep_the_one_row_layout_to_the_pixel(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, 4, 1 / 0.7)
    got = (layout.card_w, layout.card_h, layout.fan, layout.table_bottom, *(
        tuple(layout.piles[p]) for p in (COLUMNS[0], COLUMNS[9], CELLS[0], FOUNDATIONS[3])))
    assert layout.bands == 1
    assert got == LANDSCAPE[size]


def test_up_and_down_go_to_the_pile_above_and_below() -> None:
    tall = compute_layout(1080, 1920, 4)
    piles = list(CELLS) + list(FOUNDATIONS) + list(COLUMNS)
    assert tall.pile_above(column(7), piles) == column(2)
    assert tall.pile_above(column(2), piles, down=True) == column(7)
    assert tall.pile_above(column(1), piles) == CELLS[0]
    assert tall.pile_above(CELLS[3], piles) == FOUNDATIONS[3]
    assert tall.pile_above(FOUNDATIONS[0], piles) == column(6)  # round from the top to the bottom
    wide = compute_layout(1280, 800, 4)
    assert wide.pile_above(column(7), piles) == FOUNDATIONS[0]
    assert wide.pile_above(FOUNDATIONS[0], piles) == column(7)
    assert wide.pile_above(column(2), piles, down=True) == CELLS[1]


def test_layout_command_shows_the_two_bands() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "seahaven", "layout", "--size", "1080x1920", "--code", "SH1-C4-AAAAAJ2"],
        capture_output=True, text=True, check=True,
    ).stdout
    data = json.loads(out)
    assert data["bands"] == 2
    assert data["piles"]["col6"][0] == data["piles"]["col1"][0]
    assert data["piles"]["col6"][1] > data["piles"]["col1"][1] + data["piles"]["col1"][3]
    assert data["piles"]["col1"][2] == PORTRAIT[(1080, 1920)][1]


@pytest.mark.parametrize("width", [300, 620, 1100, 2400])
def test_the_help_board_is_the_tables_own_geometry_inside_its_box(width: int) -> None:
    from seahaven.app.board.layout import board_height, board_layout

    box = Box(37, 91, width, board_height(width))
    board = board_layout(box, 1)
    assert board.card_w >= width / 12  # as wide as ten columns across allow: the height is enough
    for pile, slot in board.piles.items():
        assert slot.inside(box), pile
        assert board.lanes[pile].inside(box), pile
    column = board.piles[COLUMNS[4]]
    assert board.hit(example_position(), column.x + 2, column.y + 2)[0] == COLUMNS[4]
