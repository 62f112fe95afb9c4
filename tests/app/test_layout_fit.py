"""Long columns stay readable: every card of a column shows its whole index (rank and
suit) at every window size, the table making room by taking the other band's room or by
making every card smaller, and growing them back when the column is short again."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pygame
import pytest

from seahaven.__main__ import main
from seahaven.app.board.layout import FAN, INDEX_DEPTH, INDEX_DEPTH_LARGE, card_aspect, compute_layout, min_step
from seahaven.app.looks.box import Box
from seahaven.app.saving.saved_game import game_to_json
from seahaven.engine import COLUMNS, DECK, GameCode, Position
from tests.app import test_files
from tests.app.long_columns import long_column_game, long_positions
from tests.app.table_helpers import settle, steps

SIZES = [(800, 600), (1024, 768), (1280, 800), (1366, 768), (1920, 1080), (3840, 2160),
         (1080, 1920), (1024, 1366), (768, 1024)]
PLANS = [(4, 1), (1, 2), (2, 8), (4, 6)]
"""(cells, long column): columns of 13 to 17 cards (18 in column 2 of a one-cell deal), in
the first band and in the second of a tall window."""


def index_depth(svg: str, w: int, h: int) -> int:
    """How far down the card art's top-left index reaches at ``w`` x ``h``, in pixels: each
    outline of the ink is drawn alone, and the lowest row of those in the top-left corner
    (the rank, with the hook of a J or the tail of a Q, and the suit) is the index's."""
    from seahaven.app.looks.assets import INK_MARK, render_svg

    stock, _, ink = svg.partition(INK_MARK)
    root = stock[: stock.index(">") + 1]
    deepest = 0
    for data in re.findall(r'<path[^>]* d="([^"]*)"', ink):
        for outline in data.split("M")[1:]:
            x, y = (float(n) for n in re.findall(r"-?[0-9.]+", outline)[:2])
            if x > 122 or y > 122:  # starts far from the corner (of 245 x 350): not the index
                continue
            drawn = render_svg(f'{root}<path fill="#000" d="M{outline}"/></svg>', w, h)
            box = drawn.get_bounding_rect(min_alpha=25)
            if box.h and box.y < 0.1 * h and box.right < 0.5 * w:
                deepest = max(deepest, box.bottom)
    return deepest


@pytest.mark.parametrize("large", [False, True])
def test_the_least_step_is_the_depth_of_the_arts_index(large: bool) -> None:
    """Measured on the classic faces (the four-colour ones differ only in colour)."""
    from seahaven.app.looks.assets import Assets

    assets = Assets(large_index=large)
    depth = INDEX_DEPTH_LARGE if large else INDEX_DEPTH
    for w, h in ((245, 350), (140, 200)):
        deepest = max(index_depth(assets._text(f"cards/{assets.scheme}/{card}.svg"), w, h) for card in DECK)
        assert deepest <= min_step(h, depth), (h, deepest)  # the whole index shows
        assert min_step(h, depth) <= deepest + max(2, h * 0.012)  # and not much felt more
    assert 0.2 < INDEX_DEPTH < FAN < INDEX_DEPTH_LARGE < 0.31


def test_large_indices_get_a_longer_step() -> None:
    position = long_positions(4, 1)[-1]
    plain = compute_layout(1280, 800, 4, card_aspect(), position=position)
    large = compute_layout(1280, 800, 4, card_aspect(), position=position, index_depth=INDEX_DEPTH_LARGE)
    assert large.card_w < plain.card_w
    for layout in (plain, large):
        boxes = [box for _card, box in layout.pile_cards(position, COLUMNS[0])]
        assert all(b.y - a.y >= layout.index_depth * layout.card_h for a, b in itertools.pairwise(boxes))
        assert boxes[-1].bottom <= layout.lanes[COLUMNS[0]].bottom
    fresh = compute_layout(1280, 800, 4, card_aspect(), index_depth=INDEX_DEPTH_LARGE)
    assert fresh.fan >= INDEX_DEPTH_LARGE * fresh.card_h


