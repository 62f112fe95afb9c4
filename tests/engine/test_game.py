"""A game: scoring (SPEC 6), undo and redo with the 100-action window, won and stuck (SPEC 7)."""

from __future__ import annotations

import pytest

from seahaven.engine import (
    UNDO_LIMIT,
    WIN_BONUS,
    Game,
    GameCode,
    IllegalMove,
    Move,
    Pile,
    Position,
)
from tests.engine.helpers import load_vectors, run_limit_example


def mv(text: str, count: int = 1) -> Move:
    """A move from text like ``col2-col3``, ``col1-found-S`` or ``found-S-cell1``."""
    parts = text.split("-")
    if parts[0] == "found":
        parts = [f"found-{parts[1]}", *parts[2:]]
    source, dest = parts[0], "-".join(parts[1:])
    return Move(Pile.parse(source), Pile.parse(dest), count)


def parse_moves(texts: list[str]) -> list[Move]:
    return [mv(text) for text in texts]


def test_foundation_moves_score_ten_and_take_backs_cost_fifteen() -> None:
    game = Game(run_limit_example())
    game.play(mv("col1-found-S"))  # 6S home
    assert game.score == 10
    game.play(mv("col1-found-S"))  # 7S home
    assert game.score == 20
    action = game.play(mv("found-S-col1"))  # take the 7S back onto the 8S
    assert action.points == -15 and game.score == 5
    action = game.play(mv("found-S-cell1"))  # and the 6S: the score stops at zero
    assert action.points == -5 and game.score == 0
    assert game.undo() is action and game.score == 5
    game.redo()
    assert game.score == 0


def test_other_moves_score_nothing() -> None:
    game = Game(run_limit_example())
    for move in ("col2-col3", "col8-col4", "col7-col6"):
        count = 8 if move == "col2-col3" else 1
        assert game.play(mv(move, count)).points == 0
    assert game.score == 0 and game.move_count == 3


@pytest.mark.parametrize("record", load_vectors("solutions.jsonl")[::9])
def test_a_won_game_scores_every_card_and_the_bonus(record: dict) -> None:
    start = Position.from_json(record["position"])
    game = Game(start)
    for raw in record["moves"]:
        game.play(game.position.resolve(Move.from_json(raw)))
    assert game.is_won
    taken_back = sum(1 for m in game.moves if m.source.is_foundation)
    if not taken_back:
        home = 52 - sum(start.foundations)
        assert game.score == 10 * home + WIN_BONUS[record["cells"]]
    assert game.useful_moves() == [] and not game.is_stuck


def test_undo_reaches_back_exactly_one_hundred_actions() -> None:
    game = Game.from_code("SH1-C4-AAAAAJ2")  # cells 1 and 2 full, 3 and 4 free
    for i in range(150):
        game.play(mv("cell1-cell3") if i % 2 == 0 else mv("cell3-cell1"))
    for _ in range(UNDO_LIMIT):
        assert game.undo() is not None
    assert game.undo() is None and not game.can_undo
    assert game.move_count == 50
    game.play(mv("col1-col7"))  # a new move drops the redoable ones
    assert not game.can_redo and game.undone == 0
    assert game.undo() is not None and game.undo() is None  # the window does not reopen


def test_redo_replays_until_a_new_move() -> None:
    game = Game.from_code("SH1-C4-AAAAAJ2")
    first, second = game.play(mv("col1-col7")), game.play(mv("col8-col2"))
    game.undo()
    game.undo()
    assert game.position == game.start and game.undone == 2
    assert game.redo() is first and game.redo() is second and game.redo() is None
    game.undo()
    game.play(mv("col1-cell3"))
    assert game.redo() is None and game.line[-1] == mv("col1-cell3")


def test_an_illegal_move_changes_nothing() -> None:
    game = Game.from_code("SH1-C4-AAAAAJ2")
    with pytest.raises(IllegalMove, match="only on the 7 of hearts"):
        game.play(mv("col1-col2"))
    assert game.position == game.start and game.move_count == 0 and not game.started


STUCK = [
    # no legal move at all
    ("SH1-C2-GFTH2LI", "col6-found-D col3-cell1 col3-col4"),
    # the only legal move goes back to a position already seen
    ("SH1-C4-CD3BMJF", "col10-col4 col2-col10 col3-col5 col2-col3 col8-col1 cell2-col8 col4-cell2"),
    # only a take-back, and a foundation move that returns to a position seen before it
    ("SH1-C1-AQ5VCLY", "col8-found-S col10-found-S col10-found-S found-S-col10"),
]
PREFIXES = {
    "SH1-C2-GFTH2LI": "cell2-found-D col10-cell2 col5-col7 cell1-col5 col5-cell1 col6-col1 cell1-col5",
    "SH1-C4-CD3BMJF": "cell2-cell4 col7-cell3 col7-cell2",
    "SH1-C1-AQ5VCLY": "col4-col1 col9-col4 cell1-col10 col3-cell1 col5-col3 col8-col10",
}


