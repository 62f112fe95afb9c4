"""The solver: verdicts on every vector, lines that replay to a win, hints, the way back
from a lost game, winnable deals, cancellation and the ``seahaven solve`` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from seahaven.engine import APP_RULES, CLASSIC_RULES, Game, GameCode, Move, Position, Rules
from seahaven.engine.boards import to_fcs
from seahaven.engine.services import NoWayBack, Undecided, hint, history, lost, winnable_deal
from seahaven.engine.solver import CHECK_EVERY, solve
from seahaven.engine.solver_thread import SolverJob
from tests.conftest import ROOT
from tests.engine.helpers import load_vectors, seahaven

VERDICTS = load_vectors("verdicts.jsonl")
SOLUTIONS = load_vectors("solutions.jsonl")
RULES = {"app_rules": APP_RULES, "classic_rules": CLASSIC_RULES}
BUDGET = 20.0  # seconds; the vectors take well under one second each


def replays_to_a_win(position: Position, line: tuple[Move, ...], rules: Rules) -> bool:
    for move in line:
        position = position.play(move, rules)  # raises IllegalMove on a bad move
    return position.is_won


@pytest.mark.parametrize("limit", sorted(RULES))
@pytest.mark.parametrize("vector", VERDICTS, ids=[v["source"] for v in VERDICTS])
def test_every_verdict_vector(vector: dict, limit: str) -> None:
    position = Position.from_json(vector["position"])
    rules = RULES[limit]
    result = solve(position, rules, max_seconds=BUDGET)
    assert result.status == {"solvable": "won", "unsolvable": "lost"}[vector[limit]]
    if result.won:
        assert replays_to_a_win(position, result.line, rules)


def _our_lines() -> list[tuple[str, dict]]:
    """Records of the solver's lines for every solvable verdict vector, per run limit."""
    records = []
    for vector in VERDICTS:
        for limit, rules in RULES.items():
            if vector[limit] == "solvable":
                position = Position.from_json(vector["position"])
                line = solve(position, rules, max_seconds=BUDGET).line
                record = {"position": vector["position"], "moves": [m.to_json() for m in line]}
                records.append((limit, record))
    return records


def test_lines_replay_through_seahaven_replay(tmp_path: Path) -> None:
    records = _our_lines()
    assert records
    for limit in RULES:
        path = tmp_path / f"{limit}.jsonl"
        mine = [r for lim, r in records if lim == limit]
        path.write_text("".join(json.dumps(r) + "\n" for r in mine))
        args = [sys.executable, "-m", "seahaven", "replay", str(path)]
        args += ["--classic"] if limit == "classic_rules" else []
        done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        verdicts = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
        assert len(verdicts) == len(mine)
        assert all(v["legal"] and v["won"] for v in verdicts)


