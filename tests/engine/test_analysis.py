"""Issue 38, items 1 and 2: the analysis of a game reviews every move, and ``seahaven analyse
FILE`` prints it. Its answers are checked against the review (the losing move), the replay
(every better move is legal where it stands) and the solver, asked afresh about every choice
of every position (no shared proofs, no cache), so the analysis's short cuts are checked too."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seahaven.engine import APP_RULES, CLASSIC_RULES, Game, GameCode, Move, Position, Rules
from seahaven.engine.analysis import (
    WINNING_MOVES_CAP,
    Analysis,
    Judgement,
    MoveReport,
    analyse,
    analyse_line,
    choices,
    is_safe,
)
from seahaven.engine.records import check_record
from seahaven.engine.review import read_line, review
from seahaven.engine.solver import settled_key, solve
from tests.app.test_files import _user_env
from tests.app.test_files import as_user as _as_user  # noqa: F401  # the fixture "as_user": a non-root user
from tests.conftest import ROOT
from tests.engine.helpers import board, seahaven

WINNABLE = {4: GameCode(4, 1004), 2: GameCode(2, 1003), 1: GameCode(1, 1061)}
"""A deal per difficulty the solver proves winnable."""
LOST = {4: GameCode.parse("SH1-C4-AAAAAAT"), 2: GameCode.parse("SH1-C2-AAAAAAA"), 1: GameCode.parse("SH1-C1-AAAAAAB")}
"""A deal per difficulty the solver proves lost from the start."""
KINDS = ("won", "lost", "lost-from-the-start", "winnable")


def verdict(position: Position, rules: Rules = APP_RULES) -> str:
    """The solver's word on ``position``, asked afresh with a budget the tests' games never reach."""
    result = solve(position, rules, max_nodes=2_000_000, max_seconds=float("inf"))
    assert not result.unknown
    return result.status


def lively(position: Position) -> bool:
    return any(not move.source.is_foundation for move in position.legal_moves(APP_RULES))


def wander(position: Position, seed: int, length: int) -> list[Move]:
    """Legal moves at random (never a take-back), until ``length`` or none is left."""
    rng = random.Random(seed)
    moves = []
    for _ in range(length):
        options = [m for m in position.legal_moves(APP_RULES) if not m.source.is_foundation]
        if not options:
            break
        move = rng.choice(options)
        position = position.apply(move)
        moves.append(move)
    return moves


@functools.cache
def game(kind: str, cells: int) -> tuple[GameCode, tuple[Move, ...]]:
    """A game of ``kind`` with ``cells`` cells: ``won`` along the solver's line, ``winnable``
    its first half, ``lost`` the line until a losing move, then at random, and
    ``lost-from-the-start`` a lost deal played at random."""
    if kind == "lost-from-the-start":
        code = LOST[cells]
        return code, tuple(wander(code.position(), cells, 8))
    code = WINNABLE[cells]
    line = solve(code.position(), APP_RULES).line
    if kind == "won":
        return code, line
    if kind == "winnable":
        return code, line[: len(line) // 2]
    position = code.position()
    for k, move in enumerate(line):
        if k >= len(line) // 3:
            losing = [m for m in position.legal_moves(APP_RULES) if not m.source.is_foundation
                      and lively(position.apply(m)) and verdict(position.apply(m)) == "lost"]
            if losing:
                after = position.apply(losing[0])
                return code, (*line[:k], losing[0], *wander(after, cells, 12))
        position = position.apply(move)
    raise AssertionError("no losing move on the line")


def line_of(code: GameCode, moves: tuple[Move, ...], rules: Rules = APP_RULES) -> tuple[list[Position], list[Move]]:
    return read_line(code.position(), [m.to_json() for m in moves], rules)


def record(code: GameCode, moves: tuple[Move, ...] | list[Move]) -> dict[str, object]:
    return {"code": str(code), "moves": [m.to_json() for m in moves]}


def fresh_count(position: Position, rules: Rules = APP_RULES) -> tuple[int, int]:
    """The winning and losing choices of ``position``, each asked of the solver afresh."""
    statuses = [verdict(choice.result, rules) for choice in choices(position, rules)]
    return statuses.count("won"), statuses.count("lost")


def check_against_the_solver(answer: dict[str, Any], code: GameCode, moves: tuple[Move, ...],
                             rules: Rules = APP_RULES) -> None:
    """Everything the Done-when list asks of an analysis, each checked independently."""
    positions, played = line_of(code, moves, rules)
    lost_at = review(positions, rules).lost_at
    assert answer["lost_at"] == lost_at and answer["moves"] == len(moves)
    assert answer["won"] == positions[-1].is_won
    entries = answer["positions"]
    assert [entry["move"] for entry in entries] == [m.to_json() for m in played]
    for i, entry in enumerate(entries):
        position = positions[i]
        if lost_at is None or i < lost_at - 1:
            assert entry["before"] == "winnable" and entry["kept"] is True and entry["better"] is None, i
        elif i == lost_at - 1:
            assert entry["before"] == "winnable" and entry["kept"] is False, i
            better = Move.from_json(entry["better"])
            assert isinstance(better, Move) and position.is_legal(better, rules)
            replayed = check_record(record(code, [*played[:i], better]), rules)
            assert replayed["legal"] and replayed["applied"] == i + 1
            assert verdict(position.apply(better), rules) == "won"
        else:
            assert entry == {**entry, "before": "lost", "winning_moves": 0, "kept": None, "better": None}, i
        if entry["before"] == "winnable":
            assert verdict(position, rules) == "won"
            winning, losing = fresh_count(position, rules)
            assert entry["winning_moves"] == min(winning, WINNING_MOVES_CAP) >= 1, i
            assert (i in answer["critical"]) == (winning == 1 and losing > 0), i
        else:
            assert verdict(position, rules) == "lost"
    for i in answer["critical"]:
        assert entries[i]["winning_moves"] == 1
    assert answer["found"] == [i for i in answer["critical"] if entries[i]["kept"] is True]


# -- the analysis in the engine --------------------------------------------------------------


@pytest.mark.parametrize("cells", [4, 2, 1])
@pytest.mark.parametrize("kind", KINDS)
def test_the_analysis_agrees_with_the_review_the_replay_and_the_solver(kind: str, cells: int) -> None:
    code, moves = game(kind, cells)
    positions, played = line_of(code, moves)
    result = analyse(positions, played, APP_RULES)
    assert result.complete and not result.cancelled
    check_against_the_solver(result.to_json(), code, moves)
    assert {"won": kind == "won", "lost": bool(result.lost_at), "lost-from-the-start": result.lost_at == 0,
            "winnable": result.lost_at is None and not result.won}[kind]


def test_the_judgements_and_totals_of_a_lost_game() -> None:
    code, moves = game("lost", 1)
    positions, played = line_of(code, moves)
    result = analyse(positions, played, APP_RULES)
    lost_at = result.lost_at
    assert lost_at
    reports = [r for r in result.reports if r is not None]
    judgements = [r.judgement for r in reports]
    losing = reports[lost_at - 1]
    assert judgements[lost_at - 1] is (Judgement.MISSED if losing.critical else Judgement.LOST_IT)
    assert set(judgements[lost_at:]) == {Judgement.AFTER_LOSS}
    assert set(judgements[: lost_at - 1]) <= {Judgement.KEPT, Judgement.FOUND}
    assert [r.index for r in reports if r.judgement is Judgement.FOUND] == result.found
    assert result.played_while_winnable == lost_at and result.kept == lost_at - 1
    assert result.found == [i for i in result.critical if i < lost_at - 1]


def test_the_analysis_of_no_move_and_of_a_won_deal() -> None:
    start = WINNABLE[4].position()
    empty = analyse([start], [], APP_RULES)
    assert empty.to_json() == {"won": False, "moves": 0, "lost_at": None, "positions": [], "critical": [],
                               "found": []}
    assert analyse([LOST[1].position()], [], APP_RULES).lost_at == 0
    with pytest.raises(ValueError, match="the start and the position after each move"):
        analyse([start, start], [], APP_RULES)


def test_a_better_move_is_the_solvers_past_its_safe_moves() -> None:
    """At the losing move, ``better`` is not the card the solver sends home first when its
    next move could be played at once (the same cards onto the same card) and keeps the game
    winnable: a card that can go home can as well go later."""
    code = GameCode.parse("SH1-C1-AAAABBF")
    moves = (*solve(code.position(), APP_RULES).line[:4], Move.from_json({"from": "col2", "to": "cell1", "count": 1}))
    positions, played = line_of(code, moves)
    before = positions[4]
    assert [str(m) for m in solve(before, APP_RULES).line[:2]] == ["col10-found-H", "col9-col3"]
    result = analyse(positions, played, APP_RULES)
    assert result.lost_at == 5
    losing = result.reports[4]
    assert losing is not None and str(losing.better) == "col9-col3"
    assert losing.judgement in (Judgement.LOST_IT, Judgement.MISSED)
    code = GameCode.parse("SH1-C4-L5X74ZX")  # its line's first move past the safe ones moves other cards here
    line = solve(code.position(), APP_RULES).line
    moves = (*line[:5], Move.from_json({"from": "col4", "to": "cell4", "count": 1}))
    positions, played = line_of(code, moves)
    assert [str(m) for m in solve(positions[5], APP_RULES).line[:6]] == [
        "col3-found-S", "col3-found-C", "col2-found-C", "col9-found-C", "col1-found-C", "col2-cell4"]
    result = analyse(positions, played, APP_RULES)
    losing = result.reports[5]
    assert result.lost_at == 6 and losing is not None and str(losing.better) == "col3-found-S"
    for cells in (4, 2, 1):  # and otherwise the solver's first move
        code, moves = game("lost", cells)
        positions, played = line_of(code, moves)
        result = analyse(positions, played, APP_RULES)
        assert result.lost_at
        entry = result.reports[result.lost_at - 1]
        assert entry is not None and entry.better in solve(positions[result.lost_at - 1], APP_RULES).line


def test_where_the_budget_runs_out_the_analysis_says_unknown() -> None:
    """``unknown`` (a verdict) and None (a count) only where the solver's budget ran out: a
    review left undecided keeps its positions unknown, as ``seahaven review`` says; a spent
    analysis budget leaves the counts it could not make unknown, never guessed."""
    code, moves = game("lost", 4)
    positions, played = line_of(code, moves)
    undecided = analyse(positions, played, APP_RULES, review_nodes=3)
    reviewed = review(positions, APP_RULES, max_nodes=3)
    assert not reviewed.decided and undecided.lost_at is None is reviewed.lost_at
    for k, report in enumerate(undecided.reports):
        assert report is not None and report.before == reviewed.verdict(k)
        if report.before == "unknown":
            assert report.winning_moves is None and report.kept is None and report.judgement is Judgement.UNKNOWN
    assert any(r is not None and r.before == "unknown" for r in undecided.reports)
    spent = analyse(positions, played, APP_RULES, max_total_nodes=0)
    full = analyse(positions, played, APP_RULES)
    assert spent.lost_at == full.lost_at and not spent.critical
    for mine, right in zip(spent.reports, full.reports, strict=True):
        assert mine is not None and right is not None
        assert mine.winning_moves in (None, right.winning_moves) and mine.kept == right.kept
    assert any(r is not None and r.winning_moves is None and r.before == "winnable" for r in spent.reports)


# -- what counts as a choice -------------------------------------------------------------------


def shapes(position: Position, rules: Rules = APP_RULES) -> list[str]:
    return [str(choice.move) for choice in choices(position, rules)]


def test_moves_that_change_nothing_lasting_are_no_choice() -> None:
    """Cell to cell, a take-back, a card into a cell where it can go home, a card lifted off
    its successor when its run cannot follow: none is counted; a card sent home and a card
    from a cell onto its successor are (safe ones)."""
    position = board(
        ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "KD QD JD TD 9D 8D",
         "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C", "", "", "", "", "", "2C"],
        ["7D", None, None, None], {"C": 1, "D": 6, "H": 0, "S": 1})
    position.validate()
    moves = {str(m) for m in position.legal_moves(APP_RULES)}
    assert {"cell1-cell2", "found-S-cell2", "col2-cell2", "col1-cell2"} <= moves
    counted = shapes(position)
    assert "cell1-col3" in counted and "col2-found-H" in counted and "col10-found-C" in counted
    nothing_lasting = {"cell1-cell2", "cell1-cell3", "found-S-cell2", "found-C-cell2", "col10-cell2", "col2-cell2"}
    assert not nothing_lasting & set(counted)
    assert not any(c.startswith(("col1-cell", "col4-cell")) for c in counted)  # runs too long for the cells
    assert all(is_safe(position, choice.move) == (choice.move.dest.is_foundation or choice.move.source.is_cell)
               for choice in choices(position, APP_RULES))


def test_a_run_that_fits_into_the_cells_is_one_choice_and_empty_columns_are_one() -> None:
    position = board(
        ["9C 6H 5H", "2C KS QS", "AC TD 9D", "AD 8H 7H", "KD", "AH 5D 4D 3D 2D", "", "", "AS JC TC",
         "QD 3C 4H 7S 2H 6C 8D 9S 3H QC 5S JH 7C 2S TS 4C 9H 6S KC 8C JS TH 5C 3S 6D QH 4S 7D KH 8S"],
        [None, None, None, "JD"], {"C": 0, "D": 0, "H": 0, "S": 0})
    position.validate()
    counted = {str(choice.move): choice for choice in choices(position, APP_RULES)}
    assert list(counted) == ["col1-cell1", "col1-col4x2", "col2-cell1", "col2-col7x2", "col3-cell1", "col4-cell1",
                             "col5-cell1", "col9-cell1", "col10-cell1"]
    dig = counted["col1-cell1"]  # 5H into cell 1, 2 or 3: one choice, judged with 6H in a cell too
    assert sorted(str(c) for c in dig.result.cells if c is not None) == ["5H", "6H", "JD"]
    assert position.apply(dig.move).free_cells == 2  # the move itself moves one card
    assert "col6-cell1" not in counted  # 2D lifted off 3D: its run of four cannot follow into three cells
    assert "col2-col8x2" not in counted  # KS QS into column 7 or 8: one choice
    assert "col5-col7" not in counted  # a lone king into another empty column changes nothing


def test_the_number_of_choices_is_pinned() -> None:
    """A perft-like table (choices, legal moves): any change to what counts as a choice shows
    up here. Deals, and positions 10, 20 and 40 moves along the solver's line."""
    table = {("SH1-C4-AAAAAJ2", 0): (13, 27), ("SH1-C2-AAAAAJ2", 0): (3, 3), ("SH1-C1-AAAAAJ2", 0): (3, 3),
             ("SH1-C4-AAAABAA", 0): (8, 27),
             ("SH1-C4-AAAAA7M", 10): (11, 35), ("SH1-C4-AAAAA7M", 20): (6, 15), ("SH1-C4-AAAAA7M", 40): (2, 5),
             ("SH1-C2-AAAAA7L", 10): (8, 16), ("SH1-C2-AAAAA7L", 20): (1, 1), ("SH1-C2-AAAAA7L", 40): (4, 19),
             ("SH1-C1-AAAABBF", 10): (6, 13), ("SH1-C1-AAAABBF", 20): (3, 14), ("SH1-C1-AAAABBF", 40): (1, 3)}
    got = {}
    for code, along in table:
        position = GameCode.parse(code).position()
        for move in solve(position, APP_RULES).line[:along]:
            position = position.apply(move)
        got[code, along] = (len(choices(position, APP_RULES)), len(position.legal_moves(APP_RULES)))
    assert got == table


