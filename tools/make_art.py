"""Draw every image the game shows, as SVG files in ``sprites/``, with our own code.

Cards (both colour schemes), backs, empty-pile markers, toolbar icons and the
selection highlight are built here as SVG text and rendered by the game at the exact
on-screen size (``pygame.image.load_sized_svg``), so they stay crisp from 800x600 to 4K.

The SVG renderer in SDL_image (nanosvg) draws paths, basic shapes, transforms and
gradients but not ``<text>``, clip paths or patterns; so rank letters are copied as
outlines from the shipped font (``fonts/NotoSans-Bold.ttf``) and patterns are drawn
line by line. Output is deterministic (fixed float formatting, no timestamps), and a
test checks that running this script reproduces the committed files byte for byte.

Usage: ``python tools/make_art.py [--out DIR]`` (default: ``sprites/`` in the repo).
"""

from __future__ import annotations

import argparse
import math
import re
import struct
from collections.abc import Iterable
from pathlib import Path

from seahaven.engine import DECK, RANKS, SUITS, Card

ROOT = Path(__file__).resolve().parents[1]
FONT_PATH = ROOT / "fonts" / "NotoSans-Bold.ttf"

CARD_W = 245
"""Card width in SVG units; with ``CARD_H`` the aspect is 0.70, close to a real card."""
CARD_H = 350
CORNER = 14
"""Corner radius of a card, in SVG units (about 1/8 inch on a real card)."""

SCHEMES = ("classic", "four-colour")
"""Colour schemes: red/black as on real cards, and the four-colour deck of the Settings."""

LARGE = "-large"
"""Suffix of the folders of the faces for low vision (``classic-large``): the corner
indices a third larger and a heavier, darker edge (the high-contrast table)."""

SUIT_COLOURS = {
    "classic": {"C": "#1d1d21", "D": "#c8182f", "H": "#c8182f", "S": "#1d1d21"},
    "four-colour": {"C": "#16813c", "D": "#1b5fc4", "H": "#c8182f", "S": "#1d1d21"},
}
"""Ink of each suit per scheme; four-colour: clubs green, diamonds blue."""

ACCENTS = {
    "classic": {"C": "#b3202f", "D": "#233d73", "H": "#233d73", "S": "#b3202f"},
    "four-colour": {"C": "#233d73", "D": "#b3202f", "H": "#233d73", "S": "#b3202f"},
}
"""Second colour of the court figures, chosen to contrast with the suit ink."""

GOLD = "#d9a526"
GOLD_DARK = "#8c6514"
SKIN = "#f2d5b3"
SKIN_LINE = "#7a5232"
FACE_TOP = "#ffffff"
FACE_BOTTOM = "#f6f4ee"
EDGE = "#3f4046"


