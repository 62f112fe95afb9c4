"""The table played through the real loop with real pygame events; the engine decides."""

from __future__ import annotations

import time
from typing import Any

import pygame

from seahaven.engine import Card, column, foundation
from tests.app.table_helpers import app_with, card_point, click, drag, find, key, make_app, position_with, settle, steps

H = "H"


def test_drag_a_card_to_a_legal_column() -> None:
    app = make_app("SH1-C4-AAAAAJ2")  # col1 ends 6H, col7 ends 7H
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    assert app.scenes.bottom.game.move_count == 1
    settle(app)
    assert not app.scenes.bottom.board.glides.floating and app.scenes.bottom.board.drag is None


def test_drag_a_run_to_a_legal_column() -> None:
    app = app_with(position_with({1: "KC 9S 8S 7S", 2: "KD TS"}))
    drag(app, card_point(app, column(1), 1), card_point(app, column(2)))
    position = app.scenes.bottom.position
    assert [str(c) for c in position.columns[1]] == ["KD", "TS", "9S", "8S", "7S"]
    assert [str(c) for c in position.columns[0]] == ["KC"]


def test_an_illegal_drop_changes_nothing() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    before = app.scenes.bottom.position
    drag(app, card_point(app, column(1)), card_point(app, column(2)))  # 6H on 9H
    settle(app)
    assert app.scenes.bottom.position == before
    assert app.scenes.bottom.game.move_count == 0
    assert app.scenes.bottom.message is not None and app.scenes.bottom.message.warn


def test_a_drop_outside_every_pile_glides_back() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    before = app.scenes.bottom.position
    drag(app, card_point(app, column(1)), (640, 790))  # onto the status line
    assert app.scenes.bottom.board.glides.floating  # gliding back
    settle(app)
    assert app.scenes.bottom.position == before


def test_tap_an_ace_home() -> None:
    app = app_with(position_with({3: "KC 5D AH"}))
    click(app, card_point(app, column(3)))
    assert app.scenes.bottom.position.foundations[2] == 1
    assert find(app, "AH") == (foundation(H), 0)


def test_tap_select_then_tap_destination() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    click(app, card_point(app, column(1)))
    assert app.scenes.bottom.board.selection is not None and app.scenes.bottom.board.selection.pile == column(1)
    assert app.scenes.bottom.game.move_count == 0
    click(app, card_point(app, column(7)))
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    assert app.scenes.bottom.board.selection is None


def test_tap_select_then_illegal_tap_selects_anew() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    click(app, card_point(app, column(1)))
    click(app, card_point(app, column(2)))  # 6H cannot go on 9H: column 2 is selected instead
    assert app.scenes.bottom.game.move_count == 0
    assert app.scenes.bottom.board.selection is not None and app.scenes.bottom.board.selection.pile == column(2)
    click(app, card_point(app, column(2)))  # tapping the selection again clears it
    assert app.scenes.bottom.board.selection is None


def double_tap(app: Any, pos: Any) -> None:
    """Two taps as SDL reports them: the second press says clicks == 2."""
    click(app, pos, clicks=1, frames=0)
    click(app, pos, clicks=2)


def test_double_tap_sends_a_card_to_its_foundation_first() -> None:
    app = app_with(position_with({3: "KC 5D 2H", 5: "KD 3H"}, found={"H": 1}))
    # 2H could also go on 3H, but the foundation comes first
    double_tap(app, card_point(app, column(3)))
    assert app.scenes.bottom.position.foundations[2] == 2


def test_double_tap_prefers_a_column_to_a_cell() -> None:
    app = app_with(position_with({3: "KC 5D 8S", 6: "KD 9S"}))
    double_tap(app, card_point(app, column(3)))
    assert [str(c) for c in app.scenes.bottom.position.columns[5]][-1] == "8S"
    assert app.scenes.bottom.position.cells == (None, None, None, None)


def test_double_tap_sends_a_king_led_run_to_an_empty_column() -> None:
    app = app_with(position_with({2: "5D KS QS", 4: ""}))
    double_tap(app, card_point(app, column(2), 1))
    assert [str(c) for c in app.scenes.bottom.position.columns[3]] == ["KS", "QS"]


