"""A rectangle in window pixels, the one every drawing, layout and hit test uses."""

from __future__ import annotations

from typing import NamedTuple


class Box(NamedTuple):
    """A rectangle in window pixels; ``pygame.Rect(box)`` accepts it."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def overlap(self, other: Box) -> int:
        """Area shared with ``other`` (0 if they do not touch)."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0

    def inside(self, other: Box) -> bool:
        return self.x >= other.x and self.y >= other.y and self.right <= other.right and self.bottom <= other.bottom

    def moved(self, dx: float, dy: float) -> Box:
        return Box(round(self.x + dx), round(self.y + dy), self.w, self.h)