def num(value: float) -> str:
    """Format a coordinate with at most two decimals, the same way on every machine."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- glyph outlines from the shipped TrueType font ---------------------------------------


class FontOutlines:
    """Reads glyph outlines from a TrueType (``glyf``) font so they can become SVG paths."""

    def __init__(self, path: Path) -> None:
        self.data = path.read_bytes()
        count = struct.unpack_from(">H", self.data, 4)[0]
        self.tables: dict[str, int] = {}
        for i in range(count):
            tag, _check, offset, _length = struct.unpack_from(">4sIII", self.data, 12 + 16 * i)
            self.tables[tag.decode("latin-1")] = offset
        head = self.tables["head"]
        self.units_per_em = struct.unpack_from(">H", self.data, head + 18)[0]
        self.long_loca = struct.unpack_from(">h", self.data, head + 50)[0] == 1
        self.cap_height = struct.unpack_from(">h", self.data, self.tables["OS/2"] + 88)[0]
        self.metric_count = struct.unpack_from(">H", self.data, self.tables["hhea"] + 34)[0]
        self.cmap = self._read_cmap()

    def _read_cmap(self) -> dict[int, int]:
        """Map code points to glyph ids from the Windows Unicode BMP subtable (format 4)."""
        base = self.tables["cmap"]
        count = struct.unpack_from(">H", self.data, base + 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", self.data, base + 4 + 8 * i)
            if (platform, encoding) == (3, 1):
                break
        else:
            raise ValueError("font has no Windows Unicode cmap")
        sub = base + offset
        seg_count = struct.unpack_from(">H", self.data, sub + 6)[0] // 2
        ends = struct.unpack_from(f">{seg_count}H", self.data, sub + 14)
        starts_at = sub + 16 + 2 * seg_count
        starts = struct.unpack_from(f">{seg_count}H", self.data, starts_at)
        deltas = struct.unpack_from(f">{seg_count}h", self.data, starts_at + 2 * seg_count)
        ranges_at = starts_at + 4 * seg_count
        ranges = struct.unpack_from(f">{seg_count}H", self.data, ranges_at)
        mapping: dict[int, int] = {}
        for seg in range(seg_count):
            for code in range(starts[seg], min(ends[seg], 0x2FFF) + 1):
                if ranges[seg] == 0:
                    glyph = (code + deltas[seg]) & 0xFFFF
                else:
                    at = ranges_at + 2 * seg + ranges[seg] + 2 * (code - starts[seg])
                    glyph = struct.unpack_from(">H", self.data, at)[0]
                    glyph = (glyph + deltas[seg]) & 0xFFFF if glyph else 0
                if glyph:
                    mapping[code] = glyph
        return mapping

    def _glyph_offset(self, glyph: int) -> tuple[int, int]:
        loca = self.tables["loca"]
        if self.long_loca:
            start, end = struct.unpack_from(">II", self.data, loca + 4 * glyph)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", self.data, loca + 2 * glyph))
        return self.tables["glyf"] + start, end - start

    def advance(self, char: str) -> int:
        """Advance width of a character in font units."""
        glyph = min(self.cmap[ord(char)], self.metric_count - 1)
        return struct.unpack_from(">H", self.data, self.tables["hmtx"] + 4 * glyph)[0]

    def bounds(self, char: str) -> tuple[int, int, int, int]:
        """Ink box ``(x_min, y_min, x_max, y_max)`` of a character in font units."""
        at, _ = self._glyph_offset(self.cmap[ord(char)])
        return struct.unpack_from(">hhhh", self.data, at + 2)

    def contours(self, glyph: int) -> list[list[tuple[float, float, bool]]]:
        """The glyph's closed contours as ``(x, y, on_curve)`` points in font units."""
        at, length = self._glyph_offset(glyph)
        if length == 0:
            return []
        n_contours = struct.unpack_from(">h", self.data, at)[0]
        if n_contours < 0:
            return self._composite(at)
        ends = struct.unpack_from(f">{n_contours}H", self.data, at + 10)
        pos = at + 10 + 2 * n_contours
        pos += 2 + struct.unpack_from(">H", self.data, pos)[0]
        n_points = ends[-1] + 1
        flags: list[int] = []
        while len(flags) < n_points:
            flag = self.data[pos]
            pos += 1
            flags.append(flag)
            if flag & 8:
                flags.extend([flag] * self.data[pos])
                pos += 1
        coords: list[list[int]] = [[], []]
        for axis, (short_bit, same_bit) in enumerate(((2, 16), (4, 32))):
            value = 0
            for flag in flags:
                if flag & short_bit:
                    step = self.data[pos]
                    pos += 1
                    value += step if flag & same_bit else -step
                elif not flag & same_bit:
                    value += struct.unpack_from(">h", self.data, pos)[0]
                    pos += 2
                coords[axis].append(value)
        points = [(float(x), float(y), bool(f & 1)) for x, y, f in zip(*coords, flags, strict=True)]
        result, start = [], 0
        for end in ends:
            result.append(points[start : end + 1])
            start = end + 1
        return result

    def _composite(self, at: int) -> list[list[tuple[float, float, bool]]]:
        """Contours of a composite glyph (offset-only components, which is all we need)."""
        pos, result = at + 10, []
        while True:
            flags, glyph = struct.unpack_from(">HH", self.data, pos)
            pos += 4
            if flags & 1:
                dx, dy = struct.unpack_from(">hh", self.data, pos)
                pos += 4
            else:
                dx, dy = struct.unpack_from(">bb", self.data, pos)
                pos += 2
            if flags & (8 | 0x40 | 0x80):
                raise ValueError("scaled composite glyphs are not supported")
            for contour in self.contours(glyph):
                result.append([(x + dx, y + dy, on) for x, y, on in contour])
            if not flags & 0x20:
                return result

    def text_path(self, text: str, x: float, baseline: float, size: float,
                  squeeze: float = 1.0, tracking: float = 0.0) -> str:
        """SVG path data for ``text`` set at ``size`` units per em from ``(x, baseline)``.

        ``squeeze`` narrows the letters (real cards condense the "10"); ``tracking`` is
        extra space between letters in font units.
        """
        scale = size / self.units_per_em
        parts: list[str] = []
        pen = 0.0
        for char in text:
            for contour in self.contours(self.cmap[ord(char)]):
                pts = [(x + (pen + px) * scale * squeeze, baseline - py * scale, on) for px, py, on in contour]
                parts.append(_contour_path(pts))
            pen += self.advance(char) + tracking
        return " ".join(parts)

    def text_width(self, text: str, size: float, squeeze: float = 1.0, tracking: float = 0.0) -> float:
        """Ink width of ``text``: from the pen start to the right edge of the last glyph."""
        scale = size / self.units_per_em
        pen = sum(self.advance(c) + tracking for c in text[:-1])
        return (pen + self.bounds(text[-1])[2]) * scale * squeeze


def _contour_path(points: list[tuple[float, float, bool]]) -> str:
    """Turn one quadratic TrueType contour into SVG path commands."""
    first = next((i for i, p in enumerate(points) if p[2]), None)
    if first is None:  # all off-curve: start between the first two
        (x0, y0, _), (x1, y1, _) = points[0], points[1]
        points = [((x0 + x1) / 2, (y0 + y1) / 2, True), *points[1:], points[0]]
        first = 0
    ordered = points[first:] + points[:first] + [points[first]]
    out = [f"M{num(ordered[0][0])},{num(ordered[0][1])}"]
    control: tuple[float, float] | None = None
    for px, py, on in ordered[1:]:
        if on:
            if control is None:
                out.append(f"L{num(px)},{num(py)}")
            else:
                out.append(f"Q{num(control[0])},{num(control[1])} {num(px)},{num(py)}")
            control = None
        else:
            if control is not None:
                mx, my = (control[0] + px) / 2, (control[1] + py) / 2
                out.append(f"Q{num(control[0])},{num(control[1])} {num(mx)},{num(my)}")
            control = (px, py)
    out.append("Z")
    return "".join(out)


