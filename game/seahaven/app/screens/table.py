"""The table scene: turns the player's input into intents on the game in play, and looks
at the game once the cards are still.

Its parts, each in a file of its own, see it through the small ``table_api.Table``
protocol: the pointer (``table_pointer``) and the keyboard (``table_keys``) find which
pile and card is meant and ask the hand what that means; the actions (``actions``) are
what the toolbar, the Menu and the keys ask for; the solver's questions and the demo
(``table_solver``); the animation (``table_motion``), which listens to the game's events;
the drawing (``table_view``), which only reads. The engine state is final before any
animation starts.
"""

from __future__ import annotations

from typing import Any

import pygame

from seahaven.app.board.hand import Hand
from seahaven.app.board.layout import Layout, Layouts
from seahaven.app.board.refusals import Refusal, refusal_text
from seahaven.app.kit.scenes import App, Scene
from seahaven.app.screens import actions, dialogs, navigation
from seahaven.app.screens.table_access import TableAccess
from seahaven.app.screens.table_api import Message, Snapshot
from seahaven.app.screens.table_finish import TableFinish
from seahaven.app.screens.table_keys import TableKeys
from seahaven.app.screens.table_motion import TableMotion
from seahaven.app.screens.table_pointer import TablePointer
from seahaven.app.screens.table_solver import TableSolver
from seahaven.app.screens.table_status import StatusLine
from seahaven.app.screens.table_timers import table_timers
from seahaven.app.screens.table_view import TableView
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent, Status
from seahaven.app.state.session import Session
from seahaven.app.text.words import action_text, hint_text
from seahaven.engine import Action, Card, Game, IllegalMove, Move, Pile, Position, Rules
from seahaven.i18n import _

MESSAGE_S = 3.5
MARK_S = 6.0
"""Seconds a move pointed out (the review's losing move) stays marked, and said."""
REFINE_S = 0.006
"""Time per frame spent drawing crisp the card faces first shown scaled from another size
(after a resize or a change of card size), once the cards are still."""


