"""The Daily deals screen: today's deal of each difficulty, a calendar of one month (arrows
for the others) that marks the days whose daily deal was played and won, and the daily
streak. Choosing a day and a difficulty plays that day's deal (the game asks first if a
game in progress would be thrown away; ``on_play`` does that, given by the window that
opens this screen).

Keys: the arrows move from day to day (Left and Right one day, Up and Down the focus),
Page Up and Page Down change the month, Enter plays the focused choice; a finger or the
mouse taps a day, the month arrows and the Play buttons.
"""

from __future__ import annotations

import calendar
import datetime as _dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.kit import Screen
from seahaven.app.looks.render import wrap
from seahaven.app.looks.result_marks import HELPED, LOST, WON, paint_dot
from seahaven.app.screens.statistics import StatsScreen
from seahaven.app.state.history import History
from seahaven.app.state.session import Session
from seahaven.app.text.words import (
    DIFFICULTY_NAMES,
    date_text,
    day_text,
    difficulty_name,
    month_short,
    month_year,
    per_difficulty,
    weekday_short,
)
from seahaven.engine import daily
from seahaven.engine.daily import FIRST_DAY
from seahaven.i18n import N_, _, format_number, ngettext, pgettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

Day = _dt.date
PlayDaily = Callable[[_dt.date, int], None]
Ask = Callable[[Callable[[], str], Callable[[], None]], None]
"""``ask(title, start)``: run ``start`` now, or once the player agrees to leave the game in
play (``title``: the question's words, built when shown)."""


DOTS = {"won": WON, "helped": HELPED, "played": LOST}
"""What became of a day's deal (the history's word) -> its mark on the calendar."""


def day_key(day: _dt.date) -> str:
    return f"day{day.isoformat()}"


