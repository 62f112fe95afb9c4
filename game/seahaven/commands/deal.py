"""``seahaven deal CODE [--format fcs|json]``: print the start position of a game code."""

from __future__ import annotations

import argparse
import json
import sys

from seahaven.commands import fail
from seahaven.i18n import _


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", metavar=_("CODE"), help=_("a game code, like SH1-C4-AAAAAJ2"))
    parser.add_argument(
        "--format",
        choices=("fcs", "json"),
        default="fcs",
        help=_("fcs: the board as Freecell Solver reads it (default); json: the JSON position"),
    )


def run(args: argparse.Namespace) -> int:
    from seahaven.app.text.words import code_error_text
    from seahaven.engine import GameCode, InvalidCode
    from seahaven.engine.boards import to_fcs

    try:
        code = GameCode.parse(args.code)
    except InvalidCode as error:
        return fail("deal", code_error_text(error))
    position = code.position()
    if args.format == "json":
        print(json.dumps(position.to_json()))
    else:
        sys.stdout.write(to_fcs(position))
    return 0
