"""The board drawn: the one painter of cards on a board, whatever view embeds it (the table,
Help's example, the replay and review).

Two parts: the picture at rest (the felt of the board's area, the column numbers, every pile
with its marker and its cards but those that move or are held), which the board caches and
repaints pile by pile; and the sprites drawn above it each frame (the marks, the cards in
flight, the cards held under the pointer, a peek). Every function here only reads: the
board says what to draw.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pygame

from seahaven.app.board.layout import Layout, peek_boxes
from seahaven.app.board.marks import Outline, Style
from seahaven.app.board.tweens import Cascade, Point, Tween, Tweens
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import Painter
from seahaven.app.looks.theme import Colour, Theme
from seahaven.engine import COLUMNS, SUITS, Card, Pile, Position

Sprite = tuple[pygame.Surface, tuple[int, int]]
"""A picture and where its top-left corner goes."""
PULSE_S = 1.2
"""One breath of a hint's pulse."""
PULSE_STEPS = 6
"""The pulse's looks (each drawn once and kept)."""


def paint_rest(surface: pygame.Surface, painter: Painter, layout: Layout, position: Position,
               hidden: set[Card] | frozenset[Card]) -> None:
    """The board at rest: its felt, the column numbers and every pile but the ``hidden``
    cards (moving or held)."""
    area = layout.area
    surface.blit(painter.felt(layout.size), area[:2])
    label_px = max(10, round(layout.labels[COLUMNS[0]].h * 0.9))
    for n, pile in enumerate(COLUMNS, start=1):
        text = painter.text(str(n), label_px, painter.theme.text_dim, bold=True)
        surface.blit(text, text.get_rect(center=layout.labels[pile].center))
    for pile in position.piles():
        if pile in layout.piles:
            paint_pile(surface, painter, layout, position, pile, hidden)


def repaint_pile(surface: pygame.Surface, painter: Painter, layout: Layout, position: Position, pile: Pile,
                 hidden: set[Card] | frozenset[Card]) -> pygame.Rect:
    """One pile at rest painted again over its own felt; the rectangle it covers."""
    lane = layout.lanes.get(pile)
    if lane is None or not position.has_pile(pile):
        return pygame.Rect(0, 0, 0, 0)
    rect = pygame.Rect(lane)
    area = layout.area
    surface.blit(painter.felt(layout.size), rect, rect.move(-area.x, -area.y))
    paint_pile(surface, painter, layout, position, pile, hidden)
    return rect


def paint_pile(surface: pygame.Surface, painter: Painter, layout: Layout, position: Position, pile: Pile,
               hidden: set[Card] | frozenset[Card]) -> None:
    """One pile at rest on ``surface``: its marker, then its cards but the ``hidden`` ones
    (moving or held); a foundation shows its highest card not hidden."""
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


