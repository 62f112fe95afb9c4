"""Run a solver job beside the game loop: start it, poll it each frame, cancel it.

A worker thread, not a process: the search releases the interpreter lock every 16 nodes
(about half a millisecond; ``time.sleep(0)``, see :func:`seahaven.engine.solver.solve`), so a
game loop beside it waits at most that long for the lock and keeps 60 fps
(``benchmarks/solver.py --frames`` measures it); it needs no start-up (a hint on a
mid-game position takes about a millisecond, far less than spawning a process) and hands
back engine objects without pickling. Cancelling sets an event the search looks at every
16 nodes, so it stops within a few milliseconds.

    job = SolverJob(hint, game)       # any function taking cancel= and progress=
    ...each frame:
    if job.done: move = job.result()  # re-raises the job's error, if any
    job.progress                      # (nodes, seconds) so far, for a "thinking" display
    job.cancel()                      # on new game, undo, leaving the table ...
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from typing import Any, Final, Generic, Literal, TypeVar

T = TypeVar("T")


class _Pending(enum.Enum):
    """The result of a job not finished (an enum member, so the type checker can tell it
    from any result, None included)."""

    PENDING = enum.auto()


_PENDING: Final = _Pending.PENDING


class SolverJob(Generic[T]):
    """``function(*args, cancel=event, progress=callback, **kwargs)`` in a daemon thread."""

    def __init__(
        self,
        function: Callable[..., T],
        *args: Any,
        on_progress: Callable[[int, float], None] | None = None,
        start: bool = True,
        **kwargs: Any,
    ) -> None:
        self._function = function
        self._args = args
        self._kwargs = kwargs
        self._on_progress = on_progress
        self._cancel = threading.Event()
        self._result: T | Literal[_Pending.PENDING] = _PENDING
        self._error: BaseException | None = None
        self.progress: tuple[int, float] = (0, 0.0)
        """The latest (nodes searched, seconds) the search reported."""
        self._thread = threading.Thread(target=self._run, name=f"solver-{function.__name__}", daemon=True)
        if start:
            self.start()

    def start(self) -> None:
        self._thread.start()

    def _report(self, nodes: int, seconds: float) -> None:
        self.progress = (nodes, seconds)
        if self._on_progress is not None:
            self._on_progress(nodes, seconds)

    def _run(self) -> None:
        try:
            self._result = self._function(*self._args, cancel=self._cancel, progress=self._report, **self._kwargs)
        except BaseException as error:  # handed to the game loop by result()
            self._error = error

    @property
    def done(self) -> bool:
        """True once the job has finished (with a result or an error); never blocks."""
        return not self._thread.is_alive() and (self._result is not _PENDING or self._error is not None)

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the search to stop; it does within a few milliseconds. Does not wait."""
        self._cancel.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the worker (tests and shutdown only); True if it has finished."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def result(self) -> T:
        """The job's return value; raises its exception, or RuntimeError if not done yet."""
        if self._error is not None:
            raise self._error
        if self._result is _PENDING:
            raise RuntimeError("the solver job has not finished")
        return self._result
