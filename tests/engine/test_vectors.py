"""The outside vectors: game codes deal exactly, winning lines replay to a win."""

from __future__ import annotations

import pytest

from seahaven.engine import APP_RULES, CLASSIC_RULES, GameCode, Move, Position, Why
from tests.engine.helpers import load_vectors

CODES = load_vectors("codes.jsonl")
SOLUTIONS = load_vectors("solutions.jsonl")


@pytest.mark.parametrize("vector", CODES, ids=[v["code"] for v in CODES])
def test_code_deals_the_position(vector: dict) -> None:
    code = GameCode.parse(vector["code"])
    assert code.deal == vector["deal"]
    assert code.position().to_json() == vector["position"]
    assert str(GameCode(code.cells, vector["deal"])) == vector["code"]


def _replay(record: dict, rules) -> tuple[Position, int, str | None]:
    position = Position.from_json(record["position"])
    for k, raw in enumerate(record["moves"]):
        move = position.resolve(Move.from_json(raw))
        reason = position.why_illegal(move, rules)
        if reason is not None:
            return position, k, reason
        assert move in position.legal_moves(rules)
        position = position.apply(move)
    return position, len(record["moves"]), None


@pytest.mark.parametrize("record", SOLUTIONS, ids=[str(i) for i in range(len(SOLUTIONS))])
def test_solution_wins_under_app_rules(record: dict) -> None:
    position, _, reason = _replay(record, APP_RULES)
    assert reason is None
    assert position.is_won


@pytest.mark.parametrize("record", SOLUTIONS, ids=[str(i) for i in range(len(SOLUTIONS))])
def test_classic_limit_refuses_exactly_the_app_only_lines(record: dict) -> None:
    position, k, reason = _replay(record, CLASSIC_RULES)
    if record["needs_app_run_limit"]:
        assert reason is not None and reason.why is Why.TOO_MANY
        # the refused move is legal under the app's limit, and breaks only the run limit
        move = position.resolve(Move.from_json(record["moves"][k]))
        assert position.is_legal(move, APP_RULES)
        assert move.size > position.free_cells + 1
    else:
        assert reason is None and position.is_won


def test_vectors_cover_every_difficulty() -> None:
    assert {GameCode.parse(v["code"]).cells for v in CODES} == {1, 2, 4}
    assert any(r["needs_app_run_limit"] for r in SOLUTIONS)
