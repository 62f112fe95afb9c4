"""The table scene: the host of the game in play's board.

It embeds the one board (``app/board``: the cards drawn, played with pointer and keys,
glided, marked and read) on the game in play, frames it with the toolbar and the status line,
and carries out the player's commands (``actions.py``). Its assistants (the solver's questions
and the demo, the auto-finish) listen to the game in play and see the table only as a
:class:`~.stage.Stage` (six members); what they find goes to the game in play, whose events
the table shows. The engine state is final before any card moves.
"""

from __future__ import annotations

from typing import Any

import pygame

from seahaven.app.board.component import Board
from seahaven.app.board.hand import Selection
from seahaven.app.board.keys import KEY_NAMES, looked_at
from seahaven.app.board.layout import Layout, Layouts
from seahaven.app.board.marks import Mark, Style
from seahaven.app.board.refusals import Refusal, refusal_text
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.scenes import App, Scene
from seahaven.app.screens import dialogs, navigation
from seahaven.app.screens.table import actions
from seahaven.app.screens.table.accessible import TableAccess
from seahaven.app.screens.table.auto_finish import AutoFinish
from seahaven.app.screens.table.solver_questions import Demo, Hints, Verdict
from seahaven.app.screens.table.stage import MESSAGE_S
from seahaven.app.screens.table.status import Message, StatusLine, StatusPainter
from seahaven.app.screens.table.timers import Timer, Timers
from seahaven.app.screens.table.toolbar import Toolbar
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent, Status
from seahaven.app.state.session import Session
from seahaven.app.text.words import action_text, hint_text
from seahaven.engine import Action, Game, IllegalMove, Move, Pile, Position, Rules
from seahaven.i18n import _

HINT_S = 4.0
"""Seconds a hint stays drawn on the board."""
MARK_S = 6.0
"""Seconds a move pointed out (the review's losing move) stays marked, and said."""
CASCADE = "cascade"
"""What the status line's sentence is about while the win cascade runs (a tap skips it)."""
MODIFIER_KEYS = (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT,
                 pygame.K_LMETA, pygame.K_RMETA)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
"""With Ctrl: smaller cards (Help names it with Ctrl+plus: it is no chord of the actions)."""
PINCH_STEP = 0.04
"""How far two fingers must spread (or close), as a share of the window, for one step of
the card size."""


def chord(event: Any) -> str | None:
    """A key as the actions name it: "Ctrl+Shift+Z", "U", "F11", "Esc" (None: no name)."""
    name = KEY_NAMES.get(event.key)
    if name is None:
        return None
    ctrl = "Ctrl+" if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) else ""
    shift = "Shift+" if event.mod & pygame.KMOD_SHIFT else ""
    return f"{ctrl}{shift}{name}"


