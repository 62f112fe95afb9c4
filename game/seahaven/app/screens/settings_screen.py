"""The Settings screen, generated from the declaration of the settings
(``seahaven.app.state.settings``): a row per setting that has a page, its control chosen by its
type (a toggle, a choice, a stepper within its limits, a toggle per difficulty). Every
change goes through ``Settings.set``, which checks it and announces it: autosave writes
it, the window reloads the art or the theme, the table repaints.

Five tabs (Play; Look; Sound and window; Cards and colours; Language).
Mouse and touch press the choices; the keyboard moves between rows with Up, Down and Tab
and changes the focused row with Left, Right, Enter or Space (with no row focused, Left
and Right switch the tab).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.board.layout import card_aspect, compute_layout, largest_card_scale
from seahaven.app.kit import Screen
from seahaven.app.looks.theme import theme_for
from seahaven.app.state import settings as declared
from seahaven.app.state.settings import SPECS, Settings, Spec, card_size_after
from seahaven.engine import Card, Position
from seahaven.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App
    from seahaven.app.state.session import Session

# Translators: the tabs of the Settings screen: Play (rules and help in play), Look, Sound and window, Cards and
# colours, Language. Each about 15 characters; "Play" is the noun (the game's rules), not the verb.
PAGES = ((declared.PLAY, N_("Play")),
         # Translators: the tabs of the Settings screen: Play (rules and help in play), Look, Sound and window, Cards
         # and colours, Language. Each about 15 characters; "Play" is the noun (the game's rules), not the verb.
         (declared.LOOK, N_("Look")),
         # Translators: the tabs of the Settings screen: Play (rules and help in play), Look, Sound and window, Cards
         # and colours, Language. Each about 15 characters; "Play" is the noun (the game's rules), not the verb.
         (declared.SOUND, N_("Sound and window")),
         # Translators: a tab of the Settings screen: the cards' size, suit letters and suit colours. About 15
         # characters.
         (declared.CARDS, N_("Cards and colours")),
         # Translators: a tab of the Settings screen (and the row on it): the language of the game's words. About 15
         # characters.
         (declared.LANGUAGE, N_("Language")))
"""Five tabs, so that most pages fit a 1280x800 window without scrolling: (page, title,
marked for translation and shown through ``_()``). Cards and colours gathers what helps a
player see the cards, with a preview of them drawn as the table draws them: their size, the
suits' colours (the four-colour deck, presets for colour blindness, or one's own: each
suit's own colour is on the page only with that choice) and letters; Motion (how cards move,
or not at all) is on Look; zen mode stays with Play, which it changes. The tab bar wraps
onto a second row where the window is too narrow."""
PLAY, LOOK, SOUND, CARDS, LANGUAGE = range(len(PAGES))
"""The tabs' numbers."""


@dataclass(frozen=True)
class Row:
    """One setting on the screen: its declaration and the control that changes it."""

    spec: Spec
    kind: str
    """"toggle", "choice", "stepper" or "winnable" (one toggle per difficulty)."""

    @property
    def name(self) -> str:
        return self.spec.name


def _control(spec: Spec) -> str:
    if spec.kind is dict:
        return "winnable"
    if spec.kind is bool:
        return "toggle"
    return "choice" if spec.choices else "stepper"


ROWS: tuple[Row, ...] = tuple(
    Row(spec, _control(spec)) for page, _title in PAGES for spec in SPECS.values() if spec.page == page
)
"""Generated from the declaration of the settings, in its order, page by page."""


