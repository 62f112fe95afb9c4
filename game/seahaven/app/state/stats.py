"""Statistics per difficulty: played, won, streaks, best score, fastest win, wins with help.

Pure data and arithmetic, no pygame and no files (``saving.small_files`` makes ``stats.json`` of it).
The rules (SPEC 9, issue 6): a game counts as played at its first move; starting a new
game or restarting an unfinished started game counts it as lost (the streak ends); a
won game counts once, even if its winning move is undone and played again.

The game being played is remembered in :attr:`Stats.open` (counted, won yet, hints used)
so that these rules hold across a restart of the program.

Helped wins are not records (issue 17): a game won after a hint, or finished by the demo
(which counts as a hint), counts as played and as won with help, and nothing else. It is
left out of the win rate (neither a win nor a loss there), does not lengthen or end the
streak, and cannot set the best score or the fastest win.

How ``stats.json`` holds it (its format is unchanged, so older files read as they are):
``won`` counts every win, ``wins_with_help`` those of them that were helped (never more
than ``won``); a helped game is in ``played``. The figures the player sees follow from
these: wins on one's own = ``won - wins_with_help``, the win rate = wins on one's own /
(``played - wins_with_help``). Files written before this rule may hold a streak or a
best that a helped win set; those stay as they are (nothing says which win set them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from seahaven.app.text.words import difficulty_name
from seahaven.engine import CELL_COUNTS, Game, GameCode
from seahaven.i18n import _, format_duration, format_number, format_percent, ngettext

"""Difficulty by number of cells, as the New Game window names them."""
BESTS = ("score", "time")
"""The figures a win can better: the best score and the fastest win."""


def is_record(game: Game) -> bool:
    """Whether ``game`` is a record (issue 25): only a dealt game, one with a game code, counts
    in the statistics, the win rate, the streaks, the bests, the history and the daily
    calendar. A game set up from a position (written by hand, imported, opened from a file
    that holds a position, played on from a replay) is played and saved like any other,
    but it is no record."""
    return game.code is not None


@dataclass
class DifficultyStats:
    """The figures of one difficulty."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    fastest_win_s: float | None = None
    wins_with_help: int = 0

    @property
    def lost(self) -> int:
        """Games played and not won (the one being played, if counted, included)."""
        return self.played - self.won

    @property
    def won_alone(self) -> int:
        """Wins without a hint or the demo: the only wins that are records."""
        return self.won - self.wins_with_help

    @property
    def win_rate(self) -> float | None:
        """Wins on one's own / games played, helped wins left out of both, from 0 to 1;
        None before the first game that counts."""
        rated = self.played - self.wins_with_help
        return self.won_alone / rated if rated > 0 else None


@dataclass
class OpenGame:
    """The game being played, once it has been counted as played (at its first move)."""

    cells: int
    hints: int = 0
    won: bool = False
    beat: tuple[str, ...] = ()
    """What its win bettered, compared with the figures before it: "score" (a higher
    best score), "time" (a faster win). Kept so the won panel can say so after the win
    is counted, and again when a won game resumes."""
    code: str | None = None
    """Its game code (None: set up from a board, or counted by an older version): what
    its history line says if it is lost without its saved game."""


