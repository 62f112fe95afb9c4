"""A game watched again: :class:`ReplayGame`, a read-only :class:`~seahaven.app.board.model.BoardModel`
over a start position and its moves, with step and seek. A finished game from the history,
a game record, or the solver's line from a position are all one.

Pure and pygame-free: the replay screen (``screens/replay.py``) draws it and turns keys,
clicks and taps into :meth:`ReplayGame.step`, :meth:`ReplayGame.back` and
:meth:`ReplayGame.seek`::

    replay = ReplayGame.of(start, moves, APP_RULES)
    replay.seek(14)           # the position after move 14
    replay.current            # the Action of move 14 (what the move number names)
    replay.step()             # move 15 played on the board; listeners hear Change.MOVED
    replay.play_from_here()   # a Game that starts at this position (no record)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from seahaven.app.state.current import Announcer, Change
from seahaven.app.state.history import Entry
from seahaven.engine import (
    APP_RULES,
    CLASSIC_RULES,
    Action,
    Game,
    GameCode,
    IllegalMove,
    Move,
    Position,
    Reason,
    Rules,
    SeahavenError,
    Why,
)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a replay comes from, for its title and for "Play from here"."""

    kind: str
    """``"history"`` (a finished game), ``"solver"`` (the solver's line from a position) or
    ``"record"`` (a game file)."""
    code: GameCode | None = None
    at: str | None = None
    """When a finished game ended (the history's time stamp)."""
    result: str | None = None
    """What became of a finished game: won, lost, abandoned, restarted."""


class ReplayGame(Announcer):
    """A line of moves from ``start``, watched one move at a time; nothing can be played on
    it. ``index`` is how many of its moves are on the board (0: the start, ``length``: the
    end). The positions are worked out once (checked by the engine); a line that stops
    being legal is cut at the first illegal move (:attr:`cut_at`)."""

    def __init__(self, start: Position, actions: tuple[Action, ...], rules: Rules, source: Source,
                 cut_at: int | None = None) -> None:
        super().__init__()
        self.start = start
        self._actions = actions
        self._rules = rules
        self.source = source
        self.cut_at = cut_at
        """The 1-based number of the first move that could not be played, or None."""
        self._index = 0

    @classmethod
    def of(cls, start: Position, moves: Iterable[Move], rules: Rules, source: Source | None = None) -> ReplayGame:
        """The replay of ``moves`` from ``start``, checked move by move under ``rules``."""
        game = Game(start, rules)
        cut_at: int | None = None
        for n, move in enumerate(moves, 1):
            try:
                game.play(move)
            except SeahavenError:
                cut_at = n
                break
        return cls(start, game.actions(), rules, source or Source("record"), cut_at)

    @classmethod
    def of_entry(cls, entry: Entry) -> ReplayGame | None:
        """The replay of a finished game of the history; None when its line kept no moves
        (an older version wrote it, or the game was too long)."""
        if not entry.replayable:
            return None
        start = entry.start_position()
        if start is None:
            return None
        rules = CLASSIC_RULES if entry.rules == "classic" else APP_RULES
        code = GameCode.parse(entry.code) if entry.code is not None else None
        return cls.of(start, entry.replay_moves(), rules, Source("history", code, entry.at, entry.result))

    @classmethod
    def of_game(cls, game: Game, kind: str = "history") -> ReplayGame:
        """The replay of ``game``'s moves so far (the won or lost panel's game)."""
        return cls(game.start, game.actions(0, game.move_count), game.rules, Source(kind, game.code))

    # -- what a board reads -----------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self._actions[self._index - 1].after if self._index else self.start

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def index(self) -> int:
        """Moves on the board: 0 at the start, :attr:`length` at the end."""
        return self._index

    @property
    def length(self) -> int:
        return len(self._actions)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(action.move for action in self._actions)

    @property
    def current(self) -> Action | None:
        """The move that led to the board shown (move :attr:`index`), or None at the start."""
        return self._actions[self._index - 1] if self._index else None

    def action(self, number: int) -> Action:
        """Move ``number`` (1-based)."""
        if not 1 <= number <= len(self._actions):
            raise IndexError(number)
        return self._actions[number - 1]

    @property
    def at_start(self) -> bool:
        return self._index == 0

    @property
    def at_end(self) -> bool:
        return self._index == len(self._actions)

    # -- watching ---------------------------------------------------------------------------
    def step(self) -> Action | None:
        """The next move onto the board (listeners hear ``MOVED``); None at the end."""
        if self.at_end:
            return None
        action = self._actions[self._index]
        self._index += 1
        self._emit(Change.MOVED, action.before, action=action)
        return action

    def back(self) -> Action | None:
        """Take the last move shown off the board (listeners hear ``UNDONE``); None at the start."""
        if self.at_start:
            return None
        action = self._actions[self._index - 1]
        self._index -= 1
        self._emit(Change.UNDONE, action.after, action=action)
        return action

    def seek(self, index: int) -> None:
        """Show the board after move ``index`` (clamped to the line): one move away is a
        step, further a jump (listeners hear ``RESTARTED``: a new board, no glide)."""
        index = max(0, min(len(self._actions), int(index)))
        if index == self._index + 1:
            self.step()
        elif index == self._index - 1:
            self.back()
        elif index != self._index:
            before = self.position
            self._index = index
            self._emit(Change.RESTARTED, before)

    # -- a BoardModel, read-only -----------------------------------------------------------
    def play(self, move: Move) -> Action:
        """Nothing is played on a replay: always refused, and nothing changes."""
        raise IllegalMove(Reason(Why.READ_ONLY))

    def undo(self) -> Action | None:
        """A replay has no undo of its own; :meth:`back` steps back."""
        return None

    # -- leaving it -------------------------------------------------------------------------
    def play_from_here(self) -> Game:
        """A new game that starts at the board shown, under the replay's rules. It has no
        code: a game from a position, which is no record (its win counts as helped)."""
        game = Game(self.position, self._rules)
        game.hint_shown()  # played from a point someone else's line reached: help, never a record
        return game
