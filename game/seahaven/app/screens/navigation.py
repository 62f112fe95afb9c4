"""Navigation, in one place: opening the full-window screens (Help, Statistics with its
graphs, Settings, the daily deals' calendar), asking before a game in progress is left, and
finding the end-of-game message on the stack. The windows themselves are in ``dialogs``
and ``new_game``; the screens in their own modules.

The full-window screens are imported when first opened, not with the table: none is needed
for the first frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from seahaven.app.kit.scenes import Scene
from seahaven.app.screens.dialogs import Confirm, EndMessage, Words
from seahaven.app.state.history import History
from seahaven.app.state.session import Session
from seahaven.app.state.stats import is_record
from seahaven.app.text.words import moves_phrase
from seahaven.engine import daily
from seahaven.i18n import N_, _, format_number

if TYPE_CHECKING:
    from seahaven.app.board.replay_game import ReplayGame
    from seahaven.app.kit.scenes import App
    from seahaven.app.screens.daily_deals import Day
    from seahaven.engine import Game

SCREENS = {
    "help": N_("Help"),
    # Translators: the title of the Statistics screen, and a Menu command.
    "statistics": N_("Statistics"),
    # Translators: the title of the Settings screen, and a Menu command.
    "settings": N_("Settings"),
}


def open_screen(app: App, session: Session, name: str) -> None:
    """Open the Help, Statistics or Settings screen."""
    if name == "statistics":
        from seahaven.app.screens import statistics

        app.push(statistics.open_scene(app, session, on_daily=lambda: open_daily(app, session),
                                       on_replay=lambda replay: open_replay(app, session, replay),
                                       on_analyse=lambda replay: open_replay(app, session, replay, analyse=True)))
    elif name == "help":
        from seahaven.app.screens import help as help_screen

        app.push(help_screen.open_scene(app, session))
    else:
        from seahaven.app.screens import settings_screen as settings

        app.push(settings.open_scene(app, session))


def open_daily(app: App, session: Session) -> None:
    """The Daily deals screen: today's deals and the calendar; a deal chosen there is
    played once the player agrees to leave a game in progress."""
    from seahaven.app.screens import daily_deals as daily_screen

    history = session.keeper.history if session.keeper is not None else History()

    def note() -> str:
        return _("Finding the daily deal\u2026") if session.jobs.running("daily") else ""

    def play(day: Day, cells: int) -> None:
        daily_screen.play_daily(app, session, day, cells, ask=lambda title, start: ask_first(app, session, title,
                                                                                             start))

    app.push(daily_screen.DailyScreen(app, history, daily.today(), play, note))


def open_replay(app: App, session: Session, replay: ReplayGame, from_here: bool = True,
                analyse: bool = False) -> Scene:
    """The replay screen over ``replay``; ``from_here``: it offers "Play from here", which
    starts a game at the board shown (once the player agrees to leave a game in progress),
    closing every window over the table. The game has no code: a game from a position,
    which is no record. A game's replay (not the solver's line) also offers Review: the
    move that lost it, and the position before it shown in the replay; and Analyse: every
    move reviewed, a mark for each under the board (``analyse``: at once, as the panels'
    and Statistics' Analyse ask), run in the session's job runner."""
    from seahaven.app.screens.replay_screen import ReplayScreen
    from seahaven.app.screens.review_window import ReviewWindow
    from seahaven.app.state.game_analysis import GameAnalysis

    def review(watched: ReplayGame) -> None:
        app.push(ReviewWindow(app, session, watched))

    def analysis(watched: ReplayGame) -> GameAnalysis:
        actions = tuple(watched.action(n) for n in range(1, watched.length + 1))
        started = GameAnalysis(watched.start, actions, watched.rules)
        started.run(session.jobs)
        return started

    def play_from_here(watched: ReplayGame) -> None:
        def start() -> None:
            game = watched.play_from_here()
            for scene in list(app.scenes)[1:]:
                scene.close()
            session.current.new_game(game)
            session.settings.set("cells", game.start.cell_count)
            # Translators: a confirmation window's text on the replay screen; {n} is the move the game would start from.
            session.say(_("A game from move {n} of the replay: a win of it counts as won with help.").format(
                n=format_number(watched.index)))

        # Translators: the title of a confirmation window on the replay screen: play on from the move shown.
        ask_first(app, session, lambda: _("Play from here?"), start)

    return app.push(ReplayScreen(app, replay, play_from_here if from_here else None, review if from_here else None,
                                 analysis if from_here else None, analysing=analyse and from_here))


def ask_first(app: App, session: Session, title: Words, start: Callable[[], None]) -> None:
    """Run ``start`` now if no game in progress would be lost, else once the player agrees
    (``title``: the question, built when shown)."""
    at_stake = game_at_stake(session)
    if at_stake is None:
        start()
    else:
        # Translators: the button of the confirmation "Play from here?". About 12 characters.
        app.push(Confirm(app, title, at_stake, lambda: _("Play it"), start))


def find_message(app: App) -> Scene | None:
    """The end-of-game message (won, stuck) on the stack, if one is open."""
    return app.scenes.find(EndMessage)


def game_at_stake(session: Session) -> Words | None:
    """What would be lost by leaving the game in play now, as words built when shown (in
    the language of then); None when nothing would (no move made yet, or the game is won)."""
    current = session.current
    if not current.in_progress:
        return None
    game = current.game
    return lambda: stake_text(game)


def stake_text(game: Game) -> str:
    """What is lost with ``game`` (in progress) when it is left, in words."""
    if not is_record(game):  # a game from a position counts in nothing: only the game is lost
        # Translators: a confirmation's text before a new game; {moves} is "12 moves", {score} points.
        text = _("The game in progress ({moves}, score {score}) will be gone.")
    elif game.code is not None:
        # Translators: a confirmation's text before a new game; {code} is like SH1-C4-AAAAAJ2, {moves} "12 moves",
        # {score} points.
        text = _("The game {code} in progress ({moves}, score {score}) will be gone, and it counts as lost in the "
                 "statistics.")
    else:
        # Translators: a confirmation's text before a new game; {moves} is "12 moves", {score} points.
        text = _("The game in progress ({moves}, score {score}) will be gone, and it counts as lost in the statistics.")
    return text.format(code=game.code, moves=moves_phrase(game.move_count), score=format_number(game.score))