@dataclass
class Stats:
    """All statistics: one :class:`DifficultyStats` per cell count, and the open game."""

    by_cells: dict[int, DifficultyStats] = field(
        default_factory=lambda: {cells: DifficultyStats() for cells in CELL_COUNTS}
    )
    open: OpenGame | None = None

    def of(self, cells: int) -> DifficultyStats:
        """The figures for ``cells`` cells (4, 2 or 1)."""
        if cells not in self.by_cells:
            raise ValueError(f"no difficulty with {cells} cells")
        return self.by_cells[cells]

    # -- the three events ----------------------------------------------------------------

    def record_start(self, cells: int, hints: int = 0, code: str | None = None) -> bool:
        """The first move of a game (of ``code``) was made: it counts as played. A game
        still open is first counted as lost. Returns True if anything changed."""
        if cells not in self.by_cells:
            raise ValueError(f"no difficulty with {cells} cells")
        self.record_abandon()
        self.by_cells[cells].played += 1
        self.open = OpenGame(cells, max(0, hints), code=code)
        return True

    def record_win(self, cells: int, score: int, elapsed_s: float, hints: int = 0) -> bool:
        """The open game was won. Counts once: a second call for the same game changes
        nothing and returns False. A win without a recorded start counts the start too."""
        if self.open is not None and self.open.won:
            return False
        if self.open is None or self.open.cells != cells:
            self.record_start(cells, hints)
        assert self.open is not None
        self.open.hints = max(self.open.hints, hints)
        self.open.won = True
        figures = self.by_cells[cells]
        figures.won += 1
        if self.open.hints > 0:
            # won with help: counted as such, and in nothing a player could be proud of
            figures.wins_with_help += 1
            self.open.beat = ()
            return True
        elapsed = max(0.0, float(elapsed_s))
        beat = []
        if figures.best_score is not None and score > figures.best_score:
            beat.append("score")
        if figures.fastest_win_s is not None and elapsed < figures.fastest_win_s:
            beat.append("time")
        self.open.beat = tuple(beat)
        figures.current_streak += 1
        figures.best_streak = max(figures.best_streak, figures.current_streak)
        figures.best_score = score if figures.best_score is None else max(figures.best_score, score)
        figures.fastest_win_s = (
            elapsed if figures.fastest_win_s is None else min(figures.fastest_win_s, elapsed)
        )
        return True

    def record_abandon(self) -> bool:
        """The open game is left (new game, restart): lost if it was not won, and the
        streak of its difficulty ends. Returns True if anything changed."""
        game, self.open = self.open, None
        if game is None:
            return False
        if not game.won:
            self.by_cells[game.cells].current_streak = 0  # a loss, helped or not
        return True

    def record_hint(self, hints: int) -> bool:
        """The open game has used ``hints`` hints so far (a win will count as helped)."""
        if self.open is None or hints <= self.open.hints:
            return False
        self.open.hints = hints
        return True

    def reset(self) -> None:
        """Forget every figure; a game being played is no longer counted."""
        self.by_cells = {cells: DifficultyStats() for cells in CELL_COUNTS}
        self.open = None

    # -- JSON ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """The ``stats.json`` body, without the version (``saving.small_files`` adds it)."""
        return {
            "difficulties": {
                str(cells): {
                    "played": f.played,
                    "won": f.won,
                    "current_streak": f.current_streak,
                    "best_streak": f.best_streak,
                    "best_score": f.best_score,
                    "fastest_win_s": f.fastest_win_s,
                    "wins_with_help": f.wins_with_help,
                }
                for cells, f in self.by_cells.items()
            },
            "open": None
            if self.open is None
            else {"cells": self.open.cells, "hints": self.open.hints, "won": self.open.won,
                  "beat": list(self.open.beat), **({"code": self.open.code} if self.open.code else {})},
        }

    @classmethod
    def from_json(cls, obj: object) -> Stats:
        """Read and check a ``stats.json`` body; raise ValueError saying what is wrong."""
        if not isinstance(obj, dict):
            raise ValueError("statistics must be a JSON object")
        raw = obj.get("difficulties")
        if not isinstance(raw, dict):
            raise ValueError("statistics need 'difficulties'")
        stats = cls()
        for cells in CELL_COUNTS:
            entry = raw.get(str(cells), {})
            if not isinstance(entry, dict):
                raise ValueError(f"statistics for {cells} cells must be an object")
            f = stats.by_cells[cells]
            f.played = _count(entry, "played")
            f.won = _count(entry, "won")
            f.current_streak = _count(entry, "current_streak")
            f.best_streak = _count(entry, "best_streak")
            f.wins_with_help = _count(entry, "wins_with_help")
            best = entry.get("best_score")
            f.best_score = None if best is None else _count(entry, "best_score")
            fastest = entry.get("fastest_win_s")
            if fastest is not None:
                if isinstance(fastest, bool) or not isinstance(fastest, (int, float)):
                    raise ValueError("fastest_win_s must be a number")
                if not 0 <= fastest < 1e9:
                    raise ValueError("fastest_win_s is out of range")
                f.fastest_win_s = float(fastest)
            if not (
                f.won <= f.played
                and f.wins_with_help <= f.won
                and f.current_streak <= f.best_streak <= f.won
            ):
                raise ValueError(f"the statistics for {cells} cells do not add up")
        open_game = obj.get("open")
        if open_game is not None:
            if not isinstance(open_game, dict):
                raise ValueError("'open' must be an object or null")
            open_cells = open_game.get("cells")
            if open_cells not in CELL_COUNTS or isinstance(open_cells, bool):
                raise ValueError("the open game's cells must be 4, 2 or 1")
            won = open_game.get("won", False)
            if not isinstance(won, bool):
                raise ValueError("the open game's 'won' must be true or false")
            beat = open_game.get("beat", [])
            if not isinstance(beat, list) or not set(beat) <= set(BESTS) or len(set(beat)) != len(beat):
                raise ValueError("the open game's 'beat' must list 'score' and 'time' at most once each")
            code = open_game.get("code")
            if code is not None and not (isinstance(code, str) and len(code) <= 40 and _is_code(code)):
                raise ValueError("the open game's 'code' must be a game code")
            stats.open = OpenGame(int(open_cells), _count(open_game, "hints"), won,
                                  tuple(name for name in BESTS if name in beat), code)
        return stats


_MAX_COUNT = 10**9


def _is_code(text: str) -> bool:
    try:
        return str(GameCode.parse(text)) == text
    except ValueError:
        return False


def _count(entry: dict[str, object], name: str) -> int:
    value = entry.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number")
    if not 0 <= value < _MAX_COUNT:
        raise ValueError(f"{name} is out of range")
    return value


