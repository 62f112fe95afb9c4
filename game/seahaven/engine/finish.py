"""Auto-finish (issue 17): whether every card left can go home one by one, with no other
move, and with which moves.

A card can go home when it is on top of its column or in a cell and its foundation is one
rank below it. Sending a card home never makes another card unable to go home (it only
uncovers cards and raises one foundation), so if any order of foundation moves finishes
the game, then every greedy order does: one pass that always plays some card that can go
home decides it. The order chosen is the lowest rank first (then clubs, diamonds,
hearts, spades), so the cards climb their foundations side by side, as a player would
send them. The front end offers "Finish" when :func:`finishing_moves` gives a line, and
plays it as ordinary moves (recorded, scored, undoable).
"""

from __future__ import annotations

from seahaven.engine.cards import CELLS, COLUMNS, FOUNDATIONS, SUITS, Move, Pile
from seahaven.engine.position import APP_RULES, Position, Rules


def finishing_moves(position: Position, rules: Rules = APP_RULES) -> tuple[Move, ...] | None:
    """The foundation moves that win from ``position`` with no other kind of move, one card
    each, lowest rank first; ``None`` when some card left cannot get home that way. A won
    position gives the empty line."""
    del rules  # a single card to its foundation is legal under every rule set
    cells = list(position.cells)
    columns = [list(c) for c in position.columns]
    found = list(position.foundations)
    line: list[Move] = []
    while sum(found) < 52:
        best: tuple[int, int, Pile] | None = None
        for i, card in enumerate(cells):
            if card is not None:
                s = SUITS.index(card.suit)
                if found[s] == card.rank - 1 and (best is None or (card.rank, s) < best[:2]):
                    best = (card.rank, s, CELLS[i])
        for j, cards in enumerate(columns):
            if cards:
                card = cards[-1]
                s = SUITS.index(card.suit)
                if found[s] == card.rank - 1 and (best is None or (card.rank, s) < best[:2]):
                    best = (card.rank, s, COLUMNS[j])
        if best is None:
            return None
        _rank, s, pile = best
        if pile.is_cell:
            cells[CELLS.index(pile)] = None
        else:
            columns[COLUMNS.index(pile)].pop()
        found[s] += 1
        line.append(Move(pile, FOUNDATIONS[s], 1))
    return tuple(line)


def can_finish(position: Position, rules: Rules = APP_RULES) -> bool:
    """Not won yet, and every card left can go home one by one (``finishing_moves``)."""
    return not position.is_won and finishing_moves(position, rules) is not None
