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

from seahaven.commands import InputError, fail, file_error_text, open_input, read_size
from seahaven.i18n import _

if TYPE_CHECKING:
    from seahaven.engine import Position


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", metavar=_("WxH"), default=argparse.SUPPRESS,
                        help=_("window size (default 1280x800)"))
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--code", metavar=_("CODE"), default=argparse.SUPPRESS,
                      help=_("a game code, like SH1-C4-AAAAAJ2"))
    # Translators: the name of an argument's value in --help: a file. One word in capitals, no spaces.
    what.add_argument("--game", metavar=_("FILE"), default=argparse.SUPPRESS,
                      help=_("a saved game (current.json), laid out where it stands ('-' for stdin)"))


def run(args: argparse.Namespace) -> int:
    from seahaven.app.board.layout import card_aspect, compute_layout
    from seahaven.app.screens.table.actions import ACTIONS
    from seahaven.app.text.words import code_error_text
    from seahaven.engine import GameCode, InvalidCode

    try:
        size = read_size(getattr(args, "size", None) or "1280x800")
    except InputError as error:
        return fail("layout", str(error))
    game_file = getattr(args, "game", None)
    position: Position
    if game_file:
        try:
            position = _saved_position(game_file)
        except InputError as error:
            return fail("layout", str(error))
    else:
        if not getattr(args, "code", None):
            return fail("layout", _("give the game with --code, like --code SH1-C4-AAAAAJ2, or a saved game with "
                                    "--game FILE."))
        try:
            position = GameCode.parse(args.code).position()
        except InvalidCode as error:
            return fail("layout", code_error_text(error))
    layout = compute_layout(size[0], size[1], position.cell_count, card_aspect(), ACTIONS.toolbar_slots(), position)
    print(json.dumps(layout.to_json(position)))
    return 0


def _saved_position(path: str) -> Position:
    """The position a saved game (``current.json``) stands at; :class:`InputError` saying in
    one sentence of ours why the file cannot be used."""
    from seahaven.app.saving.files import MAX_FILE_BYTES, BadFile, parse_json
    from seahaven.app.saving.saved_game import game_from_json

    try:
        # Translators: an error on the command line; {path} is a file's path, {size} a number of megabytes.
        handle = open_input(path, MAX_FILE_BYTES, _("{path} is larger than {size} MB; it cannot be a saved game."))
        try:
            data = handle.read(MAX_FILE_BYTES + 1)
        finally:
            if handle is not sys.stdin.buffer:
                handle.close()
    except OSError as error:
        raise InputError(file_error_text(path, error)) from None
    try:
        saved = game_from_json(parse_json(data))
    except BadFile as error:
        # Translators: an error on the command line; {path} is a file's path, {detail} what is wrong with it.
        raise InputError(_("{path} is not a saved game: {detail}.").format(path=path, detail=error)) from None
    return saved.game.position
