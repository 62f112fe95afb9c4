"""The board drawn: the piles at rest, with their markers and cards."""

from __future__ import annotations

import pygame

from seahaven.app.board.layout import Layout
from seahaven.app.looks.render import Painter
from seahaven.engine import SUITS, Card, Pile, Position


def paint_pile(surface: pygame.Surface, painter: Painter, layout: Layout, position: Position, pile: Pile,
               hidden: set[Card] | frozenset[Card]) -> None:
    """One pile at rest on ``surface``: its marker, then its cards but the ``hidden`` ones
    (moving or held); a foundation shows its highest card not hidden. The table's view and
    the replay paint their piles with it."""
    w, h = layout.card_size
    slot = layout.piles[pile]
    kind = "cell" if pile.is_cell else "column" if pile.is_column else f"found-{pile.key}"
    surface.blit(painter.marker(kind, w, h, quick=True), slot[:2])
    if pile.is_foundation:
        s = SUITS.index(str(pile.key))
        rank = position.foundations[s]
        while rank > 0 and Card(rank, SUITS[s]) in hidden:
            rank -= 1
        if rank:
            surface.blit(painter.card(Card(rank, SUITS[s]), w, h, quick=True), slot[:2])
        return
    for card, box in layout.pile_cards(position, pile):
        if card not in hidden:
            surface.blit(painter.card(card, w, h, quick=True), box[:2])
