"""The one type scale of every window and page: the title, body, button and note sizes in
pixels for a window of a given size.

The body size follows the window's shorter side (2.5 % of it, so that text is as readable on a
4K or 8K screen as at 800x600, the way the cards are), and in portrait it also grows with the width, up to
about 34 characters of body text per line: a tall screen gets large text that fills it,
the way the table's cards fill it, rather than a strip of small print at the top. Every
:class:`~seahaven.app.kit.Screen` and :class:`~seahaven.app.kit.Window`
reads its sizes from here, and nothing else picks a size for their words.
"""

from __future__ import annotations

from dataclasses import dataclass

BODY_SHARE = 0.025
"""Body text, as a share of the window's shorter side."""
PORTRAIT_SHARE = 0.03
"""Body text in portrait, as a share of the window's width (capped by its height)."""
SMALLEST = 14
"""No body text is smaller than this many pixels, however small the window..."""
LARGEST = 120
"""... nor larger than this: 2.5 % of the tallest window drawn (8K, 4320 pixels; issue 25 asks
for at least 2.2 % of the shorter side at every size)."""


@dataclass(frozen=True)
class TypeScale:
    """Font sizes in pixels."""

    title: int
    """A page's or a window's title."""
    body: int
    """Running text, labels, values."""
    button: int
    """The words on a button."""
    note: int
    """Secondary words under a label (a setting's note, the calendar's weekdays)."""

    @property
    def sizes(self) -> frozenset[int]:
        return frozenset((self.title, self.body, self.button, self.note))


def type_scale(size: tuple[int, int]) -> TypeScale:
    """The type scale for a window ``size`` (width, height) pixels."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    body = min(w, h) * BODY_SHARE
    if h > w:
        body = max(body, min(w * PORTRAIT_SHARE, h * BODY_SHARE))
    px = max(SMALLEST, min(LARGEST, round(body)))
    return TypeScale(title=round(px * 1.3), body=px, button=px, note=max(13, round(px * 0.82)))
