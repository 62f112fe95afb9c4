"""The player's hand: what is selected, what a press picks up, and what a tap, a double-tap,
a drop or a key means on a board, as a move to make or a refusal to show (SPEC 4).

Pure and pygame-free: the board's pointer (:mod:`seahaven.app.board.pointer`) and keys find
the pile and card meant, ask the hand, and the screen carries out its answer (the table plays
the move on the game in play; Help's example board on its example). Every rule decision is
the engine's (:mod:`seahaven.engine.gestures`); the hand only remembers the selection and the
last tap, which decide what a double-tap means. A refusal is data
(:mod:`seahaven.app.board.refusals`), worded by ``refusals.refusal_text``.
"""

from __future__ import annotations

from dataclasses import dataclass

from seahaven.app.board.refusals import Ask, Prompt, Refusal
from seahaven.engine import CannotLift, Card, IllegalMove, Move, Pile, Position, Reason, Rules, Why, gestures
from seahaven.engine.cards import FOUNDATIONS


@dataclass(frozen=True)
class Selection:
    pile: Pile
    count: int


@dataclass(frozen=True)
class LastTap:
    moved: bool
    card: Card | None


Answer = Move | Refusal | None
"""A move to make, a refusal to show, or nothing to do (the selection may have changed)."""


class Hand:
    """The selection and the last tap; only the hand's own methods change them."""

    def __init__(self) -> None:
        self._selection: Selection | None = None
        self._last_tap: LastTap | None = None
        self._after_move = False
        """The press under way is the quick second click of a double-click whose first
        click moved its card, on the card that move uncovered: it may move that card
        (clearing a column home at speed) but never leaves it selected (SPEC 4)."""

    @property
    def selection(self) -> Selection | None:
        """The cards chosen to go where the next tap or key says."""
        return self._selection

    @property
    def last_tap(self) -> LastTap | None:
        return self._last_tap

    def forget(self) -> None:
        """The board changed under the hand (an undo, a redo, a new deal)."""
        self._selection = None
        self._last_tap = None
        self._after_move = False

    def deselect(self) -> None:
        """Nothing is chosen any more (a move was made, a drag began, Esc)."""
        self._selection = None

    def tap_ignored(self) -> None:
        """The second press of a double-tap on a card the first tap already moved."""
        self._last_tap = None

    # -- pointer ---------------------------------------------------------------------------
    def is_double(self, position: Position, pile: Pile | None, index: int | None, clicks: int) -> bool | None:
        """Whether a press is the second half of a double-tap (True), a new tap (False), or
        to be ignored (None: the first tap already moved this very card). A press on
        another card than the last tap's, such as the one it uncovered at the same spot,
        is a new tap, however quick, that may move the card but does not select it."""
        self._after_move = False
        if clicks < 2 or self.last_tap is None:
            return False
        card = _card_at(position, pile, index)
        if card is None or card != self.last_tap.card:
            self._after_move = self.last_tap.moved
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
                return Refusal(error.reason, shake=(pile, index))
            return 0

    def tap(self, position: Position, rules: Rules, pile: Pile | None, index: int | None, lifted: int) -> Answer:
        """A tap (press and release without moving) on ``pile`` (None: on no pile)."""
        card = _card_at(position, pile, index)
        selection = self.selection
        after_move, self._after_move = self._after_move, False
        if pile is None:
            self._selection = None
            self._last_tap = LastTap(False, None)
            return None
        self._last_tap = LastTap(False, card)
        if selection is not None:
            self._selection = None
            if pile == selection.pile:
                return None
            try:
                move = gestures.drop(position, selection.pile, selection.count, pile, rules)
            except IllegalMove as error:
                if index is None or not lifted:
                    return Refusal(error.reason)
                # an illegal destination that can be picked up itself: the tap selects it
            else:
                self._last_tap = LastTap(True, card)
                return move
        if index is not None:
            home = gestures.tap(position, pile, index, rules)
            if home is not None:
                self._last_tap = LastTap(True, card)
                return home
            if lifted and not after_move:
                self._selection = Selection(pile, lifted)
        return None

    def double_tap(self, position: Position, rules: Rules, pile: Pile | None, index: int | None) -> Answer:
        """The second tap of a double-tap: send the card (or run) where SPEC 4 says."""
        self._selection = None
        if pile is None or index is None:
            self._last_tap = LastTap(False, None)
            return None
        answer = self.send(position, rules, pile, index)
        self._last_tap = LastTap(isinstance(answer, Move), _card_at(position, pile, index))
        return answer

    def drop(self, position: Position, rules: Rules, source: Pile, count: int, dest: Pile | None) -> Move | Refusal:
        """Lifted cards released over ``dest`` (None: over no pile): the move they mean, which
        the model checks when it plays it (the drop's one legality check), or a refusal."""
        self.forget()
        if dest is None:
            return Refusal(None)
        try:
            return gestures.drop_move(position, source, count, dest)
        except IllegalMove as error:
            return Refusal(error.reason)

    @staticmethod
    def send(position: Position, rules: Rules, pile: Pile, index: int) -> Move | Refusal:
        """The double-tap rule for the card (or run) at ``index`` of ``pile``."""
        try:
            move = gestures.double_tap(position, pile, index, rules)
        except CannotLift as error:
            return Refusal(error.reason, shake=(pile, index))
        if move is None:
            cards = position.cards(pile)
            card = cards[index] if index < len(cards) else None
            return Refusal(Prompt(Ask.NO_PLACE, card))
        return move

    # -- keyboard --------------------------------------------------------------------------
    def longest(self, position: Position, rules: Rules, pile: Pile) -> Selection | None:
        count = gestures.longest_lift(position, pile, rules)
        return Selection(pile, count) if count else None

    def key_pile(self, position: Position, rules: Rules, pile: Pile) -> Answer:
        """A pile's key (1-0, a-d): pick up its longest run, move the selection there, or
        (on the selected pile again) hold one card fewer."""
        self._last_tap = None
        selection = self.selection
        if selection is not None and selection.pile == pile:
            count = selection.count - 1
            self._selection = Selection(pile, count) if count >= 1 else None
            return None
        if selection is not None:
            try:
                move = gestures.drop_most(position, selection.pile, selection.count, pile, rules)
            except IllegalMove as error:
                self._selection = self.longest(position, rules, pile)
                return Refusal(error.reason)
            self._selection = None
            return move
        self._selection = self.longest(position, rules, pile)
        if self.selection is None and not position.cards(pile):
            return Refusal(Reason(Why.EMPTY, pile), gentle=True)
        return None

    def key_foundation(self, position: Position, rules: Rules, focus: Pile | None) -> Answer:
        """F: the selected card (or the focused pile's top card; None: a board without a
        focus ring) to its foundation."""
        selection = self.selection or (self.longest(position, rules, focus) if focus is not None else None)
        if selection is None:
            return Refusal(Prompt(Ask.PICK_FOR_HOME), gentle=True)
        try:
            move = gestures.drop(position, selection.pile, 1, FOUNDATIONS[0], rules)
        except IllegalMove as error:
            return Refusal(error.reason)
        self._selection = None
        return move

    def key_send(self, position: Position, rules: Rules, focus: Pile) -> Answer:
        """Enter or Space: the selection (or the focused pile's run) where a double-tap
        would send it."""
        selection = self.selection or self.longest(position, rules, focus)
        if selection is None:
            return Refusal(Prompt(Ask.PICK_FOR_SEND), gentle=True)
        self._selection = None
        cards = position.cards(selection.pile)
        return self.send(position, rules, selection.pile, len(cards) - selection.count)


def _card_at(position: Position, pile: Pile | None, index: int | None) -> Card | None:
    if pile is None or index is None or not position.has_pile(pile):
        return None
    cards = position.cards(pile)
    return cards[index] if 0 <= index < len(cards) else None
