"""What a press, tap, double-tap or drop means (SPEC 4). The front end only finds which
pile and card is under the pointer; every decision is made here.

``index`` is the pressed card's place in its pile, counted from the bottom (0), as in
``position.cards(pile)``; cells and foundations show one card, index 0.
"""

from __future__ import annotations

from seahaven.engine.cards import CELLS, COLUMNS, KING, Move, Pile, foundation
from seahaven.engine.position import APP_RULES, Position, Rules, run_length
from seahaven.engine.reasons import CannotLift, IllegalMove, Reason, Why


def lift(position: Position, pile: Pile, index: int, rules: Rules = APP_RULES) -> int:
    """How many cards pressing card ``index`` of ``pile`` picks up (the card and all above
    it). Raises :class:`CannotLift` saying why when they cannot move together."""
    if not position.has_pile(pile):
        raise CannotLift(Reason(Why.NO_SUCH_PILE, pile, count=position.cell_count))
    cards = position.cards(pile)
    if not 0 <= index < len(cards):
        raise CannotLift(Reason(Why.NO_CARD_THERE, pile))
    count = len(cards) - index
    if count == 1:
        return 1
    if run_length(cards) < count:
        raise CannotLift(Reason(Why.CANNOT_LIFT, pile))
    limit = position.pickup_limit(rules)
    if count > limit:
        raise CannotLift(Reason(Why.TOO_MANY, pile, count=count, limit=limit))
    return count


def longest_lift(position: Position, pile: Pile, rules: Rules = APP_RULES) -> int:
    """How many cards the longest pick-up from the top of ``pile`` holds: its run of one
    suit in order, cut to what may move together now; 0 for an empty (or absent) pile."""
    if not position.has_pile(pile):
        return 0
    cards = position.cards(pile)
    if not cards:
        return 0
    if pile.is_foundation or pile.is_cell:
        return 1
    return max(1, min(run_length(cards), position.pickup_limit(rules)))


def drop_most(position: Position, source: Pile, count: int, dest: Pile, rules: Rules = APP_RULES) -> Move:
    """The move of the most of the ``count`` cards held from ``source`` (the top part of
    the run) that ``dest`` takes: a keyboard drop of a selection. Raises
    :class:`IllegalMove` saying why not even the top card may go there."""
    reason: IllegalMove | None = None
    for n in range(count, 0, -1):
        try:
            return drop(position, source, n, dest, rules)
        except IllegalMove as error:
            reason = reason or error
    raise reason if reason is not None else IllegalMove(Reason(Why.NOTHING_HELD))


def tap(position: Position, pile: Pile, index: int, rules: Rules = APP_RULES) -> Move | None:
    """The move a single tap makes: the card home to its foundation if it may go there;
    otherwise None, and the front end selects the card."""
    cards = position.cards(pile) if position.has_pile(pile) else ()
    if pile.is_foundation or index != len(cards) - 1 or not cards:
        return None
    move = Move(pile, foundation(cards[-1].suit), 1)
    return move if position.is_legal(move, rules) else None


def double_tap(position: Position, pile: Pile, index: int, rules: Rules = APP_RULES) -> Move | None:
    """Where a double-tap sends the card (or the run it heads), in SPEC 4's order: its
    foundation; the longest column that accepts it (leftmost on a tie); an empty column
    (king-led only, leftmost); the first free cell (single cards only). None if nowhere.

    Raises :class:`CannotLift` when the pressed cards cannot be picked up at all.
    Take-backs are never made by a double-tap, and cards are not shuffled between cells
    or between empty columns, which would change nothing.
    """
    if pile.is_foundation:
        return None
    count = lift(position, pile, index, rules)
    cards = position.cards(pile)
    if count == 1:
        home = Move(pile, foundation(cards[-1].suit), 1)
        if position.is_legal(home, rules):
            return home
    columns = [
        (dest, len(position.columns[n])) for n, dest in enumerate(COLUMNS) if position.columns[n]
    ]
    columns.sort(key=lambda item: -item[1])  # stable: leftmost first among equal lengths
    for dest, _length in columns:
        move = Move(pile, dest, count)
        if position.is_legal(move, rules):
            return move
    whole_column = pile.is_column and count == len(cards)
    if cards[-count].rank == KING and not whole_column:
        for n, dest in enumerate(COLUMNS):
            if not position.columns[n]:
                move = Move(pile, dest, count)
                if position.is_legal(move, rules):
                    return move
                break  # the leftmost empty column is the only candidate
    if count == 1 and not pile.is_cell:
        for n, dest in enumerate(CELLS[: position.cell_count]):
            if position.cells[n] is None:
                return Move(pile, dest, 1)
    return None


def drop_move(position: Position, source: Pile, count: int, dest: Pile) -> Move:
    """The move meant by dropping ``count`` lifted cards from ``source`` on ``dest``, not
    yet checked: playing it checks it (once). Any foundation stands for the card's own
    one. Raises :class:`IllegalMove` when the cards are dropped where they were lifted."""
    if source == dest:
        raise IllegalMove(Reason(Why.BACK_WHERE_THEY_WERE))
    if dest.is_foundation and count == 1 and position.has_pile(source):
        cards = position.cards(source)
        if cards:
            dest = foundation(cards[-1].suit)
    return Move(source, dest, count)


def drop(position: Position, source: Pile, count: int, dest: Pile, rules: Rules = APP_RULES) -> Move:
    """The legal move meant by dropping ``count`` lifted cards from ``source`` on ``dest``
    (or by tapping ``dest`` with them selected). Raises :class:`IllegalMove` saying why
    the drop is refused."""
    move = drop_move(position, source, count, dest)
    position.check(move, rules)
    return move


def destinations(position: Position, source: Pile, count: int, rules: Rules = APP_RULES) -> list[Pile]:
    """Every pile where the lifted cards may be dropped, to highlight while dragging."""
    return [
        dest
        for dest in position.piles()
        if dest != source and position.is_legal(Move(source, dest, count), rules)
    ]
