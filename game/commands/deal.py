"""``seahaven deal CODE [--format fcs|json]``: print the start position of a game code."""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", help="a game code, like SH1-C4-AAAAAJ2")
    parser.add_argument(
        "--format",
        choices=("fcs", "json"),
        default="fcs",
        help="fcs: the board as Freecell Solver reads it (default); json: the JSON position",
    )


def run(args: argparse.Namespace) -> int:
    from seahaven.engine import GameCode, InvalidCode

    try:
        code = GameCode.parse(args.code)
    except InvalidCode as error:
        print(f"seahaven deal: {error}", file=sys.stderr)
        return 3
    position = code.position()
    if args.format == "json":
        print(json.dumps(position.to_json()))
    else:
        sys.stdout.write(position.to_fcs())
    return 0
