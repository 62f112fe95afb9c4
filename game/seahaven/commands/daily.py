"""``seahaven daily [--date YYYY-MM-DD] [--difficulty easy|medium|hard]``: print the code of
the daily deal (by default today's, UTC, Easy). The function is in ``game/seahaven/engine/daily.py``
and the player's guide; every machine prints the same code for the same date and difficulty.

Exit status: 0 with the code printed, 3 for bad input (one line on stderr).
"""

from __future__ import annotations

import argparse

from seahaven.commands import fail
from seahaven.commands.help_format import quoted
from seahaven.i18n import _

DIFFICULTIES = {"easy": 4, "medium": 2, "hard": 1}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Translators: the name of an option's value in --help, a date written as year-month-day: keep the letters' order
    # Y-M-D (the value is typed so).
    parser.add_argument("--date", metavar=_("YYYY-MM-DD"), help=_("the day (UTC; default: today)"))
    parser.add_argument("--difficulty", default="easy", type=str.lower, choices=tuple(DIFFICULTIES),
                        help=_("easy (4 cells, the default), medium (2) or hard (1)"))
    parser.add_argument("--rating", action="store_true", help=_("print the deal's rating (1-5) after the code"))


def run(args: argparse.Namespace) -> int:
    from seahaven.engine.daily import daily_deal, parse_date, today

    try:
        date = today() if args.date is None else parse_date(args.date)
    except ValueError:
        return fail("daily", _date_error(args.date))
    deal = daily_deal(date, DIFFICULTIES[args.difficulty])
    print(f"{deal.code} {deal.rating.stars}" if args.rating else str(deal.code))
    return 0


def _date_error(text: str) -> str:
    """Why ``text`` is no day of the daily deals, in one sentence of ours."""
    import datetime

    from seahaven.engine.daily import FIRST_DAY, LAST_DAY

    try:
        day = datetime.date.fromisoformat(text.strip()) if len(text.strip()) == 10 else None
    except ValueError:
        day = None
    if day is None:
        # Translators: an error on the command line; {date} is what was typed. Keep YYYY-MM-DD and 2026-12-01 as they
        # are.
        return _("{date} is not a date written YYYY-MM-DD, like 2026-12-01.").format(date=quoted(text))
    # Translators: an error on the command line; {first}, {last} and {date} are dates written 2026-12-01.
    return _("There are daily deals from {first} to {last}, not for {date}.").format(
        first=FIRST_DAY.isoformat(), last=LAST_DAY.isoformat(), date=day.isoformat())
