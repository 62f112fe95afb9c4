"""The first half of the start: the player's settings read and the window on the screen,
showing the table's cloth, before the rest of the game is imported. The table, its screens,
the solver and the saving take as long to import as everything before them, and the player
sees the window open in the meantime; the game comes onto it with the first frame
(:func:`seahaven.app.shell.launch.open_game`).

Light on purpose: pygame, the storage (already imported to lock the data folder), the window
and the cloth.
"""

from __future__ import annotations

from seahaven.app.looks.theme import theme_for
from seahaven.app.saving.storage import Loaded, Storage
from seahaven.app.shell.game_window import GameWindow, start_display
from seahaven.app.state.settings import Settings


class Opening:
    """What the start has done before the game is made: the data folder's storage, the
    settings as read from it (with the sentence about a bad file), and the open window."""

    def __init__(self, storage: Storage, settings: Loaded[Settings], window: GameWindow) -> None:
        self.storage = storage
        self.settings = settings
        self.window = window


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
    window.show_cloth(theme_for(settings.table, settings.card_back))
    return Opening(storage, loaded, window)
