"""A complete solver for Seahaven Towers: a winning line, a proof that none exists, or
"unknown" when the budget runs out. Pure Python, no pygame.

The search is depth-first over canonical positions (column order and cell order do not
change what can be won) with a set of the positions already met, so a search that runs
to the end has visited every position its moves can reach. Those moves leave out only
what provably cannot matter, so "lost" is a proof.

Forced moves, made at once after every move (``_settle``); each is safe, meaning that a
winning line from before it becomes a winning line, no longer, from after it:

* A card goes home as soon as it may. In a same-suit game only a card's predecessor can
  ever lie on it; once that is home the card can only stay or go home. Sending it home
  frees its place, makes no other move illegal (piles lose only a top card nothing can
  be put on; run limits grow with free cells and empty columns under both limits), so
  the old line still wins with the card's own moves left out.
* A card in a cell goes onto its successor as soon as that tops a column. The old line
  kept it in the cell; it can carry it along instead: when the successor's run moves,
  it moves one card longer, paid for by the cell this freed (one more free cell raises
  either limit by at least one); when the successor goes into a cell, the card goes
  with it (the search offers "a whole run into cells" as one move); when the card goes
  home or onto its successor, nothing is left to do.

Moves the search tries from a settled position (everything else legal is useless):

* a column's whole top run onto the successor of its head, or, king-led with cards
  beneath, into an empty column (which one does not matter); a part of a run has nowhere
  to go but a cell, as the card under its head is the head's successor;
* a column's whole top run into free cells, card by card (one move: a part of a run put
  into cells would be put back by the forced move above, and can be carried as shown);
  not when the head's successor tops a column, as the run then just moves there;
* a king from a cell into an empty column.

Never tried: take-backs (a taken-back card can hold only its predecessor, which is home
too, and only takes room, so removing its excursions from a winning line keeps it
winning), moves from cell to cell or of a whole king-led column into another empty
column (they change nothing but the order of piles). Move ordering only decides what
is tried first; it never cuts a branch.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from seahaven.engine.cards import CELLS, COLUMNS, FOUNDATIONS, SUITS, Card, Move
from seahaven.engine.position import APP_RULES, Position, Rules

Status = Literal["won", "lost", "unknown"]

DEFAULT_MAX_NODES = 5_000_000
DEFAULT_MAX_SECONDS = 10.0
CHECK_EVERY = 16
"""Nodes between looks at the clock, the cancel flag and the progress callback."""

Progress = Callable[[int, float], None]
"""Called now and then with the nodes searched and the seconds spent so far."""

# Internal pile codes: 0..9 are the columns, then "a cell" (which one is chosen when the
# line becomes engine moves) and "home" (the card's foundation).
_CELL = 10
_HOME = 11
_KING = 13
_WON = [13, 13, 13, 13]

_Step = tuple[int, int, int, int]
"""An internal move: source code, destination code, number of cards, top card moved.
A step from a column to ``_CELL`` with a count above one puts that many cards into cells."""

_State = tuple[tuple[bytes, ...], tuple[int, ...], list[int]]
"""A searched position: the columns (one byte a card), the cells' cards sorted, the
foundations' heights."""

_Kid = tuple[int, "_Step | list[_Step]", _State]
"""A child in the search: its score, the step (or the steps it forces) that made it, its state."""


