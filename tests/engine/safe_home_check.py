"""Send safe cards home against the solver (issue 37): on the deals of a fixed list, a player
plays with the setting on (mostly the solver's moves, now and then any legal move, take-backs
included), and at every position where the setting sends cards home the solver's verdict
before and after is compared. Where the position before can be won, the solver's winning
line from it is also played from the position after, with the moves of the cards sent home
left out (a run they topped moving one card shorter), every move checked by the rules: the
proof that the position after can be won does not rest on the solver, which itself sends
cards home as soon as they may go.

Used by ``tests/engine/test_safe_home.py`` (a sample, and all of it with the slow tests) and
``benchmarks/safe_home.py`` (which prints what it costs).
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from seahaven.engine import APP_RULES, DEAL_COUNT, Card, GameCode, Move, Position, Rules
from seahaven.engine.safe_home import moved_card, safe_moves
from seahaven.engine.solver import Result, solve

SEED = 20260101
"""The fixed list of deals: ``benchmarks/solver.py``'s, so the numbers compare."""
CHECKS_PER_DEAL = 3
"""Positions where cards go home checked per winnable deal (the game stops after them)."""
MAX_STEPS = 200
"""Moves of the player at most per deal."""
FOLLOW = 0.75
"""How often the player plays the first move of a winning line (else any legal move)."""
MAX_SECONDS, MAX_NODES = 120.0, 20_000_000
"""The solver's budget per position: far beyond what these deals need (unknown is counted)."""


@dataclass
class Tally:
    """What a run checked."""

    deals: int = 0
    winnable_deals: int = 0
    positions: int = 0
    """Positions where the setting sent cards home, each checked."""
    winnable: int = 0
    """Of them, those the solver found winnable before (and, the check passing, after)."""
    lost: int = 0
    unknown: int = 0
    cards: int = 0
    """Cards sent home at the positions checked."""
    solves: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Count ``other``'s deals too (a worker's)."""
        for name in ("deals", "winnable_deals", "positions", "winnable", "lost", "unknown", "cards", "solves"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failures += other.failures


def winning_line_after(line: Sequence[Move], before: Position, sent: Sequence[Move], rules: Rules) -> tuple[Move, ...]:
    """``line``, a winning line from ``before``, as played from the position after the
    foundation moves ``sent``: the moves of the cards sent home are left out, and a run one
    of them topped moves without it. Every move is checked by the rules (raising
    :class:`~seahaven.engine.IllegalMove`); ValueError if the line does not win."""
    there = before
    home: set[Card] = set()
    for move in sent:
        home.add(there.cards(move.source)[-1])
        there = there.play(move, rules)
    here = before
    out: list[Move] = []
    for move in line:
        cards = here.cards(move.source)[-move.size:]
        here = here.play(move, rules)
        kept = [card for card in cards if card not in home]
        if not kept:
            continue
        if tuple(kept) != cards[: len(kept)]:
            raise ValueError(f"a card sent home lies under another in {move}")
        after = Move(move.source, move.dest, len(kept))
        there = there.play(after, rules)
        out.append(after)
    if not here.is_won or not there.is_won:
        raise ValueError("the line does not win")
    return tuple(out)


def deals(cells: int) -> Iterator[GameCode]:
    """The fixed list of deals for ``cells`` cells."""
    rng = random.Random(SEED)
    while True:
        yield GameCode(cells, rng.randrange(DEAL_COUNT))


def check_deals(cells: int, winnable: int, rules: Rules = APP_RULES, workers: int = 1) -> Tally:
    """Walk the fixed list until ``winnable`` deals the solver proves winnable have been
    played and checked (the lost ones on the way are counted, and left: no position of
    theirs can be won). ``workers`` above 1: the deals are checked in that many processes,
    a batch at a time, and counted in the list's order, so the tally is the same."""
    tally = Tally()
    codes = deals(cells)
    if workers <= 1:
        for code in codes:
            if tally.winnable_deals >= winnable:
                break
            check_deal(code, rules, tally)
        return tally
    context = multiprocessing.get_context("spawn")  # no copy of a test process's pygame or threads
    with context.Pool(workers) as pool:
        while tally.winnable_deals < winnable:
            batch = [next(codes) for _ in range(BATCH)]
            for one in pool.map(partial(_one_deal, rules=rules), batch, chunksize=BATCH // (4 * workers) or 1):
                if tally.winnable_deals >= winnable:
                    break
                tally.add(one)
    return tally


BATCH = 200
"""Deals handed to the worker processes at a time."""


def _one_deal(code: GameCode, rules: Rules) -> Tally:
    tally = Tally()
    check_deal(code, rules, tally)
    return tally


def _solve(position: Position, rules: Rules, tally: Tally) -> Result:
    tally.solves += 1
    return solve(position, rules, max_seconds=MAX_SECONDS, max_nodes=MAX_NODES)


def check_deal(code: GameCode, rules: Rules, tally: Tally) -> None:
    """Play the deal of ``code`` with the setting on and check every position where cards
    go home, up to :data:`CHECKS_PER_DEAL` of them (see the module)."""
    tally.deals += 1
    rng = random.Random(code.deal * 8 + code.cells)
    here = code.position()
    start = _solve(here, rules, tally)
    if not start.won:
        return  # every position of a lost deal is lost, and so is every one it leads to
    tally.winnable_deals += 1
    line: tuple[Move, ...] | None = start.line
    checked = 0
    for _step in range(MAX_STEPS):
        if here.is_won or checked >= CHECKS_PER_DEAL:
            return
        if line and rng.random() < FOLLOW:
            move, rest = line[0], line[1:]
        else:
            legal = here.legal_moves(rules)
            if not legal:
                return
            move, rest = rng.choice(legal), None
        before = here.play(move, rules)
        keep = moved_card(here, move)
        verdict = None
        if rest is None:
            verdict = _solve(before, rules, tally)
            rest = verdict.line if verdict.won else None
        sent = safe_moves(before, keep)
        if not sent:
            here, line = before, rest
            continue
        checked += 1
        if verdict is None:  # on the solver's line: the rest of it is its word that the position can be won
            verdict = Result("won", rest or ())
        here, line = _check(code, before, sent, verdict, rules, tally)


def _check(code: GameCode, before: Position, sent: tuple[Move, ...], verdict: Result, rules: Rules, tally: Tally
           ) -> tuple[Position, tuple[Move, ...] | None]:
    """Check one position from which the cards ``sent`` go home, the solver's ``verdict`` on
    it known (a search from it, or the rest of a winning line it found earlier): the verdict
    after agrees, and the winning line from before, cut as the proof says, wins from after
    (the rules check it move by move, so a line that no longer wins fails here). The position
    after, and a winning line from it (None if lost)."""
    after = before
    for move in sent:
        after = after.play(move, rules)
    tally.positions += 1
    tally.cards += len(sent)
    found = _solve(after, rules, tally)
    where = f"{code} at {before.to_json()}"
    if verdict.won:
        tally.winnable += 1
        if not found.won:
            tally.failures.append(f"{where}: winnable before the cards went home, {found.status} after")
        try:
            return after, winning_line_after(verdict.line, before, sent, rules)
        except ValueError as error:  # IllegalMove is a ValueError too
            tally.failures.append(f"{where}: the winning line does not carry over ({error})")
            return after, found.line if found.won else None
    if verdict.lost:
        tally.lost += 1
        if found.won:  # the position after is reached from before: it cannot be won either
            tally.failures.append(f"{where}: lost before the cards went home, winnable after")
        return after, None
    tally.unknown += 1
    return after, found.line if found.won else None
