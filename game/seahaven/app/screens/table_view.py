"""The table drawn: a view that only reads the table scene's state (the game in play, the
layout, what moves, what is held, selected or hinted) and paints it.

One cached surface holds everything at rest (felt, toolbar, status line, resting cards);
each frame paints only what moves on top of it, restoring the rectangles it covered in
the previous frame. The scene says what changed (:meth:`TableView.invalidate`,
:meth:`mark_pile`, :meth:`mark_region`); the cache is the view's own, not game state.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pygame

from seahaven.app.board.layout import Layout
from seahaven.app.board.painter import paint_pile
from seahaven.app.board.tweens import Tween
from seahaven.app.kit.scenes import STEP
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import Painter, band_shade, button_face, shared_label_px
from seahaven.app.looks.theme import Colour
from seahaven.app.screens import actions, table_peek
from seahaven.app.screens.table_api import Table
from seahaven.app.screens.table_finish import TableFinish
from seahaven.app.screens.table_keys import TableKeys
from seahaven.app.screens.table_motion import TableMotion
from seahaven.app.screens.table_pointer import TablePointer
from seahaven.app.screens.table_solver import TableSolver
from seahaven.app.screens.table_status_view import StatusPainter
from seahaven.app.text.words import table_titles
from seahaven.engine import COLUMNS, Card, Pile


class TableView:
    """The table's painter: it reads the table (through its protocol) and its parts."""

    def __init__(self, table: Table, pointer: TablePointer, keys: TableKeys, solver: TableSolver,
                 motion: TableMotion, finish: TableFinish) -> None:
        self.table = table
        """The table scene (screens/table.py), which sits above its parts."""
        self.pointer = pointer
        self.keys = keys
        self.solver = solver
        self.motion = motion
        self.finish = finish
        self.painter = table.app.painter
        self._cache: pygame.Surface | None = None
        self._cache_valid = False
        self._painted: Layout | None = None
        """The layout the cache was painted with."""
        self._regions: set[str] = set()
        self._dirty_piles: set[Pile] = set()
        self._faces: dict[object, pygame.Surface] = {}
        self._prev_rects: list[pygame.Rect] = []
        self.status = StatusPainter(table, pointer, solver, finish)
        """The status line's painter (it records where the passing sentence was painted)."""

    def use(self, painter: Painter) -> None:
        """Draw with another painter (new art or another theme): everything is repainted."""
        self.painter = painter
        self._faces.clear()
        self._cache_valid = False

    def invalidate(self) -> None:
        """Repaint the whole cache (a new size, a new deal, new art)."""
        self._cache_valid = False

    def mark_pile(self, pile: Pile) -> None:
        """``pile`` changed at rest: repaint it in the cache."""
        self._dirty_piles.add(pile)

    def mark_region(self, name: str) -> None:
        """The "toolbar" or the "status" line changed: repaint it in the cache."""
        self._regions.add(name)

    def _paint_cache(self) -> None:
        layout = self._painted = self.table.layout
        size = layout.size
        if self._cache is None or self._cache.get_size() != size:
            self._cache = self.painter.surface(size)
            self._faces.clear()  # the bands and buttons of the old size: never drawn again
        cache = self._cache
        painter = self.painter
        cache.blit(painter.felt(size), (0, 0))
        label_px = max(10, round(layout.labels[COLUMNS[0]].h * 0.9))
        for n, pile in enumerate(COLUMNS, start=1):
            text = painter.text(str(n), label_px, painter.theme.text_dim, bold=True)
            cache.blit(text, text.get_rect(center=layout.labels[pile].center))
        for pile in self.table.position.piles():
            self._paint_pile(cache, pile, clear=False)
        self._paint_toolbar(cache)
        self._paint_status(cache)
        self._cache_valid = True
        self._regions.clear()
        self._dirty_piles.clear()

    def _paint_pile(self, surface: pygame.Surface, pile: Pile, clear: bool = True) -> pygame.Rect:
        """Paint one pile at rest (its marker and the cards that are not moving) into the
        cache; returns the rectangle it covers."""
        layout, position, painter = self.table.layout, self.table.position, self.painter
        lane = layout.lanes.get(pile)
        if lane is None or not position.has_pile(pile):
            return pygame.Rect(0, 0, 0, 0)
        rect = pygame.Rect(lane)
        if clear:
            surface.blit(painter.felt(layout.size), rect, rect)
        drag = self.pointer.drag
        hidden = self.motion.floating | (set(drag.cards) if drag is not None else set())
        paint_pile(surface, painter, layout, position, pile, hidden)
        return rect

    def _paint_toolbar(self, surface: pygame.Surface) -> None:
        layout, painter = self.table.layout, self.painter
        bar = layout.toolbar
        surface.blit(self._band(bar, line_at_top=False), bar[:2])
        words = toolbar_words(painter, layout.buttons)
        for name, box in layout.buttons.items():
            pressed = self.pointer.press is not None and self.pointer.press.button == name
            enabled = actions.ACTIONS[name].enabled(self.table)
            action = actions.ACTIONS[name]
            label, label_px = words.get(name, ("", 0))
            state = (name, box, label, self.pointer.hover == name and enabled, pressed and enabled, enabled, label_px)
            face = self._faces.get(state)
            if face is None:
                face = button_face(
                    painter, box, label, hover=state[3], pressed=state[4],
                    enabled=state[5], dark=True, icon=action.icon_name, font_px=label_px or None,
                )
                if len(self._faces) > 200:
                    self._faces.clear()
                self._faces[state] = face
            surface.blit(face, box[:2])
        # the title, with the difficulty, between the two groups of buttons
        boxes = sorted(layout.buttons.values(), key=lambda box: box.x)  # the widest gap: between the two groups
        left, right = max(((a.right, b.x) for a, b in pairwise(boxes)), key=lambda gap: gap[1] - gap[0])
        daily = self.table.session.facts.daily_date(self.table.game.code)  # a daily deal says so (issue 37.8)
        for title in table_titles(self.table.position.cell_count, daily):  # the difficulty stays when the rest cannot
            text = painter.text(title, max(12, round(bar.h * 0.36)), painter.theme.text_dim)
            if text.get_width() < right - left - bar.h:
                surface.blit(text, text.get_rect(center=((left + right) // 2, bar.h // 2)))
                break

    def _band(self, box: Box, line_at_top: bool) -> pygame.Surface:
        """The toolbar's or status line's background: felt under a dark translucent band."""
        key = ("band", box, line_at_top)
        band = self._faces.get(key)
        if band is None:
            band = self.painter.surface((box.w, box.h))
            band.blit(self.painter.felt(self.table.layout.size), (0, 0), pygame.Rect(box))
            band.blit(band_shade(self.painter.theme, (box.w, box.h), line_at_top), (0, 0))
            self._faces[key] = band
        return band

    def _paint_status(self, surface: pygame.Surface) -> None:
        """The status line (its painter: :class:`~seahaven.app.screens.table_status_view.StatusPainter`)."""
        self.status.paint(surface, self.painter, self._band(self.table.layout.status, line_at_top=True))

    def _overlays(self) -> list[tuple[Box, Colour, int, bool, int]]:
        """Outlines drawn above the resting cards: selection (gold), drop targets, hint
        (blue) and the keyboard's place (thin, no glow); thicker in a high-contrast theme."""
        layout, position = self.table.layout, self.table.position
        theme = self.painter.theme
        out: list[tuple[Box, Colour, int, bool, int]] = []
        thick = theme.line(max(2, layout.card_w // 28))

        def top_box(pile: Pile, count: int = 1) -> Box:
            cards = position.cards(pile) if position.has_pile(pile) else ()
            if not cards:
                return layout.piles[pile]
            first = layout.card_box(pile, max(0, len(cards) - count), len(cards))
            last = layout.card_box(pile, len(cards) - 1, len(cards))
            return Box(first.x, first.y, first.w, last.bottom - first.y)

        if self.pointer.drag is not None:
            # where the cards may go: a light outline; where they would go now: a thick
            # outline with a glow and a tint, plain to see on the felt and on a card
            for pile in self.pointer.drag.destinations:
                if pile != self.pointer.drag.target:
                    out.append((top_box(pile), theme.legal, max(2, thick // 2 + 1), False, 40))
            target = self.pointer.drag.target
            if target is not None and target in self.pointer.drag.destinations:
                target_w = max(4, round(layout.card_w / 14 * theme.outline_scale))
                out.append((top_box(target), theme.selection, target_w, True, 90))
        if self.table.hand.selection is not None and position.has_pile(self.table.hand.selection.pile):
            selection = self.table.hand.selection
            out.append((top_box(selection.pile, selection.count), theme.selection, thick, True, 0))
        if self.table.hint is not None:
            move = self.table.hint[0]
            out.append((top_box(move.source, move.size), theme.hint, thick, True, 0))
            out.append((top_box(move.dest), theme.hint, thick, True, 0))
        for pile in self.motion.flashed:  # reduce motion: where cards went at once, briefly
            if position.has_pile(pile):
                out.append((top_box(pile), theme.selection, thick, False, 60))
        if self.keys.focus_visible() and position.has_pile(self.keys.focus):
            box = top_box(self.keys.focus)
            pad = thick * 2 + 2
            ring = Box(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad)
            out.append((ring, theme.key_focus, max(2, thick // 2 + 1), False, 0))
        return out

    def _sprites(self, alpha: float) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """What is drawn above the cache this frame, bottom first."""
        layout, painter = self.table.layout, self.painter
        w, h = layout.card_size
        now = self.motion.tweens.now + alpha * STEP
        sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for box, colour, width, glow, fill in self._overlays():
            surf = painter.outline(box.w, box.h, colour, width, layout.radius, glow, fill)
            sprites.append((surf, (box.x - width * 2, box.y - width * 2)))
        if self.motion.floating:
            boxes = layout.card_boxes(self.table.position)
            started: list[tuple[Card, tuple[int, int], Tween | None]] = []
            waiting: list[tuple[Card, tuple[int, int], Tween]] = []
            for card in self.motion.floating:
                where = self.motion.tweens.where(card, now)
                rest = boxes.get(card)
                if rest is None:
                    continue
                tween = self.motion.tweens.tween(card)
                if where is None:
                    where = (float(rest.x), float(rest.y))
                dx = self.motion.tweens.shake_offset(card, now)
                pos = (round(where[0] + dx), round(where[1]))
                if tween is not None and tween.begin > now:
                    waiting.append((card, pos, tween))
                else:
                    started.append((card, pos, tween))
            pile_order = {p: i for i, p in enumerate(self.table.position.piles())}

            def z(entry: Any) -> tuple[int, int, int]:
                card, _pos, tween = entry
                found = self.table.position.find(card)
                pile_z = pile_order.get(found[0], 0) if found else 0
                return (1 if tween is not None and tween.lifted else 0, found[1] if found else 0, pile_z)

            started.sort(key=z)
            shadow, spread = painter.shadow(w, h)
            for card, pos, tween in started:
                if tween is not None and tween.lifted:
                    sprites.append((shadow, (pos[0] - spread + spread // 3, pos[1] - spread + spread // 2)))
                sprites.append((painter.card(card, w, h, quick=True), pos))
            if waiting:  # the deck still to be dealt, face down: only its top card shows
                waiting.sort(key=lambda e: e[2].begin)
                _card, pos, _tween = waiting[0]
                sprites.append((painter.back(w, h), pos))
        if self.pointer.drag is not None:
            held = self.pointer.board.drag_boxes()
            shadow, spread = painter.shadow(w, h + held[-1].y - held[0].y)
            lift = self.pointer.board.lift_offset()
            sprites.append((shadow, (held[0].x - spread + lift, held[0].y - spread + lift * 2)))
            for card, place in zip(self.pointer.drag.cards, held):
                sprites.append((painter.card(card, w, h, quick=True), (place.x - lift, place.y - lift)))
        peek = table_peek.peeked(self.table.position, layout, self.pointer.board.peek, self.keys.peeking)
        if peek is not None:
            sprites.extend(table_peek.peek_sprites(painter, layout, *peek))
        if self.pointer.hover and self.pointer.tooltip_shown and self.pointer.press is None:
            sprites.append(self._tooltip())
        return sprites

    def _tooltip(self) -> tuple[pygame.Surface, tuple[int, int]]:
        layout, painter = self.table.layout, self.painter
        assert self.pointer.hover is not None
        box = layout.buttons[self.pointer.hover]
        px = max(12, round(layout.toolbar.h * 0.3))
        text = painter.text(actions.ACTIONS[self.pointer.hover].tooltip_text(), px, painter.theme.tooltip_text)
        pad = px // 2
        surf = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*painter.theme.tooltip, 245), surf.get_rect(), border_radius=pad // 2 + 2)
        surf.blit(text, (pad, pad // 2))
        x = min(max(2, box.x + box.w // 2 - surf.get_width() // 2), layout.size[0] - surf.get_width() - 2)
        return surf, (x, box.bottom + pad // 2)

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        layout = self.table.layout
        if not self._cache_valid or self._cache is None or (layout is not self._painted and layout != self._painted):
            self._paint_cache()  # a new size, deal or art; or a long column changed the layout
            full = True
        cache = self._cache
        assert cache is not None
        changed: list[pygame.Rect] = []
        for pile in self._dirty_piles:
            changed.append(self._paint_pile(cache, pile))
        self._dirty_piles.clear()
        for name in self._regions:
            if name == "toolbar":
                self._paint_toolbar(cache)
                changed.append(pygame.Rect(self.table.layout.toolbar))
            elif name == "status":
                self._paint_status(cache)
                changed.append(pygame.Rect(self.table.layout.status))
        self._regions.clear()
        if self.motion.cascade is not None:
            return self._draw_cascade(surface, full, changed)
        sprites = self._sprites(alpha)
        if full or surface.get_size() != cache.get_size():
            surface.blit(cache, (0, 0))
            rects = [surface.blit(s, pos) for s, pos in sprites]
            self._prev_rects = rects
            return None
        dirty = self._prev_rects + changed
        for rect in dirty:
            surface.blit(cache, rect, rect)
        rects = [surface.blit(s, pos) for s, pos in sprites]
        self._prev_rects = rects
        return _merge(dirty + rects)

    def _draw_cascade(self, surface: pygame.Surface, full: bool,
                      changed: list[pygame.Rect]) -> list[pygame.Rect] | None:
        cascade = self.motion.cascade
        assert cascade is not None and self._cache is not None
        # the cards leave trails: they are painted over what the window already shows; the
        # bands (the status line says a tap skips the cascade) come from the cache
        layout = self.table.layout
        w, h = layout.card_size
        if full:
            surface.blit(self._cache, (0, 0))
        else:
            for rect in changed:
                surface.blit(self._cache, rect, rect)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, layout.toolbar.bottom, layout.size[0], layout.status.y - layout.toolbar.bottom))
        rects = [surface.blit(self.painter.card(b.key, w, h, quick=True), (round(b.x), round(b.y)))  # type: ignore[arg-type]
                 for b in cascade.flying()]
        surface.set_clip(clip)
        self._prev_rects = []
        return None if full else [r for r in rects + changed if r.w and r.h]


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


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Fewer, larger rectangles: overlapping ones are joined."""
    out: list[pygame.Rect] = []
    for rect in sorted((r for r in rects if r.w > 0 and r.h > 0), key=lambda r: (r.y, r.x)):
        for i, other in enumerate(out):
            if rect.colliderect(other):
                out[i] = other.union(rect)
                break
        else:
            out.append(pygame.Rect(rect))
    return out
