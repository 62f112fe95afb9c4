"""Autosave: the player's files listen to the game in play. After every move, undo, redo,
restart and new deal the game is saved and the statistics counted; a hint is saved the
moment it is shown; a setting is written the moment it changes; the window closing saves
the time. Warnings (a full disk, a read-only folder) go to the player's status line.
Nothing here imports pygame, and no screen writes the player's files."""

from __future__ import annotations

from seahaven.app.current import LINE_CHANGES, Change, GameEvent
from seahaven.app.i18n import _
from seahaven.app.saving.persistence import Persistence
from seahaven.app.session import Session


class Autosave:
    def __init__(self, keeper: Persistence, session: Session) -> None:
        self.keeper = keeper
        self.session = session
        self.failed_at_quit: list[str] = []
        """The sentences of the saves that failed when the window closed."""
        # one owner each: the session was started with the keeper's settings and deal facts
        assert keeper.settings is session.settings and keeper.facts is session.facts
        # first: the win is counted (and the move on disk) before the table opens its
        # won panel, which shows the statistics with this win in them
        session.current.subscribe(self._on_game, first=True)
        session.settings.subscribe(self._on_setting)

    def _on_game(self, event: GameEvent) -> None:
        current = self.session.current
        failing = self.keeper.not_saving
        if event.kind in LINE_CHANGES:
            self._tell(self.keeper.game_changed(current.game, current.elapsed()))
        elif event.kind is Change.HINT_SHOWN:
            if event.move is None:  # the demo took over
                self.session.facts.demo_played(current.code)
            self._tell(self.keeper.hint_used(current.game, current.elapsed()))
        elif event.kind is Change.BOOKMARKED:  # on disk at once, in the journal like a move
            self._tell(self.keeper.game_changed(current.game, current.elapsed()))
        if failing and not self.keeper.not_saving:  # the status line's "Not saving" goes with this
            self.session.say(_("Your game is being saved again."))

    def _on_setting(self, name: str) -> None:
        self._tell(self.keeper.settings_changed())

    def save_now(self) -> None:
        """Save the game as it stands (at start, so that the statistics count it)."""
        current = self.session.current
        self._tell(self.keeper.game_changed(current.game, current.elapsed(), full=True))

    def quit(self) -> None:
        """The window closes: save the game with its time, and the settings. What could
        not be saved is said (and kept in :attr:`failed_at_quit` for the player to read
        once the window is gone)."""
        current = self.session.current
        self.failed_at_quit = self.keeper.quit(current.game, current.elapsed())  # the settings too
        self._tell(self.failed_at_quit)


    def _tell(self, messages: list[str]) -> None:
        for message in messages:
            self.session.say(message, warn=True)