@dataclass(frozen=True, slots=True)
class Result:
    """What a search found: ``status`` is ``won`` (``line`` wins from the position),
    ``lost`` (proved: no winning line exists) or ``unknown`` (budget ran out or cancelled)."""

    status: Status
    line: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    cancelled: bool = False

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
    """A card as a small int: suit index times 16 plus rank, so its successor is one more."""
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
    yield_gil: bool | None = None,
    dead: set[bytes] | None = None,
) -> Result:
    """Search ``position`` under ``rules`` for a win within the budget.

    ``cancel``: set it (from any thread) to stop the search within a few milliseconds.
    ``yield_gil``: release the interpreter lock every 16 nodes so that a game loop
    in another thread keeps its frame rate; by default, whenever the search does not run
    in the main thread. ``dead``: positions (internal keys) proved lost by earlier searches
    under the same rules and number of cells; the search skips them, and when it proves
    this position lost too it adds every position it met.
    """
    if not rules.kings_only:
        raise ValueError("the solver knows only the kings-only rule for empty columns")
    if yield_gil is None:
        yield_gil = threading.current_thread() is not threading.main_thread()
    start = time.perf_counter()
    raw, nodes, cancelled = _search(position, rules, max_nodes, max_seconds, cancel, progress, yield_gil, start, dead)
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
    dead: set[bytes] | None,
) -> tuple[list[_Step] | Literal[False] | None, int, bool]:
    """The depth-first search. Returns (internal line, or False when proved lost, or None
    when stopped), the nodes searched, and whether it was cancelled."""
    ncells = position.cell_count
    app = rules.run_limit == "app"
    penalty_of: dict[bytes, int] = {}

    def penalty(col: bytes) -> int:
        """How far a column is from order: cards not on their successor, cards above a lower
        card of their suit (which must move before that one can go home)."""
        value = 0 if col[0] & 15 == _KING else 2
        low = [99, 99, 99, 99]
        under = 0
        for c in col:
            if under and under != c + 1:
                value += 3
            under = c
            s = c >> 4
            r = c & 15
            if low[s] < r:
                value += 6
            elif r < low[s]:
                low[s] = r
        penalty_of[col] = value
        return value

    def score(cols: tuple[bytes, ...], ncells_used: int, found: list[int]) -> int:
        """Move-ordering estimate, higher first; it never cuts a branch."""
        value = 40 * (found[0] + found[1] + found[2] + found[3]) - 8 * ncells_used
        for col in cols:
            if col:
                p = penalty_of.get(col)
                value -= penalty(col) if p is None else p
            else:
                value += 12
        return value

    cols_l, cells_l, found_l, root_moves = _settled(position)
    if found_l == _WON:
        return root_moves, 1, False
    root = (tuple(cols_l), tuple(cells_l), found_l)
    root_key = _key(root[0], root[1])
    if dead is not None and root_key in dead:
        return False, 1, False
    proved_lost: set[bytes] | frozenset[bytes] = frozenset() if dead is None else dead
    seen = {root_key}  # met by this search; the positions of ``dead`` are looked up there, never copied

    def offer(out: list[_Kid], found: list[int], new: list[bytes], new_cells: Sequence[int], step: _Step,
              trigger: int) -> None:
        """Add the child made by ``step`` to ``out``, after the moves it forces (when it
        uncovered ``trigger``, a card that may now go home or take a cell card), unless
        its canonical position was met before."""
        if trigger:
            new_found = found[:]
            new_cells = list(new_cells)
            forced: list[_Step] = [step]
            _settle(new, new_cells, new_found, forced, [trigger])
            moves: _Step | list[_Step] = forced
        else:
            new_found = found
            moves = step
        t_cols = tuple(new)
        t_cells = tuple(new_cells)
        k = b"\xff".join(sorted(t_cols)) + b"\xfe" + bytes(t_cells)  # _key, written out: the hot path
        if k in seen or k in proved_lost:
            return
        seen.add(k)
        out.append((score(t_cols, len(t_cells), new_found), moves, (t_cols, t_cells, new_found)))

    def expand(state: _State) -> list[_Kid]:
        """The children of ``state`` not met before, ordered so that pop() takes the best."""
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
        out: list[_Kid] = []
        for i in range(10):
            col = cols[i]
            if not col:
                continue
            n = len(col)
            h = n - 1
            while h and col[h - 1] == col[h] + 1:
                h -= 1
            head = col[h]
            run = n - h
            if head & 15 == _KING:
                j = empty if h and n_empty and run <= to_empty else -1
                dig = run <= free
            else:
                j = tops.get(head + 1, -1)
                dig = j < 0 and run <= free
                if run > pickup:
                    j = -1
            if j < 0 and not dig:
                continue
            rest = col[:h]
            exposed = rest[-1] if h else 0
            trigger = exposed and (found[exposed >> 4] == (exposed & 15) - 1 or exposed - 1 in cells)
            for to_cells in (False, True):
                if to_cells:
                    if not dig:
                        break
                    new = list(cols)
                    new[i] = rest
                    more = list(cells)
                    more += col[h:]
                    more.sort()
                    new_cells: Sequence[int] = more
                    step = (i, _CELL, run, col[-1])
                else:
                    if j < 0:
                        continue
                    new = list(cols)
                    new[i] = rest
                    new[j] = cols[j] + col[h:]
                    new_cells = cells
                    step = (i, j, run, col[-1])
                offer(out, found, new, new_cells, step, exposed if trigger else 0)
        if n_empty:
            for c in cells:
                if c & 15 != _KING:
                    continue
                new = list(cols)
                new[empty] = bytes((c,))
                fewer = list(cells)
                fewer.remove(c)
                offer(out, found, new, fewer, (_CELL, empty, 1, c), c if c - 1 in cells else 0)
        out.sort(key=_first)
        return out

    deadline = start + max_seconds
    stack = [expand(root)]
    path: list[_Step | list[_Step]] = [root_moves]
    nodes = 1
    while stack:
        kids = stack[-1]
        if not kids:
            stack.pop()
            path.pop()
            continue
        _, moves, state = kids.pop()
        nodes += 1
        path.append(moves)
        if state[2] == _WON:
            line: list[_Step] = []
            for step in path:
                if isinstance(step, list):
                    line += step
                else:
                    line.append(step)
            return line, nodes, False
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
        stack.append(expand(state))
    if dead is not None:
        dead |= seen
    return False, nodes, False


