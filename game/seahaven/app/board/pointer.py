"""The board's pointer: the one press, tap, double-tap and drag machine of every board (the
table's, Help's example, the replay's). It turns :class:`~seahaven.app.kit.input.Pointer`
events into intents (data) that the board (:mod:`seahaven.app.board.component`) carries out;
the hand (:mod:`seahaven.app.board.hand`) decides what a gesture means, and every rule
decision is the engine's. A press becomes a drag past the one drag distance of every window
(``input.past_drag_distance``), a double-tap is what the player's double-tap time says
(``input.PointerInput``).

The machine owns the press and the drag in progress and the hand's selection; nobody else
writes them. Geometry comes from a :class:`~seahaven.app.board.layout.Layout`, the model from a
:class:`~seahaven.app.board.model.BoardModel`, both read when an event arrives, so the
same machine serves a window of any size and any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from seahaven.app.board.hand import Hand
from seahaven.app.board.layout import Layout
from seahaven.app.board.model import BoardModel
from seahaven.app.board.refusals import Refusal
from seahaven.app.kit.input import Pointer, past_drag_distance
from seahaven.app.looks.box import Box
from seahaven.engine import CannotLift, Card, Move, Pile, Position, Rules, gestures

HOLD_MS = 550
"""How long a press on a card must stay still to become a peek (press-and-hold)."""


@dataclass
class Press:
    pos: tuple[float, float]
    pile: Pile | None
    index: int | None
    count: int
    """Cards the press can lift (0: none)."""
    double: bool | None
    """The second half of a double-tap (True), a new tap (False), or nothing (None)."""
    touch: bool
    refused: bool = False
    """The press was refused (its cards shook): the tap that ends it adds nothing."""
    seen: tuple[Position, Rules] | None = None
    """The position and rules the lift was checked on."""
    time_ms: int = 0
    """When the press began (a hold of :data:`HOLD_MS` turns it into a peek)."""
    peeked: bool = False
    """The press became a peek: its release ends the peek and is no tap."""
    refusal: Refusal | None = None
    """Why the press cannot lift its cards, said once it is a tap or a drag: a press held
    still is a peek, most often at a covered card, and is no attempt to lift it."""


@dataclass
class Drag:
    pile: Pile
    index: int
    cards: tuple[Card, ...]
    offsets: list[int]
    grab: tuple[float, float]
    """Where the head card was grabbed, as fractions of the card size."""
    pos: tuple[float, float]
    destinations: list[Pile]
    target: Pile | None = None


# -- intents: what the screen is asked to do -------------------------------------------------
@dataclass(frozen=True)
class Answer:
    """Carry out the hand's answer to a tap, a double-tap or a press (a move, a refusal, or
    None: the selection may have changed). ``after_refusal``: the press already said why."""

    answer: Move | Refusal | None
    after_refusal: bool = False


@dataclass(frozen=True)
class Lifted:
    """A drag began: the cards of ``pile`` follow the pointer."""

    pile: Pile


@dataclass(frozen=True)
class Dragged:
    """The dragged cards moved."""


@dataclass(frozen=True)
class Dropped:
    """The dragged cards were released: play ``move`` (then :meth:`BoardPointer.landed`),
    or, when ``move`` is None, send them back (``refusal`` says why)."""

    move: Move | None
    refusal: Refusal | None = None


@dataclass(frozen=True)
class Peek:
    """Show card ``index`` of ``pile`` whole and enlarged (a right-click or a press held
    still), until a ``Peek(None)``. Nothing is lifted, selected or moved."""

    at: tuple[Pile, int] | None


@dataclass(frozen=True)
class Deselected:
    """The selection was dropped (the right button)."""


Intent = Answer | Lifted | Dragged | Dropped | Deselected | Peek


class BoardPointer:
    """The press or drag in progress on one board, and the hand (selection, last tap)."""

    def __init__(self, model: Callable[[], BoardModel], layout: Callable[[], Layout]) -> None:
        self._model = model
        self._layout = layout
        self.hand = Hand()
        self._press: Press | None = None
        self._drag: Drag | None = None
        self._peek: tuple[Pile, int] | None = None

    @property
    def peek(self) -> tuple[Pile, int] | None:
        """The card shown whole (a peek in progress), or None."""
        return self._peek

    @property
    def press(self) -> Press | None:
        return self._press

    @property
    def drag(self) -> Drag | None:
        return self._drag

    # -- what the screen tells the machine ---------------------------------------------------
    def forget_press(self) -> None:
        """A press in progress means nothing any more (a window opened, its cards moved)."""
        self._press = None

    def forget_card_press(self) -> None:
        """The board changed: a press on a card means nothing now."""
        self._press = None

    def landed(self) -> None:
        """The dragged cards were played (or sent back): the drag is over."""
        self._drag = None

    def forget(self) -> None:
        """A new game: no press, no drag, no selection."""
        self._press = None
        self._drag = None
        self._peek = None
        self.hand.forget()

    # -- events ----------------------------------------------------------------------------
    def on_pointer(self, p: Pointer) -> list[Intent]:
        if p.kind == "down":
            return self.down(p)
        if p.kind == "move":
            return self.move(p)
        if p.kind == "up":
            return self.up(p)
        if p.kind == "cancel":
            if self._drag is not None:
                return [Dropped(None)]
            if self.hand.selection is not None:
                self.hand.deselect()
                return [Deselected()]
            if p.secondary and self._press is None:
                return self._start_peek(p.pos)
        if p.kind == "secondary_up":
            return self.end_peek()
        return []

    # -- peeking -----------------------------------------------------------------------------
    def _start_peek(self, pos: tuple[float, float]) -> list[Intent]:
        hit = self._layout().hit(self._model().position, *pos)
        if hit is None or hit[1] is None:
            return []
        self._peek = (hit[0], hit[1])
        return [Peek(self._peek)]

    def end_peek(self) -> list[Intent]:
        """The peek ends (the button or finger let go, the board changed)."""
        if self._peek is None:
            return []
        self._peek = None
        return [Peek(None)]

    def held(self, now_ms: int) -> list[Intent]:
        """Time passed: a press on a card held still for :data:`HOLD_MS` becomes a peek."""
        press = self._press
        if (press is None or press.peeked or press.pile is None
                or press.index is None or self._drag is not None or now_ms - press.time_ms < HOLD_MS):
            return []
        press.peeked = True
        self._peek = (press.pile, press.index)
        return [Peek(self._peek)]

    def hold_due(self) -> int | None:
        """When (ms) a press now held still would become a peek; None: no such press."""
        press = self._press
        if press is None or press.peeked or press.index is None or self._drag:
            return None
        return press.time_ms + HOLD_MS

    def down(self, p: Pointer) -> list[Intent]:
        model = self._model()
        position, rules = model.position, model.rules
        hit = self._layout().hit(position, *p.pos)
        pile, index = hit if hit is not None else (None, None)
        double = self.hand.is_double(position, pile, index, p.clicks)
        count = 0
        refused, refusal = False, None
        if pile is not None and index is not None:
            lifted = self.hand.press(position, rules, pile, index, double)
            if isinstance(lifted, Refusal):
                refusal, refused = lifted, True
            else:
                count = lifted
        self._press = Press(p.pos, pile, index, count, double, p.touch, refused=refused, seen=(position, rules),
                            time_ms=p.time_ms, refusal=refusal)
        return []

    def move(self, p: Pointer) -> list[Intent]:
        press = self._press
        if press is None:
            return []
        if self._drag is not None:
            self.drag_to(p.pos)
            return [Dragged()]
        if press.peeked:
            return []
        dragged = past_drag_distance(press.pos, p.pos, press.touch)
        if press.refusal is not None and dragged:  # a drag of cards that stay
            refusal, press.refusal = press.refusal, None
            return [Answer(refusal)]
        if press.count and press.pile is not None and press.index is not None and dragged:
            return self._start_drag(press, p.pos)
        return []

    def _start_drag(self, press: Press, pos: tuple[float, float]) -> list[Intent]:
        assert press.pile is not None and press.index is not None
        model, layout = self._model(), self._layout()
        position = model.position
        if press.seen is None or press.seen[0] is not position or press.seen[1] != model.rules:
            try:  # the board changed since the press was checked (a key, a window): ask again
                gestures.lift(position, press.pile, press.index, model.rules)
            except CannotLift:
                self._press = None
                return []
        cards = position.cards(press.pile)
        head = layout.card_box(press.pile, press.index, len(cards))
        offsets = [layout.card_box(press.pile, i, len(cards)).y - head.y for i in range(press.index, len(cards))]
        grab = ((press.pos[0] - head.x) / layout.card_w, (press.pos[1] - head.y) / layout.card_h)
        count = len(cards) - press.index
        self.hand.deselect()
        self._drag = Drag(
            pile=press.pile,
            index=press.index,
            cards=cards[press.index :],
            offsets=offsets,
            grab=grab,
            pos=pos,
            destinations=gestures.destinations(position, press.pile, count, model.rules),
        )
        self._drag.target = self._drop_target(self._drag, layout)
        return [Lifted(press.pile)]

    def up(self, p: Pointer) -> list[Intent]:
        press, self._press = self._press, None
        if press is None:
            return []
        drag = self._drag
        if drag is not None:
            self.drag_to(p.pos)
            model = self._model()
            answer = self.hand.drop(model.position, model.rules, drag.pile, len(drag.cards), drag.target)
            if isinstance(answer, Move):
                return [Dropped(answer)]
            return [Dropped(None, answer)]
        if press.peeked:  # a press held to peek: letting go ends the peek, and taps nothing
            self.hand.tap_ignored()
            return self.end_peek()
        model = self._model()
        position, rules = model.position, model.rules
        if press.double is None:
            self.hand.tap_ignored()  # the first tap already moved this card
            return []
        if press.double:
            return [Answer(self.hand.double_tap(position, rules, press.pile, press.index))]
        said = [Answer(press.refusal)] if press.refusal is not None else []  # a tap on cards that cannot lift
        return [*said, Answer(self.hand.tap(position, rules, press.pile, press.index, press.count), press.refused)]

    # -- the drag's geometry -----------------------------------------------------------------
    def drag_to(self, pos: tuple[float, float]) -> None:
        drag = self._drag
        assert drag is not None
        drag.pos = pos
        drag.target = self._drop_target(drag, self._layout())

    def relayout_drag(self, old: Layout) -> None:
        """The window changed size during a drag: the cards keep their place under it."""
        drag = self._drag
        assert drag is not None
        cards = self._model().position.cards(drag.pile)
        layout = self._layout()
        head = layout.card_box(drag.pile, drag.index, len(cards))
        drag.offsets = [layout.card_box(drag.pile, i, len(cards)).y - head.y for i in range(drag.index, len(cards))]
        sx, sy = layout.size[0] / old.size[0], layout.size[1] / old.size[1]
        drag.pos = (drag.pos[0] * sx, drag.pos[1] * sy)
        drag.target = self._drop_target(drag, layout)

    def drag_boxes(self) -> list[Box]:
        drag = self._drag
        assert drag is not None
        return _boxes(drag, self._layout())

    def lift_offset(self) -> int:
        """How far a lifted card is drawn up and left of its place (its shadow shows)."""
        return max(1, max(3, self._layout().card_w // 14) // 3)

    def dragged_points(self) -> dict[Card, tuple[float, float]]:
        """Where the dragged cards are drawn (none when nothing is dragged)."""
        drag = self._drag
        if drag is None:
            return {}
        lift = self.lift_offset()
        return {card: (box.x - lift, box.y - lift) for card, box in zip(drag.cards, self.drag_boxes())}

    @staticmethod
    def _drop_target(drag: Drag, layout: Layout) -> Pile | None:
        return layout.drop_target(_boxes(drag, layout)[0], exclude=drag.pile)


def _boxes(drag: Drag, layout: Layout) -> list[Box]:
    x = drag.pos[0] - drag.grab[0] * layout.card_w
    y = drag.pos[1] - drag.grab[1] * layout.card_h
    return [Box(round(x), round(y + off), layout.card_w, layout.card_h) for off in drag.offsets]
