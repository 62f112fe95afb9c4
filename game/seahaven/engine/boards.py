"""Boards as text, the way other programs and players write them: Freecell Solver's board
(``fc-solve`` reads it; ``seahaven deal`` writes it) and either that or a position's JSON
(``seahaven solve --board``). A position's own JSON is the position's
(:meth:`Position.to_json`, :meth:`Position.from_json`).

Freecell Solver's board lists the foundations, the free cells and one line per column,
bottom card first::

    Foundations: H-0 C-0 D-A S-0
    Freecells: -  TH  -  -
    : 4C 2C 9C 8C QS 4S 2H
    ...
"""

from __future__ import annotations

import json

from seahaven.engine.cards import COLUMN_COUNT, RANKS, SUITS, Card
from seahaven.engine.errors import InvalidPosition
from seahaven.engine.position import CELL_COUNTS, Position, read_card


def to_fcs(position: Position) -> str:
    """The board as Freecell Solver reads it (columns bottom card first)."""
    heights = [position.foundations[SUITS.index(suit)] for suit in "HCDS"]
    found = " ".join(f"{suit}-{RANKS[h - 1] if h else 0}" for suit, h in zip("HCDS", heights))
    cells = " ".join("-" if c is None else str(c) for c in position.cells)
    lines = [f"Foundations: {found}", f"Freecells: {cells}"]
    lines += [": " + " ".join(str(c) for c in col) if col else ":" for col in position.columns]
    return "\n".join(lines) + "\n"


def from_fcs(text: str, cell_count: int | None = None) -> Position:
    """Read a Freecell Solver board. The cell count is the number of entries on the
    ``Freecells:`` line (or ``cell_count`` when given, for boards that omit it)."""
    if not isinstance(text, str):
        raise InvalidPosition("a board must be text")
    found = [0, 0, 0, 0]
    cells: list[Card | None] | None = None
    columns: list[list[Card]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(":")
        label = head.strip().lower()
        if label == "foundations" and rest:
            for item in rest.split():
                suit, _, height = item.upper().partition("-")
                if suit not in SUITS or not height:
                    raise InvalidPosition(f"{item[:20]!r} is not a foundation (expected like H-0 or C-5)")
                found[SUITS.index(suit)] = _height(height)
        elif label == "freecells":
            cells = [None if item == "-" else read_card(item, "a cell") for item in rest.split()]
        else:
            if head.strip() and ":" in line:
                raise InvalidPosition(f"unknown board line {raw.strip()[:40]!r}")
            cards = line[1:] if line.startswith(":") else line
            columns.append([read_card(item, f"column {len(columns) + 1}") for item in cards.split()])
    if len(columns) != COLUMN_COUNT:
        raise InvalidPosition(f"a board needs {COLUMN_COUNT} columns, this one has {len(columns)}")
    if cells is None:
        cells = []
    want = cell_count if cell_count is not None else len(cells)
    if len(cells) > want or want not in CELL_COUNTS:
        raise InvalidPosition("the Freecells line must list 4, 2 or 1 cells ('-' for a free one)")
    cells += [None] * (want - len(cells))
    position = Position(cells, found, columns)
    position.validate()
    return position


def parse_board(text: str) -> Position:
    """Read a board in either form: JSON if it starts with ``{`` or ``[``, else Freecell
    Solver text."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            obj = json.loads(stripped)
        except (ValueError, RecursionError) as error:
            raise InvalidPosition(f"the board is not valid JSON ({error})") from None
        return Position.from_json(obj)
    return from_fcs(text)


def _height(text: str) -> int:
    if text.isdigit() and int(text) <= 13:
        return int(text)
    if text in RANKS:
        return RANKS.index(text) + 1
    raise InvalidPosition(f"{text[:20]!r} is not a foundation height (0-13 or A..K)")