def test_a_winnable_position_always_has_a_winning_choice() -> None:
    """The solver's proof that its move set is complete, restated: however the forced moves
    fold the moves together, a winnable position keeps at least one winning choice."""
    for cells in (4, 2, 1):
        code, moves = game("won", cells)
        for position in line_of(code, moves)[0][:-1]:
            assert fresh_count(position)[0] >= 1


# -- incremental and cancellable -----------------------------------------------------------------


def test_reports_come_as_they_are_known_each_once() -> None:
    code, moves = game("lost", 2)
    positions, played = line_of(code, moves)
    seen: list[MoveReport] = []
    result = analyse(positions, played, APP_RULES, on_report=seen.append)
    assert sorted(r.index for r in seen) == list(range(len(moves)))
    assert tuple(sorted(seen, key=lambda r: r.index)) == result.reports
    lost_at = result.lost_at
    assert lost_at
    after_loss = len(moves) - lost_at
    assert [r.index for r in seen[:after_loss]] == list(range(lost_at, len(moves)))  # no search: first
    assert seen[after_loss].index == lost_at - 1  # then the move that lost it
    assert [r.index for r in seen[after_loss + 1:]] == list(range(lost_at - 1))  # then in order


def test_a_cancelled_analysis_stops_and_says_so() -> None:
    code, moves = game("won", 1)
    positions, played = line_of(code, moves)
    cancel = threading.Event()
    seen: list[MoveReport] = []

    def stop_after_five(report: MoveReport) -> None:
        seen.append(report)
        if len(seen) == 5:
            cancel.set()

    result = analyse(positions, played, APP_RULES, cancel=cancel, on_report=stop_after_five)
    assert result.cancelled and not result.complete
    assert len(seen) == 5 and [r for r in result.reports if r is not None] == seen
    with pytest.raises(ValueError, match="not complete"):
        result.to_json()


