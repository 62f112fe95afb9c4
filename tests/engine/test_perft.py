"""Pinned legal-move counts (like chess "perft"): any change to move generation shows up.

Each case: a board, the number of legal moves under the app's and the classic run limit,
and the number of moves two plies deep (the sum over each legal move of the legal moves
after it). The seed example's counts were checked by hand (see test_hand_count).
"""

from __future__ import annotations

import pytest

from seahaven.engine import APP_RULES, CLASSIC_RULES, Position
from seahaven.engine.boards import from_fcs

PERFT = [
    (
        'deal SH1-C4-AAAAAJ2',
        'Foundations: H-0 C-0 D-0 S-0\nFreecells: 3S 4D - -\n: KH 3C 4S QS 6H\n: AD 9C AS 8C 9H\n: KD 2C 5C 5D QH\n: 2D 7C AH JH KS\n: 6S JS 4H TH 2H\n: QC 7D 7S 5H 3D\n: AC 5S 3H JD 7H\n: QD JC 8S 9D 8H\n: KC 4C 8D 9S TS\n: TD 6C 2S TC 6D\n',
        27, 27, 513, 513,
    ),
    (
        'deal SH1-C2-AAAAAAA',
        'Foundations: H-0 C-0 D-0 S-0\nFreecells: KC TH\n: 8S JC AH QC 9S\n: JH 7C 6C JD 7D\n: 9C 9H 4S 3S JS\n: 2S 8C TD 4D 6H\n: 2D QS 5D 2H KS\n: QD KH 8H 9D 4C\n: 6S 5H 8D 3C 7H\n: TC 2C AD KD 5S\n: 3D 3H QH AS 6D\n: AC 5C TS 7S 4H\n',
        2, 2, 3, 3,
    ),
    (
        'deal SH1-C1-7777777',
        'Foundations: H-0 C-0 D-0 S-0\nFreecells: QH\n: QD 5D TS TD TH\n: KC 9C JD 6C 9D 2S\n: 7D TC AD 8H 5C\n: 6S AS 3D 4D 5S\n: KD 4S 8C 2C JS\n: 2H JC JH KH 6H\n: AH QC AC 6D 2D\n: 4H 4C 3C 3H 7H\n: 5H 9H 7S KS 9S\n: 7C QS 8S 8D 3S\n',
        2, 2, 3, 3,
    ),
    (
        'seed run-limit example, 1 free cell, 2 empty columns',
        'Foundations: H-A C-6 D-8 S-5\nFreecells: -\n: KS QS JS TS 9S 8S 7S 6S\n: 9H 8H 7H 6H 5H 4H 3H 2H\n: KH QH JH TH\n: KD QD JD TD\n: KC QC JC TC 9C\n: 8C\n: 7C\n: 9D\n:\n:\n',
        28, 23, 629, 371,
    ),
    (
        '4 empty columns, 1 free cell',
        'Foundations: H-4 C-A D-K S-Q\nFreecells: TH JH KH -\n:\n:\n: 9H 8H\n: JC QC 3C\n:\n: 7H 6H\n: 7C 6C 5C 4C\n: 5H KS QH 2C TC 9C 8C\n:\n: KC\n',
        28, 27, 705, 642,
    ),
    (
        '2 empty columns, cells full, a 7-card run',
        'Foundations: H-6 C-0 D-0 S-A\nFreecells: 3C JH 4S QS\n:\n: JS 9H 8H 7H\n: 5S 7C TC 3S\n: 5C 4C\n:\n: 2C AC 9D 8D 7D 6D 5D 4D 3D\n: TH AD KH 8C KC QC\n: 2S TS 9S 8S 7S 6S\n: JC QD KD TD 9C\n: QH KS JD 2D 6C\n',
        6, 3, 46, 23,
    ),
    (
        '5 empty columns, cells full',
        'Foundations: H-4 C-K D-A S-K\nFreecells: JD KD QD TH\n:\n: 5H JH 2D 9H 8H 7H\n:\n:\n: 6H TD 9D 8D 7D\n: KH QH\n: 6D 5D\n:\n: 4D 3D\n:\n',
        22, 15, 520, 300,
    ),
    (
        '2 empty columns, 6-card run',
        'Foundations: H-3 C-A D-9 S-3\nFreecells: 6S TD - JD\n: 5S 9H 8H 7H 6H 5H 4H\n: QC JC\n: 2C QD 4S 7S KH QH JH TH\n: KC\n:\n: 8S KD TC 9C\n:\n: KS QS JS\n: TS 9S\n: 8C 7C 6C 5C 4C 3C\n',
        29, 23, 609, 335,
    ),
    (
        'cells full, 2 empty columns',
        'Foundations: H-0 C-5 D-5 S-2\nFreecells: KC 3H JC 7S\n: JH 6D TC QC TH 9H\n: 8S 7H 6H\n:\n: 6C AH KD TD 9D 8D 7D\n: 3S 8C 8H 2H QH\n: JS KH JD KS QS\n: 9S 4H 7C TS 6S 5S 4S\n: QD\n:\n: 5H 9C\n',
        4, 2, 38, 34,
    ),
    (
        '2-cell game, mid-line, take-backs possible',
        'Foundations: H-7 C-9 D-A S-T\nFreecells: 3D TD\n: KC 9D\n: 2D JS KS KH\n: QC QS\n:\n:\n: 8H QD\n: TH TC JD 9H JC\n: 4D QH 8D KD\n: 7D\n: JH 5D 6D\n',
        6, 6, 37, 35,
    ),
    (
        '2-cell game, mid-line, take-backs possible',
        'Foundations: H-5 C-0 D-K S-6\nFreecells: KH -\n: 4C 9S TH 9H 8H\n:\n:\n:\n:\n: 7H 6C AC JH\n: KS QS JS\n: 7S 3C 5C KC QC\n: 2C 6H TC 9C 8C 7C\n: QH JC TS 8S\n',
        27, 22, 655, 407,
    ),
    (
        '2-cell game, mid-line, take-backs possible',
        'Foundations: H-A C-A D-A S-4\nFreecells: 6S 3H\n:\n: 8S 8C 7C 6C\n: KD QD JD TD\n: 4H 4D 2D 5C 8D 7D 6D 5D\n:\n: 3D 9C 7S QC JC TC\n: QS 2H 5H 4C 3C 2C\n: KH QH JH TH 9H 8H 7H 6H\n: 9D 5S JS TS 9S\n: KS KC\n',
        5, 4, 20, 15,
    ),
    (
        '2-cell game, mid-line, take-backs possible',
        'Foundations: H-A C-A D-7 S-J\nFreecells: 7H 8C\n: JH QC TD 9D\n: 8H 9H KS 6C TH\n: 9C 8D QS 4C 3C 2C\n:\n: KD QD JD\n: 4H 5C 3H QH\n: KH 6H 5H\n: 2H KC JC TC\n: 7C\n:\n',
        3, 2, 8, 3,
    ),
    (
        '2-cell game, mid-line, take-backs possible',
        'Foundations: H-2 C-Q D-6 S-0\nFreecells: - -\n: KH QH\n:\n: TH 8H QS JS TS\n:\n: AS 7S 7D 6S 5S\n:\n: 8D KS 4S 3S 2S\n: KD QD JD TD 9D\n: KC 9S 8S\n: JH 9H 3H 4H 7H 6H 5H\n',
        28, 25, 627, 452,
    ),
]


