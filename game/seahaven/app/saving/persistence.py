"""The player's saved game, statistics and settings kept in step with the game in play:
resume at start, save after every change, count statistics, keep settings. :class:`Autosave`
plugs the keeper into the game in play as its listener; nothing here imports pygame.

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

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from seahaven.app.saving import history_file
from seahaven.app.saving.files import SaveError
from seahaven.app.saving.history_file import Entry, History, HistoryFile
from seahaven.app.saving.saved_game import SavedGame
from seahaven.app.saving.small_files import deals_to_json
from seahaven.app.saving.storage import DEALS, Loaded, Storage  # noqa: F401 - DEALS: its old home
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent
from seahaven.app.state.deal_facts import DealFacts
from seahaven.app.state.history import MAX_LINE_MOVES
from seahaven.app.state.recent_files import RecentFiles
from seahaven.app.state.session import Session
from seahaven.app.state.settings import Settings
from seahaven.app.state.stats import Stats, is_record
from seahaven.engine import Action, Game, GameCode, Position
from seahaven.i18n import _, format_number, ngettext


@dataclass(frozen=True, slots=True)
class _Seen:
    """The game in play as the last save saw it: what its history line says if it is left."""

    code: str | None
    cells: int
    rules: str
    moves: int
    elapsed_s: float
    score: int
    hints: int
    stuck: bool
    start: Position | None = None
    actions: Callable[[], tuple[Action, ...]] | None = field(default=None, compare=False)
    """The game's line as it was then (:meth:`Game.line_snapshot`: cheap to take, read only
    when the game ends), so its history line keeps the moves."""

    @classmethod
    def of(cls, game: Game, elapsed_s: float) -> _Seen:
        return cls(None if game.code is None else str(game.code), game.start.cell_count,
                   "classic" if game.rules.run_limit == "classic" else "app", game.move_count,
                   round(max(0.0, float(elapsed_s)), 1), game.score, game.hints_used, game.is_stuck,
                   game.start, game.line_snapshot())

    def line(self) -> str | None:
        """The moves played, as the history keeps them (None if not known or too many)."""
        if self.actions is None or self.moves > MAX_LINE_MOVES:
            return None
        return Entry.line_of([action.move for action in self.actions()[: self.moves]])


class Persistence:
    """The player's saved game, settings and statistics, kept in step with the table."""

    def __init__(self, storage: Storage | None = None, folder: Path | str | None = None,
                 read_only: bool = False, settings: Loaded[Settings] | None = None) -> None:
        """``settings``: read from ``storage`` already (the window opened as they say)."""
        self.storage = storage if storage is not None else Storage(folder, read_only=read_only)
        self.messages: list[str] = []
        """Sentences for the player not yet shown (bad files, failed saves)."""
        self._failing: set[str] = set()  # which files failed to save (warn once per failure run)
        loaded_settings = settings if settings is not None else self.storage.load_settings()
        self.settings: Settings = loaded_settings.value
        self._note(loaded_settings.message)
        loaded_stats = self.storage.load_stats()
        self.stats: Stats = loaded_stats.value
        self._note(loaded_stats.message)
        self._game: Game | None = None
        self._seen: _Seen | None = None
        self._resumed: Game | None = None
        """The game statistics count, resumed at its deal: until its first move, not a restart."""
        self._continued: Game | None = None
        """The game in play opened again from its file (:meth:`continues`): the same game."""
        self.history_file = HistoryFile(self.storage.folder, read_only=self.storage.read_only)
        self.history_file.load()
        self._note(self.history_file.message)
        self.facts = DealFacts()
        self._load_facts()
        self.facts.listeners.append(self._save_facts)
        self.recent = RecentFiles()
        """The game files last opened or saved (the chooser's Recent list)."""
        self._load_recent()
        self.recent.listeners.append(lambda: self.storage.save_recent(self.recent.to_json()))

    @property
    def history(self) -> History:
        """Every game that ended (the rolled ones as totals), oldest first."""
        return self.history_file.history

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
                left = self.stats.open
                self.stats.record_abandon()
                self._save_stats()
                self._record_end("abandoned", _Seen(left.code, left.cells, "app", 0, 0.0, 0, left.hints, False))
            return None
        game = saved.game
        if self.stats.open is not None:
            game.note_hints(self.stats.open.hints)
            if not game.started:
                # the game statistics count, resumed at its deal (its moves were lost to a
                # damaged journal): the same game, not a restart, so it is not counted again
                self._resumed = game
        self._game = game
        self._seen = _Seen.of(game, saved.elapsed_s) if game.started or self._resumed else None
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
        """The window closes: save the game and its time, the statistics and the settings,
        all in full. Only what these last writes could not save is said (even if said
        before: this was the last chance), never a failure an earlier write had and a
        later one made good."""
        before = len(self.messages)
        if game is not None:
            self._sync_stats(game, elapsed_s)
        storage = self.storage
        storage.forget_failures()  # every file is written again now: how that goes is what counts
        for name in ("game", "stats", "settings"):
            try:
                if name == "game" and game is not None:
                    storage.save_game(game, elapsed_s, True)
                elif name == "stats":
                    storage.save_stats(self.stats)
                elif name == "settings":
                    storage.save_settings(self.settings)
            except SaveError as error:  # refused (a file that must not be written over)...
                if storage.refusing(error):
                    self._note(str(error))  # ...else a failed append: the full save below decides
        for _attempt in range(8):  # saves are written on a background thread; each failure once
            try:
                storage.flush()
                break
            except SaveError as error:
                self._note(str(error))
        self.history_file.write_pending()  # the last chance for lines a full disk held back
        unwritten = self.history_file.unwritten
        if unwritten:
            # Translators: a notice; {n} is a number of games.
            self._note(ngettext("{n} game could not be written to your game history, though the statistics count it.",
                                "{n} games could not be written to your game history, though the statistics count "
                                "them.", unwritten).format(n=format_number(unwritten)))
        return list(dict.fromkeys(self.messages[before:]))

    @property
    def not_saving(self) -> bool:
        """The game in play is not being saved (its last save failed: a full disk, an I/O
        error), until a save of it works again."""
        return "game" in self._failing

    def continues(self, game: Game) -> None:
        """``game`` (the game in play's deal, opened from its file) is about to replace the
        game in play as the same game: the statistics keep counting the one game, and no
        history line says it was lost (issue 36)."""
        self._continued = game

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
        self._note(self.history_file.append_reset(history_file.now_stamp()))
        return self.messages[before:]

    def export_history(self) -> str:
        """Write every recorded game as CSV into the data folder (a new file each time,
        named by the moment); one sentence saying where it went, or why it could not."""
        if self.storage.read_only:
            return _("The history cannot be exported: this copy of the game does not write to its data folder.")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.storage.path(f"history-{stamp}.csv")
        try:
            self.storage.folder.mkdir(parents=True, exist_ok=True)
            history_file.replace_file(path, history_file.to_csv(self.history.entries).encode())
        except OSError as error:
            # Translators: said (status line) when the export failed; {why} is the system's reason.
            return _("The history could not be exported ({why}).").format(why=error.strerror or error)
        count = len(self.history.entries)
        # Translators: said (status line) after the export; {n} is a number of games, {path} the file's full path.
        return ngettext("{n} game exported to {path}.", "{n} games exported to {path}.", count).format(
            n=format_number(count), path=path)

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
        if game.started or replaced:
            self._resumed = None
        same = replaced and game is self._continued and self._game is not None and game.code == self._game.code
        if replaced:
            self._continued = None  # a file of the game in play is the same game once, as it replaces it
        if stats.open is not None and (replaced or not game.started) and game is not self._resumed and not same:
            # a new game, or a restart: the open game is lost unless it was won
            left = stats.open
            changed |= stats.record_abandon()
            if not left.won:
                seen = self._seen or _Seen(left.code, left.cells, "app", 0, 0.0, 0, left.hints, False)
                result = "restarted" if not replaced else "lost" if seen.stuck else "abandoned"
                self._record_end(result, seen, keep=game.code)
        self._game = game
        if game.started:
            self._seen = _Seen.of(game, elapsed_s)
        if not is_record(game):
            # a game from a position (hand-written, imported, a file's): played, saved, no record
            if changed:
                self._save_stats()
            return
        if game.started and stats.open is None:
            changed |= stats.record_start(cells, game.hints_used, None if game.code is None else str(game.code))
        if game.hints_used:
            changed |= stats.record_hint(game.hints_used)
        if game.is_won and stats.open is not None and not stats.open.won:
            changed |= stats.record_win(cells, game.score, elapsed_s, game.hints_used)
            self._record_end("won", _Seen.of(game, elapsed_s), keep=game.code)
        if changed:
            self._save_stats()

    def _record_end(self, result: str, seen: _Seen, keep: GameCode | str | None = None) -> None:
        """A game ended: its line goes into the history (SPEC 10)."""
        facts = self.facts
        entry = Entry(history_file.now_stamp(), seen.code, seen.cells, seen.rules, result, seen.moves,
                      seen.elapsed_s, seen.score, seen.hints, seen.code is not None and seen.code in facts.demo,
                      facts.daily_date(seen.code), facts.rating(seen.code), seen.line(),
                      seen.start if seen.code is None else None)
        message = self.history_file.append(entry)
        if message is not None:
            self._warn("history", message)
        else:
            self._failing.discard("history")
        facts.game_ended(seen.code, keep)

    def _load_facts(self) -> None:
        # a lost one starts empty, a damaged one is set aside: deals are rated again as they come
        loaded = self.storage.load_deals()
        self._note(loaded.message)
        if loaded.value is not None:
            self.facts.load_json(loaded.value)

    def _save_facts(self) -> None:
        self.storage.save_deals(deals_to_json(self.facts.to_json()))  # a cache; the history line keeps what matters

    def _load_recent(self) -> None:
        loaded = self.storage.load_recent()
        self._note(loaded.message)
        if loaded.value is not None:
            self.recent.load_json(loaded.value)

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


class Autosave:
    """The keeper listening to the game in play (and to the settings): after every move,
    undo, redo, restart and new deal the game is saved and the statistics counted; a hint is
    saved the moment it is shown; a setting is written the moment it changes; the window
    closing saves the time. Warnings (a full disk, a read-only folder) go to the player's
    status line. No screen writes the player's files."""

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
