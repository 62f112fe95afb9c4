"""A window over another scene (New Game, messages, the menu, the keypad): a centred
panel in the screens' own look, with a title on a band, lines of text and
:class:`Widget` buttons, toggles, choices and fields, sized by the one type scale."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.access.speech import sentences
from seahaven.app.kit.field import TextField
from seahaven.app.kit.focus import FocusRing
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.nav_keys import nav
from seahaven.app.kit.press import Presses
from seahaven.app.kit.scenes import Scene
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import button_face, row_px, wrap
from seahaven.app.looks.type_scale import TypeScale, type_scale
from seahaven.app.text.file_names import elide, shown
from seahaven.i18n import _

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

DIM_TILE = 256
"""The side of the tile that dims the window behind a window (laid over it as often as needed)."""
PANEL_MARGIN = 8
"""The least room between a window's panel and the edges of the game's window."""
SMALLEST_PX = 12
"""The least body size :meth:`Window.fit` makes a window's words to keep them whole."""


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
    read_as: str = ""
    """What a screen reader calls it, where the label is no name (a field's label is its hint)."""


class Window(Scene):
    """A centred panel with a title, lines of text and widgets."""

    title = ""
    width_em = 26.0
    close_outside = False
    dims = True
    """The window dims everything under it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.ring = FocusRing()
        self.presses: Presses[str] = Presses()
        """The one pointer machine: the widget (by name) pressed and the one hovered."""
        self.panel = Box(0, 0, 0, 0)
        self.px = 16
        self.scale = type_scale(app.size)
        self.wanted_h = 0
        """How tall the panel's content asked to be at the last layout (:meth:`panel_box`)."""
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
        self.fit(size)
        self.dirty = True

    def fit(self, size: tuple[int, int]) -> None:
        """Lay out at the type scale's size, or, where the window is too short for all that
        the panel says (a long language at 800x600), at the largest smaller size at which it
        is whole: a window's words are never cut."""
        scale = type_scale(size)
        self.scale, self.px = scale, scale.body
        self.wanted_h = 0
        self.build(size)
        while self.wanted_h > size[1] - 2 * PANEL_MARGIN and self.px > SMALLEST_PX:
            self.px -= 1
            ratio = self.px / scale.body
            self.scale = TypeScale(title=round(scale.title * ratio), body=self.px,
                                   button=max(SMALLEST_PX, round(scale.button * ratio)),
                                   note=max(SMALLEST_PX, min(scale.note, round(scale.note * ratio))))
            self.wanted_h = 0
            self.build(size)
        self.rows_one_size()

    def build(self, size: tuple[int, int]) -> None:
        """Place the widgets (override); their words are the language's of now."""

    def art_changed(self) -> None:
        """The language or the looks changed: the words and the dimming are made again."""
        self._dim = None
        self.resized(self.app.size)

    def panel_width(self, size: tuple[int, int]) -> int:
        """How wide the panel is in a window of ``size``: ``width_em`` body sizes, at most
        the window's width less a margin."""
        return min(size[0] - 2 * PANEL_MARGIN, round(self.px * self.width_em))

    def panel_box(self, size: tuple[int, int], height: int) -> Box:
        """The panel, centred: :meth:`panel_width` wide and ``height`` high (at most the
        window's height less a margin; :meth:`fit` makes the words smaller when it would be
        more)."""
        self.wanted_h = max(self.wanted_h, height)
        w = self.panel_width(size)
        h = min(size[1] - 2 * PANEL_MARGIN, height)
        return Box((size[0] - w) // 2, (size[1] - h) // 2, w, h)

    def text_height(self, lines: list[tuple[str, str]], size: tuple[int, int]) -> int:
        """How tall :meth:`text_lines` writes ``lines`` in the panel of a window of ``size``."""
        width = self.panel_width(size) - 2 * self.px
        font = self.app.painter.font(self.px)
        return sum(len(wrap(font, text, width)) for text, _role in lines) * self.line_step

    @property
    def line_step(self) -> int:
        """The distance from one line of a window's text to the next."""
        return round(self.px * 1.45)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
            return
        if event.type == pygame.TEXTINPUT:
            self.on_text(event.text)

    def widget_at(self, pos: tuple[float, float]) -> Widget | None:
        for widget in self.widgets:
            if widget.box.contains(*pos):
                return widget
        return None

    @property
    def hover(self) -> str | None:
        return self.presses.hover

    @property
    def pressed(self) -> str | None:
        """The widget a press held now went down on."""
        return self.presses.pressed

    def on_pointer(self, p: Pointer) -> None:
        widget = self.widget_at(p.pos)
        name = widget.name if widget is not None and widget.enabled else None
        outcome = self.presses.feed(p, name)
        if outcome is None:
            return
        self.dirty = True
        if outcome.kind == "down":
            self.show_focus = False
            if name is None and self.close_outside and not self.panel.contains(*p.pos):
                self.close()
        elif outcome.kind == "activate" and widget is not None:
            self.ring.click(widget.name)
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
        """Text between the title and the widgets: :meth:`body_lines` from :attr:`body_top`
        (override for a body of another shape)."""
        self.text_lines(surface, self.body_lines(), self.body_top)

    def body_lines(self) -> list[tuple[str, str]]:
        """The window's text under its title, each paragraph with the name of its colour in
        the theme (override); the layout gives it the room :meth:`text_height` says."""
        return []

    @property
    def body_top(self) -> int:
        """Where the text under the title starts."""
        return self.panel.y + round(self.px * 3.2)

    def body_text(self) -> str:
        """The window's words as one text for a screen reader (:meth:`body_lines`, one sentence
        after the other; override where a window draws words of its own): a window is heard
        with its title, these words and its focus."""
        return sentences([text for text, _role in self.body_lines()])

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
                               font_px=widget.font_px or self.scale.button)
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
        text = shown(field.text)  # a path picked from a list may hold bytes that are not UTF-8, a line break
        colour = theme.panel_text
        if not text and not active:
            text, colour = widget.label, theme.panel_button_off
        font, room = painter.font(self.px), box.w - self.px
        if len(text) > 40 and font.size(text)[0] > room:  # only the end that shows is drawn (a pasted path)
            text = elide(text, lambda part: font.size(part)[0] <= room)
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
                y += self.line_step
        return y

    def button_widths(self, names: list[tuple[str, str, bool]]) -> list[int]:
        """The width each button of a row would like: its words and a margin, at least a
        few letters wide (:meth:`button_row` shrinks one only when it alone is wider than
        the panel)."""
        painter = self.app.painter
        return [max(round(self.px * 5.5), painter.text(label, self.px, bold=True).get_width() + 2 * self.px)
                for _n, label, _p in names]

    @property
    def button_gap(self) -> int:
        """The room between two buttons side by side or one above the other: never less,
        so that no two buttons ever touch (issue 37.9)."""
        return max(6, self.px // 2)

    def button_lines(self, names: list[tuple[str, str, bool]], room: int) -> list[list[tuple[str, str, bool]]]:
        """``names`` in rows that fit ``room`` pixels: one row when all fit side by side;
        else the last (the primary, the answer Enter gives) on a row of its own at the
        bottom, the others in rows above it, as many on each as fit."""
        widths = dict(zip((n for n, _l, _p in names), self.button_widths(names)))
        gap = self.button_gap
        if sum(widths.values()) + gap * (len(names) - 1) <= room or len(names) < 2:
            return [names]
        lines: list[list[tuple[str, str, bool]]] = [[]]
        used = 0
        for entry in names[:-1]:
            need = widths[entry[0]] + (gap if lines[-1] else 0)
            if lines[-1] and used + need > room:
                lines.append([])
                used, need = 0, widths[entry[0]]
            lines[-1].append(entry)
            used += need
        return [*lines, names[-1:]]

    def buttons_height(self, names: list[tuple[str, str, bool]], size: tuple[int, int]) -> int:
        """How much taller than one row of buttons :meth:`button_row` makes ``names`` in the
        panel of a window of ``size`` (0 when they fit on one row)."""
        rows = len(self.button_lines(names, self.panel_width(size) - 2 * self.px))
        return (rows - 1) * (round(self.px * 2.3) + self.button_gap)

    def button_row(self, names: list[tuple[str, str, bool]], bottom: int) -> list[Widget]:
        """Buttons right-aligned along the panel's bottom edge: (name, label, primary), on
        more rows where they do not fit one (:meth:`button_lines`; :meth:`buttons_height`
        says how much room that takes above the last), never nearer each other than
        :attr:`button_gap`."""
        h = round(self.px * 2.3)
        gap = self.button_gap
        room = self.panel.w - 2 * self.px
        lines = self.button_lines(names, room)
        out = []
        for k, line in enumerate(lines):
            widths = self.button_widths(line)
            scale = min(1.0, (room - gap * (len(widths) - 1)) / max(1, sum(widths)))  # only a lone giant
            widths = [int(w * scale) for w in widths]
            x = self.panel.right - self.px - sum(widths) - gap * (len(widths) - 1)
            y = bottom - h - (len(lines) - 1 - k) * (h + gap)
            for (name, label, primary), w in zip(line, widths):
                out.append(Widget(name, Box(x, y, w, h), label, primary=primary))
                x += w + gap
        self.one_size(out)
        return out

    def one_size(self, widgets: list[Widget]) -> None:
        """Buttons that sit together show their words at one size: when a label is too
        long for its button (a longer language, a narrow window), every button of the
        group takes the size the longest needs (:func:`~seahaven.app.looks.render.row_px`),
        instead of that one shrinking alone."""
        buttons = [w for w in widgets if w.kind in ("button", "choice") and w.label and not w.font_px]
        size = row_px(self.app.painter, [(w.box, w.label) for w in buttons], self.scale.button, bold=True)
        if size < self.scale.button:
            for widget in buttons:
                widget.font_px = size

    def rows_one_size(self) -> None:
        """Every row of buttons and choices (those side by side at one height) at one size,
        where the layout did not size them as a group itself (:meth:`button_row` does)."""
        rows: dict[tuple[int, int], list[Widget]] = {}
        for widget in self.widgets:
            if widget.kind in ("button", "choice") and widget.label and not widget.font_px:
                rows.setdefault((widget.box.y, widget.box.h), []).append(widget)
        for row in rows.values():
            self.one_size(row)
