"""What the screens of one game window share: the game in play, the solver's jobs, the
settings, and (in the real game only) the keeper of the player's files. Screens get it
passed in; nothing reaches into another screen for it. No pygame here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from seahaven.app.state.current import LINE_CHANGES, Change, CurrentGame, GameEvent
from seahaven.app.state.deal_facts import DealFacts
from seahaven.app.state.game_record import GameFiles
from seahaven.app.state.history import History
from seahaven.app.state.jobs import Jobs
from seahaven.app.state.settings import Settings
from seahaven.app.state.stats import Stats
from seahaven.engine import Game, GameCode


class Records(Protocol):
    """The player's statistics as the screens see them (kept by
    :class:`seahaven.app.saving.persistence.Persistence`, which sits above the screens)."""

    stats: Stats

    @property
    def history(self) -> History:
        """The record of games played."""
        ...

    def reset_stats(self) -> list[str]:
        """Forget all statistics; the sentences to show if they could not be saved."""
        ...

    def export_history(self) -> str:
        """Write the history as CSV into the data folder; one sentence saying where (or why not)."""
        ...

    # and, where it has one, ``not_saving``: the game's saves fail now (see Session.not_saving)

Notice = Callable[..., None]
"""``notice(text, warn=False)``: a sentence for the player's status line."""


@dataclass
class Session:
    current: CurrentGame
    settings: Settings
    jobs: Jobs = field(default_factory=Jobs)
    keeper: Records | None = None
    """The player's statistics and files; None where nothing is saved (tests, smoke)."""
    locked_out: bool = False
    """The player's files are not written this time (the data folder could not be locked)."""
    notices: list[Notice] = field(default_factory=list)
    action_listeners: list[Callable[[str], None]] = field(default_factory=list)
    """Who carries out an action asked for from a window (the table: "demo", "hint")."""
    facts: DealFacts = field(default_factory=DealFacts)
    """Ratings, daily deals and demo marks of deals (the keeper's, in the real game)."""
    files: GameFiles | None = None
    """Reading and writing game files (Save as, Open, a pasted game); None where the
    window was made without them."""

    def __post_init__(self) -> None:
        self.current.sends_home = self.settings.send_safe_home
        self.current.subscribe(self._void_jobs)
        self.settings.subscribe(self._on_setting)

    @classmethod
    def start(cls, settings: Settings, clock: Callable[[], float], code: GameCode | str | None = None,
              game: Game | None = None, elapsed_s: float = 0.0, keeper: Records | None = None,
              facts: DealFacts | None = None) -> Session:
        """A session playing ``game`` (resumed, with its time), else the deal of ``code``,
        else a random deal of the difficulty last chosen."""
        if game is None:
            parsed = GameCode.parse(code) if isinstance(code, str) else code
            game = Game.from_code(parsed or GameCode.random(settings.cells), settings.rules)
        current = CurrentGame(game, clock, elapsed_s)
        current.set_rules(settings.rules)  # the game in play's rules have one writer: its owner
        return cls(current, settings, keeper=keeper, facts=facts if facts is not None else DealFacts())

    @property
    def not_saving(self) -> bool:
        """The status line says "Not saving": the data folder could not be locked (for as
        long as the game is open), or the game's saves fail now (until one works again)."""
        return self.locked_out or bool(getattr(self.keeper, "not_saving", False))

    @not_saving.setter
    def not_saving(self, locked_out: bool) -> None:
        self.locked_out = locked_out

    def _void_jobs(self, event: GameEvent) -> None:
        if event.kind in LINE_CHANGES or event.kind is Change.RULES:
            self.jobs.game_changed()

    def won_with_help(self) -> bool:
        """Whether a win of the game in play counts as won with help (SPEC 6): a hint was
        shown for it, or the demo played it. The one place this is decided."""
        code = self.current.code
        return self.current.hints > 0 or (code is not None and str(code) in self.facts.demo)

    def ask(self, action: str) -> None:
        """A window asks for an action of the table's (the Menu's Demo)."""
        for listener in list(self.action_listeners):
            listener(action)

    def say(self, text: str, warn: bool = False) -> None:
        for notice in list(self.notices):
            notice(text, warn=warn)

    def deal(self, code: GameCode, daily: str | None = None) -> None:
        """Play the deal of ``code`` now; its difficulty becomes the one last chosen.
        ``daily``: the date (``YYYY-MM-DD``) whose daily deal it is."""
        if daily is not None:
            self.facts.is_daily(code, daily)
        self.current.new_game(Game.from_code(code, self.settings.rules))
        self.settings.set("cells", code.cells)

    def _on_setting(self, name: str) -> None:
        """A setting changed (the settings announce it): the rules take effect now, and Send
        safe cards home from the player's next move."""
        if name == "classic_run_limit":
            self.current.set_rules(self.settings.rules)
        elif name == "cards_home":
            self.current.sends_home = self.settings.send_safe_home
