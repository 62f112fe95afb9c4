"""The game in play: one owner of the game, its clock, hints and status, announcing every
change; and the one runner of solver jobs, whose stale answers never arrive."""

from __future__ import annotations

import threading

import pytest

from seahaven.app.state.current import Change, CurrentGame, GameEvent, Status
from seahaven.app.state.jobs import Jobs
from seahaven.engine import Game, GameCode, services
from seahaven.engine.services import LossReport
from tests.app.test_resume import _winning_line

CODE = "SH1-C4-AAAAAJ2"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def playing(code: str = CODE) -> tuple[CurrentGame, Clock, list[GameEvent]]:
    clock = Clock()
    current = CurrentGame(Game.from_code(code), clock)
    events: list[GameEvent] = []
    current.subscribe(events.append)
    return current, clock, events


def test_every_change_is_an_event_with_the_position_before() -> None:
    current, _clock, events = playing()
    start = current.position
    move = current.game.useful_moves()[0]
    current.play(move)
    current.undo()
    current.redo()
    current.restart()
    assert [e.kind for e in events] == [Change.MOVED, Change.UNDONE, Change.REDONE, Change.RESTARTED]
    assert events[0].before == start and events[0].action is not None and events[0].action.move == move
    assert events[1].before == events[0].action.after
    assert current.undo() is None and [e.kind for e in events][-1] is Change.RESTARTED  # nothing to undo: no event


def test_the_clock_runs_from_the_first_move_until_the_win() -> None:
    start, moves = _winning_line()
    clock = Clock()
    current = CurrentGame(Game(start), clock)
    clock.now += 50
    assert current.elapsed() == 0 and not current.clock_running
    current.play(moves[0])
    clock.now += 7
    assert current.elapsed() == 7
    for move in moves[1:]:
        current.play(move)
    assert current.status is Status.WON and not current.clock_running
    clock.now += 1000
    assert current.elapsed() == 7


def test_a_resumed_clock_goes_on_from_its_saved_time() -> None:
    clock = Clock()
    game = Game.from_code(CODE)
    game.play(game.useful_moves()[0])
    current = CurrentGame(game, clock, elapsed_s=42.5)
    clock.now += 2
    assert current.elapsed() == 44.5


def test_hints_are_counted_when_shown_and_survive_a_restart() -> None:
    current, _clock, events = playing()
    move = current.game.useful_moves()[0]
    current.hint_shown(move)
    assert current.hints == 1 and events[-1].kind is Change.HINT_SHOWN and events[-1].move == move
    current.play(move)
    current.restart()
    assert current.hints == 1


def test_won_and_stuck_are_derived_and_announced() -> None:
    start, moves = _winning_line()
    clock = Clock()
    current = CurrentGame(Game(start), clock)
    events: list[GameEvent] = []
    current.subscribe(events.append)
    for move in moves:
        current.play(move)
    assert current.status is Status.WON and events[-1].kind is Change.WON
    current.undo()
    assert current.status is Status.PLAYING
    stuck = CurrentGame(Game.from_code("SH1-C1-AAAAAA6"), clock)  # no legal move once dealt
    assert stuck.status is Status.STUCK


def test_a_verdict_counts_only_for_the_position_it_was_given_for() -> None:
    current, _clock, events = playing()
    position, rules = current.position, current.rules
    current.play(current.game.useful_moves()[0])
    current.solver_says(position, rules, LossReport("lost", 1))  # stale: the game moved on
    assert current.verdict is None and current.status is Status.PLAYING and not events[1:]
    current.solver_says(current.position, rules, LossReport("lost", 1))
    assert current.status is Status.LOST and [e.kind for e in events[1:]] == [Change.VERDICT, Change.LOST]
    current.undo()
    assert current.verdict is None and current.status is Status.PLAYING


def test_new_game_replaces_the_game_and_its_clock() -> None:
    current, clock, events = playing()
    current.play(current.game.useful_moves()[0])
    clock.now += 30
    current.new_game(Game.from_code(GameCode(2, 99)))
    assert events[-1].kind is Change.NEW_GAME and current.elapsed() == 0 and current.code == GameCode(2, 99)


def wait(jobs: Jobs, name: str) -> None:
    for _ in range(2000):
        jobs.poll()
        if not jobs.running(name):
            return
        threading.Event().wait(0.005)
    raise AssertionError(f"job {name} did not finish")


def test_jobs_hand_typed_answers_and_errors_to_their_callbacks() -> None:
    jobs = Jobs()
    answers: list[object] = []
    errors: list[BaseException] = []
    game = Game.from_code(CODE)
    jobs.start("hint", services.hint, game, on_done=answers.append, on_error=errors.append)
    wait(jobs, "hint")
    assert len(answers) == 1 and answers[0] in game.legal_moves()
    slow = Game.from_code("SH1-C4-TOHQIIB")
    jobs.start("hint", services.hint, slow, max_nodes=50, on_done=answers.append, on_error=errors.append)
    wait(jobs, "hint")
    assert len(errors) == 1 and isinstance(errors[0], services.Undecided)
    assert jobs.shutdown()


def test_a_change_of_the_game_cancels_its_jobs_and_drops_their_answers() -> None:
    jobs = Jobs()
    answers: list[object] = []
    started = threading.Event()
    release = threading.Event()

    def question(*, cancel: threading.Event, progress: object = None) -> str:
        started.set()
        release.wait(5)
        return "stale"

    jobs.start("lost", question, on_done=answers.append)
    jobs.start("deal", question, on_done=answers.append, follows_game=False)
    assert started.wait(5)
    jobs.game_changed()
    assert not jobs.running("lost") and jobs.running("deal")
    release.set()
    wait(jobs, "deal")
    assert answers == ["stale"]  # the deal's answer only: the game's question was void
    assert jobs.shutdown()
    assert not [t for t in threading.enumerate() if t.name.startswith("solver-") and t.is_alive()]


@pytest.mark.parametrize("kind", ["play", "undo"])
def test_listeners_hear_changes_in_order_of_subscription(kind: str) -> None:
    current, _clock, _events = playing()
    heard: list[str] = []
    current.subscribe(lambda e: heard.append(f"first {e.kind}"))
    current.subscribe(lambda e: heard.append(f"second {e.kind}"))
    current.play(current.game.useful_moves()[0])
    if kind == "undo":
        heard.clear()
        current.undo()
    said = "moved" if kind == "play" else "undone"
    assert heard == [f"first {said}", f"second {said}"]
