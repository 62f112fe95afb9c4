"""The table's pointer: presses, taps, double-taps and drags of mouse and finger, turned
into intents (the hand decides what they mean; the table carries it out and animates)."""

from __future__ import annotations

from dataclasses import dataclass

from seahaven.app.hand import Refusal
from seahaven.app.input import Pointer, PointerInput
from seahaven.app.layout import Box, Layout
from seahaven.app.screens.table_api import Table
from seahaven.engine import CannotLift, Card, Move, Pile, gestures

DRAG_THRESHOLD = 6
"""Pixels a mouse must move before a press becomes a drag (a finger: twice that)."""


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


class TablePointer:
    """The press or drag in progress, and what the pointer hovers over."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table scene (screens/table.py), which sits above its parts."""
        self.app = table.app
        self.hand = table.hand
        self.input = PointerInput(table.app.settings.double_tap_ms)
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.hover: str | None = None
        self.hover_since = 0.0
        self.pointer_pos: tuple[float, float] = (-1, -1)
        self.tooltip_shown = False

    def handle(self, event: object) -> None:
        """A mouse or touch event: translated (one vocabulary for both), then acted on."""
        self.input.size = self.app.size
        self.input.double_tap_ms = self.app.settings.double_tap_ms
        pointer = self.input.translate(event)
        if pointer is not None:
            self.on_pointer(pointer)

    def cancel_pointer(self) -> None:
        """Forget a press or drag in progress (a window opened, focus was lost)."""
        self.cancel_drag()
        self.press = None
        self.input.reset()

    def cancel_drag(self) -> None:
        if self.drag is None:
            return
        before = self.table.where_now()
        self.drag = None
        self.table.glide_from(before)

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
                self.table.dirty = True

    def on_down(self, p: Pointer) -> None:
        self.table.player_acts()
        if self.app.scenes.top is not self.table:
            return  # the end of the cascade opened a window: it takes the next input
        self.pointer_pos = p.pos
        self.table.hide_focus()
        self.set_hover(None)
        layout = self.table.layout
        button = self.table.button_at(p.pos)
        if button is not None:
            self.press = Press(p.pos, None, None, 0, False, p.touch, button=button)
            self.table.mark_region("toolbar")
            return
        hit = layout.hit(self.table.position, *p.pos)
        pile, index = hit if hit is not None else (None, None)
        double = self.hand.is_double(self.table.position, pile, index, p.clicks)
        count = 0
        if pile is not None and index is not None:
            lifted = self.hand.press(self.table.position, self.table.rules, pile, index, double)
            if isinstance(lifted, Refusal):
                self.table.refuse(lifted)
            else:
                count = lifted
        self.press = Press(p.pos, pile, index, count, double, p.touch)

    def on_move(self, p: Pointer) -> None:
        self.pointer_pos = p.pos
        press = self.press
        if press is None:
            if not p.touch:
                self.set_hover(self.table.layout.button_at(*p.pos))
            return
        if self.drag is not None:
            self.drag_to(p.pos)
            return
        if press.button is not None:
            return
        threshold = DRAG_THRESHOLD * (2 if press.touch else 1)
        dx, dy = p.pos[0] - press.pos[0], p.pos[1] - press.pos[1]
        if press.count and press.pile is not None and press.index is not None and dx * dx + dy * dy > threshold**2:
            self.start_drag(press, p.pos)

    def set_hover(self, name: str | None) -> None:
        if name != self.hover:
            if self.tooltip_shown:
                self.table.dirty = True
            self.hover = name
            self.hover_since = self.app.time
            self.tooltip_shown = False
            self.table.mark_region("toolbar")

    def start_drag(self, press: Press, pos: tuple[float, float]) -> None:
        assert press.pile is not None and press.index is not None
        position, layout = self.table.position, self.table.layout
        try:  # the table may have changed since the press (a key, a window): ask again
            gestures.lift(position, press.pile, press.index, self.table.rules)
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
            destinations=gestures.destinations(position, press.pile, count, self.table.rules),
        )
        self.drag.target = self.drop_target()
        self.table.mark_pile(press.pile)
        self.app.play_sound("pick_up")
        self.table.dirty = True

    def relayout_drag(self, old: Layout) -> None:
        drag = self.drag
        assert drag is not None
        cards = self.table.position.cards(drag.pile)
        layout = self.table.layout
        head = layout.card_box(drag.pile, drag.index, len(cards))
        drag.offsets = [layout.card_box(drag.pile, i, len(cards)).y - head.y for i in range(drag.index, len(cards))]
        sx, sy = layout.size[0] / old.size[0], layout.size[1] / old.size[1]
        drag.pos = (drag.pos[0] * sx, drag.pos[1] * sy)
        drag.target = self.drop_target()

    def drag_boxes(self) -> list[Box]:
        drag = self.drag
        assert drag is not None
        layout = self.table.layout
        x = drag.pos[0] - drag.grab[0] * layout.card_w
        y = drag.pos[1] - drag.grab[1] * layout.card_h
        return [Box(round(x), round(y + off), layout.card_w, layout.card_h) for off in drag.offsets]

    def lift_offset(self) -> int:
        """How far a lifted card is drawn up and left of its place (its shadow shows)."""
        return max(1, max(3, self.table.layout.card_w // 14) // 3)

    def drop_target(self) -> Pile | None:
        drag = self.drag
        assert drag is not None
        return self.table.layout.drop_target(self.drag_boxes()[0], exclude=drag.pile)

    def drag_to(self, pos: tuple[float, float]) -> None:
        drag = self.drag
        assert drag is not None
        drag.pos = pos
        drag.target = self.drop_target()
        self.table.dirty = True

    def on_up(self, p: Pointer) -> None:
        table = self.table
        press, self.press = self.press, None
        self.pointer_pos = p.pos
        if press is None:
            return
        if self.drag is not None:
            self.drag_to(p.pos)
            self.drop()
            return
        if press.button is not None:
            self.table.mark_region("toolbar")
            if self.table.button_at(p.pos) == press.button:
                self.table.action(press.button)
            return
        if press.double is None:
            self.hand.last_tap = None  # the first tap already moved this card
        elif press.double:
            self.table.carry_out(self.hand.double_tap(table.position, table.rules, press.pile, press.index))
        else:
            self.table.carry_out(self.hand.tap(table.position, table.rules, press.pile, press.index, press.count))

    def drop(self) -> None:
        drag = self.drag
        assert drag is not None
        answer = self.hand.drop(self.table.position, self.table.rules, drag.pile, len(drag.cards), drag.target)
        if isinstance(answer, Move):
            if self.table.play(answer) is not None:
                self.drag = None  # the cards glide on from where they were dropped
            else:
                self.cancel_drag()
            return
        self.cancel_drag()
        self.table.refuse(answer)