# --- paths we can move: the card ink is drawn as few <path> elements as possible --------
# nanosvg walks every scanline of the image once per shape, so a card drawn as 60 small
# shapes costs several times one drawn as 6. Shapes are therefore built as path data with
# their placement applied here, and neighbours of the same style are merged into one path.

_TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")
_ARITY = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}


def place(d: str, x: float = 0.0, y: float = 0.0, scale: float = 1.0, turned: bool = False) -> str:
    """Path data ``d`` scaled about its origin, turned over if asked, then moved to ``(x, y)``."""
    k = -scale if turned else scale
    tokens = _TOKEN.findall(d)
    out: list[str] = []
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            out.append(command)
            i += 1
            if command in "Zz":
                continue
        upper, relative = command.upper(), command.islower()
        args = [float(t) for t in tokens[i : i + _ARITY[upper]]]
        i += _ARITY[upper]
        dx, dy = (0.0, 0.0) if relative else (x, y)
        if upper == "H":
            new = [dx + k * args[0]]
        elif upper == "V":
            new = [dy + k * args[0]]
        elif upper == "A":
            new = [args[0] * scale, args[1] * scale, *args[2:5], dx + k * args[5], dy + k * args[6]]
        else:
            new = [dx + k * v if j % 2 == 0 else dy + k * v for j, v in enumerate(args)]
        out.append(" ".join(num(v) for v in new))
    return "".join(part if part.isalpha() else part + " " for part in out).strip()


def circle(cx: float, cy: float, r: float) -> str:
    """A circle as path data, drawn clockwise like the suit shapes (so unions stay filled)."""
    return (f"M{num(cx + r)},{num(cy)} A{num(r)},{num(r)} 0 1 1 {num(cx - r)},{num(cy)} "
            f"A{num(r)},{num(r)} 0 1 1 {num(cx + r)},{num(cy)} Z")


def ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    """An ellipse as path data."""
    return (f"M{num(cx + rx)},{num(cy)} A{num(rx)},{num(ry)} 0 1 1 {num(cx - rx)},{num(cy)} "
            f"A{num(rx)},{num(ry)} 0 1 1 {num(cx + rx)},{num(cy)} Z")


def box(x: float, y: float, w: float, h: float) -> str:
    """A rectangle as path data, clockwise."""
    return f"M{num(x)},{num(y)} H{num(x + w)} V{num(y + h)} H{num(x)} Z"


class Ink:
    """Shapes in paint order; a shape with the same style as the one before joins its path."""

    def __init__(self) -> None:
        self.layers: list[tuple[str, list[str]]] = []

    def add(self, style: str, d: str) -> None:
        """Paint path data ``d`` with ``style`` (SVG presentation attributes)."""
        if self.layers and self.layers[-1][0] == style:
            self.layers[-1][1].append(d)
        else:
            self.layers.append((style, [d]))

    def elements(self) -> list[str]:
        """The merged ``<path>`` elements."""
        return [f'<path {style} d="{" ".join(parts)}"/>' for style, parts in self.layers]


def fill(colour: str, extra: str = "") -> str:
    """Style attributes for a plain fill."""
    return f'fill="{colour}"{extra}'


def stroke(colour: str, width: float, extra: str = "") -> str:
    """Style attributes for a round-jointed line with no fill."""
    return (f'fill="none" stroke="{colour}" stroke-width="{num(width)}" stroke-linecap="round" '
            f'stroke-linejoin="round"{extra}')


# --- suit symbols --------------------------------------------------------------------------
# Each suit is drawn in a box from -50 to 50 centred on the origin, every part clockwise.
# The shapes are our own, shaped like the traditional French suits.

SUIT_PATHS = {
    "H": "M0,44 C-16,29 -48,10 -48,-15 C-48,-33 -36,-44 -22,-44 C-11,-44 -3,-37 0,-28 "
    "C3,-37 11,-44 22,-44 C36,-44 48,-33 48,-15 C48,10 16,29 0,44 Z",
    "D": "M0,-48 C9,-31 22,-15 38,0 C22,15 9,31 0,48 C-9,31 -22,15 -38,0 C-22,-15 -9,-31 0,-48 Z",
    "S": "M0,-48 C11,-30 46,-13 46,11 C46,27 35,35 23,35 C14,35 7,31 3,25 C4,35 8,42 17,48 "
    "L-17,48 C-8,42 -4,35 -3,25 C-7,31 -14,35 -23,35 C-35,35 -46,27 -46,11 C-46,-13 -11,-30 0,-48 Z",
    "C": " ".join((circle(0, -23, 21.5), circle(-23.5, 13, 21.5), circle(23.5, 13, 21.5), circle(0, 4, 12),
                   "M3.5,6 C4,28 8,40 17,48 L-17,48 C-8,40 -4,28 -3.5,6 Z")),
}


def suit(suit_letter: str, x: float, y: float, size: float, upside_down: bool = False) -> str:
    """Path data of a suit symbol ``size`` units tall centred on ``(x, y)``."""
    return place(SUIT_PATHS[suit_letter], x, y, size / 100, upside_down)


# --- cards ---------------------------------------------------------------------------------

INDEX_LEFT = 13.0
INDEX_TOP = 14.0
INDEX_CAP = 52.0
"""Height of the rank letters: 15% of the card, so a fanned column can be read at 800x600."""
INDEX_SUIT = 43.0


