"""Bounded caches of art drawn at a size, and the game's memory budget: memory stays
within a number of bytes whatever the window size, however often it changes.

The budget (``MEMORY_BUDGET``, 512 MiB of pixels in all):

- the window is drawn at most ``MAX_DRAWN_PIXELS`` (8K, 7680 x 4320): a larger window
  is drawn at the largest size within it (:func:`drawn_size`; the loop shrinks the window
  or draws in its top-left part), so each of the two window-sized pictures the game keeps,
  the table's picture of everything at rest and its felt, takes at most ``PICTURE_BYTES``
  (127 MiB);
- the art drawn at a size shares ``ART_BUDGET`` (256 MiB) in the shares below
  (``*_BYTES``): the painter's card faces, its markers, backs and icons, its words, its
  shapes, and the art module's rendered sprites and card stocks.

:class:`SizedArt` keeps, for each kind of art (card faces, backs, markers, icons...), the
surfaces of the sizes used most recently: the current one and the last (a new card size is
first scaled from the last, see ``Painter.card``; Help's board has a size of its own),
more for small art such as icons, and fewer when they do not fit in its share of bytes
(a larger size than the last few goes first). The size in use is always kept, even
when alone it is larger than the share: its bytes are bounded by the largest size drawn.
:class:`Lru` keeps a number of entries within a number of bytes, for art whose size
varies with what is drawn (outlines of a selection, the shadow of a dragged run).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

KEEP_SIZES = 2
"""Sizes kept of each kind of art: the current one and the last (the table and Help's board
draw cards at two sizes at once; a new size is first scaled from the last)."""

MIB = 1 << 20
MAX_DRAWN_PIXELS = 7680 * 4320
"""The largest window drawn at its own size (8K); a larger one is drawn at this many pixels."""
MAX_DRAWN_SIDE = 16384
"""The longest side drawn (a window of a thin strip of more pixels is cut to it)."""
MIN_DRAWN = (320, 240)
PICTURE_BYTES = 4 * MAX_DRAWN_PIXELS
"""One window-sized picture at the largest size drawn (four bytes a pixel): 127 MiB."""
CARDS_BYTES = 160 * MIB
"""The painter's card faces: two sizes of 52 up to 4K, the one in use at 8K (129 MiB)."""
MISC_BYTES = 32 * MIB
"""The painter's markers, backs and icons."""
TEXT_BYTES = 16 * MIB
"""The painter's rendered words."""
SHAPES_BYTES = 16 * MIB
"""The painter's outlines, shadows and panels."""
SPRITES_BYTES = 24 * MIB
"""The art module's rendered sprites (faces, backs, markers, icons), as drawn from SVG."""
STOCKS_BYTES = 8 * MIB
"""The art module's blank cards, one a size (what every face is drawn on)."""
ART_BUDGET = CARDS_BYTES + MISC_BYTES + TEXT_BYTES + SHAPES_BYTES + SPRITES_BYTES + STOCKS_BYTES
"""256 MiB: every cache of art drawn at a size."""
MEMORY_BUDGET = ART_BUDGET + 2 * PICTURE_BYTES
"""About 512 MiB: the sized art and the two window-sized pictures (the table's, the felt)."""


