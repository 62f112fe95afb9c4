"""The layout is pure geometry: checked at many window sizes without a display."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from game.app.layout import DEFAULT_CARD_ASPECT, Box, compute_layout
from game.engine import CELLS, COLUMNS, FOUNDATIONS, GameCode, column
from tests.app.table_helpers import position_with

SIZES = [
    (800, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
    (1920, 1080), (1920, 1200), (2560, 1080), (2560, 1440), (3440, 1440), (3840, 2160),
    (1024, 1366), (768, 1024), (1080, 1920), (600, 800), (800, 800),
]
ASPECTS = [DEFAULT_CARD_ASPECT, 1 / 0.7]


def long_column_position():  # type: ignore[no-untyped-def]
    """Column 1 holds 19 cards: five dealt and a king-to-2 run (the most a column can show)."""
    return position_with({1: "2C 3C 4C 5C 6C KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 7C"})


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
    assert len([p for p in layout.piles if p.is_cell]) == cells
    position = long_column_position()
    if cells != 4:
        position = GameCode(cells, 1).position()
    for card, box in layout.card_boxes(position).items():
        assert box.inside(window), (size, card)
        assert box.bottom <= layout.status.y, (size, card)
    for box in layout.buttons.values():
        assert box.inside(layout.toolbar)
    for a, b in itertools.combinations(layout.buttons.values(), 2):
        assert a.overlap(b) == 0


@pytest.mark.parametrize("size", SIZES)
def test_a_19_card_column_fits_and_stays_readable_where_it_can(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, 4)
    position = long_column_position()
    boxes = [box for _card, box in layout.pile_cards(position, column(1))]
    assert len(boxes) == 19
    assert boxes[-1].bottom <= layout.table_bottom
    step = boxes[1].y - boxes[0].y
    assert step >= 1  # compressed, never stacked flat


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
        [sys.executable, "-m", "game", "layout", "--size", "1280x800", "--code", "SH1-C2-AAAAAJ2"],
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
    bad = subprocess.run([sys.executable, "-m", "game", "layout", "--size", "12x", "--code", "SH1-C4-AAAAAJ2"],
                         capture_output=True, text=True)
    assert bad.returncode == 3 and "size" in bad.stderr
    bad = subprocess.run([sys.executable, "-m", "game", "layout", "--code", "SH9-C4-AAAAAJ2"],
                         capture_output=True, text=True)
    assert bad.returncode == 3 and "prefix" in bad.stderr