def test_the_job_runner_runs_it_reports_as_it_goes_and_cancels_it() -> None:
    """As the replay will: reports through a queue, drained on the loop's thread; leaving
    cancels the job, whose thread then ends."""
    from seahaven.app.state.jobs import Jobs

    code, moves = game("won", 4)
    positions, played = line_of(code, moves)
    jobs = Jobs()
    reports: queue.SimpleQueue[MoveReport] = queue.SimpleQueue()
    finished: list[Analysis] = []
    jobs.start("analysis", analyse, positions, played, APP_RULES, on_report=reports.put, on_done=finished.append,
               follows_game=False)
    got = []
    while not finished:  # the loop's frames: poll, drain
        jobs.poll()
        with contextlib.suppress(queue.Empty):
            got.append(reports.get(timeout=0.01))
    while not reports.empty():
        got.append(reports.get())
    assert finished[0].complete and sorted(r.index for r in got) == list(range(len(moves)))

    gate = threading.Event()
    first: queue.SimpleQueue[MoveReport] = queue.SimpleQueue()

    def hold(report: MoveReport) -> None:
        first.put(report)
        gate.wait(30)

    never: list[Analysis] = []
    jobs.start("analysis", analyse, positions, played, APP_RULES, on_report=hold, on_done=never.append)
    first.get(timeout=30)  # the analysis is under way
    jobs.cancel("analysis")
    gate.set()
    assert jobs.shutdown(timeout=30)  # its thread ended
    jobs.poll()
    assert never == [] and first.qsize() == 0  # nothing more was reported after the cancel


