"""Hint, lost and winnable-only through a stand-in solver: the table asks on a worker
thread, never during a drag or a glide, and shows the answer."""

from __future__ import annotations

import types
from typing import Any

import pygame
import pytest

from seahaven.app.screens import new_game as new_game_module
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.screens.new_game import NewGame
from seahaven.app.screens.table import solver_questions as table_module
from seahaven.engine import GameCode, Move, column, services
from seahaven.engine.services import LossReport
from tests.app.table_helpers import card_point, drag, key, make_app, settle, steps


def asked(calls: list[str]) -> list[str]:
    """The questions after the one every deal gets once it is dealt (can it be won?)."""
    return [c for c in calls if c != "lost@0"]


def fake_solver(calls: list[str], dead_deal: bool = False) -> types.SimpleNamespace:
    def hint(game: Any, **_: Any) -> Any:
        calls.append("hint")
        return Move(column(1), column(7), 1)

    def lost(game: Any, **_: Any) -> Any:
        calls.append(f"lost@{game.move_count}")
        lost = game.move_count > 0 or dead_deal
        return LossReport("lost", 2 if game.move_count else None) if lost else LossReport("won")

    def winnable_deal(cells: Any, rules: Any = None, **_: Any) -> Any:
        calls.append(f"deal{cells}")
        return GameCode(cells, 12345)

    return types.SimpleNamespace(hint=hint, lost=lost, winnable_deal=winnable_deal, Undecided=services.Undecided)


def use(monkeypatch: pytest.MonkeyPatch, solver: types.SimpleNamespace) -> None:
    """The table and the New Game window ask ``solver`` instead of the real services."""
    monkeypatch.setattr(table_module, "services", solver)
    monkeypatch.setattr(new_game_module, "services", solver)


def wait_for_work(app: Any, frames: int = 120) -> None:
    for _ in range(frames):
        steps(app)
        if not app.scenes.bottom.jobs.running() and app.scenes.bottom.verdict.due is None:
            break
    steps(app, 2)


def test_hint_highlights_the_solvers_move(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    use(monkeypatch, fake_solver(calls))
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_h)
    wait_for_work(app)
    assert asked(calls) == ["hint"]
    assert app.scenes.bottom.hint is not None and app.scenes.bottom.hint == Move(column(1), column(7), 1)
    assert app.scenes.bottom.game.hints_used == 1


def test_lost_is_asked_after_a_pause_and_says_how_many_undos(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    use(monkeypatch, fake_solver(calls))
    app = make_app("SH1-C4-AAAAAJ2")
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    steps(app, 5)
    assert asked(calls) == []  # not while the card glides
    settle(app)
    wait_for_work(app)
    assert asked(calls) == ["lost@1"]
    table = app.scenes.bottom
    assert app.scenes.top is table  # said without blocking play (issue 13.3)
    assert table.message is not None and "undo 2 moves" in table.message.text
    assert table.verdict.text() == ("Solver: lost, undo 2", True)
    key(app, pygame.K_u)  # the next input is the player's
    assert table.game.move_count == 0


def test_winnable_only_deals_what_the_solver_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    use(monkeypatch, fake_solver(calls))
    app = make_app("SH1-C4-AAAAAJ2")
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window.widgets[window.index("cells2")].box.center,
                                         button=1, clicks=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window.widgets[window.index("cells2")].box.center,
                                         button=1, clicks=1, touch=False))
    steps(app)
    assert window.widgets[window.index("winnable")].on  # on by default for Medium
    key(app, pygame.K_RETURN)
    for _ in range(100):
        steps(app)
        if app.scenes.top is app.scenes.bottom:
            break
    assert asked(calls) == ["deal2"]
    assert app.scenes.bottom.game.code == GameCode(2, 12345)


def test_a_deal_that_cannot_be_won_says_so_once_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    use(monkeypatch, fake_solver(calls, dead_deal=True))
    app = make_app("SH1-C4-AAAAAJ2")
    wait_for_work(app)
    assert calls == ["lost@0"]
    table = app.scenes.bottom
    assert app.scenes.top is table and table.message is not None
    assert table.message.text == "This deal can never be won: N deals a new game."  # in its own words (37.6)
    assert table.verdict.text() == ("Solver: cannot be won", True)
    drag(app, card_point(app, column(1)), card_point(app, column(7)))  # the first input plays
    assert table.game.move_count == 1


def test_a_deal_with_no_useful_move_says_so_and_offers_only_a_new_game() -> None:
    app = make_app("SH1-C1-AAAAAA6")  # no legal move at all once dealt
    top = app.scenes.top
    assert isinstance(top, EndMessage) and top.kind == "stuck"
    assert [name for name, _label, _default in top.buttons] == ["new"]


def test_the_verdict_says_cannot_be_won_only_when_the_deal_itself_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """A way back the solver could not finish looking for is not a proof that none exists."""
    calls: list[str] = []
    solver = fake_solver(calls)
    solver.lost = lambda game, **_: LossReport("lost", None, services.NoWayBack.OUT_OF_TIME, 5, depth=2)
    use(monkeypatch, solver)
    app = make_app("SH1-C4-AAAAAJ2")
    drag(app, card_point(app, column(1)), card_point(app, column(7)))
    settle(app)
    wait_for_work(app)
    table = app.scenes.bottom
    assert table.verdict.text() == ("Solver: lost", True)
    table.current.solver_says(table.position, table.rules, LossReport("lost", None, services.DEAL_LOST, 1))
    assert table.verdict.text() == ("Solver: cannot be won", True)
