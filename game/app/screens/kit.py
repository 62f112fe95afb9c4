"""The one widget kit of every window and screen, on one palette, one word wrap, one
pointer vocabulary (mouse and touch alike) and one keyboard: Tab and Shift+Tab move the
focus, Enter or Space presses, Esc closes.

Two kinds of scene are built with it:

- :class:`Screen`, for Help, Statistics and Settings: a full-window scene with a title
  bar, a Close button, optional tabs and a content column that scrolls;
- :class:`Window`, for the panels over the table (New Game, messages, the menu, the
  keypad): a centred panel of :class:`Widget` buttons, toggles, choices and fields.

Both share one key map (:data:`NAV_KEYS`: a key to an intent such as "close", "next" or
"press"), one focus model (:class:`FocusRing`: the focused control by name, and whether
its ring shows), one button painter (``render.button_face``) and one text field model
(:class:`TextField`, which typing, pasting and the on-screen keypad all edit).

Drawing is immediate: :meth:`Screen.paint` draws the content at the current scroll. The
same code lays the screen out: :meth:`Screen.layout` runs it on a one-pixel surface
(nothing is really drawn) to register the buttons (:class:`Hot`), which ``handle`` then
hit-tests, to measure the content and to keep the scroll inside it. Layout happens when
the window is resized, after input and in ``update`` whenever something changed; ``draw``
only paints. Sizes come from the window (:attr:`Screen.unit`), so the text is readable
from 800x600 to 3840x2160. A page taller than the window shows a scroll bar and a "More
below" button at its foot.
Keys: Esc or Backspace closes; Tab and Shift+Tab move the focus, Up and Down too but past
the tabs (or scroll a page without buttons); Enter or Space presses; Left and Right change a value or switch
tabs; Page Up, Page Down, Home and End scroll; the wheel and a finger drag scroll too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.i18n import N_, _
from seahaven.app.input import Pointer, PointerInput
from seahaven.app.layout import Box
from seahaven.app.render import button_face, wrap
from seahaven.app.scenes import Scene
from seahaven.app.theme import Colour
from seahaven.app.type_scale import TypeScale, type_scale

if TYPE_CHECKING:
    from seahaven.app.scenes import App

MORE = N_("More below")
DRAG_SLOP = 8
"""Pixels a pointer may move before a press becomes a scroll (or a drag)."""
DIM_TILE = 256
"""The side of the tile that dims the window behind a window (laid over it as often as needed)."""


NAV_KEYS: dict[int, str] = {
    pygame.K_ESCAPE: "close", pygame.K_BACKSPACE: "back", pygame.K_TAB: "next",
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "press", pygame.K_KP_ENTER: "press", pygame.K_SPACE: "press",
    pygame.K_PAGEUP: "page up", pygame.K_PAGEDOWN: "page down", pygame.K_HOME: "home", pygame.K_END: "end",
    pygame.K_F1: "help", pygame.K_F11: "fullscreen",
}
"""The one key map of every window and screen: a key to what it asks for. Each kind of
scene answers the intents it has a use for (a window's Up is the previous control, a
screen's scrolls a page without controls)."""


def nav(event: Any) -> str | None:
    """What a key asks of a window or screen ("close", "next", "previous", "press"...)."""
    intent = NAV_KEYS.get(event.key)
    if intent == "next" and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
        return "previous"
    return intent


class FocusRing:
    """The one focus model: which control (by name) has the keyboard's focus, and whether
    its ring is on show. Tab and the arrows move it through the controls in order; a
    click gives the clicked control the focus without showing the ring."""

    def __init__(self) -> None:
        self.name = ""
        self.visible = False

    def move(self, names: list[str], step: int) -> bool:
        """Move ``step`` controls along ``names`` (from the first or last when the focus is
        on none of them); False when there is nothing to focus."""
        if not names:
            return False
        if self.name in names:
            index = (names.index(self.name) + step) % len(names)
        else:
            index = 0 if step >= 0 else len(names) - 1
        self.name = names[index]
        return True


@dataclass
class Hot:
    """A pressable area drawn this frame, in window pixels."""

    rect: pygame.Rect
    action: Callable[[], None] | None = None
    key: str = ""
    """Identity for the keyboard focus; empty for areas the keyboard does not visit."""
    left: Callable[[], None] | None = None
    right: Callable[[], None] | None = None


def _is_tab(key: str) -> bool:
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
        self.hover: Hot | None = None
        self.pointer = PointerInput()
        self.pointer.size = self.size
        self._press: tuple[float, float] | None = None
        self._press_hot: Hot | None = None
        self._press_scroll = 0
        self._scrolling = False
        self._captured = False
        self.viewport = pygame.Rect(0, 0, *self.size)
        self._first_content = 0
        self._measure = pygame.Surface((1, 1))
        self.measuring = False
        """True while :meth:`layout` runs the painting code to place things (the buttons
        are registered then, and only then)."""
        self.more: Hot | None = None
        """The "More below" button, while the page goes on below the window."""

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
        self.pointer.size = self.size
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
                top = self.paint_bar(self._measure)
                self._first_content = len(self.hots)
                self.viewport = pygame.Rect(0, top, self.size[0], self.size[1] - top - footer)
                self.clamp_scroll()
                end = self.paint(self._measure, self.viewport.y + self.unit - self.scroll)
                self.content_height = end + self.scroll - self.viewport.y
                wanted = self.footer_height() if self.max_scroll() > 0 else 0
                if wanted != footer:
                    footer = wanted  # a page that scrolls keeps a strip of its own for "More below"
                    self.scroll = asked  # clamped for the other viewport: clamp it again
                    continue
                if not self.clamp_scroll():
                    break
                self.dirty = True
        finally:
            self.measuring = False
        self.more = None
        if self.scroll < self.max_scroll():
            self.more = Hot(self.more_rect(), self.page_down)
            self.hots.append(self.more)

    def close(self) -> None:
        self.pointer.reset()
        super().close()

    def handle(self, event: Any) -> None:
        self.react(event)
        if self.dirty:
            self.layout()

    def react(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        pointer = self.pointer.translate(event)
        if pointer is None:
            return
        if pointer.kind == "wheel":
            self.scroll_by(-int(pointer.scroll) * 3 * self.unit)
        elif pointer.kind == "hover":
            self._hover((int(pointer.pos[0]), int(pointer.pos[1])))
        else:
            self.pointer_event(pointer)

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        surface.fill(self.theme.background)
        self.paint_bar(surface)
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        self.paint(surface, self.viewport.y + self.unit - self.scroll)
        surface.set_clip(clip)
        self.paint_scrollbar(surface)
        self.paint_more(surface)
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
        label = _("Close") + "  \u00d7"
        close_w = self.font(u, True).size(label)[0] + 2 * u
        close = pygame.Rect(w - close_w - u // 2, u // 3, close_w, bar_h - 2 * (u // 3))
        self.button(surface, close, label, self.close, key="close")
        top = bar_h
        if self.tabs:
            tab_h = round(u * 2.2)
            pygame.draw.rect(surface, theme.band, (0, top, w, tab_h))
            widths = [self.font(u, True).size(_(name))[0] + 2 * u for name in self.tabs]
            total = sum(widths) + (len(widths) - 1) * (u // 3)
            x = max(u // 2, (w - total) // 2)
            for i, (name, tw) in enumerate(zip(self.tabs, widths)):
                rect = pygame.Rect(x, top + u // 4, tw, tab_h - u // 2)
                self.button(
                    surface, rect, _(name), partial(self.set_tab, i), key=f"tab{i}", on=(i == self.tab),
                    left=lambda: self.set_tab(self.tab - 1), right=lambda: self.set_tab(self.tab + 1),
                )
                x += tw + u // 3
            pygame.draw.line(surface, theme.band_line, (0, top + tab_h - 1), (w, top + tab_h - 1))
            top += tab_h
        return top

    def scrollbar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, when the page is taller than the window."""
        view = self.viewport
        if self.max_scroll() <= 0:
            return None
        u = self.unit
        w = max(8, u // 2)
        track = pygame.Rect(self.size[0] - w - 3, view.y + 4, w, view.h - 8)
        thumb_h = max(2 * u, int(track.h * view.h / max(1, self.content_height + u)))
        travel = track.h - thumb_h
        top = track.y + int(travel * self.scroll / max(1, self.max_scroll()))
        return track, pygame.Rect(track.x, top, w, thumb_h)

    def paint_scrollbar(self, surface: pygame.Surface) -> None:
        bar = self.scrollbar()
        if bar is None:
            return
        track, thumb = bar
        pygame.draw.rect(surface, self.theme.band, track, border_radius=track.w // 2)
        pygame.draw.rect(surface, self.theme.text_dim, thumb, border_radius=track.w // 2)

    def footer_height(self) -> int:
        """The strip under a page that scrolls, where "More below" sits: the button never
        covers the page's text."""
        return round(1.8 * self.unit) + self.unit

    def more_rect(self) -> pygame.Rect:
        """The "More below" button: centred in the strip below the page."""
        u = self.unit
        w = self.font(u, True).size(_(MORE))[0] + 3 * u
        h = round(1.8 * u)
        footer_top = self.viewport.bottom
        return pygame.Rect((self.size[0] - w) // 2, footer_top + (self.size[1] - footer_top - h) // 2, w, h)

    def paint_more(self, surface: pygame.Surface) -> None:
        """Below a page that scrolls: its own strip, and in it, while the page goes on, a
        button that scrolls down a page."""
        view = self.viewport
        if view.bottom >= self.size[1]:
            return
        u = self.unit
        theme = self.theme
        footer = pygame.Rect(0, view.bottom, self.size[0], self.size[1] - view.bottom)
        pygame.draw.rect(surface, theme.band, footer)
        pygame.draw.line(surface, theme.band_line, footer.topleft, (footer.right, footer.y), max(1, u // 12))
        if self.more is None:
            return
        rect = self.more.rect
        pygame.draw.rect(surface, theme.button_on, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, theme.button_on_edge, rect, width=max(1, u // 12), border_radius=rect.h // 2)
        words = self.font(u, True).render(_(MORE), True, theme.button_text)
        x = rect.x + (rect.w - words.get_width() - u) // 2
        surface.blit(words, (x + u, rect.centery - words.get_height() // 2))
        cx, cy, r = x + u // 3, rect.centery, max(4, u // 3)
        pygame.draw.polygon(surface, theme.button_text,
                            [(cx - r, cy - r // 2), (cx + r, cy - r // 2), (cx, cy + r * 2 // 3)])

    def page_down(self) -> None:
        self.scroll_by(max(self.unit, self.viewport.h - 2 * self.unit))

    def paint_focus(self, surface: pygame.Surface) -> None:
        for hot in self.hots:
            if hot.key and hot.key == self.focus_key:
                width = self.theme.line(max(2, self.unit // 8))
                pygame.draw.rect(surface, self.theme.focus, hot.rect.inflate(6, 6), width=width,
                                 border_radius=max(4, self.unit // 3))

    def text(self, surface: pygame.Surface, text: str, x: int, y: int, width: int, *, size: int | None = None,
             colour: Colour | None = None, bold: bool = False, spacing: float = 1.25) -> int:
        """Draw ``text`` wrapped to ``width`` from (x, y) (in the theme's text colour unless
        told); return the y below it. Lines outside the visible area are skipped, not drawn."""
        colour = colour or self.theme.text
        font = self.font(size or self.unit, bold)
        line_h = round(font.get_linesize() * spacing / 1.25 * 1.1)
        clip = surface.get_clip()
        for line in wrap(font, text, width):
            if clip.top - line_h <= y <= clip.bottom:
                surface.blit(font.render(line, True, colour), (x, y))
            y += line_h
        return y

    def button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, action: Callable[[], None] | None,
               *, key: str = "", on: bool = False, left: Callable[[], None] | None = None,
               right: Callable[[], None] | None = None, size: int | None = None) -> Hot:
        """Draw a button and register it; ``on`` shows it chosen."""
        hot = Hot(pygame.Rect(rect), action, key, left, right)
        hovered = self.hover is not None and self.hover.key == key and key and self.hover.rect == hot.rect
        face = button_face(self.app.painter, Box(*rect), label, hover=bool(hovered), primary=on, dark=True,
                           solid=True, font_px=size or self.scale.button)
        surface.blit(face, rect.topleft)
        if self.measuring:
            self.hots.append(hot)
        return hot

    def hot_area(self, rect: pygame.Rect, action: Callable[[], None] | None, key: str = "") -> Hot:
        """Register a pressable area drawn by the caller."""
        hot = Hot(pygame.Rect(rect), action, key)
        if self.measuring:
            self.hots.append(hot)
        return hot

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
            self.focus_key = f"tab{index}" if _is_tab(self.focus_key) else ""
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
        the page's own controls, not the tabs (Left and Right switch those)."""
        keys = [h.key for h in self.focusable()
                if (h.key != "close" or step == 0) and not (arrows and _is_tab(h.key))]
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
            if not self.uses_arrows_for_focus() or not self.move_focus(step, arrows=True):
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
        elif intent == "page down":
            self.scroll_by(page)
        elif intent == "page up":
            self.scroll_by(-page)
        elif intent == "home":
            self.scroll_by(-self.scroll)
        elif intent == "end":
            self.scroll_by(self.max_scroll() - self.scroll)
        elif intent == "help" and self.tabs:
            self.set_tab(0)
        elif intent == "fullscreen":
            self.app.toggle_fullscreen()

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

    def _hover(self, pos: tuple[int, int]) -> None:
        hot = self.hot_at(pos)
        if (hot is None) != (self.hover is None) or (hot is not None and self.hover is not None
                                                     and hot.rect != self.hover.rect):
            self.hover = hot
            self.dirty = True

    def pointer_event(self, pointer: Pointer) -> None:
        """Press, drag and release: a press that does not move presses a button; one that
        moves scrolls the page (unless :meth:`capture` took it)."""
        x, y = pointer.pos
        if pointer.kind == "down":
            self._press = (x, y)
            self._press_scroll = self.scroll
            self._scrolling = False
            self._captured = self.capture(pointer)
            self._press_hot = None if self._captured else self.hot_at((x, y))
            return
        if self._captured:
            self.captured(pointer)
            if pointer.kind in ("up", "cancel"):
                self._captured = False
                self._press = None
            return
        if self._press is None:
            return
        if pointer.kind == "move":
            dy = y - self._press[1]
            if not self._scrolling and abs(dy) > DRAG_SLOP and self.content_height > self.viewport.h:
                self._scrolling = True
                self._press_hot = None
            if self._scrolling:
                self.scroll = self._press_scroll - int(dy)
                self.clamp_scroll()
                self.dirty = True
            return
        if pointer.kind == "up":
            hot = self.hot_at((x, y))
            if not self._scrolling and hot is not None and hot is self._press_hot and hot.action is not None:
                if hot.key:
                    self.focus_key = hot.key if not pointer.touch else self.focus_key
                hot.action()
                self.dirty = True
        self._press = None
        self._press_hot = None
        self._scrolling = False

    def capture(self, pointer: Pointer) -> bool:
        """A press the screen handles itself (the example board): True to take it."""
        return False

    def captured(self, pointer: Pointer) -> None:
        """Moves and the release of a press :meth:`capture` took."""


# == panels: windows over another scene =====================================================


class TextField:
    """The text of an entry field and what is wrong with it: the one model that typing,
    pasting and an on-screen keypad all edit. ``on_edit`` hears of every change (the
    window owning the field moves its focus there and repaints); ``on_submit`` is Enter;
    ``editable`` says whether the field takes edits now."""

    def __init__(self, max_len: int, on_edit: Callable[[], None] | None = None,
                 on_submit: Callable[[], None] | None = None,
                 editable: Callable[[], bool] | None = None) -> None:
        self.max_len = max_len
        self.text = ""
        self.error = ""
        """A sentence saying what is wrong with the text; the next edit clears it."""
        self.on_edit = on_edit
        self.on_submit = on_submit
        self.editable = editable

    def can_edit(self) -> bool:
        return self.editable is None or self.editable()

    def type(self, text: str) -> None:
        """Add typed (or pasted, or keyed-in) text: printable characters, one line."""
        if not self.can_edit():
            return
        text = "".join(ch for ch in text if ch.isprintable() and ch not in "\r\n\t")
        self.text = (self.text + text)[: self.max_len]
        self._edited()

    def erase(self) -> None:
        """Backspace: the last character goes."""
        if not self.can_edit():
            return
        self.text = self.text[:-1]
        self._edited()

    def replace(self, text: str) -> None:
        """The whole text becomes ``text`` (a paste)."""
        if not self.can_edit():
            return
        self.text = ""
        self.type(text)

    def submit(self) -> None:
        if self.on_submit is not None:
            self.on_submit()

    def _edited(self) -> None:
        self.error = ""
        if self.on_edit is not None:
            self.on_edit()


@dataclass
class Widget:
    name: str
    box: Box
    label: str = ""
    kind: str = "button"
    """"button", "toggle", "field" or "choice"."""
    primary: bool = False
    enabled: bool = True
    on: bool = False
    field: TextField | None = None
    """A "field" widget's text (its ``label`` is the hint shown while it is empty)."""
    font_px: int = 0
    """The label's size in pixels (0: the window's text size)."""


class Window(Scene):
    """A centred panel with a title, lines of text and widgets."""

    title = ""
    width_em = 26.0
    close_outside = False
    dims = True
    """The window dims everything under it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.pointer = PointerInput(app.settings.double_tap_ms)
        self.widgets: list[Widget] = []
        self.ring = FocusRing()
        self.hover: str | None = None
        self.pressed: str | None = None
        self.panel = Box(0, 0, 0, 0)
        self.px = 16
        self.scale = type_scale(app.size)
        self._dim: pygame.Surface | None = None
        self.resized(app.size)

    # -- focus: the one focus model, by name -----------------------------------------------
    @property
    def focus(self) -> int:
        """The index of the widget with the keyboard focus (the first when none has it)."""
        for i, widget in enumerate(self.widgets):
            if widget.name == self.ring.name:
                return i
        return 0

    @focus.setter
    def focus(self, index: int) -> None:
        self.ring.name = self.widgets[index].name if 0 <= index < len(self.widgets) else ""

    @property
    def show_focus(self) -> bool:
        """The focus ring is on show (after a key, not after a click)."""
        return self.ring.visible

    @show_focus.setter
    def show_focus(self, visible: bool) -> None:
        self.ring.visible = visible

    # -- layout ----------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        self.scale = type_scale(size)
        self.px = self.scale.body
        self.build(size)
        self.dirty = True

    def build(self, size: tuple[int, int]) -> None:
        """Place the widgets (override); their words are the language's of now."""

    def art_changed(self) -> None:
        """The language or the looks changed: the words and the dimming are made again."""
        self._dim = None
        self.resized(self.app.size)

    def panel_box(self, size: tuple[int, int], height: int) -> Box:
        w = min(size[0] - 16, round(self.px * self.width_em))
        h = min(size[1] - 16, height)
        return Box((size[0] - w) // 2, (size[1] - h) // 2, w, h)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
            return
        if event.type == pygame.TEXTINPUT:
            self.on_text(event.text)
            return
        self.pointer.size = self.app.size
        p = self.pointer.translate(event)
        if p is not None:
            self.on_pointer(p)

    def widget_at(self, pos: tuple[float, float]) -> Widget | None:
        for widget in self.widgets:
            if widget.box.contains(*pos):
                return widget
        return None

    def on_pointer(self, p: Pointer) -> None:
        widget = self.widget_at(p.pos)
        name = widget.name if widget is not None and widget.enabled else None
        if p.kind == "move":
            if name != self.hover and not p.touch:
                self.hover = name
                self.dirty = True
        elif p.kind == "down":
            self.pressed = name
            self.show_focus = False
            self.dirty = True
            if name is None and self.close_outside and not self.panel.contains(*p.pos):
                self.close()
        elif p.kind == "up":
            pressed, self.pressed = self.pressed, None
            self.dirty = True
            if pressed is not None and pressed == name and widget is not None:
                self.focus = self.widgets.index(widget)
                self.activate(widget)

    def on_key(self, event: Any) -> None:
        intent = nav(event)
        if intent == "close":
            self.cancel()
        elif intent in ("next", "previous", "down", "up"):
            self.move_focus(-1 if intent in ("previous", "up") else 1)
        elif intent == "press" and self.widgets:
            self.show_focus = True
            self.activate(self.widgets[self.focus])
        elif intent == "fullscreen":
            self.app.toggle_fullscreen()

    def on_text(self, text: str) -> None:
        """Typed text (override where there is a text field)."""

    def move_focus(self, step: int) -> None:
        if not self.ring.move([w.name for w in self.widgets if w.enabled], step):
            return
        self.show_focus = True
        self.dirty = True

    def activate(self, widget: Widget) -> None:
        """A widget was clicked, tapped or activated from the keyboard (override)."""

    def cancel(self) -> None:
        self.close()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        size = surface.get_size()
        if self.dims:  # a small tile laid over the window: never a third window-sized picture
            if self._dim is None or self._dim.get_at((0, 0))[:3] != self.theme.dim:
                self._dim = pygame.Surface((DIM_TILE, DIM_TILE), pygame.SRCALPHA)
                self._dim.fill((*self.theme.dim, 130))
            surface.blits([(self._dim, (x, y)) for y in range(0, size[1], DIM_TILE)
                           for x in range(0, size[0], DIM_TILE)], doreturn=False)
        painter = self.app.painter
        panel = self.panel
        radius = max(8, self.px // 2)
        face = painter.panel(panel.w, panel.h, radius)
        spread = (face.get_width() - panel.w) // 2
        surface.blit(face, (panel.x - spread, panel.y - spread))
        theme = painter.theme
        edge = theme.line(max(1, self.px // 12))
        if self.title:  # the title on a band, as a screen's title bar
            band_h = min(panel.h, round(self.px * 2.75))
            pygame.draw.rect(surface, theme.band, (panel.x, panel.y, panel.w, band_h),
                             border_top_left_radius=radius, border_top_right_radius=radius)
            pygame.draw.line(surface, theme.band_line, (panel.x, panel.y + band_h - 1),
                             (panel.right - 1, panel.y + band_h - 1), edge)
            title = painter.text(_(self.title), self.scale.title, theme.heading, bold=True)
            surface.blit(title, (panel.x + self.px, panel.y + (band_h - title.get_height()) // 2))
        pygame.draw.rect(surface, theme.band_line, pygame.Rect(panel), width=edge, border_radius=radius)
        self.draw_body(surface)
        for i, widget in enumerate(self.widgets):
            self.draw_widget(surface, widget, focus=self.show_focus and i == self.focus)
        return None

    def draw_body(self, surface: pygame.Surface) -> None:
        """Text between the title and the widgets (override)."""

    def draw_widget(self, surface: pygame.Surface, widget: Widget, focus: bool) -> None:
        painter = self.app.painter
        theme = painter.theme
        box = widget.box
        if widget.kind == "field" and widget.field is not None:
            self.draw_field(surface, widget, self.widgets[self.focus] is widget if self.widgets else False)
            return
        if widget.kind == "toggle":
            size = round(box.h * 0.62)
            mark = pygame.Rect(box.x, box.y + (box.h - size) // 2, size, size)
            pygame.draw.rect(surface, theme.accent if widget.on else theme.panel_button_off, mark,
                             width=0 if widget.on else theme.line(2),
                             border_radius=max(2, size // 5))
            if widget.on:
                pygame.draw.lines(surface, theme.accent_text, False, [
                    (mark.x + size * 0.22, mark.y + size * 0.52), (mark.x + size * 0.43, mark.y + size * 0.72),
                    (mark.x + size * 0.78, mark.y + size * 0.3)], max(2, size // 7))
            colour = theme.panel_text if widget.enabled else theme.muted
            text = painter.text(widget.label, self.px, colour)
            surface.blit(text, text.get_rect(midleft=(mark.right + self.px // 2, box.y + box.h // 2)))
            if focus:
                pygame.draw.rect(surface, theme.focus, pygame.Rect(box).inflate(8, 4),
                                 width=theme.line(2), border_radius=6)
            return
        if widget.kind == "choice":
            face = button_face(painter, box, widget.label, hover=self.hover == widget.name, focus=focus,
                               primary=widget.on, pressed=self.pressed == widget.name, dark=True, solid=True,
                               font_px=self.scale.button)
            surface.blit(face, box[:2])
            return
        face = button_face(painter, box, widget.label, hover=self.hover == widget.name, focus=focus,
                           primary=widget.primary, enabled=widget.enabled, pressed=self.pressed == widget.name,
                           dark=True, solid=True, font_px=widget.font_px or self.scale.button)
        surface.blit(face, box[:2])

    def draw_field(self, surface: pygame.Surface, widget: Widget, active: bool) -> None:
        """A text field: its text (scrolled to its end), or its hint while it is empty and
        not focused, a caret when focused, a red edge while its text is wrong."""
        field = widget.field
        assert field is not None
        painter = self.app.painter
        theme = painter.theme
        box = pygame.Rect(widget.box)
        pygame.draw.rect(surface, theme.field, box, border_radius=6)
        border = theme.error if field.error else (theme.focus if active else theme.panel_button_off)
        pygame.draw.rect(surface, border, box, width=theme.line(2), border_radius=6)
        text = field.text
        colour = theme.panel_text
        if not text and not active:
            text, colour = widget.label, theme.panel_button_off
        surf = painter.text(text, self.px, colour)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-8, -4))
        x = box.x + self.px // 2
        if surf.get_width() > box.w - self.px:
            x = box.right - self.px // 2 - surf.get_width()
        surface.blit(surf, (x, box.y + (box.h - surf.get_height()) // 2))
        if active:
            cx = x + (surf.get_width() if field.text else 0) + 1
            pygame.draw.line(surface, theme.panel_text, (cx, box.y + box.h // 5), (cx, box.bottom - box.h // 5), 2)
        surface.set_clip(clip)

    def text_lines(self, surface: pygame.Surface, lines: list[tuple[str, str]], top: int) -> int:
        """Write wrapped lines inside the panel from ``top``, each in a colour of the theme
        named by its role ("panel_text", "muted", "accent"); returns the y below them."""
        painter = self.app.painter
        y = top
        for text, role in lines:
            colour = getattr(painter.theme, role)
            for line in wrap(painter.font(self.px), text, self.panel.w - 2 * self.px):
                surf = painter.text(line, self.px, colour)
                surface.blit(surf, (self.panel.x + self.px, y))
                y += round(self.px * 1.45)
        return y

    def button_row(self, names: list[tuple[str, str, bool]], bottom: int) -> list[Widget]:
        """Buttons right-aligned along the panel's bottom edge: (name, label, primary)."""
        painter = self.app.painter
        h = round(self.px * 2.3)
        gap = self.px // 2
        widths = [max(round(self.px * 5.5), painter.text(label, self.px, bold=True).get_width() + 2 * self.px)
                  for _n, label, _p in names]
        room = self.panel.w - 2 * self.px
        while sum(widths) + gap * (len(widths) - 1) > room and gap > 2:
            gap -= 1
        scale = min(1.0, (room - gap * (len(widths) - 1)) / max(1, sum(widths)))
        widths = [int(w * scale) for w in widths]
        x = self.panel.right - self.px - sum(widths) - gap * (len(widths) - 1)
        out = []
        for (name, label, primary), w in zip(names, widths):
            out.append(Widget(name, Box(x, bottom - h, w, h), label, primary=primary))
            x += w + gap
        return out