def _mid_games() -> list[tuple[str, Game]]:
    games = []
    for vector in SOLUTIONS:
        rules = APP_RULES if vector["needs_app_run_limit"] else CLASSIC_RULES
        start = Position.from_json(vector["position"])
        moves = [Move.from_json(m) for m in vector["moves"]]
        for fraction in (3, 2):
            game = Game(start, rules)
            for move in moves[: len(moves) // fraction]:
                game.play(game.position.resolve(move))
            games.append((f"{vector['source']} 1/{fraction}", game))
    return games


@pytest.mark.parametrize(("name", "game"), _mid_games(), ids=lambda x: x if isinstance(x, str) else "")
def test_hint_on_a_mid_game_position_is_legal_and_keeps_the_game_winnable(name: str, game: Game) -> None:
    move = hint(game, max_seconds=BUDGET)
    assert move is not None
    assert game.hints_used == 0  # the solver only answers; the game in play counts a hint shown
    after = game.position.play(move, game.rules)
    assert solve(after, game.rules, max_seconds=BUDGET).won


def test_hint_says_none_when_no_winning_line() -> None:
    vector = next(v for v in VERDICTS if v["app_rules"] == "unsolvable")
    game = Game(Position.from_json(vector["position"]))
    assert hint(game, max_seconds=BUDGET) is None
    assert game.hints_used == 0


def test_hint_raises_when_undecided() -> None:
    game = Game.from_code("SH1-C4-TOHQIIB", CLASSIC_RULES)
    with pytest.raises(Undecided):
        hint(game, max_nodes=50)
    assert game.hints_used == 0


def _play_into_a_dead_end(code: str, seed: int, beyond: int) -> Game:
    """Play moves that waste cells, from a winnable deal, until the solver proves it lost,
    then ``beyond`` moves more."""
    game = Game.from_code(code)
    assert solve(game.position).won
    rng = random.Random(seed)
    for _ in range(60):
        moves = [m for m in game.useful_moves() if not m.dest.is_foundation] or game.useful_moves()
        assert moves, "the game got stuck before it was lost"
        to_cells = [m for m in moves if m.dest.is_cell]
        game.play(rng.choice(to_cells or moves))
        if solve(game.position, max_seconds=BUDGET).lost:
            for _ in range(beyond):
                game.play((game.useful_moves() or game.legal_moves())[0])
            return game
    raise AssertionError("could not lose the game on purpose")


@pytest.mark.parametrize(
    ("code", "seed", "beyond"), [("SH1-C4-AAAAAJ2", 1, 0), ("SH1-C4-AFXFFQB", 2, 3), ("SH1-C2-AAAAAAF", 3, 2)]
)
def test_lost_counts_the_undos_back_to_a_winnable_position(code: str, seed: int, beyond: int) -> None:
    if not solve(GameCode.parse(code).position()).won:
        pytest.fail(f"{code} should be a winnable deal")
    game = _play_into_a_dead_end(code, seed, beyond)
    report = lost(game, max_seconds=BUDGET)
    assert report.lost and report.undos == beyond + 1, report
    k = report.undos
    positions, window, _ = history(game)
    assert k <= window
    assert solve(positions[-1 - k], max_seconds=BUDGET).won
    assert solve(positions[-k], max_seconds=BUDGET).lost  # k - 1 undos are not enough
    for _ in range(k):
        game.undo()
    assert game.position == positions[-1 - k]
    assert hint(game, max_seconds=BUDGET) is not None


def test_lost_on_a_winnable_game_and_on_a_lost_deal() -> None:
    game = Game.from_code("SH1-C4-AAAAAJ2")
    assert lost(game, max_seconds=BUDGET).status == "won"
    vector = next(v for v in VERDICTS if v["cells"] == 4 and v["app_rules"] == "unsolvable")
    game = Game(Position.from_json(vector["position"]))
    for _ in range(3):
        game.play(game.useful_moves()[0])
    report = lost(game, max_seconds=BUDGET)
    assert report.lost and report.undos is None and report.reason is NoWayBack.DEAL_LOST and report.deal_lost


def test_winnable_deal_draws_until_a_deal_is_proved_winnable() -> None:
    draws = iter(range(10_000))
    code = winnable_deal(1, draw=lambda: next(draws))
    assert code.cells == 1
    assert solve(code.position()).won
    for deal in range(code.deal):  # every deal drawn before it was not proved winnable
        assert not solve(GameCode(1, deal).position()).won


def test_winnable_deal_with_the_default_random_source() -> None:
    code = winnable_deal(4)
    assert solve(code.position()).won


def test_cancel_stops_a_search_at_its_next_look() -> None:
    """A cancelled search stops at its next look at the flag, CHECK_EVERY nodes on (about half
    a millisecond of search): counted in nodes, so a busy machine decides as a quiet one."""
    cancelled_at: list[int] = []

    def on_progress(nodes: int, _seconds: float) -> None:
        if nodes >= 4 * CHECK_EVERY and not cancelled_at:
            cancelled_at.append(nodes)
            job.cancel()

    job = SolverJob(solve, GameCode.parse("SH1-C4-TOHQIIB").position(), CLASSIC_RULES, max_seconds=600,
                    on_progress=on_progress, start=False)
    job.start()
    assert job.join(timeout=600)
    result = job.result()
    assert result.unknown and result.cancelled
    assert cancelled_at and result.nodes == cancelled_at[0] + CHECK_EVERY


def test_cancel_stops_a_winnable_deal_hunt_at_its_next_candidate() -> None:
    """Cancelled while it searches its third candidate, a hunt for a winnable deal stops that
    search at its next look and draws no fourth."""
    lost_deal = 0
    assert solve(GameCode(1, lost_deal).position()).lost
    drawn: list[int] = []

    def draw() -> int:
        drawn.append(lost_deal)
        if len(drawn) == 3:
            job.cancel()
        return lost_deal

    job = SolverJob(winnable_deal, 1, draw=draw, attempts=10**9, start=False)
    job.start()
    assert job.join(timeout=600)
    assert len(drawn) == 3
    with pytest.raises(Undecided):
        job.result()


def test_job_polls_without_blocking_and_reports_progress() -> None:
    seen = threading.Event()
    job = SolverJob(solve, GameCode.parse("SH1-C4-AAAAAJ2").position(), on_progress=lambda n, s: seen.set())
    began = time.perf_counter()
    while not job.done:
        assert time.perf_counter() - began < 30
        time.sleep(0.001)
    assert job.result().won
    assert job.progress[0] > 0 and seen.is_set()


def solve_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return seahaven("solve", *args, stdin=stdin)


def test_cli_winnable_prints_a_line_in_words_and_exits_0() -> None:
    done = solve_cli("SH1-C4-AAAAAJ2")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines and all(line.startswith(f"Move {n}: ") for n, line in enumerate(lines, 1))  # the replay's words
    assert "foundation" in lines[-1]


def test_cli_says_its_line_and_verdicts_in_the_players_language() -> None:
    done = seahaven("solve", "SH1-C4-AAAAAJ2", env={"LANGUAGE": "de"})
    assert done.returncode == 0 and done.stdout.splitlines()[0].startswith("Zug 1: ")
    lost = seahaven("solve", "SH1-C1-AAAAA7J", env={"LANGUAGE": "de"})
    assert lost.returncode == 1
    assert lost.stdout.startswith("Kein Gewinnweg: Diese Stellung ist nicht zu gewinnen. ")
    assert "Stellungen wurden durchsucht." in lost.stdout and "positions" not in lost.stdout


def test_cli_json_line_replays_to_a_win(tmp_path: Path) -> None:
    position = GameCode.parse("SH1-C2-AAAAAAC").position()
    board = tmp_path / "board.txt"
    board.write_text(to_fcs(position))
    for extra, rules in (([], APP_RULES), (["--classic"], CLASSIC_RULES)):
        done = solve_cli("--board", str(board), "--json", *extra)
        if done.returncode == 1:
            continue  # not winnable under this limit; the exit status says so
        assert done.returncode == 0, done.stderr
        now = position
        for move in json.loads(done.stdout):
            now = now.play(now.resolve(Move.from_json(move)), rules)
        assert now.is_won


def test_cli_reads_a_json_board_from_stdin() -> None:
    vector = next(v for v in VERDICTS if v["app_rules"] == "solvable" and v["cells"] == 2)
    done = solve_cli("--board", "-", "--json", stdin=json.dumps(vector["position"]))
    assert done.returncode == 0 and json.loads(done.stdout)


def test_cli_unwinnable_exits_1() -> None:
    vector = next(v for v in VERDICTS if v["app_rules"] == "unsolvable")
    done = solve_cli("--board", "-", stdin=json.dumps(vector["position"]))
    assert done.returncode == 1 and "cannot be won" in done.stdout


def test_cli_unknown_within_the_budget_exits_4() -> None:
    # 4, not 2: exit status 2 is a usage error for every command (argparse's convention)
    done = solve_cli("SH1-C4-TOHQIIB", "--classic", "--budget-s", "0.01")
    assert done.returncode == 4 and done.stdout.startswith("Unknown")


@pytest.mark.parametrize(
    "args",
    [
        ("SH1-C3-AAAAAAA",),
        ("nonsense",),
        ("--board", "/nonexistent/board.txt"),
        ("--board", "-"),
    ],
)
def test_cli_bad_input_exits_3_in_one_line(args: tuple[str, ...]) -> None:
    done = solve_cli(*args, stdin="Foundations: H-0 C-0 D-0 S-0\n: KS\n")
    assert done.returncode == 3
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_cli_refuses_a_huge_board(tmp_path: Path) -> None:
    board = tmp_path / "huge.txt"
    board.write_bytes(b" " * (1024 * 1024 + 10))
    done = solve_cli("--board", str(board))
    assert done.returncode == 3 and "1 MB" in done.stderr
