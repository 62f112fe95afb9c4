"""Property tests: random legal play from random deals, under both run limits."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seahaven.engine import (
    APP_RULES,
    CELLS,
    CLASSIC_RULES,
    COLUMNS,
    DEAL_COUNT,
    DECK,
    FOUNDATIONS,
    UNDO_LIMIT,
    Game,
    GameCode,
    Move,
    Position,
)
from seahaven.engine.boards import from_fcs, parse_board, to_fcs

deals = st.builds(GameCode, st.sampled_from([4, 2, 1]), st.integers(0, DEAL_COUNT - 1))
rule_sets = st.sampled_from([APP_RULES, CLASSIC_RULES])
ALL_PILES = CELLS + FOUNDATIONS + COLUMNS
common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(data: st.DataObject, game: Game, steps: int) -> None:
    """Play up to ``steps`` random legal moves, preferring foundation moves now and then
    so that columns empty and runs form."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            return
        home = [m for m in moves if m.dest.kind == "found"]
        if home and data.draw(st.booleans(), label="go home"):
            move = data.draw(st.sampled_from(home), label="home move")
        else:
            move = data.draw(st.sampled_from(moves), label="move")
        game.play(move)


def cards_of(position: Position) -> list[str]:
    cards = [str(c) for c in position.cells if c is not None]
    cards += [str(c) for col in position.columns for c in col]
    for suit, height in zip("CDHS", position.foundations):
        cards += [f"{'A23456789TJQK'[r - 1]}{suit}" for r in range(1, height + 1)]
    return cards


@common
@given(deals, rule_sets, st.data())
def test_random_play_keeps_every_card_exactly_once(code: GameCode, rules, data) -> None:
    game = Game.from_code(code, rules)
    for _ in range(data.draw(st.integers(0, 80), label="steps")):
        play_randomly(data, game, 1)
        assert sorted(cards_of(game.position)) == sorted(str(c) for c in DECK)
        game.position.validate()
        assert len(game.position.cells) == code.cells


@common
@given(deals, rule_sets, st.data())
def test_undo_then_redo_returns_the_same_position_and_score(code: GameCode, rules, data) -> None:
    game = Game.from_code(code, rules)
    play_randomly(data, game, data.draw(st.integers(1, 60), label="steps"))
    if not game.can_undo:
        return
    position, score, moves = game.position, game.score, game.move_count
    action = game.undo()
    assert action is not None and game.position == action.before
    assert game.score == score - action.points
    game.redo()
    assert game.position == position and game.score == score and game.move_count == moves


@common
@given(deals, rule_sets, st.data())
def test_undoing_everything_returns_to_the_deal_with_no_score(code: GameCode, rules, data) -> None:
    game = Game.from_code(code, rules)
    play_randomly(data, game, data.draw(st.integers(0, UNDO_LIMIT), label="steps"))
    undos = 0
    while game.undo() is not None:
        undos += 1
        assert game.score >= 0
    assert undos <= UNDO_LIMIT
    assert game.position == game.start and game.score == 0 and game.move_count == 0


@common
@given(deals, rule_sets, st.data())
def test_the_engine_accepts_exactly_its_legal_moves(code: GameCode, rules, data) -> None:
    game = Game.from_code(code, rules)
    play_randomly(data, game, data.draw(st.integers(0, 70), label="steps"))
    position = game.position
    legal = position.legal_moves(rules)
    assert len(legal) == len(set(legal))
    legal_set = set(legal)
    for source in ALL_PILES:
        for dest in ALL_PILES:
            for count in range(1, 14):
                move = Move(source, dest, count)
                accepted = position.is_legal(move, rules)
                assert accepted == (move in legal_set), (move, position.why_illegal(move, rules))
                if accepted:
                    after = position.apply(move)
                    after.validate()
                    assert after != position or source.is_cell  # only cell shuffles change nothing visible


@common
@given(deals, rule_sets, st.data())
def test_positions_round_trip_through_json_and_fcs(code: GameCode, rules, data) -> None:
    game = Game.from_code(code, rules)
    play_randomly(data, game, data.draw(st.integers(0, 80), label="steps"))
    position = game.position
    assert Position.from_json(position.to_json()) == position
    assert from_fcs(to_fcs(position)) == position
    assert parse_board(to_fcs(position)) == position
    assert eval(repr(position), {"Position": Position}) == position


@given(st.sampled_from([4, 2, 1]), st.integers(0, DEAL_COUNT - 1), st.sampled_from(["", " ", "\t"]))
def test_codes_round_trip(cells: int, deal: int, blank: str) -> None:
    code = GameCode(cells, deal)
    text = str(code)
    assert len(text) == len("SH1-C4-AAAAAAA")
    assert GameCode.parse(text) == code
    assert GameCode.parse(blank + text.lower() + blank) == code


@common
@given(deals, rule_sets, st.data())
def test_saved_line_replays_to_the_same_game(code: GameCode, rules, data) -> None:
    game = Game.from_code(code, rules)
    play_randomly(data, game, data.draw(st.integers(0, 60), label="steps"))
    undone = data.draw(st.integers(0, min(game.move_count, 10)), label="undone")
    for _ in range(undone):
        game.undo()
    again = Game.from_moves(game.start, game.line, game.undone, rules, code)
    assert again.position == game.position and again.score == game.score
    assert again.undone == game.undone and again.line == game.line
