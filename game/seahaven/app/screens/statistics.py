"""The Statistics screen, in three tabs. Figures: per difficulty, games played, won on
one's own and won with help, win rate, current and best streak, best score and fastest win
(helped wins are in none of the last five), and a Reset button that asks first. Graphs:
from the history, the rolling win rate, the time of each won game and the score, and the
wins per deal rating. Daily and history: the daily streak, the calendar's button, the last
games (each can be watched again: a replay on the real board; or analysed, every move
reviewed in that replay) and an export of the history as CSV."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from seahaven.app.board.replay_game import ReplayGame
from seahaven.app.kit import Screen
from seahaven.app.looks.result_marks import HELPED, LOST, WON, paint_dot
from seahaven.app.screens.graphs import Graphs
from seahaven.app.state.history import Entry, History
from seahaven.app.state.stats import DifficultyStats, Stats, rate_of
from seahaven.app.text.words import DIFFICULTY_NAMES, cells_phrase, difficulty_name, iso_date_text, moves_phrase
from seahaven.engine.daily import today
from seahaven.i18n import N_, NP_, _, format_duration, format_number, ngettext, pgettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App
    from seahaven.app.state.session import Session

FIGURES: tuple[tuple[str, Callable[[DifficultyStats], str]], ...] = (
    # Translators: a row's label of the Statistics table: games played. About 22 characters (the table has three columns
    # of figures beside it).
    (N_("Played"), lambda f: format_number(f.played)),
    # Translators: a row's label of the Statistics table: games won without a hint, an undo of a lost game or a demo.
    # About 22 characters.
    (N_("Won without help"), lambda f: format_number(f.won_alone)),
    (NP_("statistics figure", "Won with help"), lambda f: format_number(f.wins_with_help)),
    (N_("Win rate without help"), rate_of),
    # Translators: a row's label of the Statistics table: the wins in a row now. About 22 characters.
    (N_("Current streak"), lambda f: format_number(f.current_streak)),
    # Translators: a row's label of the Statistics table: the most wins in a row. About 22 characters.
    (N_("Best streak"), lambda f: format_number(f.best_streak)),
    # Translators: a row's label of the Statistics table: the highest score of a game. About 22 characters.
    (N_("Best score"), lambda f: "\u2014" if f.best_score is None else format_number(f.best_score)),
    # Translators: a row's label of the Statistics table: the shortest time of a won game. About 22 characters.
    (N_("Fastest win"), lambda f: format_duration(f.fastest_win_s)),
)
"""The rows of the table: a label (marked; shown through ``_()``) and how to show the figure."""


def figure_rows(stats: Stats) -> list[tuple[str, list[str]]]:
    """The table as text: one row per figure, one entry per difficulty (Easy, Medium, Hard)."""
    return [(_(label), [show(stats.of(cells)) for cells in DIFFICULTY_NAMES]) for label, show in FIGURES]


def figure_words(label: str, values: list[str]) -> str:
    """A row of the table as a screen reader hears it: "Played: Easy 3, Medium 1, Hard 0"."""
    per = [pgettext("screen reader", "{difficulty} {value}").format(difficulty=difficulty_name(cells), value=value)
           for cells, value in zip(DIFFICULTY_NAMES, values)]
    return pgettext("screen reader", "{label}: {value}").format(label=label,
                                                               value=pgettext("list separator", ", ").join(per))


class StatsScreen(Screen):
    """The figures of ``stats``; ``on_reset()`` clears and saves them once confirmed."""

    title = N_("Statistics")
    # Translators: the tabs of the Statistics screen: the table of figures, the graphs, and the daily deals with the
    # list of games played. Each about 15 characters.
    tabs = (N_("Figures"),
            # Translators: the tabs of the Statistics screen: the table of figures, the graphs, and the daily deals with
            # the list of games played. Each about 15 characters.
            N_("Graphs"),
            # Translators: the tabs of the Statistics screen: the table of figures, the graphs, and the daily deals with
            # the list of games played. Each about 15 characters.
            N_("Daily and history"))

    def __init__(self, app: App, stats: Stats, on_reset: Callable[[], None] | None = None,
                 history: History | None = None, on_export: Callable[[], str] | None = None,
                 on_daily: Callable[[], None] | None = None, daily_streak: int = 0,
                 on_replay: Callable[[ReplayGame], object] | None = None,
                 on_analyse: Callable[[ReplayGame], object] | None = None) -> None:
        super().__init__(app)
        self.on_replay = on_replay
        """Opens the replay of a game of the history list."""
        self.on_analyse = on_analyse
        """Opens the replay of a game of the history list with its analysis."""
        self.stats = stats
        self.on_reset = on_reset
        self.confirming = False
        self.history = history if history is not None else History()
        self.on_export = on_export
        self.on_daily = on_daily
        self.daily_streak = daily_streak
        self.exported = ""
        """Where the last export went (or why it failed), said under its button."""
        self.graphs = Graphs(self, self._entries_of, app.settings.cells)
        self._ratings: tuple[tuple[int, int, int], dict[int | None, tuple[int, int]]] | None = None
        self._entries: tuple[tuple[int, int, int], list[Entry]] | None = None
        self.layout()

    def _entries_of(self, cells: int) -> list[Entry]:
        """The games of ``cells`` cells since the last reset (kept until the history grows)."""
        key = (cells, len(self.history.entries), self.history.reset_at)
        if self._entries is None or self._entries[0] != key:
            self._entries = (key, self.history.of(cells))
        return self._entries[1]

    def export(self) -> None:
        if self.on_export is not None:
            self.exported = self.on_export()
            self.dirty = True

    def uses_arrows_for_focus(self) -> bool:
        return True

    def ask_reset(self) -> None:
        self.confirming = True
        self.focus_key = "cancel"
        self.dirty = True

    def cancel_reset(self) -> None:
        self.confirming = False
        self.focus_key = "reset"
        self.dirty = True

    def confirm_reset(self) -> None:
        self.confirming = False
        if self.on_reset is not None:
            self.on_reset()
        else:
            self.stats.reset()
        self.focus_key = "reset"
        self.dirty = True

    def key(self, event: object) -> None:
        if self.confirming and getattr(event, "key", None) == pygame.K_ESCAPE:
            self.cancel_reset()
            return
        super().key(event)

    def paint(self, surface: pygame.Surface, y: int) -> int:
        u = self.unit
        column = self.column()
        if self.tab == 1:
            return self.paint_graphs(surface, column, y)
        if self.tab == 2:
            return self.paint_history(surface, column, y)
        names = [f"{difficulty_name(cells)} ({cells_phrase(cells)})" for cells in DIFFICULTY_NAMES]
        label_w = max(self.font(u).size(_(label))[0] for label, _show in FIGURES) + u
        cell_w = (column.w - label_w) // 3
        font = self.font(u)
        bold = self.font(u, True)
        small = self.font(self.scale.note, True)
        row_h = round(u * 1.6)
        # header: the difficulty names, on two lines when the window is narrow
        headers = [
            [name] if small.size(name)[0] <= cell_w - u // 2 else name.replace(" (", "\n(").split("\n")
            for name in names
        ]
        tall = max(len(lines) for lines in headers)
        for i, lines in enumerate(headers):
            x = column.x + label_w + i * cell_w
            for n, line in enumerate(lines):
                words = small.render(line, True, self.theme.heading)
                row_y = y + (tall - len(lines) + n) * small.get_linesize()
                surface.blit(words, (x + cell_w - words.get_width() - u // 2, row_y))
        y += tall * small.get_linesize() + u // 3
        pygame.draw.line(surface, self.theme.band_line, (column.x, y), (column.right, y), max(1, u // 12))
        for r, (label, values) in enumerate(figure_rows(self.stats)):
            self.read(figure_words(label, values))
            if r % 2:
                pygame.draw.rect(surface, self.theme.stripe, (column.x, y, column.w, row_h))
            words = font.render(label, True, self.theme.text_dim)
            surface.blit(words, (column.x + u // 3, y + (row_h - words.get_height()) // 2))
            for i, value in enumerate(values):
                words = bold.render(value, True, self.theme.text)
                x = column.x + label_w + (i + 1) * cell_w - words.get_width() - u // 2
                surface.blit(words, (x, y + (row_h - words.get_height()) // 2))
            y += row_h
        pygame.draw.line(surface, self.theme.band_line, (column.x, y), (column.right, y), max(1, u // 12))
        y += u * 2 // 3
        y = self.text(
            surface,
            _("A game counts as played from its first move; a new game or a restart before the win "
              "counts as a loss. \u201cWon with help\u201d (after a hint or the demo) counts as played, "
              "not in the win rate, the streaks or the bests."),
            column.x, y, column.w, size=self.scale.note, colour=self.theme.text_dim,
        ) + u
        return self.paint_reset(surface, column, y)

    def paint_reset(self, surface: pygame.Surface, column: pygame.Rect, y: int) -> int:
        """The Reset button, or its question with Reset and Cancel."""
        u = self.unit
        h = round(u * 2.2)
        if not self.confirming:
            # Translators: a button of Statistics: clear every figure (a confirmation follows). About 20 characters.
            label = _("Reset statistics\u2026")
            rect = pygame.Rect(column.x, y, self.font(u, True).size(label)[0] + 2 * u, h)
            self.button(surface, rect, label, self.ask_reset, key="reset")
            return y + h
        y = self.text(surface, _("Reset all statistics of all three difficulties? This cannot be undone."),
                      column.x, y, column.w, colour=self.theme.warn, bold=True) + u // 2
        x = column.x
        # Translators: the button of the confirmation that clears the statistics. About 12 characters.
        for label, action, key in ((_("Reset"), self.confirm_reset, "confirm"),
                                   (_("Cancel"), self.cancel_reset, "cancel")):
            rect = pygame.Rect(x, y, self.font(u, True).size(label)[0] + 2 * u, h)
            self.button(surface, rect, label, action, key=key)
            x = rect.right + u
        return y + h


    def paint_graphs(self, surface: pygame.Surface, column: pygame.Rect, y: int) -> int:
        """The choices, the wins per rating, then the chosen graph filling the window."""
        u = self.unit
        small = self.scale.note
        y = self.graphs.paint_choices(surface, column.x, y, column.w) + u // 2
        y = self.paint_ratings(surface, column, y, small) + u // 2
        return self.graphs.paint(surface, column.x, y, column.w, self.viewport.bottom - self.scroll - u)

    def paint_history(self, surface: pygame.Surface, column: pygame.Rect, y: int) -> int:
        """The daily streak and the calendar's button; the export of the history."""
        u = self.unit
        h = round(u * 2.2)
        small = self.scale.note
        streak = self.daily_streak
        y = self.text(surface, _("Daily deals"), column.x, y, column.w, colour=self.theme.heading, bold=True) + u // 3
        line = ngettext("Daily streak: {n} day in a row with a daily deal won.",
                        "Daily streak: {n} days in a row with a daily deal won.", streak).format(
                            n=format_number(streak))
        y = self.text(surface, line, column.x, y, column.w, colour=self.theme.text) + u // 2
        if self.on_daily is not None:
            label = _("Daily deals and calendar\u2026")
            rect = pygame.Rect(column.x, y, self.font(u, True).size(label)[0] + 2 * u, h)
            self.button(surface, rect, label, self.on_daily, key="daily")
            y += h + u
        # Translators: a heading of Statistics' third tab: the record of every game played.
        y = self.text(surface, _("History"), column.x, y, column.w, colour=self.theme.heading, bold=True) + u // 3
        games = len(self.history.entries)
        # Translators: a paragraph under the heading History; {n} is the number of games recorded. CSV is a file format.
        y = self.text(surface, ngettext("Every game that ends is recorded: {n} game so far. The export writes them "
                                        "all as a CSV file into the game's data folder.",
                                        "Every game that ends is recorded: {n} games so far. The export writes them "
                                        "all as a CSV file into the game's data folder.", games).format(
                                            n=format_number(games)),
                      column.x, y, column.w, size=small, colour=self.theme.text_dim) + u // 2
        if self.on_export is not None:
            label = _("Export history as CSV")
            rect = pygame.Rect(column.x, y, self.font(u, True).size(label)[0] + 2 * u, h)
            self.button(surface, rect, label, self.export, key="export")
            y += h + u // 3
            if self.exported:
                y = self.text(surface, self.exported, column.x, y, column.w, size=small, colour=self.theme.text)
            y += u // 2
        return self.paint_recent(surface, column, y) + u

    def paint_recent(self, surface: pygame.Surface, column: pygame.Rect, y: int) -> int:
        """The last games, newest first, each with its Watch and Analyse buttons when its line
        kept its moves."""
        u = self.unit
        h = round(u * 1.9)
        small = max(13, round(u * 0.8))
        recent = self.history.entries[-RECENT:][::-1]
        if not recent or self.on_replay is None:
            return y
        # Translators: a heading of Statistics' third tab: the games played lately (a list).
        y = self.text(surface, _("Last games"), column.x, y, column.w, colour=self.theme.heading, bold=True) + u // 3
        # Translators: a small button in a row of the last games: watch that game's replay. About 8 characters.
        label = _("Watch")
        button_w = self.font(small, True).size(label)[0] + 2 * u
        analyse = _("Analyse")
        analyse_w = self.font(small, True).size(analyse)[0] + 2 * u if self.on_analyse is not None else 0
        buttons_w = button_w + (analyse_w + u // 3 if analyse_w else 0)
        for n, entry in enumerate(recent):
            if n % 2:
                pygame.draw.rect(surface, self.theme.stripe, (column.x, y, column.w, h))
            line = history_line(entry)
            self.read(line)  # (read before its buttons)
            if entry.replayable:
                rect = pygame.Rect(column.right - buttons_w, y + h // 10, button_w, h - h // 5)
                self.button(surface, rect, label, self.watcher(entry), key=f"watch-{n}", size=small)
                if analyse_w:
                    rect = pygame.Rect(rect.right + u // 3, rect.y, analyse_w, rect.h)
                    self.button(surface, rect, analyse, self.watcher(entry, analyse=True), key=f"analyse-{n}",
                                size=small)
            dot = max(4, round(small * 0.36))  # its result by shape and colour, as the graphs and the calendar
            paint_dot(surface, self.theme, result_of(entry), (column.x + u // 3 + dot, y + h // 2), dot)
            left = column.x + u // 3 + 3 * dot
            words = self.font(small).render(line, True, self.theme.text)
            if words.get_width() > column.right - buttons_w - u // 3 - left:
                words = self.font(max(11, small * 4 // 5)).render(line, True, self.theme.text)
            surface.blit(words, (left, y + (h - words.get_height()) // 2))
            y += h
        return y

    def watcher(self, entry: Entry, analyse: bool = False) -> Callable[[], None]:
        """What the Watch (or Analyse) button of ``entry`` does."""
        return lambda: self.watch(entry, analyse)

    def watch(self, entry: Entry, analyse: bool = False) -> None:
        """The replay of ``entry`` (``analyse``: with its analysis)."""
        replay = ReplayGame.of_entry(entry)
        opens = self.on_analyse if analyse else self.on_replay
        if replay is not None and opens is not None:
            opens(replay)

    def paint_ratings(self, surface: pygame.Surface, column: pygame.Rect, y: int, size: int) -> int:
        """Games and wins (without help) per deal rating, for the graphs' difficulty."""
        u = self.unit
        cells = self.graphs.cells
        key = (cells, len(self.history.entries), self.history.reset_at)
        if self._ratings is None or self._ratings[0] != key:
            self._ratings = (key, self.history.wins_per_rating(cells))
        table = self._ratings[1]
        # Translators: the title of a small chart in Statistics; {difficulty} is Easy, Medium or Hard.
        y = self.text(surface, _("{difficulty}: wins per deal rating (1 easiest, 5 hardest)").format(
                          difficulty=difficulty_name(cells)),
                      column.x, y, column.w, size=size, colour=self.theme.heading, bold=True) + u // 4
        font = self.font(size)
        bold = self.font(size, True)
        keys: list[int | None] = [1, 2, 3, 4, 5, None]
        slot = column.w // len(keys)
        row_h = round(size * 1.6)
        for i, rating in enumerate(keys):
            played, won = table.get(rating, (0, 0))
            x = column.x + i * slot
            # Translators: a bar's label of the chart "wins per deal rating": deals the solver rated {n} (1 to 5). About
            # 9 characters.
            name = (_("rated {n}").format(n=rating) if rating
                    # Translators: a bar's label of the chart "wins per deal rating": deals with no rating. About 9
                    # characters.
                    else _("not rated"))
            # each count with its own plural form: "5 games played, 2 won"
            # Translators: a part of what a screen reader reads for a bar of the chart "wins per deal rating", as in
            # "rated 3: 5 games played, 2 won"; {n} is a number of games.
            games = ngettext("{n} game played", "{n} games played", played).format(n=format_number(played))
            # Translators: a part of what a screen reader reads for a bar of the chart "wins per deal rating", after
            # "5 games played, …"; {n} is how many of those games were won.
            wins = ngettext("{n} won", "{n} won", won).format(n=format_number(won))
            self.read(pgettext("screen reader", "{label}: {value}").format(
                label=name, value=pgettext("list separator", ", ").join((games, wins))))
            head = font.render(name, True, self.theme.text_dim)
            if head.get_width() > slot - 4:
                head = font.render(str(rating) if rating else "\u2014", True, self.theme.text_dim)
            surface.blit(head, (x + (slot - head.get_width()) // 2, y))
            value = bold.render(f"{format_number(won)} / {format_number(played)}" if played else "\u2014", True,
                                self.theme.text)
            surface.blit(value, (x + (slot - value.get_width()) // 2, y + row_h))
        y += 2 * row_h
        pygame.draw.line(surface, self.theme.band_line, (column.x, y), (column.right, y), 1)
        # Translators: the legend of the chart "wins per deal rating": games won out of games played. Short: about 14
        # characters.
        return self.text(surface, _("won / played"), column.x, y + u // 4, column.w, size=size,
                         colour=self.theme.text_dim)


RECENT = 10
"""How many of the last games the history tab lists."""


def result_of(entry: Entry) -> str:
    """How the game of ``entry`` ended, as its mark tells it: won, won with help, or not won."""
    if entry.result != "won":
        return LOST
    return HELPED if entry.helped else WON


def history_line(entry: Entry) -> str:
    """One game of the history list: its day, difficulty, result, moves and time."""
    result = {"won": pgettext("game result", "won with help") if entry.helped else pgettext("game result", "won"),
              "lost": pgettext("game result", "no useful move left"),
              "abandoned": pgettext("game result", "left for a new deal"),
              "restarted": pgettext("game result", "restarted")}.get(entry.result, entry.result)
    return "  \u00b7  ".join((iso_date_text(entry.at[:10]), difficulty_name(entry.cells), result,
                              moves_phrase(entry.moves), format_duration(entry.time_s)))


def open_scene(app: App, session: Session, on_daily: Callable[[], None] | None = None,
               on_replay: Callable[[ReplayGame], object] | None = None,
               on_analyse: Callable[[ReplayGame], object] | None = None) -> StatsScreen:
    """The Statistics screen: the figures the game's start-up loaded, saved when reset.
    A session that saves nothing (a test, the smoke run) shows empty figures of its own."""
    keeper = session.keeper
    if keeper is None:
        return StatsScreen(app, Stats(), on_daily=on_daily)

    def reset() -> None:
        for message in keeper.reset_stats():
            session.say(message, warn=True)

    return StatsScreen(app, keeper.stats, on_reset=reset, history=keeper.history, on_export=keeper.export_history,
                       on_daily=on_daily, daily_streak=keeper.history.daily_streak(today()), on_replay=on_replay,
                       on_analyse=on_analyse)