class Corner:
    """The size of the corner indices and the weight of the edge of one set of faces."""

    def __init__(self, cap: float, suit: float, edge: str, edge_width: float) -> None:
        self.cap, self.suit, self.edge, self.edge_width = cap, suit, edge, edge_width

    @property
    def notch_height(self) -> float:
        """How far down a court card's frame is cut away for the index."""
        return INDEX_TOP + self.cap + 20 - 22.0


NORMAL = Corner(INDEX_CAP, INDEX_SUIT, EDGE, 2)
BIG = Corner(68.0, 54.0, "#000000", 5)
"""Large indices: rank letters 19% of the card (pips keep their place below them)."""
PIP = 45.0
"""Pip height on cards 2-8; 9 and 10 use ``PIP_CROWDED`` so their pips keep some air."""
PIP_CROWDED = 40.0
PIP_COLUMNS = (67.0, CARD_W / 2, CARD_W - 67.0)
PIP_TOP, PIP_BOTTOM = 106.0, CARD_H - 106.0

# Where the pips go, as (column 0/1/2, fraction of the way from the top row to the bottom).
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: ((0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3), (1, 5 / 6),
         (0, 1), (2, 1)),
}


def svg_document(width: float, height: float, body: Iterable[str]) -> str:
    """A complete SVG file: one root element whose viewBox is ``0 0 width height``."""
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}">',
        *body,
        "</svg>",
        "",
    ]
    return "\n".join(lines)


INK_MARK = "<!-- ink -->"
"""Separates the card stock (the same on every face) from the ink; the game renders the
stock once per size and only the ink per card."""


def card_blank(corner: Corner = NORMAL) -> list[str]:
    """The card stock: rounded corners, a subtle off-white gradient and a thin edge."""
    inset = corner.edge_width / 2
    return [
        '<defs><linearGradient id="stock" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{FACE_TOP}"/><stop offset="1" stop-color="{FACE_BOTTOM}"/>'
        "</linearGradient></defs>",
        f'<rect x="{num(inset)}" y="{num(inset)}" width="{num(CARD_W - 2 * inset)}" '
        f'height="{num(CARD_H - 2 * inset)}" rx="{CORNER}" '
        f'fill="url(#stock)" stroke="{corner.edge}" stroke-width="{num(corner.edge_width)}"/>',
    ]


def index_mark(font: FontOutlines, card: Card, turned: bool, corner: Corner = NORMAL) -> str:
    """Rank and suit side by side in the top-left corner (they must show in a fanned strip)."""
    rank = "10" if card.rank == 10 else RANKS[card.rank - 1]
    size = corner.cap * font.units_per_em / font.cap_height
    squeeze, tracking = (0.8, -40.0) if rank == "10" else (1.0, 0.0)
    baseline = INDEX_TOP + corner.cap
    path = font.text_path(rank, INDEX_LEFT, baseline, size, squeeze, tracking)
    width = font.text_width(rank, size, squeeze, tracking)
    suit_x = INDEX_LEFT + width + 4 + corner.suit * 0.46
    mark = path + " " + suit(card.suit, suit_x, INDEX_TOP + corner.cap / 2, corner.suit)
    return place(mark, CARD_W, CARD_H, turned=True) if turned else mark


def pips(card: Card) -> list[str]:
    """Pips laid out as on real cards; those in the lower half are turned over."""
    out = []
    for column, fraction in PIP_LAYOUTS[card.rank]:
        y = PIP_TOP + (PIP_BOTTOM - PIP_TOP) * fraction
        size = PIP_CROWDED if card.rank >= 9 else PIP
        out.append(suit(card.suit, PIP_COLUMNS[column], y, size, upside_down=fraction > 0.5))
    return out


# Court cards: a double-ended bust in a frame that has the two index corners cut out, so
# the figure can be large. The top half is drawn with the centre line at y=0 and the head
# upwards, moved a little right (away from the index); the bottom half is it turned over.
FRAME = (22.0, 22.0, CARD_W - 22.0, CARD_H - 22.0)
NOTCH_HEIGHT = INDEX_TOP + INDEX_CAP + 20 - 22.0
COURT_SCALE = 1.25
COURT_SHIFT = 14.0


def _notched(x0: float, y0: float, x1: float, y1: float, notch_w: float, notch_h: float) -> str:
    """A box with its top-left and bottom-right corners cut out (where the indices sit)."""
    return (f"M{num(x0 + notch_w)},{num(y0)} H{num(x1)} V{num(y1 - notch_h)} H{num(x1 - notch_w)} "
            f"V{num(y1)} H{num(x0)} V{num(y0 + notch_h)} H{num(x0 + notch_w)} Z")


def court(ink: Ink, card: Card, scheme: str, notch_w: float, notch_h: float = NOTCH_HEIGHT) -> None:
    """Jack, queen or king: a framed double-ended figure in the suit's colours."""
    colour = SUIT_COLOURS[scheme][card.suit]
    accent = ACCENTS[scheme][card.suit]
    x0, y0, x1, y1 = FRAME
    cx, cy = CARD_W / 2, CARD_H / 2
    ink.add(fill("#f7eed6", f' stroke="{colour}" stroke-width="1.8" stroke-linejoin="round"'),
            _notched(x0, y0, x1, y1, notch_w, notch_h))
    for style, d in _court_half(card, colour, accent):
        top = place(d, cx + COURT_SHIFT, cy, COURT_SCALE)
        bottom = place(d, cx - COURT_SHIFT, cy, COURT_SCALE, turned=True)
        ink.add(style, top + " " + bottom)
    ink.add(stroke(GOLD, 2), f"M{num(x0 + 1)},{num(cy)} H{num(x1 - 1)}")
    ink.add(stroke(GOLD, 1.2), _notched(x0 + 4, y0 + 4, x1 - 4, y1 - 4, notch_w, notch_h))