def _first(kid: _Kid) -> int:
    return kid[0]


def _key(cols: Sequence[bytes], cells: Sequence[int]) -> bytes:
    """A searched position's key: the columns in sorted order, then the cells' cards (sorted);
    the foundations follow from the cards that are left."""
    return b"\xff".join(sorted(cols)) + b"\xfe" + bytes(cells)


def _settled(position: Position) -> tuple[list[bytes], list[int], list[int], list[_Step]]:
    """``position`` in the search's terms (columns, sorted cells, foundations) after every
    forced move, and those moves."""
    cols = [bytes(_encode(c) for c in col) for col in position.columns]
    cells = sorted(_encode(c) for c in position.cells if c is not None)
    found = list(position.foundations)
    forced: list[_Step] = []
    _settle(cols, cells, found, forced, [c[-1] for c in cols if c] + cells)
    return cols, cells, found, forced


def settled_key(position: Position) -> tuple[bytes, bool]:
    """The key the search knows ``position`` by once its forced moves are made (the keys
    ``dead`` holds; the order of columns and of cells left out), and whether any forced move
    was made. Two positions with one key are won or lost together."""
    cols, cells, _, forced = _settled(position)
    return _key(cols, cells), bool(forced)


def _settle(cols: list[bytes], cells: list[int], found: list[int], moves: list[_Step], check: list[int]) -> None:
    """Make every forced move that follows from the cards in ``check`` (new column tops,
    cards new in cells), recording each: a card goes home as soon as it may, and a card in
    a cell goes onto its successor as soon as that tops a column (see the module's
    docstring for why both are safe)."""
    tops = {col[-1]: i for i, col in enumerate(cols) if col}
    while check:
        c = check.pop()
        s = c >> 4
        i = tops.get(c)
        if i is not None:  # c tops column i
            if found[s] == (c & 15) - 1:
                found[s] += 1
                col = cols[i][:-1]
                cols[i] = col
                del tops[c]
                moves.append((i, _HOME, 1, c))
                check.append(c + 1)
                if col:
                    tops[col[-1]] = i
                    check.append(col[-1])
            elif c - 1 in cells:
                cells.remove(c - 1)
                cols[i] += bytes((c - 1,))
                del tops[c]
                tops[c - 1] = i
                moves.append((_CELL, i, 1, c - 1))
                check.append(c - 1)
        elif c in cells:
            if found[s] == (c & 15) - 1:
                found[s] += 1
                cells.remove(c)
                moves.append((_CELL, _HOME, 1, c))
                check.append(c + 1)
            else:
                i = tops.get(c + 1)
                if i is not None:
                    cells.remove(c)
                    cols[i] += bytes((c,))
                    del tops[c + 1]
                    tops[c] = i
                    moves.append((_CELL, i, 1, c))
                    check.append(c)


def _to_moves(position: Position, rules: Rules, raw: list[_Step]) -> tuple[Move, ...]:
    """Turn the internal line into engine moves with real cells, checking each in turn."""
    moves = []
    for src, dst, count, code in raw:
        if dst == _CELL:  # ``count`` cards from the top of a column into cells, one by one
            singles = [Move(COLUMNS[src], CELLS[position.cells.index(None)], 1)]
            for _ in range(count - 1):
                position = position.play(singles[-1], rules)
                moves.append(singles[-1])
                singles.append(Move(COLUMNS[src], CELLS[position.cells.index(None)], 1))
            move = singles[-1]
        else:
            card = _decode(code)
            source = CELLS[position.cells.index(card)] if src == _CELL else COLUMNS[src]
            dest = FOUNDATIONS[SUITS.index(card.suit)] if dst == _HOME else COLUMNS[dst]
            move = Move(source, dest, count)
        position = position.play(move, rules)  # a solver bug raises here; it is never printed
        moves.append(move)
    if not position.is_won:
        raise AssertionError("the solver's line does not win")
    return tuple(moves)