class TableScene(Scene):
    """The game in play on its board, with the toolbar, the status line and the assistants."""

    opaque = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.current = session.current
        self.jobs = session.jobs
        self._size = app.size
        self._layouts = Layouts()
        """The layouts worked out last (of the position before a change and after it)."""
        self.status = StatusLine(self.current, lambda: self.app.time)
        """The status line's passing sentence, keyed to the position it describes."""
        self.current.subscribe(self._on_game_event)
        self.verdict = Verdict(self)
        self.hints = Hints(self, self.verdict)
        self.demo = Demo(self, self.verdict)
        self.finish = AutoFinish(self, self.demo)
        """Auto-finish: the Finish offer, and the cards sent home one after the other."""
        self.board = Board(self.current, self.layout_for, app.settings, lambda: self.app.painter,
                           lambda: self.app.time, self)
        """The board of the game in play (it hears the game's events after the table)."""
        self.toolbar = Toolbar(self.button_at, lambda: self.app.time)
        self.status_painter = StatusPainter(self.status, session, app.settings, self.verdict, self.finish,
                                            lambda: self.toolbar.pressed)
        self.access = TableAccess(app, self.current, self.board, self.verdict, self.finish, self, self.action,
                                  self.player_acts)
        """What a screen reader reads and hears of the table."""
        self.timers = Timers((
            Timer("tooltip", self.toolbar.tooltip_due, self._show_tooltip, lambda: not self.toolbar.presses.held),
            Timer("finish", lambda: self.finish.due if self.finish.queue is not None else None, self.finish.step,
                  self.free),
            Timer("demo", lambda: self.demo.due if self.demo.moves is not None else None, self.demo.step,
                  lambda: self.free() and not self.board.busy()),
            Timer("lost", lambda: self.verdict.due, self.verdict.ask,
                  lambda: self.free() and not self.board.busy() and self.board.press is None),
        ))
        """What the table does on its own in time, asked once a frame (:meth:`update`)."""
        self._owner: str | None = None
        """Who the press under way belongs to: "toolbar" (a button) or "board" (the cards)."""
        self._frame_keys: dict[str, object] = {}
        self._pinch = 0.0
        session.notices.append(lambda text, warn=False: self.say(text, warn, of_position=False))
        session.settings.subscribe(lambda _name: self.invalidate())
        session.action_listeners.append(self.action)
        self.board.glides.deal()

    # == what the table shows ================================================================
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

    @property
    def layout(self) -> Layout:
        """The geometry for the window's size, the game's cell count, the toolbar's actions
        and the position on the table (worked out again when one of them changes)."""
        return self.layout_for(self.position)

    def layout_for(self, position: Position) -> Layout:
        """The geometry that shows ``position``: its long columns can make every card
        smaller or take the other band's room, so the position before a change may have
        had another (the board glides the cards from that one)."""
        settings = self.app.settings
        return self._layouts.get(self._size, position, actions.ACTIONS.toolbar_slots(), self.app.assets.large_index,
                                 settings.card_size, settings.left_handed)

    @property
    def message(self) -> Message | None:
        """The status line's passing sentence while it stands (owned by :attr:`status`)."""
        return self.status.shown()

    @property
    def hint(self) -> Move | None:
        """The move drawn on the board as a hint, or as the move pointed out (None: none)."""
        for layer in ("hint", "marked"):
            marks = self.board.marks.layer(layer)
            if marks and marks[0].move is not None:
                return marks[0].move
        return None

    def on_top(self) -> bool:
        return self.app.scenes.top is self

    def free(self) -> bool:
        """Nothing is held and the table is on top: an assistant may act on its own."""
        return self.board.drag is None and self.on_top()

    # == the stage: what the assistants ask ==================================================
    def say(self, text: str, warn: bool = False, seconds: float = MESSAGE_S, fleeting: bool = False,
            about: str | None = None, of_position: bool = True) -> None:
        """A passing sentence in the status line (see :class:`~.status.Message`), heard by a
        screen reader too."""
        self.status.say(text, warn, seconds, fleeting, about, of_position)
        self.access.heard(text, about)
        self.dirty = True

    def take_back(self, about: str) -> None:
        """The status line's sentence about ``about`` goes (what it was about has ended)."""
        self.status.clear(about=about)

    def play(self, move: Move, sound: bool = True, own: bool = True) -> bool:
        """Make ``move``: the game in play checks it (a dropped run's one check) and, if the
        rules refuse it, the player hears why. ``own``: the player's move (the demo's and
        the finish's are not: no safe cards follow them home)."""
        try:
            self.current.play(move, own=own)
        except IllegalMove as error:
            self.cannot(Refusal(error.reason))
            return False
        if sound:
            self.app.play_sound("foundation" if move.dest.is_foundation else "place")
        return True

    def calm(self) -> None:
        """Every animation ends and dragged cards go back: an assistant is about to act."""
        self.board.finish()
        self.board.send_back()

    def finish_animations(self) -> None:
        """A new input finishes every animation at once; then it is handled."""
        self.board.finish()

    # == the board's host ======================================================================
    def asked(self, move: Move) -> bool:
        """The player asked for ``move`` on the board (a drop, a tap, a key)."""
        return self.play(move)

    def cannot(self, refusal: Refusal) -> None:
        """Show why nothing happens (the board has shaken what cannot be lifted): the status
        line says why and, unless the refusal only hints what to do, a sound."""
        text = refusal_text(refusal.reason)
        if text:
            self.say(text, warn=not refusal.gentle, fleeting=True)
        if not refusal.gentle:
            self.app.play_sound("invalid")
        self.dirty = True

    def chose(self, selection: Selection | None) -> None:
        self.access.hand_changed()  # a screen reader hears the pick-up
        self.dirty = True

    def lifted(self, pile: Pile, count: int) -> None:
        self.app.play_sound("pick_up")

    def still(self, after: str) -> None:
        """The cards are still after a deal ("arrival": a won game shows its panel at once)
        or a change ("change": a win is celebrated): say the game is won or stuck, or ask
        the solver (after a quiet moment) whether it is lost."""
        if self.board.glides.cascade is not None:
            return
        status = self.current.status
        if status is Status.WON:
            if after == "change" and self.board.celebrate(self.game.move_count, self._end_cascade):
                cascade = self.board.glides.cascade
                assert cascade is not None
                self.say(_("Every card is home. Click, tap or press a key to skip to your result."),
                         seconds=cascade.planned_s + 1.0, about=CASCADE)
                self.app.play_sound("win")
            elif after != "change":
                self._open_won()
        elif status is Status.STUCK:
            self._open_end("stuck")
        elif self.finish.offered() and self.app.settings.finish_by_itself and after == "change":
            self.finish.after_change()
        elif not self.demo.running():
            self.verdict.schedule()

    def _end_cascade(self) -> None:
        self.take_back(CASCADE)
        self.app.scenes.changed = True  # wipe the trails: the cache was never painted on
        self._open_won()

    def _open_end(self, kind: str) -> None:
        if navigation.find_message(self.app) is None:
            self.app.push(dialogs.EndMessage(self.app, self.session, kind))

    def _open_won(self) -> None:
        if self.game.is_won:
            self._open_end("won")

    # == the commands (declared in actions.py) ================================================
    def action(self, name: str) -> None:
        """Run the action ``name`` of the registry (a toolbar button, a key, the Menu)."""
        actions.ACTIONS[name].run(self)

    def undo(self) -> None:
        self.calm()
        if self.current.undo() is None:
            # Translators: said (status line) when Undo is pressed at the first move.
            self.say(_("Nothing to undo."))
            return
        self.app.play_sound("undo")

    def redo(self) -> None:
        self.calm()
        action = self.current.redo()
        if action is None:
            # Translators: said (status line) when Redo is pressed with nothing undone.
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
        # Translators: the title of a confirmation window: start this deal again from its first move.
        self.app.push(dialogs.Confirm(self.app, lambda: _("Restart this deal?"), at_stake,
                                      # Translators: the button of the confirmation "Restart this deal?". About 12
                                      # characters.
                                      lambda: _("Restart"),
                                      self.restart))

    def restart(self) -> None:
        self.calm()
        if not self.game.started:
            self.say(_("This deal is already as dealt."))
        self.current.restart()
        self.app.play_sound("deal")

    def ask_hint(self) -> None:
        self.hints.ask()

    def ask_demo(self) -> None:
        self.demo.ask()

    def ask_line(self) -> None:
        self.hints.ask_line()

    def ask_finish(self) -> None:
        self.finish.start()

    def open_lost(self) -> None:
        self.verdict.open_lost()

    def read_aloud(self, what: str) -> None:
        self.access.read_aloud(what)

    def clear_marks(self) -> None:
        self.board.clear()
        self.access.hand_changed()  # "put down", when something was held

    def player_acts(self) -> None:
        """Input: animations finish, the demo and a finish stop, a refusal's reason goes; a
        lost-game check in progress waits for the next pause (the solver never competes with
        a drag or a glide for the processor)."""
        self.finish_animations()
        self.demo.stop()
        self.finish.stop()
        self.status.clear(fleeting_only=True)  # the reason for the last refusal: the player has moved on
        self.verdict.player_acts()

    def button_enabled(self, name: str) -> bool:
        """Whether the action ``name`` can be pressed now (its button greyed otherwise)."""
        return actions.ACTIONS[name].enabled(self)

    def button_at(self, pos: tuple[float, float]) -> str | None:
        """The toolbar button (or the status line's Finish, or its lost sentence) under ``pos``."""
        layout = self.layout
        if self.finish.at(layout, pos):
            return "finish"
        if self.status_painter.lost_at(layout, pos):
            return "lost"
        return layout.button_at(*pos)

    # == what the game in play says (the board hears it next) =================================
    def _on_game_event(self, event: GameEvent) -> None:
        kind = event.kind
        if kind is Change.NEW_GAME:
            self.invalidate()
        elif kind is Change.HINT_SHOWN and event.move is not None:
            self.board.show("hint", (Mark.of_move(event.move, Style.HINT),), HINT_S)
            self.say(hint_text(self.position, event.move))
        elif kind is Change.MARKED and event.action is not None:
            self._show_marked(event.action)
        elif kind in LINE_CHANGES:
            self.dirty = True

    def _show_marked(self, action: Action) -> None:
        """A move of the line pointed out (the review's losing move): drawn as a hint is, and said."""
        self.board.show("marked", (Mark.of_move(action.move, Style.MARKED),), MARK_S)
        self.say(action_text(self.game.move_count + 1, action), seconds=MARK_S)

    # == input ===============================================================================
    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.KEYUP:
            self.board.on_key_up(event)  # a peek's key let go
        elif event.type == pygame.MULTIGESTURE:
            self._pinched(event)

    def on_key(self, event: Any) -> None:
        if event.key in MODIFIER_KEYS:
            return
        stopped = self.demo.running()  # Ctrl+D while the demo plays: only stop it
        self.player_acts()
        if not self.on_top():
            return
        named = chord(event)
        action = actions.ACTIONS.for_key(named) if named is not None else None
        if action is not None:
            if not (stopped and action.name == "demo"):
                action.run(self)  # disabled or not: the action says why nothing happens
            return
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if event.key in MINUS_KEYS:
                actions.card_size_step(self, -1)
            return
        if event.mod & pygame.KMOD_SHIFT and (pile := looked_at(event.key)) is not None:
            self.access.look(pile)  # Shift and a pile's key: hear it, pick nothing up
            return
        self.board.on_key(event)

    def _pinched(self, event: Any) -> None:
        """Each step of two fingers spreading or closing changes the card size."""
        if getattr(event, "num_fingers", 0) != 2:
            return
        self._pinch += float(getattr(event, "pinched", 0.0))
        if abs(self._pinch) >= PINCH_STEP:
            actions.card_size_step(self, 1 if self._pinch > 0 else -1)
            self._pinch = 0.0

    def on_pointer(self, p: Pointer) -> None:
        """A press on a button belongs to the toolbar until it is let go; one on the cards to
        the board; the mouse resting on a button shows its tooltip."""
        if p.kind in ("wheel", "hover"):
            return  # the wheel, or the mouse while a finger is down: no gesture on the table
        if p.kind == "down":
            self.player_acts()
            if not self.on_top():
                return  # the end of the cascade opened a window: it takes the next input
            self.toolbar.set_hover(None)
            self._owner = "toolbar" if self.button_at(p.pos) is not None else "board"
        if self._owner is None:
            if p.kind == "move" and self.toolbar.point(p, self.layout):
                self.dirty = True
            elif p.kind in ("cancel", "secondary_up"):
                self.board.on_pointer(p)  # the right button: a peek, or the selection dropped
            return
        if self._owner == "toolbar":
            name = self.toolbar.feed(p)
            self.dirty = True
            if p.kind in ("up", "cancel"):
                self._owner = None
            if name is not None:
                self.action(name)
            return
        self.board.on_pointer(p)
        if p.kind in ("up", "cancel") and self.board.press is None:
            self._owner = None

    def covered(self) -> None:
        self.board.cancel()
        self.toolbar.forget()
        self._owner = None
        self.demo.stop()

    def interrupted(self) -> None:
        self.board.cancel()
        self.toolbar.forget()
        self._owner = None

    # == time ================================================================================
    def update(self, dt: float) -> None:
        self.board.update(dt)
        self.status.update()
        self.board.held()
        self.jobs.poll()
        self.timers.run(self.app.time)
        self._watch_frame()

    def _show_tooltip(self) -> None:
        self.toolbar.tooltip_shown = True
        self.dirty = True

    def _watch_frame(self) -> None:
        """The toolbar and the status line are painted again when what they show changed:
        derived each frame from the state they read, never remembered to be told."""
        game = self.game
        status = (self.status.shown(), game.score, game.move_count, int(self.current.elapsed()), self.verdict.text(),
                  self.finish.offered(), self.session.not_saving, self.toolbar.pressed == "finish",
                  self.app.settings.zen, game.code, self.session.facts.daily_date(game.code))
        names = tuple(self.layout.buttons)
        toolbar = (tuple(self.button_enabled(name) for name in names), self.toolbar.hover,
                   self.toolbar.pressed, self.position.cell_count, self.session.facts.daily_date(game.code))
        for region, key in (("status", status), ("toolbar", toolbar)):
            if self._frame_keys.get(region) != key:
                self._frame_keys[region] = key
                self.board.repaint_frame(region)

    def busy(self) -> bool:
        return self.board.busy()

    def needs_draw(self) -> bool:
        return self.dirty or self.board.dirty or self.busy()

    def wake_in(self) -> float | None:
        waits: list[float] = []
        now = self.app.time
        if self.current.clock_running:
            waits.append(1.0 - (self.current.elapsed() % 1.0) + 0.005)
        for wait in (self.status.wake_in(), self.board.hold_wait(),
                     self.timers.wake_in(now), self.board.wake_in()):
            if wait is not None:
                waits.append(wait)
        if self.jobs.running():
            waits.append(0.05)
        return min(waits) if waits else None

    def elapsed(self) -> float:
        return self.current.elapsed()

    # == the picture ===========================================================================
    def resized(self, size: tuple[int, int]) -> None:
        old = self.layout
        self._size = (int(size[0]), int(size[1]))
        self.board.resized(old)
        self.invalidate()

    def invalidate(self) -> None:
        """Repaint the whole picture (a new size, a new deal, a setting)."""
        self.board.invalidate()
        self._frame_keys.clear()
        self.dirty = True

    def art_changed(self) -> None:
        self.invalidate()

    def paint_frame(self, surface: pygame.Surface, regions: frozenset[str] | None) -> list[pygame.Rect]:
        """The toolbar and the status line, painted into the board's picture at rest."""
        painter, layout = self.app.painter, self.layout
        painted = []
        if regions is None or "toolbar" in regions:
            enabled = self.button_enabled
            painted.append(self.toolbar.paint(surface, painter, layout, enabled, self.position.cell_count,
                                              self.session.facts.daily_date(self.game.code)))  # issue 37.8
        if regions is None or "status" in regions:
            band = self.toolbar.band(painter, layout, layout.status, line_at_top=True)
            self.status_painter.paint(surface, painter, layout, band)
            painted.append(pygame.Rect(layout.status))
        return painted

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        self.dirty = False
        tooltip = self.toolbar.tooltip(self.app.painter, self.layout)
        return self.board.draw(surface, alpha, full, frame=self, over=[tooltip] if tooltip is not None else None)
