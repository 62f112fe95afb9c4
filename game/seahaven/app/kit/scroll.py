"""A screen's page taller than its window: the scroll bar, and the strip at its foot with
the "More below" button (geometry and painting; the screen owns the scroll)."""

from __future__ import annotations

import pygame

from seahaven.app.looks.theme import Theme
from seahaven.i18n import N_, _

# Translators: a small note at the bottom of a scrolled page: there is more to read below. About 15 characters.
MORE = N_("More below")


def scrollbar(size: tuple[int, int], view: pygame.Rect, scroll: int, max_scroll: int, content_height: int,
              u: int) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The scroll bar's track and thumb, when the page is taller than the window."""
    if max_scroll <= 0:
        return None
    w = max(8, u // 2)
    track = pygame.Rect(size[0] - w - 3, view.y + 4, w, view.h - 8)
    thumb_h = max(2 * u, int(track.h * view.h / max(1, content_height + u)))
    travel = track.h - thumb_h
    top = track.y + int(travel * scroll / max(1, max_scroll))
    return track, pygame.Rect(track.x, top, w, thumb_h)


def paint_scrollbar(surface: pygame.Surface, theme: Theme, bar: tuple[pygame.Rect, pygame.Rect] | None) -> None:
    if bar is None:
        return
    track, thumb = bar
    pygame.draw.rect(surface, theme.band, track, border_radius=track.w // 2)
    pygame.draw.rect(surface, theme.text_dim, thumb, border_radius=track.w // 2)


def footer_height(u: int) -> int:
    """The strip under a page that scrolls, where "More below" sits: the button never
    covers the page's text."""
    return round(1.8 * u) + u


def more_rect(font: pygame.font.Font, size: tuple[int, int], view: pygame.Rect, u: int) -> pygame.Rect:
    """The "More below" button (``font``: the button's): centred in the strip below the page."""
    w = font.size(_(MORE))[0] + 3 * u
    h = round(1.8 * u)
    footer_top = view.bottom
    return pygame.Rect((size[0] - w) // 2, footer_top + (size[1] - footer_top - h) // 2, w, h)


def paint_more(surface: pygame.Surface, theme: Theme, font: pygame.font.Font, size: tuple[int, int],
               view: pygame.Rect, u: int, more: pygame.Rect | None) -> None:
    """Below a page that scrolls: its own strip, and in it, while the page goes on, a
    button that scrolls down a page."""
    if view.bottom >= size[1]:
        return
    footer = pygame.Rect(0, view.bottom, size[0], size[1] - view.bottom)
    pygame.draw.rect(surface, theme.band, footer)
    pygame.draw.line(surface, theme.band_line, footer.topleft, (footer.right, footer.y), max(1, u // 12))
    if more is None:
        return
    rect = more
    pygame.draw.rect(surface, theme.button_on, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, theme.button_on_edge, rect, width=max(1, u // 12), border_radius=rect.h // 2)
    words = font.render(_(MORE), True, theme.button_text)
    x = rect.x + (rect.w - words.get_width() - u) // 2
    surface.blit(words, (x + u, rect.centery - words.get_height() // 2))
    cx, cy, r = x + u // 3, rect.centery, max(4, u // 3)
    pygame.draw.polygon(surface, theme.button_text,
                        [(cx - r, cy - r // 2), (cx + r, cy - r // 2), (cx, cy + r * 2 // 3)])
