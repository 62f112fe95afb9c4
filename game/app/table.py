"""The table scene: the game on the felt, played by mouse, touch and keyboard.

The front end only finds which pile and card is under the pointer (or which key was
pressed) and asks ``game.engine.gestures`` what that means; the engine state is final
before any animation starts. Drawing keeps one cached surface of everything at rest
(felt, toolbar, status line, resting cards) and paints only what moves on top of it,
restoring the rectangles it covered in the previous frame.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.app import animation
from game.app.animation import Cascade, Tweens
from game.app.input import Pointer, PointerInput
from game.app.layout import Box, Layout, card_aspect, compute_layout
from game.app.render import BAND, BAND_LINE, GOLD, LEGAL, SKY, TEXT, TEXT_DIM, WARN, button_face
from game.app.scenes import Scene
from game.engine import (
    APP_RULES,
    CELLS,
    CLASSIC_RULES,
    COLUMNS,
    FOUNDATIONS,
    SUITS,
    Action,
    CannotLift,
    Card,
    Game,
    GameCode,
    IllegalMove,
    Move,
    Pile,
    Position,
    gestures,
    run_length,
)

if TYPE_CHECKING:
    from game.app.loop import App

DRAG_THRESHOLD = 6
"""Pixels a mouse must move before a press becomes a drag (a finger: twice that)."""
MESSAGE_S = 3.5
LOST_QUIET_S = 0.4
"""The lost-game check starts once the table has been still this long."""
TOOLTIP_DELAY_S = 0.6

BUTTON_LABELS = {
    "new": "New", "restart": "Restart", "undo": "Undo", "redo": "Redo", "hint": "Hint",
    "help": "Help", "menu": "Menu", "fullscreen": "",
}
BUTTON_TIPS = {
    "new": "New game (N)", "restart": "Restart this deal (R)", "undo": "Undo (Ctrl+Z)",
    "redo": "Redo (Ctrl+Y)", "hint": "Hint (H)", "help": "Help (F1)", "menu": "Menu",
    "fullscreen": "Fullscreen on/off (F11)",
}
DIFFICULTY = {4: "Easy", 2: "Medium", 1: "Hard"}
KEY_FOCUS = (250, 250, 250)
"""The keyboard focus ring: white, thin, no glow (gold is the selection, blue the hint)."""

PILE_KEYS: dict[int, Pile] = {getattr(pygame, f"K_{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)}
PILE_KEYS.update({getattr(pygame, f"K_KP{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)})
CELL_KEYS: dict[int, Pile] = {pygame.K_a: CELLS[0], pygame.K_b: CELLS[1], pygame.K_c: CELLS[2], pygame.K_d: CELLS[3]}


@dataclass
class Selection:
    pile: Pile
    count: int


@dataclass
class Press:
    pos: tuple[float, float]
    pile: Pile | None
    index: int | None
    count: int
    """Cards the press can lift (0: none)."""
    clicks: int
    touch: bool
    button: str | None = None
    had_selection: bool = False


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
class LastTap:
    moved: bool
    card: Card | None


@dataclass
class Message:
    text: str
    until: float
    warn: bool = False


@dataclass
class Background:
    """A solver question running on a thread; ``result`` is read by the loop when done."""

    key: object
    thread: threading.Thread
    cancel: threading.Event = field(default_factory=threading.Event)
    result: list[Any] = field(default_factory=list)


SOLVER_MODULES = ("game.engine.services", "game.engine.solver")
"""Where the solver's ``hint(game)``, ``lost(game)`` and ``winnable_deal(cells)`` live."""


def solver_module() -> Any:
    """The solver's services when they exist (looked up at call time, so they plug in
    without changes here), or None."""
    for name in SOLVER_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if hasattr(module, "hint"):
            return module
    return None


def call_with_cancel(fn: Callable[..., Any], *args: Any, cancel: threading.Event) -> Any:
    """``fn(*args, cancel=cancel)`` when it takes a cancel event, else ``fn(*args)``."""
    try:
        return fn(*args, cancel=cancel)
    except TypeError as error:
        if "cancel" not in str(error):
            raise
        return fn(*args)