def check_readable(size: tuple[int, int], position: Position) -> None:
    layout = compute_layout(*size, position.cell_count, card_aspect(), position=position)
    window = Box(0, 0, *size)
    boxes: list[tuple[object, Box]] = []
    for pile in position.piles():
        cards = layout.pile_cards(position, pile)
        for i, (_card, box) in enumerate(cards):
            assert box.inside(window), (size, pile, i)
            assert box.inside(layout.lanes[pile]), (size, pile, i)
            if i + 1 < len(cards):  # an overlapped card: its index is above the next card
                assert cards[i + 1][1].y - box.y >= INDEX_DEPTH * layout.card_h, (size, pile, i)
            boxes.append((pile, box))
    for (pile_a, a), (pile_b, b) in itertools.combinations(boxes, 2):
        if pile_a != pile_b:
            assert a.overlap(b) == 0, (size, pile_a, pile_b)


@pytest.mark.parametrize("size", SIZES)
def test_long_columns_built_by_legal_moves_show_every_index(size: tuple[int, int]) -> None:
    for cells, long in PLANS:
        positions = long_positions(cells, long)
        assert max(len(c) for c in positions[-1].columns) == (18 if (cells, long) == (1, 2) else 17)
        for position in positions:
            check_readable(size, position)


def test_only_as_small_as_needed_and_the_other_band_first() -> None:
    positions = long_positions(4, 1, least=5)
    widths = [compute_layout(1280, 800, 4, card_aspect(), position=p).card_w for p in positions]
    assert widths == sorted(widths, reverse=True)  # each card more: never larger cards
    assert widths[0] == compute_layout(1280, 800, 4, card_aspect()).card_w
    assert widths[-1] >= 0.65 * widths[0]
    # a tall window gives the long band the other band's room before shrinking anything
    tall = compute_layout(1080, 1920, 4, card_aspect())
    six = long_positions(4, 1, least=6)[0]
    layout = compute_layout(1080, 1920, 4, card_aspect(), position=six)
    assert tall.column_room(COLUMNS[0]) < 5 * tall.min_step  # six cards need more than half
    assert layout.card_w == tall.card_w
    assert layout.lanes[COLUMNS[0]].h > tall.lanes[COLUMNS[0]].h
    assert layout.lanes[COLUMNS[5]].h < tall.lanes[COLUMNS[5]].h


PINNED = json.loads((Path(__file__).parent / "landscape_layouts.json").read_text())
"""Landscape deals as laid out before long columns made room (pinned from the code then)."""


@pytest.mark.parametrize("key", list(PINNED))
def test_landscape_deals_look_exactly_as_before(key: str) -> None:
    size_text, code = key.split()
    w, h = (int(n) for n in size_text.split("x"))
    position = GameCode.parse(code).position()
    layout = compute_layout(w, h, position.cell_count, card_aspect(), position=position)
    got = layout.to_json(position)
    got["lanes"] = {str(p): list(b) for p, b in layout.lanes.items()}
    got["labels"] = {str(p): list(b) for p, b in layout.labels.items()}
    got["fan"] = layout.fan
    assert got == PINNED[key]


def test_fresh_deals_in_a_tall_window_keep_large_cards() -> None:
    for cells in (4, 2, 1):
        for deal in range(0, 30_000_000, 1_000_003):
            position = GameCode(cells, deal).position()
            for size in ((1080, 1920), (1024, 1366), (768, 1024)):
                layout = compute_layout(*size, cells, card_aspect(), position=position)
                check_readable(size, position) if deal == 0 else None
                if size == (1080, 1920):
                    assert layout.card_w >= 140, (cells, deal)


