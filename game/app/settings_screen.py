"""The Settings screen under the name the table's ``dialogs.open_screen("settings")`` looks for;
the screen itself is in ``game.app.screen_settings``."""

from game.app.screen_settings import open_scene

__all__ = ["open_scene"]