class SettingsScreen(Screen):
    """Settings; each change goes through ``settings.set``, which checks and announces it
    (autosave writes it, the window reloads the art)."""

    title = N_("Settings")
    tabs = tuple(title for _page, title in PAGES)

    def __init__(self, app: App, settings: Settings | None = None, position: Position | None = None) -> None:
        super().__init__(app)
        self.settings = settings if settings is not None else app.settings
        self.position = position
        """The game in play's position (the card size the table can show depends on its columns)."""
        self.preview: list[pygame.Rect] = []
        """Where the preview's cards are on the page (at no scroll), as the last layout put them."""
        self.layout()

    def uses_arrows_for_focus(self) -> bool:
        return True

    # -- changing ----------------------------------------------------------------------------
    def set(self, name: str, value: Any) -> None:
        """Change one setting (the settings check it and announce it)."""
        if self.settings.set(name, value):
            self.dirty = True

    def set_winnable(self, cells: int, value: bool) -> None:
        self.set("winnable_only", {**self.settings.winnable_only, cells: value})

    def step(self, row: Row, direction: int) -> None:
        """Left (-1) or Right (+1) on a row."""
        s = self.settings
        if row.kind == "toggle":
            self.set(row.name, direction > 0 if direction else not getattr(s, row.name))
        elif row.kind == "choice":
            values = [value for value, _label in row.spec.choices]
            current = getattr(s, row.name)
            index = values.index(current) if current in values else 0
            index = (index + direction) % len(values) if direction else (index + 1) % len(values)
            self.set(row.name, values[index])
        elif row.name == "card_size":  # from the size the window shows, never past the largest it holds
            self.set(row.name, card_size_after(s.card_size, self.largest_card(), direction or 1))
        elif row.kind == "stepper" and row.spec.limits is not None:
            low, high = row.spec.limits
            step = row.spec.step
            value = round(getattr(s, row.name) / step + (direction or 1)) * step
            value = max(low, min(high, value))
            self.set(row.name, round(value, 2) if row.spec.kind is float else int(value))

    # -- drawing -----------------------------------------------------------------------------
    def largest_card(self) -> float:
        """The card size past which the cards of this window grow no more (with the columns
        of the game in play: long ones leave less room)."""
        return largest_card_scale(*self.app.size, card_aspect(), self.position)

    def paint(self, surface: pygame.Surface, y: int) -> int:
        column = self.column()
        u = self.unit
        page = PAGES[self.tab][0]
        if page == declared.CARDS:
            y = self.paint_preview(surface, column, y) + u
        for row in (r for r in ROWS if r.spec.page == page and self.settings.shows(r.spec)):
            y = self.paint_row(surface, row, column, y) + u
        return y

    def paint_preview(self, surface: pygame.Surface, column: pygame.Rect, y: int) -> int:
        """Cards of the four suits as the table draws them now, at the size it draws them
        (smaller where the page is narrow): every change on this page shows here at once."""
        painter = self.app.painter
        cells = self.position.cell_count if self.position is not None else 4
        layout = compute_layout(*self.app.size, cells, card_aspect(), position=self.position,
                                card_scale=self.settings.card_size)
        gap = max(4, self.unit // 2)
        w = min(layout.card_w, (column.w - 3 * gap) // 4)
        h = round(w * card_aspect())
        self.read(_("The cards as the table shows them, with these settings."))
        x = column.x + (column.w - 4 * w - 3 * gap) // 2
        boxes = [pygame.Rect(x + i * (w + gap), y + self.scroll, w, h) for i in range(len(PREVIEW_CARDS))]
        if self.measuring:
            self.preview = boxes  # where the layout put them, in the page (scrolled by self.scroll)
        else:
            for card, box in zip(PREVIEW_CARDS, boxes):
                surface.blit(painter.card(card, w, h), (box.x, box.y - self.scroll))
        return y + h

    def paint_row(self, surface: pygame.Surface, row: Row, column: pygame.Rect, y: int) -> int:
        u = self.unit
        h = round(u * 2.0)
        segments = self.segments(row)
        font = self.font(u, True)
        shown = row.name in PREVIEWS
        swatch = (round(h * 0.62 * 0.7), round(h * 0.62))
        extra = swatch[0] + u // 2 if shown else 0
        widths = [
            max(font.size(label if value is not None else self.widest_readout(row))[0] + u * 3 // 2 + extra, h)
            for value, label, _chosen in segments
        ]
        gap = max(2, u // 6)
        control_w = sum(widths) + gap * (len(widths) - 1)
        narrow = control_w + 14 * u > column.w
        label_w = column.w if narrow else column.w - control_w - u
        top = y
        whole_row = row.kind != "winnable"  # a screen reader hears such a row as one control with its value
        y = self.text(surface, _(row.spec.label), column.x, y, label_w, bold=True, reads=not whole_row)
        y = self.text(surface, _(row.spec.note), column.x, y, label_w, size=self.scale.note,
                      colour=self.theme.text_dim, reads=not whole_row)
        if narrow:
            cy = y + u // 3
            cx = column.x
        else:
            cy = top + max(0, (y - top - h) // 2)
            cx = column.right - control_w
        rects = self.flow(widths, cx, cy, h, gap, column.right)
        whole = rects[0].unionall(rects[1:])
        if row.kind == "winnable":
            for (cells, label, chosen), rect in zip(segments, rects):
                value = not chosen
                self.button(surface, rect, label, partial(self.set_winnable, cells, value),
                            key=f"{row.name}{cells}", on=chosen,
                            left=partial(self.set_winnable, cells, False),
                            right=partial(self.set_winnable, cells, True))
            return max(y, whole.bottom)
        now = [label for value, label, chosen in segments if chosen or value is None]
        area = self.hot_area(whole, lambda: self.step(row, 0), key=row.name,
                             label=pgettext("screen reader", "{label}: {value}").format(
                                 label=_(row.spec.label), value=pgettext("list separator", ", ").join(now)))
        area.left, area.right = (lambda: self.step(row, -1)), (lambda: self.step(row, 1))
        self.read(_(row.spec.note))
        for (value, label, chosen), rect in zip(segments, rects):
            if value is None:  # a stepper's read-out
                words = font.render(label, True, self.theme.text)
                surface.blit(words, words.get_rect(center=rect.center))
            elif shown:  # the choice shows what it looks like, left of its name
                self.button(surface, rect, "", self._setter(row, value), on=chosen, read_as=label)
                picture = PREVIEWS[row.name](self, value, swatch)
                left = rect.x + u // 2
                surface.blit(picture, (left, rect.centery - swatch[1] // 2))
                words = font.render(label, True, self.theme.button_text)
                room = pygame.Rect(left + extra, rect.y, rect.right - left - extra, rect.h)
                surface.blit(words, words.get_rect(center=room.center))
            elif row.kind == "stepper":
                self.button(surface, rect, label, self._setter(row, value), chosen=False,
                            # Translators: a small button of a Settings slider (volume, card size): one step less. About
                            # 6 characters.
                            read_as=pgettext("stepper", "Less") if value < 0 else pgettext("stepper", "More"))
            else:
                self.button(surface, rect, label, self._setter(row, value), on=chosen)
        return max(y, whole.bottom)

    @staticmethod
    def flow(widths: list[int], x: int, y: int, h: int, gap: int, right: int) -> list[pygame.Rect]:
        """Where a row's buttons go: side by side from ``x``, onto a new line under the first
        when the next would pass ``right`` (the Language row's ten names at 800x600)."""
        rects: list[pygame.Rect] = []
        cx = x
        for w in widths:
            if rects and cx + w > right:
                cx, y = x, y + h + gap
            rects.append(pygame.Rect(cx, y, w, h))
            cx += w + gap
        return rects

    def widest_readout(self, row: Row) -> str:
        """What a stepper's read-out is measured by, so its buttons do not move as it changes."""
        limits = row.spec.limits or (0, 0)
        shown = [row.spec.readout(v) for v in limits]
        if row.name == "card_size":
            shown.append(largest_readout(row.spec, self.largest_card()))
        return max(shown, key=lambda text: self.font(self.unit, True).size(text)[0])

    def _setter(self, row: Row, value: Any) -> Callable[[], None]:
        if row.kind == "stepper":
            return lambda: self.step(row, value)
        return lambda: self.set(row.name, value)

    def segments(self, row: Row) -> list[tuple[Any, str, bool]]:
        """The pieces of a row's control: (value, label, chosen); a stepper's are -1, the
        read-out (None) and +1."""
        s = self.settings
        if row.kind == "toggle":
            on = bool(getattr(s, row.name))
            # Translators: the two buttons of a Settings switch (Off, On). About 8 characters each; one pair of words
            # for every switch of Settings.
            return [(False, pgettext("switch", "Off"), not on), (True, pgettext("switch", "On"), on)]
        if row.kind == "choice":
            current = getattr(s, row.name)
            return [(value, _(label), value == current) for value, label in row.spec.choices]
        if row.kind == "winnable":
            return [(cells, _(name), bool(s.winnable_only.get(cells))) for cells, name in row.spec.choices]
        readout = row.spec.readout(getattr(s, row.name))
        if row.name == "card_size":  # as the window shows it, and where it stops
            largest = self.largest_card()
            readout = largest_readout(row.spec, largest) if s.card_size >= largest else row.spec.readout(s.card_size)
        return [(-1, "\u2013", False), (None, readout, False), (1, "+", False)]


def largest_readout(spec: Spec, largest: float) -> str:
    """The card size's read-out where the window holds no larger: "106% (largest that fits)"."""
    # Translators: a choice of Settings' Card size row; {size} is a percentage ("130%"): the largest card size this
    # window holds.
    return pgettext("card size", "{size} (largest that fits)").format(size=spec.readout(largest))


PREVIEW_CARDS = tuple(Card.parse(text) for text in ("AC", "TD", "QH", "7S"))
"""The preview on Cards and colours: one card of each suit, a number and a face among them."""


def _back(screen: SettingsScreen, back: int, size: tuple[int, int]) -> pygame.Surface:
    """A card back, small: what the Card back choice looks like."""
    return screen.app.painter.assets.back(size[0], size[1], back)


def _cloth(screen: SettingsScreen, table: str, size: tuple[int, int]) -> pygame.Surface:
    """A small card-shaped piece of a table's cloth, edged in its band line."""
    theme = theme_for(table)
    piece = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, size[0] // 6)
    pygame.draw.rect(piece, theme.felt_top, piece.get_rect(), border_radius=radius)
    pygame.draw.rect(piece, theme.felt_bottom, piece.get_rect().inflate(0, -size[1] // 2).move(0, size[1] // 4))
    pygame.draw.rect(piece, screen.theme.button_text, piece.get_rect(), width=1, border_radius=radius)
    return piece


PREVIEWS: dict[str, Callable[[SettingsScreen, Any, tuple[int, int]], pygame.Surface]] = {
    "card_back": _back, "table": _cloth,
}
"""Choices shown with a picture of themselves, by setting."""


def open_scene(app: App, session: Session) -> SettingsScreen:
    """The Settings screen: each change applies at once and is saved at once."""
    return SettingsScreen(app, session.settings, session.current.position)
