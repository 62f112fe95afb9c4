"""``seahaven replay FILE``: check game records and print one JSON verdict per record.

Exit status 0 only if every move of every record is legal; 1 if one is not; 3 if the
file cannot be read at all, or holds no JSON at all (one sentence says why, no verdict).
"""

from __future__ import annotations

import argparse
import json
import sys

from seahaven.commands import InputError, fail, read_text_chunks
from seahaven.i18n import _

HELD_BACK = 1000
"""Lines that are not JSON held back at the start of a file before they are given as
verdicts (a file of game records with a few damaged lines)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar=_("FILE"),
                        help=_("a JSON game record, a JSON list of them, or JSON lines ('-' for stdin)"))
    parser.add_argument("--classic", action="store_true", help=_("use the classic run limit (free cells + 1)"))


def run(args: argparse.Namespace) -> int:
    from seahaven.engine import APP_RULES, CLASSIC_RULES
    from seahaven.engine.errors import InvalidRecord
    from seahaven.engine.records import MAX_RECORD_BYTES, check_record, stream_records, verdict

    rules = CLASSIC_RULES if args.classic else APP_RULES
    all_legal = True
    count = 0
    printed: dict[tuple[object, ...], str] = {}  # the same verdict is encoded once
    write = sys.stdout.write
    unread: list[InvalidRecord] | None = []
    """Records that are not JSON, held back until one that is shows the file holds records
    (None from then on): a file with no JSON in it gets one sentence, not verdicts."""
    try:
        # verdicts are printed as the records are read: a long file is never held whole
        # Translators: an error on the command line; {path} is a file's path, {size} a number of megabytes.
        too_large = _("{path} is larger than {size} MB; it cannot be a game record.")
        for record in stream_records(read_text_chunks(args.file, MAX_RECORD_BYTES, too_large)):
            count += 1
            if isinstance(record, InvalidRecord) and unread is not None and len(unread) < HELD_BACK:
                unread.append(record)
                continue
            held, unread = unread or [], None
            for earlier in held:
                write(json.dumps(verdict(False, False, 0, f"record: {earlier}")) + "\n")
                all_legal = False
            if isinstance(record, InvalidRecord):
                result = verdict(False, False, 0, f"record: {record}")
            else:
                result = check_record(record, rules)
            all_legal &= result["legal"]
            key = tuple(result.values())
            line = printed.get(key)
            if line is None:
                if len(printed) > 10_000:
                    printed.clear()
                line = printed[key] = json.dumps(result) + "\n"
            write(line)
    except InputError as error:
        sys.stdout.flush()
        return fail("replay", str(error))
    if count == 0:
        # Translators: an error on the command line; {path} is a file's path.
        return fail("replay", _("{path} holds no game record.").format(path=args.file))
    if unread:
        # Translators: an error on the command line; {path} is a file's path, {detail} what is wrong with it.
        return fail("replay", _("{path} holds no game record: {detail}.").format(path=args.file, detail=unread[0]))
    return 0 if all_legal else 1
