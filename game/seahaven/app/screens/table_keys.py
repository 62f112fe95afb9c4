"""The table's keyboard: the actions' keys (declared with the actions, in
``screens/actions.py``), the fixed keys that pick piles, send, move the focus and peek
(declared once in ``board/keys.py``, which Help's Keyboard page lists too), and the focus
ring that shows which pile the arrows, Enter and f act on (SPEC 4)."""

from __future__ import annotations

from typing import Any

import pygame

from seahaven.app.board.keys import CELL_KEYS, KEY_NAMES, PEEK_KEY, PILE_KEYS, board_key
from seahaven.app.screens import actions
from seahaven.app.screens.table_api import Table
from seahaven.app.text.words import cells_phrase
from seahaven.engine import CELLS, COLUMNS, FOUNDATIONS, Pile
from seahaven.i18n import _

MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
"""With Ctrl: smaller cards (Help names it with Ctrl+plus: it is no chord of the actions)."""
PINCH_STEP = 0.04
"""How far two fingers must spread (or close), as a share of the window, for one step of
the card size."""
MODIFIER_KEYS = (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT,
                 pygame.K_LMETA, pygame.K_RMETA)


def chord(event: Any) -> str | None:
    """A key as the actions name it: "Ctrl+Shift+Z", "U", "F11", "Esc" (None: no name)."""
    name = KEY_NAMES.get(event.key)
    if name is None:
        return None
    ctrl = "Ctrl+" if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) else ""
    shift = "Shift+" if event.mod & pygame.KMOD_SHIFT else ""
    return f"{ctrl}{shift}{name}"


class TableKeys:
    """Which pile the keyboard focus is on, and whether its ring is on show."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table scene (screens/table.py), which sits above its parts."""
        self.app = table.app
        self.hand = table.hand
        self.focus: Pile = COLUMNS[0]
        self.show_focus = False
        self.peeking: Pile | None = None
        """The pile whose cards the peek key shows whole (None: no key peek)."""
        self._pinch = 0.0

    def on_key(self, event: Any) -> None:
        key, mods = event.key, event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        if key in MODIFIER_KEYS:
            return
        stopped = self.table.demo_running()  # Ctrl+D while the demo plays: only stop it
        self.table.player_acts()
        if not self.table.on_top():
            return
        named = chord(event)
        action = actions.ACTIONS.for_key(named) if named is not None else None
        if action is not None:
            if not (stopped and action.name == "demo"):
                action.run(self.table)  # disabled or not: the action says why nothing happens
            return
        if ctrl:
            if key in MINUS_KEYS:
                actions.card_size_step(self.table, -1)
            return
        does = board_key(key)
        if shift and does in ("pile", "cell"):  # look only: hear another pile without picking it up
            self.look(PILE_KEYS[key] if does == "pile" else CELL_KEYS[key])
        elif does == "pile":
            self.key_pile(PILE_KEYS[key])
        elif does == "cell":
            pile = CELL_KEYS[key]
            if self.table.position.has_pile(pile):
                self.key_pile(pile)
            else:
                self.table.say(_("This game has {cells}.").format(cells=cells_phrase(self.table.position.cell_count)))
        elif does == "foundation":
            self.key_foundation()
        elif does == "peek":
            if self.peeking != self.focus and self.table.position.cards(self.focus):
                self.peeking = self.focus
                self.table.dirty = True
        elif does == "send":
            if self.focus_visible() or self.hand.selection is not None:
                self.key_send()
            else:
                self.show_focus_ring()  # nothing the player can see is chosen: show what is, first
        elif does == "focus":
            if self.focus_visible():
                self.move_focus(key, shift)
            else:
                self.show_focus_ring()

    def on_other(self, event: Any) -> None:
        """A key let go (the peek key ends its peek) or a pinch (each step of spread or
        closing changes the card size)."""
        if event.type == pygame.KEYUP:
            if event.key == PEEK_KEY and self.peeking is not None:
                self.table.mark_pile(self.peeking)
                self.peeking = None
            return
        if getattr(event, "num_fingers", 0) != 2:
            return
        self._pinch += float(getattr(event, "pinched", 0.0))
        if abs(self._pinch) >= PINCH_STEP:
            actions.card_size_step(self.table, 1 if self._pinch > 0 else -1)
            self._pinch = 0.0

    def key_pile(self, pile: Pile) -> None:
        self.show_focus = True
        self.focus = pile
        self.table.carry_out(self.hand.key_pile(self.table.position, self.table.rules, pile))
        self.focus = pile

    def look(self, pile: Pile) -> None:
        """Shift and a pile's key: the focus goes to the pile and a screen reader reads it in
        full; nothing is picked up, dropped or moved."""
        if self.table.position.has_pile(pile):
            self.focus, self.show_focus = pile, True
            self.table.read_aloud("pile")
            self.table.dirty = True

    def key_foundation(self) -> None:
        self.show_focus = True
        self.table.carry_out(self.hand.key_foundation(self.table.position, self.table.rules, self.focus))

    def key_send(self) -> None:
        self.show_focus = True
        self.table.carry_out(self.hand.key_send(self.table.position, self.table.rules, self.focus))

    def focus_visible(self) -> bool:
        """The keyboard focus ring is on show (not after a pointer action, nor under a hint)."""
        return self.show_focus and self.table.hint is None

    def show_focus_ring(self) -> None:
        """The first arrow key (or Enter with nothing chosen) only shows where the focus is."""
        self.show_focus = True
        self.table.hint = None
        self.table.say(_("Arrows move the ring; Enter sends its cards; 1-0 and a-d pick a pile."), fleeting=True)
        self.table.dirty = True

    def move_focus(self, key: int, shift: bool) -> None:
        top_row = list(CELLS[: self.table.position.cell_count]) + list(FOUNDATIONS)
        rows = [top_row, list(COLUMNS)]
        current = self.focus
        self.show_focus = True
        self.table.dirty = True
        r = 0 if current in top_row else 1
        row = rows[r]
        i = row.index(current) if current in row else 0
        if key == pygame.K_TAB:
            order = top_row + list(COLUMNS)
            j = order.index(current) if current in order else 0
            self.focus = order[(j + (-1 if shift else 1)) % len(order)]
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            if r == 0 and self.app.settings.left_handed:  # as seen: the foundations on the left
                row = list(FOUNDATIONS) + list(CELLS[: self.table.position.cell_count])
                i = row.index(current) if current in row else 0
            self.focus = row[(i + (1 if key == pygame.K_RIGHT else -1)) % len(row)]
        else:
            self.focus = self.table.layout.pile_above(current, top_row + list(COLUMNS), down=key == pygame.K_DOWN)
