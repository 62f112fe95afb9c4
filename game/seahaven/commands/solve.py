"""``seahaven solve CODE | --board FILE``: print a winning line, or prove there is none.

Exit status: 0 winnable (the line, or with --rate the rating, is printed), 1 proved unwinnable, 4 unknown within the
budget; 2 for a usage error and 3 for bad input (one line on stderr), as for every command.
Plain output is one move per line in words; ``--json`` prints the line as one JSON array of
SPEC 12 moves on a single line, ready to be the ``moves`` of a game record. Verdicts other
than a line go to stderr with --json.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from seahaven.commands import USAGE, InputError, fail, read_bounded
from seahaven.commands.help_format import decimal_number
from seahaven.i18n import _, format_number, ngettext, sentences

if TYPE_CHECKING:
    from seahaven.engine import Position, Rules

MAX_BOARD_BYTES = 1024 * 1024
"""A board file is a few hundred bytes; anything above 1 MB is refused unread."""

DEFAULT_BUDGET_S = 10.0

UNKNOWN = 4
"""Exit status when the budget ran out before the solver decided (2 is a usage error)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", metavar=_("CODE"), help=_("a game code, like SH1-C4-AAAAAJ2"))
    parser.add_argument("--board", metavar=_("FILE"),
                        help=_("a position in JSON or Freecell Solver text ('-' for stdin)"))
    parser.add_argument("--classic", action="store_true", help=_("use the classic run limit (free cells + 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the line as one JSON array of moves"))
    parser.add_argument("--rate", action="store_true",
                        help=_("print only the deal's rating, 1 (easy) to 5 (hard), from a proof of fixed work"))
    parser.add_argument(
        "--budget-s",
        type=decimal_number,
        default=DEFAULT_BUDGET_S,
        # Translators: the name of an option's value in --help (seahaven solve --timeout SECONDS): one word in capitals,
        # no spaces.
        metavar=_("SECONDS"),
        # Translators: the help of an option of seahaven solve; {status} is an exit status number, {seconds} a number of
        # seconds.
        help=_("give up (exit {status}) after this many seconds (default {seconds})").format(
            status=UNKNOWN, seconds=f"{DEFAULT_BUDGET_S:g}"),
    )


def run(args: argparse.Namespace) -> int:
    # a missing or malformed argument is a usage error (exit 2), as argparse's own are
    if (args.code is None) == (args.board is None):
        return fail("solve", _("give either a game code or --board FILE."), USAGE)
    if not args.budget_s > 0 or args.budget_s > 1e6:
        return fail("solve", _("--budget-s must be a positive number of seconds, at most 1000000."), USAGE)

    import json

    from seahaven.app.text.words import action_text, code_error_text
    from seahaven.engine import APP_RULES, CLASSIC_RULES, Game, GameCode, InvalidCode, InvalidPosition
    from seahaven.engine.boards import parse_board
    from seahaven.engine.solver import solve

    try:
        if args.code is not None:
            position = GameCode.parse(args.code).position()
        else:
            # Translators: an error on the command line; {path} is a file's path, {size} a number of megabytes; a
            # board is a text file that lays out a position (seahaven solve --board).
            refusal = _("{path} is larger than {size} MB; it cannot be a board.")
            position = parse_board(read_bounded(args.board, MAX_BOARD_BYTES, refusal))
    except InvalidCode as error:
        return fail("solve", code_error_text(error))
    except InvalidPosition as error:
        # Translators: an error on the command line; {path} is a file's path, {detail} what is wrong with it.
        return fail("solve", _("{path} is not a board the game can play ({detail}).").format(
            path=args.board, detail=error))
    except InputError as error:
        return fail("solve", str(error))

    rules = CLASSIC_RULES if args.classic else APP_RULES
    if args.rate:
        return _rate(position, rules, args.json)
    result = solve(position, rules, max_seconds=args.budget_s, max_nodes=10**12)
    verdict_out = sys.stderr if args.json else sys.stdout
    if result.lost:
        print(sentences((_("No winning line: this position cannot be won."), searched_text(result.nodes))),
              file=verdict_out)
        return 1
    if result.unknown:
        # Translators: seahaven solve, when its time ran out; {seconds} is a number of seconds ("s" their unit).
        unknown = _("Unknown: no winning line was found and none was ruled out within {seconds} s.")
        print(sentences((unknown.format(seconds=format_number(args.budget_s, _decimals(args.budget_s))),
                         searched_text(result.nodes))), file=verdict_out)
        return UNKNOWN
    if args.json:
        print(json.dumps([move.to_json() for move in result.line]))
        return 0
    if not result.line:
        # Translators: seahaven solve, given a position with every card on its foundation.
        print(_("The position is already won."))
    game = Game(position, rules)
    for move in result.line:
        game.play(move)
    for number, action in enumerate(game.actions(), 1):
        print(action_text(number, action))  # the replay's words: "Move 1: the 3 of spades from cell 1 to column 5."
    return 0


def _decimals(seconds: float) -> int:
    """The decimals the player gave (--budget-s 0.25 is said with two)."""
    shown = f"{seconds:g}"
    return 0 if "." not in shown or "e" in shown else len(shown.split(".")[1])


def searched_text(nodes: int) -> str:
    """How much the solver searched, in a sentence of its own."""
    # Translators: seahaven solve, after its verdict; {n} is how many positions the solver looked at.
    return ngettext("{n} position was searched.", "{n} positions were searched.", nodes).format(
        n=format_number(nodes))


def _rate(position: Position, rules: Rules, as_json: bool) -> int:
    """``--rate``: the rating of a proof within the rating's fixed work (never a time)."""
    import json
    import math

    from seahaven.engine.rating import RATE_MAX_NODES, rating_of
    from seahaven.engine.solver import solve

    result = solve(position, rules, max_nodes=RATE_MAX_NODES, max_seconds=math.inf)
    rating = rating_of(result)
    if as_json:
        print(json.dumps({"status": result.status, "rating": None if rating is None else rating.to_json()}))
    elif rating is not None:
        print(f"Rating {rating.stars} of 5: the solver expanded {rating.nodes} positions "
              f"to find a {rating.moves}-move winning line (work {rating.work:.0f}).")
    elif result.lost:
        print(f"No rating: this position cannot be won ({result.nodes} positions searched).")
    else:
        print(f"No rating: not decided within {RATE_MAX_NODES} positions.")
    return 0 if rating is not None else 1 if result.lost else UNKNOWN
