"""The one way the front end runs solver work: named jobs on worker threads, answered on
the loop's thread.

    jobs.start("hint", services.hint, snapshot, on_done=show, on_error=say_why)
    ...each frame: jobs.poll()      # calls on_done(value) or on_error(error) of finished jobs
    jobs.cancel("hint")             # or jobs.cancel() for all; the answer is then dropped

Starting a job under a name that is running cancels the older one. Jobs that ask about
the game in play (``follows_game=True``, the default) are cancelled by
:meth:`game_changed` when the game in play changes, so a stale answer never arrives.
Results are the solver services' own typed values (a move, a ``LossReport``, a
``GameCode``) and their own exceptions (``Undecided``). No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from seahaven.engine.solver_thread import SolverJob

SHUTDOWN_WAIT_S = 2.0


@dataclass
class _Running:
    job: SolverJob[Any]
    on_done: Callable[[Any], None]
    on_error: Callable[[BaseException], None] | None
    follows_game: bool


class Jobs:
    """The solver jobs in flight, by name."""

    def __init__(self) -> None:
        self._running: dict[str, _Running] = {}
        self._cancelled: list[SolverJob[Any]] = []
        """Cancelled jobs whose threads may still be finishing (joined at shutdown)."""

    def start(
        self,
        name: str,
        function: Callable[..., Any],
        *args: Any,
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None] | None = None,
        follows_game: bool = True,
        **kwargs: Any,
    ) -> None:
        """Run ``function(*args, cancel=..., progress=..., **kwargs)`` on a worker thread."""
        self.cancel(name)
        job: SolverJob[Any] = SolverJob(function, *args, **kwargs)
        self._running[name] = _Running(job, on_done, on_error, follows_game)

    def running(self, name: str | None = None) -> bool:
        return bool(self._running) if name is None else name in self._running

    def cancel(self, name: str | None = None) -> None:
        """Stop one job (or all): its answer, if it comes, is dropped."""
        names = list(self._running) if name is None else [name] if name in self._running else []
        for key in names:
            entry = self._running.pop(key)
            entry.job.cancel()
            self._cancelled.append(entry.job)
        self._cancelled = [job for job in self._cancelled if not job.done]

    def game_changed(self) -> None:
        """The game in play changed: the questions asked about it are void."""
        for name in [n for n, entry in self._running.items() if entry.follows_game]:
            self.cancel(name)

    def poll(self) -> None:
        """Hand the answers of finished jobs to their callbacks (on the caller's thread)."""
        for name, entry in list(self._running.items()):
            if self._running.get(name) is not entry or not entry.job.done:
                continue  # cancelled or replaced by an earlier answer's callback (one that dealt a game)
            del self._running[name]
            try:
                value = entry.job.result()
            except Exception as error:  # the solver's own errors (Undecided) and failures
                if entry.on_error is not None:
                    entry.on_error(error)
                continue
            entry.on_done(value)

    def shutdown(self, timeout: float = SHUTDOWN_WAIT_S) -> bool:
        """Cancel everything and wait for the threads; True when none is left running."""
        self.cancel()
        for job in self._cancelled:
            job.join(timeout)
        left = [job for job in self._cancelled if not job.join(0)]
        self._cancelled = left
        return not left
