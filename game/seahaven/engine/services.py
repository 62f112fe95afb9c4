"""What the game asks of the solver: a hint, whether the game is lost and how many undos
lead back to a position that can still be won, and deals proved winnable (SPEC 7, 8).

Each call reads what it needs from the game at once (positions are immutable), so it may
run in a worker thread (see :mod:`seahaven.engine.solver_thread`) while the player plays on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from seahaven.engine.cards import Move
from seahaven.engine.codes import DEAL_COUNT, GameCode
from seahaven.engine.game import Game
from seahaven.engine.position import APP_RULES, Position, Rules
from seahaven.engine.solver import DEFAULT_MAX_NODES, Progress, Status, solve

HINT_SECONDS = 2.0
LOST_SECONDS = 2.0
"""Time budget for one position when looking for the way back (each undo depth)."""
DEAL_SECONDS = 2.0
DEMO_SECONDS = 5.0


class NoWayBack(Enum):
    """Why a lost game's :class:`LossReport` names no number of undos."""

    CANCELLED = "cancelled"
    """The search was cancelled ``depth`` undos back."""
    OUT_OF_TIME = "out-of-time"
    """The solver ran out of time ``depth`` undos back."""
    BEYOND_WINDOW = "beyond-window"
    """No winnable position within the ``window`` undos the game allows."""
    DEAL_LOST = "deal-lost"
    """Every position back to the deal was proved lost: the deal itself cannot be won."""


DEAL_LOST = NoWayBack.DEAL_LOST


class Undecided(TimeoutError):
    """The solver's budget ran out (or it was cancelled) before it could say."""


def hint(
    game: Game,
    *,
    max_seconds: float = HINT_SECONDS,
    max_nodes: int | None = None,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> Move | None:
    """The first move of a winning line from the game's position, or None when the solver
    proved there is no winning line. Raises :class:`Undecided` when the budget runs out.
    Only answers: a hint is counted by whoever shows it to the player."""
    position, rules = game.position, game.rules
    budget = DEFAULT_MAX_NODES if max_nodes is None else max_nodes
    result = solve(position, rules, max_nodes=budget, max_seconds=max_seconds, cancel=cancel, progress=progress)
    if result.unknown:
        raise Undecided("no answer within the solver's budget")
    if result.lost or not result.line:
        return None
    return result.line[0]


def winning_line(
    game: Game,
    *,
    max_seconds: float = DEMO_SECONDS,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> tuple[Move, ...] | None:
    """A whole winning line from the game's position (the demo plays it), or None when
    the solver proved there is none. Raises :class:`Undecided` when the budget runs out."""
    result = solve(game.position, game.rules, max_seconds=max_seconds, cancel=cancel, progress=progress)
    if result.unknown:
        raise Undecided("no answer within the solver's budget")
    return result.line if result.won else None


@dataclass(frozen=True, slots=True)
class LossReport:
    """Whether a game can still be won, and if not, the way back.

    ``status``: the current position is ``won`` (winnable), ``lost`` (proved) or ``unknown``.
    When lost, ``undos`` is the smallest number of undos that returns to a position proved
    winnable, or None; then ``reason`` says why (none within the undo window, the solver
    could not decide a position ``depth`` undos back, or the deal itself is lost).
    """

    status: Status
    undos: int | None = None
    reason: NoWayBack | None = None
    window: int = 0
    depth: int = 0
    """How many undos back the search stopped (CANCELLED, OUT_OF_TIME)."""

    @property
    def lost(self) -> bool:
        return self.status == "lost"

    @property
    def deal_lost(self) -> bool:
        """Lost all the way back to the deal: no undo, nor a restart, can win it."""
        return self.lost and self.undos is None and self.reason is NoWayBack.DEAL_LOST


@dataclass(frozen=True, slots=True)
class LineEnd:
    """What :func:`lost` needs of a game, taken at once on the thread that plays it, at a
    cost that does not grow with the game's length: the positions undo can go back to and
    the one now (oldest first, one per action), the rules, how many moves the game has now,
    and whether the oldest is the deal."""

    positions: tuple[Position, ...]
    rules: Rules
    move_count: int
    from_deal: bool
    """The oldest position is the deal itself (undo can go all the way back)."""

    @classmethod
    def of(cls, game: Game) -> LineEnd:
        return cls(game.recent_positions(), game.rules, game.move_count, game.undo_reaches_deal)


def history(game: Game | LineEnd) -> tuple[tuple[Position, ...], int, bool]:
    """The positions undo can reach and the one now, oldest first; how many undos the game
    allows from here (the last ``UNDO_LIMIT`` actions, less any that fell out); and whether
    the oldest of them is the deal."""
    end = game if isinstance(game, LineEnd) else LineEnd.of(game)
    return end.positions, len(end.positions) - 1, end.from_deal


def lost(
    game: Game | LineEnd,
    *,
    max_seconds: float = LOST_SECONDS,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> LossReport:
    """Prove the game lost or not, and find the fewest undos back to a winnable position.

    Winnability only falls along a line (a later position is reachable from an earlier
    one), so the positions are tried from the newest back; each search also skips the
    positions the previous proofs showed lost, which makes the way back cheap.
    """
    positions, window, from_deal = history(game)
    rules = game.rules
    dead: set[bytes] = set()
    result = solve(positions[-1], rules, max_seconds=max_seconds, cancel=cancel, progress=progress, dead=dead)
    if not result.lost:
        return LossReport(result.status, window=window)
    for k in range(1, window + 1):
        result = solve(positions[-1 - k], rules, max_seconds=max_seconds, cancel=cancel, progress=progress, dead=dead)
        if result.won:
            return LossReport("lost", k, window=window)
        if result.unknown:
            why = NoWayBack.CANCELLED if result.cancelled else NoWayBack.OUT_OF_TIME
            return LossReport("lost", None, why, window, depth=k)
    if not from_deal:
        return LossReport("lost", None, NoWayBack.BEYOND_WINDOW, window)
    return LossReport("lost", None, NoWayBack.DEAL_LOST, window)


def deal_verdict(
    code: GameCode,
    rules: Rules = APP_RULES,
    *,
    max_seconds: float = DEAL_SECONDS,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> Status:
    """Whether the deal of ``code`` can be won: ``won`` (the solver found a line), ``lost``
    (proved that none exists) or ``unknown`` (the budget ran out). The New Game window
    asks it about a typed code when only winnable deals are wanted."""
    return solve(code.position(), rules, max_seconds=max_seconds, cancel=cancel, progress=progress).status


def winnable_deal(
    cells: int,
    rules: Rules = APP_RULES,
    *,
    draw: Callable[[], int] | None = None,
    max_seconds: float = DEAL_SECONDS,
    attempts: int = 10_000,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> GameCode:
    """A game code whose deal the solver proved winnable: deal numbers are drawn (from the
    operating system's random source unless ``draw`` is given) until one is.
    Raises :class:`Undecided` if cancelled or if no deal of ``attempts`` was proved winnable."""
    if draw is None:

        def draw() -> int:
            return GameCode.random(cells).deal

    for _ in range(attempts):
        if cancel is not None and cancel.is_set():
            break
        code = GameCode(cells, draw() % DEAL_COUNT)
        if solve(code.position(), rules, max_seconds=max_seconds, cancel=cancel, progress=progress).won:
            return code
    raise Undecided(f"no winnable deal with {cells} cell{'s' if cells > 1 else ''} found")
