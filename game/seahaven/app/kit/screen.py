"""A full-window screen (Help, Statistics, Settings, the daily deals): a title bar with a
Close button, optional tabs and a content column that scrolls.

Drawing is immediate: :meth:`Screen.paint` draws the content at the current scroll. The
same code lays the screen out: :meth:`Screen.layout` runs it on a one-pixel surface
(nothing is really drawn) to register the buttons (:class:`Hot`), which ``handle`` then
hit-tests, to measure the content and to keep the scroll inside it. Layout happens when
the window is resized, after input and in ``update`` whenever something changed; ``draw``
only paints. Sizes come from the one type scale (:attr:`Screen.scale`). A page taller
than the window shows a scroll bar and a "More below" button at its foot.

The layout registers what a screen reader reads too (:attr:`Screen.reading`): the words
:meth:`Screen.text` draws (and those a screen draws itself, through :meth:`Screen.read`)
and the buttons, in the order they are laid out; the accessibility tree makes its nodes of
them (``screens/table/accessible.py``), so a screen's words exist once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.kit import scroll
from seahaven.app.kit.focus import FocusRing
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.nav_keys import nav
from seahaven.app.kit.press import Presses
from seahaven.app.kit.scenes import Scene
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import button_face, row_px, wrap
from seahaven.app.looks.theme import Colour
from seahaven.app.looks.type_scale import TypeScale, type_scale
from seahaven.i18n import _

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App


@dataclass
class Hot:
    """A pressable area drawn this frame, in window pixels."""

    rect: pygame.Rect
    action: Callable[[], None] | None = None
    key: str = ""
    """Identity for the keyboard focus; empty for areas the keyboard does not visit."""
    left: Callable[[], None] | None = None
    right: Callable[[], None] | None = None
    label: str = ""
    """Its words, for a screen reader (the tree leaves out an area without any)."""
    selected: bool | None = None
    """Shown as the chosen one (a tab, a setting's value), for a screen reader; None: no such state."""


@dataclass(frozen=True)
class Said:
    """Words a screen shows, in reading order, for a screen reader: a heading or a paragraph."""

    text: str
    heading: bool = False
    rect: pygame.Rect | None = None
    """Where it is drawn (window pixels, at the scroll of the layout), to scroll it into view."""


@dataclass(frozen=True)
class Part:
    """One thing in a :class:`Group`: a pile of Help's example board ("list_item", with
    whether it is chosen, its place and its press) or a sentence about them ("paragraph")."""

    text: str
    role: str = "list_item"
    selected: bool | None = None
    rect: pygame.Rect | None = None
    action: Callable[[], None] | None = None
    """What a screen reader's press on it does (what a tap or a key does)."""


@dataclass(frozen=True)
class Group:
    """Things a screen shows together under one name, for a screen reader: Help's example
    board, named by its caption, holding its piles in the table's reading order."""

    label: str
    parts: tuple[Part, ...]


def paint_tabs(screen: Screen, surface: pygame.Surface, top: int) -> int:
    """The tabs, under the title bar from ``top``, on one row or as few as the window's
    width needs (:func:`tab_rows`); returns where the content starts."""
    u = screen.unit
    w = screen.size[0]
    theme = screen.theme
    row_h = round(u * 2.2)
    gap = u // 3
    widths = [min(w - u, screen.font(u, True).size(_(name))[0] + 2 * u) for name in screen.tabs]
    rows = tab_rows(widths, gap, w - u)
    tab_h = row_h + (len(rows) - 1) * (row_h - u // 4)
    pygame.draw.rect(surface, theme.band, (0, top, w, tab_h))
    y = top + u // 4
    for row in rows:
        total = sum(widths[i] for i in row) + (len(row) - 1) * gap
        x = max(u // 2, (w - total) // 2)
        for i in row:
            rect = pygame.Rect(x, y, widths[i], row_h - u // 2)
            screen.button(
                surface, rect, _(screen.tabs[i]), partial(screen.set_tab, i), key=f"tab{i}", on=(i == screen.tab),
                left=lambda: screen.set_tab(screen.tab - 1), right=lambda: screen.set_tab(screen.tab + 1),
            )
            x += widths[i] + gap
        y += row_h - u // 4
    pygame.draw.line(surface, theme.band_line, (0, top + tab_h - 1), (w, top + tab_h - 1))
    return top + tab_h


def tab_rows(widths: list[int], gap: int, room: int) -> list[list[int]]:
    """The tabs (by their widths) in rows no wider than ``room``: one row when they fit,
    else as few rows as fit, the tabs shared out evenly (3 and 2, not 4 and 1), in order."""
    count = len(widths)
    for rows in range(1, count + 1):
        per_row = -(-count // rows)
        split = [list(range(start, min(count, start + per_row))) for start in range(0, count, per_row)]
        if all(sum(widths[i] for i in row) + (len(row) - 1) * gap <= room for row in split):
            return split
    return [[i] for i in range(count)]


def is_tab(key: str) -> bool:
    """Whether a hot area's key is a tab's ("tab0", "tab1"; not a setting like "table")."""
    return key.startswith("tab") and key[3:].isdigit()


class Screen(Scene):
    """A full-window screen: title bar, Close button, tabs, scrolling content."""

    opaque = True
    title = ""
    tabs: tuple[str, ...] = ()

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.size: tuple[int, int] = (int(app.size[0]), int(app.size[1]))
        self.scroll = 0
        self.content_height = 0
        self.tab = 0
        self.hots: list[Hot] = []
        self.ring = FocusRing()
        self.presses: Presses[Hot] = Presses(same=_same_hot)
        """The one pointer machine: what is pressed and hovered, and whether a press scrolls."""
        self._press_scroll = 0
        self._captured = False
        self.viewport = pygame.Rect(0, 0, *self.size)
        self._first_content = 0
        self._measure = pygame.Surface((1, 1))
        self.measuring = False
        """True while :meth:`layout` runs the painting code to place things (the buttons
        are registered then, and only then)."""
        self.more: Hot | None = None
        """The "More below" button, while the page goes on below the window."""
        self.reading: list[Said | Hot | Group] = []
        """What the screen shows, in reading order (its words and its buttons), registered
        by the layout as the buttons are: the screen reader's view of it
        (``screens/table/accessible.py``)."""
        self.row_sizes: dict[tuple[int, int], int] = {}
        """The size of the words of each row of buttons (by the top and height the buttons
        side by side share), as the layout found them: the largest at which every word of
        the row fits (:func:`~seahaven.app.looks.render.row_px`), so a row is drawn at one size."""
        self._rows: dict[tuple[int, int], list[tuple[Box, str, int]]] = {}
        self.reading_at = -1
        """While a screen reader listens, Up and Down walk :attr:`reading` (headings,
        paragraphs, groups and controls, one at a time): the place in it (-1: not begun)."""

    # -- sizes -------------------------------------------------------------------------------
    @property
    def scale(self) -> TypeScale:
        """The type sizes for this window: the same in every screen and window."""
        return type_scale(self.size)

    @property
    def unit(self) -> int:
        """The body text size in pixels for this window (the scale's body size)."""
        return self.scale.body

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.app.painter.font(size, bold)

    def column(self) -> pygame.Rect:
        """The content column: centred, at most about 75 characters wide."""
        u = self.unit
        width = min(self.size[0] - 2 * u, 44 * u)
        return pygame.Rect((self.size[0] - width) // 2, self.viewport.y, width, self.viewport.h)

    # -- scene hooks -----------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.dirty = True
        self.layout()

    def update(self, dt: float) -> None:
        if self.dirty:
            self.layout()

    def layout(self) -> None:
        """Place the bar, the tabs and the content for the current size, page and scroll:
        register the buttons, measure the content and clamp the scroll into it."""
        self.measuring = True
        footer = 0
        asked = self.scroll
        try:
            for _attempt in range(4):  # again if the page needs the footer, or clamping moved the content
                self.hots = []
                self.reading = []
                self._rows = {}
                top = self.paint_bar(self._measure)
                self._first_content = len(self.hots)
                self.viewport = pygame.Rect(0, top, self.size[0], self.size[1] - top - footer)
                self.clamp_scroll()
                end = self.paint(self._measure, self.viewport.y + self.unit - self.scroll)
                self.content_height = end + self.scroll - self.viewport.y
                wanted = scroll.footer_height(self.unit) if self.max_scroll() > 0 else 0
                if wanted != footer:
                    footer = wanted  # a page that scrolls keeps a strip of its own for "More below"
                    self.scroll = asked  # clamped for the other viewport: clamp it again
                    continue
                if not self.clamp_scroll():
                    break
                self.dirty = True
        finally:
            self.measuring = False
        painter = self.app.painter
        self.row_sizes = {row: row_px(painter, [(box, label) for box, label, _px in buttons],
                                      min(px for _box, _label, px in buttons), bold=True)
                          for row, buttons in self._rows.items()}
        self.app.access.stale = True  # what a screen reader reads may have changed with it (no input needed)
        self.more = None
        if self.scroll < self.max_scroll():
            self.more = Hot(self.more_rect(), self.page_down)
            self.hots.append(self.more)

    def close(self) -> None:
        self.presses.reset()
        super().close()

    def handle(self, event: Any) -> None:
        self.react(event)
        if self.dirty:
            self.layout()

    def react(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event)

    def on_pointer(self, pointer: Pointer) -> None:
        if pointer.kind == "wheel":
            self.scroll_by(-int(pointer.scroll) * 3 * self.unit)
        else:
            self.pointer_event(pointer)
        if self.dirty:
            self.layout()

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        surface.fill(self.theme.background)
        self.paint_bar(surface)
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        self.paint(surface, self.viewport.y + self.unit - self.scroll)
        surface.set_clip(clip)
        scroll.paint_scrollbar(surface, self.theme, self.scrollbar())
        scroll.paint_more(surface, self.theme, self.font(self.unit, True), self.size, self.viewport, self.unit,
                          None if self.more is None else self.more.rect)
        self.paint_focus(surface)
        return None

    # -- painting --------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, y: int) -> int:
        """Draw the content from ``y`` down; return the y below it."""
        return y

    def paint_bar(self, surface: pygame.Surface) -> int:
        """The title bar (and the tabs): returns where the content starts."""
        u = self.unit
        w = self.size[0]
        bar_h = round(u * 2.6)
        theme = self.theme
        pygame.draw.rect(surface, theme.band, (0, 0, w, bar_h))
        pygame.draw.line(surface, theme.band_line, (0, bar_h - 1), (w, bar_h - 1))
        title = self.font(self.scale.title, True).render(_(self.title), True, theme.heading)
        surface.blit(title, (u, (bar_h - title.get_height()) // 2))
        # Translators: the button that closes a screen (Help, Statistics, Settings) and goes back to the table. About 10
        # characters.
        label = _("Close") + "  \u00d7"
        close_w = self.font(u, True).size(label)[0] + 2 * u
        close = pygame.Rect(w - close_w - u // 2, u // 3, close_w, bar_h - 2 * (u // 3))
        self.button(surface, close, label, self.close, key="close", read_as=_("Close"))
        top = bar_h
        if self.tabs:
            top = paint_tabs(self, surface, top)
        return top

    def scrollbar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, when the page is taller than the window."""
        return scroll.scrollbar(self.size, self.viewport, self.scroll, self.max_scroll(), self.content_height,
                                self.unit)

    def more_rect(self) -> pygame.Rect:
        return scroll.more_rect(self.font(self.unit, True), self.size, self.viewport, self.unit)

    def page_down(self) -> None:
        self.scroll_by(max(self.unit, self.viewport.h - 2 * self.unit))

    def paint_focus(self, surface: pygame.Surface) -> None:
        for hot in self.hots:
            if hot.key and hot.key == self.focus_key:
                width = self.theme.line(max(2, self.unit // 8))
                pygame.draw.rect(surface, self.theme.focus, hot.rect.inflate(6, 6), width=width,
                                 border_radius=max(4, self.unit // 3))

    def text(self, surface: pygame.Surface, text: str, x: int, y: int, width: int, *, size: int | None = None,
             colour: Colour | None = None, bold: bool = False, spacing: float = 1.25, reads: bool = True) -> int:
        """Draw ``text`` wrapped to ``width`` from (x, y) (in the theme's text colour unless
        told); return the y below it. Lines outside the visible area are skipped, not drawn.
        A screen reader reads it (:meth:`read`; words in the heading colour as a heading)
        unless ``reads`` is False (the caller reads it in other words)."""
        heading = colour is not None and colour == self.theme.heading
        colour = colour or self.theme.text
        font = self.font(size or self.unit, bold)
        line_h = round(font.get_linesize() * spacing / 1.25 * 1.1)
        clip = surface.get_clip()
        top = y
        for line in wrap(font, text, width):
            if clip.top - line_h <= y <= clip.bottom:
                surface.blit(font.render(line, True, colour), (x, y))
            y += line_h
        if reads:
            self.read(text, heading=heading, rect=pygame.Rect(x, top, width, y - top))
        return y

    def read(self, text: str, heading: bool = False, rect: pygame.Rect | None = None) -> None:
        """Give a screen reader words the screen shows (while the layout runs; drawing adds
        nothing): :meth:`text` does for what it draws, a screen for words it draws itself;
        ``rect``: where (so that walking the page scrolls them into view)."""
        if self.measuring and text:
            self.reading.append(Said(text, heading, rect))

    def read_group(self, label: str, parts: tuple[Part, ...]) -> None:
        """Give a screen reader a group of things drawn together (see :meth:`read`)."""
        if self.measuring and parts:
            self.reading.append(Group(label, parts))

    def button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, action: Callable[[], None] | None,
               *, key: str = "", on: bool = False, left: Callable[[], None] | None = None,
               right: Callable[[], None] | None = None, size: int | None = None, chosen: bool = True,
               read_as: str = "") -> Hot:
        """Draw a button and register it; ``on`` shows it chosen (a screen reader hears it
        as selected or not, unless ``chosen`` is False: ``on`` only lights it). ``read_as``:
        what a screen reader hears (the label by default)."""
        hot = Hot(pygame.Rect(rect), action, key, left, right, read_as or label, on if chosen else None)
        hovered = self.hover is not None and self.hover.key == key and key and self.hover.rect == hot.rect
        px = size or self.scale.button
        row = (hot.rect.y, hot.rect.h)  # the buttons side by side: their words at one size (row_sizes)
        if self.measuring:
            self._rows.setdefault(row, []).append((Box(*rect), label, px))
        face = button_face(self.app.painter, Box(*rect), label, hover=bool(hovered), primary=on, dark=True,
                           solid=True, font_px=min(px, self.row_sizes.get(row, px)))
        surface.blit(face, rect.topleft)
        self._register(hot)
        return hot

    def hot_area(self, rect: pygame.Rect, action: Callable[[], None] | None, key: str = "", label: str = "",
                 selected: bool | None = None) -> Hot:
        """Register a pressable area drawn by the caller (``label``: what a screen reader hears)."""
        hot = Hot(pygame.Rect(rect), action, key, label=label, selected=selected)
        self._register(hot)
        return hot

    def _register(self, hot: Hot) -> None:
        if self.measuring:
            self.hots.append(hot)
            if hot.label:  # (an area without words is nothing a screen reader could name)
                self.reading.append(hot)

    # -- scrolling ---------------------------------------------------------------------------
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.viewport.h + self.unit)

    def clamp_scroll(self) -> bool:
        """Keep the scroll inside the content; True if it changed."""
        clamped = max(0, min(self.scroll, self.max_scroll()))
        changed = clamped != self.scroll
        self.scroll = clamped
        return changed

    def scroll_by(self, dy: int) -> None:
        before = self.scroll
        self.scroll = self.scroll + dy
        self.clamp_scroll()
        if self.scroll != before:
            self.dirty = True

    def set_tab(self, index: int) -> None:
        if not self.tabs:
            return
        index %= len(self.tabs)
        if index != self.tab:
            self.tab = index
            self.scroll = 0
            self.reading_at = -1
            self.focus_key = f"tab{index}" if is_tab(self.focus_key) else ""
            self.tab_changed()
        self.dirty = True

    def tab_changed(self) -> None:
        """The page shown changed."""

    # -- keyboard ----------------------------------------------------------------------------
    @property
    def focus_key(self) -> str:
        """The name of the control with the keyboard focus ("" for none)."""
        return self.ring.name

    @focus_key.setter
    def focus_key(self, name: str) -> None:
        self.ring.name = name

    def focusable(self) -> list[Hot]:
        return [h for h in self.hots if h.key]

    def focused(self) -> Hot | None:
        for hot in self.hots:
            if hot.key and hot.key == self.focus_key:
                return hot
        return None

    def move_focus(self, step: int, arrows: bool = False) -> bool:
        """Move the keyboard focus; False if there is nothing to focus. The arrows visit
        the page's own controls, not the tabs (Left and Right switch those); Tab visits the
        Close button too, last, so that every button is in the keyboard's reach (issue 41.3)."""
        keys = [h.key for h in self.focusable() if h.key != "close" and not (arrows and is_tab(h.key))]
        if not arrows and any(h.key == "close" for h in self.focusable()):
            keys.append("close")
        if not self.ring.move(keys, step):
            return False
        hot = self.focused()
        if hot is not None:
            self.reveal(hot.rect)
        self.dirty = True
        return True

    def reveal(self, rect: pygame.Rect) -> None:
        """Scroll so that ``rect`` (in window pixels, at the current scroll) is visible."""
        view = self.viewport
        if rect.top < view.top and rect.bottom > view.top - self.scroll:  # in the content
            self.scroll_by(rect.top - view.top - self.unit // 2)
        elif rect.bottom > view.bottom:
            self.scroll_by(rect.bottom - view.bottom + self.unit // 2)

    def key(self, event: Any) -> None:
        """React to a key; subclasses handle their own first and call this for the rest."""
        intent = nav(event)
        page = max(self.unit, self.viewport.h - 2 * self.unit)
        if intent in ("close", "back"):
            self.close()
        elif intent in ("next", "previous"):
            self.move_focus(-1 if intent == "previous" else 1)
        elif intent in ("down", "up"):
            step = 1 if intent == "down" else -1
            if self.app.access.active:  # a screen reader listens: walk the page, words and all
                self.walk(step)
            elif not self.uses_arrows_for_focus() or not self.move_focus(step, arrows=True):
                self.scroll_by(step * 2 * self.unit)
        elif intent == "press":
            hot = self.focused()
            if hot is not None and hot.action is not None:
                hot.action()
                self.dirty = True
        elif intent in ("left", "right"):
            hot = self.focused()
            change = None if hot is None else (hot.left if intent == "left" else hot.right)
            if change is not None:
                change()
            elif self.tabs:
                self.set_tab(self.tab + (1 if intent == "right" else -1))
            self.dirty = True
        elif intent == "page_down":
            self.scroll_by(page)
        elif intent == "page_up":
            self.scroll_by(-page)
        elif intent == "home":
            self.scroll_by(-self.scroll)
        elif intent == "end":
            self.scroll_by(self.max_scroll() - self.scroll)
        elif intent == "help" and self.tabs:
            self.set_tab(0)
        elif intent == "fullscreen":
            self.app.toggle_fullscreen()

    def walk(self, step: int) -> None:
        """Up or Down with a screen reader: the next (or last) heading, paragraph, group or
        control of the page in reading order, scrolled into view; a control also takes the
        focus (Enter presses it), words leave the focus to the reader (issue 41, item 4)."""
        readable = [i for i, item in enumerate(self.reading)
                    if not isinstance(item, Hot) or (item.key and item.key != "close" and not is_tab(item.key))]
        if not readable:
            return
        at = self.reading_at
        focused = self.focused()
        if focused is not None and focused in self.reading:  # Tab moved the focus: walk on from there
            at = self.reading.index(focused)
        later = [i for i in readable if (i > at if step > 0 else i < at)]
        if not later:
            return  # the end (or the start) of the page: stay
        self.reading_at = later[0] if step > 0 else later[-1]
        item = self.reading[self.reading_at]
        self.focus_key = item.key if isinstance(item, Hot) else ""
        rect = item.rect if not isinstance(item, Group) else _union([p.rect for p in item.parts if p.rect is not None])
        if rect is not None:
            self.reveal(rect)
        self.dirty = True

    def uses_arrows_for_focus(self) -> bool:
        """Up and Down move the focus (True) or scroll the page (False)."""
        return False

    # -- pointer -----------------------------------------------------------------------------
    def hot_at(self, pos: tuple[float, float]) -> Hot | None:
        in_view = self.viewport.collidepoint(pos)
        for i in range(len(self.hots) - 1, -1, -1):  # the last drawn is on top
            hot = self.hots[i]
            if hot.rect.collidepoint(pos) and (i < self._first_content or in_view or hot is self.more):
                return hot
        return None

    @property
    def hover(self) -> Hot | None:
        """The button under the mouse (shown lit)."""
        return self.presses.hover

    def pointer_event(self, pointer: Pointer) -> None:
        """Press, drag and release through the one pointer machine: a press that does not
        move presses a button; one that moves scrolls the page (unless :meth:`capture`
        took it)."""
        if pointer.kind == "down" and self.capture(pointer):
            self._captured = True
            return
        if self._captured:
            self.captured(pointer)
            if pointer.kind in ("up", "cancel"):
                self._captured = False
            return
        at = self.hot_at(pointer.pos)
        outcome = self.presses.feed(pointer, at, can_drag=self.content_height > self.viewport.h)
        if outcome is None:
            return
        if outcome.kind == "hover":
            self.dirty = True
        elif outcome.kind == "down":
            self._press_scroll = self.scroll
        elif outcome.kind == "drag":
            self.scroll = self._press_scroll - int(outcome.dy)
            self.clamp_scroll()
            self.dirty = True
        elif outcome.kind == "activate" and outcome.target is not None:
            hot = outcome.target
            action = hot.action
            if action is None:
                return
            if hot.key and not outcome.touch:
                self.focus_key = hot.key
            action()
            self.dirty = True

    def capture(self, pointer: Pointer) -> bool:
        """A press the screen handles itself (the example board): True to take it."""
        return False

    def captured(self, pointer: Pointer) -> None:
        """Moves and the release of a press :meth:`capture` took."""


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return rects[0].unionall(rects[1:]) if rects else None


def _same_hot(a: Hot, b: Hot) -> bool:
    """The same button, though laid out again between the press and the release."""
    return a is b or (a.key == b.key and a.rect == b.rect)