class TableScene(Scene):
    opaque = True

    def __init__(self, app: App, code: str | GameCode | None = None, game: Game | None = None) -> None:
        super().__init__(app)
        settings = app.settings
        self.rules = CLASSIC_RULES if settings.classic_run_limit else APP_RULES
        if game is None:
            code = GameCode.parse(code) if isinstance(code, str) else code
            game = Game.from_code(code or GameCode.random(settings.cells), self.rules)
        self.game = game
        self.painter = app.painter
        self.tweens: Tweens[Card] = Tweens()
        self.pointer = PointerInput(settings.double_tap_ms)
        self.aspect = card_aspect()
        self.layout = self._compute_layout(app.size)
        self.selection: Selection | None = None
        self.focus: Pile = COLUMNS[0]
        self.show_focus = False
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.last_tap: LastTap | None = None
        self.message: Message | None = None
        self.hover: str | None = None
        self.hover_since = 0.0
        self.pointer_pos: tuple[float, float] = (-1, -1)
        self.hint: tuple[Move, float] | None = None
        self.floating: set[Card] = set()
        self.cascade: Cascade | None = None
        self.won_pending = False
        self.warned_lost = False
        self.end_checked = True
        self.clock_start: float | None = None
        self.clock_stop: float | None = None
        self.work: dict[str, Background] = {}
        self._cache: pygame.Surface | None = None
        self._cache_valid = False
        self._regions: set[str] = set()
        self._dirty_piles: set[Pile] = set()
        self._faces: dict[object, pygame.Surface] = {}
        self._prev_rects: list[pygame.Rect] = []
        self._shown_second = -1
        self._deal()

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
        self._cache_valid = False
        self.dirty = True

    def _pile_of(self, card: Card) -> Pile:
        found = self.position.find(card)
        return found[0] if found is not None else FOUNDATIONS[SUITS.index(card.suit)]

    def _float(self, card: Card) -> None:
        """``card`` leaves the cache: it is drawn on top each frame while it moves."""
        if card not in self.floating:
            self.floating.add(card)
            self._dirty_piles.add(self._pile_of(card))
        self.dirty = True

    def _land(self) -> None:
        """Every moving card comes to rest in the cache."""
        for card in self.floating:
            self._dirty_piles.add(self._pile_of(card))
        self.floating.clear()
        self.dirty = True

    def _region(self, name: str) -> None:
        self._regions.add(name)
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
        elif not self.end_checked and not self.floating:
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
        self._poll_work()
        if (self._lost_due is not None and now >= self._lost_due and not self.floating and self.drag is None
                and self.press is None and self.app.scenes.top is self):
            self._ask_lost()

    _tooltip_shown = False
    _lost_due: float | None = None

    def busy(self) -> bool:
        return bool(self.floating) or self.tweens.active or self.cascade is not None

    def wake_in(self) -> float | None:
        waits: list[float] = []
        now = self.app.time
        if self.clock_start is not None and self.clock_stop is None:
            waits.append(1.0 - (self.elapsed() % 1.0) + 0.005)
        if self.message is not None:
            waits.append(max(0.0, self.message.until - now))
        if self.hint is not None:
            waits.append(max(0.0, self.hint[1] - now))
        if self.hover and not self._tooltip_shown:
            waits.append(max(0.0, self.hover_since + TOOLTIP_DELAY_S - now))
        if self.work:
            waits.append(0.05)
        if self._lost_due is not None:
            waits.append(max(0.0, self._lost_due - now))
        return min(waits) if waits else None

    def elapsed(self) -> float:
        if self.clock_start is None:
            return 0.0
        end = self.clock_stop if self.clock_stop is not None else self.app.time
        return max(0.0, end - self.clock_start)

    def say(self, text: str, warn: bool = False, seconds: float = MESSAGE_S) -> None:
        """A transient message in the status line."""
        self.message = Message(text, self.app.time + seconds, warn)
        self._region("status")

    # == changing the game ===================================================================
    def _where_now(self) -> Snapshot:
        """The position and where every card is drawn right now (moving cards mid-flight,
        dragged cards under the pointer, cards under a foundation's top at the foundation)."""
        layout, position = self.layout, self.position
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
                self._dirty_piles.add(pile)
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

    def play(self, move: Move, sound: bool = True) -> Action | None:
        """Make ``move`` (already known legal by the engine's gesture functions)."""
        before = self._where_now()
        try:
            action = self.game.play(move)
        except IllegalMove as error:
            self.say(str(error), warn=True)
            self.app.play_sound("invalid")
            return None
        self.drag = None
        self._changed(before)
        if sound:
            self.app.play_sound("foundation" if move.dest.is_foundation else "place")
        return action

    def undo(self) -> None:
        self.finish_animations()
        self._cancel_drag()
        before = self._where_now()
        if self.game.undo() is None:
            self.say("Nothing to undo.")
            return
        self.warned_lost = False
        self._changed(before)
        self.app.play_sound("undo")

    def redo(self) -> None:
        self.finish_animations()
        self._cancel_drag()
        before = self._where_now()
        action = self.game.redo()
        if action is None:
            self.say("Nothing to redo.")
            return
        self._changed(before)
        self.app.play_sound("foundation" if action.move.dest.is_foundation else "place")

    def restart(self) -> None:
        self.finish_animations()
        self._cancel_drag()
        if not self.game.started:
            self.say("This deal is already as dealt.")
        before = self._where_now()
        self.game.restart()
        self.warned_lost = False
        self.clock_start = self.clock_stop = None
        self._changed(before)
        self.app.play_sound("deal")

    def new_game(self, code: GameCode | None = None, game: Game | None = None) -> None:
        """Deal ``code`` (a random deal of the current difficulty by default)."""
        self.finish_animations()
        self._cancel_drag()
        if game is None:
            code = code or GameCode.random(self.app.settings.cells)
            self.rules = CLASSIC_RULES if self.app.settings.classic_run_limit else APP_RULES
            game = Game.from_code(code, self.rules)
        self.game = game
        self.layout = self._compute_layout(self.app.size)
        self.clock_start = self.clock_stop = None
        self.won_pending = False
        self.warned_lost = False
        self.hint = None
        self.message = None
        self._cancel_work()
        self._deal()
        self.app.game_changed(self.game)

    def _changed(self, before: Snapshot) -> None:
        if self.press is not None and self.press.button is None:
            self.press = None  # a press on a card that has just moved means nothing now
        self.selection = None
        self.hint = None
        self.last_tap = None
        if self.game.started and self.clock_start is None:
            self.clock_start = self.app.time
        if self.game.is_won and self.clock_stop is None:
            self.clock_stop = self.app.time
        elif not self.game.is_won:
            self.clock_stop = None
        self.won_pending = self.game.is_won and not before.position.is_won
        self.end_checked = False
        self._cancel_work()
        self._glide_from(before)
        self._region("status")
        self._region("toolbar")
        self.app.game_changed(self.game)

    def _deal(self) -> None:
        """Deal the cards from a deck in the middle of the top row."""
        self.selection = None
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
        self.end_checked = False  # once dealt, say at once if the deal is stuck or cannot be won
        self._region("status")
        self.invalidate()

    def _after_animation(self) -> None:
        """Animations are over: celebrate a win, or say the game is stuck or lost."""
        if self.won_pending and self.cascade is None:
            self.won_pending = False
            self._start_cascade()
            return
        if self.end_checked:
            return
        self.end_checked = True
        if self.game.is_won:
            return
        if self.game.is_stuck:
            from game.app.dialogs import EndMessage

            self.app.push(EndMessage(self.app, "stuck"))
            return
        self._lost_due = self.app.time + LOST_QUIET_S

    # == the solver, in the background =======================================================
    def _run_background(self, name: str, fn: Callable[[threading.Event], Any]) -> None:
        """Ask the solver on a worker thread; the loop polls for the answer each frame."""
        job = Background(key=(self.game.position, self.game.move_count), thread=threading.Thread(daemon=True))
        result, cancel = job.result, job.cancel

        def work() -> None:
            try:
                result.append(("ok", fn(cancel)))
            except Exception as error:  # a solver failure or timeout must not stop the game
                result.append(("error", error))

        job.thread = threading.Thread(target=work, name=f"seahaven-{name}", daemon=True)
        self.work[name] = job
        job.thread.start()

    def _cancel_work(self) -> None:
        for job in self.work.values():
            job.cancel.set()
        self.work.clear()  # results of stale questions are dropped when they arrive
        self._lost_due = None

    def _game_copy(self) -> Game:
        """A copy of the game for a worker thread (the loop goes on changing the real one)."""
        game = self.game
        try:
            return Game.from_moves(game.start, game.moves, 0, game.rules, game.code)
        except Exception:
            return Game(game.position, game.rules, game.code)

    def _poll_work(self) -> None:
        for name, job in list(self.work.items()):
            if job.thread.is_alive():
                continue
            del self.work[name]
            if job.key != (self.game.position, self.game.move_count) or not job.result:
                continue
            status, value = job.result[0]
            if status != "ok":
                if name == "hint":
                    undecided = type(value).__name__ == "Undecided"
                    self.say("The solver could not find a hint in time." if undecided
                             else f"The solver failed: {value}", warn=True)
            elif name == "hint":
                self._show_hint(value)
            elif name == "lost" and getattr(value, "lost", value is True):
                from game.app.dialogs import EndMessage

                if self.app.scenes.top is self and not self.warned_lost:
                    self.warned_lost = True  # said once; an undo or a new deal asks again
                    self.app.push(EndMessage(self.app, "lost", detail=value))

    def ask_hint(self) -> None:
        self.finish_animations()
        solver = solver_module()
        if solver is None or not hasattr(solver, "hint"):
            self.say("Hints need the solver, which is not available yet.")
            return
        if "hint" in self.work:
            return
        snapshot = Game(self.game.position, self.game.rules, self.game.code)
        self.say("Thinking…", seconds=30)
        self._run_background("hint", lambda cancel: call_with_cancel(solver.hint, snapshot, cancel=cancel))

    def _show_hint(self, move: Any) -> None:
        if move is None:
            self.say("No winning line from here: undo some moves or start again.", warn=True)
            return
        if not isinstance(move, Move):
            move = getattr(move, "move", None)
        if not isinstance(move, Move):
            self.say("No hint.")
            return
        self.game.hints_used += 1
        self.hint = (move, self.app.time + 4.0)
        cards = self.position.cards(move.source) if self.position.has_pile(move.source) else ()
        what = f"the {cards[-move.count].name}" if 0 < move.count <= len(cards) else "the card"
        if move.count > 1:
            what = f"the run from {what[4:]}"
        self.say(f"Hint: {what} from {move.source.name} to {move.dest.name}.")

    def _ask_lost(self) -> None:
        self._lost_due = None
        if not self.app.settings.warn_lost or self.warned_lost or self.game.is_won:
            return
        solver = solver_module()
        if solver is None or not hasattr(solver, "lost"):
            return
        snapshot = self._game_copy()
        self._run_background("lost", lambda cancel: call_with_cancel(solver.lost, snapshot, cancel=cancel))

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
        from game.app.dialogs import EndMessage, find_message

        if find_message(self.app) is None and self.game.is_won:
            self.app.push(EndMessage(self.app, "won"))

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
            elif self.selection is not None:
                self.selection = None
                self.dirty = True

    def _player_acts(self) -> None:
        """Input: finish animations; a lost-game check in progress waits for the next pause
        (the solver never competes with a drag or a glide for the processor)."""
        self.finish_animations()
        if "lost" in self.work:
            self.work.pop("lost").cancel.set()
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
            self.press = Press(p.pos, None, None, 0, p.clicks, p.touch, button=button)
            self._region("toolbar")
            return
        hit = layout.hit(self.position, *p.pos)
        if hit is None:
            self.press = Press(p.pos, None, None, 0, p.clicks, p.touch, had_selection=self.selection is not None)
            return
        pile, index = hit
        count = 0
        if index is not None and not (p.clicks >= 2 and self.last_tap is not None and self.last_tap.moved):
            try:
                count = gestures.lift(self.position, pile, index, self.rules)
            except CannotLift as error:
                if self.selection is None and p.clicks < 2:
                    self._refuse_lift(pile, index, error)
        self.press = Press(p.pos, pile, index, count, p.clicks, p.touch, had_selection=self.selection is not None)

    def _refuse_lift(self, pile: Pile, index: int, error: CannotLift) -> None:
        cards = self.position.cards(pile)[index:]
        for card in cards:
            self.tweens.shake(card, max(4.0, self.layout.card_w * 0.06))
            self._float(card)
        self.say(str(error), warn=True)
        self.app.play_sound("invalid")

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
        self.selection = None
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
        self._dirty_piles.add(press.pile)
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
        if press.clicks >= 2:
            self._double_tap(press)
        else:
            self._tap(press)

    def _drop(self) -> None:
        drag = self.drag
        assert drag is not None
        target = drag.target
        if target is None:
            self._cancel_drag()
            self.app.play_sound("invalid")
            return
        try:
            move = gestures.drop(self.position, drag.pile, len(drag.cards), target, self.rules)
        except IllegalMove as error:
            self.say(str(error), warn=True)
            self._cancel_drag()
            self.app.play_sound("invalid")
            return
        self.play(move)

    def _tap(self, press: Press) -> None:
        moved = False
        card = None
        selection = self.selection
        if press.pile is None:
            if selection is not None:
                self.selection = None
                self.dirty = True
            self.last_tap = LastTap(False, None)
            return
        cards = self.position.cards(press.pile) if self.position.has_pile(press.pile) else ()
        card = cards[press.index] if press.index is not None and press.index < len(cards) else None
        if selection is not None:
            if press.pile == selection.pile:
                self.selection = None
                self.dirty = True
                self.last_tap = LastTap(False, card)
                return
            try:
                move = gestures.drop(self.position, selection.pile, selection.count, press.pile, self.rules)
            except IllegalMove as error:
                self.selection = None
                self.dirty = True
                reason = str(error)
            else:
                moved = self.play(move) is not None
                self.last_tap = LastTap(moved, card)
                return
            # an illegal destination: the tap selects anew (or clears), saying why
            if press.index is None or not press.count:
                self.say(reason, warn=True)
                self.last_tap = LastTap(False, card)
                return
        if press.index is not None:
            move = gestures.tap(self.position, press.pile, press.index, self.rules)
            if move is not None:
                moved = self.play(move) is not None
            elif press.count:
                self.selection = Selection(press.pile, press.count)
                self.dirty = True
        self.last_tap = LastTap(moved, card)

    def _double_tap(self, press: Press) -> None:
        last = self.last_tap
        self.last_tap = LastTap(False, None)
        if last is not None and last.moved:
            return  # the first tap already moved the card: the second is ignored
        if press.pile is None or press.index is None:
            self.selection = None
            self.dirty = True
            return
        self.selection = None
        self.dirty = True
        self._send(press.pile, press.index)
        self.last_tap = LastTap(True, None)

    def _send(self, pile: Pile, index: int) -> bool:
        """The double-tap rule for the card (or run) at ``index`` of ``pile``."""
        try:
            move = gestures.double_tap(self.position, pile, index, self.rules)
        except CannotLift as error:
            self._refuse_lift(pile, index, error)
            return False
        if move is None:
            cards = self.position.cards(pile)
            name = cards[index].name if index < len(cards) else "card"
            self.say(f"There is no place for the {name} now.", warn=True)
            self.app.play_sound("invalid")
            return False
        return self.play(move) is not None

    # -- keyboard -----------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        key, mods = event.key, event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        if key in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT):
            return
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
            return
        if key == pygame.K_F11:
            self.action("fullscreen")
        elif key == pygame.K_F1:
            self.action("help")
        elif key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.cancel_pointer()
            elif self.selection is not None or self.hint is not None:
                self.selection = None
                self.hint = None
                self.dirty = True
            else:
                self.action("menu")
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
            self._key_send()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self._move_focus(key, shift)

    def _key_pile(self, pile: Pile) -> None:
        self.show_focus = True
        self.focus = pile
        self.dirty = True
        selection = self.selection
        if selection is not None and selection.pile == pile:
            count = selection.count - 1
            self.selection = Selection(pile, count) if count >= 1 else None
            return
        if selection is not None:
            reason = ""
            for count in range(selection.count, 0, -1):
                try:
                    move = gestures.drop(self.position, selection.pile, count, pile, self.rules)
                except IllegalMove as error:
                    reason = reason or str(error)
                    continue
                self.play(move)
                self.focus = pile
                return
            self.say(reason, warn=True)
            self.app.play_sound("invalid")
        self.selection = self._longest_lift(pile)
        if self.selection is None and not self.position.cards(pile):
            self.say(f"{pile.name.capitalize()} is empty.")

    def _longest_lift(self, pile: Pile) -> Selection | None:
        cards = self.position.cards(pile)
        if not cards:
            return None
        for count in range(run_length(cards), 0, -1):
            try:
                return Selection(pile, gestures.lift(self.position, pile, len(cards) - count, self.rules))
            except CannotLift:
                continue
        return None

    def _key_foundation(self) -> None:
        self.show_focus = True
        selection = self.selection or self._longest_lift(self.focus)
        if selection is None:
            self.say("Pick a card first (1-0, a-d), then f sends it home.")
            return
        try:
            move = gestures.drop(self.position, selection.pile, 1, FOUNDATIONS[0], self.rules)
        except IllegalMove as error:
            self.say(str(error), warn=True)
            self.app.play_sound("invalid")
            return
        self.play(move)

    def _key_send(self) -> None:
        self.show_focus = True
        selection = self.selection or self._longest_lift(self.focus)
        if selection is None:
            self.say("Pick a card first: 1-0 pick columns, a-d the cells.")
            self.dirty = True
            return
        cards = self.position.cards(selection.pile)
        self.selection = None
        self._send(selection.pile, len(cards) - selection.count)

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
        from game.app import dialogs

        if name == "new":
            self.app.push(dialogs.NewGame(self.app))
        elif name == "restart":
            self.restart()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.ask_hint()
        elif name == "help":
            dialogs.open_screen(self.app, "help")
        elif name == "menu":
            self.app.push(dialogs.Menu(self.app))
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

    # == drawing =============================================================================
    def _paint_cache(self) -> None:
        layout = self.layout
        size = layout.size
        if self._cache is None or self._cache.get_size() != size:
            self._cache = self.painter.surface(size)
        cache = self._cache
        painter = self.painter
        cache.blit(painter.felt(size), (0, 0))
        label_px = max(10, round(layout.labels[COLUMNS[0]].h * 0.9))
        for n, pile in enumerate(COLUMNS, start=1):
            text = painter.text(str(n), label_px, TEXT_DIM, bold=True)
            cache.blit(text, text.get_rect(center=layout.labels[pile].center))
        for pile in self.position.piles():
            self._paint_pile(cache, pile, clear=False)
        self._paint_toolbar(cache)
        self._paint_status(cache)
        self._cache_valid = True
        self._regions.clear()
        self._dirty_piles.clear()

    def _paint_pile(self, surface: pygame.Surface, pile: Pile, clear: bool = True) -> pygame.Rect:
        """Paint one pile at rest (its marker and the cards that are not moving) into the
        cache; returns the rectangle it covers."""
        layout, position, painter = self.layout, self.position, self.painter
        w, h = layout.card_size
        lane = layout.lanes.get(pile)
        if lane is None or not position.has_pile(pile):
            return pygame.Rect(0, 0, 0, 0)
        rect = pygame.Rect(lane)
        if clear:
            surface.blit(painter.felt(layout.size), rect, rect)
        slot = layout.piles[pile]
        kind = "cell" if pile.is_cell else "column" if pile.is_column else f"found-{pile.key}"
        surface.blit(painter.marker(kind, w, h), slot[:2])
        hidden = self.floating | (set(self.drag.cards) if self.drag is not None else set())
        if pile.is_foundation:
            s = SUITS.index(str(pile.key))
            rank = position.foundations[s]
            while rank > 0 and Card(rank, SUITS[s]) in hidden:
                rank -= 1
            if rank:
                surface.blit(painter.card(Card(rank, SUITS[s]), w, h), slot[:2])
            return rect
        for card, box in layout.pile_cards(position, pile):
            if card not in hidden:
                surface.blit(painter.card(card, w, h), box[:2])
        return rect

    def _paint_toolbar(self, surface: pygame.Surface) -> None:
        layout, painter = self.layout, self.painter
        bar = layout.toolbar
        surface.blit(self._band(bar, line_at_top=False), bar[:2])
        wide = layout.buttons["new"].w > layout.buttons["new"].h * 1.5
        for name, box in layout.buttons.items():
            pressed = self.press is not None and self.press.button == name
            enabled = self.button_enabled(name)
            state = (name, box, wide, self.hover == name and enabled, pressed and enabled, enabled)
            face = self._faces.get(state)
            if face is None:
                face = button_face(
                    painter, box, BUTTON_LABELS[name] if wide else "", hover=state[3], pressed=state[4],
                    enabled=state[5], dark=True, icon=name,
                )
                if len(self._faces) > 200:
                    self._faces.clear()
                self._faces[state] = face
            surface.blit(face, box[:2])
        # the title, with the difficulty, between the two groups of buttons
        left = max(b.right for n, b in layout.buttons.items() if n in ("hint",))
        right = min(b.x for n, b in layout.buttons.items() if n in ("help",))
        title = f"Seahaven Towers · {DIFFICULTY.get(self.position.cell_count, '')}"
        text = painter.text(title, max(12, round(bar.h * 0.36)), TEXT_DIM)
        if text.get_width() < right - left - bar.h:
            surface.blit(text, text.get_rect(center=((left + right) // 2, bar.h // 2)))

    def _band(self, box: Box, line_at_top: bool) -> pygame.Surface:
        """The toolbar's or status line's background: felt under a dark translucent band."""
        key = ("band", box, line_at_top)
        band = self._faces.get(key)
        if band is None:
            band = self.painter.surface((box.w, box.h))
            band.blit(self.painter.felt(self.layout.size), (0, 0), pygame.Rect(box))
            shade = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
            shade.fill((*BAND, 200))
            y = 0 if line_at_top else box.h - 1
            pygame.draw.line(shade, (*BAND_LINE, 160), (0, y), (box.w, y))
            band.blit(shade, (0, 0))
            self._faces[key] = band
        return band

    def _paint_status(self, surface: pygame.Surface) -> None:
        layout, painter = self.layout, self.painter
        box = layout.status
        band = self._band(box, line_at_top=True)
        surface.blit(band, box[:2])
        px = max(11, round(box.h * 0.48))
        pad = layout.buttons["new"].x
        seconds = int(self.elapsed())
        clock = f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}" if seconds >= 3600 else \
            f"{seconds // 60}:{seconds % 60:02d}"
        game = self.game
        stats = f"Score {game.score}    Moves {game.move_count}    Time {clock}"
        left = painter.text(stats, px, TEXT)
        cy = box.y + box.h // 2
        surface.blit(left, left.get_rect(midleft=(pad, cy)))
        code = str(game.code) if game.code is not None else "custom position"
        right = painter.text(code, px, TEXT_DIM)
        surface.blit(right, right.get_rect(midright=(box.right - pad, cy)))
        if self.message is not None:
            room_left = pad + left.get_width() + px
            room_right = box.right - pad - right.get_width() - px
            text = painter.text(self.message.text, px, WARN if self.message.warn else TEXT, bold=self.message.warn)
            if text.get_width() > room_right - room_left:
                # no room beside the numbers: the message takes the whole line for a while
                surface.blit(band, box[:2])
                if text.get_width() > box.w - 2 * pad:
                    text = painter.text(self.message.text, max(9, round(px * 0.8)), WARN if self.message.warn else TEXT)
                surface.blit(text, text.get_rect(center=(box.w // 2, cy)))
            else:
                surface.blit(text, text.get_rect(center=((room_left + room_right) // 2, cy)))

    def _overlays(self) -> list[tuple[Box, tuple[int, int, int], int, bool]]:
        """Outlines drawn above the resting cards: selection, focus, drop targets, hint."""
        layout, position = self.layout, self.position
        out: list[tuple[Box, tuple[int, int, int], int, bool]] = []
        thick = max(2, layout.card_w // 28)

        def top_box(pile: Pile, count: int = 1) -> Box:
            cards = position.cards(pile) if position.has_pile(pile) else ()
            if not cards:
                return layout.piles[pile]
            first = layout.card_box(pile, max(0, len(cards) - count), len(cards))
            last = layout.card_box(pile, len(cards) - 1, len(cards))
            return Box(first.x, first.y, first.w, last.bottom - first.y)

        if self.drag is not None:
            for pile in self.drag.destinations:
                if pile != self.drag.target:
                    out.append((top_box(pile), LEGAL, max(1, thick // 2), False))
            if self.drag.target is not None and self.drag.target in self.drag.destinations:
                out.append((top_box(self.drag.target), GOLD, thick, True))
        if self.selection is not None and position.has_pile(self.selection.pile):
            out.append((top_box(self.selection.pile, self.selection.count), GOLD, thick, True))
        if self.hint is not None:
            move = self.hint[0]
            out.append((top_box(move.source, move.count), SKY, thick, True))
            out.append((top_box(move.dest), SKY, thick, True))
        if self.show_focus and position.has_pile(self.focus):
            box = top_box(self.focus)
            pad = thick * 2 + 2
            ring = Box(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad)
            out.append((ring, KEY_FOCUS, max(2, thick // 2 + 1), False))
        return out

    def _sprites(self, alpha: float) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """What is drawn above the cache this frame, bottom first."""
        from game.app.loop import STEP

        layout, painter = self.layout, self.painter
        w, h = layout.card_size
        now = self.tweens.now + alpha * STEP
        sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for box, colour, width, glow in self._overlays():
            surf = painter.outline(box.w, box.h, colour, width, layout.radius, glow)
            sprites.append((surf, (box.x - width * 2, box.y - width * 2)))
        if self.floating:
            boxes = layout.card_boxes(self.position)
            started, waiting = [], []
            for card in self.floating:
                where = self.tweens.where(card, now)
                box = boxes.get(card)
                if box is None:
                    continue
                tween = self.tweens._tweens.get(card)
                if where is None:
                    where = (float(box.x), float(box.y))
                dx = self.tweens.shake_offset(card, now)
                entry = (card, (round(where[0] + dx), round(where[1])), tween)
                (waiting if tween is not None and tween.begin > now else started).append(entry)
            pile_order = {p: i for i, p in enumerate(self.position.piles())}

            def z(entry: Any) -> tuple[int, int, int]:
                card, _pos, tween = entry
                found = self.position.find(card)
                pile_z = pile_order.get(found[0], 0) if found else 0
                return (1 if tween is not None else 0, found[1] if found else 0, pile_z)

            started.sort(key=z)
            shadow, spread = painter.shadow(w, h)
            for card, pos, tween in started:
                if tween is not None:
                    sprites.append((shadow, (pos[0] - spread + spread // 3, pos[1] - spread + spread // 2)))
                sprites.append((painter.card(card, w, h), pos))
            if waiting:  # the deck still to be dealt, face down: only its top card shows
                waiting.sort(key=lambda e: e[2].begin)
                _card, pos, _tween = waiting[0]
                sprites.append((painter.back(w, h), pos))
        if self.drag is not None:
            boxes = self._drag_boxes()
            shadow, spread = painter.shadow(w, h + boxes[-1].y - boxes[0].y)
            lift = self._lift()
            sprites.append((shadow, (boxes[0].x - spread + lift, boxes[0].y - spread + lift * 2)))
            for card, box in zip(self.drag.cards, boxes):
                sprites.append((painter.card(card, w, h), (box.x - lift, box.y - lift)))
        if self.hover and self._tooltip_shown and self.press is None:
            sprites.append(self._tooltip())
        return sprites

    def _tooltip(self) -> tuple[pygame.Surface, tuple[int, int]]:
        layout, painter = self.layout, self.painter
        assert self.hover is not None
        box = layout.buttons[self.hover]
        px = max(12, round(layout.toolbar.h * 0.3))
        text = painter.text(BUTTON_TIPS[self.hover], px, (30, 34, 32))
        pad = px // 2
        surf = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (250, 248, 236, 245), surf.get_rect(), border_radius=pad // 2 + 2)
        surf.blit(text, (pad, pad // 2))
        x = min(max(2, box.x + box.w // 2 - surf.get_width() // 2), layout.size[0] - surf.get_width() - 2)
        return surf, (x, box.bottom + pad // 2)

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        if not self._cache_valid or self._cache is None or self._cache.get_size() != self.layout.size:
            self._paint_cache()
            full = True
        cache = self._cache
        assert cache is not None
        changed: list[pygame.Rect] = []
        for pile in self._dirty_piles:
            changed.append(self._paint_pile(cache, pile))
        self._dirty_piles.clear()
        for name in self._regions:
            if name == "toolbar":
                self._paint_toolbar(cache)
                changed.append(pygame.Rect(self.layout.toolbar))
            elif name == "status":
                self._paint_status(cache)
                changed.append(pygame.Rect(self.layout.status))
        self._regions.clear()
        if self.cascade is not None:
            return self._draw_cascade(surface, full)
        sprites = self._sprites(alpha)
        if full or surface.get_size() != cache.get_size():
            surface.blit(cache, (0, 0))
            rects = [surface.blit(s, pos) for s, pos in sprites]
            self._prev_rects = rects
            return None
        dirty = self._prev_rects + changed
        for rect in dirty:
            surface.blit(cache, rect, rect)
        rects = [surface.blit(s, pos) for s, pos in sprites]
        self._prev_rects = rects
        return _merge(dirty + rects)

    def _draw_cascade(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        cascade = self.cascade
        assert cascade is not None and self._cache is not None
        # the cards leave trails: they are painted over what the window already shows
        layout = self.layout
        w, h = layout.card_size
        if full:
            surface.blit(self._cache, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, layout.toolbar.bottom, layout.size[0], layout.status.y - layout.toolbar.bottom))
        rects = [surface.blit(self.painter.card(b.key, w, h), (round(b.x), round(b.y)))  # type: ignore[arg-type]
                 for b in cascade.flying()]
        surface.set_clip(clip)
        self._prev_rects = []
        return None if full else [r for r in rects if r.w and r.h]


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Fewer, larger rectangles: overlapping ones are joined."""
    out: list[pygame.Rect] = []
    for rect in sorted((r for r in rects if r.w > 0 and r.h > 0), key=lambda r: (r.y, r.x)):
        for i, other in enumerate(out):
            if rect.colliderect(other):
                out[i] = other.union(rect)
                break
        else:
            out.append(pygame.Rect(rect))
    return out
