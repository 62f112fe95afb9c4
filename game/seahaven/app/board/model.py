"""What a board draws and plays: a :class:`BoardModel`. The game in play
(:class:`~seahaven.app.state.current.CurrentGame`) is one; Help's example game
(:class:`ExampleGame`) is another; a replay of a finished game would be a third. None of
them keeps a copy of the rules: each asks the engine's :class:`~seahaven.engine.Game`.

Pure and pygame-free, like python-chess's ``Board`` that a game, a PGN replay and an SVG
diagram all read.
"""

from __future__ import annotations

from typing import Protocol

from seahaven.app.state.current import Announcer, Change, Listener
from seahaven.engine import Action, Game, Move, Position, Rules


class BoardModel(Protocol):
    """The game a board shows: its position and rules, and the changes it allows."""

    @property
    def position(self) -> Position: ...

    @property
    def rules(self) -> Rules: ...

    def play(self, move: Move) -> Action:
        """Make ``move``; raises :class:`~seahaven.engine.IllegalMove` and changes nothing."""
        ...

    def undo(self) -> Action | None: ...

    def subscribe(self, listener: Listener, first: bool = False) -> Listener:
        """Hear of every change (a :class:`~seahaven.app.state.current.GameEvent`)."""
        ...


class ExampleGame(Announcer):
    """A game played from a set position, with no clock, no hints and nothing saved:
    Help's example board."""

    def __init__(self, start: Position, rules: Rules) -> None:
        super().__init__()
        self._start = start
        self._game = Game(start, rules)

    @property
    def position(self) -> Position:
        return self._game.position

    @property
    def rules(self) -> Rules:
        return self._game.rules

    def play(self, move: Move) -> Action:
        before = self._game.position
        action = self._game.play(move)
        self._emit(Change.MOVED, before, action=action)
        return action

    def undo(self) -> Action | None:
        before = self._game.position
        action = self._game.undo()
        if action is not None:
            self._emit(Change.UNDONE, before, action=action)
        return action

    def reset(self) -> None:
        """Back to the set position, with nothing to undo."""
        before = self._game.position
        self._game = Game(self._start, self._game.rules)
        self._emit(Change.NEW_GAME, before)
