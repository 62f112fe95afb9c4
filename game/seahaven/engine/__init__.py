"""The rules of Seahaven Towers, with no display code: cards, piles, moves, positions,
game codes, games with undo and scoring, and what each gesture means.

Nothing here imports pygame; the front end, the solver and the command line all ask
this package what is legal.
"""

from seahaven.engine.cards import (
    CELLS,
    COLUMNS,
    DECK,
    FOUNDATIONS,
    RANKS,
    SUITS,
    Card,
    Move,
    PendingFoundationMove,
    Pile,
    cell,
    column,
    foundation,
)
from seahaven.engine.codes import DEAL_COUNT, GameCode, deal_position
from seahaven.engine.errors import (
    InvalidCard,
    InvalidCode,
    InvalidMove,
    InvalidPile,
    InvalidPosition,
    InvalidRecord,
    SeahavenError,
)
from seahaven.engine.finish import can_finish, finishing_moves
from seahaven.engine.game import UNDO_LIMIT, WIN_BONUS, Action, Game
from seahaven.engine.position import APP_RULES, CELL_COUNTS, CLASSIC_RULES, Position, Rules, run_length
from seahaven.engine.reasons import CannotLift, IllegalMove, Reason, Why

__all__ = [
    "APP_RULES",
    "CELLS",
    "CELL_COUNTS",
    "CLASSIC_RULES",
    "COLUMNS",
    "DEAL_COUNT",
    "DECK",
    "FOUNDATIONS",
    "RANKS",
    "SUITS",
    "UNDO_LIMIT",
    "WIN_BONUS",
    "Action",
    "CannotLift",
    "Card",
    "Game",
    "GameCode",
    "IllegalMove",
    "InvalidCard",
    "InvalidCode",
    "InvalidMove",
    "InvalidPile",
    "InvalidPosition",
    "InvalidRecord",
    "Move",
    "PendingFoundationMove",
    "Pile",
    "Position",
    "Reason",
    "Rules",
    "SeahavenError",
    "Why",
    "can_finish",
    "cell",
    "column",
    "deal_position",
    "finishing_moves",
    "foundation",
    "run_length",
]
