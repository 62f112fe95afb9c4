"""The table's toolbar (and the other words a tap acts on: the status line's Finish and lost
sentence): which button the pointer is on, the press held on one (the widget kit's press
machine, as in every window), the tooltip once the pointer rests, and the painting of the
bar. The buttons are the actions' (``actions.ACTIONS``), placed by the layout."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pygame

from seahaven.app.board.layout import Layout
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.press import Presses
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import Painter, band_shade, button_face, shared_label_px
from seahaven.app.screens.table import actions
from seahaven.app.text.words import table_titles

TOOLTIP_DELAY_S = 0.6
"""Seconds the pointer rests on a toolbar button before its tooltip shows."""
Sprite = tuple[pygame.Surface, tuple[int, int]]


class Toolbar:
    """The press and hover on the table's buttons, and their picture."""

    def __init__(self, at: Callable[[tuple[float, float]], str | None], clock: Callable[[], float]) -> None:
        self.at = at
        """The button under a point (a toolbar button, "finish" or "lost"), or None."""
        self._clock = clock
        self.presses: Presses[str] = Presses()
        self.hover: str | None = None
        self.hover_since = 0.0
        self.tooltip_shown = False
        self._faces: dict[object, pygame.Surface] = {}

    # -- the pointer ---------------------------------------------------------------------------
    @property
    def pressed(self) -> str | None:
        """The button a press is held on (drawn pressed), or None."""
        return self.presses.pressed

    def feed(self, pointer: Pointer) -> str | None:
        """A pointer event of a press that went down on a button: the button it activates (the
        release on the button it went down on), else None."""
        outcome = self.presses.feed(pointer, self.at(pointer.pos))
        if outcome is not None and outcome.kind == "activate":
            return outcome.target
        return None

    def point(self, pointer: Pointer, layout: Layout) -> bool:
        """The mouse moved with no press: which toolbar button it rests on; True when that changed."""
        name = None if pointer.touch else layout.button_at(*pointer.pos)
        if name == self.hover:
            return False
        self.set_hover(name)
        return True

    def set_hover(self, name: str | None) -> None:
        self.hover = name
        self.hover_since = self._clock()
        self.tooltip_shown = False

    def tooltip_due(self) -> float | None:
        """When the tooltip of the button the pointer rests on shows (None: no such wait)."""
        return self.hover_since + TOOLTIP_DELAY_S if self.hover and not self.tooltip_shown else None

    def forget(self) -> None:
        """A window opened over the table, or the window lost the focus: no press, no hover."""
        self.presses.reset()
        self.hover = None
        self.tooltip_shown = False

    # -- the picture --------------------------------------------------------------------------
    def band(self, painter: Painter, layout: Layout, box: Box, line_at_top: bool) -> pygame.Surface:
        """The toolbar's or status line's background: felt under a dark translucent band."""
        key = ("band", box, line_at_top, id(painter))
        band = self._faces.get(key)
        if band is None:
            band = painter.surface((box.w, box.h))
            band.blit(painter.felt(layout.size), (0, 0), pygame.Rect(box))
            band.blit(band_shade(painter.theme, (box.w, box.h), line_at_top), (0, 0))
            self._keep(key, band)
        return band

    def _keep(self, key: object, face: pygame.Surface) -> None:
        if len(self._faces) > 200:
            self._faces.clear()
        self._faces[key] = face

    def paint(self, surface: pygame.Surface, painter: Painter, layout: Layout, enabled: Callable[[str], bool],
              cells: int, daily: str | None = None) -> pygame.Rect:
        """The bar, its buttons (hovered, pressed, greyed) and, between the two groups, the
        game's name and difficulty (``daily``: the date of the daily deal it is, said too);
        the rectangle painted."""
        bar = layout.toolbar
        surface.blit(self.band(painter, layout, bar, line_at_top=False), bar[:2])
        words = toolbar_words(painter, layout.buttons)
        for name, box in layout.buttons.items():
            action = actions.ACTIONS[name]
            on = enabled(name)
            label, label_px = words.get(name, ("", 0))
            state = (name, box, label, self.hover == name and on, self.pressed == name and on, on, label_px,
                     id(painter))
            face = self._faces.get(state)
            if face is None:
                face = button_face(painter, box, label, hover=state[3], pressed=state[4], enabled=on, dark=True,
                                   icon=action.icon_name, font_px=label_px or None)
                self._keep(state, face)
            surface.blit(face, box[:2])
        boxes = sorted(layout.buttons.values(), key=lambda box: box.x)  # the widest gap: between the two groups
        left, right = max(((a.right, b.x) for a, b in pairwise(boxes)), key=lambda gap: gap[1] - gap[0])
        for title in table_titles(cells, daily):  # a daily deal says so (issue 37.8); the difficulty stays last
            text = painter.text(title, max(12, round(bar.h * 0.36)), painter.theme.text_dim)
            if text.get_width() < right - left - bar.h:
                surface.blit(text, text.get_rect(center=((left + right) // 2, bar.h // 2)))
                break
        return pygame.Rect(bar)

    def tooltip(self, painter: Painter, layout: Layout) -> Sprite | None:
        """The tooltip of the button the pointer rests on, once it shows (None otherwise)."""
        name = self.hover
        if name is None or not self.tooltip_shown or self.presses.held or name not in layout.buttons:
            return None
        box = layout.buttons[name]
        px = max(12, round(layout.toolbar.h * 0.3))
        text = painter.text(actions.ACTIONS[name].tooltip_text(), px, painter.theme.tooltip_text)
        pad = px // 2
        surf = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*painter.theme.tooltip, 245), surf.get_rect(), border_radius=pad // 2 + 2)
        surf.blit(text, (pad, pad // 2))
        x = min(max(2, box.x + box.w // 2 - surf.get_width() // 2), layout.size[0] - surf.get_width() - 2)
        return surf, (x, box.bottom + pad // 2)


def toolbar_words(painter: Painter, buttons: dict[str, Box]) -> dict[str, tuple[str, int]]:
    """The word and its size on each toolbar button with a short word: every word at one
    size when all of them fit beside their icons, otherwise none (every button its icon,
    its tooltip the words), so that no button loses its word while the others keep theirs."""
    new = buttons.get("new")
    if new is None or new.w <= new.h * 1.5:
        return {}
    labelled = {name: (box, actions.ACTIONS[name].button_text()) for name, box in buttons.items()
                if actions.ACTIONS[name].short}
    px = shared_label_px(painter, list(labelled.values()))
    if not px:
        return {}
    return {name: (label, px) for name, (_box, label) in labelled.items()}
