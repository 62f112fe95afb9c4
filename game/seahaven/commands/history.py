"""``seahaven history [--csv]``: print the record of every game played (``history.jsonl``
in the data folder): one JSON line per game, or CSV with a header row. Games rolled into
the totals line of a long history are summed up on stderr; damaged lines are skipped and
said on stderr. Reading takes no lock and writes nothing (a bad file is left where it is
for the game to set aside), so it works while the game is open. Exit status 0, or 3 when the
file cannot be read (a folder, a FIFO, a link...) or has damaged lines: one sentence on
stderr, the lines that could be read still printed (issue 36).
"""

from __future__ import annotations

import argparse
import sys

from seahaven.commands import fail
from seahaven.i18n import _, ngettext


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--csv", action="store_true", help=_("print CSV (a header row, then one row per game)"))


def run(args: argparse.Namespace) -> int:
    from seahaven.app.saving.history_file import HistoryFile, to_csv, to_jsonl
    from seahaven.app.saving.storage import default_folder

    keeper = HistoryFile(default_folder(), read_only=True)
    history = keeper.load()
    sys.stdout.write(to_csv(history.entries) if args.csv else to_jsonl(history.entries))
    rolled = sum(counts.played for counts in history.rolled.values())
    if rolled:
        since = history.rolled_from
        # Translators: printed by seahaven history; {n} is a number of games, {date} a date written 2026-12-01.
        note = (ngettext("{n} older game is kept only in the totals (since {date}).",
                         "{n} older games are kept only in the totals (since {date}).", rolled)
                # Translators: printed by seahaven history; {n} is a number of games.
                if since else ngettext("{n} older game is kept only in the totals.",
                                       "{n} older games are kept only in the totals.", rolled))
        print(f"seahaven history: {note.format(n=rolled, date=since)}", file=sys.stderr)
    if keeper.message is not None:
        return fail("history", keeper.message)
    return 0
