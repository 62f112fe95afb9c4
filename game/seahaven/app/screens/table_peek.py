"""What a peek shows above the table: the card pressed and held (or right-clicked), or the
focused pile's cards (the peek key), whole and enlarged, until let go. Only drawing: the
pointer's machine owns a pointer's peek, the keyboard its own (``TableKeys.peeking``)."""

from __future__ import annotations

import pygame

from seahaven.app.board.layout import Layout, peek_boxes
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import Painter
from seahaven.engine import Card, Pile, Position


def peeked(position: Position, layout: Layout, pointer_peek: tuple[Pile, int] | None,
           key_peek: Pile | None) -> tuple[list[Card], Box] | None:
    """The cards a peek shows and the box it is centred on (None: no peek)."""
    if pointer_peek is not None and position.has_pile(pointer_peek[0]):
        pile, index = pointer_peek
        cards = position.cards(pile)
        if index < len(cards):
            return [cards[index]], layout.card_box(pile, index, len(cards))
    if key_peek is not None and position.has_pile(key_peek):
        cards = position.cards(key_peek)
        if cards:
            first = layout.card_box(key_peek, 0, len(cards))
            last = layout.card_box(key_peek, len(cards) - 1, len(cards))
            return list(cards), Box(first.x, first.y, first.w, last.bottom - first.y)
    return None


def peek_sprites(painter: Painter, layout: Layout, cards: list[Card], around: Box,
                 ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """Each card's shadow and enlarged face, in the pile's order."""
    sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
    boxes = peek_boxes(layout, len(cards), around)
    for card, box in zip(cards, boxes, strict=True):
        shadow, spread = painter.shadow(box.w, box.h)
        sprites.append((shadow, (box.x - spread + spread // 3, box.y - spread + spread // 2)))
        sprites.append((painter.peek_card(card, box.w, box.h), (box.x, box.y)))
    return sprites
