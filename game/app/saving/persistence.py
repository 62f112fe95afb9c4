"""The player's saved game, statistics and settings kept in step with the game in play:
resume at start, save after every change, count statistics, keep settings. Autosave
(:mod:`game.app.saving.autosave`) calls a few methods; nothing here imports pygame.

How the app uses it::

    keeper = Persistence()                 # loads settings and statistics
    saved = keeper.resume()                # the game to continue, or None
    ...show keeper.take_messages() to the player...
    keeper.game_changed(game, elapsed_s)   # after every move, undo, redo, new game, restart
    keeper.hint_used(game, elapsed_s)      # after a hint (a win then counts as helped)
    keeper.quit(game, elapsed_s)           # when the window closes
    keeper.settings_changed()              # after the Settings screen changed something

Every method returns (and queues) the warnings the player should see, one sentence each;
none raises for a file problem.
"""

from __future__ import annotations

from pathlib import Path

from game.app.saving.storage import SavedGame, SaveError, Storage
from game.app.settings import Settings
from game.app.stats import Stats
from game.engine import Game


class Persistence:
    """The player's saved game, settings and statistics, kept in step with the table."""

    def __init__(self, storage: Storage | None = None, folder: Path | str | None = None,
                 read_only: bool = False) -> None:
        self.storage = storage if storage is not None else Storage(folder, read_only=read_only)
        self.messages: list[str] = []
        """Sentences for the player not yet shown (bad files, failed saves)."""
        self._failing: set[str] = set()  # which files failed to save (warn once per failure run)
        loaded_settings = self.storage.load_settings()
        self.settings: Settings = loaded_settings.value
        self._note(loaded_settings.message)
        loaded_stats = self.storage.load_stats()
        self.stats: Stats = loaded_stats.value
        self._note(loaded_stats.message)
        self._game: Game | None = None

    # -- start -------------------------------------------------------------------------------

    def resume(self) -> SavedGame | None:
        """The game saved last time, with its history, undo position, score and time; None
        when there is none (or it could not be read: the player is told)."""
        loaded = self.storage.load_game(self.settings.rules)
        self._note(loaded.message)
        saved = loaded.value
        if saved is None:
            if self.stats.open is not None and not self.stats.open.won:
                # the game statistics were counting is gone: it was lost
                self.stats.record_abandon()
                self._save_stats()
            return None
        game = saved.game
        if self.stats.open is not None:
            game.hints_used = max(game.hints_used, self.stats.open.hints)
        self._game = game
        self._sync_stats(game, saved.elapsed_s)
        return saved

    # -- during play -----------------------------------------------------------------------

    def game_changed(self, game: Game, elapsed_s: float, full: bool = False) -> list[str]:
        """Save ``game`` and count it in the statistics. Call after every move, undo, redo,
        new game and restart (``full``: write the whole game now, not only the change).
        Returns the new warnings."""
        before = len(self.messages)
        self._sync_stats(game, elapsed_s)
        self._save_game(game, elapsed_s, full)
        return self.messages[before:]

    def hint_used(self, game: Game, elapsed_s: float) -> list[str]:
        """A hint was shown: a win of this game will count as "won with help". The hint
        is on disk at once (in the saved game, and in the statistics once it is played)."""
        before = len(self.messages)
        if self.stats.record_hint(game.hints_used):
            self._save_stats()
        self._save_game(game, elapsed_s)
        return self.messages[before:]

    def quit(self, game: Game | None, elapsed_s: float) -> list[str]:
        """The window closes: save the game and its time."""
        before = len(self.messages)
        if game is not None:
            self._sync_stats(game, elapsed_s)
            try:  # said even if said before: this was the last chance to save it
                self.storage.save_game(game, elapsed_s, True)
            except SaveError as error:
                self._note(str(error))
        try:
            self.storage.flush()  # saves are written on a background thread
        except SaveError as error:
            self._note(str(error))
        return list(dict.fromkeys(self.messages[before:]))

    # -- settings and statistics ---------------------------------------------------------

    def settings_changed(self) -> list[str]:
        """Write the settings (the Settings screen changed :attr:`settings` in place)."""
        before = len(self.messages)
        try:
            self.storage.save_settings(self.settings)
            self._failing.discard("settings")
        except SaveError as error:
            self._warn("settings", str(error))
        return self.messages[before:]

    def reset_stats(self) -> list[str]:
        """Forget all statistics (the game being played is no longer counted)."""
        before = len(self.messages)
        self.stats.reset()
        self._save_stats()
        return self.messages[before:]

    def take_messages(self) -> list[str]:
        """The sentences not shown yet; the queue is emptied."""
        messages, self.messages = self.messages, []
        return messages

    # -- machinery -------------------------------------------------------------------------

    def _sync_stats(self, game: Game, elapsed_s: float) -> None:
        """Apply the rules of the statistics to what happened since the last call."""
        changed = False
        stats = self.stats
        cells = game.start.cell_count
        replaced = self._game is not None and game is not self._game
        if stats.open is not None and (replaced or not game.started):
            # a new game, or a restart: the open game is lost unless it was won
            changed |= stats.record_abandon()
        self._game = game
        if game.started and stats.open is None:
            changed |= stats.record_start(cells, game.hints_used)
        if game.hints_used:
            changed |= stats.record_hint(game.hints_used)
        if game.is_won and stats.open is not None and not stats.open.won:
            changed |= stats.record_win(cells, game.score, elapsed_s, game.hints_used)
        if changed:
            self._save_stats()

    def _save_game(self, game: Game, elapsed_s: float, full: bool = False) -> None:
        try:
            self.storage.save_game(game, elapsed_s, full)
            self._failing.discard("game")
        except SaveError as error:
            self._warn("game", str(error))

    def _save_stats(self) -> None:
        try:
            self.storage.save_stats(self.stats)
            self._failing.discard("stats")
        except SaveError as error:
            self._warn("stats", str(error))

    def _warn(self, what: str, message: str) -> None:
        """Queue a save warning once, until that file saves again."""
        if what not in self._failing:
            self._failing.add(what)
            self._note(message)

    def _note(self, message: str | None) -> None:
        if message:
            self.messages.append(message)


def start(folder: Path | str | None = None, read_only: bool = False) -> tuple[Persistence, SavedGame | None]:
    """Load settings, statistics and the saved game: what the game needs before it opens
    its window (``read_only``: and never write them)."""
    keeper = Persistence(folder=folder, read_only=read_only)
    return keeper, keeper.resume()
