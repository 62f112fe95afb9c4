"""Cards, piles and moves: small immutable values with a text form that round-trips."""

from __future__ import annotations

from typing import Any, NamedTuple

from seahaven.engine.errors import InvalidCard, InvalidMove, InvalidPile, quote

SUITS = "CDHS"
"""Suit letters in foundation order: clubs, diamonds, hearts, spades."""

RANKS = "A23456789TJQK"
"""Rank letters; rank ``n`` (1..13) is ``RANKS[n - 1]``."""

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = (
    "", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)

ACE = 1
KING = 13

COLUMN_COUNT = 10
MAX_CELLS = 4


class Card(NamedTuple):
    """A playing card: ``rank`` 1 (ace) .. 13 (king) and ``suit`` one of ``C D H S``."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TH"``, ``"as"`` or ``"10C"``; raise :class:`InvalidCard` otherwise."""
        card = _CARDS_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise InvalidCard(f"{quote(text)} is not a card (expected a rank A23456789TJQK and a suit CDHS, like 'TH')")
        return card

    @property
    def ordinal(self) -> int:
        """A number 0..51, suits in ``SUITS`` order, aces first (not ``index``: that is the
        tuple's own method)."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @property
    def name(self) -> str:
        """The card in English words, like ``"10 of hearts"``: for the command line and logs
        (the app names cards in the player's language, ``seahaven.app.text.words.card_name``)."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The deck before shuffling: clubs, diamonds, hearts, spades; ace to king in each."""

_CARDS_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
_CARDS_BY_TEXT.update({"10" + card.suit: card for card in DECK if card.rank == 10})


class Pile(NamedTuple):
    """A place cards lie: ``Pile("col", 3)``, ``Pile("cell", 1)`` or ``Pile("found", "H")``."""

    kind: str
    key: int | str

    @classmethod
    def parse(cls, text: str) -> Pile:
        """Read ``col1``..``col10``, ``cell1``..``cell4`` or ``found-C`` .. ``found-S``."""
        pile = _PILES_BY_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
        if pile is None:
            raise InvalidPile(f"{quote(text)} is not a pile (expected col1..col10, cell1..cell4 or found-C/D/H/S)")
        return pile

    @property
    def is_column(self) -> bool:
        return self.kind == "col"

    @property
    def is_cell(self) -> bool:
        return self.kind == "cell"

    @property
    def is_foundation(self) -> bool:
        return self.kind == "found"

    @property
    def name(self) -> str:
        """The pile in English words, like ``"column 3"``: for the command line and logs (the
        app names piles in the player's language, ``seahaven.app.text.words.pile_name``)."""
        if self.kind == "col":
            return f"column {self.key}"
        if self.kind == "cell":
            return f"cell {self.key}"
        return f"the {SUIT_NAMES[str(self.key)]} foundation"

    def __str__(self) -> str:
        if self.kind == "found":
            return f"found-{self.key}"
        return f"{self.kind}{self.key}"

    def __repr__(self) -> str:
        return f"Pile.parse({str(self)!r})"


COLUMNS: tuple[Pile, ...] = tuple(Pile("col", i) for i in range(1, COLUMN_COUNT + 1))
CELLS: tuple[Pile, ...] = tuple(Pile("cell", i) for i in range(1, MAX_CELLS + 1))
FOUNDATIONS: tuple[Pile, ...] = tuple(Pile("found", suit) for suit in SUITS)
_PILES_BY_TEXT: dict[str, Pile] = {str(p).lower(): p for p in COLUMNS + CELLS + FOUNDATIONS}

FOUNDATION = "found"
"""As a move's destination in JSON, ``found`` means the moving card's own foundation."""


def column(number: int) -> Pile:
    """Column ``number`` (1..10)."""
    return COLUMNS[number - 1]


def cell(number: int) -> Pile:
    """Cell ``number`` (1..4)."""
    return CELLS[number - 1]


def foundation(suit: str) -> Pile:
    """The foundation of ``suit``."""
    return FOUNDATIONS[SUITS.index(suit)]


class Move(NamedTuple):
    """Move ``size`` cards from the top of ``source`` to ``dest`` (``count`` in JSON; not the
    field's name, which would hide the tuple's own ``count`` method)."""

    source: Pile
    dest: Pile
    size: int = 1

    def to_json(self) -> dict[str, Any]:
        """The JSON form of SPEC 12: ``{"from": "col3", "to": "col7", "count": 3}``."""
        return {"from": str(self.source), "to": str(self.dest), "count": self.size}

    @classmethod
    def from_json(cls, obj: object) -> Move | PendingFoundationMove:
        """Read a JSON move. ``"to": "found"`` gives a :class:`PendingFoundationMove`,
        resolved against a position by :meth:`Position.resolve`."""
        if not isinstance(obj, dict):
            raise InvalidMove(f"a move must be a JSON object, not {type(obj).__name__}")
        unknown = set(obj) - {"from", "to", "count"}
        if unknown:
            raise InvalidMove(f"a move has unknown field(s): {', '.join(sorted(map(str, unknown)))}")
        if "from" not in obj or "to" not in obj:
            raise InvalidMove("a move needs both 'from' and 'to'")
        count = obj.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 13:
            raise InvalidMove(f"a move's count must be a whole number from 1 to 13, not {quote(count)}")
        source, dest = obj["from"], obj["to"]
        if not isinstance(source, str) or not isinstance(dest, str):
            raise InvalidMove("a move's 'from' and 'to' must be pile names")
        try:
            source_pile = Pile.parse(source)
            if dest.strip().lower() == FOUNDATION:
                return PendingFoundationMove(source_pile, count)
            return cls(source_pile, Pile.parse(dest), count)
        except InvalidPile as error:
            raise InvalidMove(str(error)) from None

    def __str__(self) -> str:
        return f"{self.source}-{self.dest}" + (f"x{self.size}" if self.size != 1 else "")

    def __repr__(self) -> str:
        return f"Move({self.source!r}, {self.dest!r}, {self.size})"


class PendingFoundationMove(NamedTuple):
    """A move to ``found`` whose foundation depends on the card that moves."""

    source: Pile
    size: int = 1
