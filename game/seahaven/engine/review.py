"""Review of a game: the first move after which it could no longer be won (issue 28).

Winnability only falls along a line of moves: a position reached from a winnable one may
be lost, but one reached from a lost position is lost too (every line from it is a line
from the earlier one). So the verdicts after each move read "winnable … winnable, lost …
lost", and the move that lost the game is found by bisection: the solver is asked about
O(log n) positions, not every one. The searches share the positions the earlier ones
proved lost (``dead``), so each proof makes the next cheaper.

The budget is the solver's work (nodes), never a time, so a review is the same on every
machine: a position the solver could not decide within ``max_nodes`` is *undecided*, and
the review then says between which moves the game was lost instead of naming one.

    result = review(positions, APP_RULES)      # positions[0] the start, [k] after move k
    result.lost_at                             # 1-based move, 0 (the start is lost), or None

Nothing here imports pygame; the game runs it in the job runner, the command line
(``seahaven review FILE``) runs it directly.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from seahaven.engine.cards import Move
from seahaven.engine.errors import InvalidRecord, SeahavenError
from seahaven.engine.game import Action
from seahaven.engine.position import Position, Rules
from seahaven.engine.solver import Progress, solve

REVIEW_NODES = 200_000
"""The solver's budget for one position of a review (some seconds of pure Python at
most; a mid-game position is usually decided in a few thousand)."""
REVIEW_TOTAL_NODES = 4_000_000
"""The whole review's budget: once spent, the positions not yet asked stay undecided."""

Verdict = Literal["winnable", "lost", "unknown"]


@dataclass(frozen=True, slots=True)
class Review:
    """What a review found about a line of ``moves`` moves.

    ``last_winnable``: the latest position (0 the start, k after move k) proved winnable,
    -1 if none; ``first_lost``: the earliest proved lost, ``moves + 1`` if none. Between
    them the solver could not decide. ``cancelled``: the review was stopped before the end.
    """

    moves: int
    won: bool
    last_winnable: int
    first_lost: int
    nodes: int = 0
    cancelled: bool = False

    @property
    def decided(self) -> bool:
        """Whether the review knows where the game was lost, or that it never was."""
        return self.first_lost == self.last_winnable + 1

    @property
    def lost_at(self) -> int | None:
        """The move after which the game could no longer be won (1-based), 0 when the start
        cannot be won, None when the last position can still be won (or the review could not
        decide: see :attr:`decided`)."""
        if not self.decided or self.first_lost > self.moves:
            return None
        return self.first_lost

    def verdict(self, index: int) -> Verdict:
        """The verdict on position ``index`` (0 the start, k after move k)."""
        if index <= self.last_winnable:
            return "winnable"
        if index >= self.first_lost:
            return "lost"
        return "unknown"

    @property
    def undecided(self) -> range:
        """The positions (0 the start, k after move k) the review could not decide."""
        return range(self.last_winnable + 1, min(self.first_lost, self.moves + 1))

    def to_json(self) -> dict[str, object]:
        """What ``seahaven review`` prints: ``won``, ``moves``, ``lost_at`` and more."""
        return {
            "won": self.won,
            "moves": self.moves,
            "lost_at": self.lost_at,
            "decided": self.decided,
            "start": self.verdict(0),
            "verdicts": [self.verdict(k) for k in range(1, self.moves + 1)],
            "undecided": list(self.undecided),
            "last_winnable": self.last_winnable if self.last_winnable >= 0 else None,
            "nodes": self.nodes,
        }


def line_positions(start: Position, moves: Sequence[object], rules: Rules) -> list[Position]:
    """The start and the position after each of the JSON ``moves`` (a record's), each
    checked; raises InvalidRecord naming the first move that cannot be played."""
    return read_line(start, moves, rules)[0]


def read_line(start: Position, moves: Sequence[object], rules: Rules) -> tuple[list[Position], list[Move]]:
    """The start and the position after each of the JSON ``moves`` (a record's), and those
    moves read (a move ``to: "found"`` made the move to the card's foundation), each checked;
    raises InvalidRecord naming the first move that cannot be played."""
    positions = [start]
    played: list[Move] = []
    position = start
    for k, raw in enumerate(moves, 1):
        try:
            move = position.resolve(Move.from_json(raw))
            position = position.play(move, rules)
        except SeahavenError as error:
            raise InvalidRecord(f"move {k}: {error}") from None
        positions.append(position)
        played.append(move)
    return positions, played


def review(
    positions: Sequence[Position],
    rules: Rules,
    *,
    max_nodes: int = REVIEW_NODES,
    max_total_nodes: int = REVIEW_TOTAL_NODES,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> Review:
    """Find the first position of the line (``positions[0]`` the start, ``[k]`` after move
    k) that can no longer be won. The last position first (a game still winnable needs one
    search), then the start, then bisection between the latest winnable and the earliest
    lost; a position left undecided is stepped around (the one nearest the middle that is
    not yet asked), so one hard position does not stop the review."""
    moves = len(positions) - 1
    if moves < 0:
        raise ValueError("a review needs at least the start position")
    won = positions[-1].is_won
    if won:
        return Review(moves, True, moves, moves + 1)
    low, high = -1, moves + 1  # latest proved winnable, earliest proved lost
    asked: set[int] = set()
    dead: set[bytes] = set()
    spent = 0
    stopped = False

    def ask(index: int) -> None:
        nonlocal low, high, spent, stopped
        asked.add(index)
        result = solve(positions[index], rules, max_nodes=max_nodes, max_seconds=math.inf,
                       cancel=cancel, progress=progress, dead=dead)
        spent += result.nodes
        stopped = result.cancelled
        if result.won:
            low = max(low, index)
        elif result.lost:
            high = min(high, index)

    ask(moves)  # undecided, the whole line is bisected all the same
    if low != moves and 0 not in asked and not stopped:
        ask(0)
    while not stopped and spent < max_total_nodes and high > low + 1:
        index = _nearest_unasked(low, high, asked)
        if index is None:
            break
        ask(index)
    return Review(moves, False, low, high, spent, stopped)


def _nearest_unasked(low: int, high: int, asked: set[int]) -> int | None:
    """The position strictly between ``low`` and ``high`` nearest their middle that was not
    asked yet, or None."""
    middle = (low + high) // 2
    for step in range(high - low):
        for index in (middle - step, middle + step + 1):
            if low < index < high and index not in asked:
                return index
    return None


def review_line(
    line: Callable[[], Sequence[Action]],
    start: Position,
    moves: int,
    rules: Rules,
    *,
    max_nodes: int = REVIEW_NODES,
    max_total_nodes: int = REVIEW_TOTAL_NODES,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> Review:
    """:func:`review` of the first ``moves`` moves of a game's line, given as
    :meth:`Game.line_snapshot` gives it (so the loop's thread takes it at a cost that does
    not grow with the game, and the positions are listed on the worker's)."""
    actions = line()[:moves]
    positions = [start, *(action.after for action in actions)]
    return review(positions, rules, max_nodes=max_nodes, max_total_nodes=max_total_nodes, cancel=cancel,
                  progress=progress)
