"""The table's one scheduler: what is due and may act runs, in order; the rest waits; the
loop is told when the next is due."""

from __future__ import annotations

from seahaven.app.board.marks import Mark
from seahaven.app.screens.table.timers import Timer, Timers
from tests.app.table_helpers import make_app


def test_due_timers_run_in_order_and_a_due_timer_that_may_not_act_waits() -> None:
    ran: list[str] = []
    allowed = {"b": False}
    timers = Timers((
        Timer("a", lambda: 1.0, lambda: ran.append("a")),
        Timer("b", lambda: 0.5, lambda: ran.append("b"), lambda: allowed["b"]),
        Timer("c", lambda: None, lambda: ran.append("c")),
        Timer("d", lambda: 3.0, lambda: ran.append("d")),
    ))
    assert timers.run(0.9) == [] and ran == []
    assert timers.run(1.0) == ["a"]
    allowed["b"] = True
    assert timers.run(1.0) == ["a", "b"] and ran == ["a", "a", "b"]
    assert timers.wake_in(2.0) == 0.0  # a and b are still due (their owners did not move them)
    assert Timers(()).wake_in(0.0) is None
    assert Timers((Timer("d", lambda: 3.0, lambda: None),)).wake_in(2.0) == 1.0


def test_the_hint_ends_when_its_time_comes_and_the_table_sleeps_until_then() -> None:
    app = make_app()
    table = app.scenes.bottom
    move = table.position.legal_moves(table.rules)[0]
    table.board.show("hint", (Mark.of_move(move),), 2.0)
    wait = table.wake_in()
    assert wait is not None and wait <= 2.0
    for _ in range(60):
        app.step(1 / 60)
    assert table.hint is not None  # one second: still shown
    for _ in range(75):
        app.step(1 / 60)
    assert table.hint is None
