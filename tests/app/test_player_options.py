"""Issue 27 items 5-7 through the real loop and real events: the card size, the peek,
suit colours and letters, reduce motion, zen mode and the left-handed layout."""

from __future__ import annotations

import itertools

import pygame
import pytest

from seahaven.app.board import pointer as board_pointer
from seahaven.app.board.layout import CARD_SCALES, card_aspect, compute_layout, peek_boxes
from seahaven.app.looks import theme
from seahaven.app.platform import motion_pref
from seahaven.app.screens.table.actions import ACTIONS
from seahaven.app.state.settings import SPECS, Settings
from seahaven.engine import CELLS, COLUMNS, FOUNDATIONS, Card, column
from seahaven.engine.codes import deal_position
from tests.app.table_helpers import card_point, drag, find, key, make_app, post, settle, steps
from tests.app.test_theme import contrast

SIZES = [(1280, 800), (1080, 1920)]


# -- 5. the card size ------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [CARD_SCALES[0], 1.0, CARD_SCALES[1]])
def test_every_card_size_fits_the_window(size: tuple[int, int], scale: float) -> None:
    deal = deal_position(4, 1)
    layout = compute_layout(*size, 4, card_aspect(), ACTIONS.toolbar_slots(), deal, card_scale=scale)
    window = layout.area
    for pile, box in layout.piles.items():
        assert box.inside(window), (pile, box)
        assert layout.lanes[pile].bottom <= layout.status.y
    for box in layout.card_boxes(deal).values():
        assert box.inside(window) and box.bottom <= layout.status.y
    assert layout.fits(deal)
    lanes = sorted(layout.piles[p] for p in COLUMNS[:5])
    assert all(a.right < b.x for a, b in itertools.pairwise(lanes))  # no two columns overlap


@pytest.mark.parametrize("size", SIZES)
def test_the_setting_makes_cards_larger_and_smaller(size: tuple[int, int]) -> None:
    def width(scale: float) -> int:
        return compute_layout(*size, 4, card_aspect(), (), None, card_scale=scale).card_w

    assert width(CARD_SCALES[0]) < width(1.0) < width(CARD_SCALES[1])


def test_ctrl_plus_and_minus_change_the_card_size_and_it_is_kept() -> None:
    app = make_app(size=(1920, 1080))
    table = app.scenes.bottom
    start = table.layout.card_w
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # Ctrl+plus on a US keyboard
    assert app.settings.card_size == pytest.approx(1.1)
    assert table.layout.card_w > start
    for _ in range(12):
        key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    assert app.settings.card_size == pytest.approx(SPECS["card_size"].limits[0])
    assert table.layout.card_w < start
    assert table.game.move_count == 0


def test_a_pinch_changes_the_card_size() -> None:
    app = make_app(size=(1920, 1080))
    post(pygame.MULTIGESTURE, touch_id=1, x=0.5, y=0.5, pinched=0.05, rotated=0.0, num_fingers=2)
    steps(app)
    assert app.settings.card_size == pytest.approx(1.1)
    post(pygame.MULTIGESTURE, touch_id=1, x=0.5, y=0.5, pinched=-0.05, rotated=0.0, num_fingers=2)
    steps(app)
    assert app.settings.card_size == pytest.approx(1.0)


def test_larger_cards_stop_at_what_the_window_holds() -> None:
    app = make_app(size=(1280, 800))
    for _ in range(10):
        key(app, pygame.K_PLUS, pygame.KMOD_CTRL)
    table = app.scenes.bottom
    most = table.layout.card_w
    assert app.settings.card_size < SPECS["card_size"].limits[1]
    assert table.message is not None
    key(app, pygame.K_PLUS, pygame.KMOD_CTRL)
    assert table.layout.card_w == most


# -- 5. the peek -----------------------------------------------------------------------------
def test_a_right_click_peeks_at_a_covered_card_and_changes_nothing() -> None:
    app = make_app()
    table = app.scenes.bottom
    before = table.position
    pos = card_point(app, column(3), 0)  # the bottom card of column 3, covered by the rest
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3, touch=False)
    steps(app, 2)
    assert table.board.pointer.peek == (column(3), 0)
    assert table.board.drag is None and table.board.selection is None
    post(pygame.MOUSEMOTION, pos=(pos[0] + 80, pos[1] + 80), rel=(80, 80), buttons=(0, 0, 1), touch=False)
    steps(app, 2)
    assert table.board.drag is None
    post(pygame.MOUSEBUTTONUP, pos=pos, button=3, touch=False)
    steps(app, 2)
    assert table.board.pointer.peek is None
    assert table.position == before and table.game.move_count == 0


