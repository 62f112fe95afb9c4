"""The graphs of the Statistics screen, from the history of games (SPEC 9): per difficulty,
the win rate over the last games (a rolling line), the time of each won game (bars), the
score of each game (bars), and the games and wins per deal rating. Drawn with pygame's
own primitives in the palette's colours; no plotting library.

:func:`series` turns history lines into the numbers drawn (no pygame in it); :class:`Graphs`
paints them into a :class:`~seahaven.app.kit.Screen` and registers its buttons there
(difficulty and range), so touch, mouse and keyboard reach them as any other button.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from seahaven.app.looks.result_marks import HELPED, LOST, WON, paint_bar
from seahaven.app.state.history import Entry
from seahaven.app.text.words import DIFFICULTY_NAMES, difficulty_name, per_difficulty
from seahaven.i18n import NP_, _, format_duration, format_number, format_percent, ngettext, pgettext, sentences

if TYPE_CHECKING:
    from seahaven.app.kit import Screen
    from seahaven.app.looks.theme import Theme

# Translators: the three buttons over the Statistics graphs: the graph of the win rate, of the time of each won game, of
# the scores. About 10 characters each.
KINDS = (("rate", NP_("graph", "Win rate")), ("time", NP_("graph", "Time")), ("score", NP_("graph", "Score")))
"""The three graphs, one shown at a time so that it can be large (names marked; shown
through ``_()``)."""
ALL = 0
RANGES = (20, 50, 200, ALL)
"""How many of the last games the graphs show (0: all of them)."""
ROLLING = 10
"""The win rate at a game is over the last this many games up to it."""


def graph_title(kind: str, cells: int, games: int, won: int = 0) -> str:
    """The title over a graph of the last ``games`` games of the difficulty of ``cells``, in
    whole sentences: each difficulty's own (never "the last 20 Easy games" slotted into another
    sentence), and each count in a sentence of its own, so each takes its own plural form."""
    n = format_number(games)
    if kind == "rate":
        return sentences([per_difficulty(
            # Translators: the title over the win rate graph of Statistics (one line or two); {n} is a number of games.
            cells, ngettext("Win rate over the last Easy game.", "Win rate over the last {n} Easy games.", games),
            # Translators: the title over the win rate graph of Statistics; {n} is a number of games.
            ngettext("Win rate over the last Medium game.", "Win rate over the last {n} Medium games.", games),
            # Translators: the title over the win rate graph of Statistics; {n} is a number of games.
            ngettext("Win rate over the last Hard game.", "Win rate over the last {n} Hard games.", games)).format(n=n),
            # Translators: the second sentence of the title over the win rate graph: each point of the line is the win
            # rate of the last {n} games up to it.
            ngettext("Each point: the last {n} game; wins with help are left out.",
                     "Each point: the last {n} games; wins with help are left out.", ROLLING).format(
                n=format_number(ROLLING))])
    if kind == "time":
        return sentences([per_difficulty(
            # Translators: the title over the graph of the time of each won game; {n} is a number of games.
            cells, ngettext("Time of the last Easy game, if won.", "Time of each win among the last {n} Easy games.",
                            games),
            # Translators: the title over the graph of the time of each won game; {n} is a number of games.
            ngettext("Time of the last Medium game, if won.", "Time of each win among the last {n} Medium games.",
                     games),
            # Translators: the title over the graph of the time of each won game; {n} is a number of games.
            ngettext("Time of the last Hard game, if won.", "Time of each win among the last {n} Hard games.",
                     games)).format(n=n),
            # Translators: the second sentence of the title over the graph of times: how many of those games were won.
            ngettext("{n} game won.", "{n} games won.", won).format(n=format_number(won))])
    return per_difficulty(
        # Translators: the title over the graph of scores; {n} is a number of games.
        cells, ngettext("Score of the last Easy game.", "Score of each of the last {n} Easy games.", games),
        # Translators: the title over the graph of scores; {n} is a number of games.
        ngettext("Score of the last Medium game.", "Score of each of the last {n} Medium games.", games),
        # Translators: the title over the graph of scores; {n} is a number of games.
        ngettext("Score of the last Hard game.", "Score of each of the last {n} Hard games.", games)).format(n=n)


def range_name(count: int) -> str:
    if count == 0:
        # Translators: a button over the graphs of Statistics: show all the games. About 8 characters (like "Last 20").
        return _("All")
    # Translators: a button over the graphs of Statistics: show the last {n} games (20, 50, 200). About 8 characters.
    return ngettext("Last {n}", "Last {n}", count).format(n=format_number(count))


@dataclass(frozen=True)
class Series:
    """What the graphs of one difficulty and range draw."""

    games: int
    rate: list[float]
    """The rolling win rate (0-1) after each game, oldest first."""
    times: list[tuple[float, bool]]
    """The time of each won game and whether it was won with help."""
    scores: list[tuple[int, str]]
    """The score of each game and how it ended: "won", "helped" (won with help) or "lost"."""


def series(entries: Sequence[Entry], count: int) -> Series:
    """The numbers drawn for ``entries`` (one difficulty, oldest first), ``count`` last games.
    The win rate leaves wins with help out, as the statistics do: a point for each other
    game, over the last :data:`ROLLING` such games."""
    shown = list(entries[-count:]) if count else list(entries)
    counted = [entry.won for entry in entries if not (entry.won and entry.helped)]
    first = len(counted) - sum(1 for entry in shown if not (entry.won and entry.helped))
    rate = []
    for i in range(first, len(counted)):
        window = counted[max(0, i - ROLLING + 1): i + 1]
        rate.append(sum(window) / len(window))
    times = [(entry.time_s, entry.helped) for entry in shown if entry.won]
    scores = [(entry.score, "helped" if entry.won and entry.helped else "won" if entry.won else "lost")
              for entry in shown]
    return Series(len(shown), rate, times, scores)


LISTED = 12
"""A graph of at most this many values is read value by value, as well as summed up."""


def _listed(values: list[str]) -> str:
    if len(values) > LISTED:
        return ""
    # Translators: read by a screen reader under a graph; {values} is a list of figures.
    return _("Each, oldest first: {values}.").format(values=pgettext("list separator", ", ").join(values))


def summary(kind: str, data: Series) -> str:
    """What the graph of ``kind`` shows, in sentences, for a screen reader: from the numbers it
    draws, the trend or the extremes and the latest, and each value where there are few."""
    if kind == "rate":
        rates = data.rate
        if not rates:
            # Translators: shown and read where a figure or a graph has nothing yet. About 15 characters.
            return _("None yet")
        latest = format_percent(rates[-1])
        if len(rates) == 1:
            # Translators: read by a screen reader for the win rate graph of one game; {rate} is a percentage.
            return _("One game counted: {rate}.").format(rate=latest)
        first = format_percent(rates[0])
        if rates[-1] > rates[0]:
            # Translators: read by a screen reader for the win rate graph; {first} and {latest} are percentages.
            trend = _("From the first game shown to the latest, the win rate went up from {first} to {latest}.")
        elif rates[-1] < rates[0]:
            # Translators: read by a screen reader for the win rate graph; {first} and {latest} are percentages.
            trend = _("From the first game shown to the latest, the win rate went down from {first} to {latest}.")
        else:
            # Translators: read by a screen reader for the win rate graph; {latest} is a percentage.
            trend = _("The win rate is {latest} at the first game shown and at the latest.")
        words = [trend.format(first=first, latest=latest),
                 # Translators: read by a screen reader for the win rate graph; {highest} and {lowest} are percentages.
                 _("Highest {highest}, lowest {lowest}.").format(highest=format_percent(max(rates)),
                                                                lowest=format_percent(min(rates))),
                 _listed([format_percent(rate) for rate in rates])]
    elif kind == "time":
        times = [t for t, _helped in data.times]
        if not times:
            return _("None yet")
        if len(times) == 1:
            # Translators: read by a screen reader for the time graph of one won game; {time} is a time of play like
            # 4:05.
            words = [_("Won in {time}.").format(time=format_duration(times[0]))]
        else:
            # Translators: read by a screen reader for the time graph; each {…} is a time of play like 4:05.
            words = [_("Fastest {fastest}, slowest {slowest}, average {average}; the latest was won in "
                       "{latest}.").format(
                fastest=format_duration(min(times)), slowest=format_duration(max(times)),
                average=format_duration(sum(times) / len(times)), latest=format_duration(times[-1])),
                _listed([format_duration(t) for t in times])]
        helped = sum(1 for _t, with_help in data.times if with_help)
        if helped:
            # Translators: read by a screen reader after the time graph's summary; {n} is how many of the won games were
            # won with help.
            words.append(ngettext("{n} of them was won with help.", "{n} of them were won with help.", helped).format(
                n=format_number(helped)))
    else:
        scores = [score for score, _state in data.scores]
        if not scores:
            return _("None yet")
        states = [state for _score, state in data.scores]
        # Translators: read by a screen reader for the score graph; each {…} is a number of games.
        words = [_("Won: {won}, won with help: {helped}, not won: {lost}.").format(
            won=format_number(states.count("won")), helped=format_number(states.count("helped")),
            lost=format_number(states.count("lost")))]
        if len(scores) == 1:
            # Translators: read by a screen reader for the score graph of one game; {score} is a number of points.
            words.append(_("The score: {score}.").format(score=format_number(scores[0])))
        else:
            # Translators: read by a screen reader for the score graph; each {…} is a number of points.
            words.append(_("Highest {highest}, lowest {lowest}, average {average}; the latest game scored "
                           "{latest}.").format(highest=format_number(max(scores)), lowest=format_number(min(scores)),
                                               average=format_number(round(sum(scores) / len(scores))),
                                               latest=format_number(scores[-1])))
            words.append(_listed([format_number(score) for score in scores]))
    said = ""
    for word in filter(None, words):
        said = pgettext("two sentences", "{first} {second}").format(first=said, second=word) if said else word
    return said


def nice_top(value: float) -> float:
    """A round number at or above ``value`` for the top of an axis."""
    if value <= 0:
        return 1.0
    step = 1.0
    while step * 10 <= value:
        step *= 10
    for factor in (1, 2, 2.5, 5, 10):
        if step * factor >= value:
            return step * factor
    return step * 10


class Graphs:
    """The graphs part of the Statistics screen: its choice of difficulty and range, and
    the painting of both the controls and the charts."""

    def __init__(self, screen: Screen, entries_of: Callable[[int], list[Entry]], cells: int) -> None:
        self.screen = screen
        self.entries_of = entries_of
        self.cells = cells if cells in DIFFICULTY_NAMES else 4
        self.count = RANGES[1]
        self.kind = KINDS[0][0]
        self._cache: tuple[tuple[object, ...], Series] | None = None

    def data(self) -> Series:
        """The series of the chosen difficulty and range, computed again only when they or
        the history change (a layout paints twice, and a long history has 10,000 games)."""
        entries = self.entries_of(self.cells)
        key = (self.cells, self.count, len(entries), entries[-1] if entries else None, entries[0] if entries else None)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, series(entries, self.count))
        return self._cache[1]

    @property
    def theme(self) -> Theme:
        """The looks in force (the screen's theme)."""
        return self.screen.theme

    def _follow(self, prefix: str, value: object) -> None:
        """Keep the keyboard focus on the chosen button of a row when Left or Right changed it."""
        screen = self.screen
        if screen.focus_key.startswith(prefix):
            screen.focus_key = f"{prefix}{value}"
        screen.dirty = True

    def choose_cells(self, cells: int) -> None:
        self.cells = cells
        self._follow("graph-cells", cells)

    def choose_range(self, count: int) -> None:
        self.count = count
        self._follow("graph-range", count)

    def choose_kind(self, kind: str) -> None:
        self.kind = kind
        self._follow("graph-kind-", kind)

    def step_cells(self, step: int) -> None:
        order = list(DIFFICULTY_NAMES)
        self.choose_cells(order[(order.index(self.cells) + step) % len(order)])

    def step_range(self, step: int) -> None:
        self.choose_range(RANGES[(RANGES.index(self.count) + step) % len(RANGES)])

    def step_kind(self, step: int) -> None:
        names = [name for name, _label in KINDS]
        self.choose_kind(names[(names.index(self.kind) + step) % len(names)])

    # -- painting --------------------------------------------------------------------------
    def paint_choices(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        """The three rows of choices (difficulty, range, graph) from ``y``; the y below."""
        u = self.screen.unit
        cells_items = [(f"graph-cells{c}", difficulty_name(c), c == self.cells, _bind(self.choose_cells, c))
                       for c in DIFFICULTY_NAMES]
        y = self._choices(surface, x, y, width, cells_items, self.step_cells) + u // 3
        range_items = [(f"graph-range{n}", range_name(n), n == self.count, _bind(self.choose_range, n))
                       for n in RANGES]
        y = self._choices(surface, x, y, width, range_items, self.step_range) + u // 3
        kind_items = [(f"graph-kind-{k}", _(label), k == self.kind, _bind_text(self.choose_kind, k))
                      for k, label in KINDS]
        return self._choices(surface, x, y, width, kind_items, self.step_kind)

    def paint(self, surface: pygame.Surface, x: int, y: int, width: int, bottom: int) -> int:
        """The chosen graph from ``y``, as tall as fits above ``bottom`` (at least a readable
        minimum, at most three quarters of its width); the y below."""
        screen = self.screen
        u = screen.unit
        small = screen.scale.note
        data = self.data()
        if not data.games:
            empty = per_difficulty(self.cells, _("No Easy game recorded yet: the graphs fill in as you play."),
                                   _("No Medium game recorded yet: the graphs fill in as you play."),
                                   _("No Hard game recorded yet: the graphs fill in as you play."))
            return screen.text(surface, empty, x, y, width, colour=self.theme.text_dim) + u
        n = data.games
        if self.kind == "rate":
            y = self._title(surface, graph_title("rate", self.cells, n), x, y, width, small)
            screen.read(summary(self.kind, data))
            height = max(6 * u, min(bottom - y, round(width * 0.75)))
            return self._line_chart(surface, pygame.Rect(x, y, width, height), data.rate, small)
        if self.kind == "time":
            y = self._title(surface, graph_title("time", self.cells, n, len(data.times)), x, y, width, small)
            screen.read(summary(self.kind, data))
            height = max(6 * u, min(bottom - y, round(width * 0.75)))
            longest = max((t for t, _helped in data.times), default=0.0)
            return self._bars(surface, pygame.Rect(x, y, width, height), [t for t, _helped in data.times],
                              [HELPED if helped else WON for _t, helped in data.times], small, format_duration,
                              [(WON, pgettext("daily deal", "won")), (HELPED, pgettext("daily deal", "won with help"))],
                              top=nice_top(longest / 60) * 60)
        y = self._title(surface, graph_title("score", self.cells, n), x, y, width, small)
        screen.read(summary(self.kind, data))
        height = max(6 * u, min(bottom - y, round(width * 0.75)))
        return self._bars(surface, pygame.Rect(x, y, width, height), [float(v) for v, _state in data.scores],
                          [state for _v, state in data.scores], small, lambda v: format_number(int(v)),
                          [(WON, pgettext("daily deal", "won")), (HELPED, pgettext("daily deal", "won with help")),
                           (LOST, pgettext("daily deal", "not won"))])

    def _choices(self, surface: pygame.Surface, x: int, y: int, width: int,
                 items: list[tuple[str, str, bool, Callable[[], None]]], step: Callable[[int], None]) -> int:
        """A row of buttons, the chosen one lit; Left and Right on any of them step along."""
        screen = self.screen
        u = screen.unit
        h = round(u * 2.0)
        gap = u // 3
        w = (width - gap * (len(items) - 1)) // len(items)
        for i, (key, label, on, action) in enumerate(items):
            rect = pygame.Rect(x + i * (w + gap), y, w, h)
            screen.button(surface, rect, label, action, key=key, on=on, left=_bind(step, -1), right=_bind(step, 1),
                          size=screen.scale.note)
        return y + h

    def _title(self, surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int) -> int:
        bottom = self.screen.text(surface, text, x, y, width, size=size, colour=self.theme.heading, bold=True)
        return bottom + self.screen.unit // 4

    def _frame(self, surface: pygame.Surface, box: pygame.Rect, top: float, label: Callable[[float], str],
               size: int) -> pygame.Rect:
        """Axes, grid lines and their labels; returns the plotting area."""
        font = self.screen.font(size)
        steps = range(2, -1, -1)  # the top, the middle and the bottom of the axis
        labels = [label(top * k / 2) for k in steps]
        room = max(font.size(text)[0] for text in labels) + size // 2
        plot = pygame.Rect(box.x + room, box.y + size // 2, box.w - room, box.h - size)
        for k, text in zip(steps, labels, strict=True):
            gy = plot.bottom - round(plot.h * k / 2)
            pygame.draw.line(surface, self.theme.band_line, (plot.x, gy), (plot.right, gy), 1)
            words = font.render(text, True, self.theme.text_dim)
            surface.blit(words, (plot.x - words.get_width() - size // 3, gy - words.get_height() // 2))
        pygame.draw.line(surface, self.theme.text_dim, plot.bottomleft, plot.topleft, max(1, size // 12))
        return plot

    def _line_chart(self, surface: pygame.Surface, box: pygame.Rect, values: list[float], size: int) -> int:
        if self.screen.measuring:  # a layout only needs the height
            return box.bottom
        plot = self._frame(surface, box, 1.0, lambda v: format_percent(v), size)
        if not values:
            return box.bottom
        n = len(values)
        points = [(plot.x + (plot.w * (i + 0.5) / n), plot.bottom - plot.h * v) for i, v in enumerate(values)]
        width = max(2, size // 6)
        if n > 1:
            pygame.draw.lines(surface, self.theme.hint, False, points, width)
        dot = max(2, min(size // 4, round(plot.w / n / 3)))
        for point in points if n <= 60 else points[-1:]:
            pygame.draw.circle(surface, self.theme.hint, (round(point[0]), round(point[1])), dot)
        last = self.screen.font(size, True).render(format_percent(values[-1]), True, self.theme.text)
        lx = min(plot.right - last.get_width(), round(points[-1][0]) + dot + 2)
        surface.blit(last, (lx, max(plot.y, round(points[-1][1]) - last.get_height() - dot)))
        return box.bottom

    def _bars(self, surface: pygame.Surface, box: pygame.Rect, values: list[float], results: list[str],
              size: int, label: Callable[[float], str], key: list[tuple[str, str]],
              top: float | None = None) -> int:
        """Bars of ``values``, each marked as its game ended (``results``: solid won, striped
        won with help, hollow not won; :mod:`~seahaven.app.looks.result_marks`), with the key
        of the marks used above."""
        if self.screen.measuring:  # a layout only needs the height
            return box.bottom
        font = self.screen.font(size)
        key_h = font.get_linesize()
        box = pygame.Rect(box.x, box.y + key_h, box.w, box.h - key_h)
        top = top or nice_top(max(values, default=0.0))
        plot = self._frame(surface, box, top, label, size)
        if not values:
            words = font.render(_("None yet"), True, self.theme.text_dim)
            surface.blit(words, words.get_rect(center=plot.center))
            return box.bottom
        n = len(values)
        slot = plot.w / n
        bar = max(1, round(slot * 0.7))
        for i, (value, result) in enumerate(zip(values, results, strict=True)):
            h = max(1, round(plot.h * min(value, top) / top)) if value > 0 else 0
            left = plot.x + round(i * slot + (slot - bar) / 2)
            paint_bar(surface, self.theme, result, pygame.Rect(left, plot.bottom - h, bar, h), size)
        used = [(result, name) for result, name in key if result in results]
        x = plot.right
        for result, name in reversed(used):  # the key, right-aligned above the plot
            words = font.render(name, True, self.theme.text_dim)
            x -= words.get_width()
            surface.blit(words, (x, box.y - key_h))
            mark = pygame.Rect(0, 0, size * 2 // 3, key_h * 3 // 4)
            mark.midright = (x - size // 4, box.y - key_h // 2)
            paint_bar(surface, self.theme, result, mark, size)
            x = mark.left - size
        return box.bottom


def _bind(function: Callable[[int], None], value: int) -> Callable[[], None]:
    return lambda: function(value)


def _bind_text(function: Callable[[str], None], value: str) -> Callable[[], None]:
    return lambda: function(value)
