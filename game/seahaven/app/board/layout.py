"""Where everything goes on the table: a pure function of the window size, the number of
cells and the position. No pygame here, so the geometry is tested without a display and
``seahaven layout`` prints exactly what the table draws.

Bands from top to bottom: the toolbar; the top row (cells on the left, foundations in the
order clubs, diamonds, hearts, spades on the right); the column numbers; the ten columns;
the status line. Cards are as large as fit; a column's fan compresses as it grows so no
card ever leaves its lane, but never below :data:`INDEX_DEPTH`, so every card of a
column shows its whole index (rank and suit). A column too long for its lane at that step
makes room: in two bands the long band takes room from the other; then all the cards
shrink, just enough, and grow back when the column is short again
(:func:`compute_layout` with the position).

A window clearly taller than wide (a phone or tablet held upright) gets two bands
instead, because ten columns in one row would leave small cards over empty felt: the
foundations, then the cells, each a row of its own, then columns 1-5 and under them
columns 6-10, each band under its column numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from seahaven.app.looks.box import Box
from seahaven.engine import CELLS, COLUMNS, FOUNDATIONS, SUITS, Card, Pile, Position
from seahaven.resources import CARD_ASPECT

DEFAULT_CARD_ASPECT = 1.4
"""Card height / width of a poker card (2.5 x 3.5 in); the art module's value wins."""

ToolSlot = tuple[str, bool, bool]
"""A toolbar button as the layout needs it: (name, at the right end, square icon only).
The table's action registry (``screens/table/actions.py``) says which buttons there are."""

MIN_SIZE = (320, 240)
MAX_SIZE = (7680, 4320)
"""8K: the largest window or benchmark size accepted (larger ones take gigabytes of surfaces)."""

# proportions of the card width / height
_GAP = 0.11  # between columns, at least
_MAX_GAP = 0.34  # columns spread out up to this when the height limits the cards
_SIDE = 0.20  # left and right margins
_TOP = 0.14  # toolbar to top row
_ROW_GAP = 0.30  # top row to columns (the column numbers live here)
_BOTTOM = 0.08  # last card to status line
_COLUMN_SPAN = 2.75  # column lane height the card size is chosen for, in card heights
_LEAST_SPAN = 1.6  # the least column lane, in card heights, that larger cards leave
CARD_SCALES = (0.8, 1.6)
"""The card-size setting's range: the cards' width as a share of the size the window
gives them; above 1 they grow only as far as the window holds them (the gaps and margins
shrink to their least, the column lane to ``_LEAST_SPAN``)."""
FAN = 0.27
"""Vertical step between the cards of a column when there is room, in card heights."""
MAX_FAN = 0.42
"""Where the one row has height to spare, columns fan out further, up to this."""
_FAN_CARDS = 12  # the fan is widened only while a column of this many still fits
INDEX_DEPTH = 0.235
"""How far down a card its top-left index reaches (rank, with the hook of the J and the
tail of the Q, and suit), in card heights, with a hair of air: the art's index ends at
81 of 350 units (``tests/app/test_layout_fit.py`` measures it). A column's step never
falls below it."""
INDEX_DEPTH_LARGE = 0.298
"""The same for the faces with large indices (the high-contrast table): 102 of 350 units."""

# the two-band (portrait) arrangement, in card heights
_BAND_COLUMNS = 5
_P_TOP = 0.08  # toolbar to the foundations
_P_ROWS = 0.06  # foundations to cells
_P_LABEL = 0.20  # above each band: its column numbers
_P_BOTTOM = 0.06  # under each band: room for the focus ring and the glow of a highlight
_P_BAND = 1.95  # band height the card size is chosen for: five dealt cards at nearly FAN
_PORTRAIT_GAIN = 1.25
"""Two bands are chosen when their cards are this much wider than one row's: smaller gains
are not worth halving the room a long column has."""


