"""Where everything goes on the table: a pure function of the window size, the number of
cells and the position. No pygame here, so the geometry is tested without a display and
``seahaven layout`` prints exactly what the table draws.

Bands from top to bottom: the toolbar; the top row (cells on the left, foundations in the
order clubs, diamonds, hearts, spades on the right); the column numbers; the ten columns;
the status line. Cards are as large as fit; a column's fan compresses as it grows so no
card ever leaves its lane.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from game.engine import CELLS, COLUMNS, FOUNDATIONS, Card, Pile, Position

DEFAULT_CARD_ASPECT = 1.4
"""Card height / width of a poker card (2.5 x 3.5 in); the art module's value wins."""

TOOLBAR_BUTTONS = ("new", "restart", "undo", "redo", "hint", "help", "menu", "fullscreen")
"""Toolbar buttons, left to right; the last three sit at the right end."""
RIGHT_BUTTONS = ("help", "menu", "fullscreen")

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
FAN = 0.27
"""Vertical step between the cards of a column when there is room, in card heights."""
MAX_FAN = 0.42
"""Where the window is tall (portrait), columns fan out further, up to this."""
_FAN_CARDS = 12  # the fan is widened only while a column of this many still fits


class Box(NamedTuple):
    """A rectangle in window pixels; ``pygame.Rect(box)`` accepts it."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def overlap(self, other: Box) -> int:
        """Area shared with ``other`` (0 if they do not touch)."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0

    def inside(self, other: Box) -> bool:
        return self.x >= other.x and self.y >= other.y and self.right <= other.right and self.bottom <= other.bottom

    def moved(self, dx: float, dy: float) -> Box:
        return Box(round(self.x + dx), round(self.y + dy), self.w, self.h)


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
    fan: int
    radius: int = field(default=0)

    @property
    def window(self) -> Box:
        return Box(0, 0, *self.size)

    @property
    def card_size(self) -> tuple[int, int]:
        return (self.card_w, self.card_h)

    def column_step(self, count: int) -> float:
        """The vertical step between cards of a column holding ``count`` cards."""
        if count <= 1:
            return float(self.fan)
        room = self.table_bottom - self.piles[COLUMNS[0]].y - self.card_h
        return max(0.0, min(float(self.fan), room / (count - 1)))

    def card_box(self, pile: Pile, index: int, count: int) -> Box:
        """Card ``index`` (from the bottom) of ``pile`` holding ``count`` visible cards."""
        slot = self.piles[pile]
        if not pile.is_column:
            return slot
        return Box(slot.x, slot.y + int(index * self.column_step(count)), slot.w, slot.h)

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

    def to_json(self, position: Position) -> dict[str, object]:
        """What ``seahaven layout`` prints: window, pile and card rectangles."""
        return {
            "window": list(self.size),
            "piles": {str(pile): list(box) for pile, box in self.piles.items()},
            "cards": {str(card): list(box) for card, box in self.card_boxes(position).items()},
        }


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def compute_layout(width: int, height: int, cell_count: int, aspect: float = DEFAULT_CARD_ASPECT) -> Layout:
    """Lay out a table of ``width`` x ``height`` pixels with ``cell_count`` cells."""
    width, height = max(int(width), MIN_SIZE[0]), max(int(height), MIN_SIZE[1])
    short = min(width, height)
    bar_h = round(_clamp(short * 0.058, 40, 96))
    status_h = round(_clamp(short * 0.036, 26, 64))
    toolbar = Box(0, 0, width, bar_h)
    status = Box(0, height - status_h, width, status_h)

    # the largest card that fits both across (10 columns) and down (top row + column lane)
    across = width / (10 + 9 * _GAP + 2 * _SIDE)
    down = (height - bar_h - status_h) / (_TOP + 1 + _ROW_GAP + _COLUMN_SPAN + _BOTTOM) / aspect
    card_w = max(8, int(min(across, down)))
    card_h = max(11, int(card_w * aspect))

    side = max(4, round(card_w * _SIDE * 0.6))
    gap = (width - 2 * side - 10 * card_w) / 9
    gap = _clamp(gap, card_w * _GAP * 0.5, card_w * _MAX_GAP)
    span = 10 * card_w + 9 * gap
    left = (width - span) / 2
    xs = [round(left + i * (card_w + gap)) for i in range(10)]

    top_y = bar_h + round(card_h * _TOP)
    column_y = top_y + card_h + round(card_h * _ROW_GAP)
    table_bottom = height - status_h - max(2, round(card_h * _BOTTOM))

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

    buttons = _toolbar_buttons(toolbar, round(left))
    return Layout(
        size=(width, height),
        cell_count=cell_count,
        card_w=card_w,
        card_h=card_h,
        toolbar=toolbar,
        status=status,
        buttons=buttons,
        piles=piles,
        lanes=lanes,
        labels=labels,
        table_bottom=table_bottom,
        fan=max(1, round(card_h * _clamp((table_bottom - column_y - card_h) / _FAN_CARDS / card_h, FAN, MAX_FAN))),
        radius=max(2, round(card_w * 0.07)),
    )


def _toolbar_buttons(bar: Box, left: int) -> dict[str, Box]:
    """Buttons with an icon and a word when there is room, icons alone when not."""
    pad = max(3, bar.h // 10)
    h = bar.h - 2 * pad
    margin = max(pad, left)
    wide = round(h * 2.7)
    count = len(TOOLBAR_BUTTONS)
    w = wide if count * (wide + pad) + 2 * margin + h <= bar.w else h
    buttons: dict[str, Box] = {}
    x = margin
    for name in TOOLBAR_BUTTONS:
        if name in RIGHT_BUTTONS:
            continue
        buttons[name] = Box(x, bar.y + pad, w, h)
        x += w + pad
    right_w = {"fullscreen": h}
    x = bar.right - margin
    for name in reversed(RIGHT_BUTTONS):
        bw = right_w.get(name, w)
        x -= bw
        buttons[name] = Box(x, bar.y + pad, bw, h)
        x -= pad
    return buttons


def card_aspect() -> float:
    """The art's card aspect ratio when the art module is there, else a poker card's."""
    try:
        from game.app import assets  # imports pygame: only when asked
    except ImportError:
        return DEFAULT_CARD_ASPECT
    aspect = float(getattr(assets, "CARD_ASPECT", DEFAULT_CARD_ASPECT))
    return 1 / aspect if 0 < aspect < 1 else aspect  # the art gives width / height


def parse_size(text: str) -> tuple[int, int]:
    """Read ``1280x800``; raise ValueError saying what is wrong."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"a size looks like 1280x800, not {text!r}")
    w, h = (int(p) for p in parts)
    if w < MIN_SIZE[0] or h < MIN_SIZE[1] or w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise ValueError(
            f"the size {w}x{h} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}"
        )
    return w, h
