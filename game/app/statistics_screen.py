"""The Statistics screen under the name the table's ``dialogs.open_screen("statistics")`` looks for;
the screen itself is in ``game.app.screen_stats``."""

from game.app.screen_stats import open_scene

__all__ = ["open_scene"]
