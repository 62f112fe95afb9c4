"""Which scene is in view: the top scene of the stack while the window is on the screen
(not minimised or hidden, as SDL's window events say). The one place this is derived, once
a frame by the loop; a scene's watcher hears each change (the table's clock stands while
the table is out of view: issue 25, item 3)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from seahaven.app.kit.scenes import Scene, SceneStack

HIDING_EVENTS = frozenset(
    getattr(pygame, name) for name in ("WINDOWMINIMIZED", "WINDOWHIDDEN") if hasattr(pygame, name)
)
SHOWING_EVENTS = frozenset(
    getattr(pygame, name) for name in ("WINDOWRESTORED", "WINDOWSHOWN", "WINDOWMAXIMIZED", "WINDOWEXPOSED")
    if hasattr(pygame, name)
)
"""Window events after which the window is off the screen (minimised, hidden), or on it again."""


class InView:
    """Whether the window is on the screen, and who is told when a watched scene comes into
    view or goes out of it."""

    def __init__(self, scenes: SceneStack) -> None:
        self.scenes = scenes
        self.shown = True
        """The window is on the screen (not minimised or hidden)."""
        self._watchers: list[tuple[Scene, Callable[[bool], None]]] = []
        self._seen: tuple[Scene | None, bool] | None = None

    def watch(self, scene: Scene, hook: Callable[[bool], None]) -> None:
        """Call ``hook(in_view)`` whenever ``scene`` comes into view or goes out of it: in
        view while it is the top scene (nothing covers it, it has the input) and the window
        is on the screen."""
        self._watchers.append((scene, hook))
        self._seen = None

    def window_event(self, etype: int) -> bool:
        """Follow a window event; True for one that hides the window (nothing more to do)."""
        if etype in HIDING_EVENTS:
            self.shown = False
            return True
        if etype in SHOWING_EVENTS:
            self.shown = True
        return False

    def tell(self) -> None:
        """Tell the watchers of any change since the last time."""
        seen = (self.scenes.top, self.shown)
        if seen == self._seen:
            return
        self._seen = seen
        for scene, hook in list(self._watchers):
            hook(self.shown and scene is seen[0])
