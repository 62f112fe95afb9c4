"""What a board draws above its cards to point something out: the marks.

A host hands the board named layers of marks (chessground's ``drawable.autoShapes``): the
hint, the move that lost the game, an analysis's better move. Each layer is a few
:class:`Mark` values and, where it goes by itself, when it ends. The board adds its own: the
selection, where dragged cards may go and where they would go now, the piles a change
touched when motion is reduced, and the keyboard's focus ring. :func:`outlines` turns them
all into plain shapes (a box, a style) in the order they are drawn; the painter draws them.
Pure: no pygame.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from seahaven.app.board.layout import Layout
from seahaven.app.looks.box import Box
from seahaven.engine import Move, Pile, Position


class Style(enum.Enum):
    """How a mark looks (the theme gives its colour and the painter its strokes)."""

    HINT = "hint"
    """A move to make: a thick outline on its cards and on where they go, an arrow between,
    and (motion allowed) a slow pulse, so that it is seen at once on any screen."""
    MARKED = "marked"
    """A move pointed out after the fact (the move that lost the game): drawn as a hint."""
    SELECTED = "selected"
    """The cards chosen to go where the next tap or key says."""
    TARGET = "target"
    """Where the dragged cards would go if let go now."""
    LEGAL = "legal"
    """Where the dragged cards may go."""
    FLASH = "flash"
    """A pile a change touched, briefly, when motion is reduced (it stands for a glide)."""
    FOCUS = "focus"
    """The keyboard's focus ring."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A move (its cards, where they go and an arrow between) or a pile (its top ``count``
    cards; 0: the pile as a whole) pointed out in a style."""

    style: Style
    move: Move | None = None
    pile: Pile | None = None
    count: int = 1

    @staticmethod
    def of_move(move: Move, style: Style = Style.HINT) -> Mark:
        return Mark(style, move=move)

    @staticmethod
    def of_pile(pile: Pile, style: Style, count: int = 1) -> Mark:
        return Mark(style, pile=pile, count=count)


@dataclass(frozen=True, slots=True)
class Layer:
    """A host's marks under one name, about one position, and when they go by themselves
    (None: when told)."""

    marks: tuple[Mark, ...]
    about: Position
    until: float | None = None


@dataclass(frozen=True, slots=True)
class Outline:
    """One shape to draw: a box outlined in a style (``arrow``: from ``box`` to ``to``)."""

    style: Style
    box: Box
    to: Box | None = None
    """For an arrow: the box it points at."""
    ring: bool = False
    """Drawn a little outside the box (the focus ring)."""


class Marks:
    """The host's named layers of marks, each with its end; the board draws them with its own."""

    def __init__(self) -> None:
        self._layers: dict[str, Layer] = {}

    def show(self, name: str, marks: tuple[Mark, ...], about: Position, until: float | None = None) -> None:
        """Show ``marks`` as layer ``name`` (replacing what it showed), about the position
        ``about``, until ``until``."""
        self._layers[name] = Layer(marks, about, until)

    def keep_only(self, position: Position) -> bool:
        """The board shows ``position`` now: the layers about another go; True when one did."""
        gone = [name for name, layer in self._layers.items() if layer.about != position]
        for name in gone:
            del self._layers[name]
        return bool(gone)

    def hide(self, name: str | None = None) -> bool:
        """Hide layer ``name`` (None: every layer); True when something was shown."""
        if name is None:
            had = bool(self._layers)
            self._layers.clear()
            return had
        return self._layers.pop(name, None) is not None

    def layer(self, name: str) -> tuple[Mark, ...]:
        shown = self._layers.get(name)
        return shown.marks if shown is not None else ()

    def shown(self) -> tuple[Mark, ...]:
        """Every host mark, in the order its layers were shown."""
        return tuple(mark for layer in self._layers.values() for mark in layer.marks)

    def expire(self, now: float) -> bool:
        """Layers whose time has come go; True when one did."""
        gone = [name for name, layer in self._layers.items() if layer.until is not None and now >= layer.until]
        for name in gone:
            del self._layers[name]
        return bool(gone)

    def next_end(self) -> float | None:
        """When the next layer goes by itself, or None."""
        ends = [layer.until for layer in self._layers.values() if layer.until is not None]
        return min(ends) if ends else None

    def pulsing(self) -> bool:
        """A hint is shown (it pulses while motion is allowed)."""
        return any(mark.style is Style.HINT for mark in self.shown())


def pile_box(layout: Layout, position: Position, pile: Pile, count: int = 1) -> Box:
    """The box around the top ``count`` cards of ``pile`` (the slot when it is empty or
    ``count`` is 0: the pile as a whole from its first card)."""
    cards = position.cards(pile) if position.has_pile(pile) else ()
    if not cards:
        return layout.piles[pile]
    first = layout.card_box(pile, 0 if count <= 0 else max(0, len(cards) - count), len(cards))
    last = layout.card_box(pile, len(cards) - 1, len(cards))
    return Box(first.x, first.y, first.w, last.bottom - first.y)


def outlines(layout: Layout, position: Position, marks: tuple[Mark, ...]) -> list[Outline]:
    """The shapes ``marks`` make on ``layout`` showing ``position``, in drawing order: piles
    first, then moves (their outlines, then their arrows on top)."""
    shapes: list[Outline] = []
    arrows: list[Outline] = []
    for mark in marks:
        if mark.move is not None:
            move = mark.move
            if not (position.has_pile(move.source) and position.has_pile(move.dest)):
                continue
            source = pile_box(layout, position, move.source, move.size)
            dest = pile_box(layout, position, move.dest)
            shapes.append(Outline(mark.style, source))
            shapes.append(Outline(mark.style, dest))
            arrows.append(Outline(mark.style, source, to=dest))
        elif mark.pile is not None and position.has_pile(mark.pile):
            shapes.append(Outline(mark.style, pile_box(layout, position, mark.pile, mark.count),
                                  ring=mark.style is Style.FOCUS))
    return shapes + arrows
