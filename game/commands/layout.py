"""``seahaven layout --size WxH --code CODE``: the rectangles of every pile and card, as
JSON in window coordinates, exactly as the table lays them out before any move, and
``bands``: 1 when the ten columns stand in one row, 2 when a tall window has columns 1-5
above columns 6-10."""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", metavar="WxH", default=argparse.SUPPRESS, help="window size (default 1280x800)")
    parser.add_argument("--code", metavar="CODE", default=argparse.SUPPRESS, help="game code, like SH1-C4-AAAAAJ2")


def run(args: argparse.Namespace) -> int:
    from game.app.layout import card_aspect, compute_layout, parse_size
    from game.app.screens.actions import ACTIONS
    from game.engine import GameCode, InvalidCode

    try:
        size = parse_size(getattr(args, "size", None) or "1280x800")
    except ValueError as error:
        print(f"seahaven layout: error: {error}", file=sys.stderr)
        return 3
    if not getattr(args, "code", None):
        print("seahaven layout: error: give the game with --code, like --code SH1-C4-AAAAAJ2", file=sys.stderr)
        return 3
    try:
        code = GameCode.parse(args.code)
    except InvalidCode as error:
        print(f"seahaven layout: error: {error}", file=sys.stderr)
        return 3
    position = code.position()
    layout = compute_layout(size[0], size[1], position.cell_count, card_aspect(), ACTIONS.toolbar_slots())
    print(json.dumps(layout.to_json(position)))
    return 0