def _court_half(card: Card, colour: str, accent: str) -> list[tuple[str, str]]:
    """One half of a court figure as (style, path data), centre line at y=0, head up."""
    outline = f' stroke="{GOLD_DARK}" stroke-width="1.2" stroke-linejoin="round"'
    king, queen = card.rank == 13, card.rank == 12
    out: list[tuple[str, str]] = [
        # robe over the shoulders
        (fill(colour), "M-58,0 L-56,-24 C-54,-37 -40,-43 -22,-45 L22,-45 C40,-43 54,-37 56,-24 L58,0 Z"),
    ]
    if king:  # an ermine stole either side of the placket
        out.append((fill("#fbf8ef"), box(-22, -45, 12, 45) + " " + box(10, -45, 12, 45)))
        spots = " ".join(f"M{x},{y - 3.5} L{x + 2.2},{y + 2} L{x - 2.2},{y + 2} Z"
                         for x in (-16, 16) for y in (-34, -20, -6))
        out.append((fill("#1d1d21"), spots))
    elif queen:  # gold brocade on the gown
        dots = " ".join(circle(x, y, 1.6) for x in (-44, -32, 32, 44) for y in (-26, -14, -2)
                        if not (abs(x) == 44 and y == -26))
        out.append((fill(GOLD), dots))
    else:  # chevrons on the tunic
        out.append((stroke(GOLD, 3), " ".join(f"M-48,{y + 5} L-16,{y - 3} M16,{y - 3} L48,{y + 5}"
                                              for y in (-30, -18, -6))))
    out.append((fill(GOLD), box(-6, -44, 12, 44)))
    out.append((fill(accent, outline), "M-24,-45 L0,-24 L24,-45 Z"))
    if queen:  # a pearl necklace
        pearls = []
        for i in range(9):
            angle = math.pi * (0.15 + 0.7 * i / 8)
            pearls.append(circle(-26 * math.cos(angle), -44 + 16 * math.sin(angle), 2.6))
        out.append((fill("#fbf8ef", f' stroke="{GOLD_DARK}" stroke-width="0.6"'), " ".join(pearls)))
    out.append((fill(SKIN), box(-6, -52, 12, 10)))
    if queen:  # hair behind the head
        out.append((fill("#6b3a1e"), "M-15,-58 C-17,-78 17,-78 15,-58 C16,-50 20,-44 22,-40 L-22,-40 "
                    "C-20,-44 -16,-50 -15,-58 Z"))
    out.append((fill(SKIN, f' stroke="{SKIN_LINE}" stroke-width="1"'), ellipse(0, -60, 12.5, 14.5)))
    out.append((fill(SKIN_LINE), circle(-4.6, -61, 1.4) + " " + circle(4.6, -61, 1.4)))
    if king:  # beard
        out.append((fill("#e9e3d6", ' stroke="#9a9284" stroke-width="0.8"'),
                    "M-12.5,-60 C-12,-44 -5,-38 0,-37 C5,-38 12,-44 12.5,-60 C9,-52 5,-55 0,-54 "
                    "C-5,-55 -9,-52 -12.5,-60 Z"))
    elif queen:
        out.append((stroke(SKIN_LINE, 0.9), "M-3,-53.5 Q0,-51.5 3,-53.5"))
    else:  # short hair fringe
        out.append((fill("#4a2f1a"), "M-12.5,-62 C-13,-72 -6,-75 0,-75 C6,-75 13,-72 12.5,-62 "
                    "C8,-67 -8,-67 -12.5,-62 Z"))
    # headwear
    if king:
        out.append((fill(GOLD, outline), "M-15,-70 L-18,-91 L-8,-80 L0,-94 L8,-80 L18,-91 L15,-70 Z"))
        out.append((fill(accent, outline), box(-15.5, -74, 31, 5)))
        out.append((fill("#fbf8ef", outline), " ".join(circle(x, y, 2.4) for x, y in ((-18, -91), (0, -94),
                                                                                      (18, -91)))))
    elif queen:
        out.append((fill(GOLD, outline), "M-14,-70 C-15,-77 -10,-82 -6,-78 C-4,-86 4,-86 6,-78 "
                    "C10,-82 15,-77 14,-70 Z"))
        out.append((fill(accent), " ".join(circle(x, y, 2) for x, y in ((-9, -80), (0, -86), (9, -80)))))
    else:
        out.append((fill(accent, outline), "M-16,-68 C-19,-80 -6,-87 6,-85 C16,-83 20,-76 16,-68 "
                    "C6,-72 -6,-72 -16,-68 Z"))
        out.append((fill(GOLD, outline), "M10,-80 C18,-92 28,-94 34,-92 C26,-90 19,-85 13,-76 Z"))
    # what the figure holds, at its side
    hx = 54
    if king:  # a sceptre with an orb
        out.append((stroke(GOLD_DARK, 4.5), f"M{hx},-6 V-74"))
        out.append((stroke(GOLD, 2.5), f"M{hx},-6 V-74"))
        out.append((fill(GOLD, outline), circle(hx, -79, 5.5)))
        out.append((stroke(GOLD_DARK, 1.6), f"M{hx},-85 V-92 M{hx - 3},-89 H{hx + 3}"))
    elif queen:  # a flower
        out.append((stroke(GOLD_DARK, 2), f"M{hx},-8 C{hx - 3},-30 {hx + 3},-45 {hx},-62"))
        petals = [circle(hx + 6 * math.cos(a), -68 + 6 * math.sin(a), 4.6)
                  for a in (2 * math.pi * i / 5 - math.pi / 2 for i in range(5))]
        out.append((fill(accent), " ".join(petals)))
        out.append((fill(GOLD), circle(hx, -68, 3.4)))
    else:  # a halberd
        out.append((stroke("#5a3d22", 3), f"M{hx},-4 V-80"))
        out.append((fill("#c9ccd2", ' stroke="#5d6068" stroke-width="1"'),
                    f"M{hx},-95 L{hx + 5},-82 L{hx},-78 L{hx - 5},-82 Z M{hx},-76 C{hx + 10},-76 {hx + 13},-70 "
                    f"{hx + 12},-63 C{hx + 8},-67 {hx + 4},-68 {hx},-68 Z"))
    out.append((fill(SKIN, f' stroke="{SKIN_LINE}" stroke-width="0.8"'), circle(hx, -30, 5)))
    # the suit, large, on the other side
    out.append((fill(colour), suit(card.suit, -70, -52, 30)))
    return out


