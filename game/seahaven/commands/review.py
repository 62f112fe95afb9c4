"""``seahaven review FILE``: the move that lost a game, as JSON (issue 28).

The file holds one game record (SPEC 12: ``{"code": …, "moves": […]}`` or ``{"position": …,
"moves": […]}``) or a saved ``current.json``. The answer is one JSON object: ``won``,
``moves``, ``lost_at`` (the first move after which the game can no longer be won, 0 when
the start cannot be won, null when the last position can still be won or is won), the
verdict after each move and the moves the solver could not decide within its fixed work
budget (the same answer on every machine). Exit status 0 for a readable record, 3 for
one that cannot be read or replayed (one sentence says why).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from seahaven.commands import InputError, fail, read_bounded
from seahaven.i18n import _

if TYPE_CHECKING:
    from seahaven.engine import Move, Position, Rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar=_("FILE"),
                        help=_("a JSON game record or a saved current.json ('-' for stdin)"))
    parser.add_argument("--classic", action="store_true", help=_("use the classic run limit (free cells + 1)"))


def run(args: argparse.Namespace) -> int:
    from seahaven.engine import APP_RULES, CLASSIC_RULES
    from seahaven.engine.review import review

    rules = CLASSIC_RULES if args.classic else APP_RULES
    try:
        positions, _moves = read_game_line(args.file, rules)
    except InputError as error:
        return fail("review", str(error))
    result = review(positions, rules)
    sys.stdout.write(json.dumps({**result.to_json(), "rules": "classic" if args.classic else "app"}) + "\n")
    return 0


def read_game_line(path: str, rules: Rules) -> tuple[list[Position], list[Move]]:
    """The start and the position after each move, and the moves, of the game at ``path``
    (``-``: standard input): a game record, a game file or a saved ``current.json`` (its moves
    on the board, the undone ones left out). Raises :class:`InputError` saying in one sentence
    why it cannot be read or replayed."""
    from seahaven.engine import SeahavenError
    from seahaven.engine.records import MAX_RECORD_BYTES, json_trouble

    # Translators: an error on the command line; {path} is a file's path, {size} a number of megabytes.
    text = read_bounded(path, MAX_RECORD_BYTES, _("{path} is larger than {size} MB; it cannot be a game record."))
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:
        # Translators: an error on the command line; {path} is a file's path, {detail} what is wrong with it.
        raise InputError(_("{path} is not a game record: it is not JSON ({detail}).").format(
            path=path, detail=json_trouble(error))) from None
    try:
        return _line(record, rules)
    except (SeahavenError, ValueError) as error:
        # Translators: an error on the command line; {path} is a file's path, {detail} what is wrong with it.
        raise InputError(_("{path} is not a game record: {detail}.").format(
            path=path, detail=str(error).rstrip("."))) from None


def _line(record: object, rules: Rules) -> tuple[list[Position], list[Move]]:
    """The positions and moves of ``record`` (a game record or the body of a saved
    ``current.json`` or game file). Raises InvalidRecord saying what is wrong."""
    from seahaven.engine.errors import InvalidRecord
    from seahaven.engine.records import record_start
    from seahaven.engine.review import read_line

    if isinstance(record, dict) and "version" in record:
        from seahaven.app.saving.files import BadFile
        from seahaven.app.saving.saved_game import game_from_json

        try:
            game = game_from_json(record, rules).game
        except BadFile as error:
            raise InvalidRecord(str(error)) from None
        return game.positions, list(game.moves)
    start, raw_moves = record_start(record)
    return read_line(start, raw_moves, rules)