@dataclass(frozen=True)
class Layout:
    """The geometry of one window size and difficulty. Card places depend on the position
    only through the column fans (:meth:`card_box`, :meth:`card_boxes`)."""

    size: tuple[int, int]
    cell_count: int
    card_w: int
    card_h: int
    toolbar: Box
    status: Box
    buttons: dict[str, Box]
    piles: dict[Pile, Box]
    """The slot of each pile: a card-sized box (a column's is its first card's place)."""
    lanes: dict[Pile, Box]
    """Where a pile takes drops and taps: for a column, from its top to the table's bottom."""
    labels: dict[Pile, Box]
    """Where the column numbers are written."""
    table_bottom: int
    """The bottom of the lowest column lane."""
    fan: int
    radius: int = field(default=0)
    bands: int = 1
    """Rows of columns: 1, or 2 (columns 1-5 above 6-10) in a tall window."""
    index_depth: float = INDEX_DEPTH
    """How far down a card its index reaches, in card heights (the art's; see INDEX_DEPTH)."""
    origin: tuple[int, int] = (0, 0)
    """Where the board's area starts in the window (Help's example board sits in its page)."""

    @property
    def area(self) -> Box:
        """The board's whole area in window pixels: the window for the table and the replay,
        the example's box in Help."""
        return Box(*self.origin, *self.size)

    @property
    def card_size(self) -> tuple[int, int]:
        return (self.card_w, self.card_h)

    @property
    def min_step(self) -> int:
        """The least step between a column's cards: each card's whole index shows."""
        return min_step(self.card_h, self.index_depth)

    def column_step(self, pile: Pile, count: int) -> float:
        """The vertical step between cards of column ``pile`` holding ``count`` cards: the
        fan, or less when that many would run past the bottom of the column's lane, but
        never less than :attr:`min_step` (a layout made for the position always has the
        room: :func:`compute_layout`)."""
        if count <= 1:
            return float(self.fan)
        return min(float(self.fan), max(float(self.min_step), self.column_room(pile) / (count - 1)))

    def column_room(self, pile: Pile) -> int:
        """How far a column's top card may sit below its first card and stay in its lane."""
        return self.lanes[pile].bottom - self.piles[pile].y - self.card_h

    def fits(self, position: Position) -> bool:
        """Whether every column of ``position`` shows every card's index inside its lane."""
        step = self.min_step
        return all(self.column_room(pile) >= (len(position.cards(pile)) - 1) * step
                   for pile in COLUMNS if pile in self.piles and position.has_pile(pile))

    def card_box(self, pile: Pile, index: int, count: int) -> Box:
        """Card ``index`` (from the bottom) of ``pile`` holding ``count`` visible cards."""
        slot = self.piles[pile]
        if not pile.is_column:
            return slot
        return Box(slot.x, slot.y + int(index * self.column_step(pile, count)), slot.w, slot.h)

    def pile_cards(self, position: Position, pile: Pile) -> list[tuple[Card, Box]]:
        cards = position.cards(pile)
        return [(card, self.card_box(pile, i, len(cards))) for i, card in enumerate(cards)]

    def card_boxes(self, position: Position) -> dict[Card, Box]:
        """The box of every visible card (a foundation shows only its top card)."""
        boxes: dict[Card, Box] = {}
        for pile in self.piles:
            for card, box in self.pile_cards(position, pile):
                boxes[card] = box
        return boxes

    def rest_points(self, position: Position) -> dict[Card, tuple[float, float]]:
        """Where every card of ``position`` rests: the visible ones at their box, a card under
        a foundation's top at the foundation (a glide ends there: it is drawn in flight)."""
        points: dict[Card, tuple[float, float]] = {}
        for s, height in enumerate(position.foundations):
            slot = self.piles[FOUNDATIONS[s]]
            for rank in range(1, height + 1):
                points[Card(rank, SUITS[s])] = (float(slot.x), float(slot.y))
        for card, box in self.card_boxes(position).items():
            points[card] = (float(box.x), float(box.y))
        return points

    def hit(self, position: Position, x: float, y: float) -> tuple[Pile, int | None] | None:
        """The pile under a point and the index of the card pressed (None: the pile's empty
        part), or None when the point is on no pile."""
        for pile, lane in self.lanes.items():
            if not lane.contains(x, y):
                continue
            cards = position.cards(pile) if position.has_pile(pile) else ()
            for index in range(len(cards) - 1, -1, -1):
                if self.card_box(pile, index, len(cards)).contains(x, y):
                    return pile, index
            return pile, None
        return None

    def drop_target(self, box: Box, exclude: Pile | None = None) -> Pile | None:
        """The pile whose lane the dragged box overlaps most, or None."""
        best, best_area = None, 0
        for pile, lane in self.lanes.items():
            if pile == exclude:
                continue
            area = box.overlap(lane)
            if area > best_area:
                best, best_area = pile, area
        return best

    def button_at(self, x: float, y: float) -> str | None:
        for name, box in self.buttons.items():
            if box.contains(x, y):
                return name
        return None

    def rows(self, piles: list[Pile]) -> list[list[Pile]]:
        """``piles`` grouped by the row they sit in on screen, top row first, each left to
        right (the keyboard moves the focus up and down through these)."""
        rows: dict[int, list[Pile]] = {}
        for pile in piles:
            rows.setdefault(self.piles[pile].y, []).append(pile)
        return [sorted(row, key=lambda p: self.piles[p].x) for _y, row in sorted(rows.items())]

    def pile_above(self, pile: Pile, piles: list[Pile], down: bool = False) -> Pile:
        """The pile of ``piles`` nearest across in the row above ``pile`` (below with
        ``down``), wrapping from the top row to the bottom one and back."""
        rows = self.rows(piles)
        here = next((i for i, row in enumerate(rows) if pile in row), 0)
        row = rows[(here + (1 if down else -1)) % len(rows)]
        x = self.piles[pile].center[0]
        return min(row, key=lambda p: abs(self.piles[p].center[0] - x))

    def moved(self, dx: int, dy: int) -> Layout:
        """The same layout drawn ``dx``, ``dy`` pixels further right and down."""
        def shift(boxes: dict[Any, Box]) -> dict[Any, Box]:
            return {key: box.moved(dx, dy) for key, box in boxes.items()}

        return replace(self, origin=(self.origin[0] + dx, self.origin[1] + dy),
                       toolbar=self.toolbar.moved(dx, dy), status=self.status.moved(dx, dy),
                       buttons=shift(self.buttons), piles=shift(self.piles), lanes=shift(self.lanes),
                       labels=shift(self.labels), table_bottom=self.table_bottom + dy)

    def to_json(self, position: Position) -> dict[str, object]:
        """What ``seahaven layout`` prints: window, bands of columns, pile and card
        rectangles."""
        return {
            "window": list(self.size),
            "bands": self.bands,
            "piles": {str(pile): list(box) for pile, box in self.piles.items()},
            "cards": {str(card): list(box) for card, box in self.card_boxes(position).items()},
        }


