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
from dataclasses import dataclass, field
from typing import Callable, Literal

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
    raw, nodes, cancelled = _search(position, rules, max_nodes, max_seconds, cancel, progress, yield_gil, start)
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
) -> tuple[list[tuple[int, int, int, int]] | bool | None, int, bool]:
    """The depth-first search. Returns (internal line, or False when proved lost, or None
    when stopped), the nodes searched, and whether it was cancelled."""
    ncells = position.cell_count
    app = rules.run_limit == "app"
    cols0 = tuple(bytes(_encode(c) for c in col) for col in position.columns)
    cells0 = tuple(sorted(_encode(c) for c in position.cells if c is not None))
    found0 = tuple(position.foundations)

    def home(cols: list[bytes], cells: list[int], found: list[int], moves: list[tuple[int, int, int, int]]) -> None:
        """Send every card that may go to its foundation there, recording the moves."""
        again = True
        while again:
            again = False
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
            for c in cells:
                s = c >> 4
                if found[s] == (c & 15) - 1:
                    found[s] += 1
                    cells.remove(c)
                    moves.append((_CELL, _HOME, 1, c))
                    again = True
                    break

    def key(cols: tuple[bytes, ...], cells: tuple[int, ...]) -> bytes:
        return b"\xff".join(sorted(cols)) + b"\xfe" + bytes(cells)

    def score(cols: tuple[bytes, ...], cells: tuple[int, ...], found: tuple[int, ...]) -> int:
        """Move-ordering estimate (higher first): never used to cut a branch."""
        value = 40 * (found[0] + found[1] + found[2] + found[3]) - 8 * len(cells)
        for col in cols:
            n = len(col)
            if not n:
                value += 12
                continue
            if col[0] & 15 != _KING:
                value -= 2
            for k in range(1, n):
                if col[k - 1] != col[k] + 1:
                    value -= 3
        return value

    def children(
        cols: tuple[bytes, ...], cells: tuple[int, ...], found: tuple[int, ...]
    ) -> list[tuple[tuple[int, int, int, int], list[bytes], list[int]]]:
        """Every move worth trying from here, with the piles after it (before foundation moves)."""
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
        out = []
        for i in range(10):
            col = cols[i]
            n = len(col)
            if not n:
                continue
            run = 1
            while run < n and col[n - run - 1] == col[n - run] + 1:
                run += 1
            head = col[n - run]
            if head & 15 == _KING:
                if run < n and n_empty and run <= to_empty:
                    new = list(cols)
                    new[i] = col[: n - run]
                    new[empty] = col[n - run :]
                    out.append(((i, empty, run, col[-1]), new, list(cells)))
            elif run <= pickup:
                j = tops.get(head + 1)
                if j is not None:
                    new = list(cols)
                    new[i] = col[: n - run]
                    new[j] = cols[j] + col[n - run :]
                    out.append(((i, j, run, col[-1]), new, list(cells)))
            if free:
                new = list(cols)
                new[i] = col[:-1]
                out.append(((i, _CELL, 1, col[-1]), new, sorted((*cells, col[-1]))))
        for c in cells:
            if c & 15 == _KING:
                j = empty if n_empty else None
            else:
                j = tops.get(c + 1)
            if j is not None:
                new = list(cols)
                new[j] = cols[j] + bytes((c,))
                rest = list(cells)
                rest.remove(c)
                out.append(((_CELL, j, 1, c), new, rest))
        return out

    # the root, with its foundation moves made
    cols_l, cells_l, found_l = list(cols0), list(cells0), list(found0)
    root_moves: list[tuple[int, int, int, int]] = []
    home(cols_l, cells_l, found_l, root_moves)
    if sum(found_l) == 52:
        return root_moves, 1, False
    root = (tuple(cols_l), tuple(cells_l), tuple(found_l))
    seen = {key(root[0], root[1])}
    nodes = 0
    deadline = start + max_seconds
    # each frame: the ordered, not yet tried children of a position on the current path
    stack: list[list[tuple[tuple[int, int, int, int], list[tuple[int, int, int, int]], tuple]]] = []
    path: list[list[tuple[int, int, int, int]]] = [root_moves]

    def expand(state: tuple) -> list:
        """The children of ``state`` not seen before, best first (reversed, for pop())."""
        cols, cells, found = state
        kids = []
        for move, new_cols, new_cells in children(cols, cells, found):
            new_found = list(found)
            moves = [move]
            home(new_cols, new_cells, new_found, moves)
            t_cols = tuple(new_cols)
            t_cells = tuple(new_cells)
            k = key(t_cols, t_cells)
            if k in seen:
                continue
            seen.add(k)
            t_found = tuple(new_found)
            kids.append((score(t_cols, t_cells, t_found), moves, (t_cols, t_cells, t_found)))
        kids.sort(key=lambda kid: kid[0])
        return kids

    stack.append(expand(root))
    nodes = 1
    while stack:
        kids = stack[-1]
        if not kids:
            stack.pop()
            path.pop()
            continue
        _, moves, state = kids.pop()
        nodes += 1
        if state[2] == (13, 13, 13, 13):
            path.append(moves)
            return [m for step in path for m in step], nodes, False
        if nodes % CHECK_EVERY == 0:
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


def _to_moves(position: Position, rules: Rules, raw: list[tuple[int, int, int, int]]) -> tuple[Move, ...]:
    """Turn the internal line into engine moves with real cells, checking each in turn."""
    moves = []
    for src, dst, count, code in raw:
        card = _decode(code)
        if src == _CELL:
            source = CELLS[position.cells.index(card)]
        else:
            source = COLUMNS[src]
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
