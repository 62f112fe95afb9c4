"""The accessibility tree's content as data: one :class:`NodeSpec` per node, keyed by a
stable id, built from the board (a :class:`~seahaven.engine.Position`) and the words a
sighted player reads. Pure and pygame-free: a test reads it without a window, the adapter
turns it into AccessKit nodes and sends those that differ from what it sent last.

Names are made when the tree is built, in the language of the moment, so a change of
language renames every node at the next update.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from seahaven.app.text.words import card_name, sentence
from seahaven.engine import CELLS, COLUMNS, FOUNDATIONS, Card, Pile, Position
from seahaven.i18n import _, format_number, ngettext, pgettext

Bounds = tuple[float, float, float, float]
"""Left, top, right, bottom in window pixels."""

WINDOW = 1
TOOLBAR = 2
TABLE = 3
STATUS = 4
ANNOUNCER = 5
SCENE = 6
"""A window over the table (a dialog or a screen): its title and words."""
BUTTON_BASE = 20
"""Toolbar buttons: BUTTON_BASE + their place in the button list."""
COLUMN_BASE = 100
CELL_BASE = 120
FOUNDATION_BASE = 130
SCENE_ITEM_BASE = 200
"""The controls of the window over the table."""
SCENE_PART_BASE = 100_000
"""What a screen's group holds (Help's example board: its piles): SCENE_PART_BASE + 1000 x
the group's place in reading order + the part's place in the group."""


@dataclass(frozen=True, slots=True)
class NodeSpec:
    """One node: what AccessKit is told about it (compared whole to find the changed)."""

    role: str
    """"window", "toolbar", "button", "group", "list", "list_item", "label", "dialog",
    "check_box", "status", "heading", "paragraph", "tab"."""
    label: str = ""
    description: str = ""
    value: str = ""
    children: tuple[int, ...] = ()
    clickable: bool = False
    focusable: bool = False
    disabled: bool = False
    selected: bool | None = None
    checked: bool | None = None
    live: bool = False
    bounds: Bounds | None = None


def pile_id(pile: Pile) -> int:
    if pile.is_column:
        return COLUMN_BASE + int(pile.key)
    if pile.is_cell:
        return CELL_BASE + int(pile.key)
    return FOUNDATION_BASE + "CDHS".index(str(pile.key))


def pile_for(node: int) -> Pile | None:
    """The pile a node stands for (None: not a pile)."""
    for pile in (*COLUMNS, *CELLS, *FOUNDATIONS):
        if pile_id(pile) == node:
            return pile
    return None


def pile_label(position: Position, pile: Pile, name: Callable[[Card], str] = card_name, short: bool = False) -> str:
    """The pile in words with what it holds, bottom card first: "Column 3, 5 cards: the 8
    of spades, …, top: the 7 of hearts", "Cell 2: empty", "Clubs foundation: up to the 5 of
    clubs". ``name`` names a card (:func:`~seahaven.app.text.words.card_name`, or a cache of it);
    ``short``: a column by its size and top card only ("Column 3, 5 cards, top: the 7 of hearts")."""
    cards = position.cards(pile) if position.has_pile(pile) else ()
    if pile.is_foundation:
        top = cards[-1] if cards else None
        names = {
            # Translators: what a screen reader calls a foundation with no card on it.
            "C": (_("Clubs foundation: empty"),
                  # Translators: what a screen reader calls a foundation; {card} is its top card as a subject ("the 5 of
                  # clubs").
                  _("Clubs foundation: up to {card}")),
            # Translators: what a screen reader calls a foundation with no card on it.
            "D": (_("Diamonds foundation: empty"),
                  # Translators: what a screen reader calls a foundation; {card} is its top card as a subject.
                  _("Diamonds foundation: up to {card}")),
            # Translators: what a screen reader calls a foundation with no card on it.
            "H": (_("Hearts foundation: empty"),
                  # Translators: what a screen reader calls a foundation; {card} is its top card as a subject.
                  _("Hearts foundation: up to {card}")),
            # Translators: what a screen reader calls a foundation with no card on it.
            "S": (_("Spades foundation: empty"),
                  # Translators: what a screen reader calls a foundation; {card} is its top card as a subject.
                  _("Spades foundation: up to {card}")),
        }[str(pile.key)]
        return names[0] if top is None else names[1].format(card=name(top))
    if pile.is_cell:
        if not cards:
            # Translators: what a screen reader calls an empty free cell; {n} is its number (1 to 4).
            return _("Cell {n}: empty").format(n=pile.key)
        # Translators: what a screen reader calls a free cell holding a card; {n} is its number (1 to 4), {card} a card
        # as a subject.
        return _("Cell {n}: {card}").format(n=pile.key, card=name(cards[-1]))
    if not cards:
        # Translators: what a screen reader calls an empty column; {n} is its number (1 to 10).
        return _("Column {n}: empty").format(n=pile.key)
    if short:
        # Translators: what a screen reader calls a column (short detail); {n} is its number (1 to 10), {count} its
        # cards, {card} its top card as a subject ("the queen of hearts").
        return ngettext("Column {n}, {count} card, top: {card}", "Column {n}, {count} cards, top: {card}",
                        len(cards)).format(n=pile.key, count=format_number(len(cards)), card=name(cards[-1]))
    words = [name(card) for card in cards[:-1]]
    # Translators: the last item of a column's list of cards for a screen reader: the top card; {card} is a card as a
    # subject.
    words.append(_("top: {card}").format(card=name(cards[-1])))
    # Translators: what a screen reader calls a column (full detail); {n} is its number, {count} its cards, {cards} the
    # list of them ending in "top: …".
    return ngettext("Column {n}, {count} card: {cards}", "Column {n}, {count} cards: {cards}", len(cards)).format(
        n=pile.key, count=format_number(len(cards)), cards=pgettext("list separator", ", ").join(words))


def table_rows(position: Position) -> str:
    """The whole table read row by row, for the "read the table" key: the cells and
    foundations, then each depth of the columns from the top of the table down."""
    parts = [pile_label(position, pile) for pile in (*CELLS[: position.cell_count], *FOUNDATIONS)]
    depth = max((len(position.cards(c)) for c in COLUMNS), default=0)
    for row in range(depth):
        cards = []
        for column in COLUMNS:
            held = position.cards(column)
            if row < len(held):
                # Translators: an item of a row when a screen reader reads the table row by row; {n} is a column's
                # number (1 to 10), {card} a card as a subject.
                cards.append(_("column {n}: {card}").format(n=column.key, card=card_name(held[row])))
        # Translators: a row when a screen reader reads the table row by row; {n} is the row's number from the top,
        # {cards} a list like "column 1: the 5 of clubs, column 2: …".
        parts.append(_("Row {n}: {cards}").format(n=format_number(row + 1),
                                                  cards=pgettext("list separator", ", ").join(cards)))
    empty = [column for column in COLUMNS if not position.cards(column)]
    if empty:
        # Translators: the last part of the table read aloud; {columns} is a list of column numbers ("3, 7").
        parts.append(ngettext("Empty column: {columns}", "Empty columns: {columns}", len(empty)).format(
            columns=pgettext("list separator", ", ").join(str(c.key) for c in empty)))
    # Translators: what parts the sentences of the table read aloud (row by row) and ends the last one: "。" in
    # Japanese and Chinese.
    separator = pgettext("sentence separator", ". ")
    return separator.join(parts) + separator.rstrip()  # the language's full stop, not an English "."


class PileNodes:
    """The piles' nodes, each made again only when its cards, its selection or its place
    changed (or the language): a move renames two piles, and the others are the very
    objects sent before, which the adapter's comparison passes at identity."""

    def __init__(self) -> None:
        self._nodes: dict[Pile, tuple[tuple[object, ...], bool, Bounds | None, NodeSpec]] = {}
        self._cards: dict[Card, str] = {}
        self._language: object = None
        self._short = False

    def _card_name(self, card: Card) -> str:
        name = self._cards.get(card)
        if name is None:
            name = self._cards[card] = card_name(card)
        return name

    def __call__(self, position: Position, pile: Pile, selected: bool, bounds: Bounds | None,
                 clickable: bool = True) -> NodeSpec:
        cards = position.cards(pile) if position.has_pile(pile) else ()
        hit = self._nodes.get(pile)
        if (hit is not None and hit[0] == cards and hit[1] is selected and hit[2] == bounds
                and hit[3].clickable is clickable):
            return hit[3]
        node = NodeSpec("list_item", sentence(pile_label(position, pile, self._card_name, self._short)),
                        clickable=clickable,
                        focusable=True, selected=selected, bounds=bounds)
        self._nodes[pile] = (cards, selected, bounds, node)
        return node

    def language(self, language: object, short: bool = False) -> None:
        """Names are made in ``language`` from now on, ``short`` or in full (a change forgets
        the others)."""
        if (language, short) != self._language:
            self._language = (language, short)
            self._short = short
            self._nodes.clear()
            self._cards.clear()


