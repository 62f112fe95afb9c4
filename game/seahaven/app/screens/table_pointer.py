"""The table's pointer: mouse and finger events, translated into the one pointer vocabulary,
fed to the board's pointer machine (:mod:`seahaven.app.board.pointer`), whose intents the
table carries out and animates; and what the pointer hovers over (the toolbar's tooltips)."""

from __future__ import annotations

import pygame

from seahaven.app.board.pointer import (
    Answer,
    BoardPointer,
    Button,
    Deselected,
    Drag,
    Dragged,
    Dropped,
    Intent,
    Lifted,
    Peek,
    Press,
)
from seahaven.app.kit.input import Pointer, PointerInput
from seahaven.app.screens.table_api import Table
from seahaven.engine import Pile

__all__ = ["Drag", "Press", "TablePointer"]


class TablePointer:
    """The table's end of the board's pointer machine, and the hover."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table scene (screens/table.py), which sits above its parts."""
        self.app = table.app
        self.board = BoardPointer(lambda: table.current, lambda: table.layout, table.button_at)
        """The press, the drag and the hand: owned by the board's machine."""
        self.hand = self.board.hand
        self.input = PointerInput(table.app.settings.double_tap_ms)
        self.hover: str | None = None
        self.hover_since = 0.0
        self.pointer_pos: tuple[float, float] = (-1, -1)
        self.tooltip_shown = False
        self.peeked_pile: Pile | None = None
        """The pile of the card a peek shows (repainted when the peek ends)."""

    @property
    def press(self) -> Press | None:
        return self.board.press

    @property
    def drag(self) -> Drag | None:
        return self.board.drag

    def handle(self, event: object) -> None:
        """A mouse or touch event: translated (one vocabulary for both), then acted on."""
        self.input.size = self.app.size
        self.input.double_tap_ms = self.app.settings.double_tap_ms
        pointer = self.input.translate(event)
        if pointer is not None:
            self.on_pointer(pointer)

    def held(self) -> None:
        """Time passed: a press held still may become a peek."""
        for intent in self.board.held(self.app_ms()):
            self.carry_out(intent)

    def hold_wait(self) -> float | None:
        """Seconds until a press held still becomes a peek (None: no such press)."""
        due = self.board.hold_due()
        return None if due is None else max(0.0, (due - self.app_ms()) / 1000)

    @staticmethod
    def app_ms() -> int:
        """The clock the pointer's events are stamped with (SDL's milliseconds)."""
        return pygame.time.get_ticks()

    def cancel_pointer(self) -> None:
        """Forget a press or drag in progress (a window opened, focus was lost)."""
        for intent in self.board.end_peek():
            self.carry_out(intent)
        self.cancel_drag()
        self.board.forget_press()
        self.input.reset()

    def cancel_drag(self) -> None:
        """The dragged cards glide back from under the pointer."""
        if self.board.drag is None:
            return
        before = self.table.where_now()
        self.board.landed()
        self.table.glide_from(before)

    def on_pointer(self, p: Pointer) -> None:
        if p.kind not in ("down", "move", "up", "cancel", "secondary_up"):
            return  # the wheel, or the mouse while a finger is down: no gesture on the table
        if p.kind == "down":
            self.table.player_acts()
            if not self.table.on_top():
                return  # the end of the cascade opened a window: it takes the next input
            self.table.hide_focus()
            self.set_hover(None)
        self.pointer_pos = p.pos
        if p.kind == "move" and self.board.press is None and not p.touch:
            self.set_hover(self.table.layout.button_at(*p.pos))
        if p.kind == "cancel" and self.board.drag is not None:
            self.cancel_pointer()
            return
        for intent in self.board.on_pointer(p):
            self.carry_out(intent)

    def carry_out(self, intent: Intent) -> None:
        """Do what the board's machine asks."""
        table = self.table
        if isinstance(intent, Answer):
            table.carry_out(intent.answer)
        elif isinstance(intent, Lifted):
            table.mark_pile(intent.pile)
            self.app.play_sound("pick_up")
            table.dirty = True
        elif isinstance(intent, Peek):
            was, self.peeked_pile = self.peeked_pile, intent.at[0] if intent.at is not None else None
            for pile in (was, self.peeked_pile):
                if pile is not None:
                    table.mark_pile(pile)
            table.dirty = True
        elif isinstance(intent, Dragged | Deselected):
            table.dirty = True
        elif isinstance(intent, Button):
            table.mark_region("toolbar")
            if intent.released:
                table.action(intent.name)
        elif isinstance(intent, Dropped):
            table.dirty = True
            if intent.move is not None and table.play(intent.move) is not None:
                self.board.landed()  # the cards glide on from where they were dropped
                return
            self.cancel_drag()
            if intent.refusal is not None:
                table.refuse(intent.refusal)

    def set_hover(self, name: str | None) -> None:
        if name != self.hover:
            if self.tooltip_shown:
                self.table.dirty = True
            self.hover = name
            self.hover_since = self.app.time
            self.tooltip_shown = False
            self.table.mark_region("toolbar")