def card_svg(font: FontOutlines, card: Card, scheme: str, corner: Corner = NORMAL) -> str:
    """The SVG text of one card face in a colour scheme, with normal or large corners."""
    colour = SUIT_COLOURS[scheme][card.suit]
    ink = Ink()
    if card.rank == 1:  # one large pip on a faint larger echo of itself
        ink.add(fill(colour, ' fill-opacity="0.09"'), suit(card.suit, CARD_W / 2, CARD_H / 2, 156))
        ink.add(fill(colour), suit(card.suit, CARD_W / 2, CARD_H / 2, 112))
    elif card.rank <= 10:
        ink.add(fill(colour), " ".join(pips(card)))
    else:
        size = corner.cap * font.units_per_em / font.cap_height
        widest = max(font.text_width(rank, size) for rank in "JQK")
        court(ink, card, scheme, notch_w=widest + corner.suit + 6, notch_h=corner.notch_height)
    ink.add(fill(colour), index_mark(font, card, turned=False, corner=corner))
    ink.add(fill(colour), index_mark(font, card, turned=True, corner=corner))
    return svg_document(CARD_W, CARD_H, [*card_blank(corner), INK_MARK, *ink.elements()])


# --- backs ---------------------------------------------------------------------------------

BACK_MARGIN = 11.0


def _back_frame(ground: str, line: str) -> tuple[list[str], tuple[float, float, float, float]]:
    """White card stock with a coloured panel; returns the panel's inner box for patterns."""
    m = BACK_MARGIN
    body = [
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="{CORNER}" fill="{FACE_TOP}" '
        f'stroke="{EDGE}" stroke-width="2"/>',
        f'<rect x="{m}" y="{m}" width="{num(CARD_W - 2 * m)}" height="{num(CARD_H - 2 * m)}" rx="7" '
        f'fill="{ground}"/>',
    ]
    return body, (m + 6, m + 6, CARD_W - m - 6, CARD_H - m - 6)


