"""Bounded caches of art drawn at a size, so memory stays flat however often the window
changes size (or the long-column layout changes the card size).

:class:`SizedArt` keeps, for each kind of art (card faces, backs, markers, icons...), the
surfaces of the sizes used most recently: the current one and the last (a new card size is
first scaled from the last, see ``Painter.card``; Help's board has a size of its own),
more for small art such as icons. A new size drops the whole oldest size. :class:`Lru` keeps a number of
entries, for art whose size varies with what is drawn (outlines of a selection, the
shadow of a dragged run).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

KEEP_SIZES = 2
"""Sizes kept of each kind of art: the current one and the last (the table and Help's board
draw cards at two sizes at once; a new size is first scaled from the last)."""


class SizedArt(Generic[V]):
    """Values by kind, size and key; for each kind only the ``keep`` sizes used last."""

    def __init__(self, keep: int = KEEP_SIZES, keep_by_kind: dict[str, int] | None = None) -> None:
        self.keep = keep
        self.keep_by_kind = dict(keep_by_kind or {})
        self._kinds: dict[str, OrderedDict[Hashable, dict[Hashable, V]]] = {}

    def get(self, kind: str, size: Hashable, key: Hashable) -> V | None:
        sizes = self._kinds.get(kind)
        if sizes is None:
            return None
        entries = sizes.get(size)
        if entries is None:
            return None
        sizes.move_to_end(size)
        return entries.get(key)

    def put(self, kind: str, size: Hashable, key: Hashable, value: V) -> V:
        sizes = self._kinds.setdefault(kind, OrderedDict())
        entries = sizes.get(size)
        if entries is None:
            entries = sizes[size] = {}
            while len(sizes) > self.keep_by_kind.get(kind, self.keep):
                sizes.popitem(last=False)
        sizes.move_to_end(size)
        entries[key] = value
        return value

    def replace(self, kind: str, size: Hashable, key: Hashable, value: V) -> bool:
        """Put ``value`` in place of a kept entry, without counting as a use of its size;
        False (and nothing kept) when that size or key is no longer kept."""
        entries = self._kinds[kind].get(size) if kind in self._kinds else None
        if entries is None or key not in entries:
            return False
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


class Lru(Generic[V]):
    """At most ``limit`` values; the one used longest ago goes first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._entries: OrderedDict[Hashable, V] = OrderedDict()

    def get(self, key: Hashable) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> V:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit:
            self._entries.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def clear(self) -> None:
        self._entries.clear()
