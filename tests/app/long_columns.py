"""Games whose columns grow long by legal moves: a king of hearts on top of a dealt column,
and the queen to the ace of hearts put on it one by one from the cells and the tops of the
other columns, each move checked by the engine."""

from __future__ import annotations

from seahaven.engine import APP_RULES, COLUMNS, DECK, Card, Game, Move, Pile, Position, cell


def long_column_game(cells: int = 4, long: int = 1) -> tuple[Game, list[Move]]:
    """A start position dealt as the game deals (five cards a column, six in column 2 with
    one cell; the rest in the cells) with the king of hearts on top of column ``long``, and
    the twelve moves that build the queen-to-ace run on it: the column ends with 17 cards
    (18 with one cell and ``long`` 2)."""
    heights = [5] * 10
    if cells == 1:
        heights[1] = 6
    filled = 52 - sum(heights)
    movers = [Card(rank, "H") for rank in range(12, 0, -1)]
    columns: list[list[Card | None]] = [[None] * h for h in heights]
    cell_cards: list[Card | None] = [None] * cells
    king = Card(13, "H")
    columns[long - 1][-1] = king
    # where each mover waits, reachable in this order: the cells, then the other columns'
    # top cards, then the cards under those, ...
    places: list[Pile] = [cell(i) for i in range(1, filled + 1)]
    others = [n for n in range(10) if n != long - 1]
    depth = 1
    while len(places) < len(movers):
        places.extend(COLUMNS[n] for n in others if heights[n] >= depth)
        depth += 1
    where: dict[Card, tuple[Pile, int]] = {}
    taken: dict[Pile, int] = {}
    for card, pile in zip(movers, places, strict=False):
        if pile.is_cell:
            cell_cards[int(pile.key) - 1] = card
        else:
            n = COLUMNS.index(pile)
            below = taken.get(pile, 0)
            columns[n][heights[n] - 1 - below] = card
            taken[pile] = below + 1
        where[card] = (pile, 0)
    rest = iter(c for c in DECK if c.suit != "H")
    for column_cards in columns:
        for i, card in enumerate(column_cards):
            if card is None:
                column_cards[i] = next(rest)
    for i in range(filled):
        if cell_cards[i] is None:
            cell_cards[i] = next(rest)
    start = Position(cell_cards, [0, 0, 0, 0], [[c for c in col if c is not None] for col in columns])
    game = Game(start, APP_RULES)
    moves = [Move(where[card][0], COLUMNS[long - 1]) for card in movers]
    return game, moves


def long_positions(cells: int = 4, long: int = 1, least: int = 13) -> list[Position]:
    """Every position of :func:`long_column_game` whose long column holds ``least`` cards or
    more, each reached by legal moves."""
    game, moves = long_column_game(cells, long)
    out = []
    for move in moves:
        game.play(move)
        if len(game.position.cards(COLUMNS[long - 1])) >= least:
            out.append(game.position)
    return out
