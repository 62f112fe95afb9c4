"""The Help screen under the name the table's ``dialogs.open_screen("help")`` looks for;
the screen itself is in ``game.app.screen_help``."""

from game.app.screen_help import open_scene

__all__ = ["open_scene"]
