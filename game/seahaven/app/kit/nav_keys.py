"""The one key map of every window and screen: a key to what it asks for."""

from __future__ import annotations

from typing import Any

import pygame

NAV_KEYS: dict[int, str] = {
    pygame.K_ESCAPE: "close", pygame.K_BACKSPACE: "back", pygame.K_TAB: "next",
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "press", pygame.K_KP_ENTER: "press", pygame.K_SPACE: "press",
    pygame.K_PAGEUP: "page_up", pygame.K_PAGEDOWN: "page_down", pygame.K_HOME: "home", pygame.K_END: "end",
    pygame.K_F1: "help", pygame.K_F11: "fullscreen",
}
"""A key to what it asks for. Each kind of scene answers the intents it has a use for (a
window's Up is the previous control, a screen's scrolls a page without controls)."""


def nav(event: Any) -> str | None:
    """What a key asks of a window or screen ("close", "next", "previous", "press"...)."""
    intent = NAV_KEYS.get(event.key)
    if intent == "next" and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
        return "previous"
    return intent
