"""The Settings screen: sound and volume, animation speed, four-colour deck, double-tap
time, the lost-game warning, the classic run limit, winnable-only deals per difficulty and
fullscreen at start, and the language. Every change applies at once (``on_change(name)`` tells the app,
which saves and applies it).

Three tabs, Play, Look and sound, and Language, so that each page fits the window without scrolling.
Mouse and touch press the choices; the keyboard moves between rows with Up, Down and Tab
and changes the focused row with Left, Right, Enter or Space (with no row focused, Left
and Right switch the tab).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app.i18n import LANGUAGES, N_, _, format_number, format_percent, set_language
from game.app.render import TEXT_DIM
from game.app.screens.kit import Screen
from game.app.settings import Settings
from game.app.words import DIFFICULTY_NAMES, difficulty_name

if TYPE_CHECKING:
    from game.app.scenes import App
    from game.app.session import Session

VOLUME_STEP = 0.1
DOUBLE_TAP_RANGE = (200, 1000)
DOUBLE_TAP_STEP = 50
PLAY, LOOK, LANGUAGE = range(3)
PAGES = (N_("Play"), N_("Look and sound"), N_("Language"))
"""Three tabs, so that each fits a 1280x800 window without scrolling."""


@dataclass(frozen=True)
class Row:
    """One setting: its label, a line of explanation, and which control changes it."""

    name: str
    label: str
    note: str
    kind: str
    """"toggle", "choice", "stepper" or "winnable"."""
    choices: tuple[tuple[Any, str], ...] = ()
    page: int = 0
    """The tab it is on: ``PLAY`` or ``LOOK``."""


ROWS: tuple[Row, ...] = (
    Row("sound", N_("Sound"), N_("Card sounds and the win fanfare."), "toggle", page=LOOK),
    Row("volume", N_("Volume"), N_("How loud the sounds are."), "stepper", page=LOOK),
    Row("animation", N_("Animation speed"), N_("How fast cards glide; Off moves them at once."), "choice",
        (("off", N_("Off")), ("fast", N_("Fast")), ("normal", N_("Normal")), ("slow", N_("Slow"))), page=LOOK),
    Row("four_colour", N_("Four-colour deck"), N_("Clubs green and diamonds blue, so no two suits look alike."),
        "toggle", page=LOOK),
    Row("double_tap_ms", N_("Double-tap time"), N_("The longest pause between the two taps of a double-tap."),
        "stepper"),
    Row("warn_lost", N_("Warn when the game is lost"),
        N_("Say so as soon as no winning line is left, and how many undos lead back to one."), "toggle"),
    Row("show_verdict", N_("Solver's verdict"), N_("After every move: winnable, or how many undos lead back."),
        "toggle"),
    Row("classic_run_limit", N_("Classic run limit"),
        N_("Runs move only as far as free cells + 1 allow, as in PySolFC and Aisleriot. "
           "Off: the app's (free cells + 1) \u00d7 2 to the power of the empty columns."), "toggle"),
    Row("winnable_only", N_("Winnable deals only"),
        N_("What the New Game window offers first: only deals the solver has proved can be won."),
        "winnable"),
    Row("fullscreen", N_("Start in fullscreen"), N_("F11 switches at any time."), "toggle", page=LOOK),
    Row("language", N_("Language"), N_("The language of the game's words; System follows the computer's."),
        "choice", (("system", N_("System")), *LANGUAGES.items()), page=LANGUAGE),
)
"""Labels, notes and choice names are marked only and shown through ``_()``; the language
names are not translated (each is written in its own language)."""


class SettingsScreen(Screen):
    """Settings, changed in place on ``settings``; ``on_change(name)`` follows each change."""

    title = N_("Settings")
    tabs = PAGES

    def __init__(self, app: App, settings: Settings | None = None,
                 on_change: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.settings = settings if settings is not None else app.settings
        self.on_change = on_change
        self.layout()

    def uses_arrows_for_focus(self) -> bool:
        return True

    # -- changing ----------------------------------------------------------------------------
    def set(self, name: str, value: Any) -> None:
        """Change one setting, then tell the app (which saves and applies it)."""
        if getattr(self.settings, name) == value:
            return
        setattr(self.settings, name, value)
        self.dirty = True
        if self.on_change is not None:
            self.on_change(name)

    def set_winnable(self, cells: int, value: bool) -> None:
        current = dict(self.settings.winnable_only)
        if current.get(cells) == value:
            return
        current[cells] = value
        self.settings.winnable_only = current
        self.dirty = True
        if self.on_change is not None:
            self.on_change("winnable_only")

    def step(self, row: Row, direction: int) -> None:
        """Left (-1) or Right (+1) on a row."""
        s = self.settings
        if row.kind == "toggle":
            self.set(row.name, direction > 0 if direction else not getattr(s, row.name))
        elif row.kind == "choice":
            values = [value for value, _label in row.choices]
            current = getattr(s, row.name)
            index = values.index(current) if current in values else 0
            index = (index + direction) % len(values) if direction else (index + 1) % len(values)
            self.set(row.name, values[index])
        elif row.name == "volume":
            volume = round(s.volume / VOLUME_STEP + (direction or 1)) * VOLUME_STEP
            self.set("volume", round(max(0.0, min(1.0, volume)), 2))
        elif row.name == "double_tap_ms":
            low, high = DOUBLE_TAP_RANGE
            ms = round(s.double_tap_ms / DOUBLE_TAP_STEP + (direction or 1)) * DOUBLE_TAP_STEP
            self.set("double_tap_ms", max(low, min(high, ms)))

    # -- drawing -----------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, y: int) -> int:
        column = self.column()
        u = self.unit
        for row in (r for r in ROWS if r.page == self.tab):
            y = self.paint_row(surface, row, column, y) + u
        return y

    def paint_row(self, surface: pygame.Surface, row: Row, column: pygame.Rect, y: int) -> int:
        u = self.unit
        h = round(u * 2.0)
        segments = self.segments(row)
        font = self.font(u, True)
        widths = [
            max(font.size(label if value is not None else "1000 ms")[0] + u * 3 // 2, h)
            for value, label, _chosen in segments
        ]
        gap = max(2, u // 6)
        control_w = sum(widths) + gap * (len(widths) - 1)
        narrow = control_w + 14 * u > column.w
        label_w = column.w if narrow else column.w - control_w - u
        top = y
        y = self.text(surface, _(row.label), column.x, y, label_w, bold=True)
        y = self.text(surface, _(row.note), column.x, y, label_w, size=max(13, round(u * 0.8)), colour=TEXT_DIM)
        if narrow:
            cy = y + u // 3
            cx = column.x
        else:
            cy = top + max(0, (y - top - h) // 2)
            cx = column.right - control_w
        whole = pygame.Rect(cx, cy, control_w, h)
        if row.kind == "winnable":
            x = cx
            for (cells, label, chosen), w in zip(segments, widths):
                rect = pygame.Rect(x, cy, w, h)
                value = not chosen
                self.button(surface, rect, label, lambda c=cells, v=value: self.set_winnable(c, v),
                            key=f"{row.name}{cells}", on=chosen,
                            left=lambda c=cells: self.set_winnable(c, False),
                            right=lambda c=cells: self.set_winnable(c, True))
                x += w + gap
            return max(y, cy + h)
        area = self.hot_area(whole, lambda: self.step(row, 0), key=row.name)
        area.left, area.right = (lambda: self.step(row, -1)), (lambda: self.step(row, 1))
        x = cx
        for (value, label, chosen), w in zip(segments, widths):
            rect = pygame.Rect(x, cy, w, h)
            if value is None:  # a stepper's read-out
                words = font.render(label, True, (236, 242, 236))
                surface.blit(words, words.get_rect(center=rect.center))
            else:
                self.button(surface, rect, label, self._setter(row, value), on=chosen)
            x += w + gap
        return max(y, cy + h)

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
            return [(False, _("Off"), not on), (True, _("On"), on)]
        if row.kind == "choice":
            current = getattr(s, row.name)
            return [(value, _(label), value == current) for value, label in row.choices]
        if row.kind == "winnable":
            return [(cells, difficulty_name(cells), bool(s.winnable_only.get(cells))) for cells in DIFFICULTY_NAMES]
        readout = format_percent(s.volume) if row.name == "volume" else f"{format_number(s.double_tap_ms)} ms"
        return [(-1, "\u2013", False), (None, readout, False), (1, "+", False)]


def open_scene(app: App, session: Session) -> SettingsScreen:
    """The Settings screen: each change applies at once and is saved at once."""

    def changed(name: str) -> None:
        if name == "four_colour":
            app.reload_art()
        if name == "language":
            set_language(session.settings.language)
            app.language_changed()
        session.setting_changed(name)

    return SettingsScreen(app, session.settings, on_change=changed)
