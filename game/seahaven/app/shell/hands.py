"""Real input, as a player's hands make it: pygame's own mouse, finger and key events, posted
to the event queue and handed to the real loop a frame at a time. The smoke game and the
benchmark drive the game with it, and so do the tests and the benchmarks' traces: one way to
press, drag, tap and type, so that none of them drives the game another way than a player."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from seahaven.app.kit.scenes import STEP

Point = tuple[float, float]


class Loop(Protocol):
    """The loop the hands play on (:class:`seahaven.app.shell.loop.App`)."""

    @property
    def size(self) -> tuple[int, int]: ...

    def step(self, dt: float | None = None) -> None: ...


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


class Hands:
    """A player's mouse, finger and keyboard on ``loop``: each gesture posts the events a real
    one makes and steps the loop ``frames`` times after it."""

    def __init__(self, loop: Loop, step: float = STEP) -> None:
        self.loop = loop
        self.step = step

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.loop.step(self.step)

    # -- the mouse or a finger -----------------------------------------------------------------
    def press(self, pos: Point, finger: bool = False, clicks: int = 1) -> None:
        if finger:
            self._finger(pygame.FINGERDOWN, pos)
        else:
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=clicks, touch=False)

    def move(self, pos: Point, finger: bool = False) -> None:
        if finger:
            self._finger(pygame.FINGERMOTION, pos)
        else:
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0), touch=False)

    def hover(self, pos: Point) -> None:
        """The mouse moves with no button held (a tooltip, a hover)."""
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)

    def release(self, pos: Point, finger: bool = False, clicks: int = 1) -> None:
        if finger:
            self._finger(pygame.FINGERUP, pos)
        else:
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=clicks, touch=False)

    def _finger(self, kind: int, pos: Point) -> None:
        w, h = self.loop.size
        post(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0)

    def click(self, pos: Point, clicks: int = 1, frames: int = 1, finger: bool = False) -> None:
        """A press and its release where it went down (``clicks``: SDL's count, 2 for the
        second of a double-click)."""
        self.press(pos, finger, clicks)
        self.release(pos, finger, clicks)
        self.frames(frames)

    def double_click(self, pos: Point, frames: int = 1) -> None:
        self.click(pos, 1, frames)
        self.click(pos, 2, frames)

    def drag(self, start: Point, end: Point, moves: int = 6, frames: int = 1, finger: bool = False,
             release: bool = True) -> None:
        """Press at ``start``, move in ``moves`` steps (a frame each) to ``end`` and let go
        there (unless ``release`` is False: the cards stay held); ``frames`` frames after."""
        self.press(start, finger)
        self.frames()
        for k in range(1, moves + 1):
            self.move((start[0] + (end[0] - start[0]) * k / moves, start[1] + (end[1] - start[1]) * k / moves),
                      finger)
            self.frames()
        if release:
            self.release(end, finger)
            self.frames(frames)

    # -- the keyboard --------------------------------------------------------------------------
    def key(self, code: int, mod: int = 0, text: str = "", frames: int = 1) -> None:
        """Press and release a key (``text``: what it types, as SDL's text event says)."""
        post(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
        if text:
            post(pygame.TEXTINPUT, text=text)
        post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
        self.frames(frames)

    def type(self, text: str) -> None:
        """Type ``text``, a character a frame."""
        for character in text:
            post(pygame.TEXTINPUT, text=character)
            self.frames()
