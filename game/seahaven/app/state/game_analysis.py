"""The analysis of a watched game as it arrives (issue 38): the job that runs
:func:`seahaven.engine.analysis.analyse_line` in the job runner, the reports it sends one move
at a time, and what the replay's strip of marks reads of them (each move's judgement, the
moves worth a look, the totals).

The reports are made on the worker's thread, so they cross to the loop's thread through a
queue that :meth:`GameAnalysis.poll` empties once a frame without ever waiting. Leaving the
replay calls :meth:`GameAnalysis.cancel`: the search stops within milliseconds and what it
found is dropped. Pure and pygame-free::

    analysis = GameAnalysis(replay.start, actions, replay.rules)
    analysis.run(session.jobs)
    ...each frame: for index in analysis.poll(): show the mark of move index + 1
    analysis.judgement(12)      # Judgement.FOUND, or None while not known
    analysis.tally()            # the totals so far, for the summary line
    analysis.cancel()           # leaving
"""

from __future__ import annotations

import itertools
import queue
from collections.abc import Sequence
from dataclasses import dataclass

from seahaven.app.state.jobs import Jobs
from seahaven.engine import Action, Position, Rules
from seahaven.engine.analysis import Analysis, Judgement, MoveReport, analyse_line

NOTABLE = frozenset({Judgement.FOUND, Judgement.MISSED, Judgement.LOST_IT})
"""The marks worth a look: the critical moments and the move that lost the game (the keys
that jump from one to the next stop at these)."""

_NAMES = itertools.count(1)


@dataclass(frozen=True, slots=True)
class Tally:
    """The totals of the reports known so far (the summary line's figures)."""

    moves: int
    """Moves of the line analysed."""
    known: int
    """Moves whose report has arrived."""
    played_while_winnable: int
    kept: int
    """Of those, the moves that kept the game winnable."""
    critical: int
    found: int
    lost_at: int | None
    """As the review's: the move after which the game could no longer be won (1-based), 0 when
    the start could not be won, None when it never was lost or it is not known yet."""
    unknown: int
    """Moves the solver's budget left undecided."""
    won: bool
    """The line ends in a won game."""
    finished: bool
    """The analysis has ended (every report is in, or the budget ran out on some)."""
    failed: bool
    """The analysis stopped with an error of ours."""


class GameAnalysis:
    """The analysis of ``actions`` (a game's line, as a replay holds it) from ``start``,
    under ``rules``: started in a job runner, read as it arrives."""

    def __init__(self, start: Position, actions: Sequence[Action], rules: Rules) -> None:
        self.start = start
        self.actions = tuple(actions)
        self.rules = rules
        self.reports: list[MoveReport | None] = [None] * len(self.actions)
        """Each move's report (index 0: move 1 and the position before it), None until known."""
        self.result: Analysis | None = None
        self.failed = False
        self._queue: queue.SimpleQueue[MoveReport] = queue.SimpleQueue()
        self._jobs: Jobs | None = None
        self._job = f"analysis-{next(_NAMES)}"
        """This analysis's name in the job runner (another replay's analysis is another job)."""

    @property
    def moves(self) -> int:
        return len(self.actions)

    # -- running it ---------------------------------------------------------------------------
    def run(self, jobs: Jobs) -> None:
        """Start the analysis in ``jobs``; its reports arrive through :meth:`poll`."""
        self._jobs = jobs
        actions = self.actions
        jobs.start(self._job, analyse_line, lambda: actions, self.start, len(actions), self.rules,
                   on_report=self._queue.put, on_done=self._done, on_error=self._failed, follows_game=False)

    @property
    def running(self) -> bool:
        return self._jobs is not None and self._jobs.running(self._job)

    def cancel(self) -> None:
        """Stop the analysis (leaving the replay): the search ends within milliseconds, and
        nothing more arrives."""
        if self._jobs is not None:
            self._jobs.cancel(self._job)

    def poll(self) -> list[int]:
        """Take the reports that arrived since the last call (never waits); the indices of
        the moves whose report is new."""
        new: list[int] = []
        while True:
            try:
                report = self._queue.get_nowait()
            except queue.Empty:
                return new
            if 0 <= report.index < len(self.reports) and self.reports[report.index] != report:
                self.reports[report.index] = report
                new.append(report.index)

    def _done(self, result: Analysis) -> None:
        """The job's answer (on the loop's thread, from the job runner's poll)."""
        self.result = result
        for report in result.reports:  # the same reports the queue carries: none is missed
            if report is not None:
                self._queue.put(report)

    def _failed(self, error: BaseException) -> None:
        self.failed = True

    @property
    def finished(self) -> bool:
        """The analysis has ended: its answer came, or it failed."""
        return self.result is not None or self.failed

    # -- what the strip reads -----------------------------------------------------------------
    def report(self, index: int) -> MoveReport | None:
        """The report on move ``index + 1`` (None: not known yet, or no such move)."""
        return self.reports[index] if 0 <= index < len(self.reports) else None

    def judgement(self, index: int) -> Judgement | None:
        """What move ``index + 1`` was (None while not known)."""
        report = self.report(index)
        return None if report is None else report.judgement

    def notable(self, index: int) -> bool:
        """A critical moment, or the move that lost the game."""
        return self.judgement(index) in NOTABLE

    def next_notable(self, index: int, step: int = 1) -> int | None:
        """The first notable move after ``index`` (``step`` -1: before it), or None."""
        i = index + step
        while 0 <= i < len(self.reports):
            if self.notable(i):
                return i
            i += step
        return None

    def tally(self) -> Tally:
        """The totals of what is known now."""
        known = [report for report in self.reports if report is not None]
        lost_at: int | None = None
        if self.result is not None:
            lost_at = self.result.lost_at
        elif known and self.reports[0] is not None and self.reports[0].before == "lost":
            lost_at = 0
        else:
            lost_at = next((r.index + 1 for r in known if r.before == "winnable" and r.kept is False), None)
        won = bool(self.actions) and self.actions[-1].after.is_won
        return Tally(
            moves=len(self.reports),
            known=len(known),
            played_while_winnable=sum(1 for r in known if r.before == "winnable"),
            kept=sum(1 for r in known if r.kept is True),
            critical=sum(1 for r in known if r.critical),
            found=sum(1 for r in known if r.found),
            lost_at=lost_at,
            unknown=sum(1 for r in known if r.judgement is Judgement.UNKNOWN),
            won=won,
            finished=self.finished,
            failed=self.failed,
        )
