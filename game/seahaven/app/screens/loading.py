"""The window while a long saved game is read: the felt and one line saying so. The game
is read on a worker thread (:func:`seahaven.app.shell.launch.open_game`), so the window opens at
once and answers (it can be closed, moved, resized) whatever the length of the game."""

from __future__ import annotations

from typing import Any

import pygame

from seahaven.app.kit.scenes import Scene


class Loading(Scene):
    opaque = True

    def __init__(self, app: Any, text: str) -> None:
        super().__init__(app)
        self.text = text

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        size = surface.get_size()
        surface.blit(self.app.painter.felt(size), (0, 0))
        line = self.app.painter.text(self.text, max(14, min(size) // 30), self.app.painter.theme.text)
        surface.blit(line, line.get_rect(center=(size[0] // 2, size[1] // 2)))
        return None
