"""Auto-finish at the table (issue 17): when the engine says every card left can go home
one by one (:func:`seahaven.engine.finishing_moves`), the status line offers "Finish" (and
the E key); it sends the cards home as real moves, one after the other with the usual
glide, each recorded, scored and undoable. The setting "Finish by itself" starts it
without asking after the player's own move (never after an undo, so the finish can be
taken back). Any input stops a finish under way; what is left is offered again."""

from __future__ import annotations

from seahaven.app.board.layout import Layout
from seahaven.app.looks.box import Box
from seahaven.app.screens.table.solver_questions import Demo
from seahaven.app.screens.table.stage import Stage
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent
from seahaven.engine import Move, Position, Rules, finishing_moves
from seahaven.i18n import _

FINISH_STEP_S = 0.09
"""Seconds between two cards sent home, at normal animation speed."""
FINISH_KEY_LABEL = "E"


class AutoFinish:
    """Whether the game in play can finish by itself, and the finish under way."""

    def __init__(self, stage: Stage, demo: Demo) -> None:
        self.stage = stage
        self.demo = demo
        self.current = stage.session.current
        self.queue: list[Move] | None = None
        """The foundation moves still to play of the finish under way."""
        self.due = 0.0
        self._known: tuple[Position, Rules, tuple[Move, ...] | None] | None = None
        self.last_change: Change | None = None
        """What last put a position on the table (a finish by itself follows only a move)."""
        self.current.subscribe(self._on_game_event)

    def _on_game_event(self, event: GameEvent) -> None:
        if event.kind in LINE_CHANGES:
            self.last_change = event.kind

    # -- the question ------------------------------------------------------------------------
    def line(self) -> tuple[Move, ...] | None:
        """The engine's finishing line for the position on the table (remembered per
        position), or None."""
        game = self.current.game
        position, rules = game.position, game.rules
        known = self._known
        if known is None or known[0] != position or known[1] != rules:
            known = self._known = (position, rules, finishing_moves(position, rules))
        return known[2]

    def offered(self) -> bool:
        """The Finish button shows: the game is not won, every card left can go home one
        by one, and neither a finish nor the demo is under way."""
        if self.queue is not None or self.demo.running() or self.current.game.is_won:
            return False
        return bool(self.line())

    def box(self, layout: Layout) -> Box:
        """The Finish button, in the middle of the status line."""
        status = layout.status
        h = max(18, round(status.h * 0.8))
        w = round(h * 3.8)
        return Box(status.x + (status.w - w) // 2, status.y + (status.h - h) // 2, w, h)

    def at(self, layout: Layout, pos: tuple[float, float]) -> bool:
        return self.offered() and self.box(layout).contains(*pos)

    # -- the finish --------------------------------------------------------------------------
    def start(self) -> None:
        """Finish (the button, E, or by itself): send every card home."""
        stage = self.stage
        stage.calm()
        if self.current.game.is_won:
            stage.say(_("This game is won already."), fleeting=True)
            return
        line = self.line()
        if not line:
            stage.say(_("Not yet: some cards need another move before they can all go home."), fleeting=True)
            return
        self.demo.stop()
        self.queue = list(line)
        self.due = stage.app.time
        if stage.app.settings.animation_factor <= 0:
            while self.queue:
                self.step()

    def step(self) -> None:
        """Send the next card home (the table calls this when it is due)."""
        queue = self.queue
        if not queue:
            self.queue = None
            return
        move = queue.pop(0)
        game = self.current.game
        if not game.position.is_legal(move, game.rules):
            self.stop()
            return
        if not queue:
            self.queue = None
        app = self.stage.app
        self.due = app.time + FINISH_STEP_S * app.settings.animation_factor
        self.stage.play(move, sound=len(queue) % 3 == 0, own=False)

    def ready(self) -> bool:
        """A finish is under way and its next card is due."""
        return self.queue is not None and self.stage.app.time >= self.due

    def stop(self) -> None:
        """Input stops a finish under way; the rest is offered again."""
        self.queue = None

    def after_change(self) -> None:
        """The cards are still after a change: finish by itself if the setting asks and the
        change was the player's own move."""
        if (self.stage.app.settings.finish_by_itself and self.last_change is Change.MOVED and self.queue is None
                and self.offered()):
            self.start()
