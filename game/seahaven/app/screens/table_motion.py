"""The table's animation: the cards gliding to where the engine put them, the deal, the
shake of a refused lift and the win cascade.

It listens to the game in play (``CurrentGame``'s events, right after the table has
reset what the change voids): a new deal is dealt from a deck,
a move, undo, redo or restart glides every card from where it was drawn. Animation is
display only: the engine's position is final before anything moves. Each animation says
what follows it with ``then``: once the last card is still (each tween's
``on_finished``), the table is told (:meth:`Table.cards_still`) and looks at the game (a
win, a stuck game, a question for the solver). Nothing polls a flag for it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from seahaven.app.board import tweens as animation
from seahaven.app.board.tweens import Cascade, Tweens
from seahaven.app.screens.table_api import Snapshot, Table
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent
from seahaven.engine import COLUMNS, FOUNDATIONS, SUITS, Card, Pile, Position
from seahaven.i18n import _

CASCADE_PLAN_S = 3.5
"""How long the win cascade lasts at normal speed or slower (faster: shorter); the cascade
itself never lasts more than ``animation.CASCADE_S``."""
CASCADE = "cascade"
"""What the status line's sentence is about while the cascade runs (it says a tap skips it)."""
FLASH_S = 0.4
"""How long reduced motion highlights the piles a move changed."""


