"""The board's keys, declared once for every board (the table's and Help's example): 1-0 and
the keypad pick a column, a-d a cell, f sends the chosen card home (SPEC 4). What a key
does with its pile is the hand's (``Hand.key_pile``, ``Hand.key_foundation``).

:data:`BOARD_KEYS` says what each of the table's fixed keys means: the table's keyboard
(``screens/table/scene.py``) acts on it and Help's Keyboard page lists it, so the two cannot
disagree. :data:`KEY_NAMES` names a key as the player reads it ("Space", "Page Up"), the
spelling the table's actions and the replay's commands declare their keys in
(``words.key_text`` puts it in the player's language).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from seahaven.engine import CELLS, COLUMNS, Pile
from seahaven.i18n import N_

PILE_KEYS: dict[int, Pile] = {getattr(pygame, f"K_{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)}
PILE_KEYS.update({getattr(pygame, f"K_KP{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)})
CELL_KEYS: dict[int, Pile] = {pygame.K_a: CELLS[0], pygame.K_b: CELLS[1], pygame.K_c: CELLS[2], pygame.K_d: CELLS[3]}
FOUNDATION_KEY = pygame.K_f
"""The selected card (or the focused pile's top card) to its foundation."""
PEEK_KEY = pygame.K_p
"""Held down: the focused pile's cards shown whole, enlarged, until it is let go."""
SEND_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)


@dataclass(frozen=True)
class BoardKey:
    """One of the table's fixed keys (or a group of them): what it asks of the board, and
    Help's row for it."""

    does: str
    """What the keyboard asks: "pile", "cell", "foundation", "send", "focus", "peek" or "look"
    (Shift with a pile's key: no key of its own)."""
    codes: tuple[int, ...]
    """The pygame keys."""
    shown: str
    """Help's key column (marked for translation where it has words)."""
    meaning: str
    """Help's line: what the keys do (marked for translation)."""


BOARD_KEYS: tuple[BoardKey, ...] = (
    BoardKey("pile", tuple(PILE_KEYS), "1 \u2026 9, 0",
             N_("Column 1 \u2026 10: the first key picks up the run on top, the second drops it there")),
    BoardKey("cell", tuple(CELL_KEYS), "A, B, C, D", N_("Cell 1, 2, 3, 4")),
    # Translators: a heading of Help's Keyboard page, over the keys that move cards to a foundation.
    BoardKey("foundation", (FOUNDATION_KEY,), "F", N_("The foundation")),
    # Translators: keys in Help's Keyboard table; translate the key names as the keyboard names them.
    BoardKey("send", SEND_KEYS, N_("Enter, Space"), N_("Send the selection where a double-tap would send it")),
    # Translators: keys in Help's Keyboard table: the arrow keys, Tab and Shift+Tab.
    BoardKey("focus", FOCUS_KEYS, N_("Arrows, Tab, Shift+Tab"), N_("Move the focus ring from pile to pile")),
    BoardKey("peek", (PEEK_KEY,), "P", N_("Hold: the focused pile's cards shown whole and enlarged")),
    BoardKey("look", (), N_("Shift+1 \u2026 0, Shift+A \u2026 D"),
             N_("Read a pile to a screen reader without picking it up")),
)
"""The table's fixed keys, in Help's order ("Moving cards with the keys")."""

_DOES: dict[int, str] = {code: key.does for key in BOARD_KEYS for code in key.codes}


def board_key(code: int) -> str | None:
    """What a pygame key asks of the table's board (:attr:`BoardKey.does`), or None."""
    return _DOES.get(code)


def looked_at(code: int) -> Pile | None:
    """The pile whose key ``code`` is (with Shift: read it, pick nothing up), or None."""
    return PILE_KEYS.get(code) or CELL_KEYS.get(code)


def board_key_rows() -> tuple[tuple[str, str], ...]:
    """Help's rows for the fixed keys: (keys, what they do), both still to be translated."""
    return tuple((key.shown, key.meaning) for key in BOARD_KEYS)


KEY_NAMES: dict[int, str] = {pygame.K_ESCAPE: "Esc", pygame.K_SPACE: "Space", pygame.K_RETURN: "Enter",
                             pygame.K_DELETE: "Del", pygame.K_BACKSPACE: "Backspace"}
KEY_NAMES.update({getattr(pygame, f"K_F{n}"): f"F{n}" for n in range(1, 13)})
KEY_NAMES.update({getattr(pygame, f"K_{ch}"): ch.upper() for ch in "abcdefghijklmnopqrstuvwxyz0123456789"})
KEY_NAMES.update({pygame.K_PLUS: "+", pygame.K_KP_PLUS: "+", pygame.K_EQUALS: "+"})
"""Plus on the = key too (as on a US keyboard)."""
KEY_NAMES.update({pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-", pygame.K_LEFT: "Left", pygame.K_RIGHT: "Right",
                  pygame.K_HOME: "Home", pygame.K_END: "End", pygame.K_PAGEUP: "Page Up",
                  pygame.K_PAGEDOWN: "Page Down"})

