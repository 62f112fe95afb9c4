"""The player's hand: what is selected, what a press picks up, and what a tap, a double-tap,
a drop or a key means on a board, as a move to make or a refusal to show (SPEC 4).

Pure and pygame-free: the screens find the pile and card under the pointer (with
:mod:`seahaven.app.layout`), ask the hand, and carry out its answer (the table plays the move
on the game in play; Help's example board on its example). Every rule decision is the
engine's (:mod:`seahaven.engine.gestures`); the hand only remembers the selection and the last
tap, which decide what a double-tap means.
"""

from __future__ import annotations

from dataclasses import dataclass

from seahaven.app.i18n import _
from seahaven.app.words import card_name, reason_text, sentence
from seahaven.engine import CannotLift, Card, IllegalMove, Move, Pile, Position, Reason, Rules, Why, gestures
from seahaven.engine.cards import FOUNDATIONS


@dataclass(frozen=True)
class Selection:
    pile: Pile
    count: int


@dataclass(frozen=True)
class Refusal:
    """Why nothing happens. ``shake`` names the cards that cannot be lifted (pile, index);
    a ``gentle`` refusal is a hint of what to do, not a mistake (no warning, no sound)."""

    reason: str
    """One sentence in the player's language ("" for a drop on no pile)."""
    shake: tuple[Pile, int] | None = None
    gentle: bool = False


@dataclass(frozen=True)
class LastTap:
    moved: bool
    card: Card | None


Answer = Move | Refusal | None
"""A move to make, a refusal to show, or nothing to do (the selection may have changed)."""


class Hand:
    def __init__(self) -> None:
        self.selection: Selection | None = None
        self.last_tap: LastTap | None = None

    def forget(self) -> None:
        """The board changed under the hand (a move, an undo, a new deal)."""
        self.selection = None
        self.last_tap = None

    # -- pointer ---------------------------------------------------------------------------
    def is_double(self, position: Position, pile: Pile | None, index: int | None, clicks: int) -> bool | None:
        """Whether a press is the second half of a double-tap (True), a new tap (False), or
        to be ignored (None: the first tap already moved this very card). A press on
        another card than the last tap's, such as the one it uncovered at the same spot,
        is a new tap, however quick."""
        if clicks < 2 or self.last_tap is None:
            return False
        card = _card_at(position, pile, index)
        if card is None or card != self.last_tap.card:
            return False
        return None if self.last_tap.moved else True

    def press(self, position: Position, rules: Rules, pile: Pile, index: int, double: bool | None) -> int | Refusal:
        """How many cards a press on card ``index`` of ``pile`` picks up (0: none, as when
        a selection waits for its destination), or why none can be."""
        if double is None:
            return 0
        try:
            return gestures.lift(position, pile, index, rules)
        except CannotLift as error:
            if self.selection is None and not double:
                return Refusal(reason_text(error.reason), shake=(pile, index))
            return 0

    def tap(self, position: Position, rules: Rules, pile: Pile | None, index: int | None, lifted: int) -> Answer:
        """A tap (press and release without moving) on ``pile`` (None: on no pile)."""
        card = _card_at(position, pile, index)
        selection = self.selection
        if pile is None:
            self.selection = None
            self.last_tap = LastTap(False, None)
            return None
        self.last_tap = LastTap(False, card)
        if selection is not None:
            self.selection = None
            if pile == selection.pile:
                return None
            try:
                move = gestures.drop(position, selection.pile, selection.count, pile, rules)
            except IllegalMove as error:
                if index is None or not lifted:
                    return Refusal(reason_text(error.reason))
                # an illegal destination that can be picked up itself: the tap selects it
            else:
                self.last_tap = LastTap(True, card)
                return move
        if index is not None:
            move = gestures.tap(position, pile, index, rules)
            if move is not None:
                self.last_tap = LastTap(True, card)
                return move
            if lifted:
                self.selection = Selection(pile, lifted)
        return None

    def double_tap(self, position: Position, rules: Rules, pile: Pile | None, index: int | None) -> Answer:
        """The second tap of a double-tap: send the card (or run) where SPEC 4 says."""
        self.selection = None
        if pile is None or index is None:
            self.last_tap = LastTap(False, None)
            return None
        answer = self.send(position, rules, pile, index)
        self.last_tap = LastTap(isinstance(answer, Move), _card_at(position, pile, index))
        return answer

    def drop(self, position: Position, rules: Rules, source: Pile, count: int, dest: Pile | None) -> Move | Refusal:
        """Lifted cards released over ``dest`` (None: over no pile)."""
        self.forget()
        if dest is None:
            return Refusal("")
        try:
            return gestures.drop(position, source, count, dest, rules)
        except IllegalMove as error:
            return Refusal(reason_text(error.reason))

    @staticmethod
    def send(position: Position, rules: Rules, pile: Pile, index: int) -> Move | Refusal:
        """The double-tap rule for the card (or run) at ``index`` of ``pile``."""
        try:
            move = gestures.double_tap(position, pile, index, rules)
        except CannotLift as error:
            return Refusal(reason_text(error.reason), shake=(pile, index))
        if move is None:
            cards = position.cards(pile)
            card = cards[index] if index < len(cards) else None
            return Refusal(sentence(_("{card} has nowhere to go now.").format(card=card_name(card))))
        return move

    # -- keyboard --------------------------------------------------------------------------
    def longest(self, position: Position, rules: Rules, pile: Pile) -> Selection | None:
        count = gestures.longest_lift(position, pile, rules)
        return Selection(pile, count) if count else None

    def key_pile(self, position: Position, rules: Rules, pile: Pile) -> Answer:
        """A pile's key (1-0, a-d): pick up its longest run, move the selection there, or
        (on the selected pile again) hold one card fewer."""
        self.last_tap = None
        selection = self.selection
        if selection is not None and selection.pile == pile:
            count = selection.count - 1
            self.selection = Selection(pile, count) if count >= 1 else None
            return None
        if selection is not None:
            try:
                move = gestures.drop_most(position, selection.pile, selection.count, pile, rules)
            except IllegalMove as error:
                self.selection = self.longest(position, rules, pile)
                return Refusal(reason_text(error.reason))
            self.selection = None
            return move
        self.selection = self.longest(position, rules, pile)
        if self.selection is None and not position.cards(pile):
            return Refusal(reason_text(Reason(Why.EMPTY, pile)), gentle=True)
        return None

    def key_foundation(self, position: Position, rules: Rules, focus: Pile) -> Answer:
        """F: the selected card (or the focused pile's top card) to its foundation."""
        selection = self.selection or self.longest(position, rules, focus)
        if selection is None:
            return Refusal(_("Pick a card first (1-0, a-d), then f sends it home."), gentle=True)
        try:
            move = gestures.drop(position, selection.pile, 1, FOUNDATIONS[0], rules)
        except IllegalMove as error:
            return Refusal(reason_text(error.reason))
        self.selection = None
        return move

    def key_send(self, position: Position, rules: Rules, focus: Pile) -> Answer:
        """Enter or Space: the selection (or the focused pile's run) where a double-tap
        would send it."""
        selection = self.selection or self.longest(position, rules, focus)
        if selection is None:
            return Refusal(_("Pick a card first: 1-0 pick columns, a-d the cells."), gentle=True)
        self.selection = None
        cards = position.cards(selection.pile)
        return self.send(position, rules, selection.pile, len(cards) - selection.count)


def _card_at(position: Position, pile: Pile | None, index: int | None) -> Card | None:
    if pile is None or index is None or not position.has_pile(pile):
        return None
    cards = position.cards(pile)
    return cards[index] if 0 <= index < len(cards) else None
