"""The player's settings, as plain data (saved as ``settings.json`` by the storage module)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import APP_RULES, CLASSIC_RULES, Rules

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
"""Animation speed name -> multiplier of the normal glide duration (0 = no animation)."""


def _winnable_defaults() -> dict[int, bool]:
    return {4: False, 2: True, 1: True}


@dataclass
class Settings:
    """Everything the Settings screen changes. Changes apply at once and persist."""

    sound: bool = True
    volume: float = 0.8
    animation: str = "normal"
    four_colour: bool = False
    double_tap_ms: int = 500
    warn_lost: bool = True
    show_verdict: bool = True
    """The solver's live verdict in the status line (winnable, lost, thinking)."""
    classic_run_limit: bool = False
    winnable_only: dict[int, bool] = field(default_factory=_winnable_defaults)
    fullscreen: bool = True
    cells: int = 4
    """The difficulty last chosen in the New Game window (4, 2 or 1 cells)."""
    language: str = "system"
    """"system" (follow the computer) or a language the game speaks: "en", "de", "fr", "es"."""

    @property
    def rules(self) -> Rules:
        """The rule set these settings ask for (the classic run limit, or the app's): the
        one place where it is chosen."""
        return CLASSIC_RULES if self.classic_run_limit else APP_RULES

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 1.0)
