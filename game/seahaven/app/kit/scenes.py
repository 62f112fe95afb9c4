"""Scenes and the scene stack: the table at the bottom, windows (New Game, messages, the
menu, later Help, Statistics, Settings) pushed on top. Events go to the top scene; drawing
starts at the topmost scene that covers the whole window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

from seahaven.app.access.adapter import Access
from seahaven.app.kit.input import Pointer
from seahaven.app.looks.theme import Theme

if TYPE_CHECKING:
    import pygame

    from seahaven.app.looks.assets import Assets
    from seahaven.app.looks.render import Painter
    from seahaven.app.state.settings import Settings

STEP = 1 / 60
"""The fixed simulation step in seconds (the loop advances the scenes by it)."""


class App(Protocol):
    """The window as the scenes see it (:class:`seahaven.app.shell.loop.App` is it; the scenes sit
    below the loop and never import it)."""

    settings: Settings
    assets: Assets
    """The card art, icons, fonts and sounds at the sizes shown."""
    painter: Painter
    scenes: SceneStack
    time: float
    """Seconds the loop has run."""
    access: Access
    """What a screen reader reads (the accessibility tree's link to the platform)."""

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> Scene: ...

    def play_sound(self, name: str) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def reload_art(self) -> None: ...

    def quit(self) -> None: ...


class Scene:
    """One screen. ``handle`` reacts to an event, ``update`` advances time by a fixed step,
    ``draw`` paints (never changing the game) and returns the rectangles it changed, or
    None when it repainted the whole window."""

    opaque = False
    """True when the scene covers the whole window, so the scenes below need no drawing."""

    def __init__(self, app: App) -> None:
        self.app = app
        """The window (:class:`seahaven.app.shell.loop.App`, which sits above the scenes)."""
        self.dirty = True

    # -- what the loop calls ---------------------------------------------------------------
    def handle(self, event: Any) -> None:
        """React to one pygame event that is no pointer's (keys, text, a pinch)."""

    def on_pointer(self, pointer: Pointer) -> None:
        """React to the mouse or a finger (the window's one pointer reader translated it, with
        the player's double-tap time)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        """Paint; ``full`` asks for the whole window. Returns the changed rectangles or None."""
        return None

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""
        self.dirty = True

    def busy(self) -> bool:
        """True while something animates, so the loop keeps drawing frames."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until this scene next needs drawing although nothing happens (a clock
        that ticks, a message that expires), or None."""
        return None

    def needs_draw(self) -> bool:
        return self.dirty or self.busy()

    def covered(self) -> None:
        """Another scene was pushed over this one (it gets no input until uncovered)."""

    def uncovered(self) -> None:
        """The scene over this one closed: this one is on top again."""

    def interrupted(self) -> None:
        """The window lost the input focus: forget a press or drag in progress."""

    def art_changed(self) -> None:
        """The looks changed (the deck, the table or the card back): repaint with them."""
        self.dirty = True

    # -- helpers -----------------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        """The looks in force: every colour a scene draws comes from here."""
        return self.app.painter.theme

    def close(self) -> None:
        self.app.scenes.remove(self)


class SceneStack:
    """The scenes, bottom first. Pushing or popping asks every scene for a full redraw."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.changed = True

    def push(self, scene: Scene) -> Scene:
        below = self.top
        self._scenes.append(scene)
        self.changed = True
        if below is not None:
            below.covered()
        return scene

    def pop(self) -> Scene | None:
        scene = self._scenes.pop() if self._scenes else None
        self.changed = True
        if scene is not None and self.top is not None:
            self.top.uncovered()
        return scene

    def remove(self, scene: Scene) -> None:
        if scene in self._scenes:
            was_top = scene is self.top
            self._scenes.remove(scene)
            self.changed = True
            if was_top and self.top is not None:
                self.top.uncovered()

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def bottom(self) -> Scene | None:
        return self._scenes[0] if self._scenes else None

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __len__(self) -> int:
        return len(self._scenes)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        scenes = list(self._scenes)
        for i in range(len(scenes) - 1, -1, -1):
            if scenes[i].opaque:
                return scenes[i:]
        return scenes

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None
