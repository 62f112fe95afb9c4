"""A game in progress: the start position, the line of moves, undo, redo and the score.

Undo restores saved states (the position and score before each action); nothing is ever
computed "in reverse". The score of every state is stored, so redo and undo are exact.

An action is one move, or a move of the player's with the safe cards the setting "Send safe
cards home" sent after it (:meth:`Game.send_home`): each of those is a move of the line of
its own (a record of the game replays the same without the setting), marked ``follow_up``,
and undo, redo and the undo window of the last 100 actions take the move and its follow-ups
as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from seahaven.engine.cards import Move
from seahaven.engine.codes import GameCode
from seahaven.engine.position import APP_RULES, Position, Rules
from seahaven.engine.safe_home import moved_card, safe_moves

MEMO_LIMIT = 200_000
"""At most this many (position, move) pairs are remembered by a replay's ``memo``."""

UNDO_LIMIT = 100
"""Undo takes back at most the last 100 actions."""

BOOKMARK_LIMIT = 50
"""At most this many bookmarks are kept (setting one more drops the oldest)."""

FOUNDATION_POINTS = 10
TAKE_BACK_POINTS = -15
WIN_BONUS = {4: 200, 2: 500, 1: 1000}
"""Win bonus by number of cells: Easy 200, Medium 500, Hard 1000."""


Memo = dict[tuple[Position, Move], tuple[Position, tuple[object, ...], int]]
"""What each move from a position gave (the position after, its key, its points): a
replay's shortcut for positions met again."""


class Action(NamedTuple):
    """One move as it was played: the move, the position it was played from and after,
    the points it really changed the score by (after the floor at zero), and whether the
    game made it right after the move before (a safe card sent home), so that undo and redo
    take the two as one action. A named tuple: a saved game of 400,000 moves makes as many
    when it is read."""

    move: Move
    before: Position
    after: Position
    points: int
    follow_up: bool = False


def move_points(move: Move, after: Position) -> int:
    """Points a move earns before the floor at zero (SPEC 6)."""
    points = 0
    if move.dest.is_foundation:
        points += FOUNDATION_POINTS
        if after.is_won:
            points += WIN_BONUS.get(after.cell_count, 0)
    if move.source.is_foundation:
        points += TAKE_BACK_POINTS
    return points


