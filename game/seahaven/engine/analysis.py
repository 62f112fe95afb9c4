"""The analysis of a game, every move reviewed (issue 38): for each position of a game's
line, whether it can be won, how many of its moves keep it winnable, whether the move played
did and, where it did not, a move that would have.

What counts as a move (SPEC 7, "Analysis"). A position's *choices* are its legal moves, less
those that change nothing lasting, with moves that lead to the same position (up to the order
of cells and of columns) counted once:

* a take-back, a card from cell to cell, a whole king-led column into another empty column, a
  card put into a cell where it can go home, or lifted off the card it lies on when the rest
  of that run cannot follow it into the cells: the solver's forced moves put each back (see
  :mod:`seahaven.engine.solver`), so it keeps the game exactly as winnable as it was and the
  same choice comes again. Such a move is played freely and never counted;
* the top card of a run lifted into a cell when the whole run fits into the free cells is
  the start of "the run into the cells", and is judged by where that leads;
* a card sent home, or a card from a cell onto the card above it, is a *safe* move: it never
  turns a winnable position lost (the solver's proof), so it is a winning choice at no cost.

A position is winnable when a winning line exists; ``winning_moves`` counts its choices that
keep it winnable, up to :data:`WINNING_MOVES_CAP` ("3 or more"). A *critical moment* is a
winnable position where exactly one choice keeps it winnable and at least one other would
lose it; it is *found* when the move played kept the game winnable. A move is *kept* when
it leaves the game winnable from a winnable position; the one that does not is the move that
lost the game, and ``better`` is a move that would have kept it (the solver's first move, or
its first move past the safe ones when that could be played at once and keeps the game
winnable: a card sent home can as well go later, and is no lesson).

Cost, and why it stays small (``benchmarks/analysis.py``): the verdict on every position comes
from :func:`~seahaven.engine.review.review` (bisection, the same answer as ``seahaven review``);
positions after the loss need no search; a safe choice of a winnable position needs none;
the position after the move played is known; the verdicts of choices are kept by the key the
solver gives a position after its forced moves (so a choice met again, from this position or
a neighbour, is not searched twice); and every search shares the positions earlier proofs
showed lost (``dead``), so each proof makes the next cheaper. The budget is the solver's work
(nodes), never a time, so an analysis is the same on every machine; where it runs out the
answer is ``unknown`` (a verdict) or ``None`` (a count).

Incremental and cancellable, for the game's job runner (``on_report`` is called on the
worker's thread, so the reports cross to the loop's through a queue)::

    reports = queue.SimpleQueue()
    jobs.start("analysis", analyse_line, game.line_snapshot(), game.start, game.move_count, game.rules,
               on_report=reports.put, on_done=show_totals, follows_game=False)
    ...each frame: drain ``reports``: a :class:`MoveReport` each (its ``judgement``, its ``better``
    move to draw), in the order they are known
    jobs.cancel("analysis")          # leaving: it stops within a few milliseconds

Nothing here imports pygame; ``seahaven analyse FILE`` runs it directly.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from seahaven.engine.cards import CELLS, Move
from seahaven.engine.game import Action
from seahaven.engine.position import Position, Rules, run_length
from seahaven.engine.review import REVIEW_NODES, REVIEW_TOTAL_NODES, Review, Verdict, review
from seahaven.engine.solver import Progress, Status, settled_key, solve

WINNING_MOVES_CAP = 3
"""``winning_moves`` counts up to this many: 3 means "3 or more"."""
ANALYSIS_NODES = REVIEW_NODES
"""The solver's budget for one choice (as the review's for one position)."""
ANALYSIS_TOTAL_NODES = 4_000_000
"""The budget of the searches beyond the review's (as large as the review's): once spent, the
counts not yet made stay unknown. A game of 150 moves needs a few thousand nodes."""

OnReport = Callable[["MoveReport"], None]
"""Called with each :class:`MoveReport` as soon as it is known (on the analysing thread)."""


class Judgement(Enum):
    """What one move of an analysed game was (lichess's word): the replay's strip shows one
    mark for each."""

    KEPT = "kept"
    """Played from a winnable position, it kept the game winnable."""
    FOUND = "found"
    """A critical moment, and the move played kept the game winnable."""
    MISSED = "missed"
    """A critical moment, and the move played lost the game."""
    LOST_IT = "lost-it"
    """The move that lost the game, from a position where more than one move kept it."""
    AFTER_LOSS = "after-loss"
    """Played after the game was lost (or from a start that could not be won)."""
    UNKNOWN = "unknown"
    """The solver's budget ran out before it could say."""


@dataclass(frozen=True, slots=True)
class MoveReport:
    """The analysis of move ``index + 1`` and the position before it (``index`` 0-based, as
    ``positions[index]`` of ``seahaven analyse``).

    ``before``: that position is ``winnable``, ``lost`` or ``unknown`` (the budget ran out).
    ``winning_moves``: how many of its choices keep it winnable, capped at
    :data:`WINNING_MOVES_CAP`; 0 when lost, None when not known. ``kept``: the move played left
    the game winnable (None when the position before was not winnable, or the one after not
    decided). ``better``: where it did not, a move that would have. ``critical``: exactly one
    choice kept the game winnable, and another would have lost it.
    """

    index: int
    move: Move
    before: Verdict
    winning_moves: int | None
    kept: bool | None
    better: Move | None = None
    critical: bool = False

    @property
    def found(self) -> bool:
        """A critical moment where the move played kept the game winnable."""
        return self.critical and self.kept is True

    @property
    def judgement(self) -> Judgement:
        """What this move was, as the replay's strip of marks shows it."""
        if self.before == "lost":
            return Judgement.AFTER_LOSS
        if self.before == "unknown" or self.kept is None:
            return Judgement.UNKNOWN
        if self.kept:
            return Judgement.FOUND if self.critical else Judgement.KEPT
        return Judgement.MISSED if self.critical else Judgement.LOST_IT

    def to_json(self) -> dict[str, Any]:
        """One entry of ``positions`` in ``seahaven analyse``'s answer."""
        return {
            "move": self.move.to_json(),
            "before": self.before,
            "winning_moves": self.winning_moves,
            "kept": self.kept,
            "better": None if self.better is None else self.better.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of a line of moves: :attr:`review` (where the game was lost, the same
    answer as ``seahaven review``) and one :class:`MoveReport` per move (None where the
    analysis was cancelled before it got there)."""

    review: Review
    reports: tuple[MoveReport | None, ...]
    nodes: int = 0
    """The solver's work beyond the review's."""
    cancelled: bool = False

    @property
    def moves(self) -> int:
        return self.review.moves

    @property
    def won(self) -> bool:
        return self.review.won

    @property
    def lost_at(self) -> int | None:
        """As :attr:`Review.lost_at`: the move after which the game could no longer be won
        (1-based), 0 when the start could not be won, None when it never was lost (or the
        review could not decide)."""
        return self.review.lost_at

    @property
    def complete(self) -> bool:
        """Every move has its report."""
        return all(report is not None for report in self.reports)

    def _done(self) -> list[MoveReport]:
        return [report for report in self.reports if report is not None]

    @property
    def critical(self) -> list[int]:
        """The indices (0-based, as ``positions``) of the critical moments."""
        return [report.index for report in self._done() if report.critical]

    @property
    def found(self) -> list[int]:
        """The critical moments where the move played kept the game winnable."""
        return [report.index for report in self._done() if report.found]

    @property
    def played_while_winnable(self) -> int:
        """How many moves were played from a position that could be won."""
        return sum(1 for report in self._done() if report.before == "winnable")

    @property
    def kept(self) -> int:
        """How many moves kept the game winnable (all of those played while it was, but the
        one that lost it and any the budget left undecided)."""
        return sum(1 for report in self._done() if report.kept is True)

    def to_json(self) -> dict[str, Any]:
        """What ``seahaven analyse`` prints (SPEC 11): ``won``, ``moves``, ``lost_at``,
        ``positions``, ``critical``, ``found``."""
        if not self.complete:
            raise ValueError("the analysis is not complete")
        return {
            "won": self.won,
            "moves": self.moves,
            "lost_at": self.lost_at,
            "positions": [report.to_json() for report in self._done()],
            "critical": self.critical,
            "found": self.found,
        }


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a position: ``move`` (the move a player makes) leads to ``result`` (for
    the top card of a run that fits into the free cells, the whole run in the cells), which
    the solver knows by ``key``; ``safe`` when it can never lose a winnable game."""

    move: Move
    result: Position
    key: bytes
    safe: bool


def is_safe(position: Position, move: Move) -> bool:
    """A card sent home, or a card from a cell onto the card above it: never a losing move
    (the solver makes both at once, and proves why)."""
    if move.dest.is_foundation:
        return not move.source.is_foundation
    return move.source.is_cell and move.dest.is_column and bool(position.cards(move.dest))


def choices(position: Position, rules: Rules) -> list[Choice]:
    """The choices of ``position`` (see the module's docstring): its legal moves that change
    something lasting, one for each position they lead to, in the order of
    :meth:`Position.legal_moves`."""
    own = settled_key(position)[0]
    free = position.free_cells
    out: dict[tuple[object, ...], Choice] = {}
    for move in position.legal_moves(rules):
        result = None
        if move.source.is_column and move.dest.is_cell:
            run = run_length(position.cards(move.source))
            if run > 1:  # the top card lies on the card above it
                if run > free:
                    continue  # the rest cannot follow: the card only waits to go back
                result = _run_into_cells(position, move, run)
        if result is None:
            result = position.apply(move)
        safe = is_safe(position, move)
        key, _ = settled_key(result)
        if key == own and not safe:
            continue  # undone by the solver's forced moves: nothing lasting changed
        shape = _shape(result)
        if shape not in out:
            out[shape] = Choice(move, result, key, safe)
    return list(out.values())


def _run_into_cells(position: Position, move: Move, run: int) -> Position:
    """``position`` after the top ``run`` cards of ``move``'s column went into free cells, one
    by one, the first into ``move``'s cell."""
    position = position.apply(move)
    for _ in range(run - 1):
        position = position.apply(Move(move.source, CELLS[position.cells.index(None)], 1))
    return position


def _shape(position: Position) -> tuple[object, ...]:
    """``position`` with the order of its cells and of its columns left out."""
    cells = sorted(card.ordinal for card in position.cells if card is not None)
    return (tuple(cells), tuple(sorted(position.columns)))


@dataclass(frozen=True, slots=True)
class _Count:
    """What counting a position's choices found."""

    winning: int | None
    critical: bool


class _Analyser:
    """One analysis in progress: the verdicts known so far, by the solver's key, and the
    budget spent."""

    def __init__(self, rules: Rules, max_nodes: int, max_total_nodes: int, cancel: threading.Event | None,
                 progress: Progress | None) -> None:
        self.rules = rules
        self.max_nodes = max_nodes
        self.max_total_nodes = max_total_nodes
        self.cancel = cancel
        self.progress = progress
        self.dead: set[bytes] = set()
        self.known: dict[bytes, Status] = {}
        self.counts: dict[tuple[object, ...], _Count] = {}
        """Counts by position shape: a position met again (moves there and back) is not counted twice."""
        self.nodes = 0
        self.cancelled = False
        self.yield_gil = threading.current_thread() is not threading.main_thread()

    def status(self, position: Position, key: bytes) -> Status:
        """Whether ``position`` (known by ``key``) can be won, searched only when not known."""
        status = self.known.get(key)
        if status is not None:
            return status
        if key in self.dead:
            self.known[key] = "lost"
            return "lost"
        if self.nodes >= self.max_total_nodes or self.cancelled:
            return "unknown"
        result = solve(position, self.rules, max_nodes=self.max_nodes, max_seconds=math.inf, cancel=self.cancel,
                       progress=self.progress, dead=self.dead)
        self.nodes += result.nodes
        self.cancelled = result.cancelled
        if not result.unknown:
            self.known[key] = result.status
        return result.status

    def count(self, position: Position) -> _Count:
        """Count the winning choices of ``position`` (known winnable) up to the cap, the safe
        ones and those known first, so that the searches are few."""
        shape = _shape(position)
        known = self.counts.get(shape)
        if known is not None:
            return known
        options = choices(position, self.rules)
        self._breathe()
        order = sorted(options, key=lambda choice: 0 if choice.safe or self.known.get(choice.key) == "won" else 1)
        winning = losing = 0
        undecided = False
        for choice in order:
            status = "won" if choice.safe else self.status(choice.result, choice.key)
            self._breathe()
            if self.cancelled:
                return _Count(None, False)
            if status == "won":
                winning += 1
                if winning == WINNING_MOVES_CAP:
                    break
            elif status == "lost":
                losing += 1
            else:
                undecided = True
        if undecided and winning < WINNING_MOVES_CAP:
            return _Count(None, False)
        tally = _Count(winning, winning == 1 and losing > 0)
        self.counts[shape] = tally
        return tally

    def better(self, position: Position) -> Move | None:
        """A move that keeps ``position`` (known winnable) winnable: the solver's first move,
        or, when the solver makes safe moves first (a card sent home can as well go later), its
        first other move if that can be played at once and keeps the game winnable too."""
        if self.nodes >= self.max_total_nodes:
            return None
        result = solve(position, self.rules, max_nodes=self.max_nodes, max_seconds=math.inf, cancel=self.cancel,
                       progress=self.progress)  # no ``dead``: the move depends on the position alone
        self.nodes += result.nodes
        self.cancelled = result.cancelled
        if not result.won or not result.line:
            return None
        first = result.line[0]
        here = position
        for move in result.line:
            if not is_safe(here, move):
                break
            here = here.apply(move)
        else:
            return first
        same = (position.cards(move.source)[-move.size:] == here.cards(move.source)[-move.size:]
                and position.top(move.dest) == here.top(move.dest))  # the same cards onto the same card
        if move is first or not same or not position.is_legal(move, self.rules):
            return first
        after = position.apply(move)
        return move if self.status(after, settled_key(after)[0]) == "won" else first

    def _breathe(self) -> None:
        """Let a game loop in another thread have the interpreter (as the solver does)."""
        if self.yield_gil:
            time.sleep(0)


def analyse(
    positions: Sequence[Position],
    moves: Sequence[Move],
    rules: Rules,
    *,
    max_nodes: int = ANALYSIS_NODES,
    max_total_nodes: int = ANALYSIS_TOTAL_NODES,
    review_nodes: int = REVIEW_NODES,
    review_total_nodes: int = REVIEW_TOTAL_NODES,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
    on_report: OnReport | None = None,
) -> Analysis:
    """Analyse a line: ``positions[0]`` the start and ``[k]`` the position after ``moves[k - 1]``,
    each move legal where it was played. The review first (its budgets are ``review_*``);
    then, each reported through ``on_report`` as soon as known: the moves after the loss and
    those the review could not decide (no search), the move that lost the game with a better
    one, and every move played while the game could be won, in order. ``cancel``: set it (from
    any thread) to stop within a few milliseconds; the analysis then returns what it has."""
    count = len(moves)
    if len(positions) != count + 1:
        raise ValueError("an analysis needs the start and the position after each move")
    result = review(positions, rules, max_nodes=review_nodes, max_total_nodes=review_total_nodes, cancel=cancel,
                    progress=progress)
    reports: list[MoveReport | None] = [None] * count
    analyser = _Analyser(rules, max_nodes, max_total_nodes, cancel, progress)

    def report(entry: MoveReport) -> None:
        reports[entry.index] = entry
        if on_report is not None:
            on_report(entry)

    def finish(cancelled: bool) -> Analysis:
        return Analysis(result, tuple(reports), analyser.nodes, cancelled)

    if result.cancelled:
        return finish(True)
    verdicts = [result.verdict(k) for k in range(count + 1)]
    for k in range(count):  # no search: lost, or not decided by the review
        if verdicts[k] != "winnable":
            report(MoveReport(k, moves[k], verdicts[k], 0 if verdicts[k] == "lost" else None, None))
    lost_at = result.lost_at
    if lost_at:  # the move that lost it: the position before it was winnable, the one after lost
        losing = lost_at - 1
        analyser.known[settled_key(positions[lost_at])[0]] = "lost"
        tally = analyser.count(positions[losing])
        better = None if analyser.cancelled else analyser.better(positions[losing])
        if analyser.cancelled:
            return finish(True)
        report(MoveReport(losing, moves[losing], "winnable", tally.winning, False, better, tally.critical))
    for k in range(count):
        if verdicts[k] != "winnable" or reports[k] is not None:
            continue
        if cancel is not None and cancel.is_set():
            return finish(True)
        kept = True if verdicts[k + 1] == "winnable" else None
        if kept:
            analyser.known.setdefault(settled_key(positions[k + 1])[0], "won")
        tally = analyser.count(positions[k])
        if analyser.cancelled:
            return finish(True)
        report(MoveReport(k, moves[k], "winnable", tally.winning, kept, None, tally.critical))
    return finish(False)


def analyse_line(
    line: Callable[[], Sequence[Action]],
    start: Position,
    moves: int,
    rules: Rules,
    *,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
    on_report: OnReport | None = None,
) -> Analysis:
    """:func:`analyse` of the first ``moves`` moves of a game's line, given as
    :meth:`Game.line_snapshot` gives it (so the loop's thread takes it at a cost that does not
    grow with the game): a game in play is analysed up to its current move, never beyond."""
    actions = line()[:moves]
    positions = [start, *(action.after for action in actions)]
    return analyse(positions, [action.move for action in actions], rules, cancel=cancel, progress=progress,
                   on_report=on_report)
