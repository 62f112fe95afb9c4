"""Errors the engine raises. ``str(error)`` is an English sentence for the command line;
an illegal move also carries its :class:`~seahaven.engine.reasons.Reason` as data, which the
app puts into the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from seahaven.engine.reasons import Reason


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


class IllegalMove(SeahavenError):
    """A well-formed move that the rules do not allow in this position; ``reason`` says why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


class CannotLift(IllegalMove):
    """The pressed card cannot be picked up (not a run, or the run is too long)."""

    @property
    def limit(self) -> int | None:
        """How many cards can be picked up now, when the run was too long."""
        return self.reason.limit if self.reason.limit else None