class Game:
    """A deal being played under a rule set, with its line of moves, undo and redo."""

    def __init__(self, start: Position, rules: Rules = APP_RULES, code: GameCode | None = None) -> None:
        self.start = start
        self.rules = rules
        self.code = code
        self._hints = 0
        self._actions: list[Action] = []  # the line: applied actions, then redoable ones
        self._scores: list[int] = [0]  # score after each applied action, index 0 = start
        self._keys: list[tuple[object, ...]] = [start.key()]
        self._steps: list[int] = [0]
        """How many actions (moves that are no follow-up) lead to each state, index 0 = start:
        the undo window counts them."""
        self._seen: dict[tuple[object, ...], int] = {self._keys[0]: 1}
        """How often each key of ``_keys[: _cursor + 1]`` occurs: "seen before" in O(1)."""
        self._cursor = 0  # how many actions of the line are applied
        self._undo_floor = 0  # undo never goes below this many applied actions
        self._changes = 0
        """Counts every change of the line (play, undo, redo, restart): the stuck memo's key."""
        self._stuck: tuple[int, Rules, bool] | None = None
        self._bookmarks: list[int] = []
        """Bookmarked positions, each the number of moves of the line before it."""

    @classmethod
    def from_code(cls, code: GameCode | str, rules: Rules = APP_RULES) -> Game:
        if isinstance(code, str):
            code = GameCode.parse(code)
        return cls(code.position(), rules, code)

    @classmethod
    def from_moves(
        cls,
        start: Position,
        moves: Iterable[Move],
        undone: int = 0,
        rules: Rules = APP_RULES,
        code: GameCode | None = None,
        follow_ups: Iterable[int] = (),
    ) -> Game:
        """Replay ``moves`` (checking each) and undo the last ``undone`` of them: a saved game.
        ``follow_ups``: the numbers (from 1) of the moves that were safe cards sent home
        after the move before them (:meth:`send_home`)."""
        game = cls(start, rules, code)
        joined = set(follow_ups)
        memo: Memo = {}
        for n, move in enumerate(moves, 1):
            game.play(move, memo, follow_up=n in joined)
        game.undo_moves(undone)
        return game

    # -- state -------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._actions[self._cursor - 1].after if self._cursor else self.start

    @property
    def score(self) -> int:
        return self._scores[self._cursor]

    @property
    def move_count(self) -> int:
        """Moves on the board now (undone moves do not count)."""
        return self._cursor

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, in order, without the undone ones."""
        return tuple(a.move for a in self._actions[: self._cursor])

    @property
    def line(self) -> tuple[Move, ...]:
        """Every move of the line, the undone (redoable) ones included, as a save file keeps them."""
        return tuple(a.move for a in self._actions)

    @property
    def line_length(self) -> int:
        """How many moves the line holds, the undone (redoable) ones included."""
        return len(self._actions)

    def actions(self, start: int = 0, stop: int | None = None) -> tuple[Action, ...]:
        """The actions of the line from ``start`` to ``stop`` (undone ones included): an
        immutable snapshot, costing what the slice holds (the whole line is one copy)."""
        return tuple(self._actions[start:stop])

    def line_snapshot(self) -> Callable[[], tuple[Action, ...]]:
        """The actions of the line as they are now, as a function any thread may call
        later. Taking it costs at most ``UNDO_LIMIT`` actions, whatever the game's length:
        the part of the line undo can no longer reach is never changed again (a restart
        starts a new list), so it is read only when the function is called."""
        actions, floor = self._actions, self._undo_floor
        tail = tuple(actions[floor:])
        return lambda: tuple(actions[:floor]) + tail

    @property
    def undone(self) -> int:
        """How many moves are undone and can be redone."""
        return len(self._actions) - self._cursor

    @property
    def positions(self) -> list[Position]:
        """The positions of the line up to now, oldest (the deal) first."""
        return [self.start] + [a.after for a in self._actions[: self._cursor]]

    def recent_positions(self) -> tuple[Position, ...]:
        """The positions undo can go back to and the one now, oldest first: at most
        ``UNDO_LIMIT + 1`` of them, whatever the length of the game (one per action: the
        positions between a move and the safe cards sent home after it are not among them)."""
        floor, cursor, actions = self._undo_floor, self._cursor, self._actions
        first = actions[floor - 1].after if floor else self.start
        return (first, *(actions[n - 1].after for n in range(floor + 1, cursor + 1)
                          if n == cursor or not actions[n].follow_up))

    @property
    def undo_depth(self) -> int:
        """How many undos the game allows from here (the last 100 actions at most)."""
        return self._steps[self._cursor] - self._steps[self._undo_floor]

    @property
    def undo_reaches_deal(self) -> bool:
        """Undo can go all the way back to the start of the game."""
        return self._undo_floor == 0

    def moves_after_undos(self, undos: int) -> int | None:
        """How many moves of the line are on the board after ``undos`` undos from here; None
        if undo does not reach that far."""
        if not 0 <= undos <= self.undo_depth:
            return None
        n, actions = self._cursor, self._actions
        for _ in range(undos):
            n -= 1
            while actions[n].follow_up:
                n -= 1
        return n

    @property
    def can_undo(self) -> bool:
        return self._cursor > self._undo_floor

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    @property
    def is_won(self) -> bool:
        return self.position.is_won

    @property
    def started(self) -> bool:
        """True once a move has been made (the game then counts as played)."""
        return bool(self._actions)

    # -- actions -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        return self.position.legal_moves(self.rules)

    def play(self, move: Move, memo: Memo | None = None, *, follow_up: bool = False) -> Action:
        """Check and make ``move``; the redoable moves are dropped. Raises IllegalMove.
        ``memo`` (for replaying a long line under one rule set): what a move from a
        position gave before, so that a position met again is not worked out again.
        ``follow_up``: a safe card sent home after the move before (a saved game read
        back; :meth:`send_home` makes them in play), one action with it; raises ValueError
        for a move that is not a card going to its foundation, or one with no move before."""
        cursor = self._cursor
        if follow_up and not (cursor and move.dest.is_foundation and not move.source.is_foundation):
            raise ValueError(f"{move} cannot be sent home with the move before it")
        before = self._actions[cursor - 1].after if cursor else self.start
        known = memo.get((before, move)) if memo is not None else None
        if known is None:
            after = before.play(move, self.rules)
            known = (after, after.key(), move_points(move, after))
            if memo is not None and len(memo) < MEMO_LIMIT:
                memo[(before, move)] = known
        after, key, points = known
        score = self._scores[cursor]
        new_score = max(0, score + points)
        action = Action(move, before, after, new_score - score, follow_up)
        if cursor < len(self._actions):
            self._bookmarks = [mark for mark in self._bookmarks if mark <= cursor]
            del self._actions[cursor:]
            del self._scores[cursor + 1 :]
            del self._keys[cursor + 1 :]
            del self._steps[cursor + 1 :]
        self._actions.append(action)
        self._scores.append(new_score)
        self._keys.append(key)
        self._steps.append(self._steps[cursor] + (not follow_up))
        self._seen[key] = self._seen.get(key, 0) + 1
        self._cursor += 1
        self._changes += 1
        self._raise_floor()
        return action

    def send_home(self) -> tuple[Action, ...]:
        """Send the safe cards home right after a move (the setting "Send safe cards home",
        issue 37): each a move of the line (:func:`~seahaven.engine.safe_home.safe_moves`),
        scored as any card put on a foundation, one action with that move. A card the move
        took back from its foundation stays where the player put it. Raises ValueError
        when the last move has undone moves after it."""
        if not self._cursor:
            return ()
        if self.can_redo:
            raise ValueError("safe cards go home only right after a move")
        last = self._actions[-1]
        return tuple(self.play(move, follow_up=True)
                     for move in safe_moves(last.after, keep=moved_card(last.before, last.move)))

    def sent_home(self) -> tuple[Action, ...]:
        """The safe cards sent home with the last action on the board (the follow-ups of
        the move that made it)."""
        n = self._cursor
        while n > 0 and self._actions[n - 1].follow_up:
            n -= 1
        return tuple(self._actions[n : self._cursor])

    def _raise_floor(self) -> None:
        """Undo reaches back at most ``UNDO_LIMIT`` actions, and never into the middle of one."""
        floor, cursor, steps, actions = self._undo_floor, self._cursor, self._steps, self._actions
        while steps[cursor] - steps[floor] > UNDO_LIMIT or (floor < cursor and actions[floor].follow_up):
            floor += 1
        self._undo_floor = floor

    def undo(self) -> Action | None:
        """Take back the last applied action (a move, and the safe cards sent home after it);
        the move's action, or None if there is nothing to undo."""
        if not self.can_undo:
            return None
        actions = self._actions
        while True:
            self._unsee(self._keys[self._cursor])
            self._cursor -= 1
            if not actions[self._cursor].follow_up:
                break
        self._changes += 1
        return actions[self._cursor]

    def redo(self) -> Action | None:
        """Replay the next undone action (a move, and the safe cards sent home after it);
        the move's action, or None if there is nothing to redo."""
        if not self.can_redo:
            return None
        actions = self._actions
        first = actions[self._cursor]
        while True:
            self._cursor += 1
            key = self._keys[self._cursor]
            self._seen[key] = self._seen.get(key, 0) + 1
            if self._cursor == len(actions) or not actions[self._cursor].follow_up:
                break
        self._changes += 1
        return first

    def undo_moves(self, moves: int) -> None:
        """Undo until the last ``moves`` moves of the line are undone (a saved game read
        back); ValueError when undo does not reach that far or it would end inside an action."""
        if not 0 <= moves <= len(self._actions):
            raise ValueError(f"cannot undo {moves} of {len(self._actions)} moves")
        while self.undone < moves and self.undo() is not None:
            pass
        if self.undone != moves:
            raise ValueError(f"cannot undo {moves} of {len(self._actions)} moves")

    def _unsee(self, key: tuple[object, ...]) -> None:
        left = self._seen[key] - 1
        if left:
            self._seen[key] = left
        else:
            del self._seen[key]

    @property
    def hints_used(self) -> int:
        """Hints shown for this deal (the demo counts as one): a win then counts as won with
        help. Only :meth:`hint_shown` and :meth:`note_hints` change it."""
        return self._hints

    def hint_shown(self) -> None:
        """One more hint was shown for this deal."""
        self._hints += 1

    def note_hints(self, count: int) -> None:
        """At least ``count`` hints were shown for this deal (as a saved game or the
        statistics remember): the count never goes down."""
        self._hints = max(self._hints, int(count))

    def restart(self) -> None:
        """Back to the deal as dealt, with an empty line of moves. Hints already shown stay
        counted: they were seen for this very deal."""
        self._actions = []  # a new list: a line_snapshot taken before keeps the old one
        self._scores[:] = [0]
        self._keys[:] = [self.start.key()]
        self._steps[:] = [0]
        self._seen = {self._keys[0]: 1}
        self._cursor = 0
        self._undo_floor = 0
        self._changes += 1
        self._bookmarks = [mark for mark in self._bookmarks if mark == 0]

    # -- bookmarks -----------------------------------------------------------------------

    @property
    def bookmarks(self) -> tuple[int, ...]:
        """The bookmarked positions of the line, in order: each the number of moves before it
        (0 the deal). A move played after undos drops the bookmarks past it with the line."""
        return tuple(sorted(self._bookmarks))

    def set_bookmark(self) -> bool:
        """Bookmark the position now; False if it was bookmarked already."""
        if self._cursor in self._bookmarks:
            return False
        self._bookmarks.append(self._cursor)
        del self._bookmarks[:-BOOKMARK_LIMIT]
        return True

    def note_bookmarks(self, marks: Iterable[int]) -> None:
        """The bookmarks of a saved game (each a number of moves within the line)."""
        marks = [int(mark) for mark in marks]
        if any(not 0 <= mark <= len(self._actions) for mark in marks):
            raise ValueError("a bookmark lies beyond the line of moves")
        self._bookmarks = list(dict.fromkeys(marks))[-BOOKMARK_LIMIT:]

    def within_reach(self, moves: int) -> bool:
        """Whether undo or redo alone leads to the position after ``moves`` moves of the line
        (never one between a move and the safe cards sent home after it)."""
        actions = self._actions
        return self._undo_floor <= moves <= len(actions) and (moves == len(actions) or not actions[moves].follow_up)

    def cut(self, keep: int) -> None:
        """Go back to the position after the first ``keep`` moves, further back than undo
        reaches: the line is cut there, as if the game had been played only so far (undo
        reaches back from there as after those moves; the bookmarks past it go)."""
        if not 0 <= keep <= self._cursor:
            raise ValueError(f"cannot go back to move {keep} of {self._cursor}")
        self._actions = self._actions[:keep]  # a new list: a line_snapshot taken before keeps the old one
        del self._scores[keep + 1 :]
        del self._keys[keep + 1 :]
        del self._steps[keep + 1 :]
        self._seen = {}
        for key in self._keys:
            self._seen[key] = self._seen.get(key, 0) + 1
        self._cursor = keep
        self._undo_floor = 0
        self._raise_floor()
        self._bookmarks = [mark for mark in self._bookmarks if mark <= keep]
        self._changes += 1

    # -- end of game ---------------------------------------------------------------------

    def seen(self, position: Position) -> bool:
        """Whether ``position`` (cells compared as a set) occurred on the line so far."""
        return position.key() in self._seen

    def useful_moves(self) -> list[Move]:
        """Legal moves other than take-backs and moves back to a position already seen."""
        seen = self._seen
        position = self.position
        return [
            m
            for m in position.legal_moves(self.rules)
            if not m.source.is_foundation and position.apply(m).key() not in seen
        ]

    @property
    def is_stuck(self) -> bool:
        """Not won, and no useful move is left (SPEC 7). Worked out once per change (it
        applies every legal move), however many ask: the table, the save."""
        memo = self._stuck
        if memo is not None and memo[0] == self._changes and memo[1] == self.rules:
            return memo[2]
        stuck = not self.is_won and not self.useful_moves()
        self._stuck = (self._changes, self.rules, stuck)
        return stuck