def test_the_peek_is_drawn_whole_and_enlarged() -> None:
    app = make_app()
    table = app.scenes.bottom
    layout = table.layout
    covered = layout.card_box(column(3), 0, len(table.position.cards(column(3))))
    boxes = peek_boxes(layout, 1, covered)
    assert boxes[0].w > layout.card_w and boxes[0].bottom <= layout.status.y
    pos = card_point(app, column(3), 0)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3, touch=False)
    steps(app, 2)
    peeked = app.screen.copy()
    post(pygame.MOUSEBUTTONUP, pos=pos, button=3, touch=False)
    steps(app, 2)
    bare = app.screen.copy()
    inside = boxes[0].x + boxes[0].w // 2, boxes[0].bottom - 4
    assert peeked.get_at(inside) != bare.get_at(inside)  # the enlarged face covers the table there


def test_a_press_held_still_peeks_and_its_release_taps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board_pointer, "HOLD_MS", 0)  # no waiting in a test: the hold is due at once
    app = make_app()
    table = app.scenes.bottom
    before = table.position
    pos = card_point(app, column(1))  # 6H: a tap would select it
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=False)
    steps(app, 2)
    assert table.board.pointer.peek == (column(1), len(before.cards(column(1))) - 1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    steps(app, 2)
    assert table.board.pointer.peek is None
    assert table.board.selection is None and table.position == before and table.game.move_count == 0


def test_the_peek_key_shows_the_focused_pile_until_let_go() -> None:
    app = make_app()
    table = app.scenes.bottom
    key(app, pygame.K_RIGHT)  # shows the focus ring on column 1
    post(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0)
    steps(app)
    assert table.board.peeking == COLUMNS[0]
    post(pygame.KEYUP, key=pygame.K_p, mod=0, unicode="p", scancode=0)
    steps(app)
    assert table.board.peeking is None and table.game.move_count == 0


# -- 6. colours and marks --------------------------------------------------------------------
@pytest.mark.parametrize("name", [n for n, p in theme.SUIT_PALETTES.items() if p.inks is not None])
def test_every_preset_is_readable_and_keeps_the_suits_apart(name: str) -> None:
    inks = theme.SUIT_PALETTES[name].inks
    assert inks is not None
    for suit, ink in inks.items():
        assert contrast(ink, theme.CARD_STOCK) >= 4.5, f"{name}: {suit} is {contrast(ink, theme.CARD_STOCK):.1f}:1"
    if name != "mono":
        assert len(set(inks.values())) == 4


@pytest.mark.parametrize("name", ["red_green", "tritan"])
def test_a_colour_blind_palette_keeps_every_pair_of_suits_apart_under_its_vision(name: str) -> None:
    """Issue 41, item 8: ΔE76 of 20 or more between any two suits, under the simulation
    (Machado 2009) of the vision the palette is made for; tools/palette_check.py prints them
    (the red-green palette's hearts and diamonds were 1.4 apart under deuteranopia)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "palette_check", Path(__file__).resolve().parents[2] / "tools" / "palette_check.py")
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    inks = theme.SUIT_PALETTES[name].inks
    assert inks is not None
    table = check.figures(inks)
    for vision in check.MEANT_FOR[name]:
        assert min(table[vision].values()) >= check.LEAST, (vision, table[vision])


def test_every_colour_of_the_custom_pick_is_readable() -> None:
    for name, (_label, ink) in theme.INKS.items():
        assert contrast(ink, theme.CARD_STOCK) >= 4.5, name


@pytest.mark.parametrize("name", ["red_green", "tritan", "mono", "custom"])
def test_a_palette_paints_the_suit_in_its_ink(name: str) -> None:
    app = make_app(suit_colours=name, ink_hearts="blue")
    inks = app.settings.inks
    assert inks is not None
    face = app.painter.card(Card.parse("9H"), 245, 350)
    colours = {tuple(face.get_at((x, y)))[:3] for x in range(0, 245, 3) for y in range(0, 350, 3)}
    assert inks["H"] in colours
    if inks["H"] != theme.ART_INKS["H"]:
        assert theme.ART_INKS["H"] not in colours


def test_suit_letters_are_drawn_beside_the_index() -> None:
    plain = make_app()
    face = plain.painter.card(Card.parse("9H"), 245, 350).copy()
    lettered = make_app(suit_letters=True)
    marked = lettered.painter.card(Card.parse("9H"), 245, 350)
    strip = [(x, y) for x in range(180, 230) for y in range(8, 50)]
    assert any(face.get_at(p) != marked.get_at(p) for p in strip)


# -- 7. reduce motion, zen, left-handed ------------------------------------------------------
def test_reduce_motion_makes_a_move_instant_with_a_highlight() -> None:
    app = make_app(animation="off")  # Motion: Off (what Reduce motion was, issue 37.4)
    table = app.scenes.bottom
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    assert table.position.columns[6][-1] == Card.parse("6H")
    assert not table.board.glides.floating  # nothing glides
    assert table.board.glides.flashed == {column(1), column(7)}
    settle(app)
    assert not table.board.glides.flashed


def test_reduce_motion_shakes_nothing() -> None:
    app = make_app(animation="off")
    table = app.scenes.bottom
    drag(app, card_point(app, column(3), 0), card_point(app, column(5)), frames=0)
    assert not table.board.glides.floating


def test_reduce_motion_follows_the_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(motion_pref, "_reduced", True)
    assert Settings().reduces_motion and Settings().animation_factor == 0.0  # Motion: System, the default
    assert not Settings(animation="normal").reduces_motion and Settings(animation="slow").animation_factor > 1
    monkeypatch.setattr(motion_pref, "_reduced", False)
    assert not Settings().reduces_motion and Settings().animation_factor == 1.0
    assert Settings(animation="off").reduces_motion and Settings(animation="off").animation_factor == 0.0


def test_zen_hides_time_score_and_moves_but_counts_them() -> None:
    def status_after_a_move(**settings: object) -> tuple[bytes, int, int]:
        app = make_app(**settings)
        drag(app, card_point(app, column(1)), card_point(app, column(7)))
        settle(app)
        box = app.scenes.bottom.layout.status
        left = app.screen.subsurface(pygame.Rect(box.x, box.y, box.w // 3, box.h))
        game = app.scenes.bottom.game
        return pygame.image.tobytes(left, "RGB"), game.move_count, game.score

    shown, zen = status_after_a_move(), status_after_a_move(zen=True)
    bare = status_after_a_move(zen=True)[0]
    assert shown[0] != zen[0] and zen[0] == bare
    assert zen[1:] == shown[1:] and zen[1] == 1


def test_left_handed_mirrors_cells_foundations_and_toolbar() -> None:
    slots = ACTIONS.toolbar_slots()
    right = compute_layout(1280, 800, 4, card_aspect(), slots)
    left = compute_layout(1280, 800, 4, card_aspect(), slots, mirrored=True)
    assert max(left.piles[p].right for p in FOUNDATIONS) < min(left.piles[p].x for p in CELLS)
    assert max(right.piles[p].right for p in CELLS) < min(right.piles[p].x for p in FOUNDATIONS)
    assert [left.piles[p] for p in COLUMNS] == [right.piles[p] for p in COLUMNS]
    for name, box in right.buttons.items():
        assert left.buttons[name].w == box.w
    # each group at the other end, read in the same order: New, Restart, Undo, Redo, Hint (issue 37.9)
    for group in (["new", "restart", "undo", "redo", "hint"], ["help", "menu", "fullscreen"]):
        assert sorted(group, key=lambda name: left.buttons[name].x) == group
        span = (min(right.buttons[n].x for n in group), max(right.buttons[n].right for n in group))
        assert (min(left.buttons[n].x for n in group), max(left.buttons[n].right for n in group)) == (
            1280 - span[1], 1280 - span[0])
    assert left.buttons["help"].x < left.buttons["new"].x


def test_left_handed_status_line_keeps_its_figures_and_words_inside_the_window() -> None:
    """The mirrored toolbar starts from the right: the status line's margin is the toolbar's
    at either end, never the New button's place (which put the figures off the right edge)."""
    app = make_app(left_handed=True, size=(1280, 800))
    table = app.scenes.bottom
    table.say("A short sentence.")
    table.dirty = True
    app.step(1 / 60)
    status = table.layout.status
    said = table.status_painter.said_box
    assert said is not None and status.x <= said.x and said.right <= status.right
    assert said.x < status.x + status.w // 2  # beside the figures on the left, as right-handed


def test_left_handed_play_by_the_real_loop() -> None:
    app = make_app(left_handed=True)
    table = app.scenes.bottom
    assert table.layout.piles[FOUNDATIONS[0]].x < table.layout.piles[CELLS[0]].x
    pile, _index = find(app, "6H")
    free = table.position.cells.index(None)
    drag(app, card_point(app, pile), card_point(app, CELLS[free]))
    assert table.position.cells[free] == Card.parse("6H")


def test_a_press_held_to_peek_at_a_covered_card_is_not_told_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long press is how a finger peeks, and the cards a player peeks at are the covered
    ones: that press must not shake them, sound an error or say "only the top card can be
    picked up" (a play-test found all three, the sentence staying after the peek). A tap or
    a drag on the same card still says why it cannot be lifted."""
    monkeypatch.setattr(board_pointer, "HOLD_MS", 0)  # no waiting in a test: the hold is due at once
    app = make_app()
    table = app.scenes.bottom
    before = table.position
    pos = card_point(app, column(3), 0)  # the first card of column 3, covered by the others
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=False)
    steps(app, 2)
    assert table.board.pointer.peek == (column(3), 0)
    assert table.message is None and not table.board.busy()  # no shake
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    steps(app, 2)
    assert table.board.pointer.peek is None and table.message is None
    assert table.position == before and table.game.move_count == 0

    monkeypatch.setattr(board_pointer, "HOLD_MS", 10**9)  # now a quick tap: it says why
    pos = card_point(app, column(3), 0)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=False)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=1, touch=False)
    steps(app, 2)
    assert table.message is not None and table.message.warn
    table.status.clear()
    steps(app, 1)
    drag(app, pos, (pos[0] + 200, pos[1] + 200))  # and a drag that cannot lift says it too
    assert table.message is not None and table.message.warn
    assert table.position == before