class TableMotion:
    """What moves on the table: the tweens, the cards drawn on top while they move (the
    ``floating`` ones, out of the view's cache), and the cascade."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.tweens: Tweens[Card] = Tweens()
        self.floating: set[Card] = set()
        self.cascade: Cascade | None = None
        self._then: Callable[[], None] | None = None
        """What follows the animation in progress, once every card is still."""
        self.flashed: set[Pile] = set()
        """With reduced motion: the piles a move changed at once, highlighted for a moment."""
        table.current.subscribe(self._on_game_event)

    # == what the game in play says ============================================================
    def _on_game_event(self, event: GameEvent) -> None:
        if event.kind is Change.NEW_GAME:
            self.deal(then=lambda: self.table.cards_still("arrival"))
        elif event.kind in LINE_CHANGES:
            self.glide_from(self.where_now(event.before), then=lambda: self.table.cards_still("change"))

    # == time ====================================================================================
    def update(self, dt: float) -> None:
        self.tweens.advance(dt)  # finished tweens run their on_finished
        if self.cascade is not None:
            self.cascade.advance(dt)
            if self.cascade.done:
                self.end_cascade()

    def busy(self) -> bool:
        return bool(self.floating) or self.tweens.active or self.cascade is not None

    def finish(self) -> None:
        """Every animation jumps to its end (what follows them happens now)."""
        if self.cascade is not None:
            self.end_cascade()
        self.tweens.finish()
        if self.floating:  # cards with no tween left (a size change dropped them)
            self._land()
            self._still()

    def resized(self) -> None:
        """A new size: every card jumps to its place in the new layout."""
        self.finish()

    # == where the cards are ====================================================================
    def pile_of(self, card: Card) -> Pile:
        found = self.table.position.find(card)
        return found[0] if found is not None else FOUNDATIONS[SUITS.index(card.suit)]

    def where_now(self, position: Position | None = None) -> Snapshot:
        """Where every card of ``position`` (the one on the table by default) is drawn right
        now: moving cards mid-flight, dragged cards under the pointer, cards under a
        foundation's top at the foundation."""
        table = self.table
        position = position if position is not None else table.position
        layout = table.layout_for(position)  # the one it was drawn with (long columns change it)
        points: dict[Card, tuple[float, float]] = {}
        for s, height in enumerate(position.foundations):
            slot = layout.piles[FOUNDATIONS[s]]
            for rank in range(1, height + 1):
                points[Card(rank, SUITS[s])] = (slot.x, slot.y)
        for card, box in layout.card_boxes(position).items():
            moving = self.tweens.where(card)
            points[card] = moving if moving is not None else (box.x, box.y)
        points.update(table.dragged_points())
        return Snapshot(position, points)

    def _float(self, card: Card) -> None:
        """``card`` leaves the view's cache: it is drawn on top each frame while it moves."""
        if card not in self.floating:
            self.floating.add(card)
            self.table.mark_pile(self.pile_of(card))
        self.table.dirty = True

    def _rest(self, card: Card) -> None:
        """A card's tween or shake ended: once it has none left it rests in the cache."""
        if card in self.floating and not self.tweens.is_moving(card):
            self.floating.discard(card)
            self.table.mark_pile(self.pile_of(card))
            self.table.dirty = True
        if not self.floating:
            self._still()

    def _land(self) -> None:
        for card in self.floating:
            self.table.mark_pile(self.pile_of(card))
        self.floating.clear()
        self.table.dirty = True

    def _start(self, then: Callable[[], None] | None) -> None:
        """An animation begins; ``then`` follows it (it replaces what would have followed
        the one before: the latest change is the one looked at)."""
        self._then = then

    def _still(self) -> None:
        """Every card is still: what follows the animation happens, once."""
        if self.floating or self.cascade is not None:
            return
        then, self._then = self._then, None
        if then is not None:
            then()

    def _still_soon(self) -> None:
        """Nothing moves: what follows happens at the next step (never inside the event
        that started it, so every listener has heard of the change first)."""
        self.tweens.wait(0.0, self._still)

    # == the animations ==========================================================================
    def glide_from(self, before: Snapshot, speed: float = 1.0, then: Callable[[], None] | None = None) -> None:
        """Glide every card from where it was drawn to where the engine put it."""
        table = self.table
        factor = table.app.settings.animation_factor * speed
        layout, position = table.layout, table.position
        changed = {pile for pile in position.piles()
                   if not before.position.has_pile(pile) or before.position.cards(pile) != position.cards(pile)}
        for pile in changed:
            table.mark_pile(pile)
        if changed and table.app.settings.reduces_motion:  # no glide: a brief highlight says where
            self.flashed = changed
            self.tweens.wait(FLASH_S, self._end_flash)
        if then is not None:
            self._start(then)
        for card, box in layout.card_boxes(position).items():
            start = before.points.get(card)
            end = (float(box.x), float(box.y))
            if start is None or start == end:
                continue
            distance = ((start[0] - end[0]) ** 2 + (start[1] - end[1]) ** 2) ** 0.5
            duration = animation.glide_time(distance, layout.card_h, factor)
            # a card that changes pile is lifted (a shadow, above the rest); one that only
            # moves with its pile because the table was laid out again slides flat
            was, now = before.position.find(card), position.find(card)
            lifted = was is None or now is None or was[0] != now[0]
            if self.tweens.glide(card, start, end, duration, on_finished=partial(self._rest, card), lifted=lifted):
                self._float(card)
        table.dirty = True
        if not self.floating:
            self._still()  # nothing to see move (animation off): look at the game now

    def _end_flash(self) -> None:
        if self.flashed:
            self.flashed = set()
            self.table.dirty = True

    def shake(self, pile: Pile, index: int) -> None:
        """The cards from ``index`` up that cannot be lifted shake (not with reduced motion:
        the status line says why)."""
        table = self.table
        if table.app.settings.reduces_motion:
            return
        for card in table.position.cards(pile)[index:]:
            self.tweens.shake(card, max(4.0, table.layout.card_w * 0.06), on_finished=partial(self._rest, card))
            self._float(card)

    def deal(self, then: Callable[[], None] | None = None) -> None:
        """Deal the cards from a deck in the middle of the top row."""
        table = self.table
        if self.cascade is not None:
            self.end_cascade()
        self.tweens.finish()
        self._land()
        self._start(then)
        factor = table.app.settings.animation_factor
        layout, position = table.layout, table.position
        boxes = layout.card_boxes(position)
        start = ((layout.piles[COLUMNS[4]].x + layout.piles[COLUMNS[5]].right) / 2 - layout.card_w / 2,
                 float(layout.piles[FOUNDATIONS[0]].y))
        if factor > 0:
            order: list[Card] = []
            columns = position.columns
            for row in range(max(len(c) for c in columns)):
                order.extend(c[row] for c in columns if row < len(c))
            order.extend(c for c in position.cells if c is not None)
            for i, card in enumerate(order):
                box = boxes[card]
                self.tweens.glide(card, start, (box.x, box.y), 0.26 * factor, delay=i * animation.DEAL_STEP_S * factor,
                                  on_finished=partial(self._rest, card))
                self.floating.add(card)
            table.app.play_sound("deal")
        if not self.floating:
            self._still_soon()

    def start_cascade(self, then: Callable[[], None]) -> None:
        """The win: the cards leave the foundations and bounce away; ``then`` follows."""
        table = self.table
        layout = table.layout
        factor = table.app.settings.animation_factor
        if factor <= 0:
            then()
            return
        starts: list[tuple[object, tuple[float, float]]] = []
        for rank in range(13, 0, -1):
            for suit in SUITS:
                slot = layout.piles[FOUNDATIONS[SUITS.index(suit)]]
                starts.append((Card(rank, suit), (float(slot.x), float(slot.y))))
        self.cascade = Cascade(starts, (layout.size[0], layout.status.y), layout.card_size,
                               seed=table.game.move_count, duration=CASCADE_PLAN_S * min(1.0, factor))
        self._then = then
        table.say(_("You won! Click, tap or press a key to skip to your result."),
                  seconds=self.cascade.planned_s + 1.0, about=CASCADE)
        table.app.play_sound("win")
        table.dirty = True

    def end_cascade(self) -> None:
        if self.cascade is None:
            return
        self.cascade = None
        self.table.take_back(CASCADE)
        self.table.app.scenes.changed = True  # wipe the trails: the cache was never painted on
        self._still()
