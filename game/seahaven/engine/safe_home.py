"""Send safe cards home (issue 37): which cards the setting of that name sends to the
foundations after a move of the player's, and in which order. The finish (``finish.py``)
sends the same cards, and wins when they are all that is left.

A card is safe to send home as soon as it can go there (its foundation holds the card just
below it). In same-suit building the only card that could ever lie on a card is the next
lower card of its suit, and that one is already home when this one can go: left where it
is, the card can only take room. Sending it home frees its place and makes no other move
illegal (a pile loses a top card nothing could be put on; the free cells and the empty
columns, and with them the run limits of both rule sets, only grow), so a winning line from
before it still wins from after it with the card's own moves left out (a run it topped moves
one card shorter). It never turns a winnable position lost; ``tests/engine/test_safe_home.py``
checks that on 1,000 deals per difficulty, with winning lines the rules check move by move.

The cards go one at a time, lowest rank first (then clubs, diamonds, hearts, spades), so they
climb their foundations side by side as a player would send them; a card one of them
uncovers, or the next card of its suit, goes too when its turn comes.
"""

from __future__ import annotations

from seahaven.engine.cards import CELLS, COLUMNS, FOUNDATIONS, SUITS, Card, Move, Pile
from seahaven.engine.position import Position


def safe_moves(position: Position, keep: Card | None = None) -> tuple[Move, ...]:
    """The foundation moves that send every safe card of ``position`` home, one card each,
    lowest rank first, until no card left can go; the empty line when none can. ``keep``:
    a card that stays where it is (the one the player has just taken back from its
    foundation), and so the cards of its suit above it."""
    cells = list(position.cells)
    columns = [list(c) for c in position.columns]
    found = list(position.foundations)
    line: list[Move] = []
    while True:
        best: tuple[int, int, Pile] | None = None
        for i, card in enumerate(cells):
            if card is not None and card != keep:
                s = SUITS.index(card.suit)
                if found[s] == card.rank - 1 and (best is None or (card.rank, s) < best[:2]):
                    best = (card.rank, s, CELLS[i])
        for j, cards in enumerate(columns):
            if cards and cards[-1] != keep:
                card = cards[-1]
                s = SUITS.index(card.suit)
                if found[s] == card.rank - 1 and (best is None or (card.rank, s) < best[:2]):
                    best = (card.rank, s, COLUMNS[j])
        if best is None:
            return tuple(line)
        _rank, s, pile = best
        if pile.is_cell:
            cells[CELLS.index(pile)] = None
        else:
            columns[COLUMNS.index(pile)].pop()
        found[s] += 1
        line.append(Move(pile, FOUNDATIONS[s], 1))


def moved_card(before: Position, move: Move) -> Card | None:
    """The card a take-back brings off its foundation (None for any other move)."""
    return before.top(move.source) if move.source.is_foundation else None
