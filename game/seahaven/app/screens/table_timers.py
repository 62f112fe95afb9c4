"""What the table does on its own when its time comes, in one scheduler: a tooltip, the hint's end,
the next card of a finish, the demo's next move, and the question whether the game is
lost. Each assistant owns its time (``due``); the scheduler asks them all each frame, runs
the ones that are due and may act now, and tells the loop when the next is due, so that an
idle table sleeps until then (and no assistant keeps a clock of its own).

:class:`Timer` and :class:`Timers` are pure; :func:`table_timers` builds the table's from its
parts (``screens/table.py`` calls it once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from seahaven.app.screens.table_api import Table
from seahaven.app.screens.table_finish import TableFinish
from seahaven.app.screens.table_motion import TableMotion
from seahaven.app.screens.table_pointer import TablePointer
from seahaven.app.screens.table_solver import TableSolver

TOOLTIP_DELAY_S = 0.6
"""Seconds the pointer rests on a toolbar button before its tooltip shows."""


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


def table_timers(table: Table, pointer: TablePointer, motion: TableMotion, solver: TableSolver,
                 finish: TableFinish) -> Timers:
    """A toolbar button's tooltip (once the pointer has rested on it, unpressed), the hint's
    end; then, never while a card is dragged or the table is covered, the next card of a
    finish, the demo's next move (once the cards are still) and the question whether the
    game is lost (once nothing moves and nothing is pressed)."""

    def free() -> bool:
        return pointer.drag is None and table.on_top()

    def show_tooltip() -> None:
        pointer.tooltip_shown = True
        table.dirty = True

    def end_hint() -> None:
        table.hint = None
        table.dirty = True

    return Timers((
        Timer("tooltip", lambda: pointer.hover_since + TOOLTIP_DELAY_S
              if pointer.hover and not pointer.tooltip_shown else None, show_tooltip, lambda: not pointer.press),
        Timer("hint", lambda: table.hint[1] if table.hint is not None else None, end_hint),
        Timer("finish", lambda: finish.due if finish.queue is not None else None, finish.step, free),
        Timer("demo", lambda: solver.demo_due if solver.demo is not None else None, solver.demo_step,
              lambda: free() and not motion.floating and motion.cascade is None),
        Timer("lost", lambda: solver.lost_due, solver.ask_lost,
              lambda: free() and not motion.floating and pointer.press is None),
    ))