def reading_order(cells: int) -> tuple[Pile, ...]:
    """The piles a game of ``cells`` cells shows, in the order the tree reads them: the
    cells, the foundations, then the columns (the table's and Help's example board's)."""
    return tuple(pile for pile, _node in _shown(cells)[0])


@functools.lru_cache(maxsize=8)
def _shown(cells: int) -> tuple[tuple[tuple[Pile, int], ...], tuple[int, ...]]:
    """The piles a game of ``cells`` cells shows, in the tree's order, with their ids."""
    shown = tuple((pile, pile_id(pile)) for pile in (*CELLS[:cells], *FOUNDATIONS, *COLUMNS))
    return shown, tuple(node for _pile, node in shown)


@functools.lru_cache(maxsize=128)
def button_node(label: str, enabled: bool, bounds: Bounds | None, disabled_words: str) -> NodeSpec:
    """A toolbar button's node (the same object while the button stays as it is)."""
    return NodeSpec("button", label, clickable=True, focusable=True, disabled=not enabled,
                    description="" if enabled else disabled_words, bounds=bounds)


@dataclass(frozen=True, slots=True)
class Button:
    """A toolbar button as the tree shows it."""

    name: str
    label: str
    enabled: bool
    bounds: Bounds | None = None


def table_nodes(position: Position, buttons: Iterable[Button], status: str, title: str,
                piles: dict[Pile, NodeSpec], window: Bounds | None = None, announcer: str | None = None,
                disabled_words: str = "") -> dict[int, NodeSpec]:
    """The table's tree: the window, the toolbar's buttons, the piles (the board's nodes,
    :meth:`~seahaven.app.board.component.Board.pile_nodes`), the status line (and, where
    readers hear announcements from a live region, that region). ``disabled_words`` describe a
    disabled button where the platform does not show the state."""
    nodes: dict[int, NodeSpec] = {}
    ids = []
    for i, button in enumerate(buttons):
        node = BUTTON_BASE + i
        ids.append(node)
        nodes[node] = button_node(button.label, button.enabled, button.bounds, disabled_words)
    # Translators: what a screen reader calls the row of buttons at the top of the table.
    nodes[TOOLBAR] = NodeSpec("toolbar", _("Toolbar"), children=tuple(ids))
    shown, pile_ids = _shown(position.cell_count)
    for pile, node in shown:
        nodes[node] = piles[pile]
    # an unnamed group: a reader coming back to a pile from a window or Esc hears the pile, not
    # "Table, list with 18 items" again (issue 41)
    nodes[TABLE] = NodeSpec("group", children=pile_ids)
    # Translators: what a screen reader calls the status line at the bottom of the table while it has no text.
    nodes[STATUS] = NodeSpec("status", status or _("Status"), value=status)
    children = [TOOLBAR, TABLE, STATUS]
    if announcer is not None:
        nodes[ANNOUNCER] = NodeSpec("label", value=announcer, live=True)
        children.append(ANNOUNCER)
    nodes[WINDOW] = NodeSpec("window", title, children=tuple(children), bounds=window)
    return nodes


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing a full-window screen (Help, Statistics, Settings, the daily deals) shows, in
    reading order: its words (a heading or a paragraph) or a control (a button or a tab)."""

    role: str
    """"heading", "paragraph", "button", "tab", "group" (holding ``parts``) or "list_item"."""
    label: str
    focusable: bool = False
    clickable: bool = False
    selected: bool | None = None
    disabled: bool = False
    bounds: Bounds | None = None
    parts: tuple[Piece, ...] = ()
    """A group's pieces, in reading order (a part holds no parts of its own)."""


