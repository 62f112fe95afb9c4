"""Start-up: the window, the game in play and the table, put together; and, for the real
game only, the player's files plugged in (autosave, statistics, settings).

    app, session, table = build(size=(1280, 800), code="SH1-C4-AAAAAJ2")   # tests, smoke
    play(size, fullscreen, code)                                             # the game

Only :func:`play` creates the object that writes the player's files.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass

from seahaven.app.saving import game_file, persistence
from seahaven.app.saving.persistence import Autosave
from seahaven.app.saving.saved_game import SavedGame
from seahaven.app.screens import dialogs, navigation
from seahaven.app.screens.dialogs import Notice
from seahaven.app.screens.loading import Loading
from seahaven.app.screens.table.scene import TableScene
from seahaven.app.shell.loop import App
from seahaven.app.shell.opening import Opening, open_window
from seahaven.app.state.daily_check import DailyCheck
from seahaven.app.state.deal_facts import Rater
from seahaven.app.state.session import Session
from seahaven.app.state.settings import Settings
from seahaven.engine import Game, GameCode
from seahaven.i18n import _, sentences, set_language


def build(
    size: tuple[int, int] | None = None,
    fullscreen: bool = False,
    settings: Settings | None = None,
    code: GameCode | str | None = None,
    game: Game | None = None,
    elapsed_s: float = 0.0,
    keeper: persistence.Persistence | None = None,
    app: App | None = None,
) -> tuple[App, Session, TableScene]:
    """A window with the table on it, playing ``game`` (or the deal of ``code``); ``app``:
    the window already open."""
    settings = settings if settings is not None else Settings()
    set_language(settings.language)
    if app is None:
        app = App(size=size, fullscreen=fullscreen, settings=settings)
    session = Session.start(settings, lambda: app.time, code=code, game=game, elapsed_s=elapsed_s, keeper=keeper,
                            facts=keeper.facts if keeper is not None else None)  # one owner: the keeper's
    session.files = game_file.Access(keeper.recent if keeper is not None else None)  # recent files: the keeper's
    app.on_close.append(session.jobs.shutdown)
    table = TableScene(app, session)
    app.push(table)
    app.listen(lambda sentence: table.say(sentence, of_position=False))  # about the window, not a position
    app.view.watch(table, session.current.set_in_view)  # the clock stands while the table is out of view
    return app, session, table


@dataclass
class Opened:
    """The game as the player starts it: window, session, table, and the autosave."""

    app: App
    session: Session
    table: TableScene
    autosave: Autosave
    signals: list[int]
    """The stop signals received (:class:`~seahaven.app.shell.opening.StopSignals`)."""


class ClosedWhileOpening(Exception):
    """The window was closed, or a stop signal came, while the saved game was being read:
    the game ends with nothing written (the saved game stays on disk as it was)."""

    def __init__(self, signals: list[int]) -> None:
        super().__init__()
        self.signals = signals


def open_game(size: tuple[int, int] | None, windowed: bool, code: str | None,
              not_saving: str | None = None, opened_file: tuple[SavedGame, str] | None = None,
              opening: Opening | None = None) -> Opened:
    """Resume the saved game (or deal ``code``) in a window, with autosave plugged in and
    the messages of the start (a bad file) on show. ``not_saving``: the data folder could
    not be locked (the sentence why): its files are read if they can be, never written.
    ``opening``: the settings read and the window opened already (:func:`open_window`).
    Raises :class:`ClosedWhileOpening` (the window closed) when the window closes or a
    stop signal comes while the saved game is read."""
    if opening is None:
        opening = open_window(size, windowed, read_only=not_saving is not None)
    keeper = persistence.Persistence(opening.storage, settings=opening.settings)  # settings and statistics
    fullscreen = opening.window.fullscreen
    window = App(size=size, fullscreen=fullscreen, settings=keeper.settings, window=opening.window)
    signals = opening.signals.received  # caught from the moment the window opened: a long game is read next
    opening.signals.stop_with(lambda: _close(window))
    window.on_close.append(opening.signals.restore)
    try:
        saved = _resume(window, keeper)
    except ClosedWhileOpening:
        window.close()
        raise ClosedWhileOpening(signals) from None
    asked = GameCode.parse(code) if code else None
    if saved is not None and asked is not None and saved.game.code != asked and not _in_progress(saved.game):
        saved = None  # nothing would be lost: deal the code asked for (its own saved game resumes)
    app, session, table = build(size, fullscreen, keeper.settings, code=asked,
                                game=saved.game if saved else None, elapsed_s=saved.elapsed_s if saved else 0.0,
                                keeper=keeper, app=window)
    session.not_saving = not_saving is not None
    if saved is not None and keeper.stats.open is not None and keeper.stats.open.won:
        session.current.won_before()  # won, then undone before the last close: its time is the win's
    autosave = Autosave(keeper, session)
    # the first deal is rated once the table shows: the solver's thread would share the
    # interpreter with the first frame
    app.on_first_frame.append(Rater(session).ask)
    # today's daily deal, however it came (--code, a typed code): said on the table (issue 37.8)
    app.on_first_frame.append(DailyCheck(session).ask)
    app.on_quit.append(autosave.quit)
    if saved is not None:
        table.say(_("Welcome back: your game is as you left it."))
    autosave.save_now()
    messages = keeper.take_messages()
    if not_saving is not None:
        # Translators: the title of a notice at start when nothing can be saved this time.
        app.push(Notice(app, lambda: _("Not saving"), lambda: not_saving))
    elif messages:
        # Translators: the title of a notice at start about the saved files (one could not be read).
        app.push(Notice(app, lambda: _("Saved files"), lambda: sentences(messages)))
    at_stake = navigation.game_at_stake(session)
    if asked is not None and saved is not None and saved.game.code != asked and at_stake is not None:
        # a code on the command line over a game in progress: ask, never throw it away
        # Translators: the title of a confirmation at start; {code} is the game code given on the command line.
        app.push(dialogs.Confirm(app, lambda: _("Play {code}?").format(code=asked), at_stake,
                                 # Translators: the button of the confirmation "Play {code}?"; {code} is like
                                 # SH1-C4-AAAAAJ2.
                                 lambda: _("Play {code}").format(code=asked), lambda: session.deal(asked)))
    if opened_file is not None:  # seahaven FILE: its game, once the game in play is given up (asked)
        from seahaven.app.screens.game_files import play_saved

        saved_file, name = opened_file
        play_saved(app, session, saved_file.game, saved_file.elapsed_s, name)
    return Opened(app, session, table, autosave, signals)


LOADING_AFTER_S = 0.2
"""A saved game still being read after this long gets a line in the window saying so."""


def _resume(app: App, keeper: persistence.Persistence) -> SavedGame | None:
    """The saved game, read (and every move of it checked) on a worker thread while the
    window is already open and answering: a game of 400,000 moves takes seconds. Closing
    the window or a stop signal meanwhile raises :class:`ClosedWhileOpening` within a
    frame: the reader only reads until it has the game (what it sets aside or counts is
    written whole or not at all), and it stops with the process."""
    result: list[SavedGame | None] = []
    failure: list[BaseException] = []

    def read() -> None:
        try:
            result.append(keeper.resume())
        except BaseException as error:  # handed to the main thread, raised there
            failure.append(error)

    worker = threading.Thread(target=read, name="seahaven-resume", daemon=True)
    worker.start()
    worker.join(LOADING_AFTER_S)
    if worker.is_alive():
        scene = app.push(Loading(app, _("Opening your saved game…")))
        while worker.is_alive():
            app.step()  # the window answers; closing it ends the game at once
            if not app.running:
                raise ClosedWhileOpening([])
            worker.join(1 / 60)
        scene.close()
    if not app.running:  # a stop signal came while the window opened, or as the game was read
        raise ClosedWhileOpening([])
    if failure:
        raise failure[0]
    return result[0]


def _in_progress(game: Game) -> bool:
    return game.started and not game.is_won


Driver = Callable[[App, TableScene], int]
"""Plays the opened game instead of the player (the tests' kill-test driver): given the
window and the table, it returns the exit status."""


def play(size: tuple[int, int] | None, windowed: bool, code: str | None, not_saving: str | None = None,
         driver: Driver | None = None, opened_file: tuple[SavedGame, str] | None = None,
         opening: Opening | None = None) -> int:
    """The game: open it, play until the window closes (or let ``driver`` play it). A save
    that failed as the window closed is said on standard error, and in a small window of
    its own (a double-clicked game has no terminal) unless the game was ended by a signal."""
    try:
        opened = open_game(size, windowed, code, not_saving, opened_file, opening)
    except ClosedWhileOpening:
        return 0
    signalled = opened.signals
    try:
        if driver is not None:
            return driver(opened.app, opened.table)
        return int(opened.app.run() or 0)
    finally:
        opened.app.close()
        failed = opened.autosave.failed_at_quit
        for sentence in failed:
            print(f"seahaven: {sentence}", file=sys.stderr, flush=True)
        if failed and not signalled:
            from seahaven.app.shell import alert

            alert.show("Seahaven Towers", sentences(failed))


def _close(app: App) -> None:
    """A stop signal: the game closes as if its window had been closed (the loop is woken if it
    sleeps waiting for input)."""
    app.quit()
    with contextlib.suppress(Exception):
        import pygame

        pygame.event.post(pygame.event.Event(pygame.QUIT))
