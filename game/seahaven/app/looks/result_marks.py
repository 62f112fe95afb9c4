"""How a game's result is marked in the graphs, the daily calendar and the history: by a
shape or a pattern as well as by its colour, so that a player who cannot tell the colours
apart (some colour-blind players cannot tell the theme's yellow from its orange at all)
still tells a win from a win with help (issue 37.2).

    won            a solid bar; a round dot
    won with help  a striped bar; a diamond
    not won        a hollow bar; a ring

Every mark and its key in a legend come from here, so the graph, its key, the calendar and
the history cannot disagree. The colours are the theme's (:func:`result_colour`).
"""

from __future__ import annotations

import pygame

from seahaven.app.looks.theme import Colour, Theme

WON, HELPED, LOST = "won", "helped", "lost"
"""The results a mark tells apart ("lost": any game not won; the calendar's "played")."""
RESULTS = (WON, HELPED, LOST)


def result_colour(theme: Theme, result: str) -> Colour:
    """The theme's colour of a result: a win in the selection's gold, a win with help in the
    warning's orange, a game not won in the quiet text colour."""
    return {WON: theme.selection, HELPED: theme.warn}.get(result, theme.text_dim)


def stripe_width(size: int) -> int:
    """The height of one stripe of a striped bar drawn beside text of ``size`` pixels."""
    return max(2, round(size / 6))


def paint_bar(surface: pygame.Surface, theme: Theme, result: str, rect: pygame.Rect, size: int) -> None:
    """A bar (or a key's swatch) of ``result``: solid for a win, striped across for a win with
    help (stripes ``stripe_width(size)`` high, with gaps as high: readable on a bar one pixel
    wide), hollow for a game not won (solid where it is too thin to be hollow)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    colour = result_colour(theme, result)
    if result == WON:
        pygame.draw.rect(surface, colour, rect)
    elif result == HELPED:
        stripe = stripe_width(size)
        for y in range(rect.bottom - stripe, rect.y - stripe, -2 * stripe):  # from the foot up
            band = pygame.Rect(rect.x, y, rect.w, stripe).clip(rect)
            pygame.draw.rect(surface, colour, band)
        if rect.w >= 4:
            pygame.draw.rect(surface, colour, rect, width=1)
    else:
        edge = max(1, size // 10)
        pygame.draw.rect(surface, colour, rect, width=edge if rect.w > 2 * edge + 1 else 0)


def paint_dot(surface: pygame.Surface, theme: Theme, result: str, centre: tuple[int, int], radius: int) -> None:
    """A dot of ``result`` (the daily calendar, the history): a round dot for a win, a
    diamond for a win with help, a ring for a game played and not won."""
    colour = result_colour(theme, result)
    if result == HELPED:
        x, y = centre
        r = radius + max(1, radius // 4)  # a diamond as heavy to the eye as the round dot
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif result == WON:
        pygame.draw.circle(surface, colour, centre, radius)
    else:
        pygame.draw.circle(surface, colour, centre, radius, max(1, radius // 3))