def screen_nodes(title: str, pieces: Iterable[Piece], bounds: Bounds | None, base: int = 0) -> dict[int, NodeSpec]:
    """A full-window screen's nodes: the screen (``base`` + :data:`SCENE`, named by its title)
    and one node per piece, ``base`` + :data:`SCENE_ITEM_BASE` + its place in reading order
    (``base``: the screen's block of ids, :mod:`seahaven.app.access.windows`). A piece that
    stays as it was makes an equal node, which the adapter does not send again."""
    nodes: dict[int, NodeSpec] = {}
    items = []
    for i, piece in enumerate(pieces):
        first = base + SCENE_PART_BASE + 1000 * i
        parts = tuple(range(first, first + len(piece.parts)))
        for node, part in zip(parts, piece.parts, strict=True):
            nodes[node] = _piece_node(part, ())
        nodes[base + SCENE_ITEM_BASE + i] = _piece_node(piece, parts)
        items.append(base + SCENE_ITEM_BASE + i)
    nodes[base + SCENE] = NodeSpec("dialog", title, children=tuple(items), bounds=bounds)
    return nodes


def _piece_node(piece: Piece, children: tuple[int, ...]) -> NodeSpec:
    return NodeSpec(piece.role, piece.label, children=children, clickable=piece.clickable,
                    focusable=piece.focusable, selected=piece.selected, disabled=piece.disabled,
                    bounds=piece.bounds)