class TableScene(Scene):
    opaque = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.current = session.current
        self.jobs = session.jobs
        self._size = app.size
        self._layouts = Layouts()
        """The layouts worked out last (of the position before a change and after it)."""
        self.status = StatusLine(self)
        """The status line's passing sentence, keyed to the position it describes."""
        self.hint: tuple[Move, float] | None = None
        self.current.subscribe(self._on_game_event)
        self.motion = TableMotion(self)
        """The animation; it hears the game's events right after the table."""
        self.pointer = TablePointer(self)
        self.hand: Hand = self.pointer.hand
        """The selection and the last tap (the board pointer's): what a tap, a double-tap or a
        key means next."""
        self.keys = TableKeys(self)
        self.solver = TableSolver(self)
        self.finish = TableFinish(self)
        """Auto-finish: the Finish offer, and the cards sent home one after the other."""
        self.view = TableView(self, self.pointer, self.keys, self.solver, self.motion, self.finish)
        """The drawing: it reads this scene and the game in play, and changes neither."""
        self.access = TableAccess(self, self.keys, self.solver, self.finish)
        """What a screen reader reads and hears of the table."""
        self.timers = table_timers(self, self.pointer, self.motion, self.solver, self.finish)
        """What the table does on its own in time, asked once a frame (:meth:`update`)."""
        self._shown_second = -1
        session.notices.append(lambda text, warn=False: self.say(text, warn, of_position=False))
        session.settings.subscribe(lambda _name: self.invalidate())
        session.action_listeners.append(self.action)
        self.motion.deal(then=lambda: self.cards_still("arrival"))

    @property
    def game(self) -> Game:
        """The game in play (owned by :class:`~seahaven.app.state.current.CurrentGame`; read only here)."""
        return self.current.game

    @property
    def rules(self) -> Rules:
        return self.current.rules

    @property
    def position(self) -> Position:
        return self.game.position

    # == layout ==============================================================================
    @property
    def layout(self) -> Layout:
        """The geometry for the window's size, the game's cell count, the toolbar's actions
        and the position on the table (worked out again when one of them changes)."""
        return self.layout_for(self.position)

    def layout_for(self, position: Position) -> Layout:
        """The geometry that shows ``position``: its long columns can make every card
        smaller or take the other band's room, so the position before a change may have
        had another (the animation glides the cards from that one)."""
        settings = self.app.settings
        return self._layouts.get(self._size, position, actions.ACTIONS.toolbar_slots(), self.app.assets.large_index,
                                 settings.card_size, settings.left_handed)

    def resized(self, size: tuple[int, int]) -> None:
        old = self.layout
        self._size = (int(size[0]), int(size[1]))
        self.pointer.input.size = size
        self.motion.resized()
        if self.pointer.drag is not None:
            self.pointer.board.relayout_drag(old)
        self.invalidate()

    def invalidate(self) -> None:
        """Repaint the whole cache (a new size, a new deal)."""
        self.view.invalidate()
        self.dirty = True

    def mark_region(self, name: str) -> None:
        self.view.mark_region(name)
        self.dirty = True

    def mark_pile(self, pile: Pile) -> None:
        self.view.mark_pile(pile)
        self.dirty = True

    # == time ================================================================================
    def update(self, dt: float) -> None:
        self.motion.update(dt)
        now = self.app.time
        self.status.update()
        second = int(self.current.elapsed())
        if second != self._shown_second:
            self._shown_second = second
            self.mark_region("status")
        pointer = self.pointer
        pointer.held()
        self.jobs.poll()
        painter = self.app.painter
        if painter.refining and not self.motion.busy() and pointer.drag is None and painter.refine(REFINE_S):
            self.invalidate()  # every face of the new card size is crisp now
        self.timers.run(now)

    def busy(self) -> bool:
        return self.motion.busy()

    def wake_in(self) -> float | None:
        waits: list[float] = []
        now = self.app.time
        if self.current.clock_running:
            waits.append(1.0 - (self.current.elapsed() % 1.0) + 0.005)
        if (said := self.status.wake_in()) is not None:
            waits.append(said)
        if self.jobs.running():
            waits.append(0.05)
        hold = self.pointer.hold_wait()
        if hold is not None:
            waits.append(hold)
        if (timer := self.timers.wake_in(now)) is not None:
            waits.append(timer)
        if self.app.painter.refining:
            waits.append(0.0)
        return min(waits) if waits else None

    def elapsed(self) -> float:
        return self.current.elapsed()

    @property
    def message(self) -> Message | None:
        """The status line's passing sentence while it stands (owned by :attr:`status`)."""
        return self.status.shown()

    def say(self, text: str, warn: bool = False, seconds: float = MESSAGE_S, fleeting: bool = False,
            about: str | None = None, of_position: bool = True) -> None:
        """A passing sentence in the status line (see :class:`~.table_api.Message`): about the
        position on the table unless ``of_position`` is False; ``fleeting``: it ends at the
        next action too; ``about``: what it is about, for whoever takes it back."""
        self.status.say(text, warn, seconds, fleeting, about, of_position)
        self.access.heard(text, about)

    def take_back(self, about: str) -> None:
        """The status line's sentence about ``about`` goes (what it was about has ended)."""
        self.status.clear(about=about)

    # == the animation, as the parts see it ==================================================
    def where_now(self, position: Position | None = None) -> Snapshot:
        return self.motion.where_now(position)

    def glide_from(self, before: Snapshot) -> None:
        self.motion.glide_from(before)

    def dragged_points(self) -> dict[Card, tuple[float, float]]:
        return self.pointer.board.dragged_points()

    def finish_animations(self) -> None:
        """A new input finishes every animation at once; then it is handled."""
        self.motion.finish()

    # -- intents: the game in play makes the change, its event animates it ------------------
    def play(self, move: Move, sound: bool = True) -> Action | None:
        """Make ``move``: the game in play checks it (a dropped run's one check) and, if the
        rules refuse it, the player hears why."""
        try:
            action = self.current.play(move)
        except IllegalMove as error:
            self.refuse(Refusal(error.reason))
            return None
        if sound:
            self.app.play_sound("foundation" if move.dest.is_foundation else "place")
        return action

    def undo(self) -> None:
        self.finish_animations()
        self.pointer.cancel_drag()
        if self.current.undo() is None:
            self.say(_("Nothing to undo."))
            return
        self.app.play_sound("undo")

    def redo(self) -> None:
        self.finish_animations()
        self.pointer.cancel_drag()
        action = self.current.redo()
        if action is None:
            self.say(_("Nothing to redo."))
            return
        self.app.play_sound("foundation" if action.move.dest.is_foundation else "place")

    def ask_restart(self) -> None:
        """R and the Restart button: ask first when moves would be lost (SPEC 4)."""
        at_stake = navigation.game_at_stake(self.session)
        if at_stake is None:
            self.restart()
            return
        self.finish_animations()
        self.app.push(dialogs.Confirm(self.app, lambda: _("Restart this deal?"), at_stake, lambda: _("Restart"),
                                      self.restart))

    def restart(self) -> None:
        self.finish_animations()
        self.pointer.cancel_drag()
        if not self.game.started:
            self.say(_("This deal is already as dealt."))
        self.current.restart()
        self.app.play_sound("deal")

    # -- what the game in play says (the animation hears it next) ---------------------------
    def _on_game_event(self, event: GameEvent) -> None:
        kind = event.kind
        if kind in LINE_CHANGES:
            self.finish.last_change = kind
        if kind is Change.NEW_GAME:
            self._arrive()
        elif kind in LINE_CHANGES:
            if kind is not Change.MOVED:
                self.hand.forget()  # undo, redo, restart: what the last tap did is void
            self._changed()  # the dropped cards glide from under the pointer: the drag ends after
        elif kind is Change.HINT_SHOWN and event.move is not None:
            self._show_hint(event.move)
        elif kind is Change.MARKED and event.action is not None:
            self._show_marked(event.action)
        elif kind in (Change.RULES, Change.VERDICT):
            self.mark_region("status")
        elif kind is Change.LOST and event.report is not None:
            self.solver.announce_lost(event.report)

    def _arrive(self) -> None:
        """A new deal (or a game from a code or a file) is on the table."""
        self.pointer.board.forget()  # the dealt cards fly in: nothing glides back
        self.pointer.cancel_pointer()
        self.hint = None
        self.solver.forget_lost()
        self.mark_region("status")
        self.invalidate()

    def _changed(self) -> None:
        self.pointer.board.forget_card_press()  # a press on a card that has just moved means nothing now
        self.hand.deselect()
        self.hint = None
        self.solver.forget_lost()
        self.mark_region("status")
        self.mark_region("toolbar")

    def cards_still(self, after: str) -> None:
        """The cards are still after a deal ("arrival": a won game shows its panel at once)
        or a change ("change": a win is celebrated): say the game is won or stuck, or ask
        the solver (after a quiet moment) whether it is lost."""
        if self.motion.cascade is not None:
            return
        status = self.current.status
        if status is Status.WON:
            if after == "change":
                self.motion.start_cascade(then=self._open_won)
            else:
                self._open_won()
        elif status is Status.STUCK:
            self._open_end("stuck")
        elif self.finish.offered() and self.app.settings.finish_by_itself and after == "change":
            self.finish.after_change()
        elif self.current.verdict is None and self.solver.wants_verdict() and self.solver.demo is None:
            self.solver.schedule_lost()

    def _open_end(self, kind: str) -> None:
        if navigation.find_message(self.app) is None:
            self.app.push(dialogs.EndMessage(self.app, self.session, kind))

    def _open_won(self) -> None:
        if self.game.is_won:
            self._open_end("won")

    def _show_marked(self, action: Action) -> None:
        """A move of the line pointed out (the review's losing move): drawn as a hint is, and said."""
        self.hint = (action.move, self.app.time + MARK_S)
        self.say(action_text(self.game.move_count + 1, action), seconds=MARK_S)
        self.dirty = True

    def _show_hint(self, move: Move) -> None:
        self.hint = (move, self.app.time + 4.0)
        self.say(hint_text(self.position, move))

    # == input ===============================================================================
    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys.on_key(event)
            return
        if event.type in (pygame.KEYUP, pygame.MULTIGESTURE):
            self.keys.on_other(event)  # a peek's key let go, a pinch (the card size)
            return
        self.pointer.handle(event)

    def covered(self) -> None:
        self.pointer.cancel_pointer()
        self.solver.stop_demo()

    def interrupted(self) -> None:
        self.pointer.cancel_pointer()

    def uncovered(self) -> None:
        self.pointer.input.reset()

    def art_changed(self) -> None:
        self.view.use(self.app.painter)
        self.invalidate()

    def player_acts(self) -> None:
        """Input: finish animations; a lost-game check in progress waits for the next pause
        (the solver never competes with a drag or a glide for the processor)."""
        self.finish_animations()
        self.solver.stop_demo()
        self.finish.stop()
        self.status.clear(fleeting_only=True)  # the reason for the last refusal: the player has moved on
        self.solver.player_acts()

    def refuse(self, refusal: Refusal) -> None:
        """Show why nothing happens: the cards that cannot be lifted shake, the status
        line says why, and (unless the refusal is only a hint of what to do) a sound."""
        if refusal.shake is not None:
            self.motion.shake(*refusal.shake)
        text = refusal_text(refusal.reason)
        if text:
            self.say(text, warn=not refusal.gentle, fleeting=True)
        if not refusal.gentle:
            self.app.play_sound("invalid")
        self.dirty = True

    def carry_out(self, answer: Move | Refusal | None) -> None:
        """Carry out what the hand decided."""
        if isinstance(answer, Move):
            self.play(answer)
        elif isinstance(answer, Refusal):
            self.refuse(answer)
        else:
            self.access.hand_changed()  # a pick-up is said
        self.dirty = True

    # == the actions (declared in actions.py) and what the parts ask =======================
    def action(self, name: str) -> None:
        """Run the action ``name`` of the registry (a toolbar button, a key, the Menu)."""
        actions.ACTIONS[name].run(self)

    def button_at(self, pos: tuple[float, float]) -> str | None:
        """The toolbar button (or the status line's Finish, or its lost sentence) under ``pos``."""
        if self.finish.at(pos):
            return "finish"
        if self.view.status.lost_at(pos):
            return "lost"
        return self.layout.button_at(*pos)

    def button_enabled(self, name: str) -> bool:
        return actions.ACTIONS[name].enabled(self)

    def on_top(self) -> bool:
        return self.app.scenes.top is self

    def ask_hint(self) -> None:
        self.solver.ask_hint()

    def ask_demo(self) -> None:
        self.solver.ask_demo()

    def ask_line(self) -> None:
        self.solver.ask_line()

    def ask_finish(self) -> None:
        self.finish.start()

    def open_lost(self) -> None:
        self.solver.open_lost()

    def read_aloud(self, what: str) -> None:
        self.access.read_aloud(what)

    def stop_demo(self) -> None:
        self.solver.stop_demo()

    def demo_running(self) -> bool:
        return self.solver.demo is not None or self.jobs.running("demo")

    def clear_marks(self) -> None:
        self.pointer.cancel_pointer()
        self.hand.deselect()
        self.access.hand_changed()  # "put down", when something was held
        self.hint = None
        self.keys.show_focus = False
        self.dirty = True

    def cancel_drag(self) -> None:
        self.pointer.cancel_drag()

    def hide_focus(self) -> None:
        self.keys.show_focus = False

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        return self.view.draw(surface, alpha, full)
