"""A game's moves as compact text, for the history (one line per ended game).

Each move is one token: the pile it leaves and the pile it goes to, one character each,
then the number of cards when more than one moves. Columns are ``1``..``9`` and ``0``
(column 10), cells ``a``..``d``, foundations ``C D H S``. Tokens are separated by a
space::

    "3a 37 a7 4H 583"   # col3->cell1, col3->col7, cell1->col7, col4->found-H, 3 cards col5->col8

About three bytes a move: a 100-move game takes some 300 bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from seahaven.engine.cards import CELLS, COLUMNS, FOUNDATIONS, Move, Pile
from seahaven.engine.errors import InvalidMove

_CHAR: dict[Pile, str] = {pile: str(n % 10) for n, pile in enumerate(COLUMNS, 1)}
_CHAR.update({pile: "abcd"[n] for n, pile in enumerate(CELLS)})
_CHAR.update({pile: str(pile.key) for pile in FOUNDATIONS})
_PILE: dict[str, Pile] = {char: pile for pile, char in _CHAR.items()}


def move_token(move: Move) -> str:
    """One move as its token: ``"37"``, ``"583"`` (3 cards)."""
    return _CHAR[move.source] + _CHAR[move.dest] + (str(move.size) if move.size != 1 else "")


def moves_text(moves: Iterable[Move]) -> str:
    """The moves as text (an empty string for none)."""
    return " ".join(move_token(move) for move in moves)


def parse_token(token: str) -> Move:
    """Read one token; raises :class:`InvalidMove` saying why."""
    if len(token) < 2 or token[0] not in _PILE or token[1] not in _PILE:
        raise InvalidMove(f"{token[:12]!r} is not a move (expected like 37, 3a or 583)")
    count = token[2:]
    if count and not (count.isascii() and count.isdigit() and 2 <= int(count) <= 13):
        raise InvalidMove(f"{token[:12]!r}: the number of cards must be 2 to 13")
    return Move(_PILE[token[0]], _PILE[token[1]], int(count) if count else 1)


def parse_moves(text: str) -> tuple[Move, ...]:
    """Read a text of moves (as :func:`moves_text` writes it); raises :class:`InvalidMove`."""
    if not isinstance(text, str):
        raise InvalidMove("the moves must be text")
    return tuple(parse_token(token) for token in text.split())
