"""A complete solver for Seahaven Towers: a winning line, a proof that none exists, or
"unknown" when the budget runs out. Pure Python, no pygame.

The search is a depth-first search over canonical positions (column order and cell order
do not change what can be won) with a set of positions already seen, so a search that
runs to the end has visited every position reachable by the moves it considers. Those
moves leave out only what provably cannot matter:

* Foundation moves are made at once, as soon as they are legal. In a same-suit game the
  only card that can ever lie on a card X is X's predecessor; once that is home, X can
  only sit where it is or go home. Sending it home frees its place and never makes any
  other move illegal: piles only lose a top card nothing can be put on, and the run
  limits grow with free cells and empty columns under both limits. So a winning line
  from before stays winning (skip X's own moves, and carry one card fewer in a run).
* Take-backs are never made: a taken-back card can only hold its own predecessor (also
  on a foundation) and only uses up room, so the same argument removes them from any
  winning line.
* Cell-to-cell moves, moves between equivalent empty columns or free cells, and moving a
  whole king-led column into another empty column change nothing but pile order.
* A run moves as a whole or not at all, except its top card into a cell: the card under a
  run's head is its head's successor, so a part of a run has nowhere else to go.

Everything else that is legal is tried; move ordering only decides what is tried first.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from game.engine.cards import CELLS, COLUMNS, FOUNDATIONS, SUITS, Card, Move
from game.engine.position import APP_RULES, Position, Rules

Status = Literal["won", "lost", "unknown"]

DEFAULT_MAX_NODES = 2_000_000
DEFAULT_MAX_SECONDS = 10.0
CHECK_EVERY = 256
"""Nodes between looks at the clock, the cancel flag and the progress callback."""

Progress = Callable[[int, float], None]
"""Called now and then with the nodes searched and the seconds spent so far."""

# Internal pile codes: 0..9 are columns, then a cell (which one is chosen when the line is
# turned into engine moves) and a foundation.
_CELL = 10
_HOME = 11
_KING = 13

_Step = tuple[int, int, int, int]
"""An internal move: source pile code, destination pile code, card count, top card moved."""
_Child = tuple[list[bytes], list[int], list[_Step], int, int]


@dataclass(frozen=True, slots=True)
class Result:
    """What a search found: ``status`` is ``won`` (``line`` wins from the position),
    ``lost`` (proved: no winning line exists) or ``unknown`` (budget ran out or cancelled)."""

    status: Status
    line: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    cancelled: bool = field(default=False)

    @property
    def won(self) -> bool:
        return self.status == "won"

    @property
    def lost(self) -> bool:
        return self.status == "lost"

    @property
    def unknown(self) -> bool:
        return self.status == "unknown"


def _encode(card: Card) -> int:
    """A card as a small int: suit index times 16 plus rank, so a card's successor is +1."""
    return SUITS.index(card.suit) * 16 + card.rank


def _decode(code: int) -> Card:
    return Card(code & 15, SUITS[code >> 4])


def solve(
    position: Position,
    rules: Rules = APP_RULES,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
    yield_gil: bool = False,
) -> Result:
    """Search ``position`` under ``rules`` for a win within the budget.

    ``yield_gil`` makes the search release the interpreter lock every few hundred nodes,
    for a search running in a thread beside a game loop.
    """
    if not rules.kings_only:
        raise ValueError("the solver knows only the kings-only rule for empty columns")
    start = time.perf_counter()
    raw, nodes, cancelled = _search(
        position, rules, max_nodes, max_seconds, cancel, progress, yield_gil, start
    )
    seconds = time.perf_counter() - start
    if raw is None:
        return Result("unknown", (), nodes, seconds, cancelled)
    if raw is False:
        return Result("lost", (), nodes, seconds)
    return Result("won", _to_moves(position, rules, raw), nodes, seconds)


