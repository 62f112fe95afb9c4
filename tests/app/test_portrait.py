"""A tall window (a phone or tablet held upright) plays through the real loop with real
pygame events: columns 6-10 sit in a band under columns 1-5, and drags, taps and the
keyboard reach them there."""

from __future__ import annotations

import pygame

from seahaven.app.shell.loop import App
from seahaven.engine import Card, column
from tests.app.table_helpers import card_point, drag, key, make_app, settle

TALL = (1080, 1920)


def tall_app() -> App:
    """The first deal (col1 ends 6H, col7 ends 7H) in a 1080x1920 window: two bands."""
    app = make_app("SH1-C4-AAAAAJ2", size=TALL)
    assert app.scenes.bottom.layout.bands == 2
    return app


def test_a_drag_onto_a_column_of_the_lower_band_makes_the_move() -> None:
    app = tall_app()
    layout = app.scenes.bottom.layout
    assert layout.piles[column(7)].y > layout.lanes[column(2)].bottom  # column 7 is under column 2
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    assert app.scenes.bottom.game.move_count == 1
    settle(app)
    assert not app.scenes.bottom.board.glides.floating and app.scenes.bottom.board.drag is None
    app.close()


def test_a_drop_on_the_bare_felt_low_in_a_lower_lane_lands_on_that_column() -> None:
    app = tall_app()
    lane = app.scenes.bottom.layout.lanes[column(7)]
    start = card_point(app, column(1))
    drag(app, start, (lane.center[0], lane.bottom - app.scenes.bottom.layout.card_h // 2))
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    app.close()


def test_a_drop_across_the_gap_between_the_bands_lands_where_the_card_covers_more() -> None:
    app = tall_app()
    layout = app.scenes.bottom.layout
    # the card's top a quarter of a card above the foot of column 2's lane: the rest of it
    # crosses the column numbers and covers the top of column 7 (its 7H) more
    lane = layout.lanes[column(2)]
    grab = card_point(app, column(1))
    head = layout.card_box(column(1), 4, 5)
    end = (lane.center[0], lane.bottom - layout.card_h // 4 + (grab[1] - head.y))
    drag(app, grab, end)
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    app.close()


def test_up_and_down_keys_move_the_focus_between_the_bands() -> None:
    app = tall_app()
    table = app.scenes.bottom
    key(app, pygame.K_7)  # picks column 7, which takes the focus
    assert table.board.focus_pile == column(7)
    key(app, pygame.K_UP)
    assert table.board.focus_pile == column(2)  # the column above, not a pile of the top rows
    key(app, pygame.K_DOWN)
    assert table.board.focus_pile == column(7)
    key(app, pygame.K_RIGHT)
    assert table.board.focus_pile == column(8)
    app.close()