@pytest.mark.parametrize(("code", "moves"), STUCK, ids=[s[0] for s in STUCK])
def test_stuck_when_no_useful_move_is_left(code: str, moves: str) -> None:
    game = Game.from_code(code)
    line = parse_moves((PREFIXES[code] + " " + moves).split())
    for move in line[:-1]:
        game.play(move)
        assert not game.is_stuck
    game.play(line[-1])
    assert game.is_stuck and not game.is_won
    assert all(m.source.is_foundation or game.seen(game.position.apply(m)) for m in game.legal_moves())
    game.undo()
    assert not game.is_stuck


def test_cells_are_compared_as_a_set_for_seen_positions() -> None:
    game = Game.from_code("SH1-C4-AAAAAJ2")
    after = game.position.apply(mv("cell1-cell3"))
    assert after != game.position and game.seen(after)
    assert mv("cell1-cell3") not in game.useful_moves()


def test_a_game_code_game_knows_its_code() -> None:
    game = Game.from_code(" sh1-c1-7777777 ")
    assert game.code == GameCode(1, 32**7 - 1)
    assert game.position.cell_count == 1 and len(game.position.columns[1]) == 6


def test_restart_keeps_the_hints_shown_for_the_deal() -> None:
    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.note_hints(2)
    game.play(game.useful_moves()[0])
    game.restart()
    assert game.hints_used == 2 and game.move_count == 0 and not game.can_redo and game.score == 0


def test_the_end_of_the_line_and_seen_positions_do_not_grow_with_the_game() -> None:
    """The lost check's snapshot holds the undo window only, and "seen before" follows
    undo, redo and restart (issue 21 item 5: no per-move work that grows with the game)."""
    from seahaven.engine.game import UNDO_LIMIT
    from seahaven.engine.services import LineEnd

    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play(game.position.resolve(Move.from_json({"from": "col1", "to": "cell3"})))
    there = Move.from_json({"from": "cell3", "to": "cell4"})
    back = Move.from_json({"from": "cell4", "to": "cell3"})
    for k in range(UNDO_LIMIT + 50):
        game.play(there if k % 2 == 0 else back)
    end = LineEnd.of(game)
    assert len(end.positions) == UNDO_LIMIT + 1 and not end.from_deal
    assert end.positions[-1] == game.position and end.positions == tuple(game.positions[-UNDO_LIMIT - 1:])
    short = Game.from_code("SH1-C4-AAAAAJ2")
    assert LineEnd.of(short).positions == (short.start,) and LineEnd.of(short).from_deal
    first = short.position.resolve(Move.from_json({"from": "col1", "to": "cell3"}))
    short.play(first)
    assert short.seen(short.start) and short.seen(short.position)
    short.undo()
    assert not short.seen(short.start.apply(first)) and short.seen(short.start)
    short.redo()
    assert short.seen(short.start.apply(first))
    short.restart()
    assert not short.seen(short.start.apply(first))


def test_a_line_snapshot_keeps_the_line_as_it_was() -> None:
    """What the writer thread reads later is the line when the snapshot was taken, whatever
    the game did since (undo and a new move, a restart)."""
    from seahaven.engine.game import UNDO_LIMIT

    game = Game.from_code("SH1-C4-AAAAAJ2")
    game.play(game.position.resolve(Move.from_json({"from": "col1", "to": "cell3"})))
    there = Move.from_json({"from": "cell3", "to": "cell4"})
    back = Move.from_json({"from": "cell4", "to": "cell3"})
    for k in range(UNDO_LIMIT + 30):
        game.play(there if k % 2 == 0 else back)
    for _ in range(3):
        game.undo()
    before = game.actions()
    snapshot = game.line_snapshot()
    for _ in range(UNDO_LIMIT):
        game.undo()
    game.play(game.legal_moves()[0])
    assert snapshot() == before
    game.restart()
    assert snapshot() == before and game.line_length == 0


def test_a_replay_with_a_memo_gives_the_same_game_and_still_checks_every_move() -> None:
    start = GameCode.parse("SH1-C4-AAAAAJ2").position()
    first = start.resolve(Move.from_json({"from": "col1", "to": "cell3"}))
    there = Move.from_json({"from": "cell3", "to": "cell4"})
    back = Move.from_json({"from": "cell4", "to": "cell3"})
    line = [first] + [there if k % 2 == 0 else back for k in range(301)]
    plain = Game(start)
    for move in line:
        plain.play(move)
    replayed = Game.from_moves(start, line)
    assert replayed.line == plain.line and replayed.positions == plain.positions
    assert replayed.score == plain.score and replayed.undo_depth == plain.undo_depth
    with pytest.raises(IllegalMove):
        Game.from_moves(start, [*line, there, there])  # cell4 holds the card already


def test_stuck_is_worked_out_once_per_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: "stuck" applies every legal move; the table and the save both ask after a
    change, and the game works it out once (again after each play, undo, redo, restart)."""
    game = Game.from_code("SH1-C4-AAAAAJ2")
    calls: list[int] = []
    real = Game.useful_moves

    def counted(self: Game) -> list[Move]:
        calls.append(1)
        return real(self)

    monkeypatch.setattr(Game, "useful_moves", counted)
    assert not game.is_stuck and not game.is_stuck
    assert len(calls) == 1
    game.play(real(game)[0])
    assert not game.is_stuck and not game.is_stuck
    assert len(calls) == 2
    game.undo()
    game.redo()
    game.restart()
    assert not game.is_stuck and len(calls) == 3