def perft2(position: Position, rules) -> int:
    return sum(len(position.apply(m).legal_moves(rules)) for m in position.legal_moves(rules))


@pytest.mark.parametrize(("label", "fcs", "app", "classic", "app2", "classic2"), PERFT, ids=[c[0] for c in PERFT])
def test_legal_move_counts(label: str, fcs: str, app: int, classic: int, app2: int, classic2: int) -> None:
    position = from_fcs(fcs)
    assert len(position.legal_moves(APP_RULES)) == app
    assert len(position.legal_moves(CLASSIC_RULES)) == classic
    assert perft2(position, APP_RULES) == app2
    assert perft2(position, CLASSIC_RULES) == classic2


def test_table_covers_the_hard_cases() -> None:
    positions = [from_fcs(c[1]) for c in PERFT]
    assert len(positions) >= 10
    assert any(p.empty_columns >= 2 for p in positions)
    assert any(p.free_cells == 0 for p in positions)
    assert any(max(len(c) for c in p.columns) >= 8 for p in positions)
    assert {p.cell_count for p in positions} == {1, 2, 4}


def test_hand_count() -> None:
    """The seed example counted by hand: 6S, 2H, 7C, 9D home; every top to the free cell;
    9H-run (8 cards) onto TH; KH and KD runs (4) into either empty column; 8C on 9C, 7C on
    8C, 9D on TD; each foundation's top back to the cell or onto its column card.
    Classic allows 2 cards at a time: the 8-run and both king runs stay."""
    position = from_fcs(PERFT[3][1])
    moves = {str(m) for m in position.legal_moves(APP_RULES)}
    assert {"col2-col3x8", "col3-col9x4", "col3-col10x4", "col4-col9x4", "col4-col10x4"} <= moves
    assert not any(m.startswith("col1-col") or m.startswith("col5-col") for m in moves)
    classic = {str(m) for m in position.legal_moves(CLASSIC_RULES)}
    assert moves - classic == {"col2-col3x8", "col3-col9x4", "col3-col10x4", "col4-col9x4", "col4-col10x4"}
