"""``seahaven daily [--date YYYY-MM-DD] [--difficulty easy|medium|hard]``: print the code of
the daily deal (by default today's, UTC, Easy). The function is in ``game/engine/daily.py``
and the README; every machine prints the same code for the same date and difficulty.

Exit status: 0 with the code printed, 3 for bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import sys

DIFFICULTIES = {"easy": 4, "medium": 2, "hard": 1}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--date", metavar="YYYY-MM-DD", help="the day (UTC; default: today)")
    parser.add_argument("--difficulty", default="easy", type=str.lower, choices=tuple(DIFFICULTIES),
                        help="easy (4 cells, the default), medium (2) or hard (1)")
    parser.add_argument("--rating", action="store_true", help="print the deal's rating (1-5) after the code")


def run(args: argparse.Namespace) -> int:
    from seahaven.engine.daily import daily_deal, parse_date, today

    try:
        date = today() if args.date is None else parse_date(args.date)
    except ValueError as error:
        print(f"seahaven daily: {error}", file=sys.stderr)
        return 3
    deal = daily_deal(date, DIFFICULTIES[args.difficulty])
    print(f"{deal.code} {deal.rating.stars}" if args.rating else str(deal.code))
    return 0
