"""``seahaven layout --size WxH (--code CODE | --game FILE)``: the rectangles of every pile
and card, as JSON in window coordinates, exactly as the table lays them out: a deal before
any move (``--code``), or a saved game (``--game``, a ``current.json`` as the game writes
it) at the position it was saved in. ``bands`` is 1 when the ten columns stand in one row,
2 when a tall window has columns 1-5 above columns 6-10."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seahaven.engine import Position


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", metavar="WxH", default=argparse.SUPPRESS, help="window size (default 1280x800)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--code", metavar="CODE", default=argparse.SUPPRESS, help="game code, like SH1-C4-AAAAAJ2")
    what.add_argument("--game", metavar="FILE", default=argparse.SUPPRESS,
                      help="a saved game (current.json), laid out where it stands ('-' for stdin)")


def run(args: argparse.Namespace) -> int:
    from seahaven.app.layout import card_aspect, compute_layout, parse_size
    from seahaven.app.screens.actions import ACTIONS
    from seahaven.engine import GameCode, InvalidCode

    def fail(text: str) -> int:
        print(f"seahaven layout: error: {text}", file=sys.stderr)
        return 3

    try:
        size = parse_size(getattr(args, "size", None) or "1280x800")
    except ValueError as error:
        return fail(str(error))
    game_file = getattr(args, "game", None)
    position: Position
    if game_file:
        try:
            position = _saved_position(game_file)
        except ValueError as error:
            return fail(str(error))
    else:
        if not getattr(args, "code", None):
            return fail("give the game with --code, like --code SH1-C4-AAAAAJ2, or a saved game with --game FILE")
        try:
            position = GameCode.parse(args.code).position()
        except InvalidCode as error:
            return fail(str(error))
    layout = compute_layout(size[0], size[1], position.cell_count, card_aspect(), ACTIONS.toolbar_slots(), position)
    print(json.dumps(layout.to_json(position)))
    return 0


def _saved_position(path: str) -> Position:
    """The position a saved game (``current.json``) stands at; ValueError saying in one
    sentence why the file cannot be used."""
    from seahaven.app.saving.storage import MAX_FILE_BYTES, BadFile, game_from_json, parse_json
    from seahaven.commands import InputError, open_input

    try:
        handle = open_input(path, MAX_FILE_BYTES, "a saved game")
        try:
            data = handle.read(MAX_FILE_BYTES + 1)
        finally:
            if handle is not sys.stdin.buffer:
                handle.close()
    except InputError as error:
        raise ValueError(f"cannot read {path}: {error}") from None
    except IsADirectoryError:
        raise ValueError(f"cannot read {path}: it is a folder, not a file") from None
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        saved = game_from_json(parse_json(data))
    except BadFile as error:
        raise ValueError(f"{path} is not a saved game: {error}") from None
    return saved.game.position
