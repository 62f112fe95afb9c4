"""Errors the engine raises about bad input. ``str(error)`` is an English sentence for the
command line. The refusals of the rules (an illegal move, a card that cannot be lifted) live
beside their :class:`~seahaven.engine.reasons.Reason` in ``seahaven.engine.reasons``, so this
module needs nothing of the engine and the cards can import it."""

from __future__ import annotations

from typing import Any


def quote(value: object, limit: int = 24) -> str:
    """``repr(value)`` cut to ``limit`` characters, so hostile input cannot flood a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class SeahavenError(ValueError):
    """Base of every error the engine raises about bad input or an illegal action."""


class InvalidCard(SeahavenError):
    """A card's text is not a rank followed by a suit, like ``TH``."""


class InvalidPile(SeahavenError):
    """A pile's name is not one of ``col1``..``col10``, ``cell1``..``cell4``, ``found-X``."""


class InvalidMove(SeahavenError):
    """A move's text or JSON is malformed (not the same as an illegal move)."""


class InvalidCode(SeahavenError):
    """A game code cannot be read; ``why`` (a ``codes.CodeWhy``), ``text`` and ``place``
    say what is wrong, as data."""

    why: Any = None
    text: str = ""
    place: int = 0


class InvalidPosition(SeahavenError):
    """A position is malformed or impossible (cards missing, doubled, unknown)."""


class InvalidRecord(SeahavenError):
    """A game record (position or code plus moves) is malformed."""
