"""The table scene: the game on the felt, played by mouse, touch and keyboard.

The front end only finds which pile and card is under the pointer (or which key was
pressed) and asks ``game.engine.gestures`` what that means; the engine state is final
before any animation starts. Drawing keeps one cached surface of everything at rest
(felt, toolbar, status line, resting cards) and paints only what moves on top of it,
restoring the rectangles it covered in the previous frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app import animation
from game.app.animation import Cascade, Tweens
from game.app.current import LINE_CHANGES, Change, GameEvent, Status
from game.app.hand import Hand, Refusal
from game.app.input import Pointer, PointerInput
from game.app.layout import Box, Layout, card_aspect, compute_layout
from game.app.scenes import Scene
from game.app.screens import dialogs
from game.app.screens.table_view import TableView
from game.app.session import Session
from game.app.words import plural
from game.engine import (
    CELLS,
    COLUMNS,
    FOUNDATIONS,
    SUITS,
    Action,
    CannotLift,
    Card,
    Game,
    IllegalMove,
    Move,
    Pile,
    Position,
    Rules,
    gestures,
    services,
)
from game.engine.services import LossReport

if TYPE_CHECKING:
    from game.app.loop import App

DRAG_THRESHOLD = 6
"""Pixels a mouse must move before a press becomes a drag (a finger: twice that)."""
MESSAGE_S = 3.5
DEMO_STEP_S = 0.6
"""Seconds between two moves of the demo once the last has landed: a pace to follow."""
LOST_MESSAGE_S = 8.0
LOST_QUIET_S = 0.4
"""The lost-game check starts once the table has been still this long."""
TOOLTIP_DELAY_S = 0.6


PILE_KEYS: dict[int, Pile] = {getattr(pygame, f"K_{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)}
PILE_KEYS.update({getattr(pygame, f"K_KP{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)})
CELL_KEYS: dict[int, Pile] = {pygame.K_a: CELLS[0], pygame.K_b: CELLS[1], pygame.K_c: CELLS[2], pygame.K_d: CELLS[3]}


@dataclass
class Press:
    pos: tuple[float, float]
    pile: Pile | None
    index: int | None
    count: int
    """Cards the press can lift (0: none)."""
    double: bool | None
    """The second half of a double-tap (True), a new tap (False), or nothing (None)."""
    touch: bool
    button: str | None = None


@dataclass
class Drag:
    pile: Pile
    index: int
    cards: tuple[Card, ...]
    offsets: list[int]
    grab: tuple[float, float]
    """Where the head card was grabbed, as fractions of the card size."""
    pos: tuple[float, float]
    destinations: list[Pile]
    target: Pile | None = None


@dataclass
class Snapshot:
    """What the table showed just before a change: the position and every card's place."""

    position: Position
    points: dict[Card, tuple[float, float]]


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
        settings = app.settings
        self.session = session
        self.current = session.current
        self.jobs = session.jobs
        self.tweens: Tweens[Card] = Tweens()
        self.pointer = PointerInput(settings.double_tap_ms)
        self.aspect = card_aspect()
        self.layout = self._compute_layout(app.size)
        self.hand = Hand()
        """The selection and the last tap: what a tap, a double-tap or a key means next."""
        self.focus: Pile = COLUMNS[0]
        self.show_focus = False
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.message: Message | None = None
        self.hover: str | None = None
        self.hover_since = 0.0
        self.pointer_pos: tuple[float, float] = (-1, -1)
        self.hint: tuple[Move, float] | None = None
        self.floating: set[Card] = set()
        self.cascade: Cascade | None = None
        self.review: str | None = "arrival"
        """What to look at once the cards are still: "arrival" (a deal or a resumed game:
        a won game shows its panel at once) or "change" (a move: a win is celebrated)."""
        self._lost_due: float | None = None
        self.demo: list[Move] | None = None
        """The rest of the solver-proved winning line the demo is playing."""
        self._demo_due = 0.0
        self.view = TableView(self)
        """The drawing: it reads this scene and the game in play, and changes neither."""
        self._shown_second = -1
        self.current.subscribe(self._on_game_event)
        session.notices.append(self.say)
        session.setting_listeners.append(lambda _name: self.invalidate())
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
        return compute_layout(size[0], size[1], self.game.position.cell_count, self.aspect)

    def resized(self, size: tuple[int, int]) -> None:
        old = self.layout
        self.layout = self._compute_layout(size)
        self.pointer.size = size
        self.tweens.finish()
        self.floating.clear()
        if self.cascade is not None:
            self._end_cascade()
        if self.drag is not None:
            self._relayout_drag(old)
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

    def _region(self, name: str) -> None:
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
            self._region("status")
        second = int(self.elapsed())
        if second != self._shown_second:
            self._shown_second = second
            self._region("status")
        if self.hint is not None and now >= self.hint[1]:
            self.hint = None
            self.dirty = True
        if self.hover and not self.press and now - self.hover_since >= TOOLTIP_DELAY_S and not self._tooltip_shown:
            self._tooltip_shown = True
            self.dirty = True
        self.jobs.poll()
        if (self.demo is not None and now >= self._demo_due and not self.floating and self.cascade is None
                and self.drag is None and self.app.scenes.top is self):
            self._demo_step()
        if (self._lost_due is not None and now >= self._lost_due and not self.floating and self.drag is None
                and self.press is None and self.app.scenes.top is self):
            self._ask_lost()

    _tooltip_shown = False

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
        if self.hover and not self._tooltip_shown:
            waits.append(max(0.0, self.hover_since + TOOLTIP_DELAY_S - now))
        if self.jobs.running():
            waits.append(0.05)
        if self._lost_due is not None:
            waits.append(max(0.0, self._lost_due - now))
        if self.demo is not None:
            waits.append(max(0.0, self._demo_due - now))
        return min(waits) if waits else None

    def elapsed(self) -> float:
        return self.current.elapsed()

    def say(self, text: str, warn: bool = False, seconds: float = MESSAGE_S, fleeting: bool = False) -> None:
        """A transient message in the status line (a ``fleeting`` one ends at the next
        action too)."""
        self.message = Message(text, self.app.time + seconds, warn, fleeting)
        self._region("status")

    # == changing the game ===================================================================
    def _where_now(self, position: Position | None = None) -> Snapshot:
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
        if self.drag is not None:
            lift = self._lift()
            for card, box in zip(self.drag.cards, self._drag_boxes()):
                points[card] = (box.x - lift, box.y - lift)
        return Snapshot(position, points)

    def _glide_from(self, before: Snapshot, speed: float = 1.0) -> None:
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
        self._cancel_drag()
        if self.current.undo() is None:
            self.say("Nothing to undo.")
            return
        self.app.play_sound("undo")

    def redo(self) -> None:
        self.finish_animations()
        self._cancel_drag()
        action = self.current.redo()
        if action is None:
            self.say("Nothing to redo.")
            return
        self.app.play_sound("foundation" if action.move.dest.is_foundation else "place")

    def ask_restart(self) -> None:
        """R and the Restart button: ask first when moves would be lost (SPEC 4)."""
        at_stake = dialogs.game_at_stake(self.session)
        if at_stake is None:
            self.restart()
            return
        self.finish_animations()
        self.app.push(dialogs.Confirm(self.app, "Restart this deal?", at_stake, "Restart", self.restart))

    def restart(self) -> None:
        self.finish_animations()
        self._cancel_drag()
        if not self.game.started:
            self.say("This deal is already as dealt.")
        self.current.restart()
        self.app.play_sound("deal")

    # -- what the game in play says --------------------------------------------------------
    def _on_game_event(self, event: GameEvent) -> None:
        kind = event.kind
        if kind is Change.NEW_GAME:
            self._arrive()
        elif kind in LINE_CHANGES:
            if kind is not Change.MOVED:
                self.hand.forget()  # undo, redo, restart: what the last tap did is void
            before = self._where_now(event.before)
            self.drag = None
            self._changed(before)
        elif kind is Change.HINT_SHOWN and event.move is not None:
            self._show_hint(event.move)
        elif kind in (Change.RULES, Change.VERDICT):
            self._region("status")
        elif kind is Change.LOST and event.report is not None:
            self._announce_lost(event.report)

    def _arrive(self) -> None:
        """A new deal (or a game from a code or a file) is on the table."""
        self.finish_animations()
        self.cancel_pointer()
        self.layout = self._compute_layout(self.app.size)
        self.hint = None
        self.message = None
        self.hand.selection = None
        self.hand.last_tap = None
        self._lost_due = None
        self.review = "arrival"
        self._deal()

    def _changed(self, before: Snapshot) -> None:
        if self.press is not None and self.press.button is None:
            self.press = None  # a press on a card that has just moved means nothing now
        self.hand.selection = None
        self.hint = None
        self._lost_due = None
        self.review = "change"
        self._glide_from(before)
        self._region("status")
        self._region("toolbar")

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
        self._region("status")
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
        elif self.current.verdict is None and self._wants_verdict() and self.demo is None:
            self._lost_due = self.app.time + LOST_QUIET_S

    def _wants_verdict(self) -> bool:
        settings = self.app.settings
        return settings.warn_lost or settings.show_verdict

    def _open_end(self, kind: str, report: LossReport | None = None) -> None:
        if dialogs.find_message(self.app) is None:
            self.app.push(dialogs.EndMessage(self.app, self.session, kind, detail=report))

    # == the solver, in the background =======================================================
    def ask_hint(self) -> None:
        self.finish_animations()
        if self.jobs.running("hint"):
            return
        snapshot = Game(self.game.position, self.game.rules, self.game.code)
        self.say("Thinking…", seconds=30)
        self.jobs.start("hint", services.hint, snapshot, on_done=self._hint_answer, on_error=self._hint_failed)

    def _hint_answer(self, move: Move | None) -> None:
        if move is None:
            self.say("No winning line from here: undo some moves or start again.", warn=True)
            return
        self.current.hint_shown(move)

    def _hint_failed(self, error: BaseException) -> None:
        self.say("The solver could not find a hint in time." if isinstance(error, services.Undecided)
                 else f"The solver failed: {error}", warn=True)

    def _show_hint(self, move: Move) -> None:
        self.hint = (move, self.app.time + 4.0)
        cards = self.position.cards(move.source) if self.position.has_pile(move.source) else ()
        what = f"the {cards[-move.count].name}" if 0 < move.count <= len(cards) else "the card"
        if move.count > 1:
            what = f"the run from {what[4:]}"
        self.say(f"Hint: {what} from {move.source.name} to {move.dest.name}.")

    def _ask_lost(self) -> None:
        self._lost_due = None
        if not self._wants_verdict() or self.game.is_won or self.current.verdict is not None:
            return
        game = self.game
        snapshot = Game.from_moves(game.start, game.moves, 0, game.rules, game.code)
        position, rules = game.position, game.rules
        self.jobs.start("lost", services.lost, snapshot,
                        on_done=lambda report: self.current.solver_says(position, rules, report))
        self._region("status")

    def _announce_lost(self, report: LossReport) -> None:
        """Say it once, in the status line, without stopping play (the live verdict stays)."""
        if not self.app.settings.warn_lost:
            return
        if self.game.move_count == 0:
            text = "This deal cannot be won: Winnable deals only, in New game, deals only games that can."
        else:
            text = "This game can no longer be won"
            text += f": undo {plural(report.undos, 'move')} to get back to a winnable position." if report.undos \
                else (f"; no way back was found ({report.reason})." if report.reason else ".")
        self.say(text, warn=True, seconds=LOST_MESSAGE_S)

    def verdict_text(self) -> tuple[str, bool] | None:
        """The solver's live verdict for the status line, and whether it is bad news."""
        if not self.app.settings.show_verdict or self.game.is_won:
            return None
        report = self.current.verdict
        if report is None:
            return ("Solver: thinking…", False) if self.jobs.running("lost") else None
        if report.status == "won":
            return "Solver: winnable", False
        if report.lost:
            if self.game.move_count == 0 or (report.undos is None and not report.reason.startswith("cancelled")):
                return "Solver: cannot be won", True
            if report.undos:
                return f"Solver: lost, undo {report.undos}", True
            return "Solver: lost", True
        return "Solver: undecided", False

    # == the demo =========================================================================
    def ask_demo(self) -> None:
        """Ctrl+D and the Menu: play on from here along a line the solver proves wins, one
        real move at a time (recorded, saved, undoable); any input stops it."""
        self.finish_animations()
        self._cancel_drag()
        if self.game.is_won:
            self.say("This game is won already.")
            return
        if self.demo is not None or self.jobs.running("demo"):
            return
        snapshot = Game(self.game.position, self.game.rules, self.game.code)
        self.say("Demo: the solver looks for a winning line…", seconds=30)
        self.jobs.start("demo", services.winning_line, snapshot, on_done=self._demo_line, on_error=self._demo_failed)

    def _demo_line(self, line: tuple[Move, ...] | None) -> None:
        if line is None:
            self._demo_cannot_win()
            return
        self.current.hint_shown()  # a game the demo finishes is won with help
        self.demo = list(line)
        self._demo_due = self.app.time + DEMO_STEP_S / 2
        self.say(f"Demo: {plural(len(line), 'move')} to the win. Any key or click stops it.", seconds=4.0)

    def _demo_failed(self, error: BaseException) -> None:
        self.say("The solver found no winning line in time: no demo from here." if isinstance(
            error, services.Undecided) else f"The solver failed: {error}", warn=True)

    def _demo_step(self) -> None:
        assert self.demo is not None
        move = self.demo.pop(0)
        if not self.position.is_legal(move, self.rules):
            self.stop_demo("The demo stopped: the game changed under it.")
            return
        left = len(self.demo)
        if not left:
            self.demo = None
        self._demo_due = self.app.time + DEMO_STEP_S * max(0.5, self.app.settings.animation_factor)
        self.play(move)
        if left:
            self.say(f"Demo: {plural(left, 'move')} to go. Any key or click stops it.", seconds=DEMO_STEP_S * 4)

    def stop_demo(self, why: str = "Demo stopped: your move.") -> None:
        if self.demo is None and not self.jobs.running("demo"):
            return
        self.demo = None
        self.jobs.cancel("demo")
        self.say(why)

    def _demo_cannot_win(self) -> None:
        """No winning line: say so, and offer the undos back to a winnable position."""
        report = self.current.verdict
        if report is not None and report.lost:
            self._offer_way_back(report)
            return
        game = self.game
        snapshot = Game.from_moves(game.start, game.moves, 0, game.rules, game.code)
        position, rules = game.position, game.rules

        def answered(found: LossReport) -> None:
            self.current.solver_says(position, rules, found)
            self._offer_way_back(found)

        self.say("No winning line from here: looking for the way back…", seconds=30)
        self.jobs.start("lost", services.lost, snapshot, on_done=answered)

    def _offer_way_back(self, report: LossReport) -> None:
        if report.undos:
            k = report.undos
            text = (f"The solver proved that no winning line is left, so there is nothing to show. Undoing "
                    f"{plural(k, 'move')} leads back to a position that can still be won.")
            self.app.push(dialogs.Confirm(self.app, "This game can no longer be won", text,
                                          f"Undo {plural(k, 'move')}", lambda: self._undo_many(k)))
        else:
            why = f" ({report.reason})" if report.reason else ""
            text = f"The solver proved that no winning line is left, and found no way back{why}."
            self.app.push(dialogs.Notice(self.app, "This game can no longer be won", text))

    def _undo_many(self, count: int) -> None:
        for _ in range(count):
            if self.current.undo() is None:
                break
        self.app.play_sound("undo")

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
            self.on_key(event)
            return
        self.pointer.size = self.app.size
        self.pointer.double_tap_ms = self.app.settings.double_tap_ms
        pointer = self.pointer.translate(event)
        if pointer is not None:
            self.on_pointer(pointer)

    def covered(self) -> None:
        self.cancel_pointer()
        self.stop_demo()

    def interrupted(self) -> None:
        self.cancel_pointer()

    def uncovered(self) -> None:
        self.pointer.reset()

    def art_changed(self) -> None:
        self.view.painter = self.app.painter
        self.invalidate()

    def cancel_pointer(self) -> None:
        """Forget a press or drag in progress (a window opened, focus was lost)."""
        self._cancel_drag()
        self.press = None
        self.pointer.reset()

    def _cancel_drag(self) -> None:
        if self.drag is None:
            return
        before = self._where_now()
        self.drag = None
        self._glide_from(before)

    def on_pointer(self, p: Pointer) -> None:
        if p.kind == "down":
            self.on_down(p)
        elif p.kind == "move":
            self.on_move(p)
        elif p.kind == "up":
            self.on_up(p)
        elif p.kind == "cancel":
            if self.drag is not None:
                self.cancel_pointer()
            elif self.hand.selection is not None:
                self.hand.selection = None
                self.dirty = True

    def _player_acts(self) -> None:
        """Input: finish animations; a lost-game check in progress waits for the next pause
        (the solver never competes with a drag or a glide for the processor)."""
        self.finish_animations()
        self.stop_demo()
        if self.message is not None and self.message.fleeting:
            self.message = None  # the reason for the last refusal: the player has moved on
            self._region("status")
        if self.jobs.running("lost"):
            self.jobs.cancel("lost")
            self._lost_due = self.app.time + LOST_QUIET_S
        elif self._lost_due is not None:
            self._lost_due = self.app.time + LOST_QUIET_S

    def on_down(self, p: Pointer) -> None:
        self._player_acts()
        if self.app.scenes.top is not self:
            return  # the end of the cascade opened a window: it takes the next input
        self.pointer_pos = p.pos
        self.show_focus = False
        self._set_hover(None)
        layout = self.layout
        button = layout.button_at(*p.pos)
        if button is not None:
            self.press = Press(p.pos, None, None, 0, False, p.touch, button=button)
            self._region("toolbar")
            return
        hit = layout.hit(self.position, *p.pos)
        pile, index = hit if hit is not None else (None, None)
        double = self.hand.is_double(self.position, pile, index, p.clicks)
        count = 0
        if pile is not None and index is not None:
            lifted = self.hand.press(self.position, self.rules, pile, index, double)
            if isinstance(lifted, Refusal):
                self._refuse(lifted)
            else:
                count = lifted
        self.press = Press(p.pos, pile, index, count, double, p.touch)

    def _refuse(self, refusal: Refusal) -> None:
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

    def _answer(self, answer: Move | Refusal | None) -> None:
        """Carry out what the hand decided."""
        if isinstance(answer, Move):
            self.play(answer)
        elif isinstance(answer, Refusal):
            self._refuse(answer)
        self.dirty = True

    def on_move(self, p: Pointer) -> None:
        self.pointer_pos = p.pos
        press = self.press
        if press is None:
            if not p.touch:
                self._set_hover(self.layout.button_at(*p.pos))
            return
        if self.drag is not None:
            self._drag_to(p.pos)
            return
        if press.button is not None:
            return
        threshold = DRAG_THRESHOLD * (2 if press.touch else 1)
        dx, dy = p.pos[0] - press.pos[0], p.pos[1] - press.pos[1]
        if press.count and press.pile is not None and press.index is not None and dx * dx + dy * dy > threshold**2:
            self._start_drag(press, p.pos)

    def _set_hover(self, name: str | None) -> None:
        if name != self.hover:
            if self._tooltip_shown:
                self.dirty = True
            self.hover = name
            self.hover_since = self.app.time
            self._tooltip_shown = False
            self._region("toolbar")

    def _start_drag(self, press: Press, pos: tuple[float, float]) -> None:
        assert press.pile is not None and press.index is not None
        position, layout = self.position, self.layout
        try:  # the table may have changed since the press (a key, a window): ask again
            gestures.lift(position, press.pile, press.index, self.rules)
        except CannotLift:
            self.press = None
            return
        cards = position.cards(press.pile)
        head = layout.card_box(press.pile, press.index, len(cards))
        offsets = [layout.card_box(press.pile, i, len(cards)).y - head.y for i in range(press.index, len(cards))]
        grab = ((press.pos[0] - head.x) / layout.card_w, (press.pos[1] - head.y) / layout.card_h)
        count = len(cards) - press.index
        self.hand.selection = None
        self.drag = Drag(
            pile=press.pile,
            index=press.index,
            cards=cards[press.index :],
            offsets=offsets,
            grab=grab,
            pos=pos,
            destinations=gestures.destinations(position, press.pile, count, self.rules),
        )
        self.drag.target = self._drop_target()
        self.view.mark_pile(press.pile)
        self.app.play_sound("pick_up")
        self.dirty = True

    def _relayout_drag(self, old: Layout) -> None:
        drag = self.drag
        assert drag is not None
        cards = self.position.cards(drag.pile)
        layout = self.layout
        head = layout.card_box(drag.pile, drag.index, len(cards))
        drag.offsets = [layout.card_box(drag.pile, i, len(cards)).y - head.y for i in range(drag.index, len(cards))]
        sx, sy = layout.size[0] / old.size[0], layout.size[1] / old.size[1]
        drag.pos = (drag.pos[0] * sx, drag.pos[1] * sy)
        drag.target = self._drop_target()

    def _drag_boxes(self) -> list[Box]:
        drag = self.drag
        assert drag is not None
        layout = self.layout
        x = drag.pos[0] - drag.grab[0] * layout.card_w
        y = drag.pos[1] - drag.grab[1] * layout.card_h
        return [Box(round(x), round(y + off), layout.card_w, layout.card_h) for off in drag.offsets]

    def _lift(self) -> int:
        """How far a lifted card is drawn up and left of its place (its shadow shows)."""
        return max(1, max(3, self.layout.card_w // 14) // 3)

    def _drop_target(self) -> Pile | None:
        drag = self.drag
        assert drag is not None
        return self.layout.drop_target(self._drag_boxes()[0], exclude=drag.pile)

    def _drag_to(self, pos: tuple[float, float]) -> None:
        drag = self.drag
        assert drag is not None
        drag.pos = pos
        drag.target = self._drop_target()
        self.dirty = True

    def on_up(self, p: Pointer) -> None:
        press, self.press = self.press, None
        self.pointer_pos = p.pos
        if press is None:
            return
        if self.drag is not None:
            self._drag_to(p.pos)
            self._drop()
            return
        if press.button is not None:
            self._region("toolbar")
            if self.layout.button_at(*p.pos) == press.button:
                self.action(press.button)
            return
        if press.double is None:
            self.hand.last_tap = None  # the first tap already moved this card
        elif press.double:
            self._answer(self.hand.double_tap(self.position, self.rules, press.pile, press.index))
        else:
            self._answer(self.hand.tap(self.position, self.rules, press.pile, press.index, press.count))

    def _drop(self) -> None:
        drag = self.drag
        assert drag is not None
        answer = self.hand.drop(self.position, self.rules, drag.pile, len(drag.cards), drag.target)
        if isinstance(answer, Move):
            self.play(answer)
            return
        self._cancel_drag()
        self._refuse(answer)

    # -- keyboard -----------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        key, mods = event.key, event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        if key in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT):
            return
        stopped = self.demo is not None or self.jobs.running("demo")  # Ctrl+D in a demo only stops it
        self._player_acts()
        if self.app.scenes.top is not self:
            return
        if ctrl:
            if key == pygame.K_z:
                self.redo() if shift else self.undo()
            elif key == pygame.K_y:
                self.redo()
            elif key == pygame.K_n:
                self.action("new")
            elif key == pygame.K_q:
                self.app.quit()
            elif key == pygame.K_d and not stopped:
                self.action("demo")
            return
        if key == pygame.K_F11:
            self.action("fullscreen")
        elif key == pygame.K_F1:
            self.action("help")
        elif key == pygame.K_ESCAPE:
            # at the bare table Esc clears what is held and shown, nothing else (SPEC 4)
            self.cancel_pointer()
            self.hand.selection = None
            self.hint = None
            self.show_focus = False
            self.dirty = True
        elif key == pygame.K_h:
            self.action("hint")
        elif key == pygame.K_n:
            self.action("new")
        elif key == pygame.K_r:
            self.action("restart")
        elif key == pygame.K_u:
            self.undo()
        elif key in PILE_KEYS:
            self._key_pile(PILE_KEYS[key])
        elif key in CELL_KEYS:
            pile = CELL_KEYS[key]
            if self.position.has_pile(pile):
                self._key_pile(pile)
            else:
                self.say(f"This game has {self.position.cell_count} cell{'s' if self.position.cell_count > 1 else ''}.")
        elif key == pygame.K_f:
            self._key_foundation()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus_visible() or self.hand.selection is not None:
                self._key_send()
            else:
                self._show_focus()  # nothing the player can see is chosen: show what is, first
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            if self.focus_visible():
                self._move_focus(key, shift)
            else:
                self._show_focus()

    def _key_pile(self, pile: Pile) -> None:
        self.show_focus = True
        self.focus = pile
        self._answer(self.hand.key_pile(self.position, self.rules, pile))
        self.focus = pile

    def _key_foundation(self) -> None:
        self.show_focus = True
        self._answer(self.hand.key_foundation(self.position, self.rules, self.focus))

    def _key_send(self) -> None:
        self.show_focus = True
        self._answer(self.hand.key_send(self.position, self.rules, self.focus))

    def focus_visible(self) -> bool:
        """The keyboard focus ring is on show (not after a pointer action, nor under a hint)."""
        return self.show_focus and self.hint is None

    def _show_focus(self) -> None:
        """The first arrow key (or Enter with nothing chosen) only shows where the focus is."""
        self.show_focus = True
        self.hint = None
        self.say("Arrows move the ring; Enter sends its cards; 1-0 and a-d pick a pile.", fleeting=True)
        self.dirty = True

    def _move_focus(self, key: int, shift: bool) -> None:
        top_row = list(CELLS[: self.position.cell_count]) + list(FOUNDATIONS)
        rows = [top_row, list(COLUMNS)]
        current = self.focus
        self.show_focus = True
        self.dirty = True
        r = 0 if current in top_row else 1
        row = rows[r]
        i = row.index(current) if current in row else 0
        if key == pygame.K_TAB:
            order = top_row + list(COLUMNS)
            j = order.index(current) if current in order else 0
            self.focus = order[(j + (-1 if shift else 1)) % len(order)]
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = row[(i + (1 if key == pygame.K_RIGHT else -1)) % len(row)]
        else:
            self.focus = self.layout.pile_above(current, top_row + list(COLUMNS), down=key == pygame.K_DOWN)

    # -- toolbar ------------------------------------------------------------------------------
    def action(self, name: str) -> None:
        if name == "new":
            self.app.push(dialogs.NewGame(self.app, self.session))
        elif name == "restart":
            self.ask_restart()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.ask_hint()
        elif name == "demo":
            self.ask_demo()
        elif name == "help":
            dialogs.open_screen(self.app, self.session, "help")
        elif name == "menu":
            self.app.push(dialogs.Menu(self.app, self.session))
        elif name == "fullscreen":
            self.app.toggle_fullscreen()

    def button_enabled(self, name: str) -> bool:
        if name == "undo":
            return self.game.can_undo
        if name == "redo":
            return self.game.can_redo
        if name == "restart":
            return self.game.started
        return True

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        return self.view.draw(surface, alpha, full)
