"""The replay's strip of marks (issue 38): one mark per move of an analysed game, in a band
between the board and the status line, with the summary line above it.

Each mark's shape says what its move was, its colour (from the theme) says it again: a dot
kept the game winnable, a filled diamond is a critical moment found, a hollow diamond with a
cross one missed, a cross the move that lost the game, a dash a move after the loss, a ring
a move the solver could not decide, a speck one not analysed yet. The mark of the move about
to be played from the board shown is framed. A game too long for the window's width shows
the part around that mark, with an arrow at each end to see the rest.

The geometry is pure (:func:`analysis_band`, :func:`strip_view`: a function of the window's
size and the number of moves, so a test on a real window finds each mark as the screen does);
:class:`AnalysisStrip` keeps what is shown (the first mark in view) and the press on it (the
widget kit's press machine), and draws. The replay screen hosts it: it says what a press asks
for and the screen acts.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

import pygame

from seahaven.app.board.layout import Layout, compute_layout
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.press import Outcome, Presses
from seahaven.app.looks.box import Box
from seahaven.app.looks.theme import Colour, Theme
from seahaven.engine import Position
from seahaven.engine.analysis import Judgement

Target = int | str
"""What a press on the strip is on: a mark (the 0-based index of its move) or an arrow
(:data:`EARLIER`, :data:`LATER`)."""
EARLIER = "earlier"
LATER = "later"
SUPERSAMPLE = 4
"""Marks are drawn this many times larger and smoothed down (pygame draws no smooth shapes)."""


@dataclass(frozen=True, slots=True)
class Band:
    """Where the analysis goes in a window: the room it takes from the board, the summary
    line, the row of marks, and the status line under them."""

    room: int
    """Pixels the board gives up at the bottom of the window."""
    line: Box
    """The summary line (or the mark under the pointer, in words)."""
    strip: Box
    """The row of marks, arrows included."""
    status: Box
    mark: int
    """A mark's size in pixels."""
    text_px: int

    @property
    def box(self) -> Box:
        """The whole band, the line and the row of marks."""
        return Box(0, self.line.y, self.status.w, self.status.y - self.line.y)