def drawn_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size a window of ``size`` is drawn at: itself when it fits the budget, else the
    largest size of its shape within ``MAX_DRAWN_PIXELS`` and ``MAX_DRAWN_SIDE`` (never
    below ``MIN_DRAWN``)."""
    w, h = max(MIN_DRAWN[0], int(size[0])), max(MIN_DRAWN[1], int(size[1]))
    if w * h > MAX_DRAWN_PIXELS:
        scale = math.sqrt(MAX_DRAWN_PIXELS / (w * h))
        w, h = max(MIN_DRAWN[0], int(w * scale)), max(MIN_DRAWN[1], int(h * scale))
    w, h = min(w, MAX_DRAWN_SIDE), min(h, MAX_DRAWN_SIDE)
    while w * h > MAX_DRAWN_PIXELS:  # a thin strip, cut at its long side, may still be over
        w, h = (w - 1, h) if w > h else (w, h - 1)
    return w, h


def nbytes(value: object) -> int:
    """The bytes of pixels a cached value holds (a surface's rows); 0 for anything else."""
    try:
        # any value: a surface has a pitch and a height; anything else raises, and counts 0
        return int(value.get_pitch()) * int(value.get_height())  # type: ignore[attr-defined]
    except (AttributeError, TypeError, ValueError):
        return 0


class SizedArt(Generic[V]):
    """Values by kind, size and key; for each kind only the ``keep`` sizes used last, and
    in all at most ``budget`` bytes but for the size in use."""

    def __init__(self, keep: int = KEEP_SIZES, keep_by_kind: dict[str, int] | None = None,
                 budget: int | None = None) -> None:
        self.keep = keep
        self.keep_by_kind = dict(keep_by_kind or {})
        self.budget = budget
        self._kinds: dict[str, OrderedDict[Hashable, dict[Hashable, V]]] = {}
        self._bytes: OrderedDict[tuple[str, Hashable], int] = OrderedDict()
        """Bytes held by each (kind, size), the one used last last."""

    @property
    def bytes(self) -> int:
        return sum(self._bytes.values())

    def get(self, kind: str, size: Hashable, key: Hashable) -> V | None:
        sizes = self._kinds.get(kind)
        if sizes is None:
            return None
        entries = sizes.get(size)
        if entries is None:
            return None
        sizes.move_to_end(size)
        self._bytes.move_to_end((kind, size))
        return entries.get(key)

    def put(self, kind: str, size: Hashable, key: Hashable, value: V) -> V:
        sizes = self._kinds.setdefault(kind, OrderedDict())
        entries = sizes.get(size)
        if entries is None:
            entries = sizes[size] = {}
            self._bytes[kind, size] = 0
            while len(sizes) > self.keep_by_kind.get(kind, self.keep):
                self._drop(kind, next(iter(sizes)))
        sizes.move_to_end(size)
        self._bytes.move_to_end((kind, size))
        self._bytes[kind, size] += nbytes(value) - nbytes(entries.get(key))
        entries[key] = value
        self._trim((kind, size))
        return value

    def _drop(self, kind: str, size: Hashable) -> None:
        self._kinds[kind].pop(size, None)
        self._bytes.pop((kind, size), None)

    def _trim(self, in_use: tuple[str, Hashable]) -> None:
        """Drop the sizes used longest ago until the rest fits the budget (never ``in_use``:
        it is being drawn)."""
        if self.budget is None:
            return
        while self.bytes > self.budget:
            oldest = next((k for k in self._bytes if k != in_use), None)
            if oldest is None:
                return
            self._drop(*oldest)

    def replace(self, kind: str, size: Hashable, key: Hashable, value: V) -> bool:
        """Put ``value`` in place of a kept entry, without counting as a use of its size;
        False (and nothing kept) when that size or key is no longer kept."""
        entries = self._kinds[kind].get(size) if kind in self._kinds else None
        if entries is None or key not in entries:
            return False
        self._bytes[kind, size] += nbytes(value) - nbytes(entries[key])
        entries[key] = value
        return True

    def find(self, kind: str, key: Hashable) -> list[tuple[Hashable, V]]:
        """``key`` at every size of ``kind`` kept (without counting as a use)."""
        return [(size, entries[key]) for size, entries in self._kinds.get(kind, {}).items() if key in entries]

    def __len__(self) -> int:
        return sum(len(entries) for sizes in self._kinds.values() for entries in sizes.values())

    def sizes(self, kind: str) -> list[Hashable]:
        """The sizes of ``kind`` kept, the one used last last."""
        return list(self._kinds.get(kind, ()))

    def clear(self) -> None:
        self._kinds.clear()
        self._bytes.clear()


class Lru(Generic[V]):
    """At most ``limit`` values, and at most ``budget`` bytes but for the value put last;
    the one used longest ago goes first."""

    def __init__(self, limit: int, budget: int | None = None) -> None:
        self.limit = limit
        self.budget = budget
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self.bytes = 0

    def get(self, key: Hashable) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> V:
        self.bytes += nbytes(value) - nbytes(self._entries.get(key))
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit or (
                self.budget is not None and self.bytes > self.budget and len(self._entries) > 1):
            _key, old = self._entries.popitem(last=False)
            self.bytes -= nbytes(old)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0
