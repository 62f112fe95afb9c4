"""The one pointer machine of every window and screen: what a press, a drag and a release
of the mouse or a finger (already :class:`~seahaven.app.kit.input.Pointer` events) come to.

A press on a control and its release on the same control activates it; a press that moves
farther than the one drag distance (``input.past_drag_distance``, a finger's twice a mouse's)
becomes a drag (a screen scrolls with it) and activates nothing; the mouse moving with no
press held changes what is hovered. The machine knows nothing of what the targets are: the
window or screen says what is under the pointer (``at``), and what counts as the same target
(``same``), and acts on the outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from seahaven.app.kit.input import Pointer, past_drag_distance

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a pointer event came to."""

    kind: str
    """"hover" (the hovered target changed), "down" (a press began on ``target``, which
    may be None), "drag" (the press moves ``dy`` pixels from where it began), "activate"
    (released on the target it was pressed on), "up" (released, activating nothing) or
    "cancel"."""
    target: T | None = None
    dy: float = 0.0
    touch: bool = False


class Presses(Generic[T]):
    """The press held now, what it was on, and what is hovered."""

    def __init__(self, same: Callable[[T, T], bool] | None = None) -> None:
        self.same: Callable[[T, T], bool] = same if same is not None else (lambda a, b: a == b)
        self.hover: T | None = None
        self.pressed: T | None = None
        """The target the press held now went down on (None once it became a drag)."""
        self.origin: tuple[float, float] | None = None
        """Where the press held now went down (None: no press)."""
        self.dragging = False

    @property
    def held(self) -> bool:
        return self.origin is not None

    def feed(self, pointer: Pointer, at: T | None, can_drag: bool = False) -> Outcome[T] | None:
        """The outcome of ``pointer`` over ``at`` (the target under it); ``can_drag``: a
        press that moves becomes a drag (else it stays a press however it moves)."""
        kind = pointer.kind
        if kind == "hover" or (kind == "move" and self.origin is None):  # the mouse, no press of its own
            if pointer.touch or self._same(at, self.hover):
                return None
            self.hover = at
            return Outcome("hover", at)
        if kind == "down":
            self.origin = pointer.pos
            self.pressed = at
            self.dragging = False
            return Outcome("down", at, touch=pointer.touch)
        if self.origin is None:
            return None
        if kind == "move":
            dy = pointer.pos[1] - self.origin[1]
            if not self.dragging and can_drag and past_drag_distance(self.origin, pointer.pos, pointer.touch):
                self.dragging = True
                self.pressed = None
            return Outcome("drag", None, dy, pointer.touch) if self.dragging else None
        if kind not in ("up", "cancel"):
            return None
        pressed, dragging = self.pressed, self.dragging
        self.reset()
        if kind == "up" and not dragging and pressed is not None and at is not None and self.same(pressed, at):
            return Outcome("activate", at, touch=pointer.touch)
        return Outcome("up" if kind == "up" else "cancel", touch=pointer.touch)

    def reset(self) -> None:
        """Forget the press held (the scene closed, or the press ended)."""
        self.origin = None
        self.pressed = None
        self.dragging = False

    def _same(self, a: T | None, b: T | None) -> bool:
        if a is None or b is None:
            return a is b
        return self.same(a, b)
