"""Why a move or a pick-up is refused, as data: a code and the cards, piles and counts it
is about. The engine never writes a sentence for the player; the app turns a
:class:`Reason` into words in the player's language (``seahaven.app.text.words.reason_text``).

``str(reason)`` is a plain English sentence for the command line and for logs only.
:class:`IllegalMove` and :class:`CannotLift` are the refusals raised, each carrying its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from seahaven.engine.cards import SUIT_NAMES, Card, Pile
from seahaven.engine.errors import SeahavenError


class Why(Enum):
    """What is wrong. The comment says which fields of :class:`Reason` are set."""

    SAME_PILE = "same-pile"  # -
    NO_SUCH_PILE = "no-such-pile"  # pile, count (the game's cells)
    NO_CARDS = "no-cards"  # - (a move of fewer than one card)
    EMPTY = "empty"  # pile
    ONE_FROM_PILE = "one-from-pile"  # pile (a cell or a foundation)
    TOO_FEW_CARDS = "too-few-cards"  # pile, count (cards it holds)
    NOT_A_RUN = "not-a-run"  # pile, count (cards asked for)
    TOO_MANY = "too-many"  # count (cards asked for), limit
    FOUNDATION_TO_FOUNDATION = "foundation-to-foundation"  # -
    ONE_AT_A_TIME = "one-at-a-time"  # - (onto a foundation)
    WRONG_FOUNDATION = "wrong-foundation"  # card, pile (its own foundation)
    NOT_NEXT = "not-next"  # pile, card (the next card it wants)
    CELL_HOLDS_ONE = "cell-holds-one"  # -
    CELL_TAKEN = "cell-taken"  # pile
    KINGS_ONLY = "kings-only"  # - (an empty column, under the classic rules)
    EMPTY_COLUMN_LIMIT = "empty-column-limit"  # count (cards asked for), limit
    KING_TO_EMPTY = "king-to-empty"  # card (a king)
    ONLY_ON = "only-on"  # card, target (the one card it may go on)
    NO_CARD_THERE = "no-card-there"  # pile
    CANNOT_LIFT = "cannot-lift"  # - (not the top card nor a run)
    NOTHING_HELD = "nothing-held"  # -
    BACK_WHERE_THEY_WERE = "back-where-they-were"  # -
    READ_ONLY = "read-only"  # - (a replay: nothing is played on it)


@dataclass(frozen=True, slots=True)
class Reason:
    """One refusal: ``why`` and what it is about."""

    why: Why
    pile: Pile | None = None
    card: Card | None = None
    target: Card | None = None
    count: int = 0
    limit: int = 0

    def __str__(self) -> str:
        return _english(self)


class IllegalMove(SeahavenError):
    """A well-formed move that the rules do not allow in this position; ``reason`` says why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


class CannotLift(IllegalMove):
    """The pressed card cannot be picked up (not a run, or the run is too long)."""

    @property
    def limit(self) -> int | None:
        """How many cards can be picked up now, when the run was too long."""
        return self.reason.limit if self.reason.limit else None


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _pile(pile: Pile | None) -> str:
    if pile is None:
        return "?"
    if pile.is_column:
        return f"column {pile.key}"
    if pile.is_cell:
        return f"cell {pile.key}"
    return f"the {_card_suit(str(pile.key))} foundation"


def _card_suit(suit: str) -> str:
    return SUIT_NAMES[suit]


def _card(card: Card | None) -> str:
    return "?" if card is None else card.name


def _english(r: Reason) -> str:
    """The reason as an English sentence (command line, logs)."""
    pile = _pile(r.pile)
    texts = {
        Why.SAME_PILE: "A card moved onto its own pile is not a move.",
        Why.NO_SUCH_PILE: f"There is no {pile} in a game with {r.count} cell{'' if r.count == 1 else 's'}.",
        Why.NO_CARDS: "A move takes at least one card.",
        Why.EMPTY: f"{pile[:1].upper()}{pile[1:]} is empty.",
        Why.ONE_FROM_PILE: f"Only one card can be taken from {pile}.",
        Why.TOO_FEW_CARDS: f"{pile[:1].upper()}{pile[1:]} has only {_cards(r.count)}.",
        Why.NOT_A_RUN: f"The top {r.count} cards of {pile} are not a run of one suit.",
        Why.TOO_MANY: f"That run has {r.count} cards, but only {r.limit} can move together now.",
        Why.FOUNDATION_TO_FOUNDATION: "A card cannot move from one foundation to another.",
        Why.ONE_AT_A_TIME: "Cards go onto a foundation one at a time.",
        Why.WRONG_FOUNDATION: f"The {_card(r.card)} belongs on {pile}.",
        Why.NOT_NEXT: f"The next card for {pile} is the {_card(r.card)}.",
        Why.CELL_HOLDS_ONE: "A cell holds only one card.",
        Why.CELL_TAKEN: f"{pile[:1].upper()}{pile[1:]} is not free.",
        Why.KINGS_ONLY: "An empty column takes only a king, or a run led by a king.",
        Why.EMPTY_COLUMN_LIMIT: f"Only {_cards(r.limit)} can move into an empty column now "
                                "(the empty column itself does not count).",
        Why.KING_TO_EMPTY: f"The {_card(r.card)} can go only into an empty column.",
        Why.ONLY_ON: f"The {_card(r.card)} can go only on the {_card(r.target)}.",
        Why.NO_CARD_THERE: f"There is no card there on {pile}.",
        Why.CANNOT_LIFT: "Only the top card, or a run of one suit in order, can be picked up.",
        Why.NOTHING_HELD: "Nothing is held.",
        Why.BACK_WHERE_THEY_WERE: "The cards are back where they were.",
        Why.READ_ONLY: "This is a replay: nothing can be played on it.",
    }
    return texts[r.why]