def test_double_tap_puts_a_lone_card_in_the_first_free_cell() -> None:
    app = app_with(position_with({3: "KC 5D 8S"}, cells=["2C", None, None, None]))
    double_tap(app, card_point(app, column(3)))
    assert app.scenes.bottom.position.cells[1] == Card.parse("8S")


def test_a_quick_press_on_the_card_a_tap_uncovered_is_a_new_tap() -> None:
    """Clearing a column home at speed: each press acts, however quick (SDL reports the
    second as clicks=2 because it lands at the same spot within the double-click time)."""
    app = app_with(position_with({3: "KC 3H 2H AH"}))
    pos = card_point(app, column(3))
    click(app, pos, clicks=1, frames=0)  # AH goes home
    click(app, card_point(app, column(3)), clicks=2, frames=0)  # the 2H it uncovered goes home too
    click(app, card_point(app, column(3)), clicks=3)  # and the 3H
    assert app.scenes.bottom.position.foundations[2] == 3
    assert app.scenes.bottom.game.move_count == 3


def test_a_double_click_that_sent_a_card_home_selects_nothing() -> None:
    """Issue 25, item 4: the double-click's first click sends the ace home; its second
    click lands on the card the ace uncovered, which cannot go home: nothing is selected.
    A later tap on that card is a new tap, which selects it as always."""
    app = app_with(position_with({3: "KC TD AH"}))
    table = app.scenes.bottom
    click(app, card_point(app, column(3)), clicks=1, frames=0)  # AH home
    click(app, card_point(app, column(3)), clicks=2)  # the double-click's second click, on the TD
    assert table.position.foundations[2] == 1 and table.game.move_count == 1
    assert table.board.selection is None
    assert [str(c) for c in table.position.columns[2]] == ["KC", "TD"]
    click(app, card_point(app, column(3)), clicks=1)  # later: a new tap
    assert table.board.selection is not None and table.board.selection.pile == column(3)


def test_second_tap_is_ignored_when_the_first_moved_that_very_card() -> None:
    app = app_with(position_with({3: "KC 2H AH"}))
    click(app, card_point(app, column(3)), clicks=1, frames=0)  # AH home
    click(app, card_point(app, column(3)), clicks=2, frames=0)  # 2H home: a new tap
    click(app, card_point(app, foundation("H")), clicks=3)  # on the 2H just moved: the double-tap's end
    table = app.scenes.bottom
    assert table.position.foundations[2] == 2 and table.game.move_count == 2
    assert table.message is None or not table.message.warn  # ignored, not refused


def test_a_run_too_long_to_lift_shakes_and_says_why() -> None:
    app = app_with(position_with({1: "KC 9S 8S 7S 6S 5S 4S 3S 2S", 2: "KD TS"}, cells=["2C", "3C", "4C", "5C"]))
    before = app.scenes.bottom.position
    drag(app, card_point(app, column(1), 1), card_point(app, column(2)))
    assert app.scenes.bottom.position == before
    assert app.scenes.bottom.message is not None and "8" in app.scenes.bottom.message.text


def test_undo_and_redo_with_keys_and_toolbar() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    after = app.scenes.bottom.position
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.scenes.bottom.game.move_count == 0
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert app.scenes.bottom.position == after
    key(app, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)  # Ctrl+Shift+Z redoes: nothing left
    assert app.scenes.bottom.position == after
    layout = app.scenes.bottom.layout
    click(app, layout.buttons["undo"].center)
    assert app.scenes.bottom.game.move_count == 0
    click(app, layout.buttons["redo"].center)
    assert app.scenes.bottom.position == after


def test_input_during_an_animation_finishes_it_and_is_handled() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    drag(app, card_point(app, column(1)), card_point(app, column(7)), frames=1)
    assert app.scenes.bottom.board.glides.floating  # still gliding
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # the very next frame
    assert app.scenes.bottom.game.move_count == 0


def test_keyboard_play() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    key(app, pygame.K_5)  # 2H on column 5
    key(app, pygame.K_c)  # into cell 3
    assert app.scenes.bottom.position.cells[2] == Card.parse("2H")
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)  # double-tap rule: 2H from the cell... nowhere but a column/cell
    assert app.scenes.bottom.board.focus_pile is not None and app.scenes.bottom.board.focus.visible
    key(app, pygame.K_ESCAPE)
    assert app.scenes.bottom.board.selection is None