@functools.lru_cache(maxsize=8)
def analysis_band(size: tuple[int, int]) -> Band:
    """The band of a window of ``size``, sized from the window's shorter side as the status
    line is, just above the status line the board's layout gives the window."""
    w, h = size
    unit = min(64.0, max(26.0, min(w, h) * 0.036))
    mark = round(unit * 0.75)
    strip_h = round(mark * 1.4)
    text_px = max(11, round(unit * 0.46))
    line_h = round(text_px * 1.6)
    pad = max(3, round(unit / 8))
    room = line_h + strip_h + pad
    status = compute_layout(w, h, 4).status
    margin = max(8, status.h // 2)
    strip = Box(margin, status.y - pad // 2 - strip_h, w - 2 * margin, strip_h)
    line = Box(margin, strip.y - line_h, w - 2 * margin, line_h)
    return Band(room, line, strip, status, mark, text_px)


def above_band(layout: Layout, band: Band) -> Layout:
    """``layout`` (the whole window's, as the table has it) with its piles' lanes ending
    above the band, the cards as large as they were: their columns fan closer where they
    must (:meth:`Layout.fits` says whether every index still shows)."""
    gap = max(2, layout.status.y - layout.table_bottom)
    bottom = min(layout.table_bottom, band.box.y - gap)
    lanes = {pile: lane if lane.bottom <= bottom else Box(lane.x, lane.y, lane.w, max(0, bottom - lane.y))
             for pile, lane in layout.lanes.items()}
    return replace(layout, lanes=lanes, table_bottom=bottom)


def shortened(layout: Layout, band: Band) -> Layout:
    """``layout`` (made for the window less the band's room: its cards smaller) as the whole
    window's: its felt and its status line reach the window's bottom, its piles keep their
    places above the band."""
    return replace(layout, size=(band.status.w, band.status.bottom), status=band.status)


def board_layout_with_band(full: Layout, smaller: Layout | None, band: Band, position: Position) -> Layout:
    """The board's geometry with the band: the table's own (``full``) with its lanes ending
    above the band when the position still fits there, so the cards keep their size (a new
    size would mean every face drawn again); else ``smaller`` (the layout of the window less
    the band's room) made whole."""
    cut = above_band(full, band)
    if cut.fits(position) or smaller is None:
        return cut
    return shortened(smaller, band)


@dataclass(frozen=True, slots=True)
class StripView:
    """The marks shown in a row: ``shown`` of ``count`` from ``first``, ``pitch`` pixels apart
    from ``x0``; the arrows (None when every mark shows)."""

    row: Box
    count: int
    first: int
    shown: int
    pitch: float
    x0: float
    mark: int
    earlier: Box | None = None
    later: Box | None = None

    def slot(self, index: int) -> Box | None:
        """Where mark ``index`` is drawn (None: out of view)."""
        if not self.first <= index < self.first + self.shown:
            return None
        left = self.x0 + (index - self.first) * self.pitch
        x = math.floor(left)
        return Box(x, self.row.y, math.floor(left + self.pitch) - x, self.row.h)

    def at(self, x: float, y: float) -> Target | None:
        """The mark or the arrow at a point, or None."""
        if not self.row.contains(x, y):
            return None
        for name, box in ((EARLIER, self.earlier), (LATER, self.later)):
            if box is not None and box.contains(x, y):
                return name
        if not self.shown or x < self.x0:
            return None
        index = self.first + int((x - self.x0) // self.pitch)
        return index if self.first <= index < self.first + self.shown else None


def strip_view(row: Box, count: int, mark: int, first: int = 0) -> StripView:
    """The marks of ``count`` moves in ``row``: all of them, as wide as the row allows up to
    twice a mark (centred), or, when a mark would be narrower than four fifths of one,
    the part from ``first`` (clamped) between two arrows."""
    if count <= 0:
        return StripView(row, 0, 0, 0, 0.0, float(row.x), mark)
    least, most = max(8.0, mark * 0.8), mark * 2.0
    pitch = row.w / count
    if pitch >= least:
        pitch = min(pitch, most)
        return StripView(row, count, 0, count, pitch, row.x + (row.w - pitch * count) / 2, mark)
    arrow = max(mark, 12)
    gap = max(2, mark // 4)
    inner = row.w - 2 * (arrow + gap)
    shown = max(1, int(inner // least))
    first = max(0, min(count - shown, first))
    earlier = Box(row.x, row.y, arrow, row.h)
    later = Box(row.right - arrow, row.y, arrow, row.h)
    return StripView(row, count, first, shown, inner / shown, float(row.x + arrow + gap), mark, earlier, later)


def follow(view: StripView, current: int) -> int:
    """The first mark to show so that mark ``current`` is in view, a few marks from either
    end (``view``'s own first when it already is)."""
    if view.shown >= view.count or current < 0:
        return view.first
    margin = min(view.shown // 5, 6)
    first = view.first
    if current < first + margin:
        first = current - margin
    elif current >= first + view.shown - margin:
        first = current - view.shown + margin + 1
    return max(0, min(view.count - view.shown, first))


# == the marks' shapes ============================================================================
def mark_colour(theme: Theme, judgement: Judgement | None) -> Colour:
    """The theme's colour of a mark."""
    if judgement is Judgement.KEPT:
        return theme.mark_kept
    if judgement is Judgement.FOUND:
        return theme.mark_found
    if judgement in (Judgement.MISSED, Judgement.LOST_IT):
        return theme.mark_lost
    return theme.mark_dim


@functools.lru_cache(maxsize=64)
def mark_picture(judgement: Judgement | None, size: int, colour: Colour, scale: float) -> pygame.Surface:
    """A mark's shape, ``size`` pixels square, smooth (drawn larger, then scaled down);
    ``scale`` thickens its lines (the high-contrast table's)."""
    big = size * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    line = max(SUPERSAMPLE * 2, round(big * 0.12 * scale))

    def diamond(r: float) -> list[tuple[float, float]]:
        return [(c, c - r), (c + r, c), (c, c + r), (c - r, c)]

    def cross(r: float, width: int) -> None:
        pygame.draw.line(surface, colour, (c - r, c - r), (c + r, c + r), width)
        pygame.draw.line(surface, colour, (c - r, c + r), (c + r, c - r), width)

    if judgement is Judgement.KEPT:
        pygame.draw.circle(surface, colour, (c, c), big * 0.22)
    elif judgement is Judgement.FOUND:
        pygame.draw.polygon(surface, colour, diamond(big * 0.46))
    elif judgement is Judgement.MISSED:
        pygame.draw.polygon(surface, colour, diamond(big * 0.47), line)
        cross(big * 0.15, line)
    elif judgement is Judgement.LOST_IT:
        cross(big * 0.34, round(line * 1.4))
    elif judgement is Judgement.AFTER_LOSS:
        h = max(SUPERSAMPLE * 2, round(line * 0.9))
        pygame.draw.rect(surface, colour, (c - big * 0.24, c - h / 2, big * 0.48, h))
    elif judgement is Judgement.UNKNOWN:
        pygame.draw.circle(surface, colour, (c, c), big * 0.32, max(round(SUPERSAMPLE * 1.5), round(line * 0.6)))
    else:
        pygame.draw.circle(surface, colour, (c, c), max(SUPERSAMPLE * 1.5, big * 0.07))
    return pygame.transform.smoothscale(surface, (size, size))


def draw_mark(surface: pygame.Surface, theme: Theme, judgement: Judgement | None, box: Box, size: int) -> None:
    """One mark, ``size`` pixels, centred in ``box``."""
    picture = mark_picture(judgement, size, mark_colour(theme, judgement), theme.outline_scale)
    cx, cy = box.center
    surface.blit(picture, (round(cx - size / 2), round(cy - size / 2)))


def draw_arrow(surface: pygame.Surface, colour: Colour, box: Box, left: bool) -> None:
    """A scroll arrow: a chevron pointing ``left`` or right, centred in ``box``."""
    cx, cy = box.center
    r = min(box.w, box.h) * 0.28
    dx = -r / 2 if left else r / 2
    points = [(cx - dx, cy - r), (cx + dx, cy), (cx - dx, cy + r)]
    pygame.draw.lines(surface, colour, False, points, max(2, round(r / 3)))


class AnalysisStrip:
    """The strip on show: which part of a long game is in view, and the press on a mark or
    an arrow (the kit's press machine: a press and its release on the same mark presses it)."""

    def __init__(self) -> None:
        self.first = 0
        """The first mark in view (a long game shows a part of its marks)."""
        self.presses: Presses[Target] = Presses()

    @property
    def hover(self) -> Target | None:
        return self.presses.hover

    @property
    def pressed(self) -> Target | None:
        return self.presses.pressed

    def view(self, band: Band, count: int) -> StripView:
        return strip_view(band.strip, count, band.mark, self.first)

    def follow(self, band: Band, count: int, current: int) -> None:
        """Bring mark ``current`` (the move from the board shown) into view."""
        self.first = follow(self.view(band, count), current)

    def scroll(self, band: Band, count: int, pages: int) -> None:
        """Show the marks ``pages`` views further on (back when negative)."""
        view = self.view(band, count)
        step = max(1, view.shown - max(1, view.shown // 8))
        self.first = strip_view(band.strip, count, band.mark, self.first + pages * step).first

    def feed(self, pointer: Pointer, band: Band, count: int) -> Outcome[Target] | None:
        """A pointer event that belongs to the strip: what it came to (the host acts on an
        "activate")."""
        view = self.view(band, count)
        return self.presses.feed(pointer, view.at(*pointer.pos))

    def reset(self) -> None:
        self.presses.reset()

    def draw(self, surface: pygame.Surface, theme: Theme, band: Band, judgements: list[Judgement | None],
             current: int | None) -> None:
        """The marks in view (``judgements``: each move's, None while not known), the
        ``current`` one framed, the one under the pointer lit, and the arrows."""
        view = self.view(band, len(judgements))
        radius = max(2, band.mark // 5)
        lit = self.hover if self.pressed is None else self.pressed
        for index in range(view.first, view.first + view.shown):
            box = view.slot(index)
            if box is None:
                continue
            if index == lit:
                pygame.draw.rect(surface, theme.button_hover, pygame.Rect(box).inflate(-2, -2), border_radius=radius)
            size = min(band.mark, max(6, math.floor(view.pitch)))
            draw_mark(surface, theme, judgements[index], box, size)
        if current is not None:
            box = view.slot(current)
            if box is not None:
                frame = pygame.Rect(box)
                frame.inflate_ip(max(0, band.mark - frame.w + 4), 0)
                pygame.draw.rect(surface, theme.selection, frame, width=theme.line(2), border_radius=radius)
        for name, box, left, more in ((EARLIER, view.earlier, True, view.first > 0),
                                      (LATER, view.later, False, view.first + view.shown < view.count)):
            if box is None:
                continue
            if more and name == lit:
                pygame.draw.rect(surface, theme.button_hover, pygame.Rect(box), border_radius=radius)
            draw_arrow(surface, theme.text if more else theme.button_text_off, box, left)