def test_the_table_shrinks_the_cards_as_a_column_grows_and_back_on_undo() -> None:
    """Real drags of the real loop build a 17-card column: the cards shrink a little with
    each card that would not fit, every index shows on screen, pixel for pixel; undo
    brings the cards back to their first size."""
    from seahaven.app.shell.launch import build
    from seahaven.app.shell.loop import STEP
    from seahaven.app.state.settings import Settings

    pygame.display.init()
    pygame.event.clear()
    game, moves = long_column_game(4, 1)
    app, _session, table = build(size=(1280, 800), game=game, settings=Settings())
    settle(app)
    first = table.layout.card_w
    widths = []
    for n, move in enumerate(moves, start=6):
        drag(app, table, move)
        steps(app, 2)  # mid-glide: cards of the old size and place move to the new ones
        settle(app)
        assert len(table.position.cards(move.dest)) == n  # the drag made the move
        fitted = compute_layout(1280, 800, 4, card_aspect(), position=table.position)
        assert table.layout.to_json(table.position) == fitted.to_json(table.position)
        widths.append(table.layout.card_w)
    assert len(table.position.cards(COLUMNS[0])) == 17
    assert widths[0] == first and widths[-1] < first
    assert app.painter.refining  # the faces of the last size are first scaled from the one before
    for _ in range(2000):
        if not app.painter.refining:
            break
        app.step(STEP)  # then drawn crisp, a few each frame
    assert not app.painter.refining
    app.step(STEP)
    screen = pygame.display.get_surface()
    layout = table.layout
    cards = layout.pile_cards(table.position, COLUMNS[0])
    depth = min_step(layout.card_h)
    for card, box in cards:
        art = app.painter.card(card, layout.card_w, layout.card_h)
        assert art is app.assets.card(card, layout.card_w, layout.card_h)  # crisp, not scaled
        inner = pygame.Rect(layout.radius, 2, layout.card_w // 2 - layout.radius, depth - 2)
        for x, y in itertools.product(range(inner.x, inner.right, 2), range(inner.y, inner.bottom, 2)):
            assert screen.get_at((box.x + x, box.y + y))[:3] == art.get_at((x, y))[:3], (card, x, y)
    for _ in moves:
        table.undo()
        settle(app)
    assert table.layout.card_w == first
    app.close()


def drag(app: object, table: object, move: object) -> None:
    """Drag ``move``'s card onto its column with real mouse events."""
    from tests import kill_driver as script

    script.post_drag(app, table, move)
    app.step(1 / 60)


def test_layout_of_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, moves = long_column_game(1, 2)
    for move in moves:
        game.play(move)
    game.undo()
    saved = tmp_path / "current.json"
    saved.write_text(json.dumps(game_to_json(game, 12.5)))
    assert main(["layout", "--size", "1080x1920", "--game", str(saved)]) == 0
    data = json.loads(capsys.readouterr().out)
    position = game.position
    assert len(position.cards(COLUMNS[1])) == 17
    assert data == compute_layout(1080, 1920, 1, card_aspect(), position=position).to_json(position)
    assert data["bands"] == 2 and len(data["cards"]) == 52


@pytest.mark.parametrize(("content", "says"), [
    (None, "current.json does not exist."),
    ("folder", "folder"),
    (b"{not json", "not a saved game"),
    (b'{"version": 1, "code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "col2", "count": 1}], '
     b'"undone": 0, "elapsed_s": 1, "score": 0}', "move 1"),
])
def test_layout_of_a_bad_saved_game_says_why_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         content: bytes | str | None, says: str) -> None:
    path = tmp_path / "current.json"
    if content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    assert main(["layout", "--game", str(path)]) == 3
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and lines[0].startswith("seahaven layout: error:"), lines


as_user = test_files.as_user
"""A non-root user: root reads any file, a player does not."""


def test_layout_of_a_saved_game_the_player_cannot_read(as_user: tuple[list[str], dict[str, str], Path]) -> None:
    import os
    import subprocess

    command, extra, folder = as_user
    game, moves = long_column_game()
    game.play(moves[0])
    path = folder / "current.json"
    path.write_text(json.dumps(game_to_json(game, 1.0)))
    os.chmod(path, 0o000 if os.geteuid() else 0o600)  # root's own, or nobody's
    if os.geteuid() == 0:
        os.chown(path, 0, 0)
    env = test_files._user_env(extra, folder)
    done = subprocess.run([*command, "-m", "seahaven", "layout", "--game", str(path)], capture_output=True, text=True,
                          env=env, cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 3 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "current.json cannot be read: permission denied." in lines[0], lines