def _style(theme: Theme, layout: Layout, style: Style, phase: int) -> tuple[Colour, int, bool, int]:
    """(colour, line width, glow, fill) of a mark's outline; thicker in a high-contrast
    theme, and for a move to make thick enough to be seen at once on a large screen."""
    thick = theme.line(max(2, layout.card_w // 28))
    if style in (Style.HINT, Style.MARKED):
        width = theme.line(max(3, layout.card_w // 16))
        breath = (math.sin(phase / PULSE_STEPS * 2 * math.pi) + 1) / 2 if style is Style.HINT else 0.5
        return theme.hint, width, True, round(24 + 44 * breath)
    if style is Style.SELECTED:
        return theme.selection, thick, True, 0
    if style is Style.TARGET:
        return theme.selection, max(4, round(layout.card_w / 14 * theme.outline_scale)), True, 90
    if style is Style.LEGAL:
        return theme.legal, max(2, thick // 2 + 1), False, 40
    if style is Style.FLASH:
        return theme.selection, thick, False, 60
    return theme.key_focus, max(2, thick // 2 + 1), False, 0


def pulse_phase(now: float, moving: bool) -> int:
    """Which of the pulse's looks a hint shows at ``now`` (a steady one when motion is off)."""
    if not moving:
        return PULSE_STEPS // 4
    return int((now % PULSE_S) / PULSE_S * PULSE_STEPS) % PULSE_STEPS


def outline_sprites(painter: Painter, layout: Layout, shapes: Iterable[Outline], phase: int) -> list[Sprite]:
    """The marks' outlines and arrows, in the order given."""
    theme = painter.theme
    sprites: list[Sprite] = []
    for shape in shapes:
        colour, width, glow, fill = _style(theme, layout, shape.style, phase)
        if shape.to is not None:
            start, end = shape.box.center, shape.to.center
            if start == end:
                continue
            line = max(3, width)
            surf, at = painter.arrow(end[0] - start[0], end[1] - start[1], colour, line)
            sprites.append((surf, (start[0] - at[0], start[1] - at[1])))
            continue
        box = shape.box
        if shape.ring:
            pad = width * 2 + 2
            box = Box(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad)
        surf = painter.outline(box.w, box.h, colour, width, layout.radius, glow, fill)
        sprites.append((surf, (box.x - width * 2, box.y - width * 2)))
    return sprites


def flying_sprites(painter: Painter, layout: Layout, position: Position, floating: set[Card], tweens: Tweens[Card],
                   now: float) -> list[Sprite]:
    """The cards in flight (a glide, a shake, the deal), lifted ones on top with their
    shadow; the deck still to deal shows only its top card, face down."""
    w, h = layout.card_size
    rests = layout.rest_points(position)
    started: list[tuple[Card, tuple[int, int], Tween | None]] = []
    waiting: list[tuple[Card, tuple[int, int], Tween]] = []
    for card in floating:
        rest = rests.get(card)
        if rest is None:
            continue
        where: Point | None = tweens.where(card, now)
        if where is None:
            where = rest
        tween = tweens.tween(card)
        pos = (round(where[0] + tweens.shake_offset(card, now)), round(where[1]))
        if tween is not None and tween.begin > now and tween.dealt:  # the deck still to deal
            waiting.append((card, pos, tween))
        else:
            started.append((card, pos, tween))
    pile_order = {p: i for i, p in enumerate(position.piles())}

    def z(entry: tuple[Card, tuple[int, int], Tween | None]) -> tuple[int, int, int]:
        card, _pos, tween = entry
        found = position.find(card)
        pile_z = pile_order.get(found[0], 0) if found else 0
        return (1 if tween is not None and tween.lifted else 0, found[1] if found else 0, pile_z)

    started.sort(key=z)
    sprites: list[Sprite] = []
    shadow, spread = painter.shadow(w, h)
    for card, pos, tween in started:
        if tween is not None and tween.lifted:
            sprites.append((shadow, (pos[0] - spread + spread // 3, pos[1] - spread + spread // 2)))
        sprites.append((painter.card(card, w, h, quick=True), pos))
    if waiting:
        waiting.sort(key=lambda entry: entry[2].begin)
        sprites.append((painter.back(w, h), waiting[0][1]))
    return sprites


def held_sprites(painter: Painter, layout: Layout, cards: tuple[Card, ...], boxes: list[Box],
                 lift: int) -> list[Sprite]:
    """The cards held under the pointer, lifted a little above their shadow."""
    if not cards:
        return []
    w, h = layout.card_size
    shadow, spread = painter.shadow(w, h + boxes[-1].y - boxes[0].y)
    sprites: list[Sprite] = [(shadow, (boxes[0].x - spread + lift, boxes[0].y - spread + lift * 2))]
    sprites.extend((painter.card(card, w, h, quick=True), (box.x - lift, box.y - lift))
                   for card, box in zip(cards, boxes))
    return sprites


def peek_sprites(painter: Painter, layout: Layout, cards: list[Card], around: Box) -> list[Sprite]:
    """A peek: each card's shadow and enlarged face, in the pile's order."""
    sprites: list[Sprite] = []
    for card, box in zip(cards, peek_boxes(layout, len(cards), around), strict=True):
        shadow, spread = painter.shadow(box.w, box.h)
        sprites.append((shadow, (box.x - spread + spread // 3, box.y - spread + spread // 2)))
        sprites.append((painter.peek_card(card, box.w, box.h), (box.x, box.y)))
    return sprites


def cascade_sprites(painter: Painter, layout: Layout, cascade: Cascade) -> list[Sprite]:
    """The win cascade's cards where they are now (they leave trails: drawn over what the
    window shows, never restored)."""
    w, h = layout.card_size
    sprites: list[Sprite] = []
    for bouncer in cascade.flying():
        card: Any = bouncer.key
        sprites.append((painter.card(card, w, h, quick=True), (round(bouncer.x), round(bouncer.y))))
    return sprites