def test_a_game_in_play_is_analysed_up_to_its_current_move() -> None:
    code, moves = game("won", 2)
    played = Game.from_moves(code.position(), moves[:40], code=code)
    for move in moves[40:50]:
        played.play(move)
    for _ in range(10):
        played.undo()  # ten moves ahead, undone: never analysed
    result = analyse_line(played.line_snapshot(), played.start, played.move_count, played.rules)
    assert result.moves == 40 and len(result.reports) == 40
    assert result.to_json() == analyse(played.positions, list(played.moves), APP_RULES).to_json()


# -- properties ---------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([4, 2, 1]), st.integers(0, 2**16), st.integers(0, 30), st.booleans())
def test_every_analysis_keeps_its_promises(cells: int, seed: int, length: int, from_line: bool) -> None:
    """Any line of legal moves (the solver's, left at random at some move, or random from
    the deal): the losing move is the review's; kept is true before it and false there; the
    better move keeps the game winnable; critical moments have one winning move; the answer
    is the same when asked again, and a prefix is analysed as the whole game analyses it."""
    code = WINNABLE[cells]
    start = code.position()
    if from_line:
        line = solve(start, APP_RULES).line
        cut = min(length, len(line))
        position = start
        for move in line[:cut]:
            position = position.apply(move)
        moves = (*line[:cut], *wander(position, seed, 10))
    else:
        moves = tuple(wander(start, seed, length))
    positions, played = line_of(code, moves)
    result = analyse(positions, played, APP_RULES)
    answer = result.to_json()
    assert answer["lost_at"] == review(positions, APP_RULES).lost_at
    entries = answer["positions"]
    lost_at = answer["lost_at"]
    for i, entry in enumerate(entries):
        if lost_at is None or i < lost_at - 1:
            assert entry["kept"] is True and entry["winning_moves"] >= 1
        elif i == lost_at - 1:
            assert entry["kept"] is False
            better = Move.from_json(entry["better"])
            assert isinstance(better, Move) and positions[i].is_legal(better, APP_RULES)
            assert verdict(positions[i].apply(better)) == "won"
        else:
            assert entry["before"] == "lost" and entry["kept"] is None
    assert all(entries[i]["winning_moves"] == 1 for i in answer["critical"])
    assert set(answer["found"]) <= set(answer["critical"])
    assert analyse(positions, played, APP_RULES).to_json() == answer
    half = len(played) // 2
    prefix = analyse(positions[: half + 1], played[:half], APP_RULES).to_json()
    if lost_at is None or lost_at > half:
        assert prefix["positions"] == entries[:half]
        assert prefix["critical"] == [i for i in answer["critical"] if i < half]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 2, 1]), st.integers(0, 2**16), st.integers(0, 40))
