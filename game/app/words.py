"""The game's words in one place: the names of the difficulties and plurals."""

from __future__ import annotations

DIFFICULTY_NAMES = {4: "Easy", 2: "Medium", 1: "Hard"}
"""Cells -> the difficulty's name (SPEC 2), in the order the game offers them."""


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s unless there is one: "1 card", "3 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def cells_phrase(cells: int) -> str:
    """How many cells a difficulty has, in words: "4 cells", "1 cell"."""
    return plural(cells, "cell")