def _clip_line(x: float, y: float, dx: float, dy: float,
               box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """Clip the infinite line through (x, y) with direction (dx, dy) to a box (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    lo, hi = -1e9, 1e9
    for p, q0, q1 in ((dx, x0 - x, x1 - x), (dy, y0 - y, y1 - y)):
        if p == 0:
            if q0 > 0 or q1 < 0:
                return None
            continue
        a, b = sorted((q0 / p, q1 / p))
        lo, hi = max(lo, a), min(hi, b)
    if lo >= hi:
        return None
    return x + dx * lo, y + dy * lo, x + dx * hi, y + dy * hi


def _medallion(cx: float, cy: float, ground: str, emblem: str) -> str:
    return (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="40" fill="{ground}" stroke="{GOLD}" stroke-width="3"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="34" fill="none" stroke="{GOLD}" stroke-width="1"/>'
            + emblem)


def _tower(cx: float, cy: float, colour: str) -> str:
    """A small crenellated tower: the Seahaven towers."""
    d = (f"M{num(cx - 13)},{num(cy + 24)} L{num(cx - 10)},{num(cy - 10)} L{num(cx - 14)},{num(cy - 10)} "
         f"L{num(cx - 14)},{num(cy - 22)} L{num(cx - 8)},{num(cy - 22)} L{num(cx - 8)},{num(cy - 17)} "
         f"L{num(cx - 3)},{num(cy - 17)} L{num(cx - 3)},{num(cy - 22)} L{num(cx + 3)},{num(cy - 22)} "
         f"L{num(cx + 3)},{num(cy - 17)} L{num(cx + 8)},{num(cy - 17)} L{num(cx + 8)},{num(cy - 22)} "
         f"L{num(cx + 14)},{num(cy - 22)} L{num(cx + 14)},{num(cy - 10)} L{num(cx + 10)},{num(cy - 10)} "
         f"L{num(cx + 13)},{num(cy + 24)} Z")
    door = (f"M{num(cx - 4)},{num(cy + 24)} L{num(cx - 4)},{num(cy + 14)} "
            f"A4,4 0 0 1 {num(cx + 4)},{num(cy + 14)} L{num(cx + 4)},{num(cy + 24)} Z")
    window = f"M{num(cx - 2)},{num(cy - 2)} h4 v8 h-4 Z"
    waves = "".join(
        f'<path fill="none" stroke="{colour}" stroke-width="2" stroke-linecap="round" '
        f'd="M{num(cx - 24)},{num(cy + y)} q6,-5 12,0 t12,0 t12,0 t12,0"/>'
        for y in (29,)
    )
    return (f'<path fill="{colour}" d="{d}"/><path fill="#000000" fill-opacity="0.4" d="{door} {window}"/>' + waves)


def back_svg(style: int) -> str:
    """Card back ``style``: 0 is a navy lattice, 1 a burgundy sea of waves."""
    if style == 0:
        ground, line_colour = "#1f3a6b", "#5577b5"
        body, box = _back_frame(ground, line_colour)
        step = 15.0
        segments = []
        for k in range(-40, 41):
            for dx in (1.0, -1.0):
                clip = _clip_line(CARD_W / 2 + k * step, CARD_H / 2, dx, 1.0, box)
                if clip:
                    segments.append(f"M{num(clip[0])},{num(clip[1])} L{num(clip[2])},{num(clip[3])}")
        body.append(f'<path fill="none" stroke="{line_colour}" stroke-width="1.3" d="{" ".join(segments)}"/>')
        dots = "".join(
            f'<circle cx="{num(CARD_W / 2 + i * step)}" cy="{num(CARD_H / 2 + j * step)}" r="1.7"/>'
            for i in range(-7, 8) for j in range(-10, 11)
            if (i + j) % 2 == 0 and box[0] + 3 < CARD_W / 2 + i * step < box[2] - 3
            and box[1] + 3 < CARD_H / 2 + j * step < box[3] - 3
        )
        body.append(f'<g fill="#9fb6e0">{dots}</g>')
        star = []
        for i in range(16):
            a = math.pi * i / 8 - math.pi / 2
            r = 28 if i % 2 == 0 else 10
            if i % 4 == 2:
                r = 19
            star.append(f"{num(CARD_W / 2 + r * math.cos(a))},{num(CARD_H / 2 + r * math.sin(a))}")
        emblem = f'<polygon fill="{GOLD}" points="{" ".join(star)}"/>'
        body.append(_medallion(CARD_W / 2, CARD_H / 2, ground, emblem))
    else:
        ground, line_colour = "#7a1f2f", "#b3566a"
        body, box = _back_frame(ground, line_colour)
        x0, y0, x1, y1 = box
        r = 11.0
        count = int((x1 - x0) // (2 * r))
        x0 = (CARD_W - count * 2 * r) / 2
        rows = []
        y = y0 + r
        row = 0
        while y + 2 < y1:
            shift = r if row % 2 else 0.0
            arcs = []
            for i in range(count + 1):
                sx = x0 - shift + i * 2 * r
                a, b = max(sx, x0), min(sx + 2 * r, x0 + count * 2 * r)
                if b - a < 2 * r - 0.01:
                    continue
                arcs.append(f"M{num(a)},{num(y)} A{num(r)},{num(r)} 0 0 1 {num(b)},{num(y)}")
            rows.append(" ".join(arcs))
            y += r * 0.9
            row += 1
        body.append(f'<path fill="none" stroke="{line_colour}" stroke-width="1.6" d="{" ".join(rows)}"/>')
        body.append(_medallion(CARD_W / 2, CARD_H / 2, ground, _tower(CARD_W / 2, CARD_H / 2 - 3, GOLD)))
    body.append(f'<rect x="{num(box[0] - 3)}" y="{num(box[1] - 3)}" width="{num(box[2] - box[0] + 6)}" '
                f'height="{num(box[3] - box[1] + 6)}" rx="5" fill="none" stroke="{GOLD}" stroke-width="1.5"/>')
    return svg_document(CARD_W, CARD_H, body)


BACK_STYLES = 2


# --- markers, highlight, icons -------------------------------------------------------------


def marker_svg(font: FontOutlines, kind: str) -> str:
    """Empty-pile marker on the felt: a soft outline, with the suit or a "K" where it helps."""
    body = [
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="{CORNER}" fill="#ffffff" '
        'fill-opacity="0.07" stroke="#ffffff" stroke-opacity="0.45" stroke-width="4"/>',
    ]
    if kind.startswith("found-"):
        body.append(f'<path fill="#ffffff" fill-opacity="0.32" d="{suit(kind[-1], CARD_W / 2, CARD_H / 2, 120)}"/>')
        size = 40 * font.units_per_em / font.cap_height
        path = font.text_path("A", 24, 24 + 40, size)
        body.append(f'<path fill="#ffffff" fill-opacity="0.32" d="{path}"/>')
    elif kind == "column":
        cap = 110.0
        size = cap * font.units_per_em / font.cap_height
        width = font.text_width("K", size)
        left = font.bounds("K")[0] * size / font.units_per_em
        path = font.text_path("K", CARD_W / 2 - (width + left) / 2, CARD_H / 2 + cap / 2, size)
        body.append(f'<path fill="#ffffff" fill-opacity="0.28" d="{path}"/>')
    elif kind != "cell":
        raise ValueError(f"unknown marker {kind!r}")
    return svg_document(CARD_W, CARD_H, body)


MARKERS = ("cell", "column", "found-C", "found-D", "found-H", "found-S")


def highlight_svg() -> str:
    """Selection glow drawn over a card: a gold edge that fades inwards."""
    body = []
    for inset, width, opacity in ((13, 18, 0.10), (8, 10, 0.22), (3.5, 5, 0.95)):
        body.append(f'<rect x="{num(inset)}" y="{num(inset)}" width="{num(CARD_W - 2 * inset)}" '
                    f'height="{num(CARD_H - 2 * inset)}" rx="{num(max(CORNER - inset + 3, 3))}" fill="none" '
                    f'stroke="#ffc93c" stroke-opacity="{num(opacity)}" stroke-width="{num(width)}"/>')
    body.insert(0, f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="{CORNER}" '
                   'fill="#ffd75e" fill-opacity="0.12"/>')
    return svg_document(CARD_W, CARD_H, body)


def _arc_point(cx: float, cy: float, r: float, degrees: float) -> str:
    a = math.radians(degrees)
    return f"{num(cx + r * math.cos(a))},{num(cy + r * math.sin(a))}"


ICON_STROKE = 'fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'

ICONS: dict[str, str] = {
    "new": f'<rect x="5" y="2.5" width="14" height="19" rx="2.2" {ICON_STROKE}/>'
    f'<path {ICON_STROKE} d="M12,8.5 V15.5 M8.5,12 H15.5"/>',
    "restart": f'<path {ICON_STROKE} d="M{_arc_point(12, 12, 8, -50)} A8,8 0 1 0 {_arc_point(12, 12, 8, -10)}"/>'
    f'<path {ICON_STROKE} d="M{_arc_point(12, 12, 8, -50)} l-0.2,-4.6 M{_arc_point(12, 12, 8, -50)} l-4.4,1"/>'
    '<circle cx="12" cy="12" r="1.8" fill="#ffffff"/>',
    "undo": f'<path {ICON_STROKE} d="M8.5,4.5 L4,9 L8.5,13.5 M4,9 H14.5 A5.5,5.5 0 0 1 14.5,20 H10"/>',
    "redo": f'<path {ICON_STROKE} d="M15.5,4.5 L20,9 L15.5,13.5 M20,9 H9.5 A5.5,5.5 0 0 0 9.5,20 H14"/>',
    "hint": f'<path {ICON_STROKE} d="M9,17 C9,14.5 6,13 6,9 A6,6 0 0 1 18,9 C18,13 15,14.5 15,17 Z '
    f'M9.5,20 H14.5 M10.5,22.5 H13.5"/>',
    "help": f'<circle cx="12" cy="12" r="9.5" {ICON_STROKE}/>'
    f'<path {ICON_STROKE} d="M9.2,9.4 A2.9,2.9 0 1 1 13.4,11.9 C12.5,12.4 12,13 12,14"/>'
    '<circle cx="12" cy="17.4" r="1.25" fill="#ffffff"/>',
    "menu": f'<path {ICON_STROKE} d="M4,6.5 H20 M4,12 H20 M4,17.5 H20"/>',
    "fullscreen": f'<path {ICON_STROKE} d="M3.5,9 V3.5 H9 M15,3.5 H20.5 V9 M20.5,15 V20.5 H15 M9,20.5 H3.5 V15"/>',
}
"""Toolbar icons: white line drawings on a 24-unit grid (tint them when blitting)."""


def icon_svg(name: str) -> str:
    """One toolbar icon as an SVG file."""
    return svg_document(24, 24, [ICONS[name]])


# --- writing -------------------------------------------------------------------------------


def all_sprites() -> dict[str, str]:
    """Every sprite file, relative path -> SVG text."""
    font = FontOutlines(FONT_PATH)
    files: dict[str, str] = {}
    for scheme in SCHEMES:
        for card in DECK:
            for suffix, corner in (("", NORMAL), (LARGE, BIG)):
                text = card_svg(font, card, scheme, corner)
                if files.get(f"cards/{SCHEMES[0]}{suffix}/{card}.svg") == text:
                    continue  # a four-colour face the same as the classic one (hearts, spades): written once
                files[f"cards/{scheme}{suffix}/{card}.svg"] = text
    for style in range(BACK_STYLES):
        files[f"backs/back-{style}.svg"] = back_svg(style)
    for kind in MARKERS:
        files[f"markers/{kind}.svg"] = marker_svg(font, kind)
    for name in ICONS:
        files[f"icons/{name}.svg"] = icon_svg(name)
    files["highlight.svg"] = highlight_svg()
    return files


def write_sprites(out: Path) -> list[Path]:
    """Write every sprite under ``out`` and return the paths written."""
    written = []
    for relative, text in all_sprites().items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    """Command line: regenerate the sprites."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sprites", help="folder to write into")
    args = parser.parse_args(argv)
    written = write_sprites(args.out)
    print(f"wrote {len(written)} files to {args.out}")


assert set(SUITS) == set(SUIT_PATHS)

if __name__ == "__main__":
    main()