def test_choices_are_distinct_and_safe_ones_keep_the_game(cells: int, seed: int, length: int) -> None:
    """Choices lead to distinct positions (up to the order of cells and columns), each changes
    the position lastingly or is safe, and from a winnable position a safe choice is winning."""
    start = WINNABLE[cells].position()
    position = start
    for move in wander(start, seed, length):
        position = position.apply(move)
    options = choices(position, APP_RULES)
    keys = [(tuple(sorted(c.result.columns)), tuple(sorted(str(x) for x in c.result.cells if x))) for c in options]
    assert len(set(keys)) == len(keys)
    own = settled_key(position)[0]
    for choice in options:
        assert position.is_legal(choice.move, APP_RULES)
        assert choice.safe or choice.key != own
    safe = [c for c in options if c.safe]
    if safe and verdict(position) == "won":
        assert all(verdict(c.result) == "won" for c in safe)


# -- the command line --------------------------------------------------------------------------


def run_analyse(*args: str, stdin: str | None = None) -> dict[str, Any]:
    result = seahaven("analyse", *args, stdin=stdin)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    answer = json.loads(result.stdout)
    assert isinstance(answer, dict) and list(answer) == ["won", "moves", "lost_at", "positions", "critical", "found"]
    for entry in answer["positions"]:
        assert list(entry) == ["move", "before", "winning_moves", "kept", "better"]
    return answer


