"""Auto-finish (issue 17): whether every card left can go home one by one, with no other
move, and with which moves.

A card can go home when it is on top of its column or in a cell and its foundation is one
rank below it. Sending a card home never makes another card unable to go home (it only
uncovers cards and raises one foundation), so if any order of foundation moves finishes
the game, then every greedy order does: one pass that always plays some card that can go
home decides it. That pass is :func:`~seahaven.engine.safe_home.safe_moves`, the cards
Send safe cards home sends (lowest rank first, then clubs, diamonds, hearts, spades): the
game can finish when it leaves no card out. The front end offers "Finish" when
:func:`finishing_moves` gives a line, and plays it as ordinary moves (recorded, scored,
undoable).
"""

from __future__ import annotations

from seahaven.engine.cards import Move
from seahaven.engine.position import APP_RULES, Position, Rules
from seahaven.engine.safe_home import safe_moves


def finishing_moves(position: Position, rules: Rules = APP_RULES) -> tuple[Move, ...] | None:
    """The foundation moves that win from ``position`` with no other kind of move, one card
    each, lowest rank first; ``None`` when some card left cannot get home that way. A won
    position gives the empty line."""
    del rules  # a single card to its foundation is legal under every rule set
    line = safe_moves(position)
    return line if sum(position.foundations) + len(line) == 52 else None


def can_finish(position: Position, rules: Rules = APP_RULES) -> bool:
    """Not won yet, and every card left can go home one by one (``finishing_moves``)."""
    return not position.is_won and finishing_moves(position, rules) is not None
