"""Positions and the rules of Seahaven Towers: what is on the table and what may move.

A :class:`Position` is immutable; :meth:`Position.apply` returns a new one. Legality is
a question asked of a position under a :class:`Rules` value: ``move in
position.legal_moves(rules)``, or :meth:`Position.why_illegal` for the reason (as data).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from seahaven.engine.cards import (
    CELLS,
    COLUMN_COUNT,
    COLUMNS,
    DECK,
    FOUNDATIONS,
    KING,
    MAX_CELLS,
    RANKS,
    SUITS,
    Card,
    Move,
    PendingFoundationMove,
    Pile,
    foundation,
)
from seahaven.engine.errors import InvalidCard, InvalidPosition, quote
from seahaven.engine.reasons import IllegalMove, Reason, Why

RunLimit = Literal["app", "classic"]

CELL_COUNTS = (4, 2, 1)
"""The difficulties: Easy has 4 cells, Medium 2, Hard 1."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule set, as data.

    ``run_limit``: ``"app"`` lets a run of (free cells + 1) x 2^(empty columns) move, an
    empty destination column not counting; ``"classic"`` (PySolFC, Aisleriot) caps runs
    at free cells + 1. ``kings_only``: an empty column takes only a King or a King-led run.
    The number of cells is part of the position (each difficulty deals its own).
    """

    run_limit: RunLimit = "app"
    kings_only: bool = True

    def __post_init__(self) -> None:
        if self.run_limit not in ("app", "classic"):
            raise ValueError(f"unknown run limit {self.run_limit!r} (expected 'app' or 'classic')")

    def limit(self, free_cells: int, empty_columns: int) -> int:
        """How many cards may move as one run with these free cells and empty columns."""
        if self.run_limit == "classic":
            return free_cells + 1
        return (free_cells + 1) << empty_columns


APP_RULES = Rules()
CLASSIC_RULES = Rules(run_limit="classic")


def run_length(cards: Sequence[Card]) -> int:
    """Length of the same-suit run of consecutive ranks at the top of ``cards``."""
    n = len(cards)
    if n == 0:
        return 0
    length = 1
    upper = cards[-1]
    for i in range(n - 2, -1, -1):
        lower = cards[i]
        if lower.suit != upper.suit or lower.rank != upper.rank + 1:
            break
        length += 1
        upper = lower
    return length


_ALL_PILES: tuple[Pile, ...] = CELLS + FOUNDATIONS + COLUMNS
"""Piles by id: cells 0-3, foundations 4-7 (C D H S), columns 8-17."""
_COLUMN_ID = tuple(range(MAX_CELLS + 4, MAX_CELLS + 4 + COLUMN_COUNT))
_FOUNDATION_ID = tuple(range(MAX_CELLS, MAX_CELLS + 4))
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_CARD = tuple(tuple(Card(rank, suit) for rank in range(1, KING + 1)) for suit in SUITS)
"""``_CARD[suit index][rank - 1]``."""
_UP: dict[Card, Card | None] = {card: (Card(card.rank + 1, card.suit) if card.rank < KING else None) for card in DECK}
_MOVES = cast("list[list[list[Move]]]", [
    [
        [None] + [Move(src, dst, n) for n in range(1, (KING if src.is_column and dst.is_column else 1) + 1)]
        for dst in _ALL_PILES
    ]
    for src in _ALL_PILES
])
"""``_MOVES[source id][dest id][count]``: every move made once, shared by all positions.
Only a column's run onto a column moves more than one card. Slot 0 of each list (no
cards) is None and never read, so the type says what is read: a move."""


class Position:
    """Cards in the cells, the foundations' heights and the ten columns (bottom card first)."""

    __slots__ = ("_hash", "cells", "columns", "foundations")

    cells: tuple[Card | None, ...]
    foundations: tuple[int, ...]
    """The four foundations' heights (0..13), in ``SUITS`` order."""
    columns: tuple[tuple[Card, ...], ...]

    def __init__(
        self,
        cells: Sequence[Card | None],
        foundations: Sequence[int],
        columns: Sequence[Sequence[Card]],
    ) -> None:
        self.cells = tuple(cells)
        self.foundations = tuple(foundations)
        self.columns = tuple(tuple(c) for c in columns)
        self._hash: int | None = None

    # -- value semantics ---------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.columns == other.columns
            and self.cells == other.cells
            and self.foundations == other.foundations
        )

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.cells, self.foundations, self.columns))
        return self._hash

    def __repr__(self) -> str:
        return f"Position.from_json({self.to_json()!r})"

    def key(self) -> tuple[Any, ...]:
        """Identity for "seen before": which cell holds which card does not matter."""
        cells = tuple(sorted(card.ordinal for card in self.cells if card is not None))
        return (cells, self.foundations, self.columns)

    # -- reading the table -------------------------------------------------------------

    @property
    def cell_count(self) -> int:
        return len(self.cells)

    @property
    def free_cells(self) -> int:
        return self.cells.count(None)

    @property
    def empty_columns(self) -> int:
        return sum(1 for c in self.columns if not c)

    @property
    def is_won(self) -> bool:
        return self.foundations == (13, 13, 13, 13)

    def piles(self) -> tuple[Pile, ...]:
        """Every pile of this position: its cells, the foundations, the columns."""
        return CELLS[: self.cell_count] + FOUNDATIONS + COLUMNS

    def has_pile(self, pile: Pile) -> bool:
        return not pile.is_cell or int(pile.key) <= self.cell_count

    def cards(self, pile: Pile) -> tuple[Card, ...]:
        """The cards of ``pile`` that can be seen, bottom first; a foundation shows its top."""
        if pile.kind == "col":
            return self.columns[int(pile.key) - 1]
        if pile.kind == "cell":
            i = int(pile.key) - 1
            card = self.cells[i] if i < len(self.cells) else None
            return () if card is None else (card,)
        rank = self.foundations[SUITS.index(str(pile.key))]
        return () if rank == 0 else (Card(rank, str(pile.key)),)

    def top(self, pile: Pile) -> Card | None:
        cards = self.cards(pile)
        return cards[-1] if cards else None

    def find(self, card: Card) -> tuple[Pile, int] | None:
        """Where ``card`` lies (its pile and index from the bottom), or None if on a foundation
        below the top."""
        for pile, cards in zip(COLUMNS, self.columns):
            if card in cards:
                return pile, cards.index(card)
        for pile, c in zip(CELLS, self.cells):
            if c == card:
                return pile, 0
        if self.foundations[SUITS.index(card.suit)] == card.rank:
            return foundation(card.suit), 0
        return None

    def pickup_limit(self, rules: Rules) -> int:
        """How many cards a run may have to be picked up (every empty column counts)."""
        return rules.limit(self.free_cells, self.empty_columns)

    def drop_limit(self, rules: Rules, dest: Pile) -> int:
        """How many cards may be dropped on ``dest`` (an empty destination does not count)."""
        empty = self.empty_columns
        if dest.is_column and not self.columns[int(dest.key) - 1]:
            empty -= 1
        return rules.limit(self.free_cells, empty)

    # -- legality ----------------------------------------------------------------------

    def legal_moves(self, rules: Rules = APP_RULES) -> list[Move]:
        """Every legal move, take-backs and cell-to-cell moves included.

        The hot path of the solver and the stuck check: moves come from a precomputed
        table and the one card a card can go on is looked up, not searched for.
        """
        moves: list[Move] = []
        append = moves.append
        columns = self.columns
        cells = self.cells
        found = self.foundations
        free_cells = [i for i, c in enumerate(cells) if c is None]
        empty = [_COLUMN_ID[j] for j in range(COLUMN_COUNT) if not columns[j]]
        pickup = rules.limit(len(free_cells), len(empty))
        to_empty = rules.limit(len(free_cells), len(empty) - 1) if empty else 0
        any_to_empty = not rules.kings_only
        # the column each exposed card lies on, to find a same-suit home one rank up
        tops: dict[Card | None, int] = {c[-1]: _COLUMN_ID[j] for j, c in enumerate(columns) if c}
        table = _MOVES

        for j in range(COLUMN_COUNT):
            cards = columns[j]
            if not cards:
                continue
            by_dest = table[_COLUMN_ID[j]]
            top = cards[-1]
            s = _SUIT_INDEX[top.suit]
            if found[s] == top.rank - 1:
                append(by_dest[_FOUNDATION_ID[s]][1])
            for i in free_cells:
                append(by_dest[i][1])
            upper = None
            for count in range(1, min(len(cards), pickup) + 1):
                head = cards[-count]
                if upper is not None and (head.suit != upper.suit or head.rank != upper.rank + 1):
                    break
                dest = tops.get(_UP[head])
                if dest is not None:
                    append(by_dest[dest][count])
                if (head.rank == KING or any_to_empty) and count <= to_empty:
                    for dest in empty:
                        append(by_dest[dest][count])
                upper = head

        for i, card in enumerate(cells):
            if card is None:
                continue
            by_dest = table[i]
            s = _SUIT_INDEX[card.suit]
            if found[s] == card.rank - 1:
                append(by_dest[_FOUNDATION_ID[s]][1])
            for f in free_cells:
                append(by_dest[f][1])
            dest = tops.get(_UP[card])
            if dest is not None:
                append(by_dest[dest][1])
            if (card.rank == KING or any_to_empty) and to_empty >= 1:
                for dest in empty:
                    append(by_dest[dest][1])

        for s, rank in enumerate(found):
            if rank == 0:
                continue
            by_dest = table[_FOUNDATION_ID[s]]
            for f in free_cells:
                append(by_dest[f][1])
            card = _CARD[s][rank - 1]
            dest = tops.get(_UP[card])
            if dest is not None:
                append(by_dest[dest][1])
            if (rank == KING or any_to_empty) and to_empty >= 1:
                for dest in empty:
                    append(by_dest[dest][1])
        return moves

    def why_illegal(self, move: Move, rules: Rules = APP_RULES) -> Reason | None:
        """None if ``move`` is legal here, else why not (as data; ``str()`` of it is English)."""
        source, dest, count = move
        if source == dest:
            return Reason(Why.SAME_PILE)
        for pile in (source, dest):
            if not self.has_pile(pile):
                return Reason(Why.NO_SUCH_PILE, pile, count=self.cell_count)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            return Reason(Why.NO_CARDS)
        cards = self.cards(source)
        if not cards:
            return Reason(Why.EMPTY, source)
        if count > 1 and not source.is_column:
            return Reason(Why.ONE_FROM_PILE, source)
        if count > len(cards):
            return Reason(Why.TOO_FEW_CARDS, source, count=len(cards))
        if count > 1:
            if run_length(cards) < count:
                return Reason(Why.NOT_A_RUN, source, count=count)
            pickup = self.pickup_limit(rules)
            if count > pickup:
                return Reason(Why.TOO_MANY, source, count=count, limit=pickup)
        head = cards[-count]

        if dest.is_foundation:
            if source.is_foundation:
                return Reason(Why.FOUNDATION_TO_FOUNDATION)
            if count > 1:
                return Reason(Why.ONE_AT_A_TIME)
            if head.suit != dest.key:
                return Reason(Why.WRONG_FOUNDATION, foundation(head.suit), head)
            have = self.foundations[SUITS.index(head.suit)]
            if head.rank != have + 1:
                return Reason(Why.NOT_NEXT, dest, Card(have + 1, head.suit))
            return None

        if dest.is_cell:
            if count > 1:
                return Reason(Why.CELL_HOLDS_ONE)
            if self.cells[int(dest.key) - 1] is not None:
                return Reason(Why.CELL_TAKEN, dest)
            return None

        target = self.columns[int(dest.key) - 1]
        if not target:
            if rules.kings_only and head.rank != KING:
                return Reason(Why.KINGS_ONLY)
            limit = self.drop_limit(rules, dest)
            if count > limit:
                return Reason(Why.EMPTY_COLUMN_LIMIT, dest, count=count, limit=limit)
            return None
        under = target[-1]
        if under.suit != head.suit or under.rank != head.rank + 1:
            if head.rank == KING:
                return Reason(Why.KING_TO_EMPTY, card=head)
            return Reason(Why.ONLY_ON, card=head, target=Card(head.rank + 1, head.suit))
        return None

    def is_legal(self, move: Move, rules: Rules = APP_RULES) -> bool:
        return self.why_illegal(move, rules) is None

    def check(self, move: Move, rules: Rules = APP_RULES) -> None:
        """Raise :class:`IllegalMove` with the reason if ``move`` is not legal here."""
        reason = self.why_illegal(move, rules)
        if reason is not None:
            raise IllegalMove(reason)

    def resolve(self, move: Move | PendingFoundationMove) -> Move:
        """Turn a move ``to: "found"`` into a move to the moving card's foundation."""
        if isinstance(move, Move):
            return move
        cards = self.cards(move.source) if self.has_pile(move.source) else ()
        if not cards or move.size > len(cards):
            # nothing to resolve against: any foundation gives the same refusal
            return Move(move.source, FOUNDATIONS[0], move.size)
        return Move(move.source, foundation(cards[-move.size].suit), move.size)

    def apply(self, move: Move) -> Position:
        """The position after ``move``, which must be legal (use :meth:`play` to check)."""
        source, dest, count = move
        columns = list(self.columns)
        cells = list(self.cells)
        found = list(self.foundations)
        if source.kind == "col":
            j = int(source.key) - 1
            moving = columns[j][-count:]
            columns[j] = columns[j][:-count]
        elif source.kind == "cell":
            i = int(source.key) - 1
            moving = (cells[i],)  # type: ignore[assignment]  # a legal move from a cell finds a card there
            cells[i] = None
        else:
            s = SUITS.index(str(source.key))
            moving = (Card(found[s], SUITS[s]),)
            found[s] -= 1
        if dest.kind == "col":
            j = int(dest.key) - 1
            columns[j] = columns[j] + moving
        elif dest.kind == "cell":
            cells[int(dest.key) - 1] = moving[0]
        else:
            found[SUITS.index(moving[0].suit)] += 1
        # every column is a tuple already: build the position without copying them again
        after = object.__new__(Position)
        after.cells, after.foundations, after.columns, after._hash = (
            tuple(cells), tuple(found), tuple(columns), None)
        return after

    def play(self, move: Move, rules: Rules = APP_RULES) -> Position:
        """Check ``move`` and return the position after it."""
        self.check(move, rules)
        return self.apply(move)

    # -- text forms ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON position of SPEC 12."""
        return {
            "cells": [None if c is None else str(c) for c in self.cells],
            "foundations": dict(zip(SUITS, self.foundations)),
            "columns": [[str(c) for c in col] for col in self.columns],
        }

    @classmethod
    def from_json(cls, obj: object) -> Position:
        """Read and validate a JSON position; raise :class:`InvalidPosition` saying why."""
        if not isinstance(obj, dict):
            raise InvalidPosition(f"a position must be a JSON object, not {_type_name(obj)}")
        unknown = set(obj) - {"cells", "foundations", "columns"}
        if unknown:
            raise InvalidPosition(f"a position has unknown field(s): {', '.join(sorted(map(str, unknown)))}")
        for name in ("cells", "foundations", "columns"):
            if name not in obj:
                raise InvalidPosition(f"a position needs '{name}'")
        raw_cells, raw_found, raw_columns = obj["cells"], obj["foundations"], obj["columns"]
        if not isinstance(raw_cells, list) or len(raw_cells) not in CELL_COUNTS:
            raise InvalidPosition("'cells' must be a list of 4, 2 or 1 entries")
        cells = [None if c is None else read_card(c, "a cell") for c in raw_cells]
        if not isinstance(raw_found, dict) or set(raw_found) != set(SUITS):
            raise InvalidPosition("'foundations' must give a height for each of C, D, H and S")
        found = []
        for suit in SUITS:
            height = raw_found[suit]
            if isinstance(height, str) and len(height) == 1 and height.upper() in RANKS:
                height = RANKS.index(height.upper()) + 1
            if isinstance(height, bool) or not isinstance(height, int) or not 0 <= height <= 13:
                raise InvalidPosition(f"the {suit} foundation's height must be 0 to 13, not {quote(height)}")
            found.append(height)
        if not isinstance(raw_columns, list) or len(raw_columns) != COLUMN_COUNT:
            raise InvalidPosition(f"'columns' must be a list of {COLUMN_COUNT} columns")
        columns = []
        for n, col in enumerate(raw_columns, 1):
            if not isinstance(col, list):
                raise InvalidPosition(f"column {n} must be a list of cards")
            columns.append([read_card(c, f"column {n}") for c in col])
        position = cls(cells, found, columns)
        position.validate()
        return position

    def validate(self) -> None:
        """Raise :class:`InvalidPosition` unless every card of the deck is here exactly once."""
        seen: dict[Card, str] = {}
        places = [(c, f"cell {i}") for i, c in enumerate(self.cells, 1) if c is not None]
        places += [(c, f"column {j}") for j, col in enumerate(self.columns, 1) for c in col]
        for s, height in enumerate(self.foundations):
            places += [(Card(r, SUITS[s]), f"the {SUITS[s]} foundation") for r in range(1, height + 1)]
        for card, where in places:
            if card in seen:
                raise InvalidPosition(f"the {card.name} ({card}) is both in {seen[card]} and in {where}")
            seen[card] = where
        if len(seen) != len(DECK):
            missing = [str(c) for c in DECK if c not in seen]
            raise InvalidPosition(f"{len(missing)} card(s) missing: {' '.join(missing)}")
        if len(self.cells) > MAX_CELLS:
            raise InvalidPosition("a position has at most 4 cells")


def _type_name(obj: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", type(None): "null"}.get(
        type(obj), type(obj).__name__
    )


def read_card(text: object, where: str) -> Card:
    """The card ``text`` names, found at ``where`` (in words, for the error): a board's reading."""
    if not isinstance(text, str):
        raise InvalidPosition(f"{where} holds {_type_name(text)} where a card like 'TH' was expected")
    try:
        return Card.parse(text)
    except InvalidCard as error:
        raise InvalidPosition(f"{where}: {error}") from None


def new_position(cell_count: int, cards: Iterable[Card]) -> Position:
    """Deal ``cards`` (52, in deck order after shuffling) as SPEC 3 step 5 and SPEC 2 say."""
    deck = list(cards)
    columns: list[list[Card]] = [[] for _ in range(COLUMN_COUNT)]
    for k in range(50):
        columns[k % COLUMN_COUNT].append(deck[k])
    extra = deck[50:52]
    cells: list[Card | None] = [None] * cell_count
    if cell_count == 1:
        cells[0] = extra[0]
        columns[1].append(extra[1])
    else:
        cells[0], cells[1] = extra
    return Position(cells, (0, 0, 0, 0), columns)
