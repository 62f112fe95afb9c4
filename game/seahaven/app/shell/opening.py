"""The first half of the start: the player's settings read and the window on the screen,
showing the table's cloth, before the rest of the game is imported. The table, its screens,
the solver and the saving take as long to import as everything before them, and the player
sees the window open in the meantime; the game comes onto it with the first frame
(:func:`seahaven.app.shell.launch.open_game`).

Light on purpose: pygame, the storage (already imported to lock the data folder), the window
and the cloth.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable
from typing import Any

from seahaven.app.looks.theme import theme_for
from seahaven.app.saving.storage import Loaded, Storage
from seahaven.app.shell.game_window import GameWindow, start_display
from seahaven.app.state.settings import Settings

STOP_SIGNALS = ("SIGHUP", "SIGTERM", "SIGINT", "SIGQUIT", "SIGBREAK")
"""A logout, a closed terminal, ``kill``, Ctrl+C, Ctrl+\\ (Ctrl+Break on Windows): the
game saves (with its playing time) and closes as if its window had been closed."""


class StopSignals:
    """The :data:`STOP_SIGNALS`, caught from the moment the window opens (before the rest of the
    game is imported and the saved game read), so that they replace SDL's and pygame's own
    handlers (pygame's turns SIGQUIT into a crash dump) and none kills a game that shows: each is
    kept, and the game is closed cleanly once it can be (:meth:`stop_with`). A second one ends
    the program at once (every move is already in the journal)."""

    def __init__(self) -> None:
        self.received: list[int] = []
        self._stop: Callable[[], None] | None = None
        self._before: dict[int, Any] = {}

    def catch(self) -> None:
        """From now on (the signals this system has; none outside the main thread)."""
        for name in STOP_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(ValueError, OSError, RuntimeError):
                    self._before[number] = signal.signal(number, self._caught)

    def _caught(self, number: int, _frame: object) -> None:
        self.received.append(number)
        if len(self.received) > 1:
            os._exit(128 + number)
        if self._stop is not None:
            self._stop()

    def stop_with(self, stop: Callable[[], None]) -> None:
        """What closes the game cleanly: called now if a signal came already."""
        self._stop = stop
        if self.received:
            stop()

    def restore(self) -> None:
        """The window is closed: the handlers from before it (the default where they were not
        Python's), so a program that opened the game goes on as it was."""
        for number, handler in self._before.items():
            with contextlib.suppress(ValueError, OSError, RuntimeError, TypeError):
                signal.signal(number, handler if handler is not None else signal.SIG_DFL)


class Opening:
    """What the start has done before the game is made: the data folder's storage, the
    settings as read from it (with the sentence about a bad file), the open window, and the
    stop signals caught since it opened."""

    def __init__(self, storage: Storage, settings: Loaded[Settings], window: GameWindow,
                 signals: StopSignals) -> None:
        self.storage = storage
        self.settings = settings
        self.window = window
        self.signals = signals


def open_window(size: tuple[int, int] | None, windowed: bool, read_only: bool = False) -> Opening:
    """Read the settings and open the window as they say (fullscreen, or at ``size``, or at
    the size and place it had), showing the table's cloth in the player's theme. Raises
    :class:`~seahaven.app.shell.game_window.WindowNotOpened` when the display cannot give a
    window (nothing has been written)."""
    storage = Storage(read_only=read_only)
    loaded = storage.load_settings()
    settings = loaded.value
    start_display()
    window = GameWindow(size, not (windowed or size) and settings.fullscreen, settings)
    signals = StopSignals()
    signals.catch()  # from the moment the window shows
    window.show_cloth(theme_for(settings.table, settings.card_back))
    return Opening(storage, loaded, window, signals)
