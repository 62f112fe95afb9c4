"""How hard is a deal? A rating from 1 (easy) to 5 (hard) for every deal the solver
proves winnable, from the work the proof took and the length of the winning line.

The solver searches depth first, best-looking move first. On a deal with many ways to
win, its first tries lead straight home and it expands about as many positions as the
line has moves; on a deal with one narrow way through, it backs out of dead end after dead
end first. That count of positions expanded (``nodes``) is deterministic: the same on
every machine and at any speed, never a time. The formula (docs/player-guide.md, "Deal rating")::

    work   = nodes x moves / 85          (85: the length of a typical winning line)
    rating = 1 if work < 32, 2 if < 64, 3 if < 128, 4 if < 256, else 5

so each step up means twice the work. The thresholds split about 600 winnable deals of
the three difficulties into five groups of roughly equal size; ``benchmarks/rating.py``
checks the order against the win rate of a randomised greedy player on each group.
A deal the solver proves lost, or cannot decide within :data:`RATE_MAX_NODES`, has no
rating. No pygame here.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

from seahaven.engine.position import APP_RULES, Position, Rules
from seahaven.engine.solver import Progress, Result, solve

RATE_MAX_NODES = 200_000
"""The work allowed to prove a deal before it is left unrated (a fixed count, never time)."""
TYPICAL_LINE = 85
"""The length of a typical winning line; ``work`` is scaled by the line's length over it."""
THRESHOLDS = (32, 64, 128, 256)
"""``work`` below the first is rated 1, below the second 2, and so on; above the last, 5."""
STARS = 5


@dataclass(frozen=True, slots=True)
class Rating:
    """A deal's rating: ``stars`` from 1 to 5, from ``nodes`` (positions the solver
    expanded to prove it) and ``moves`` (the length of the winning line it found)."""

    stars: int
    nodes: int
    moves: int

    @property
    def work(self) -> float:
        return work(self.nodes, self.moves)

    def to_json(self) -> dict[str, int]:
        return {"stars": self.stars, "nodes": self.nodes, "moves": self.moves}


def work(nodes: int, moves: int) -> float:
    """The work of a proof: positions expanded, scaled by the line's length over a typical one."""
    return max(1, nodes) * max(1, moves) / TYPICAL_LINE


def stars(nodes: int, moves: int) -> int:
    """The rating (1 to 5) of a proof that expanded ``nodes`` positions for a ``moves``-move line."""
    amount = work(nodes, moves)
    for value, limit in enumerate(THRESHOLDS, 1):
        if amount < limit:
            return value
    return STARS


def rating_of(result: Result) -> Rating | None:
    """The rating of a solver result: None unless it proved a win."""
    if not result.won:
        return None
    moves = len(result.line)
    return Rating(stars(result.nodes, moves), result.nodes, moves)


def rate(
    position: Position,
    rules: Rules = APP_RULES,
    *,
    max_nodes: int = RATE_MAX_NODES,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> Rating | None:
    """Prove ``position`` winnable within ``max_nodes`` and rate it; None when the solver
    proves it lost or cannot decide within the budget (or is cancelled)."""
    result = solve(position, rules, max_nodes=max_nodes, max_seconds=math.inf, cancel=cancel, progress=progress)
    return rating_of(result)