def format_rate(rate: float | None) -> str:
    """A win rate for the player, like ``"67%"``; a dash before the first game."""
    return "\u2014" if rate is None else format_percent(rate)


__all__ = ["BESTS", "DifficultyStats", "OpenGame", "Stats", "figures_sentence", "format_duration", "format_rate",
           "is_record", "rate_of", "win_summary"]


def win_summary(stats: Stats, cells: int) -> list[str]:
    """What the won panel says about the statistics, once the win is counted: this
    difficulty's figures, then what the win bettered (SPEC 7), or that a helped win is no
    record. Empty if the win is not (yet) counted for ``cells``. The figures add up at a
    glance (issue 25): the wins without help out of the games the rate counts, then the
    wins with help beside them, never a rate over one count next to another."""
    game = stats.open
    if game is None or not game.won or game.cells != cells:
        return []
    lines = [figures_sentence(stats.of(cells), difficulty_name(cells))]
    if game.hints:
        lines.append(_("Won with help: it counts as played, not in the win rate, the streak or the bests."))
        return lines
    news = {("score",): _("A new best score!"),
            # Translators: a line of the won window: this win was the fastest of its difficulty.
            ("time",): _("Your fastest win!"),
            ("score", "time"): _("A new best score, and your fastest win!")}
    if game.beat:
        lines.append(news[game.beat])
    return lines


def figures_sentence(f: DifficultyStats, difficulty: str) -> str:
    """One difficulty's figures in a sentence whose numbers add up: "Easy: 2 games played;
    won 1 of 1 without help (100%), 1 more with help; streak 1, best streak 1."."""
    rated = f.played - f.wins_with_help
    # Translators: a part of the sentence "Easy: 2 games played; won 1 of 1 without help (100%), 1 more with help; …"
    # (won window).
    played = ngettext("{n} game played", "{n} games played", f.played).format(n=format_number(f.played))
    if f.wins_with_help:
        # Translators: a part of the sentence "Easy: 2 games played; won 1 of 1 without help (100%), 1 more with help;
        # …": {won} of {n} games were won without help; {rate} is a percentage.
        won = ngettext("won {won} of {n} without help ({rate})", "won {won} of {n} without help ({rate})", rated)
        # Translators: a part of the sentence "Easy: 2 games played; won 1 of 1 without help (100%), 1 more with help;
        # …": {n} more games won with help.
        helped = ngettext("{n} more with help", "{n} more with help", f.wins_with_help).format(
            n=format_number(f.wins_with_help))
        # Translators: a line of the won window; {difficulty} is Easy, Medium or Hard, {played} "2 games played", {won}
        # "won 1 of 1 without help (100%)", {helped} "1 more with help"; {streak} and {best} are numbers of wins in a
        # row.
        text = _("{difficulty}: {played}; {won}, {helped}; streak {streak}, best streak {best}.")
    else:
        # Translators: a part of the sentence "Easy: 2 games played; won 1 of 2 (50%); …": {won} of {n} games won;
        # {rate} is a percentage.
        won = ngettext("won {won} of {n} ({rate})", "won {won} of {n} ({rate})", rated)
        helped = ""
        # Translators: a line of the won window; {difficulty} is Easy, Medium or Hard, {played} "2 games played", {won}
        # "won 1 of 2 (50%)"; {streak} and {best} are numbers of wins in a row.
        text = _("{difficulty}: {played}; {won}; streak {streak}, best streak {best}.")
    won = won.format(won=format_number(f.won_alone), n=format_number(rated), rate=format_rate(f.win_rate))
    return text.format(difficulty=difficulty, played=played, won=won, helped=helped,
                       streak=format_number(f.current_streak), best=format_number(f.best_streak))


def rate_of(f: DifficultyStats) -> str:
    """The win rate with what it counts, for the Statistics table: "100% (1 of 1)"."""
    rated = f.played - f.wins_with_help
    if rated <= 0:
        return format_rate(None)
    # Translators: a figure of the Statistics table (row Win rate without help): {rate} is a percentage, {won} of {n}
    # games won. Narrow: about 14 characters.
    return _("{rate} ({won} of {n})").format(rate=format_rate(f.win_rate), won=format_number(f.won_alone),
                                             n=format_number(rated))


def bests_line(stats: Stats, cells: int) -> str:
    """The difficulty's best score and fastest win, for the won panel beside this game's."""
    f = stats.of(cells)
    if f.best_score is None and f.fastest_win_s is None:
        # Translators: a line of the won window; {difficulty} is Easy, Medium or Hard.
        return _("{difficulty} bests: none yet (wins with help are not bests).").format(
            difficulty=difficulty_name(cells))
    best = "\u2014" if f.best_score is None else format_number(f.best_score)
    # Translators: a line of the won window; {difficulty} is Easy, Medium or Hard, {score} points, {time} a time of play
    # like 4:05.
    return _("{difficulty} bests: score {score}  \u00b7  fastest win {time}").format(
        difficulty=difficulty_name(cells), score=best, time=format_duration(f.fastest_win_s))
