"""One gesture vocabulary for mouse and touch.

Mouse buttons and fingers become :class:`Pointer` events (down, move, up) in window
pixels. Mouse events that SDL synthesizes from a finger (``event.touch``) are dropped so
nothing happens twice; fingers come with normalized coordinates and are scaled to the
window. A second tap counts as a double-tap when SDL says so (``event.clicks``) or, for
fingers and for a Settings time other than SDL's, when it falls within the time and
distance of the first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

MOUSE = -1
"""Pointer id of the mouse; fingers use their SDL finger id."""
SDL_DOUBLE_MS = 500
DOUBLE_DISTANCE = 32
DRAG_DISTANCE = 6
"""Pixels a mouse press must move before it is a drag, not a tap (a card lifted, a page
scrolled): the one threshold of every board, window and screen."""
TOUCH_FACTOR = 2
"""A finger wobbles more than a mouse: its presses may move this many times as far."""


def past_drag_distance(origin: tuple[float, float], pos: tuple[float, float], touch: bool) -> bool:
    """Whether a press that went down at ``origin`` and is now at ``pos`` has become a drag."""
    limit = DRAG_DISTANCE * (TOUCH_FACTOR if touch else 1)
    dx, dy = pos[0] - origin[0], pos[1] - origin[1]
    return dx * dx + dy * dy > limit * limit


@dataclass(frozen=True)
class Pointer:
    kind: str
    """"down", "move", "up" or "cancel" (the right button's press: also a peek, see
    ``secondary``); "secondary_up" (the right button let go: a peek ends); "wheel" (a turn
    of the mouse wheel, ``scroll`` notches up) and "hover" (the mouse moves while a finger
    is down) ask for no gesture."""
    pos: tuple[float, float]
    pointer: int
    clicks: int = 1
    touch: bool = False
    time_ms: int = 0
    scroll: float = 0.0
    secondary: bool = False
    """The right mouse button's "cancel": on a card with nothing held, a peek."""


class PointerInput:
    """Turns pygame events into :class:`Pointer` events; other events give None. The one
    reader of pygame's mouse and finger events in the front end."""

    def __init__(self, double_tap_ms: int = SDL_DOUBLE_MS, clock: Callable[[], int] = pygame.time.get_ticks) -> None:
        self.double_tap_ms = double_tap_ms
        self.clock = clock
        """Milliseconds, for double-taps and holds: the loop gives its own time (the time of the
        frame the event is handled in), so that input timing follows the frames the game shows."""
        self.size = (1, 1)
        self.active: int | None = None
        """The pointer now pressed: only one drives gestures at a time."""
        self._last_down: tuple[int, float, float, int] | None = None  # time, x, y, clicks

    def _clicks(self, now: int, x: float, y: float, sdl_clicks: int | None, mouse: bool) -> int:
        last = self._last_down
        within = (
            last is not None
            and now - last[0] <= self.double_tap_ms
            and abs(x - last[1]) <= DOUBLE_DISTANCE
            and abs(y - last[2]) <= DOUBLE_DISTANCE
        )
        if mouse and self.double_tap_ms == SDL_DOUBLE_MS:
            clicks = max(1, sdl_clicks or 1)  # SDL counts mouse clicks at the system's speed
        else:
            clicks = last[3] + 1 if within and last is not None else 1
        self._last_down = (now, x, y, clicks)
        return clicks

    def translate(self, event: Any) -> Pointer | None:
        etype = event.type
        now = self.clock()
        if etype == pygame.MOUSEWHEEL:
            return Pointer("wheel", (0, 0), MOUSE, time_ms=now, scroll=float(getattr(event, "y", 0)))
        if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None
            pos = tuple(getattr(event, "pos", (0, 0)))
            if etype == pygame.MOUSEMOTION:
                if self.active not in (None, MOUSE):
                    return Pointer("hover", pos, MOUSE, time_ms=now)
                return Pointer("move", pos, MOUSE, touch=False, time_ms=now)
            if getattr(event, "button", 1) != 1:
                if etype == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
                    return Pointer("cancel", pos, MOUSE, time_ms=now, secondary=True)
                if etype == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 3:
                    return Pointer("secondary_up", pos, MOUSE, time_ms=now)
                return None
            if etype == pygame.MOUSEBUTTONDOWN:
                if self.active is not None:
                    return None
                self.active = MOUSE
                clicks = self._clicks(now, pos[0], pos[1], getattr(event, "clicks", None), True)
                return Pointer("down", pos, MOUSE, clicks, False, now)
            if self.active != MOUSE:
                return None
            self.active = None
            return Pointer("up", pos, MOUSE, time_ms=now)
        if etype in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            finger = int(getattr(event, "finger_id", 0))
            pos = (float(event.x) * self.size[0], float(event.y) * self.size[1])
            if etype == pygame.FINGERDOWN:
                if self.active is not None:
                    return None
                self.active = finger
                clicks = self._clicks(now, pos[0], pos[1], None, False)
                return Pointer("down", pos, finger, clicks, True, now)
            if self.active != finger:
                return None
            if etype == pygame.FINGERMOTION:
                return Pointer("move", pos, finger, touch=True, time_ms=now)
            self.active = None
            return Pointer("up", pos, finger, touch=True, time_ms=now)
        return None

    def reset(self) -> None:
        """Forget the pressed pointer (the window lost focus, a window opened)."""
        self.active = None
