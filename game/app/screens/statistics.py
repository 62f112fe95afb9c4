"""The Statistics screen: per difficulty, games played, won on one's own and won with help,
win rate, current and best streak, best score and fastest win (helped wins are in none of
the last five); a Reset button that asks first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.i18n import N_, _, format_duration, format_number
from game.app.screens.kit import Screen
from game.app.stats import DifficultyStats, Stats, format_rate
from game.app.words import DIFFICULTY_NAMES, cells_phrase, difficulty_name

if TYPE_CHECKING:
    from game.app.scenes import App
    from game.app.session import Session

FIGURES: tuple[tuple[str, Callable[[DifficultyStats], str]], ...] = (
    (N_("Played"), lambda f: format_number(f.played)),
    (N_("Won"), lambda f: format_number(f.won_alone)),
    (N_("Won with help"), lambda f: format_number(f.wins_with_help)),
    (N_("Win rate"), lambda f: format_rate(f.win_rate)),
    (N_("Current streak"), lambda f: format_number(f.current_streak)),
    (N_("Best streak"), lambda f: format_number(f.best_streak)),
    (N_("Best score"), lambda f: "\u2014" if f.best_score is None else format_number(f.best_score)),
    (N_("Fastest win"), lambda f: format_duration(f.fastest_win_s)),
)
"""The rows of the table: a label (marked; shown through ``_()``) and how to show the figure."""


def figure_rows(stats: Stats) -> list[tuple[str, list[str]]]:
    """The table as text: one row per figure, one entry per difficulty (Easy, Medium, Hard)."""
    return [(_(label), [show(stats.of(cells)) for cells in DIFFICULTY_NAMES]) for label, show in FIGURES]


class StatsScreen(Screen):
    """The figures of ``stats``; ``on_reset()`` clears and saves them once confirmed."""

    title = N_("Statistics")

    def __init__(self, app: App, stats: Stats, on_reset: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.stats = stats
        self.on_reset = on_reset
        self.confirming = False
        self.layout()

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
        names = [f"{difficulty_name(cells)} ({cells_phrase(cells)})" for cells in DIFFICULTY_NAMES]
        label_w = max(self.font(u).size(_(label))[0] for label, _show in FIGURES) + u
        cell_w = (column.w - label_w) // 3
        font = self.font(u)
        bold = self.font(u, True)
        small = self.font(max(13, round(u * 0.8)), True)
        row_h = round(u * 1.8)
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
        y += u
        y = self.text(
            surface,
            _("A game counts as played from its first move; a new game or a restart before the win "
              "counts as a loss. \u201cWon with help\u201d (after a hint or the demo) counts as played, "
              "not in the win rate, the streaks or the bests."),
            column.x, y, column.w, size=max(13, round(u * 0.8)), colour=self.theme.text_dim,
        ) + u
        h = round(u * 2.2)
        if not self.confirming:
            label = _("Reset statistics\u2026")
            rect = pygame.Rect(column.x, y, self.font(u, True).size(label)[0] + 2 * u, h)
            self.button(surface, rect, label, self.ask_reset, key="reset")
            return y + h
        y = self.text(surface, _("Reset all statistics of all three difficulties? This cannot be undone."),
                      column.x, y, column.w, colour=self.theme.warn, bold=True) + u // 2
        x = column.x
        for label, action, key in ((_("Reset"), self.confirm_reset, "confirm"),
                                   (_("Cancel"), self.cancel_reset, "cancel")):
            rect = pygame.Rect(x, y, self.font(u, True).size(label)[0] + 2 * u, h)
            self.button(surface, rect, label, action, key=key)
            x = rect.right + u
        return y + h


def open_scene(app: App, session: Session) -> StatsScreen:
    """The Statistics screen: the figures the game's start-up loaded, saved when reset.
    A session that saves nothing (a test, the smoke run) shows empty figures of its own."""
    keeper = session.keeper
    if keeper is None:
        return StatsScreen(app, Stats())

    def reset() -> None:
        for message in keeper.reset_stats():
            session.say(message, warn=True)

    return StatsScreen(app, keeper.stats, on_reset=reset)
