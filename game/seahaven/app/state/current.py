"""The game in play (named after ``current.json``): the one owner of the :class:`Game`, its
rule set, its clock, its hints and its status, between the engine and the screens.

Nothing here imports pygame. Screens turn input into calls (``play``, ``undo``, ``redo``,
``restart``, ``new_game``, ``hint_shown``); every change is announced as a
:class:`GameEvent` to the listeners (the table animates it, autosave writes it, solver
jobs about the old position are cancelled). The status is a question asked of the state,
never a flag kept by hand::

    current = CurrentGame(Game.from_code("SH1-C4-AAAAAJ2"), clock=time.monotonic)
    current.subscribe(lambda event: print(event.kind))
    current.play(move)        # -> "moved" (and "won" or "stuck" when it is so)
    current.status            # Status.PLAYING / WON / STUCK / LOST
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from seahaven.engine import Action, Game, GameCode, Move, Position, Rules
from seahaven.engine.services import LossReport


class Change(enum.StrEnum):
    """What happened to the game in play."""

    MOVED = "moved"
    UNDONE = "undone"
    REDONE = "redone"
    RESTARTED = "restarted"
    NEW_GAME = "new game"
    HINT_SHOWN = "hint shown"
    RULES = "rules"
    """The rule set changed (the classic run limit setting)."""
    WON = "won"
    STUCK = "stuck"
    LOST = "lost"
    """The solver proved the position lost (the event's ``report`` says how far back)."""
    VERDICT = "verdict"
    """The solver's verdict on the current position arrived (winnable, lost or unknown)."""
    BOOKMARKED = "bookmarked"
    """A bookmark was set at the position on the table."""
    WENT_BACK = "cut"
    """Back to an earlier position further than undo reaches (a bookmark, the review): the
    line was cut there, and the game counts as helped."""
    MARKED = "marked"
    """A move of the game's line pointed out on the table (the review's losing move, back at
    the position before it): the event's ``action`` is that move as it was made."""


LINE_CHANGES = frozenset({Change.MOVED, Change.UNDONE, Change.REDONE, Change.RESTARTED, Change.NEW_GAME,
                          Change.WENT_BACK})
"""The changes that put another position on the table (and so are saved and animated)."""


class Status(enum.StrEnum):
    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"
    """No useful move is left (SPEC 7)."""
    LOST = "lost"
    """The solver proved that the game can no longer be won."""


@dataclass(frozen=True, slots=True)
class GameEvent:
    """One change of the game in play. ``before`` is the position the table showed before
    it (for a glide from there); ``action`` the engine's action for a move, undo or redo;
    ``sent`` the safe cards sent home with that move (Send safe cards home), in the order
    they went, which the undo or redo took back or played again with it; ``move`` the
    hinted move; ``report`` the solver's verdict."""

    kind: Change
    before: Position
    action: Action | None = None
    move: Move | None = None
    report: LossReport | None = None
    sent: tuple[Action, ...] = ()


Listener = Callable[[GameEvent], None]


class Announcer:
    """What every board model shares: its listeners, and telling them of each change."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener, first: bool = False) -> Listener:
        """Call ``listener(event)`` after every change, in the order of subscription;
        ``first`` puts it ahead of those already there (the player's files hear of a
        change before any screen reacts to it)."""
        if first:
            self._listeners.insert(0, listener)
        else:
            self._listeners.append(listener)
        return listener

    def _emit(self, kind: Change, before: Position, *, action: Action | None = None, move: Move | None = None,
              report: LossReport | None = None, sent: tuple[Action, ...] = ()) -> None:
        event = GameEvent(kind, before, action, move, report, sent)
        for listener in list(self._listeners):
            listener(event)


class CurrentGame(Announcer):
    """The game being played, its clock (seconds of play, which run from the first move
    until the win, while the table is in view), its hints and its status."""

    def __init__(self, game: Game, clock: Callable[[], float], elapsed_s: float = 0.0) -> None:
        super().__init__()
        self._game = game
        self._clock = clock
        self._banked = max(0.0, float(elapsed_s))
        """Seconds counted before ``_since`` (all of them while the clock stands)."""
        self._since: float | None = None
        self._in_view = True
        """The table can be played and is on the screen (:meth:`set_in_view`)."""
        self._verdict: tuple[Position, Rules, LossReport] | None = None
        self._won_once = False
        """The game was won (since its deal or restart): its clock stopped at the win for good."""
        self.sends_home = False
        """Send safe cards home (the setting, which the session keeps here): after each of
        the player's own moves, the cards that can go to their foundations go there, one
        action with the move."""
        self._run_clock()

    # -- state -------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def position(self) -> Position:
        return self._game.position

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def code(self) -> GameCode | None:
        return self._game.code

    @property
    def hints(self) -> int:
        """Hints shown for this deal (a win then counts as won with help)."""
        return self._game.hints_used

    def elapsed(self) -> float:
        """Seconds of play so far; once the game is won, the time of the win, whatever undo
        and redo do after it: the won panel, the status line, a daily deal's result and the
        history all say the one time of the game (issue 37.3)."""
        if self._since is None:
            return self._banked
        return self._banked + max(0.0, self._clock() - self._since)

    @property
    def clock_running(self) -> bool:
        """The clock counts (a game started and never won, the table in view)."""
        return self._since is not None

    @property
    def in_view(self) -> bool:
        return self._in_view

    def set_in_view(self, in_view: bool) -> None:
        """The table can be played and is on the screen (True), or is covered by another
        window or page, or the game's window is minimised or hidden (False): the clock
        stands while it is not (issue 25). The front end says so from its scene stack."""
        if in_view != self._in_view:
            self._in_view = in_view
            self._run_clock()

    @property
    def verdict(self) -> LossReport | None:
        """The solver's verdict on the position on the table, if it has given one."""
        if self._verdict is None:
            return None
        position, rules, report = self._verdict
        return report if position == self._game.position and rules == self._game.rules else None

    @property
    def status(self) -> Status:
        """Won, stuck, lost or playing, asked of the state ("stuck", which applies every
        legal move, is worked out once per change by the game itself)."""
        game = self._game
        if game.is_won:
            return Status.WON
        if game.is_stuck:
            return Status.STUCK
        verdict = self.verdict
        if verdict is not None and verdict.lost:
            return Status.LOST
        return Status.PLAYING

    @property
    def in_progress(self) -> bool:
        """Moves were made and the game is not won: throwing it away loses something."""
        return self._game.started and not self._game.is_won

    # -- changes -----------------------------------------------------------------------------
    def play(self, move: Move, *, own: bool = True) -> Action:
        """Make ``move``; raises :class:`~seahaven.engine.IllegalMove` (and changes nothing).
        ``own``: the player's own move, which the safe cards follow home when
        :attr:`sends_home` is on; the demo's and the finish's moves are not (each is a step
        of a line worked out beforehand, which already sends every card home in its turn)."""
        game = self._game
        before = game.position
        action = game.play(move)
        sent = game.send_home() if own and self.sends_home else ()
        self._changed(Change.MOVED, before, action, sent)
        return action

    def undo(self) -> Action | None:
        """Take back the last action: a move, with the safe cards sent home after it."""
        game = self._game
        before, count = game.position, game.move_count
        action = game.undo()
        if action is not None:
            self._changed(Change.UNDONE, before, action, game.actions(game.move_count + 1, count))
        return action

    def redo(self) -> Action | None:
        """Play the next undone action again: a move, with the safe cards sent home after it."""
        game = self._game
        before = game.position
        action = game.redo()
        if action is not None:
            self._changed(Change.REDONE, before, action, game.sent_home())
        return action

    def restart(self) -> None:
        """Back to the deal, with an empty line of moves; the hints shown stay counted."""
        before = self._game.position
        self._game.restart()
        self._banked, self._since, self._won_once = 0.0, None, False
        self._changed(Change.RESTARTED, before)

    def new_game(self, game: Game, elapsed_s: float = 0.0) -> None:
        """Play ``game`` from now on (a new deal, or a resumed one)."""
        before = self._game.position
        self._game = game
        self._banked, self._since, self._won_once = max(0.0, float(elapsed_s)), None, False
        self._verdict = None
        self._changed(Change.NEW_GAME, before)

    def set_rules(self, rules: Rules) -> None:
        if rules != self._game.rules:
            self._game.rules = rules
            self._emit(Change.RULES, self._game.position)

    def hint_shown(self, move: Move | None = None) -> None:
        """A hint was shown to the player (``move``), or the demo took over (None): it is
        counted at once, and a win of this game counts as won with help."""
        self._game.hint_shown()
        self._emit(Change.HINT_SHOWN, self._game.position, move=move)

    def set_bookmark(self) -> bool:
        """Bookmark the position on the table; False if it is bookmarked already."""
        if not self._game.set_bookmark():
            return False
        self._emit(Change.BOOKMARKED, self._game.position)
        return True

    def go_to(self, moves: int) -> bool:
        """The position after the first ``moves`` moves of the line: by undos or redos
        within their reach (one change, as one undo is), else by cutting the line there,
        which counts as help. False when the line holds no such position."""
        game = self._game
        if not 0 <= moves <= game.line_length:
            return False
        before = game.position
        if game.within_reach(moves):  # one change, however many undos or redos: one glide, one save
            kind, last = (Change.UNDONE if moves < game.move_count else Change.REDONE), None
            while game.move_count > moves and (action := game.undo()) is not None:
                last = action
            while game.move_count < moves and (action := game.redo()) is not None:
                last = action
            if last is not None:
                self._changed(kind, before, last)
            return game.move_count == moves
        if moves > game.move_count:
            return False
        game.cut(moves)
        game.hint_shown()
        self._changed(Change.WENT_BACK, before)
        return True

    def mark(self, action: Action) -> None:
        """Point out ``action``, the next move of the line from the position on the table (the
        review's losing move): the board shows it as a hint is, and says it."""
        self._emit(Change.MARKED, self._game.position, action=action)

    def solver_says(self, position: Position, rules: Rules, report: LossReport) -> None:
        """The solver's verdict on ``position`` (dropped if the game has moved on since)."""
        if position != self._game.position or rules != self._game.rules:
            return
        self._verdict = (position, rules, report)
        self._emit(Change.VERDICT, position, report=report)
        if report.lost and not self._game.is_won:
            self._emit(Change.LOST, position, report=report)

    def _changed(self, kind: Change, before: Position, action: Action | None = None,
                 sent: tuple[Action, ...] = ()) -> None:
        was_won = before.is_won
        self._run_clock()
        self._emit(kind, before, action=action, sent=sent)
        status = self.status
        if status is Status.WON and not was_won:
            self._emit(Change.WON, before, action=action)
        elif status is Status.STUCK:
            self._emit(Change.STUCK, before, action=action)

    def won_before(self) -> None:
        """The game was won before it was saved and the win undone (the statistics know):
        its time stays the time of that win, as in a game won in this session."""
        self._won_once = True
        self._run_clock()

    def _run_clock(self) -> None:
        """The clock runs from the first move until the game is won (and not after an undo
        past the win: the game's time is its win's), while the table is in view."""
        self._won_once = self._won_once or self._game.is_won
        running = self._game.started and not self._won_once and self._in_view
        if running and self._since is None:
            self._since = self._clock()
        elif not running and self._since is not None:
            self._banked = self.elapsed()
            self._since = None
