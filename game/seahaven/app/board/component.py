"""The one board every view of a game embeds: the table, Help's example, the replay and the
review (issue 35), as every lichess view embeds chessground.

A :class:`Board` owns what a board is and nothing more: where the cards lie (its geometry,
from the host), how they are drawn (:mod:`.painter`) and moved (:mod:`.glides`, one path for
any speed), what a pointer or a key means on it (:mod:`.pointer`, :mod:`.hand`, the focus
ring, the peek), what it points out (:mod:`.marks`: the host's hint or losing move, its own
selection and drop targets) and what a screen reader reads of its piles. It is configured
(:class:`BoardConfig`: interactive or view only, whether a jump glides) and handed the model
it shows (a :class:`~.model.BoardModel`: the game in play, Help's example, a replay), whose
events it follows to glide the cards. It decides no rule: what a gesture means is the
engine's, and the move it asks for goes to its host (:class:`BoardHost`), which plays it on
the model it owns and says what came of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from seahaven.app.access.tree import NodeSpec, PileNodes, reading_order
from seahaven.app.board import painter as paint
from seahaven.app.board.glides import Glides, Motion, Snapshot
from seahaven.app.board.hand import Selection
from seahaven.app.board.keys import CELL_KEYS, PEEK_KEY, PILE_KEYS, board_key
from seahaven.app.board.layout import Layout
from seahaven.app.board.marks import Mark, Marks, Outline, Style, outlines, pile_box
from seahaven.app.board.model import BoardModel
from seahaven.app.board.pointer import (
    Answer,
    BoardPointer,
    Deselected,
    Drag,
    Dragged,
    Dropped,
    Intent,
    Lifted,
    Peek,
    Press,
)
from seahaven.app.board.refusals import Ask, Prompt, Refusal
from seahaven.app.kit.focus import FocusRing
from seahaven.app.kit.input import Pointer
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import Painter
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent
from seahaven.engine import CELLS, COLUMNS, FOUNDATIONS, Card, Move, Pile, Position, Rules

REFINE_S = 0.006
"""Time per frame spent drawing crisp the card faces first shown scaled from another size
(after a resize or a change of card size), once the cards are still."""
Sprite = paint.Sprite


class BoardHost(Protocol):
    """What a board asks of the view that embeds it: the host owns the model and the words."""

    def asked(self, move: Move) -> bool:
        """Make the move the player asked for; False when the rules refused it (the host
        has said why)."""
        ...

    def cannot(self, refusal: Refusal) -> None:
        """A gesture did nothing: say why (the board has shaken what cannot be lifted)."""
        ...

    def chose(self, selection: Selection | None) -> None:
        """The selection changed by a tap or a key (None: nothing is chosen any more)."""
        ...

    def lifted(self, pile: Pile, count: int) -> None:
        """A drag began: ``count`` cards of ``pile`` follow the pointer."""
        ...

    def still(self, after: str) -> None:
        """The cards are still after a "change" or an "arrival" (a new deal)."""
        ...


class BoardSettings(Motion, Protocol):
    """The player's settings a board reads (``state.settings.Settings``)."""

    @property
    def left_handed(self) -> bool: ...


class Frame(Protocol):
    """A host's parts of the picture at rest that are no board (the table's toolbar and status
    line): painted into the board's cached picture, above the felt."""

    def paint_frame(self, surface: pygame.Surface, regions: frozenset[str] | None) -> list[pygame.Rect]:
        """Paint ``regions`` (None: all of them); the rectangles painted."""
        ...


@dataclass(frozen=True)
class BoardConfig:
    """How a view uses its board (chessground's ``viewOnly``, ``animation``)."""

    interactive: bool = True
    """Cards can be picked up, tapped, dropped and keyed; False: view only (a replay: a peek
    still shows a covered card)."""
    glide_jumps: bool = True
    """A restart glides every card home; False: a jump (a replay's seek) shows the new board
    at once."""