class DailyScreen(Screen):
    """The calendar of daily deals, for ``history`` (what was played and won)."""

    # Translators: the title of the daily deals screen and the name of its Menu entry.
    title = N_("Daily deals")

    def __init__(self, app: App, history: History, today: _dt.date, on_play: PlayDaily,
                 note: Callable[[], str] | None = None) -> None:
        self.history = history
        self.today = today
        self.selected = today
        self.month = (today.year, today.month)
        self.on_play = on_play
        self.note = note
        self._days: tuple[tuple[int, int], dict[tuple[str, int], str], int] | None = None
        self.refused: _dt.date | None = None
        """The day without a deal to play (still to come, or before the first) the player
        tapped last: the screen says why nothing was played, until another day is chosen."""
        super().__init__(app)
        self.focus_key = f"play{app.settings.cells if app.settings.cells in DIFFICULTY_NAMES else 4}"
        self.layout()

    def uses_arrows_for_focus(self) -> bool:
        return True

    # -- choices ---------------------------------------------------------------------------
    def select(self, day: _dt.date) -> None:
        day = min(self.today, max(FIRST_DAY, day))
        self.refused = None
        self.selected = day
        self.month = (day.year, day.month)
        if self.focus_key.startswith("day"):
            self.focus_key = day_key(day)
        self.dirty = True

    def shift_month(self, step: int) -> None:
        year, month = self.month
        month += step
        year += (month - 1) // 12
        month = (month - 1) % 12 + 1
        first = _dt.date(year, month, 1)
        if first > self.today or _dt.date(year, month, calendar.monthrange(year, month)[1]) < FIRST_DAY:
            return
        self.month = (year, month)
        last = calendar.monthrange(year, month)[1]
        self.select(_dt.date(year, month, min(self.selected.day, last)))

    def refuse(self, day: _dt.date) -> None:
        """A tap on a day that has no deal to play: nothing is played, the screen says why."""
        self.refused = day
        self.dirty = True

    def refusal(self) -> str:
        """Why the tapped day cannot be played, in the language of now ("" when none was)."""
        if self.refused is None:
            return ""
        if self.refused > self.today:
            # Translators: under the daily calendar, after a tap on a day to come; {day} is a full date.
            return _("The deals of {day} are not out yet: each day's deals come at midnight UTC.").format(
                day=day_text(self.refused))
        # Translators: under the daily calendar, after a tap on a day before the first; {day} is a full date.
        return _("The daily deals began on {day}.").format(day=day_text(FIRST_DAY))

    def play(self, cells: int) -> None:
        self.on_play(self.selected, cells)

    def key(self, event: Any) -> None:
        key = getattr(event, "key", None)
        if key == pygame.K_PAGEUP:
            self.shift_month(-1)
        elif key == pygame.K_PAGEDOWN:
            self.shift_month(1)
        elif key == pygame.K_t:
            self.select(self.today)
        else:
            super().key(event)

    # -- painting --------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, y: int) -> int:
        u = self.unit
        column = self.column()
        small = self.scale.note
        key = (len(self.history.entries), self.history.reset_at)
        if self._days is None or self._days[0] != key:  # a layout paints twice; 10,000 games take a while
            self._days = (key, self.history.daily_days(), self.history.daily_streak(self.today))
        _key, days, streak = self._days
        y = self.text(surface, _("One deal a day for each difficulty, the same for every player, proved winnable "
                                 "by the solver. A new one comes at midnight UTC."), column.x, y, column.w,
                      colour=self.theme.text_dim, size=small) + u // 2
        # Translators: a bold line of the daily deals screen; {n} is a number of days.
        y = self.text(surface, ngettext("Daily streak: {n} day in a row with a daily deal won.",
                                        "Daily streak: {n} days in a row with a daily deal won.", streak).format(
                                            n=format_number(streak)),
                      column.x, y, column.w, colour=self.theme.text, bold=True) + u // 2
        y = self.paint_choice(surface, column, y, days) + u
        y = self.paint_month(surface, column, y, days)
        y = self.paint_legend(surface, column, y + u // 2, small)
        return y + u

    def paint_choice(self, surface: pygame.Surface, column: pygame.Rect, y: int,
                     days: dict[tuple[str, int], str]) -> int:
        """The chosen day and its three Play buttons, with what became of each."""
        u = self.unit
        day = self.selected
        # Translators: the heading over today's three Play buttons of the daily deals screen.
        heading = (_("Today\u2019s deals") if day == self.today
                   # Translators: the heading over a chosen day's three Play buttons; {day} is a date.
                   else _("The deals of {day}").format(day=day_text(day)))
        y = self.text(surface, heading,
                      column.x, y, column.w, colour=self.theme.heading, bold=True) + u // 3
        h = round(u * 2.3)
        gap = u // 2
        w = (column.w - 2 * gap) // 3
        for i, cells in enumerate(DIFFICULTY_NAMES):
            state = days.get((day.isoformat(), cells))
            # Translators: what became of a daily deal, after its Play button ("Play Easy · won") and in the calendar's
            # words for a screen reader. Short: about 10 characters.
            status = {"won": pgettext("daily deal", "won"), "helped": pgettext("daily deal", "won with help"),
                      # Translators: what became of a daily deal: played but not won. Short: about 10 characters.
                      "played": pgettext("daily deal", "played")}.get(state or "", "")
            # Translators: the three buttons of a day on the daily deals screen (Play Easy, Play Medium, Play Hard):
            # play that day's deal of the difficulty. About 14 characters; a verb.
            text = per_difficulty(cells, pgettext("daily deal", "Play Easy"), pgettext("daily deal", "Play Medium"),
                                  pgettext("daily deal", "Play Hard")) + \
                (f" \u00b7 {status}" if status else "")
            rect = pygame.Rect(column.x + i * (w + gap), y, w, h)
            self.button(surface, rect, text, _bind(self.play, cells), key=f"play{cells}", on=state == "won",
                        size=self.scale.note, chosen=False)
        y += h
        if self.note is not None and self.note():
            y = self.text(surface, self.note(), column.x, y + u // 3, column.w, size=self.scale.note,
                          colour=self.theme.text_dim)
        return y

    def paint_month(self, surface: pygame.Surface, column: pygame.Rect, y: int,
                    days: dict[tuple[str, int], str]) -> int:
        """The month's header with its arrows, the weekdays, and a button per day."""
        u = self.unit
        year, month = self.month
        h = round(u * 2.2)
        arrow_w = round(u * 4.2)
        first = _dt.date(year, month, 1)
        earlier = first > FIRST_DAY
        later = _dt.date(year + month // 12, month % 12 + 1, 1) <= self.today
        back = month_short((month - 2) % 12 + 1)
        after = month_short(month % 12 + 1)
        if earlier:
            self.button(surface, pygame.Rect(column.x, y, arrow_w, h), f"< {back}", lambda: self.shift_month(-1),
                        key="month-back", read_as=month_year((month - 2) % 12 + 1, year - (month == 1)))
        if later:
            self.button(surface, pygame.Rect(column.right - arrow_w, y, arrow_w, h), f"{after} >",
                        lambda: self.shift_month(1), key="month-next",
                        read_as=month_year(month % 12 + 1, year + (month == 12)))
        self.read(month_year(month, year), heading=True)
        title = self.font(u, True).render(month_year(month, year), True, self.theme.heading)
        surface.blit(title, title.get_rect(center=(column.centerx, y + h // 2)))
        y += h + u // 2
        cell_w = column.w // 7
        small = self.scale.note
        font = self.font(small, True)
        for i in range(7):
            words = font.render(weekday_short(i), True, self.theme.text_dim)
            surface.blit(words, (column.x + i * cell_w + (cell_w - words.get_width()) // 2, y))
        y += font.get_linesize() + u // 4
        weeks = calendar.Calendar().monthdatescalendar(year, month)
        below = u // 2 + self.legend_height(column, small) + 2 * u  # the legend, and the page's foot
        room = (self.viewport.bottom - self.scroll - y - below) // len(weeks)  # the month fits when it can
        cell_h = max(round(u * 1.4), min(round(cell_w * 0.9), round(u * 4.4), room))  # a tall screen: taller days
        number_font = self.font(self.scale.note, True)
        for week in weeks:
            for i, day in enumerate(week):
                if day.month != month:
                    continue
                rect = pygame.Rect(column.x + i * cell_w + 2, y + 2, cell_w - 4, cell_h - 4)
                self.paint_day(surface, rect, day, days, number_font)
            y += cell_h
        pygame.draw.line(surface, self.theme.band_line, (column.x, y), (column.right, y), 1)
        return y

    def paint_day(self, surface: pygame.Surface, rect: pygame.Rect, day: _dt.date,
                  days: dict[tuple[str, int], str], font: Any) -> None:
        playable = FIRST_DAY <= day <= self.today
        key = day_key(day) if playable else ""
        hot = self.hot_area(rect, _bind_day(self.select if playable else self.refuse, day), key=key,
                            label=self.day_words(day, days), selected=day == self.selected)
        hot.left = _bind_day(self.select, day - _dt.timedelta(days=1)) if playable else None
        hot.right = _bind_day(self.select, day + _dt.timedelta(days=1)) if playable else None
        chosen = day == self.selected
        theme = self.theme
        radius = max(3, rect.h // 8)
        if not playable:  # no deal yet (or none any more): a sunken cell, its number greyed
            pygame.draw.rect(surface, theme.band, rect, border_radius=radius)
            pygame.draw.rect(surface, theme.band_line, rect, width=1, border_radius=radius)
        else:
            pygame.draw.rect(surface, theme.button_on if chosen else theme.button, rect, border_radius=radius)
        if day == self.today:
            pygame.draw.rect(surface, theme.selection, rect, width=max(2, rect.h // 16), border_radius=radius)
        if self.focus_key == key and key:
            pygame.draw.rect(surface, theme.focus, rect.inflate(4, 4), width=2, border_radius=radius)
        number = font.render(str(day.day), True, self.theme.text if playable else self.theme.button_text_off)
        surface.blit(number, (rect.x + rect.w // 8, rect.y + rect.h // 12))
        dot = max(3, min(rect.w // 10, rect.h // 7))
        for i, cells in enumerate(DIFFICULTY_NAMES):
            state = days.get((day.isoformat(), cells))
            centre = (rect.right - (3 - i) * 3 * dot, rect.bottom - dot - max(3, rect.h // 10))
            if state is not None:  # won: a dot, won with help: a diamond, played: a ring
                paint_dot(surface, self.theme, DOTS.get(state, LOST), centre, dot)

    def day_words(self, day: _dt.date, days: dict[tuple[str, int], str]) -> str:
        """A day of the calendar as a screen reader hears it: its date, whether it is today,
        and what became of each difficulty's deal ("won", "played", "not played"), or that
        its deals are not out yet (or came before the first)."""
        marks = {"won": pgettext("daily deal", "won"), "helped": pgettext("daily deal", "won with help"),
                 "played": pgettext("daily deal", "played")}
        if day > self.today:
            # Translators: what a screen reader says of a day of the calendar still to come: its deals are not published
            # yet.
            state = pgettext("daily deal", "not out yet")
        elif day < FIRST_DAY:
            # Translators: what a screen reader says of a day of the calendar before the first daily deal.
            state = pgettext("daily deal", "no daily deal")
        else:
            state = pgettext("list separator", ", ").join(
                pgettext("screen reader", "{difficulty} {value}").format(
                    difficulty=difficulty_name(cells),
                    # Translators: what became of a daily deal: not played yet (screen reader).
                    value=marks.get(days.get((day.isoformat(), cells)) or "", pgettext("daily deal", "not played")))
                for cells in DIFFICULTY_NAMES)
        # Translators: what a screen reader calls today's square of the calendar; {day} is a full date with its weekday.
        name = pgettext("daily deal", "Today, {day}") if day == self.today else "{day}"
        return pgettext("screen reader", "{label}: {value}").format(label=name.format(day=date_text(day)),
                                                                   value=state)

    def legend_note(self) -> str:
        """The words after the legend's marks: how to read them, or why a tapped day
        played nothing."""
        # Translators: the legend under the daily calendar: each day shows three small dots, one per difficulty in this
        # order, coloured by what became of that deal. Page Up and Page Down are keys.
        return self.refusal() or _("Dots: Easy, Medium, Hard. Page Up and Page Down change the month.")

    def legend_height(self, column: pygame.Rect, size: int) -> int:
        """How tall :meth:`paint_legend` draws the legend in ``column``."""
        font: pygame.font.Font = self.font(size)
        dot = max(4, round(size * 0.36))
        x = column.x + sum(3 * dot + font.size(text)[0] + size for text in self.legend_marks())
        note = self.legend_note()
        if x + font.size(note)[0] <= column.right:
            return int(font.get_linesize())
        line_h = round(font.get_linesize() * 1.1)
        return int(font.get_linesize()) + line_h * len(wrap(self.font(size, self.refused is not None), note, column.w))

    @staticmethod
    def legend_marks() -> tuple[str, str, str]:
        return pgettext("daily deal", "won"), pgettext("daily deal", "won with help"), pgettext("daily deal", "played")

    def paint_legend(self, surface: pygame.Surface, column: pygame.Rect, y: int, size: int) -> int:
        dot = max(4, round(size * 0.36))
        font: pygame.font.Font = self.font(size)
        x = column.x
        for result, text in zip((WON, HELPED, LOST), self.legend_marks()):
            paint_dot(surface, self.theme, result, (x + dot, y + size // 2 + 2), dot)
            words = font.render(text, True, self.theme.text_dim)
            surface.blit(words, (x + 3 * dot, y))
            x += 3 * dot + words.get_width() + size
        note = self.legend_note()
        self.read(note)  # (the dots' words are for the eye: each day's own words say what they mark)
        colour = self.theme.warn if self.refused is not None else self.theme.text_dim  # why nothing was played
        words = font.render(note, True, colour)
        if x + words.get_width() <= column.right:
            surface.blit(words, (x, y))
            return y + font.get_linesize()
        return self.text(surface, note, column.x, y + font.get_linesize(), column.w, size=size, colour=colour,
                         bold=self.refused is not None, reads=False)


def _bind(function: Callable[[int], None], value: int) -> Callable[[], None]:
    return lambda: function(value)


def _bind_day(function: Callable[[_dt.date], None], day: _dt.date) -> Callable[[], None]:
    return lambda: function(day)


def play_daily(app: App, session: Session, day: _dt.date, cells: int, ask: Ask | None = None) -> None:
    """Find the daily deal of ``day`` for ``cells`` cells on a worker thread (a fixed amount
    of the solver's work, usually a few milliseconds) and play it: through ``ask`` when a
    game in progress would be lost (None: at once, as the New Game window does, which says
    so itself). The Daily deals and Statistics screens close when it is dealt."""

    def found(deal: daily.DailyDeal) -> None:
        session.facts.rated(deal.code, deal.rating)

        def start() -> None:
            for kind in (DailyScreen, StatsScreen):
                scene = app.scenes.find(kind)
                if scene is not None:
                    scene.close()
            session.deal(deal.code, daily=deal.date.isoformat())

        if ask is None or session.current.code == deal.code:
            start()
        else:
            # Translators: the title of a confirmation window; {difficulty} is Easy, Medium or Hard, {day} a date.
            ask(lambda: _("Play the daily deal ({difficulty}, {day})?").format(
                difficulty=difficulty_name(cells), day=day_text(deal.date)), start)

    def failed(error: BaseException) -> None:
        session.say(_("The daily deal could not be found."), warn=True)

    session.jobs.start("daily", daily.daily_deal, day, cells, on_done=found, on_error=failed, follows_game=False)
