"""``seahaven replay FILE``: check game records and print one JSON verdict per record.

Exit status 0 only if every move of every record is legal; 1 if one is not; 3 if the
file cannot be read at all.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a JSON game record, a JSON list of them, or JSON lines ('-' for stdin)")
    parser.add_argument("--classic", action="store_true", help="use the classic run limit (free cells + 1)")


def _read(path: str, limit: int) -> str:
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        if os.path.isdir(path):
            raise OSError(f"{path} is a folder, not a file")
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{path} is larger than {limit // (1024 * 1024)} MB; it cannot be a game record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None


def run(args: argparse.Namespace) -> int:
    from game.engine import APP_RULES, CLASSIC_RULES
    from game.engine.errors import InvalidRecord
    from game.engine.records import MAX_RECORD_BYTES, check_record, read_records, verdict

    try:
        text = _read(args.file, MAX_RECORD_BYTES)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        print(f"seahaven replay: cannot read {args.file}: {reason}", file=sys.stderr)
        return 3
    rules = CLASSIC_RULES if args.classic else APP_RULES
    all_legal = True
    count = 0
    for record in read_records(text):
        count += 1
        if isinstance(record, InvalidRecord):
            result = verdict(False, False, 0, f"record: {record}")
        else:
            result = check_record(record, rules)
        all_legal &= result["legal"]
        print(json.dumps(result))
    if count == 0:
        print(f"seahaven replay: {args.file} holds no game record", file=sys.stderr)
        return 3
    return 0 if all_legal else 1
