"""What the table does on its own when its time comes, in one scheduler: a tooltip, the next
card of a finish, the demo's next move, and the question whether the game is lost. Each
assistant owns its time (``due``); the scheduler asks them all each frame, runs the ones that
are due and may act now, and tells the loop when the next is due, so that an idle table
sleeps until then (and no assistant keeps a clock of its own). Pure: the table builds its
timers from its assistants (``scene.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Timer:
    """One thing done at a time: ``due`` says when (None: nothing is waiting), ``may`` whether
    it can be done now that it is due (the cards still, no card held, the table on top),
    ``act`` does it. A timer that is due but may not act waits for the next frame."""

    name: str
    due: Callable[[], float | None]
    act: Callable[[], None]
    may: Callable[[], bool] = lambda: True


class Timers:
    """The table's timers, in the order they are asked each frame."""

    def __init__(self, timers: Sequence[Timer]) -> None:
        self._timers = tuple(timers)

    def run(self, now: float) -> list[str]:
        """Do what is due and may be done now; returns the names of those done."""
        done = []
        for timer in self._timers:
            due = timer.due()
            if due is not None and now >= due and timer.may():
                timer.act()
                done.append(timer.name)
        return done

    def wake_in(self, now: float) -> float | None:
        """Seconds until the next timer is due (0 when one is due now), or None."""
        waits = [max(0.0, due - now) for timer in self._timers if (due := timer.due()) is not None]
        return min(waits) if waits else None