def test_keyboard_f_sends_home() -> None:
    app = app_with(position_with({3: "KC 5D AH"}))
    key(app, pygame.K_3)
    key(app, pygame.K_f)
    assert app.scenes.bottom.position.foundations[2] == 1


def test_touch_tap_and_drag() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    w, h = app.size
    x, y = card_point(app, column(1))
    tx, ty = card_point(app, column(7))
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, finger_id=1, touch_id=1, dx=0, dy=0))
    steps(app)
    for k in range(1, 6):
        fx = (x + (tx - x) * k / 5) / w
        fy = (y + (ty - y) * k / 5) / h
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=fx, y=fy, finger_id=1, touch_id=1, dx=0, dy=0))
        steps(app)
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=tx / w, y=ty / h, finger_id=1, touch_id=1, dx=0, dy=0))
    steps(app)
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")


def test_touch_tap_sends_an_ace_home_once() -> None:
    app = app_with(position_with({3: "KC 2H AH"}))
    w, h = app.size
    x, y = card_point(app, column(3))
    for etype in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(etype, x=x / w, y=y / h, finger_id=2, touch_id=1, dx=0, dy=0))
    # what SDL synthesizes from the same finger: must be ignored
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, clicks=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, clicks=1, touch=True))
    steps(app, 2)
    assert app.scenes.bottom.position.foundations[2] == 1
    assert app.scenes.bottom.game.move_count == 1


def test_synthesized_mouse_events_alone_do_nothing() -> None:
    app = app_with(position_with({3: "KC 5D AH"}))
    x, y = card_point(app, column(3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, clicks=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, clicks=1, touch=True))
    steps(app, 2)
    assert app.scenes.bottom.game.move_count == 0


def test_resize_during_a_drag() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    start = card_point(app, column(1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1, touch=False))
    steps(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 40), rel=(1, 1),
                                         buttons=(1, 0, 0), touch=False))
    steps(app)
    assert app.scenes.bottom.board.drag is not None
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    steps(app)
    assert app.size == (1000, 700) and app.scenes.bottom.layout.size == (1000, 700)
    assert app.scenes.bottom.board.drag is not None  # the drag goes on in the new layout
    target = card_point(app, column(7))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(1, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False))
    steps(app, 2)
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")


def test_animation_off_lands_every_move_at_once() -> None:
    app = make_app("SH1-C4-AAAAAJ2", animation="off")
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    glides = app.scenes.bottom.board.glides
    assert not glides.floating and glides.flashed == {column(1), column(7)}  # Off: a brief highlight, no glide
    assert app.scenes.bottom.position.columns[6][-1] == Card.parse("6H")
    settle(app)
    assert not glides.tweens.active and not glides.flashed


def test_an_idle_table_draws_nothing() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    for _ in range(400):  # once dealt, the deal is checked once in the background: let it end
        if not app.scenes.bottom.jobs.running() and app.scenes.bottom.verdict.due is None:
            break
        steps(app, 1)
        time.sleep(0.005)
    assert app.scenes.bottom.verdict.text() == ("Solver: winnable", False)
    steps(app, 2)
    frames = app.frames  # the verdict was drawn once; from now on nothing changes
    steps(app, 30)
    assert app.frames == frames
    assert app.idle_timeout() is None  # no clock runs before the first move: sleep until input


def test_the_real_loop_runs_and_quits() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=600) == 0
    assert not app.running


def test_f11_toggles_fullscreen_and_back() -> None:
    app = make_app("SH1-C4-AAAAAJ2", size=(1000, 700))
    key(app, pygame.K_F11)
    assert app.fullscreen and app.scenes.bottom.layout.size == app.size
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1000, 700)


def test_touch_double_tap() -> None:
    app = app_with(position_with({3: "KC 5D 8S", 6: "KD 9S"}))
    w, h = app.size
    x, y = card_point(app, column(3))
    for etype in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(etype, x=x / w, y=y / h, finger_id=4, touch_id=1, dx=0, dy=0))
    steps(app, 2)
    assert app.scenes.bottom.position.columns[5][-1] == Card.parse("8S")
    assert app.scenes.bottom.game.move_count == 1