@pytest.mark.parametrize("cells", [4, 2, 1])
@pytest.mark.parametrize("kind", KINDS)
def test_seahaven_analyse_agrees_with_seahaven_review(tmp_path: Path, kind: str, cells: int) -> None:
    code, moves = game(kind, cells)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(code, moves)))
    answer = run_analyse(str(path))
    reviewed = json.loads(seahaven("review", str(path)).stdout)
    assert answer["lost_at"] == reviewed["lost_at"] and answer["won"] == reviewed["won"]
    assert answer == analyse(*line_of(code, moves), APP_RULES).to_json()  # checked against the solver above


def test_seahaven_analyse_reads_stdin_a_game_file_and_a_saved_current_json(tmp_path: Path) -> None:
    from seahaven.app.saving.saved_game import game_to_json
    from seahaven.app.state.game_record import record_text

    code, moves = game("lost", 4)
    expected = run_analyse("-", stdin=json.dumps(record(code, moves)))
    played = Game.from_moves(code.position(), moves, code=code)
    path = tmp_path / "saved.seahaven.json"
    path.write_text(record_text(played, 75.0))
    assert run_analyse(str(path)) == expected
    undone = Game.from_moves(code.position(), moves, undone=3, code=code)
    current = tmp_path / "current.json"
    current.write_text(json.dumps(game_to_json(undone, 12.5)))
    shorter = run_analyse(str(current))
    assert shorter["moves"] == len(moves) - 3  # the undone moves are not on the board
    assert shorter["positions"] == expected["positions"][: len(moves) - 3]
    start = {"position": code.position().to_json(), "moves": [moves[0].to_json()]}
    assert run_analyse("-", stdin=json.dumps(start))["positions"] == expected["positions"][:1]