class Board:
    """One board: its model's position drawn, played with pointer and keys, glided, marked
    and read. Its host gives it the model, the geometry, the settings, the painter and the
    clock, and hears what the player asked (:class:`BoardHost`)."""

    def __init__(self, model: BoardModel, layout_for: Callable[[Position], Layout], settings: BoardSettings,
                 painter: Callable[[], Painter], clock: Callable[[], float], host: BoardHost,
                 config: BoardConfig = BoardConfig()) -> None:
        self.model = model
        self.layout_for = layout_for
        """The geometry that shows a position (long columns change it)."""
        self.settings = settings
        self._painter = painter
        self._clock = clock
        self.host = host
        self.config = config
        self.pointer = BoardPointer(lambda: self.model, lambda: self.layout)
        """The press, the drag and the hand (selection, last tap)."""
        self.focus = FocusRing()
        """The keyboard's focus: a pile (by name) and whether its ring shows."""
        self.focus.name = str(COLUMNS[0])
        self.peeking: Pile | None = None
        """The pile whose cards the peek key shows whole (None: no key peek)."""
        self.marks = Marks()
        """The host's marks (the hint, the losing move, an analysis's better move)."""
        self.glides = Glides(lambda: self.model.position, layout_for, settings, self.pointer_points,
                             self.repaint, self._still)
        self.dirty = True
        """Something on the board changed since it was last drawn."""
        self._nodes = PileNodes()
        self._cache: pygame.Surface | None = None
        self._painted: Layout | None = None
        self._valid = False
        self._piles: set[Pile] = set()
        self._regions: set[str] = set()
        self._prev: list[pygame.Rect] = []
        self._phase = -1
        self._peek_pile: Pile | None = None
        """The pile of the card a pointer's peek shows (painted again when it ends)."""
        self.speed = 1.0
        """How long the glides of a change take, as a share of the player's speed (the replay's
        faster steps glide shorter)."""
        model.subscribe(self._on_model)

    # == what the board shows ==================================================================
    @property
    def position(self) -> Position:
        return self.model.position

    @property
    def rules(self) -> Rules:
        return self.model.rules

    @property
    def layout(self) -> Layout:
        return self.layout_for(self.model.position)

    @property
    def selection(self) -> Selection | None:
        """The cards chosen to go where the next tap or key says."""
        return self.pointer.hand.selection

    @property
    def drag(self) -> Drag | None:
        return self.pointer.drag

    @property
    def press(self) -> Press | None:
        return self.pointer.press

    @property
    def focus_pile(self) -> Pile:
        return Pile.parse(self.focus.name)

    def focus_visible(self) -> bool:
        """The keyboard's focus ring is on show (not after a pointer action, nor under a hint)."""
        return self.focus.visible and not self.marks.pulsing()

    def pointer_points(self) -> dict[Card, tuple[float, float]]:
        """Where the dragged cards are drawn (none when nothing is dragged)."""
        return self.pointer.dragged_points()

    def where_now(self) -> Snapshot:
        return self.glides.where_now()

    def busy(self) -> bool:
        """Something moves (a glide, a shake, the deal, the cascade)."""
        return self.glides.busy()

    # == what the model says ===================================================================
    def _on_model(self, event: GameEvent) -> None:
        kind = event.kind
        if kind is Change.NEW_GAME:
            self.pointer.forget()
            self.marks.hide()
            self.invalidate()
            self.glides.deal()
        elif kind in LINE_CHANGES:
            self.marks.keep_only(self.position)  # the host's marks about the position that was shown go
            if kind is not Change.MOVED:
                self.pointer.hand.forget()  # undo, redo, restart, a jump: what the last tap did is void
            self.pointer.forget_card_press()  # a press on a card that has just moved means nothing now
            self.pointer.hand.deselect()
            before = self.glides.where_now(event.before)
            if kind is Change.RESTARTED and not self.config.glide_jumps:
                self.glides.finish()
                self.invalidate()
                self.glides.glide_from(Snapshot(event.before, {}), then="change")
            else:  # the safe cards a move sent home go after it, one by one
                in_turn = tuple(card for action in event.sent
                                for card in action.before.cards(action.move.source)[-action.move.size:]
                                ) if kind in (Change.MOVED, Change.REDONE) else ()
                self.glides.glide_from(before, speed=self.speed, in_turn=in_turn)
        self.dirty = True

    def _still(self, after: str) -> None:
        self.dirty = True
        self.host.still(after)

    # == the host's marks ======================================================================
    def show(self, name: str, marks: tuple[Mark, ...], seconds: float | None = None) -> None:
        """Point ``marks`` out as layer ``name`` (replacing what it showed) for ``seconds``
        (None: until hidden), about the position shown now: a change takes them away."""
        self.marks.show(name, marks, self.position, None if seconds is None else self._clock() + seconds)
        self.dirty = True

    def hide(self, name: str | None = None) -> None:
        """Take layer ``name`` (None: every layer) away."""
        if self.marks.hide(name):
            self.dirty = True

    # == time ==================================================================================
    def update(self, dt: float) -> None:
        self.glides.update(dt)
        if self.glides.busy():
            self.dirty = True
        if self.marks.expire(self._clock()):
            self.dirty = True
        phase = paint.pulse_phase(self._clock(), not self.settings.reduces_motion) if self.marks.pulsing() else -1
        if phase != self._phase:
            self._phase = phase
            self.dirty = True
        painter = self._painter()
        if painter.refining and not self.glides.busy() and self.pointer.drag is None and painter.refine(REFINE_S):
            self.invalidate()  # every face of the new card size is crisp now

    def wake_in(self) -> float | None:
        """Seconds until the board needs drawing though nothing happens (a mark's end, the
        hint's next breath, a face to draw crisp), or None."""
        now = self._clock()
        waits = []
        end = self.marks.next_end()
        if end is not None:
            waits.append(max(0.0, end - now))
        if self.marks.pulsing() and not self.settings.reduces_motion:
            step = paint.PULSE_S / paint.PULSE_STEPS
            waits.append(step - now % step + 0.001)
        if self._painter().refining:
            waits.append(0.0)
        return min(waits) if waits else None

    def finish(self) -> None:
        """Every animation jumps to its end (a new input: what follows happens now)."""
        self.glides.finish()

    # == the pointer ===========================================================================
    def on_pointer(self, p: Pointer) -> None:
        """A press, move or release of the mouse or a finger on the board (a view-only board
        takes only a peek)."""
        if not self.config.interactive and p.kind not in ("cancel", "secondary_up"):
            return
        if p.kind == "down":
            self.focus.visible = False  # the pointer acts: the keyboard's ring goes
        if p.kind == "cancel" and self.pointer.drag is not None:
            self.cancel()
            return
        for intent in self.pointer.on_pointer(p):
            self._carry_out(intent)

    def held(self) -> None:
        """Time passed: a press held still may become a peek (by the board's clock, the loop's
        time, which stamps the press too: a frame that comes late never turns a drag into a peek)."""
        for intent in self.pointer.held(self._now_ms()):
            self._carry_out(intent)

    def hold_wait(self) -> float | None:
        """Seconds until a press held still becomes a peek (None: no such press)."""
        due = self.pointer.hold_due()
        return None if due is None else max(0.0, (due - self._now_ms()) / 1000)

    def _now_ms(self) -> int:
        return round(self._clock() * 1000)

    def _carry_out(self, intent: Intent) -> None:
        self.dirty = True
        if isinstance(intent, Answer):
            self.answer(intent.answer, intent.after_refusal)
        elif isinstance(intent, Lifted):
            self.repaint(intent.pile)
            drag = self.pointer.drag
            self.host.lifted(intent.pile, len(drag.cards) if drag is not None else 0)
        elif isinstance(intent, Peek):
            self._peeked(intent.at[0] if intent.at is not None else None)
        elif isinstance(intent, Deselected):
            self.host.chose(None)
        elif isinstance(intent, Dropped):
            if intent.move is not None and self.host.asked(intent.move):
                self.pointer.landed()  # the cards glided on from where they were dropped
                return
            self.send_back()
            if intent.refusal is not None:
                self.host.cannot(intent.refusal)
        elif isinstance(intent, Dragged):
            pass

    def answer(self, answer: Move | Refusal | None, after_refusal: bool = False) -> None:
        """Carry out what the hand decided: a move goes to the host; a refusal shakes what
        cannot be lifted and the host says why; otherwise the selection may have changed."""
        self.dirty = True
        if isinstance(answer, Move):
            self.host.asked(answer)
        elif isinstance(answer, Refusal):
            if answer.shake is not None:
                self.glides.shake(*answer.shake, self.layout.card_w)
            self.host.cannot(answer)
        elif not after_refusal:
            self.host.chose(self.selection)

    def send_back(self) -> None:
        """The dragged cards go back from under the pointer to their pile: a glide, at any
        speed (0 with motion off: the same path, so they are back at once)."""
        if self.pointer.drag is None:
            return
        before = self.glides.where_now()
        self.pointer.landed()
        self.glides.glide_from(before, then=None)
        self.dirty = True

    def cancel(self) -> None:
        """Forget a press or drag in progress and end a peek (a window opened, the window lost
        the focus): dragged cards go back."""
        for intent in self.pointer.end_peek():
            self._carry_out(intent)
        self.send_back()
        self.pointer.forget_press()

    def _peeked(self, pile: Pile | None) -> None:
        was, self._peek_pile = self._peek_pile, pile
        for shown in (was, pile):
            if shown is not None:
                self.repaint(shown)

    # == the keys ==============================================================================
    def on_key(self, event: Any) -> bool:
        """A board key (1-0 and a-d pick piles, f sends home, Enter and Space send, arrows and
        Tab move the focus, P peeks); True when the board took it."""
        if not self.config.interactive:
            return False
        key = event.key
        does = board_key(key)
        if does is None:
            return False
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        self.dirty = True
        if does == "pile":
            self.key_pile(PILE_KEYS[key])
        elif does == "cell":
            pile = CELL_KEYS[key]
            if self.position.has_pile(pile):
                self.key_pile(pile)
            else:
                self.host.cannot(Refusal(Prompt(Ask.NO_SUCH_CELL, cells=self.position.cell_count), gentle=True))
        elif does == "foundation":
            self.key_foundation()
        elif does == "peek":
            if self.peeking != self.focus_pile and self.position.cards(self.focus_pile):
                self.peeking = self.focus_pile
        elif does == "send":
            if self.focus_visible() or self.selection is not None:
                self.key_send()
            else:
                self.show_ring()  # nothing the player can see is chosen: show what is, first
        elif does == "focus":
            if self.focus_visible():
                self.move_focus(key, shift)
            else:
                self.show_ring()
        return True

    def on_key_up(self, event: Any) -> None:
        """A key let go: the peek key ends its peek."""
        if event.key == PEEK_KEY and self.peeking is not None:
            self.repaint(self.peeking)
            self.peeking = None
            self.dirty = True

    def key_pile(self, pile: Pile) -> None:
        """A pile's key: pick up its longest run, drop the selection there, or hold one card
        fewer (``Hand.key_pile``); the focus goes to the pile."""
        self.focus.name, self.focus.visible = str(pile), True
        self.answer(self.pointer.hand.key_pile(self.position, self.rules, pile))
        self.focus.name = str(pile)

    def key_foundation(self) -> None:
        self.focus.visible = True
        self.answer(self.pointer.hand.key_foundation(self.position, self.rules, self.focus_pile))

    def key_send(self) -> None:
        self.focus.visible = True
        self.answer(self.pointer.hand.key_send(self.position, self.rules, self.focus_pile))

    def press_pile(self, pile: Pile) -> None:
        """A screen reader's press on a pile: what its key does (a foundation: f's)."""
        if not self.config.interactive or not self.position.has_pile(pile):
            return
        if pile.is_foundation:
            self.focus.name = str(pile)
            self.key_foundation()
        else:
            self.key_pile(pile)

    def focus_on(self, pile: Pile) -> None:
        """A screen reader moved to a pile: the focus ring goes there."""
        self.focus.name, self.focus.visible = str(pile), True
        self.dirty = True

    def show_ring(self) -> None:
        """The first arrow key (or Enter with nothing chosen) only shows where the focus is."""
        self.focus.visible = True
        self.hide("hint")
        self.host.cannot(Refusal(Prompt(Ask.RING), gentle=True))

    def move_focus(self, key: int, shift: bool) -> None:
        cells = list(CELLS[: self.position.cell_count])
        top_row = cells + list(FOUNDATIONS)
        current = self.focus_pile
        self.focus.visible = True
        if key == pygame.K_TAB:
            order = top_row + list(COLUMNS)
            j = order.index(current) if current in order else 0
            self.focus.name = str(order[(j + (-1 if shift else 1)) % len(order)])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            row = list(COLUMNS)
            if current in top_row:  # as seen: left-handed puts the foundations on the left
                row = list(FOUNDATIONS) + cells if self.settings.left_handed else top_row
            i = row.index(current) if current in row else 0
            self.focus.name = str(row[(i + (1 if key == pygame.K_RIGHT else -1)) % len(row)])
        else:
            self.focus.name = str(self.layout.pile_above(current, top_row + list(COLUMNS), down=key == pygame.K_DOWN))

    def clear(self) -> bool:
        """Esc: drop what is held, selected, hinted and focused; True when something was."""
        had = (self.selection is not None or self.focus.visible or bool(self.marks.shown())
               or self.pointer.drag is not None)
        self.cancel()
        self.pointer.hand.deselect()
        self.hide()
        self.focus.visible = False
        self.dirty = True
        return had

    def forget(self) -> None:
        """A new game on the board: no press, no drag, no selection, no marks."""
        self.pointer.forget()
        self.hide()

    # == the picture ===========================================================================
    def invalidate(self) -> None:
        """Paint the whole picture at rest again (a new size, a new deal, new art)."""
        self._valid = False
        self.dirty = True

    def repaint(self, pile: Pile) -> None:
        """``pile`` changed at rest: paint it again."""
        self._piles.add(pile)
        self.dirty = True

    def repaint_frame(self, region: str) -> None:
        """The host's ``region`` of the picture at rest changed."""
        self._regions.add(region)
        self.dirty = True

    def hidden(self) -> set[Card]:
        """The cards not drawn at rest: in flight or held."""
        drag = self.pointer.drag
        return self.glides.floating | (set(drag.cards) if drag is not None else set())

    def sprites(self, alpha: float = 0.0) -> list[Sprite]:
        """What is drawn above the picture at rest this frame, bottom first: the marks, the
        cards in flight, the cards held, a peek."""
        layout, position, painter = self.layout, self.position, self._painter()
        now = self.glides.tweens.now + alpha * (1 / 60)
        sprites = paint.outline_sprites(painter, layout, self.outlines(),
                                        paint.pulse_phase(self._clock(), not self.settings.reduces_motion))
        if self.glides.floating:
            sprites += paint.flying_sprites(painter, layout, position, self.glides.floating, self.glides.tweens, now)
        drag = self.pointer.drag
        if drag is not None:
            sprites += paint.held_sprites(painter, layout, drag.cards, self.pointer.drag_boxes(),
                                          self.pointer.lift_offset())
        peek = self.peeked()
        if peek is not None:
            sprites += paint.peek_sprites(painter, layout, *peek)
        return sprites

    def outlines(self) -> list[Outline]:
        """Every mark drawn now: the host's, then the board's own (where dragged cards may
        go and would go, the selection, the piles a change touched, the focus ring)."""
        position = self.position
        marks: list[Mark] = []
        drag = self.pointer.drag
        if drag is not None:
            marks += [Mark.of_pile(pile, Style.LEGAL) for pile in drag.destinations if pile != drag.target]
            if drag.target is not None and drag.target in drag.destinations:
                marks.append(Mark.of_pile(drag.target, Style.TARGET))
        selection = self.selection
        if selection is not None:
            marks.append(Mark.of_pile(selection.pile, Style.SELECTED, selection.count))
        marks += self.marks.shown()
        marks += [Mark.of_pile(pile, Style.FLASH) for pile in sorted(self.glides.flashed, key=str)]
        if self.focus_visible():
            marks.append(Mark.of_pile(self.focus_pile, Style.FOCUS))
        return outlines(self.layout, position, tuple(marks))

    def peeked(self) -> tuple[list[Card], Box] | None:
        """The cards a peek shows and the box it is centred on (None: no peek)."""
        position, layout = self.position, self.layout
        at = self.pointer.peek
        if at is not None and position.has_pile(at[0]):
            pile, index = at
            cards = position.cards(pile)
            if index < len(cards):
                return [cards[index]], layout.card_box(pile, index, len(cards))
        if self.peeking is not None and position.has_pile(self.peeking) and position.cards(self.peeking):
            return list(position.cards(self.peeking)), pile_box(layout, position, self.peeking, 0)
        return None

    def paint_whole(self, surface: pygame.Surface, alpha: float = 0.0) -> None:
        """The board drawn whole onto ``surface`` at its area, with no picture kept (a board
        inside a page that scrolls: Help's example)."""
        painter = self._painter()
        paint.paint_rest(surface, painter, self.layout, self.position, self.hidden())
        for picture, place in self.sprites(alpha):
            surface.blit(picture, place)
        self._piles.clear()
        self.dirty = False

    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False, frame: Frame | None = None,
             over: list[Sprite] | None = None) -> list[pygame.Rect] | None:
        """Draw the board (and its host's ``frame``) onto the window ``surface``: the picture
        at rest from its cache, repainted only where something changed, and above it this
        frame's sprites (then the host's ``over``). Returns the rectangles changed, or None
        when the whole window was painted."""
        layout, painter = self.layout, self._painter()
        size = surface.get_size()
        if (not self._valid or self._cache is None or self._cache.get_size() != size
                or (layout is not self._painted and layout != self._painted)):
            if self._cache is None or self._cache.get_size() != size:
                self._cache = painter.surface(size)
            self._painted = layout
            paint.paint_rest(self._cache, painter, layout, self.position, self.hidden())
            if frame is not None:
                frame.paint_frame(self._cache, None)
            self._valid, full = True, True
            self._piles.clear()
            self._regions.clear()
        cache = self._cache
        changed: list[pygame.Rect] = []
        if self._piles:
            hidden = self.hidden()
            changed += [paint.repaint_pile(cache, painter, layout, self.position, pile, hidden)
                        for pile in self._piles]
            self._piles.clear()
        if self._regions and frame is not None:
            changed += frame.paint_frame(cache, frozenset(self._regions))
        self._regions.clear()
        self.dirty = False
        if self.glides.cascade is not None:
            return self._draw_cascade(surface, full, changed)
        sprites = self.sprites(alpha) + (over or [])
        if full:
            surface.blit(cache, (0, 0))
            self._prev = [surface.blit(picture, place) for picture, place in sprites]
            return None
        dirty = self._prev + changed
        for rect in dirty:
            surface.blit(cache, rect, rect)
        self._prev = [surface.blit(picture, place) for picture, place in sprites]
        return _merge(dirty + self._prev)

    def _draw_cascade(self, surface: pygame.Surface, full: bool,
                      changed: list[pygame.Rect]) -> list[pygame.Rect] | None:
        """The win cascade: the cards leave trails (painted over what the window shows); the
        host's frame (its words say a tap skips it) comes from the cache."""
        cascade, cache, layout = self.glides.cascade, self._cache, self.layout
        assert cascade is not None and cache is not None
        if full:
            surface.blit(cache, (0, 0))
        else:
            for rect in changed:
                surface.blit(cache, rect, rect)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, layout.toolbar.bottom, layout.size[0], layout.status.y - layout.toolbar.bottom))
        rects = [surface.blit(picture, place) for picture, place in paint.cascade_sprites(self._painter(), layout,
                                                                                           cascade)]
        surface.set_clip(clip)
        self._prev = []
        return None if full else [r for r in rects + changed if r.w and r.h]

    def celebrate(self, seed: int, then: Callable[[], None]) -> bool:
        """The win cascade; ``then`` follows it (at once with motion off). When it ends the
        window is painted whole (its trails go)."""
        def ended() -> None:
            self.invalidate()
            then()

        return self.glides.celebrate(seed, ended)

    def resized(self, old: Layout) -> None:
        """The window changed size: every card jumps to its place; a drag keeps its place under
        the pointer."""
        self.glides.finish()
        if self.pointer.drag is not None:
            self.pointer.relayout_drag(old)
        self.invalidate()

    # == what a screen reader reads ============================================================
    def pile_nodes(self, language: object, short: bool = False) -> list[tuple[Pile, NodeSpec]]:
        """The piles in the reading order (cells, foundations, columns), each a node named in
        the table's words with what it holds (``short``: a column by its top card), the selected
        one selected, at its place."""
        self._nodes.language(language, short)
        position, layout = self.position, self.layout
        selection = self.selection
        return [(pile, self._nodes(position, pile, selection is not None and selection.pile == pile,
                                   _bounds(layout.piles.get(pile)), clickable=self.config.interactive))
                for pile in reading_order(position.cell_count)]


def _bounds(box: Box | None) -> tuple[float, float, float, float] | None:
    return None if box is None else (float(box.x), float(box.y), float(box.x + box.w), float(box.y + box.h))


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
