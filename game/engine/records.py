"""Game records (SPEC 12): a start (position or code) and moves, checked move by move.

A record is ``{"position": <JSON position>, "moves": [...]}`` or ``{"code": "SH1-…",
"moves": [...]}``. :func:`check_record` never raises on bad input: it returns a verdict
that says which move failed and why.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from game.engine.cards import Move
from game.engine.codes import GameCode
from game.engine.errors import InvalidRecord, SeahavenError
from game.engine.position import APP_RULES, Position, Rules

MAX_RECORD_BYTES = 32 * 1024 * 1024
"""Record files larger than this are refused before they are read."""

MAX_MOVES = 100_000
"""No game needs more moves than this; a longer list is refused as hostile."""


def verdict(legal: bool, won: bool, applied: int, error: str | None) -> dict[str, Any]:
    return {"legal": legal, "won": won, "applied": applied, "error": error}


def record_start(record: object) -> tuple[Position, list[object]]:
    """The start position and the raw move list of a record; raises InvalidRecord."""
    if not isinstance(record, dict):
        raise InvalidRecord("a game record must be a JSON object with 'position' or 'code', and 'moves'")
    # other fields (a source, a comment) are metadata and are ignored
    if ("position" in record) == ("code" in record):
        raise InvalidRecord("a game record needs exactly one of 'position' and 'code'")
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise InvalidRecord("a game record needs 'moves', a list of moves")
    if len(moves) > MAX_MOVES:
        raise InvalidRecord(f"a game record may hold at most {MAX_MOVES} moves")
    try:
        if "code" in record:
            start = GameCode.parse(record["code"]).position()
        else:
            start = Position.from_json(record["position"])
    except SeahavenError as error:
        raise InvalidRecord(str(error)) from None
    return start, moves


def check_record(record: object, rules: Rules = APP_RULES) -> dict[str, Any]:
    """Replay a record through the rules; the verdict of SPEC 12."""
    try:
        position, moves = record_start(record)
    except InvalidRecord as error:
        return verdict(False, False, 0, f"record: {error}")
    for k, raw in enumerate(moves, 1):
        try:
            move = position.resolve(Move.from_json(raw))
            position = position.play(move, rules)
        except SeahavenError as error:
            return verdict(False, position.is_won, k - 1, f"move {k}: {error}")
    return verdict(True, position.is_won, len(moves), None)


def read_records(text: str) -> Iterator[object]:
    """The records in ``text``: one JSON record, a JSON list of records, or JSON lines.
    A line that is not JSON yields an :class:`InvalidRecord` in its place."""
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        whole = None
    else:
        if isinstance(whole, list):
            yield from whole
        else:
            yield whole
        return
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except (ValueError, RecursionError) as error:
            yield InvalidRecord(f"line {n} is not JSON ({str(error)[:80]})")
