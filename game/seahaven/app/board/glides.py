"""The board's motion: cards gliding from where they were drawn to where the model put them,
the deal, the shake of a refused lift, the brief highlight that stands for a glide when
motion is reduced, and the win cascade.

Animation is display only: the model's position is final before anything moves. Every card
whose place changed takes the same path whatever the speed: it leaves the board's picture at
rest (it *floats*, drawn on top each frame), glides for as long as the speed says (0 seconds
with motion off: the glide is over as soon as it starts) and rests again when its glide ends,
which repaints its pile. So a card sent back from a refused drop with motion off is back in its pile exactly
as one that glides there (issue 35: a refused drop once left its card out of the picture).
Once the last card is still, what follows the animation happens (``still``), once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from seahaven.app.board import tweens
from seahaven.app.board.layout import Layout
from seahaven.app.board.tweens import Cascade, Point, Tweens
from seahaven.engine import COLUMNS, FOUNDATIONS, SUITS, Card, Pile, Position

CASCADE_PLAN_S = 3.5
"""How long the win cascade lasts at normal speed or slower (faster: shorter); the cascade
itself never lasts more than ``tweens.CASCADE_S``."""
FLASH_S = 0.4
"""How long reduced motion highlights the piles a change touched."""
SEND_STEP_S = 0.09
"""Between two safe cards sent home after a move, at normal speed (the finish's pace)."""


class Motion(Protocol):
    """The player's motion settings, as the board reads them (``state.settings.Settings``)."""

    @property
    def animation_factor(self) -> float:
        """How long glides take, 1 at normal speed; 0 when motion is off or reduced."""
        ...

    @property
    def reduces_motion(self) -> bool:
        """The player (or the desktop) asks for less motion: no glide, shake, deal or cascade."""
        ...


@dataclass
class Snapshot:
    """What the board showed at one moment: the position and every card's place."""

    position: Position
    points: dict[Card, Point]


class Glides:
    """What moves on one board: the tweens, the cards drawn above the picture at rest while
    they move (the ``floating`` ones), the piles highlighted instead of a glide, the cascade.

    It reads the board's position and geometry when asked and tells the board two things: a
    pile's picture at rest changed (``repaint``), and the cards are still after an animation
    (``still``, with what the animation followed: "change" or "arrival")."""

    def __init__(self, position: Callable[[], Position], layout_for: Callable[[Position], Layout],
                 motion: Motion, dragged: Callable[[], dict[Card, Point]],
                 repaint: Callable[[Pile], None], still: Callable[[str], None]) -> None:
        self._position = position
        self._layout_for = layout_for
        self.motion = motion
        self._dragged = dragged
        self._repaint = repaint
        self._still_hook = still
        self.tweens: Tweens[Card] = Tweens()
        self.floating: set[Card] = set()
        self.flashed: frozenset[Pile] = frozenset()
        """With reduced motion: the piles a change touched, highlighted for a moment."""
        self.cascade: Cascade | None = None
        self._then: str | None = None
        """What the animation in progress follows ("change", "arrival"), said once all is still."""
        self._cascade_then: Callable[[], None] | None = None

    # == time ================================================================================
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
        if self.floating:  # cards whose tween a new layout dropped
            for card in list(self.floating):
                self._rest(card)

    # == where the cards are ===================================================================
    def pile_of(self, card: Card) -> Pile:
        found = self._position().find(card)
        return found[0] if found is not None else FOUNDATIONS[SUITS.index(card.suit)]

    def where_now(self, position: Position | None = None) -> Snapshot:
        """Where every card of ``position`` (the board's by default) is drawn right now:
        moving cards mid-flight, dragged cards under the pointer, cards under a foundation's
        top at the foundation."""
        position = position if position is not None else self._position()
        layout = self._layout_for(position)  # the one it was drawn with (long columns change it)
        points = layout.rest_points(position)
        for card in points:
            moving = self.tweens.where(card)
            if moving is not None:
                points[card] = moving
        points.update(self._dragged())
        return Snapshot(position, points)

    def _float(self, card: Card) -> None:
        """``card`` leaves the picture at rest: it is drawn on top each frame while it moves."""
        if card not in self.floating:
            self.floating.add(card)
            self._repaint(self.pile_of(card))

    def _rest(self, card: Card) -> None:
        """A card's tween or shake ended: once it has none left it rests in its pile again."""
        if card in self.floating and not self.tweens.is_moving(card):
            self.floating.discard(card)
            self._repaint(self.pile_of(card))
        if not self.floating:
            self._still()

    def _still(self) -> None:
        """Every card is still: what follows the animation happens, once."""
        if self.floating or self.cascade is not None:
            return
        then, self._then = self._then, None
        if then is not None:
            self._still_hook(then)

    # == the animations ========================================================================
    def glide_from(self, before: Snapshot, speed: float = 1.0, then: str | None = "change",
                   in_turn: tuple[Card, ...] = ()) -> None:
        """Glide every card from where ``before`` drew it to where the model put it, each in
        the time its distance and the player's speed give (0 with motion off: the same path,
        over at once). ``speed`` scales the time (the replay's faster steps); ``then`` is what
        the cards' stillness will be said to follow (None: nothing). The cards ``in_turn``
        (the safe cards a move sent home) go one after another once the rest have landed,
        each waiting face up where it lay."""
        position = self._position()
        layout = self._layout_for(position)
        factor = self.motion.animation_factor * speed
        changed = {pile for pile in position.piles()
                   if not before.position.has_pile(pile) or before.position.cards(pile) != position.cards(pile)}
        for pile in changed:
            self._repaint(pile)
        if changed and self.motion.reduces_motion:  # no glide: a brief highlight says where
            self.flashed = frozenset(changed)
            self.tweens.wait(FLASH_S, self._end_flash)
        if then is not None:
            self._then = then  # the latest change is the one looked at
        turn = {card: i for i, card in enumerate(in_turn)}
        first = 0.0
        glides: list[tuple[Card, Point, Point, float, bool]] = []
        for card, end in layout.rest_points(position).items():
            start = before.points.get(card)
            if start is None or start == end:
                continue
            distance = ((start[0] - end[0]) ** 2 + (start[1] - end[1]) ** 2) ** 0.5
            duration = tweens.glide_time(distance, layout.card_h, factor)
            # a card that changes pile is lifted (a shadow, above the rest); one that only
            # moves with its pile because the board was laid out again slides flat
            was, now = before.position.find(card), position.find(card)
            lifted = was is None or now is None or was[0] != now[0]
            glides.append((card, start, end, duration, lifted))
            if card not in turn:
                first = max(first, duration)
        for card, start, end, duration, lifted in glides:
            delay = first + turn[card] * SEND_STEP_S * factor if card in turn else 0.0
            if self.tweens.glide(card, start, end, duration, delay, on_finished=partial(self._rest, card),
                                 lifted=lifted):
                self._float(card)
        self.tweens.advance(0.0)  # a glide of no time (motion off) is over now: its card rests in its pile
        if not self.floating:
            self._still()  # nothing to see move: look at the game now

    def _end_flash(self) -> None:
        if self.flashed:
            self.flashed = frozenset()

    def shake(self, pile: Pile, index: int, card_w: int) -> None:
        """The cards from ``index`` up that cannot be lifted shake (not with reduced motion:
        the words say why)."""
        if self.motion.reduces_motion:
            return
        for card in self._position().cards(pile)[index:]:
            self.tweens.shake(card, max(4.0, card_w * 0.06), on_finished=partial(self._rest, card))
            self._float(card)

    def deal(self) -> bool:
        """Deal the cards from a deck in the middle of the top row; False when motion is off
        (the cards are simply there; stillness follows at the next step all the same)."""
        if self.cascade is not None:
            self.end_cascade()
        self.tweens.finish()
        for card in list(self.floating):
            self._rest(card)
        self._then = "arrival"
        position = self._position()
        layout = self._layout_for(position)
        factor = self.motion.animation_factor
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
                self.tweens.glide(card, start, (box.x, box.y), 0.26 * factor,
                                  delay=i * tweens.DEAL_STEP_S * factor, on_finished=partial(self._rest, card),
                                  dealt=True)
                self.floating.add(card)
        if not self.floating:
            self.tweens.wait(0.0, self._still)
        return factor > 0

    def celebrate(self, seed: int, then: Callable[[], None]) -> bool:
        """The win: the cards leave the foundations and bounce away; ``then`` follows (at
        once with motion off). False when there is no cascade to see."""
        position = self._position()
        layout = self._layout_for(position)
        factor = self.motion.animation_factor
        if factor <= 0:
            then()
            return False
        starts: list[tuple[object, Point]] = []
        for rank in range(13, 0, -1):
            for suit in SUITS:
                slot = layout.piles[FOUNDATIONS[SUITS.index(suit)]]
                starts.append((Card(rank, suit), (float(slot.x), float(slot.y))))
        self.cascade = Cascade(starts, (layout.size[0], layout.status.y), layout.card_size, seed=seed,
                               duration=CASCADE_PLAN_S * min(1.0, factor))
        self._cascade_then = then
        return True

    def end_cascade(self) -> None:
        if self.cascade is None:
            return
        self.cascade = None
        then, self._cascade_then = self._cascade_then, None
        if then is not None:
            then()
        self._still()
