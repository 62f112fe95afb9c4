"""The glue between the table and the player's files: resume at start, save after every
change, count statistics, keep settings. The app calls a few methods; nothing here
imports pygame.

How the app uses it::

    keeper = Persistence()                 # loads settings and statistics
    saved = keeper.resume()                # the game to continue, or None
    ...show keeper.take_messages() to the player...
    keeper.game_changed(game, elapsed_s)   # after every move, undo, redo, new game, restart
    keeper.hint_used(game)                 # after a hint (a win then counts as helped)
    keeper.quit(game, elapsed_s)           # when the window closes
    keeper.settings_changed()              # after the Settings screen changed something

Every method returns (and queues) the warnings the player should see, one sentence each;
none raises for a file problem.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.app.settings import Settings
from game.app.stats import Stats
from game.app.storage import SavedGame, SaveError, Storage
from game.engine import APP_RULES, CLASSIC_RULES, Game, Rules


def rules_for(settings: Settings) -> Rules:
    """The rule set the settings ask for (the classic run limit, or the app's)."""
    return CLASSIC_RULES if settings.classic_run_limit else APP_RULES


class Persistence:
    """The player's saved game, settings and statistics, kept in step with the table."""

    def __init__(self, storage: Storage | None = None, folder: Path | str | None = None) -> None:
        self.storage = storage if storage is not None else Storage(folder)
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
        loaded = self.storage.load_game(rules_for(self.settings))
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

    def game_changed(self, game: Game, elapsed_s: float) -> list[str]:
        """Save ``game`` and count it in the statistics. Call after every move, undo, redo,
        new game and restart. Returns the new warnings."""
        before = len(self.messages)
        self._sync_stats(game, elapsed_s)
        self._save_game(game, elapsed_s)
        return self.messages[before:]

    def hint_used(self, game: Game) -> list[str]:
        """A hint was shown: a win of this game will count as "won with help"."""
        before = len(self.messages)
        if self.stats.record_hint(game.hints_used):
            self._save_stats()
        return self.messages[before:]

    def quit(self, game: Game | None, elapsed_s: float) -> list[str]:
        """The window closes: save the game and its time."""
        before = len(self.messages)
        if game is not None:
            self._sync_stats(game, elapsed_s)
            self._save_game(game, elapsed_s)
        try:
            self.storage.flush()  # saves are written on a background thread
        except SaveError as error:
            self._note(str(error))
        return self.messages[before:]

    # -- settings and statistics ---------------------------------------------------------

    def settings_changed(self) -> list[str]:
        """Write the settings (the Settings screen changed :attr:`settings` in place)."""
        before = len(self.messages)
        try:
            self.storage.save_settings(self.settings)
            self._failing.discard("settings")
        except SaveError as error:
            self._warn("settings", str(error))
        if self._game is not None:
            self._game.rules = rules_for(self.settings)
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

    def _save_game(self, game: Game, elapsed_s: float) -> None:
        try:
            self.storage.save_game(game, elapsed_s)
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


# == wiring into the app ==================================================================
# Everything below touches the table (issue 4) only through its public attributes: the
# App's ``on_game_changed`` / ``on_quit`` hooks, ``push``, ``settings``, ``assets`` and
# ``painter``, and the TableScene's ``game``, ``rules``, ``elapsed()``, ``say()``,
# ``clock_start`` / ``clock_stop`` and ``invalidate()``. pygame is imported only here.

SCRIPT_ENV = "SEAHAVEN_SCRIPT"
"""When set (to a number of actions, or "forever"), the game plays itself through posted
events: the kill test's driver. Each finished action prints one JSON line on stdout."""

_KEEPER_ATTR = "persistence"


def start(code: str | None = None, folder: Path | str | None = None) -> tuple[Persistence, SavedGame | None]:
    """Load settings, statistics and (unless a code was asked for) the saved game: what
    the app needs before it opens its window."""
    keeper = Persistence(folder=folder)
    saved = None if code else keeper.resume()
    return keeper, saved


def attach(app: Any, keeper: Persistence | None = None, saved: SavedGame | None = None) -> Persistence:
    """Plug ``keeper`` into a running ``app``: save after every change and on quit, restore
    the resumed game's clock, and show the messages of the start (a bad file)."""
    if keeper is None:
        keeper = Persistence()
    setattr(app, _KEEPER_ATTR, keeper)
    table = app.table

    def changed(game: Game) -> None:
        for message in keeper.game_changed(game, _elapsed(app)):
            _say(app, message)

    def quitting() -> None:
        keeper.quit(app.table.game, _elapsed(app))
        keeper.settings_changed()  # F11 and the New Game window change settings too

    app.on_game_changed.append(changed)
    app.on_quit.append(quitting)
    if saved is not None and table.game is saved.game:
        _restore_clock(app, saved)
        table.say("Welcome back: your game is as you left it.")
    keeper.game_changed(table.game, _elapsed(app))
    messages = keeper.take_messages()
    if messages:
        from game.app.dialogs import Notice

        app.push(Notice(app, "Saved files", " ".join(messages)))
    return keeper


def keeper_of(app: Any) -> Persistence:
    """The app's :class:`Persistence` (attached on the fly if the app was built without)."""
    keeper = getattr(app, _KEEPER_ATTR, None)
    if keeper is None:
        keeper = attach(app)
    return keeper


def apply_setting(app: Any, name: str) -> None:
    """A setting changed on the Settings screen: save it and make it take effect now."""
    keeper = keeper_of(app)
    settings = app.settings
    if keeper.settings is not settings:  # the app was built with its own Settings object
        keeper.settings = settings
    for message in keeper.settings_changed():
        _say(app, message)
    table = getattr(app, "table", None)
    if name == "four_colour":
        from game.app.render import Painter, load_assets

        app.assets = load_assets(settings.four_colour)
        app.painter = Painter(app.assets)
        if table is not None:
            table.painter = app.painter
    if name == "classic_run_limit" and table is not None:
        table.rules = rules_for(settings)
        table.game.rules = table.rules
    if table is not None:
        table.invalidate()


def reset_stats(app: Any) -> None:
    for message in keeper_of(app).reset_stats():
        _say(app, message)


def run(app: Any) -> int:
    """Play: the real loop, or the scripted session when :data:`SCRIPT_ENV` is set."""
    import os

    if os.environ.get(SCRIPT_ENV):
        return scripted(app, os.environ[SCRIPT_ENV])
    return int(app.run() or 0)


def _elapsed(app: Any) -> float:
    try:
        return float(app.table.elapsed())
    except Exception:  # a table without a clock: time is not essential
        return 0.0


def _restore_clock(app: Any, saved: SavedGame) -> None:
    """Continue the resumed game's clock from its saved time."""
    table = app.table
    if not saved.game.started:
        return
    table.clock_start = app.time - saved.elapsed_s
    table.clock_stop = app.time if saved.game.is_won else None


def _say(app: Any, message: str) -> None:
    table = getattr(app, "table", None)
    if table is not None:
        table.say(message, warn=True, seconds=8.0)


# == the scripted session (kill test) ===================================================


def scripted(app: Any, actions: str) -> int:
    """Play by posting real mouse and key events into the loop: mostly moves (drags, as a
    player makes them), some undos (Ctrl+Z) and redos (Ctrl+Y). After each action is
    finished (so saved), print its state as one JSON line; stop after ``actions`` actions
    ("forever": until killed)."""
    import contextlib
    import json
    import os
    import random
    import sys

    import pygame

    from game.app.loop import STEP

    table = app.table
    rng = random.Random(int.from_bytes(os.urandom(8), "big"))
    limit = None if actions == "forever" else max(0, int(actions))

    def state(kind: str) -> None:
        with contextlib.suppress(SaveError):
            keeper_of(app).storage.flush()  # "finished" means saved: the kill test relies on it
        game = table.game
        line = [str(m) for m in game.line]
        print(json.dumps({"event": kind, "line": line, "undone": game.undone, "score": game.score}), flush=True)

    def settle(frames: int = 2) -> None:
        for _ in range(frames):
            app.step(STEP)
        table.finish_animations()

    settle(3)
    state("start")
    done = 0
    while app.running and (limit is None or done < limit):
        for _ in range(5):  # a window over the table (lost, stuck, won): close it, as a player would
            if app.scenes.top is table:
                break
            _post_key(pygame, pygame.K_ESCAPE, 0)
            settle(1)
        game = table.game
        roll = rng.random()
        if game.can_redo and roll < 0.15:
            _post_key(pygame, pygame.K_y)
        elif game.can_undo and (roll < 0.35 or not _useful(game)):
            _post_key(pygame, pygame.K_z)
        else:
            moves = _useful(game)
            if not moves:
                break
            _post_drag(pygame, app, table, rng.choice(moves))
        settle()
        state("action")
        done += 1
    for hook in list(app.on_quit):
        hook()
    sys.stdout.flush()
    return 0


def _useful(game: Game) -> list[Any]:
    return [m for m in game.useful_moves() if not (m.source.is_cell and m.dest.is_cell)]


def _post_key(pygame: Any, key: int, mod: int | None = None) -> None:
    """Press and release ``key`` (with Ctrl unless ``mod`` says otherwise)."""
    mod = pygame.KMOD_LCTRL if mod is None else mod
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def _post_drag(pygame: Any, app: Any, table: Any, move: Any) -> None:
    """Drag ``move``'s cards from their pile onto the destination, as a mouse would."""
    from game.app.loop import STEP

    layout = table.layout
    position = table.game.position
    cards = position.cards(move.source)
    src = layout.card_box(move.source, len(cards) - move.count, len(cards))
    dest_cards = position.cards(move.dest)
    dst = layout.card_box(move.dest, max(0, len(dest_cards) - 1), max(1, len(dest_cards)))
    start = (src.x + src.w // 2, src.y + min(10, src.h // 4))
    fan = layout.fan if dest_cards and move.dest.is_column else 0
    end = (dst.x + dst.w // 2, dst.y + min(10, dst.h // 4) + fan)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1, touch=False))
    app.step(STEP)
    for k in range(1, 4):
        x = start[0] + (end[0] - start[0]) * k / 3
        y = start[1] + (end[1] - start[1]) * k / 3
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0), touch=False)
        pygame.event.post(motion)
        app.step(STEP)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))
