"""Issue 28, items 3 and 4: the review finds the move that lost a game, and
``seahaven review FILE`` prints it. The records are built by legal moves; which move lost
each is proved independently here, by asking the solver about every position in turn."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from seahaven.engine import APP_RULES, CLASSIC_RULES, Game, GameCode, Move, Position, Rules
from seahaven.engine.review import line_positions, review
from seahaven.engine.solver import solve
from tests.app.test_files import _user_env
from tests.app.test_files import as_user as _as_user  # noqa: F401  # the fixture "as_user": a non-root user
from tests.conftest import ROOT
from tests.engine.helpers import seahaven

LOST_DEAL = "SH1-C1-AAAAAAB"
"""A Hard deal the solver proves lost from the start."""


def random_walk(code: GameCode, seed: int, length: int) -> list[Move]:
    """Legal moves chosen at random (never from a foundation), until ``length`` or stuck."""
    rng = random.Random(seed)
    position, moves = code.position(), []
    for _ in range(length):
        choices = [m for m in position.legal_moves(APP_RULES) if not m.source.is_foundation]
        if not choices:
            break
        move = rng.choice(choices)
        position = position.play(move, APP_RULES)
        moves.append(move)
    return moves


def first_lost_by_hand(positions: list[Position], rules: Rules) -> int | None:
    """The first position the solver proves lost, asking about each in turn (no bisection)."""
    for index, position in enumerate(positions):
        result = solve(position, rules, max_nodes=500_000, max_seconds=float("inf"))
        assert not result.unknown
        if result.lost:
            return index
    return None


def record(code: GameCode | str, moves: list[Move]) -> dict[str, object]:
    return {"code": str(code), "moves": [m.to_json() for m in moves]}


@pytest.mark.parametrize(("deal", "seed"), [(1004, 4), (1017, 17), (1024, 24), (1033, 33)])
def test_the_review_names_the_move_that_lost_it(deal: int, seed: int) -> None:
    code = GameCode(4, deal)
    moves = random_walk(code, seed, 40)
    positions = line_positions(code.position(), [m.to_json() for m in moves], APP_RULES)
    expected = first_lost_by_hand(positions, APP_RULES)
    assert expected is not None and 0 < expected < len(moves)  # a real losing move, mid-game
    result = review(positions, APP_RULES)
    assert result.decided and result.lost_at == expected
    assert result.verdict(expected - 1) == "winnable" and result.verdict(expected) == "lost"
    assert result.nodes > 0 and not result.undecided


def test_the_review_of_a_won_game_and_a_winnable_one_names_no_move() -> None:
    code = GameCode.parse("SH1-C4-AAAAAJ2")
    line = solve(code.position(), APP_RULES).line
    assert line
    won = review(line_positions(code.position(), [m.to_json() for m in line], APP_RULES), APP_RULES)
    assert won.won and won.lost_at is None and won.decided
    half = list(line[: len(line) // 2])
    winnable = review(line_positions(code.position(), [m.to_json() for m in half], APP_RULES), APP_RULES)
    assert not winnable.won and winnable.lost_at is None and winnable.decided
    assert winnable.verdict(len(half)) == "winnable"


def test_a_deal_lost_from_the_start_is_lost_at_zero() -> None:
    code = GameCode.parse(LOST_DEAL)
    assert solve(code.position(), APP_RULES).lost
    moves = random_walk(code, 1, 5)
    result = review(line_positions(code.position(), [m.to_json() for m in moves], APP_RULES), APP_RULES)
    assert result.lost_at == 0 and result.verdict(0) == "lost"
    assert review([code.position()], APP_RULES).lost_at == 0


def test_a_review_out_of_budget_says_where_it_could_not_decide() -> None:
    code = GameCode(4, 1004)
    moves = random_walk(code, 4, 40)
    positions = line_positions(code.position(), [m.to_json() for m in moves], APP_RULES)
    result = review(positions, APP_RULES, max_nodes=3)
    assert not result.decided and result.lost_at is None
    assert list(result.undecided) and result.to_json()["undecided"] == list(result.undecided)


def test_the_review_follows_the_run_limit() -> None:
    code = GameCode(4, 1017)
    moves = random_walk(code, 17, 40)
    raw = [m.to_json() for m in moves]
    app = review(line_positions(code.position(), raw, APP_RULES), APP_RULES)
    assert app.lost_at == first_lost_by_hand(line_positions(code.position(), raw, APP_RULES), APP_RULES)
    try:
        positions = line_positions(code.position(), raw, CLASSIC_RULES)
    except ValueError:
        return  # a move of the walk needs the app's limit: the record is not a classic game
    assert review(positions, CLASSIC_RULES).lost_at == first_lost_by_hand(positions, CLASSIC_RULES)


# -- the command line ------------------------------------------------------------------


def test_seahaven_review_prints_the_losing_move(tmp_path: Path) -> None:
    code = GameCode(4, 1024)
    moves = random_walk(code, 24, 40)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(code, moves)))
    result = seahaven("review", str(path))
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    expected = first_lost_by_hand(line_positions(code.position(), [m.to_json() for m in moves], APP_RULES),
                                  APP_RULES)
    assert answer["lost_at"] == expected and answer["moves"] == len(moves) and answer["won"] is False
    assert answer["verdicts"][expected - 2] == "winnable" and answer["verdicts"][expected - 1] == "lost"
    assert answer["rules"] == "app" and answer["undecided"] == []


def test_seahaven_review_is_the_same_whatever_the_hash_seed(tmp_path: Path) -> None:
    code = GameCode(4, 1004)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(code, random_walk(code, 4, 40))))
    outputs = set()
    for seed in ("1", "2"):
        result = subprocess.run([sys.executable, "-m", "seahaven", "review", str(path)], cwd=ROOT,
                                capture_output=True, text=True, timeout=120,
                                env={**os.environ, "PYTHONHASHSEED": seed})
        assert result.returncode == 0
        outputs.add(result.stdout)
    assert len(outputs) == 1


def test_seahaven_review_reads_a_won_record_a_position_record_and_stdin(tmp_path: Path) -> None:
    code = GameCode.parse("SH1-C4-AAAAAJ2")
    line = list(solve(code.position(), APP_RULES).line)
    won = seahaven("review", "-", stdin=json.dumps(record(code, line)))
    assert won.returncode == 0 and json.loads(won.stdout)["won"] is True
    assert json.loads(won.stdout)["lost_at"] is None
    start = {"position": code.position().to_json(), "moves": []}
    fresh = json.loads(seahaven("review", "-", stdin=json.dumps(start)).stdout)
    assert fresh == {**fresh, "won": False, "moves": 0, "lost_at": None, "start": "winnable"}
    lost = json.loads(seahaven("review", "-", stdin=json.dumps({"code": LOST_DEAL, "moves": []})).stdout)
    assert lost["lost_at"] == 0 and lost["start"] == "lost"


def test_seahaven_review_reads_a_saved_current_json(tmp_path: Path) -> None:
    from seahaven.app.saving.saved_game import game_to_json

    code = GameCode(4, 1017)
    moves = random_walk(code, 17, 40)
    game = Game.from_moves(code.position(), moves, undone=2, code=code)
    path = tmp_path / "current.json"
    path.write_text(json.dumps(game_to_json(game, 12.5)))
    answer = json.loads(seahaven("review", str(path)).stdout)
    assert answer["moves"] == len(moves) - 2  # the undone moves are not on the board
    positions = game.positions
    assert answer["lost_at"] == first_lost_by_hand(positions, APP_RULES)


@pytest.mark.parametrize(("text", "says"), [
    ("not json", "is not a game record: it is not JSON"),
    ('{"moves": []}', "is not a game record: a game record needs exactly one of"),
    ('{"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "found", "count": 1}]}',
     "is not a game record: move 1:"),
    ('{"version": 1, "code": "SH1-C4-AAAAAJ2", "moves": [], "undone": 5, "elapsed_s": 0, "score": 0}',
     "is not a game record: 'undone'"),
    ("[1, 2]", "is not a game record"),
])
def test_seahaven_review_refuses_a_bad_record_in_one_sentence(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = seahaven("review", str(path))
    assert result.returncode == 3 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("seahaven review: error: ") and says in lines[0], lines
    assert "Traceback" not in result.stderr


def test_seahaven_review_of_a_missing_file_says_so() -> None:
    result = seahaven("review", "/nonexistent/game.json")
    assert result.returncode == 3 and "does not exist" in result.stderr and result.stdout == ""


def test_seahaven_review_of_an_unreadable_file_says_so_as_a_non_root_user(request: pytest.FixtureRequest) -> None:
    command, extra, home = request.getfixturevalue("_as_user")
    path = home / "game.json"
    path.write_text(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": []}))
    path.chmod(0)
    result = subprocess.run([*command, "-m", "seahaven", "review", str(path)], capture_output=True, text=True,
                            env=_user_env(extra, home), cwd="/", timeout=120)
    assert result.returncode == 3 and result.stdout == "", (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be read: permission denied" in lines[0], lines