def _search(
    position: Position,
    rules: Rules,
    max_nodes: int,
    max_seconds: float,
    cancel: threading.Event | None,
    progress: Progress | None,
    yield_gil: bool,
    start: float,
) -> tuple[list[_Step] | bool | None, int, bool]:
    """The depth-first search. Returns (internal line, or False when proved lost, or None
    when stopped), the nodes searched, and whether it was cancelled."""
    ncells = position.cell_count
    app = rules.run_limit == "app"
    penalty_of: dict[bytes, int] = {}

    def penalty(col: bytes) -> int:
        """How much a column is out of order: cards not on their successor, buried low cards."""
        value = 0 if col[0] & 15 == _KING else 2
        for k in range(1, len(col)):
            if col[k - 1] != col[k] + 1:
                value += 3
        penalty_of[col] = value
        return value

    def score(cols: tuple[bytes, ...], cells: tuple[int, ...], found: list[int]) -> int:
        """Move-ordering estimate, higher first; it never cuts a branch."""
        value = 40 * (found[0] + found[1] + found[2] + found[3]) - 8 * len(cells)
        for col in cols:
            if col:
                p = penalty_of.get(col)
                value -= penalty(col) if p is None else p
            else:
                value += 12
        return value

    cols_l = [bytes(_encode(c) for c in col) for col in position.columns]
    cells_l = sorted(_encode(c) for c in position.cells if c is not None)
    found_l = list(position.foundations)
    root_moves: list[_Step] = []
    _settle(cols_l, cells_l, found_l, root_moves)
    if found_l == [13, 13, 13, 13]:
        return root_moves, 1, False
    root = (tuple(cols_l), tuple(cells_l), found_l)
    seen = {b"\xff".join(sorted(root[0])) + b"\xfe" + bytes(root[1])}

    def expand(state: tuple[tuple[bytes, ...], tuple[int, ...], list[int]]) -> list[_Child]:
        """The children of ``state`` not seen before, ordered so that pop() takes the best."""
        cols, cells, found = state
        tops: dict[int, int] = {}
        empty = -1
        n_empty = 0
        for i in range(10):
            col = cols[i]
            if col:
                tops[col[-1]] = i
            else:
                n_empty += 1
                if empty < 0:
                    empty = i
        free = ncells - len(cells)
        if app:
            pickup = (free + 1) << n_empty
            to_empty = (free + 1) << (n_empty - 1) if n_empty else 0
        else:
            pickup = to_empty = free + 1
        kids: list[_Child] = []
        add = kids.append
        for i in range(10):
            col = cols[i]
            n = len(col)
            if not n:
                continue
            h = n - 1
            while h and col[h - 1] == col[h] + 1:
                h -= 1
            head = col[h]
            run = n - h
            rest = col[:h]
            exposed = rest[-1] if h else 0
            # the whole run onto its head's successor, or a king-led run into an empty column
            if head & 15 == _KING:
                j = empty if h and n_empty and run <= to_empty else -1
            else:
                j = tops.get(head + 1, -1) if run <= pickup else -1
            if j >= 0:
                new = list(cols)
                new[i] = rest
                new[j] = cols[j] + col[h:]
                add((new, list(cells), [(i, j, run, col[-1])], exposed, 0))
            # the whole run into cells, one card at a time
            if run <= free:
                new = list(cols)
                new[i] = rest
                moved = col[h:]
                steps = [(i, _CELL, 1, c) for c in reversed(moved)]
                add((new, sorted(cells + tuple(moved)), steps, exposed, head + 1))
        if n_empty:
            for c in cells:
                if c & 15 == _KING:
                    new = list(cols)
                    new[empty] = bytes((c,))
                    rest_cells = list(cells)
                    rest_cells.remove(c)
                    add((new, rest_cells, [(_CELL, empty, 1, c)], c, 0))
        out = []
        for new_cols, new_cells, moves, exposed, wanted in kids:
            # forced moves can only follow from a newly exposed card or a newly freed successor
            new_found = found
            if (exposed and (found[exposed >> 4] == (exposed & 15) - 1 or exposed - 1 in new_cells)) or (
                wanted in tops
            ):
                new_found = list(found)
                _settle(new_cols, new_cells, new_found, moves)
            t_cols = tuple(new_cols)
            t_cells = tuple(new_cells)
            k = b"\xff".join(sorted(t_cols)) + b"\xfe" + bytes(t_cells)
            if k in seen:
                continue
            seen.add(k)
            out.append((score(t_cols, t_cells, new_found), moves, (t_cols, t_cells, new_found)))
        out.sort(key=_first)
        return out

    deadline = start + max_seconds
    stack = [expand(root)]
    path: list[list[_Step]] = [root_moves]
    nodes = 1
    while stack:
        kids = stack[-1]
        if not kids:
            stack.pop()
            path.pop()
            continue
        _, moves, state = kids.pop()
        nodes += 1
        if state[2] == [13, 13, 13, 13]:
            path.append(moves)
            return [m for step in path for m in step], nodes, False
        if not nodes % CHECK_EVERY:
            now = time.perf_counter()
            if cancel is not None and cancel.is_set():
                return None, nodes, True
            if nodes >= max_nodes or now >= deadline:
                return None, nodes, False
            if progress is not None:
                progress(nodes, now - start)
            if yield_gil:
                time.sleep(0)
        path.append(moves)
        stack.append(expand(state))
    return False, nodes, False


def _first(kid: tuple) -> int:
    return kid[0]


def _settle(cols: list[bytes], cells: list[int], found: list[int], moves: list[_Step]) -> None:
    """Make every forced move, recording it: cards go home as soon as they may, and a card
    in a cell goes onto its successor as soon as that is the top of a column.

    Both are safe. Home: see the module's docstring. Onto the successor: a line that keeps
    the card in its cell can instead carry it along with its successor (one more card in
    the run, but one more free cell pays for it under both limits), or put it and its
    successor into cells together when the successor goes to a cell, which the search
    offers as one move (a whole run into cells)."""
    again = True
    while again:
        again = False
        tops: dict[int, int] = {}
        for i in range(10):
            col = cols[i]
            while col:
                c = col[-1]
                s = c >> 4
                if found[s] != (c & 15) - 1:
                    break
                found[s] += 1
                col = col[:-1]
                moves.append((i, _HOME, 1, c))
                again = True
            cols[i] = col
            if col:
                tops[col[-1]] = i
        for c in sorted(cells):
            s = c >> 4
            if found[s] == (c & 15) - 1:
                found[s] += 1
                cells.remove(c)
                moves.append((_CELL, _HOME, 1, c))
                again = True
                continue
            j = tops.get(c + 1)
            if j is not None:
                cols[j] += bytes((c,))
                del tops[c + 1]
                tops[c] = j
                cells.remove(c)
                moves.append((_CELL, j, 1, c))
                again = True


def _to_moves(position: Position, rules: Rules, raw: list[tuple[int, int, int, int]]) -> tuple[Move, ...]:
    """Turn the internal line into engine moves with real cells, checking each in turn."""
    moves = []
    for src, dst, count, code in raw:
        card = _decode(code)
        source = CELLS[position.cells.index(card)] if src == _CELL else COLUMNS[src]
        if dst == _CELL:
            dest = CELLS[position.cells.index(None)]
        elif dst == _HOME:
            dest = FOUNDATIONS[SUITS.index(card.suit)]
        else:
            dest = COLUMNS[dst]
        move = Move(source, dest, count)
        position = position.play(move, rules)  # a solver bug would raise here, never print
        moves.append(move)
    if not position.is_won:
        raise AssertionError("the solver's line does not win")
    return tuple(moves)
