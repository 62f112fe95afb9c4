"""The table scene: turns the player's input into intents on the game in play, and the
game's events into animation.

Its parts, each in a file of its own: the pointer (``table_pointer``) and the keyboard
(``table_keys``) find which pile and card is meant and ask the hand what that means; the
solver's questions and the demo (``table_solver``); the drawing (``table_view``), which
only reads. The engine state is final before any animation starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app import animation
from game.app.animation import Cascade, Tweens
from game.app.current import LINE_CHANGES, Change, GameEvent, Status
from game.app.hand import Hand, Refusal
from game.app.i18n import _
from game.app.layout import Layout, card_aspect, compute_layout
from game.app.scenes import Scene
from game.app.screens import actions, dialogs
from game.app.screens.table_api import Snapshot
from game.app.screens.table_finish import TableFinish
from game.app.screens.table_keys import TableKeys
from game.app.screens.table_pointer import TablePointer
from game.app.screens.table_solver import LOST_QUIET_S, TableSolver
from game.app.screens.table_view import TableView
from game.app.session import Session
from game.app.words import card_name, pile_name
from game.engine import (
    COLUMNS,
    FOUNDATIONS,
    SUITS,
    Action,
    Card,
    Game,
    IllegalMove,
    Move,
    Pile,
    Position,
    Rules,
)

if TYPE_CHECKING:
    from game.app.scenes import App

MESSAGE_S = 3.5
TOOLTIP_DELAY_S = 0.6


@dataclass
class Message:
    text: str
    until: float
    warn: bool = False
    fleeting: bool = False
    """A refusal's reason: it ends at the player's next action."""


class TableScene(Scene):
    opaque = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.current = session.current
        self.jobs = session.jobs
        self.tweens: Tweens[Card] = Tweens()
        self.aspect = card_aspect()
        self.layout = self._compute_layout(app.size)
        self.hand = Hand()
        """The selection and the last tap: what a tap, a double-tap or a key means next."""
        self.pointer = TablePointer(self)
        self.keys = TableKeys(self)
        self.solver = TableSolver(self)
        self.finish = TableFinish(self)
        """Auto-finish: the Finish offer, and the cards sent home one after the other."""
        self.message: Message | None = None
        self.hint: tuple[Move, float] | None = None
        self.floating: set[Card] = set()
        self.cascade: Cascade | None = None
        self.review: str | None = "arrival"
        """What to look at once the cards are still: "arrival" (a deal or a resumed game:
        a won game shows its panel at once) or "change" (a move: a win is celebrated)."""
        self.view = TableView(self)
        """The drawing: it reads this scene and the game in play, and changes neither."""
        self._shown_second = -1
        self.current.subscribe(self._on_game_event)
        session.notices.append(self.say)
        session.settings.subscribe(lambda _name: self.invalidate())
        session.action_listeners.append(self.action)
        self._deal()

    @property
    def game(self) -> Game:
        """The game in play (owned by :class:`~game.app.current.CurrentGame`; read only here)."""
        return self.current.game

    @property
    def rules(self) -> Rules:
        return self.current.rules

    # == layout ==============================================================================
    def _compute_layout(self, size: tuple[int, int]) -> Layout:
        return compute_layout(size[0], size[1], self.game.position.cell_count, self.aspect,
                              actions.ACTIONS.toolbar_slots())

    def resized(self, size: tuple[int, int]) -> None:
        old = self.layout
        self.layout = self._compute_layout(size)
        self.pointer.input.size = size
        self.tweens.finish()
        self.floating.clear()
        if self.cascade is not None:
            self._end_cascade()
        if self.pointer.drag is not None:
            self.pointer.relayout_drag(old)
        self.invalidate()

    def invalidate(self) -> None:
        """Repaint the whole cache (a new size, a new deal)."""
        self.view.invalidate()
        self.dirty = True

    def _pile_of(self, card: Card) -> Pile:
        found = self.position.find(card)
        return found[0] if found is not None else FOUNDATIONS[SUITS.index(card.suit)]

    def _float(self, card: Card) -> None:
        """``card`` leaves the cache: it is drawn on top each frame while it moves."""
        if card not in self.floating:
            self.floating.add(card)
            self.view.mark_pile(self._pile_of(card))
        self.dirty = True

    def _land(self) -> None:
        """Every moving card comes to rest in the cache."""
        for card in self.floating:
            self.view.mark_pile(self._pile_of(card))
        self.floating.clear()
        self.dirty = True

    def mark_region(self, name: str) -> None:
        self.view.mark_region(name)
        self.dirty = True

    @property
    def position(self) -> Position:
        return self.game.position

    # == time ================================================================================
    def update(self, dt: float) -> None:
        self.tweens.advance(dt)
        if self.floating and not self.tweens.active:
            self._land()
            self._after_animation()
        elif self.review is not None and not self.floating:
            self._after_animation()  # a deal shown without animation
        if self.cascade is not None:
            self.cascade.advance(dt)
            if self.cascade.done:
                self._end_cascade()
        now = self.app.time
        if self.message is not None and now >= self.message.until:
            self.message = None
            self.mark_region("status")
        second = int(self.elapsed())
        if second != self._shown_second:
            self._shown_second = second
            self.mark_region("status")
        if self.hint is not None and now >= self.hint[1]:
            self.hint = None
            self.dirty = True
        pointer = self.pointer
        waited = now - pointer.hover_since >= TOOLTIP_DELAY_S
        if pointer.hover and not pointer.press and waited and not pointer.tooltip_shown:
            pointer.tooltip_shown = True
            self.dirty = True
        self.jobs.poll()
        if self.finish.ready() and self.pointer.drag is None and self.app.scenes.top is self:
            self.finish.step()
        if (self.solver.demo is not None and now >= self.solver.demo_due and not self.floating and self.cascade is None
                and self.pointer.drag is None and self.app.scenes.top is self):
            self.solver.demo_step()
        due = self.solver.lost_due
        if (due is not None and now >= due and not self.floating and pointer.drag is None and pointer.press is None
                and self.app.scenes.top is self):
            self.solver.ask_lost()

    def busy(self) -> bool:
        return bool(self.floating) or self.tweens.active or self.cascade is not None

    def wake_in(self) -> float | None:
        waits: list[float] = []
        now = self.app.time
        if self.current.clock_running:
            waits.append(1.0 - (self.elapsed() % 1.0) + 0.005)
        if self.message is not None:
            waits.append(max(0.0, self.message.until - now))
        if self.hint is not None:
            waits.append(max(0.0, self.hint[1] - now))
        if self.pointer.hover and not self.pointer.tooltip_shown:
            waits.append(max(0.0, self.pointer.hover_since + TOOLTIP_DELAY_S - now))
        if self.jobs.running():
            waits.append(0.05)
        if self.solver.lost_due is not None:
            waits.append(max(0.0, self.solver.lost_due - now))
        if self.solver.demo is not None:
            waits.append(max(0.0, self.solver.demo_due - now))
        if self.finish.queue is not None:
            waits.append(max(0.0, self.finish.due - now))
        return min(waits) if waits else None

    def elapsed(self) -> float:
        return self.current.elapsed()

    def say(self, text: str, warn: bool = False, seconds: float = MESSAGE_S, fleeting: bool = False) -> None:
        """A transient message in the status line (a ``fleeting`` one ends at the next
        action too)."""
        self.message = Message(text, self.app.time + seconds, warn, fleeting)
        self.mark_region("status")

    # == changing the game ===================================================================
    def where_now(self, position: Position | None = None) -> Snapshot:
        """Where every card of ``position`` (the one on the table by default) is drawn right
        now: moving cards mid-flight, dragged cards under the pointer, cards under a
        foundation's top at the foundation."""
        layout = self.layout
        position = position if position is not None else self.position
        points: dict[Card, tuple[float, float]] = {}
        for s, height in enumerate(position.foundations):
            slot = layout.piles[FOUNDATIONS[s]]
            for rank in range(1, height + 1):
                points[Card(rank, SUITS[s])] = (slot.x, slot.y)
        for card, box in layout.card_boxes(position).items():
            moving = self.tweens.where(card)
            points[card] = moving if moving is not None else (box.x, box.y)
        if self.pointer.drag is not None:
            lift = self.pointer.lift_offset()
            for card, box in zip(self.pointer.drag.cards, self.pointer.drag_boxes()):
                points[card] = (box.x - lift, box.y - lift)
        return Snapshot(position, points)

    def glide_from(self, before: Snapshot, speed: float = 1.0) -> None:
        """Glide every card from where it was drawn to where the engine put it."""
        factor = self.app.settings.animation_factor * speed
        layout, position = self.layout, self.position
        for pile in position.piles():
            if not before.position.has_pile(pile) or before.position.cards(pile) != position.cards(pile):
                self.view.mark_pile(pile)
        moved = False
        for card, box in layout.card_boxes(self.position).items():
            start = before.points.get(card)
            end = (float(box.x), float(box.y))
            if start is None or start == end:
                continue
            distance = ((start[0] - end[0]) ** 2 + (start[1] - end[1]) ** 2) ** 0.5
            duration = animation.glide_time(distance, layout.card_h, factor)
            self.tweens.glide(card, start, end, duration)
            if self.tweens.is_moving(card):
                self._float(card)
                moved = True
        if not moved:
            self._after_animation()
        self.dirty = True

    def finish_animations(self) -> None:
        """A new input finishes every animation at once; then it is handled."""
        if self.cascade is not None:
            self._end_cascade()
        if self.tweens.active or self.floating:
            self.tweens.finish()
            self._land()
            self._after_animation()

    # -- intents: the game in play makes the change, its event animates it ------------------
    def play(self, move: Move, sound: bool = True) -> Action | None:
        """Make ``move`` (already known legal by the engine's gesture functions)."""
        try:
            action = self.current.play(move)
        except IllegalMove as error:
            self.say(str(error), warn=True)
            self.app.play_sound("invalid")
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
        at_stake = dialogs.game_at_stake(self.session)
        if at_stake is None:
            self.restart()
            return
        self.finish_animations()
        self.app.push(dialogs.Confirm(self.app, _("Restart this deal?"), at_stake, _("Restart"), self.restart))

    def restart(self) -> None:
        self.finish_animations()
        self.pointer.cancel_drag()
        if not self.game.started:
            self.say(_("This deal is already as dealt."))
        self.current.restart()
        self.app.play_sound("deal")

    # -- what the game in play says --------------------------------------------------------
    def _on_game_event(self, event: GameEvent) -> None:
        kind = event.kind
        if kind in LINE_CHANGES:
            self.finish.last_change = kind
        if kind is Change.NEW_GAME:
            self._arrive()
        elif kind in LINE_CHANGES:
            if kind is not Change.MOVED:
                self.hand.forget()  # undo, redo, restart: what the last tap did is void
            before = self.where_now(event.before)
            self.pointer.drag = None
            self._changed(before)
        elif kind is Change.HINT_SHOWN and event.move is not None:
            self._show_hint(event.move)
        elif kind in (Change.RULES, Change.VERDICT):
            self.mark_region("status")
        elif kind is Change.LOST and event.report is not None:
            self.solver.announce_lost(event.report)

    def _arrive(self) -> None:
        """A new deal (or a game from a code or a file) is on the table."""
        self.finish_animations()
        self.pointer.cancel_pointer()
        self.layout = self._compute_layout(self.app.size)
        self.hint = None
        self.message = None
        self.hand.selection = None
        self.hand.last_tap = None
        self.solver.lost_due = None
        self.review = "arrival"
        self._deal()

    def _changed(self, before: Snapshot) -> None:
        if self.pointer.press is not None and self.pointer.press.button is None:
            self.pointer.press = None  # a press on a card that has just moved means nothing now
        self.hand.selection = None
        self.hint = None
        self.solver.lost_due = None
        self.review = "change"
        self.glide_from(before)
        self.mark_region("status")
        self.mark_region("toolbar")

    def _deal(self) -> None:
        """Deal the cards from a deck in the middle of the top row."""
        self.hand.selection = None
        self.floating.clear()
        self.tweens.finish()
        factor = self.app.settings.animation_factor
        layout = self.layout
        boxes = layout.card_boxes(self.position)
        start = ((layout.piles[COLUMNS[4]].x + layout.piles[COLUMNS[5]].right) / 2 - layout.card_w / 2,
                 float(layout.piles[FOUNDATIONS[0]].y))
        if factor > 0:
            order: list[Card] = []
            columns = self.position.columns
            for row in range(max(len(c) for c in columns)):
                order.extend(c[row] for c in columns if row < len(c))
            order.extend(c for c in self.position.cells if c is not None)
            for i, card in enumerate(order):
                box = boxes[card]
                self.tweens.glide(card, start, (box.x, box.y), 0.26 * factor, delay=i * animation.DEAL_STEP_S * factor)
                self.floating.add(card)
            self.app.play_sound("deal")
        self.mark_region("status")
        self.invalidate()

    def _after_animation(self) -> None:
        """The cards are still: celebrate a win, or say the game is stuck, or ask the solver
        (after a quiet moment) whether it is lost. Each change is looked at once."""
        review, self.review = self.review, None
        if review is None or self.cascade is not None:
            return
        status = self.current.status
        if status is Status.WON:
            if review == "change":
                self._start_cascade()
            else:
                self._open_won()
        elif status is Status.STUCK:
            self._open_end("stuck")
        elif self.finish.offered() and self.app.settings.finish_by_itself and review == "change":
            self.finish.after_change()
        elif self.current.verdict is None and self.solver.wants_verdict() and self.solver.demo is None:
            self.solver.lost_due = self.app.time + LOST_QUIET_S

    def _open_end(self, kind: str) -> None:
        if dialogs.find_message(self.app) is None:
            self.app.push(dialogs.EndMessage(self.app, self.session, kind))

    # == the solver, in the background =======================================================

    def _show_hint(self, move: Move) -> None:
        self.hint = (move, self.app.time + 4.0)
        cards = self.position.cards(move.source) if self.position.has_pile(move.source) else ()
        card = card_name(cards[-move.count] if 0 < move.count <= len(cards) else None)
        source, dest = pile_name(move.source), pile_name(move.dest)
        if move.count > 1:
            self.say(_("Hint: the run from the {card}, from {source} to {dest}.").format(
                card=card, source=source, dest=dest))
        else:
            self.say(_("Hint: the {card} from {source} to {dest}.").format(card=card, source=source, dest=dest))

    # == the win cascade =====================================================================
    def _start_cascade(self) -> None:
        layout = self.layout
        starts: list[tuple[object, tuple[float, float]]] = []
        for rank in range(13, 0, -1):
            for suit in SUITS:
                slot = layout.piles[FOUNDATIONS[SUITS.index(suit)]]
                starts.append((Card(rank, suit), (float(slot.x), float(slot.y))))
        if self.app.settings.animation_factor <= 0:
            self._open_won()
            return
        self.cascade = Cascade(starts, (layout.size[0], layout.status.y), layout.card_size, seed=self.game.move_count,
                               interval=0.11 * min(1.0, self.app.settings.animation_factor))
        self.app.play_sound("win")
        self.dirty = True

    def _end_cascade(self) -> None:
        if self.cascade is None:
            return
        self.cascade = None
        self.app.scenes.changed = True  # wipe the trails: the cache was never painted on
        self._open_won()

    def _open_won(self) -> None:
        if self.game.is_won:
            self._open_end("won")

    # == input ===============================================================================
    def handle(self, event: Any) -> None:
        etype = event.type
        if etype == pygame.KEYDOWN:
            self.keys.on_key(event)
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
        if self.message is not None and self.message.fleeting:
            self.message = None  # the reason for the last refusal: the player has moved on
            self.mark_region("status")
        if self.jobs.running("lost"):
            self.jobs.cancel("lost")
            self.solver.lost_due = self.app.time + LOST_QUIET_S
        elif self.solver.lost_due is not None:
            self.solver.lost_due = self.app.time + LOST_QUIET_S

    def refuse(self, refusal: Refusal) -> None:
        """Show why nothing happens: the cards that cannot be lifted shake, the status
        line says why, and (unless the refusal is only a hint of what to do) a sound."""
        if refusal.shake is not None:
            pile, index = refusal.shake
            for card in self.position.cards(pile)[index:]:
                self.tweens.shake(card, max(4.0, self.layout.card_w * 0.06))
                self._float(card)
        if refusal.reason:
            self.say(refusal.reason, warn=not refusal.gentle, fleeting=True)
        if not refusal.gentle:
            self.app.play_sound("invalid")
        self.dirty = True

    def carry_out(self, answer: Move | Refusal | None) -> None:
        """Carry out what the hand decided."""
        if isinstance(answer, Move):
            self.play(answer)
        elif isinstance(answer, Refusal):
            self.refuse(answer)
        self.dirty = True

    # -- toolbar ------------------------------------------------------------------------------
    def action(self, name: str) -> None:
        """Run the action ``name`` of the registry (a toolbar button, a key, the Menu)."""
        actions.ACTIONS[name].run(self)

    def button_at(self, pos: tuple[float, float]) -> str | None:
        """The toolbar button (or the status line's Finish) under ``pos``."""
        if self.finish.at(pos):
            return "finish"
        return self.layout.button_at(*pos)

    def button_enabled(self, name: str) -> bool:
        return actions.ACTIONS[name].enabled(self)

    # -- what the parts and the actions ask of the table (see table_api.Table) ---------------
    def on_top(self) -> bool:
        return self.app.scenes.top is self

    def ask_hint(self) -> None:
        self.solver.ask_hint()

    def ask_demo(self) -> None:
        self.solver.ask_demo()

    def ask_finish(self) -> None:
        self.finish.start()

    def demo_running(self) -> bool:
        return self.solver.demo is not None or self.jobs.running("demo")

    def clear_marks(self) -> None:
        self.pointer.cancel_pointer()
        self.hand.selection = None
        self.hint = None
        self.keys.show_focus = False
        self.dirty = True

    def cancel_drag(self) -> None:
        self.pointer.cancel_drag()

    def hide_focus(self) -> None:
        self.keys.show_focus = False

    def mark_pile(self, pile: Pile) -> None:
        self.view.mark_pile(pile)
        self.dirty = True

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        return self.view.draw(surface, alpha, full)
