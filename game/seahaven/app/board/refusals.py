"""Why a gesture on a board does nothing, as data and in words: a rule's
:class:`~seahaven.engine.Reason`, or a :class:`Prompt` of the board's own (the card has
nowhere to go; pick a card first), in a :class:`Refusal` that also says which cards shake.
The hand (:mod:`seahaven.app.board.hand`) decides the refusal; :func:`refusal_text` words it
for the status line, Help's board line and a screen reader."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from seahaven.app.text.words import card_name, cells_phrase, reason_text, sentence
from seahaven.engine import Card, Pile, Reason
from seahaven.i18n import _


class Ask(enum.Enum):
    """What the board asks of the player when a gesture means nothing yet."""

    NO_PLACE = enum.auto()
    """The card (or run) has nowhere to go now."""
    PICK_FOR_HOME = enum.auto()
    """F with nothing chosen: pick a card first."""
    PICK_FOR_SEND = enum.auto()
    """Enter with nothing chosen: pick a card first."""
    NO_SUCH_CELL = enum.auto()
    """A cell's key in a game with fewer cells (``cells`` says how many it has)."""
    RING = enum.auto()
    """The first arrow key (or Enter with nothing chosen) shows the focus ring: how to use it."""


@dataclass(frozen=True)
class Prompt:
    """A refusal of the board's own (not a rule's): ``ask``, about ``card``."""

    ask: Ask
    card: Card | None = None
    cells: int = 0
    """How many cells the game has (for :attr:`Ask.NO_SUCH_CELL`)."""


@dataclass(frozen=True)
class Refusal:
    """Why nothing happens. ``shake`` names the cards that cannot be lifted (pile, index);
    a ``gentle`` refusal is a hint of what to do, not a mistake (no warning, no sound)."""

    reason: Reason | Prompt | None
    """Why, as data (None for a drop on no pile); the screen words it."""
    shake: tuple[Pile, int] | None = None
    gentle: bool = False


def refusal_text(reason: Reason | Prompt | None) -> str:
    """Why a gesture did nothing, as one sentence ("" for a drop on no pile)."""
    if reason is None:
        return ""
    if isinstance(reason, Reason):
        return reason_text(reason)
    if reason.ask is Ask.NO_PLACE:
        # Translators: said (status line) when a card that was double-tapped has no move; {card} is a card as a subject.
        return sentence(_("{card} has nowhere to go now.").format(card=card_name(reason.card)))
    if reason.ask is Ask.PICK_FOR_HOME:
        return _("Pick a card first (1-0, a-d), then f sends it home.")
    if reason.ask is Ask.NO_SUCH_CELL:
        # Translators: said (status line) when a cell key is pressed that the game does not have; {cells} is "2 cells".
        return _("This game has {cells}.").format(cells=cells_phrase(reason.cells))
    if reason.ask is Ask.RING:
        return _("Arrows move the ring; Enter sends its cards; 1-0 and a-d pick a pile.")
    return _("Pick a card first: 1-0 pick columns, a-d the cells.")
