"""Auto-finish (issue 17 item 5): the engine says whether every card left can go home one
by one, and with which moves. Property tests over positions built two ways: by taking
cards back off a won table (so a finish exists) and by scattering the cards left at random
(so often none does)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seahaven.engine import (
    APP_RULES,
    CLASSIC_RULES,
    DECK,
    SUITS,
    Card,
    Game,
    GameCode,
    Position,
    can_finish,
    finishing_moves,
)

common = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
rule_sets = st.sampled_from([APP_RULES, CLASSIC_RULES])


@st.composite
def taken_back(draw: st.DrawFn) -> Position:
    """A won table with cards taken back off the foundations, each put on top of a column
    or into an empty cell: playing them home in reverse always finishes."""
    cell_count = draw(st.sampled_from([4, 2, 1]))
    found = [13, 13, 13, 13]
    cells: list[Card | None] = [None] * cell_count
    columns: list[list[Card]] = [[] for _ in range(10)]
    for _ in range(draw(st.integers(1, 52))):
        s = draw(st.sampled_from([i for i in range(4) if found[i] > 0]))
        card = Card(found[s], SUITS[s])
        found[s] -= 1
        free = [i for i, c in enumerate(cells) if c is None]
        if free and draw(st.booleans()):
            cells[draw(st.sampled_from(free))] = card
        else:
            columns[draw(st.integers(0, 9))].append(card)
    return Position(cells, found, columns)


@st.composite
def scattered(draw: st.DrawFn) -> Position:
    """Foundations at random heights; the other cards shuffled into cells and columns."""
    cell_count = draw(st.sampled_from([4, 2, 1]))
    found = [draw(st.integers(0, 13)) for _ in SUITS]
    left = [c for c in DECK if c.rank > found[SUITS.index(c.suit)]]
    left = draw(st.permutations(left))
    cells: list[Card | None] = [None] * cell_count
    columns: list[list[Card]] = [[] for _ in range(10)]
    for card in left:
        free = [i for i, c in enumerate(cells) if c is None]
        if free and draw(st.integers(0, 5)) == 0:
            cells[free[0]] = card
        else:
            columns[draw(st.integers(0, 9))].append(card)
    return Position(cells, found, columns)


positions = st.one_of(taken_back(), scattered())


def home_moves(position: Position, rules: Any) -> list[Any]:
    """The engine's own legal moves that send one card home."""
    return [m for m in position.legal_moves(rules) if m.dest.is_foundation and m.size == 1
            and not m.source.is_foundation]


@common
@given(positions, rule_sets, st.data())
def test_finishable_means_its_moves_win_and_every_other_order_too(position: Position, rules, data) -> None:
    position.validate()
    line = finishing_moves(position, rules)
    if line is None:
        assert not can_finish(position, rules)
        # no order of home moves wins: play them in any order until none is left
        while True:
            moves = home_moves(position, rules)
            if not moves:
                break
            position = position.play(data.draw(st.sampled_from(moves), label="home move"), rules)
        assert not position.is_won
        return
    assert can_finish(position, rules) == (not position.is_won)
    left = 52 - sum(position.foundations)
    assert len(line) == left and all(m.dest.is_foundation and m.size == 1 for m in line)
    game = Game(position, rules)
    for move in line:
        game.play(move)  # each one legal, as the player's own moves are
    assert game.is_won and game.move_count == left
    # and the claim behind the greedy line: any order of home moves gets there as well
    again = position
    while home_moves(again, rules):
        again = again.play(data.draw(st.sampled_from(home_moves(again, rules)), label="any order"), rules)
    assert again.is_won


@common
@given(taken_back())
def test_a_table_taken_back_always_finishes(position: Position) -> None:
    assert finishing_moves(position) is not None


def test_finish_is_offered_only_when_no_other_move_is_needed() -> None:
    # a fresh deal never finishes by itself; a won table needs nothing
    assert finishing_moves(GameCode(4, 1).position()) is None
    won = Position([None] * 4, [13] * 4, [[] for _ in range(10)])
    assert finishing_moves(won) == () and not can_finish(won)
    # the clubs left: 2 and 3 in column 1, the 4 to the king in column 10 (the 4 on top)
    rest = [Card(rank, "C") for rank in range(13, 3, -1)]
    ready = Position([None] * 4, [1, 13, 13, 13], [[Card(3, "C"), Card(2, "C")]] + [[]] * 8 + [rest])
    assert [str(m.source) for m in finishing_moves(ready) or ()] == ["col1", "col1"] + ["col10"] * 10
    # the 3 on the 2: one other move (the 3 to a cell) would do, but that is no finish
    buried = Position([None] * 4, [1, 13, 13, 13], [[Card(2, "C"), Card(3, "C")]] + [[]] * 8 + [rest])
    assert finishing_moves(buried) is None and not can_finish(buried)