def test_seahaven_analyse_follows_the_run_limit(tmp_path: Path) -> None:
    code = WINNABLE[4]
    line = solve(code.position(), CLASSIC_RULES).line
    position = code.position()
    for k, move in enumerate(line):  # the solver's classic line, left at its first losing move
        losing = [m for m in position.legal_moves(CLASSIC_RULES) if not m.source.is_foundation
                  and verdict(position.apply(m), CLASSIC_RULES) == "lost"] if k >= 10 else []
        if losing:
            moves = (*line[:k], losing[0])
            break
        position = position.apply(move)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(code, moves)))
    answer = run_analyse(str(path), "--classic")
    classic = json.loads(seahaven("review", str(path), "--classic").stdout)
    assert answer["lost_at"] == classic["lost_at"] == len(moves)
    check_against_the_solver(answer, code, moves, CLASSIC_RULES)


def test_seahaven_analyse_is_the_same_whatever_the_hash_seed(tmp_path: Path) -> None:
    code, moves = game("lost", 1)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(code, moves)))
    outputs = set()
    for seed in ("1", "2"):
        result = subprocess.run([sys.executable, "-m", "seahaven", "analyse", str(path)], cwd=ROOT,
                                capture_output=True, text=True, timeout=120,
                                env={**os.environ, "PYTHONHASHSEED": seed})
        assert result.returncode == 0
        outputs.add(result.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize(("text", "says"), [
    ("not json", "is not a game record: it is not JSON"),
    ('{"moves": []}', "is not a game record: a game record needs exactly one of"),
    ('{"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "found", "count": 1}]}',
     "is not a game record: move 1:"),
    ('{"version": 1, "code": "SH1-C4-AAAAAJ2", "moves": [], "undone": 5, "elapsed_s": 0, "score": 0}',
     "is not a game record: 'undone'"),
    ("[1, 2]", "is not a game record"),
    ('{"code": "SH1-C4-AAAAAJ2", "moves": ' + "[" * 100_000 + "]" * 100_000 + "}", "is not a game record"),
])
def test_seahaven_analyse_refuses_a_bad_record_in_one_sentence(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = seahaven("analyse", str(path))
    assert result.returncode == 3 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("seahaven analyse: error: ") and says in lines[0], lines
    assert "Traceback" not in result.stderr


def test_seahaven_analyse_of_a_missing_file_a_folder_and_no_file_says_so(tmp_path: Path) -> None:
    missing = seahaven("analyse", "/nonexistent/game.json")
    assert missing.returncode == 3 and "does not exist" in missing.stderr and missing.stdout == ""
    folder = seahaven("analyse", str(tmp_path))
    assert folder.returncode == 3 and "is a folder, not a file" in folder.stderr
    usage = seahaven("analyse")
    assert usage.returncode == 2 and usage.stderr.startswith("seahaven analyse: error: ")


def test_seahaven_analyse_of_an_unreadable_file_says_so_as_a_non_root_user(request: pytest.FixtureRequest) -> None:
    command, extra, home = request.getfixturevalue("_as_user")
    path = home / "game.json"
    path.write_text(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": []}))
    path.chmod(0)
    result = subprocess.run([*command, "-m", "seahaven", "analyse", str(path)], capture_output=True, text=True,
                            env=_user_env(extra, home), cwd="/", timeout=120)
    assert result.returncode == 3 and result.stdout == "", (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be read: permission denied" in lines[0], lines
