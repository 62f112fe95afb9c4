"""Ids of their own for every window that opens over the table.

AccessKit (and every platform API under it) takes a node id to stand for one object for as
long as the tree lives. Windows that reused one id for their root and their controls were
heard as the old window changing ("Event is from defunct source"), so only the first was
announced (issue 41). Here each window or screen that comes on top gets a fresh block of
ids: its root is ``base + SCENE`` and its controls ``base + SCENE_ITEM_BASE + i``, with the
offsets of :mod:`seahaven.app.access.tree`; the table's own ids stay below
:data:`WINDOW_SPAN`.
"""

from __future__ import annotations

WINDOW_SPAN = 1_000_000
"""Ids a window may use (the offsets of tree.py's scene nodes stay below it)."""


class WindowIds:
    """Which window is on top and the base of its ids: a new one for each window that comes
    on top (a window uncovered again is announced again, as a reader expects of a window
    that takes the focus back)."""

    def __init__(self) -> None:
        self._window: object = None
        self._serial = 0

    def base(self, window: object) -> int:
        """The base of ``window``'s ids (None: the table is on top, base 0)."""
        if window is None:
            self._window = None
            return 0
        if window is not self._window:
            self._window = window
            self._serial += 1
        return self._serial * WINDOW_SPAN

    def offset(self, node: int) -> int:
        """A node id of the window on top, less its base (-1: not one of its nodes)."""
        base = self._serial * WINDOW_SPAN
        if self._window is None or not base <= node < base + WINDOW_SPAN:
            return -1
        return node - base
