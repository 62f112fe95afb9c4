"""The on-screen keypad for a touch-only player (issue 13, item 12): a finger on the New
Game window's code field brings it up, a mouse click does not; its keys edit the field
exactly as typing does; it fits a small landscape screen and a tall portrait one."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from seahaven.app.screens.new_game import FINGER_PX, KEYPAD_KEYS, CodeKeypad, NewGame
from tests.app.table_helpers import click, key, make_app, post, steps, wait_jobs


def finger(app: Any, pos: tuple[float, float]) -> None:
    """A tap of a real finger, as SDL reports it (normalized to the window)."""
    w, h = app.size
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        post(kind, x=pos[0] / w, y=pos[1] / h, dx=0, dy=0, finger_id=7, touch_id=1, pressure=1.0)
    steps(app)


def field(window: NewGame) -> tuple[int, int]:
    box = window.widgets[window.index("field")].box
    return box.x + box.w // 2, box.y + box.h // 2


def press(app: Any, keypad: CodeKeypad, label: str) -> None:
    widget = next(w for w in keypad.widgets if w.label == label)
    finger(app, (widget.box.x + widget.box.w // 2, widget.box.y + widget.box.h // 2))


def open_keypad(size: tuple[int, int]) -> tuple[Any, NewGame, CodeKeypad]:
    app = make_app("SH1-C4-AAAAAJ2", size=size)
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    finger(app, field(window))
    keypad = app.scenes.top
    assert isinstance(keypad, CodeKeypad)
    return app, window, keypad


def test_a_mouse_click_on_the_field_brings_no_keypad() -> None:
    app = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    key(app, pygame.K_n)
    window = app.scenes.top
    click(app, field(window))
    assert app.scenes.top is window and window.widgets[window.focus].name == "field"


def test_a_finger_types_a_code_on_the_keypad_and_deals_it() -> None:
    app, window, keypad = open_keypad((800, 600))
    for label in "SH1-C2-AAAAAB7":
        press(app, keypad, label)
    assert window.code_text == "SH1-C2-AAAAAB7"
    press(app, keypad, "Erase")
    press(app, keypad, "2")
    assert window.code_text == "SH1-C2-AAAAAB2"
    press(app, keypad, "Done")
    assert app.scenes.top is window
    # winnable deals only is on for Medium: the solver checks the deal as soon as the code
    # is whole, and the window says what it found before anything is dealt
    wait_jobs(app)
    assert app.scenes.top is window and window.code_sentence() is not None
    assert "cannot be won" in window.code_sentence()[0]
    deal = window.widgets[window.index("deal")]
    assert deal.label == "Deal anyway"
    finger(app, (deal.box.x + 5, deal.box.y + 5))
    assert app.scenes.top is app.scenes.bottom
    assert str(app.scenes.bottom.game.code) == "SH1-C2-AAAAAB2"


def test_the_keypad_edits_the_field_exactly_as_the_keyboard_does() -> None:
    typed = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    key(typed, pygame.K_n)
    by_keys = typed.scenes.top
    for ch in "SH1-C3-AAAAAJ2":
        post(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0)
        post(pygame.TEXTINPUT, text=ch)
    steps(typed)
    key(typed, pygame.K_BACKSPACE)
    key(typed, pygame.K_RETURN)
    app, window, keypad = open_keypad((800, 600))
    for label in "SH1-C3-AAAAAJ2":
        press(app, keypad, label)
    press(app, keypad, "Erase")
    key(app, pygame.K_RETURN)  # a keyboard's Enter still deals from under the keypad
    assert window.code_text == by_keys.code_text == "SH1-C3-AAAAAJ"
    assert window.error == by_keys.error and "C4, C2 or C1" in window.error
    app.render(force=True)  # the keypad shows what is wrong above its keys
    press(app, keypad, "Erase")  # the next key clears the message, as typing does
    assert window.error == ""
    key(app, pygame.K_ESCAPE)  # Esc puts the keypad away, not the window
    assert app.scenes.top is window
    finger(app, field(window))
    keypad = app.scenes.top
    assert isinstance(keypad, CodeKeypad)
    finger(app, (5, 5))  # so does a tap above the keys
    assert app.scenes.top is window and window.code_text == "SH1-C3-AAAAA"


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920), (1280, 800), (1024, 1366)])
def test_the_keypad_fits_and_its_keys_are_finger_sized(size: tuple[int, int]) -> None:
    app, _window, keypad = open_keypad(size)
    labels = [w.label for w in keypad.widgets]
    assert set(KEYPAD_KEYS) <= set(labels) and "Erase" in labels and "Done" in labels
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") <= set(KEYPAD_KEYS)
    screen = pygame.Rect(0, 0, *size)
    for widget in keypad.widgets:
        box = pygame.Rect(widget.box)
        assert screen.contains(box) and pygame.Rect(keypad.panel).contains(box), widget
        assert box.w >= FINGER_PX and box.h >= FINGER_PX, widget
    boxes = [pygame.Rect(w.box) for w in keypad.widgets]
    assert all(a.collidelist([b for b in boxes if b is not a]) == -1 for a in boxes)  # no key over another
    app.render(force=True)