PEEK_SCALE = 1.6
"""How much larger than the table's cards a peeked card is shown (when the window holds it)."""


def peek_boxes(layout: Layout, count: int, around: Box) -> list[Box]:
    """Where a peek shows ``count`` cards whole, enlarged: one card centred on ``around``
    (the card peeked at), several (a pile, by the peek key) in rows over the table, each
    as large as fits up to :data:`PEEK_SCALE`; all between the toolbar and the status line."""
    top, bottom = layout.toolbar.bottom + 4, layout.status.y - 4
    room_w, room_h = layout.size[0] - 8, bottom - top
    aspect = layout.card_h / layout.card_w
    best, across = 0.0, 1
    for k in range(1, max(1, count) + 1):
        rows = math.ceil(count / k)
        scale = min(PEEK_SCALE, room_w / (k * layout.card_w * 1.06), room_h / (rows * layout.card_h * 1.06))
        if scale > best:
            best, across = scale, k
    w = max(8, int(layout.card_w * best))
    h = max(11, int(w * aspect))
    pitch_x, pitch_y = round(w * 1.06), round(h * 1.06)
    rows = math.ceil(count / across)
    span_w, span_h = min(count, across) * pitch_x - (pitch_x - w), rows * pitch_y - (pitch_y - h)
    cx, cy = around.center
    x0 = round(_clamp(cx - span_w / 2, 4, layout.size[0] - 4 - span_w))
    y0 = round(_clamp(cy - span_h / 2, top, bottom - span_h))
    return [Box(x0 + (i % across) * pitch_x, y0 + (i // across) * pitch_y, w, h) for i in range(count)]


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def min_step(card_h: int, depth: float = INDEX_DEPTH) -> int:
    """The least step between a column's cards of height ``card_h``: the index's depth."""
    return max(1, math.ceil(card_h * depth))


def compute_layout(width: int, height: int, cell_count: int, aspect: float = DEFAULT_CARD_ASPECT,
                   toolbar_slots: tuple[ToolSlot, ...] = (), position: Position | None = None,
                   index_depth: float = INDEX_DEPTH, card_scale: float = 1.0, mirrored: bool = False) -> Layout:
    """Lay out a table of ``width`` x ``height`` pixels with ``cell_count`` cells: ten
    columns in one row, or in two bands of five where the window is tall enough for
    those to give clearly larger cards; ``toolbar_slots`` are the toolbar's buttons.

    With a ``position``, its columns are given the room to show every card's index: in two
    bands a long band takes what the other does not need, and where that is not enough
    every card is made smaller, only as much as the longest column needs. A position whose
    columns fit gets exactly the layout of the window alone. ``index_depth`` is how far
    down the art's index reaches (:data:`INDEX_DEPTH`, or :data:`INDEX_DEPTH_LARGE`).
    ``card_scale`` is the card-size setting (:data:`CARD_SCALES`); ``mirrored`` the
    left-handed layout: cells on the right, foundations on the left, the toolbar's two
    groups swapped."""
    layout, left = _table_layout(width, height, cell_count, aspect, position, index_depth, card_scale)
    if mirrored:
        layout = _mirrored(layout)
    return replace(layout, buttons=_toolbar_buttons(layout.toolbar, left, toolbar_slots, mirrored))


def _mirrored(layout: Layout) -> Layout:
    """The top row of ``layout`` mirrored (one row: the cells take the foundations' end and
    the foundations the cells', each kept in its order; two bands: already centred)."""
    if layout.bands != 1:
        return layout
    xs = sorted(layout.piles[pile].x for pile in COLUMNS)
    cells = [pile for pile in CELLS if pile in layout.piles]
    piles = dict(layout.piles)
    lanes = dict(layout.lanes)
    places = [(pile, xs[i]) for i, pile in enumerate(FOUNDATIONS)]
    places += [(pile, xs[10 - len(cells) + i]) for i, pile in enumerate(cells)]
    for pile, x in places:
        piles[pile] = piles[pile]._replace(x=x)
        lanes[pile] = lanes[pile]._replace(x=x)
    return replace(layout, piles=piles, lanes=lanes)


def _table_layout(width: int, height: int, cell_count: int, aspect: float,
                  position: Position | None, depth: float = INDEX_DEPTH,
                  scale: float = 1.0) -> tuple[Layout, int]:
    """The table's geometry (no toolbar buttons yet) fitted to ``position``, and where the
    window's own first column starts (the toolbar lines up with it, whatever the cards)."""
    width, height = max(int(width), MIN_SIZE[0]), max(int(height), MIN_SIZE[1])
    short = min(width, height)
    bar_h = round(_clamp(short * 0.058, 40, 96))
    status_h = round(_clamp(short * 0.036, 26, 64))
    toolbar = Box(0, 0, width, bar_h)
    status = Box(0, height - status_h, width, status_h)
    room = height - bar_h - status_h
    one_row = _one_row_card_width(width, room, aspect)
    two_bands = height > width and _two_band_card_width(width, room, aspect) >= _PORTRAIT_GAIN * one_row
    counts = _column_counts(position)

    chosen = None if scale == 1.0 else _scaled_card_width(width, room, aspect, scale, two_bands)

    def make(card_w: int | None = chosen) -> Layout:
        if two_bands:
            made = _two_bands(width, height, cell_count, aspect, toolbar, status, card_w, counts, depth)
        else:
            made = _one_row(width, height, cell_count, aspect, toolbar, status, card_w)
        # the fan shows a whole index too (it does with the ordinary art: FAN > INDEX_DEPTH)
        return replace(made, index_depth=depth, fan=max(made.fan, min_step(made.card_h, depth)))

    layout = make()
    left = layout.piles[COLUMNS[0]].x
    if position is None or layout.fits(position):
        return layout, left
    # the largest card that fits: the room grows as the cards shrink, so search it
    low, high = 8, layout.card_w - 1
    best = make(low)
    while low <= high:
        middle = (low + high) // 2
        trial = make(middle)
        if trial.fits(position):
            best, low = trial, middle + 1
        else:
            high = middle - 1
    return best, left  # the toolbar stays as it is


def _column_counts(position: Position | None) -> tuple[int, ...]:
    """How many cards each column of ``position`` holds (none: no position)."""
    if position is None:
        return ()
    return tuple(len(position.cards(pile)) for pile in COLUMNS if position.has_pile(pile))


def board_layout(box: Box, cell_count: int, aspect: float = DEFAULT_CARD_ASPECT,
                 position: Position | None = None) -> Layout:
    """The table's own geometry inside ``box``, with no toolbar or status line: Help's
    example board lays its piles out, fans its columns and hit-tests exactly as the table.
    With a ``position``, its long columns make the cards smaller, just enough for every
    card's index to show inside the box (as :func:`compute_layout` does for the table)."""
    top, bottom = Box(0, 0, box.w, 0), Box(0, box.h, box.w, 0)
    layout = _one_row(box.w, box.h, cell_count, aspect, top, bottom)
    if position is not None and not layout.fits(position):
        low, high, best = 8, layout.card_w - 1, _one_row(box.w, box.h, cell_count, aspect, top, bottom, 8)
        while low <= high:  # the largest card that fits: the room grows as the cards shrink
            middle = (low + high) // 2
            trial = _one_row(box.w, box.h, cell_count, aspect, top, bottom, middle)
            if trial.fits(position):
                best, low = trial, middle + 1
            else:
                high = middle - 1
        layout = best
    return layout.moved(box.x, box.y)


def board_height(width: int, aspect: float = DEFAULT_CARD_ASPECT) -> int:
    """How tall a :func:`board_layout` of ``width`` must be for its cards to be as wide as
    the width allows."""
    across = width / (10 + 9 * _GAP + 2 * _SIDE)
    return math.ceil(across * aspect * (_TOP + 1 + _ROW_GAP + _COLUMN_SPAN + _BOTTOM)) + 1


def _scaled_card_width(width: int, room: int, aspect: float, scale: float, two_bands: bool) -> int:
    """The card width of the card-size setting ``scale``: the window's own size times the
    scale, but never more than the window holds (the least margins and gaps across, the
    top row and a column lane of ``_LEAST_SPAN`` card heights down)."""
    count = _BAND_COLUMNS if two_bands else 10
    usual = (_two_band_card_width if two_bands else _one_row_card_width)(width, room, aspect)
    across = (width - 8) / (count + (count - 1) * _GAP * 0.5 + 2 * _SIDE * 0.6)
    if two_bands:
        down = room / (_P_TOP + 2 + _P_ROWS + 2 * (_P_LABEL + _LEAST_SPAN + _P_BOTTOM)) / aspect
    else:
        down = room / (_TOP + 1 + _ROW_GAP + _LEAST_SPAN + _BOTTOM) / aspect
    most = max(usual, int(min(across, down)))
    return max(8, min(most, int(usual * scale)))


def largest_card_scale(width: int, height: int, aspect: float = DEFAULT_CARD_ASPECT,
                       position: Position | None = None) -> float:
    """The card-size setting past which the cards of a ``width`` x ``height`` window grow no
    more (the largest card the window holds, with ``position``'s columns where given, over
    the window's own card size), rounded up to a whole percent and within
    :data:`CARD_SCALES`: what the setting can offer in this window."""
    usual = compute_layout(width, height, 4, aspect).card_w
    cells = position.cell_count if position is not None else 4
    most = compute_layout(width, height, cells, aspect, position=position, card_scale=CARD_SCALES[1]).card_w
    return max(1.0, min(CARD_SCALES[1], math.ceil(most / usual * 100 - 1e-9) / 100))


def _one_row_card_width(width: int, room: int, aspect: float) -> int:
    """The largest card that fits both across (10 columns) and down (top row + column lane)."""
    across = width / (10 + 9 * _GAP + 2 * _SIDE)
    down = room / (_TOP + 1 + _ROW_GAP + _COLUMN_SPAN + _BOTTOM) / aspect
    return max(8, int(min(across, down)))


def _two_band_card_width(width: int, room: int, aspect: float) -> int:
    """The largest card that fits across (5 columns) and down (foundations, cells, two bands)."""
    across = width / (_BAND_COLUMNS + (_BAND_COLUMNS - 1) * _GAP + 2 * _SIDE)
    down = room / (_P_TOP + 2 + _P_ROWS + 2 * (_P_LABEL + _P_BAND + _P_BOTTOM)) / aspect
    return max(8, int(min(across, down)))


def _lane_xs(width: int, card_w: int, count: int) -> list[int]:
    """Left edges of ``count`` lanes spread over the width: side margins, then gaps between
    the columns as wide as the room allows within limits, the whole centred."""
    side = max(4, round(card_w * _SIDE * 0.6))
    gap = (width - 2 * side - count * card_w) / (count - 1)
    gap = _clamp(gap, card_w * _GAP * 0.5, card_w * _MAX_GAP)
    span = count * card_w + (count - 1) * gap
    left = (width - span) / 2
    return [round(left + i * (card_w + gap)) for i in range(count)]


def _one_row(width: int, height: int, cell_count: int, aspect: float, toolbar: Box, status: Box,
             card_w: int | None = None) -> Layout:
    """Cells and foundations in the top row, the ten columns in one row under it; the cards
    as large as fit, or ``card_w`` wide."""
    if card_w is None:
        card_w = _one_row_card_width(width, status.y - toolbar.bottom, aspect)
    card_h = max(11, int(card_w * aspect))
    xs = _lane_xs(width, card_w, 10)

    top_y = toolbar.bottom + round(card_h * _TOP)
    column_y = top_y + card_h + round(card_h * _ROW_GAP)
    table_bottom = status.y - max(2, round(card_h * _BOTTOM))

    piles: dict[Pile, Box] = {}
    for i in range(cell_count):
        piles[CELLS[i]] = Box(xs[i], top_y, card_w, card_h)
    for i, pile in enumerate(FOUNDATIONS):
        piles[pile] = Box(xs[6 + i], top_y, card_w, card_h)
    lanes = dict(piles)
    labels: dict[Pile, Box] = {}
    label_h = max(10, round(card_h * _ROW_GAP * 0.62))
    label_y = top_y + card_h + (column_y - top_y - card_h - label_h) // 2
    for i, pile in enumerate(COLUMNS):
        piles[pile] = Box(xs[i], column_y, card_w, card_h)
        lanes[pile] = Box(xs[i], column_y, card_w, table_bottom - column_y)
        labels[pile] = Box(xs[i], label_y, card_w, label_h)

    return Layout(
        size=(width, height),
        cell_count=cell_count,
        card_w=card_w,
        card_h=card_h,
        toolbar=toolbar,
        status=status,
        buttons={},  # placed by compute_layout
        piles=piles,
        lanes=lanes,
        labels=labels,
        table_bottom=table_bottom,
        fan=_fan(card_h, table_bottom - column_y),
        radius=max(2, round(card_w * 0.07)),
    )


def _two_bands(width: int, height: int, cell_count: int, aspect: float, toolbar: Box, status: Box,
               card_w: int | None = None, counts: tuple[int, ...] = (), depth: float = INDEX_DEPTH) -> Layout:
    """The foundations in a row, the cells in a row under them (both centred), then
    columns 1-5 and under them columns 6-10, the room below the cells shared equally; each
    band has its column numbers above it and a little bare felt below. When a band's
    longest column (``counts``: cards per column) needs more than half, the other band
    gives it what it does not need itself."""
    if card_w is None:
        card_w = _two_band_card_width(width, status.y - toolbar.bottom, aspect)
    card_h = max(11, int(card_w * aspect))
    xs = _lane_xs(width, card_w, _BAND_COLUMNS)
    pitch = xs[1] - xs[0]

    def centred(count: int) -> list[int]:
        left = (width - count * card_w - (count - 1) * (pitch - card_w)) / 2
        return [round(left + i * pitch) for i in range(count)]

    found_y = toolbar.bottom + round(card_h * _P_TOP)
    cells_y = found_y + card_h + round(card_h * _P_ROWS)
    label_gap = round(card_h * _P_LABEL)
    foot = max(2, round(card_h * _P_BOTTOM))
    first_y = cells_y + card_h + label_gap
    table_bottom = status.y - foot
    total = table_bottom - first_y - foot - label_gap
    band_h = total // 2
    fan = _fan(card_h, band_h)
    first_h = _first_band_height(total, card_h, max(fan, min_step(card_h, depth)), counts, depth)
    band_ys = (first_y, first_y + first_h + foot + label_gap)
    band_bottoms = (first_y + first_h, table_bottom)

    piles: dict[Pile, Box] = {}
    for pile, x in zip(FOUNDATIONS, centred(len(FOUNDATIONS)), strict=True):
        piles[pile] = Box(x, found_y, card_w, card_h)
    for pile, x in zip(CELLS[:cell_count], centred(cell_count), strict=True):
        piles[pile] = Box(x, cells_y, card_w, card_h)
    lanes = dict(piles)
    labels: dict[Pile, Box] = {}
    label_h = min(label_gap, max(10, round(card_h * _ROW_GAP * 0.62)))
    for i, pile in enumerate(COLUMNS):
        band, lane = divmod(i, _BAND_COLUMNS)
        y, bottom = band_ys[band], band_bottoms[band]
        piles[pile] = Box(xs[lane], y, card_w, card_h)
        lanes[pile] = Box(xs[lane], y, card_w, bottom - y)
        labels[pile] = Box(xs[lane], y - label_gap + (label_gap - label_h) // 2, card_w, label_h)

    return Layout(
        size=(width, height),
        cell_count=cell_count,
        card_w=card_w,
        card_h=card_h,
        toolbar=toolbar,
        status=status,
        buttons={},  # placed by compute_layout
        piles=piles,
        lanes=lanes,
        labels=labels,
        table_bottom=table_bottom,
        fan=fan,
        radius=max(2, round(card_w * 0.07)),
        bands=2,
    )


def _first_band_height(total: int, card_h: int, fan: int, counts: tuple[int, ...],
                       depth: float = INDEX_DEPTH) -> int:
    """How much of the ``total`` height of the two bands the first one takes: half, unless
    a band's longest column needs more to show every index; then the other band keeps what
    its own columns need (at the full fan if it can) and the long band has the rest."""
    half = total // 2
    if len(counts) < 2 * _BAND_COLUMNS:
        return half
    step = min_step(card_h, depth)
    longest = (max(counts[:_BAND_COLUMNS]), max(counts[_BAND_COLUMNS:]))

    def need(count: int, each: int) -> int:
        return card_h + max(0, count - 1) * each

    least = [need(n, step) for n in longest]
    if all(n <= half for n in least) or sum(least) > total:
        return half  # both fit, or neither does: the cards must shrink anyway
    long_band = 0 if least[0] > half else 1
    other = 1 - long_band
    keep = min(half, max(least[other], need(longest[other], fan)), total - least[long_band])
    return total - keep if long_band == 0 else keep


def _fan(card_h: int, lane_h: int) -> int:
    """The step between a column's cards: FAN, widened up to MAX_FAN while a column of
    _FAN_CARDS still fits in a lane ``lane_h`` high."""
    return max(1, round(card_h * _clamp((lane_h - card_h) / _FAN_CARDS / card_h, FAN, MAX_FAN)))


def _toolbar_buttons(bar: Box, left: int, slots: tuple[ToolSlot, ...] = (), mirrored: bool = False) -> dict[str, Box]:
    """Buttons with an icon and a word when there is room, icons alone when not; the
    right-hand group is placed from the right end (``mirrored``: each group at the other
    end, in the same reading order)."""
    pad = max(3, bar.h // 10)
    h = bar.h - 2 * pad
    margin = max(pad, left)
    wide = round(h * 2.7)
    count = len(slots)
    w = wide if count * (wide + pad) + 2 * margin + h <= bar.w else h
    buttons: dict[str, Box] = {}
    x = margin
    for name, right, _square in slots:
        if right:
            continue
        buttons[name] = Box(x, bar.y + pad, w, h)
        x += w + pad
    x = bar.right - margin
    for name, right, square in reversed(slots):
        if not right:
            continue
        bw = h if square else w
        x -= bw
        buttons[name] = Box(x, bar.y + pad, bw, h)
        x -= pad
    if mirrored:  # each group at the other end, its buttons still in reading order (Undo before Redo)
        for group in ([n for n, right, _s in slots if not right], [n for n, right, _s in slots if right]):
            if not group:
                continue
            xs = [bar.x + bar.right - buttons[name].right for name in group]  # the group's span, mirrored
            x = min(xs)
            for name in group:
                buttons[name] = buttons[name]._replace(x=x)
                x += buttons[name].w + pad
    return buttons


class Layouts:
    """The geometries a board has shown lately, each worked out once: a new window size, a
    long column or another card size asks for another, and the one before a change is kept
    for the cards to glide from. The table and the replay keep one each, so a replay shows
    the game as the table did (the same card size, the same hand)."""

    KEEP = 4

    def __init__(self) -> None:
        self._made: dict[tuple[object, ...], Layout] = {}

    def get(self, size: tuple[int, int], position: Position, toolbar: tuple[ToolSlot, ...] = (),
            large_index: bool = False, card_scale: float = 1.0, mirrored: bool = False) -> Layout:
        """The layout showing ``position`` in a window of ``size``; ``large_index``: the art's
        large index (:data:`INDEX_DEPTH_LARGE`); the rest as :func:`compute_layout` takes them."""
        depth = INDEX_DEPTH_LARGE if large_index else INDEX_DEPTH
        key = (size, position.cell_count, toolbar, depth, tuple(len(c) for c in position.columns), card_scale,
               mirrored)
        layout = self._made.get(key)
        if layout is None:
            if len(self._made) >= self.KEEP:
                self._made.clear()
            layout = self._made[key] = compute_layout(size[0], size[1], position.cell_count, card_aspect(), toolbar,
                                                      position, depth, card_scale, mirrored)
        return layout


def card_aspect() -> float:
    """The art's card height / width (the art gives width / height)."""
    return 1 / CARD_ASPECT


def parse_size(text: str) -> tuple[int, int]:
    """Read ``1280x800``; raise ValueError saying what is wrong."""
    parts = text.lower().replace("×", "x").split("x")
    shown = text if len(text) <= 40 else text[:40] + "…"
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"a size looks like 1280x800, not {shown!r}")
    if any(len(p.strip()) > 6 for p in parts):  # never hand Python a number too long to read
        raise ValueError(f"the size {shown} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]}")
    w, h = (int(p) for p in parts)
    if w < MIN_SIZE[0] or h < MIN_SIZE[1] or w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise ValueError(
            f"the size {w}x{h} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}"
        )
    return w, h
