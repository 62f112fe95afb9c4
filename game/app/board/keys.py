"""The board's keys, declared once for every board (the table's and Help's example): 1-0 and
the keypad pick a column, a-d a cell, f sends the chosen card home (SPEC 4). What a key
does with its pile is the hand's (``Hand.key_pile``, ``Hand.key_foundation``)."""

from __future__ import annotations

import pygame

from seahaven.engine import CELLS, COLUMNS, Pile

PILE_KEYS: dict[int, Pile] = {getattr(pygame, f"K_{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)}
PILE_KEYS.update({getattr(pygame, f"K_KP{n % 10}"): COLUMNS[n - 1] for n in range(1, 11)})
CELL_KEYS: dict[int, Pile] = {pygame.K_a: CELLS[0], pygame.K_b: CELLS[1], pygame.K_c: CELLS[2], pygame.K_d: CELLS[3]}
FOUNDATION_KEY = pygame.K_f
"""The selected card (or the focused pile's top card) to its foundation."""
