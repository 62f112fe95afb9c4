"""Game records (SPEC 12): a start (position or code) and moves, checked move by move.

A record is ``{"position": <JSON position>, "moves": [...]}`` or ``{"code": "SH1-…",
"moves": [...]}``. :func:`check_record` never raises on bad input: it returns a verdict
that says which move failed and why.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from seahaven.engine.cards import Move
from seahaven.engine.codes import GameCode
from seahaven.engine.errors import InvalidRecord, SeahavenError
from seahaven.engine.position import APP_RULES, Position, Rules

MAX_RECORD_BYTES = 32 * 1024 * 1024
"""Record files larger than this are refused before they are read."""

MAX_SAVED_BYTES = 16_000_000
"""The largest game the game itself saves (``current.json``, a game file): the game refuses
to write a longer one, and reads any up to this size."""
SHORTEST_MOVE_TEXT = '{"from":"col1","to":"col2","count":1},'
"""The fewest bytes a move the game writes takes (every move has its count; piles are named
``col1`` or longer)."""
MAX_MOVES = MAX_SAVED_BYTES // len(SHORTEST_MOVE_TEXT) + 1
"""The most moves a game the game saves can hold (432,433): every game it writes replays and
reviews (issue 36; it was 100,000, fewer than a saved game may hold). A longer list is
refused as hostile."""


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
    yield from _json_lines(text.splitlines())


def _json_lines(lines: Iterable[str]) -> Iterator[object]:
    """One record per line; a line that is not JSON yields an :class:`InvalidRecord`."""
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except (ValueError, RecursionError) as error:
            yield InvalidRecord(f"line {n} is not JSON ({json_trouble(error)})")


def json_trouble(error: BaseException) -> str:
    """What is wrong with a text ``json`` refused, in our words (never Python's)."""
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    if isinstance(error, json.JSONDecodeError):
        return f"at column {error.colno}" if error.lineno == 1 else f"at line {error.lineno}, column {error.colno}"
    if isinstance(error, UnicodeError):
        return "it is not UTF-8 text"
    return "a number in it is too long"  # int(): more digits than Python converts


STREAM_FROM = 1 << 20
"""Texts up to this many characters are read whole by :func:`read_records`; longer ones
are streamed by :func:`stream_records`."""

_DECODER = json.JSONDecoder()
_BLANK = " \t\n\r"


def stream_records(chunks: Iterable[str]) -> Iterator[object]:
    """The records of a text given in pieces, as :func:`read_records` reads them, but
    without holding a long text whole: JSON lines are read line by line, and a JSON list
    element by element, each record yielded as soon as it is read. A text of at most
    :data:`STREAM_FROM` characters, or a long one that is neither (a single record over
    many lines), is read whole by :func:`read_records`. A long list that turns out not to
    be valid JSON yields an :class:`InvalidRecord` saying where, and ends there."""
    pieces = iter(chunks)
    head = ""
    for piece in pieces:
        head += piece
        if len(head) > STREAM_FROM:
            break
    else:
        yield from read_records(head)
        return
    body = head.lstrip(_BLANK)
    first_line, newline, _ = body.partition("\n")
    if newline:
        try:
            json.loads(first_line)
        except (ValueError, RecursionError):
            pass
        else:
            yield from _stream_lines(head, pieces)
            return
    if body.startswith("["):
        yield from _stream_list(head, pieces)
        return
    yield from read_records(head + "".join(pieces))


def _stream_lines(head: str, pieces: Iterator[str]) -> Iterator[object]:
    def lines() -> Iterator[str]:
        pending = head
        for piece in pieces:
            pending += piece
            parts = pending.split("\n")
            pending = parts.pop()
            yield from parts
        parts = pending.split("\n")
        yield from parts

    yield from _json_lines(lines())


def _stream_list(head: str, pieces: Iterator[str]) -> Iterator[object]:
    buf = head
    i = len(buf) - len(buf.lstrip(_BLANK)) + 1  # after the '['
    done = 0  # characters dropped from the front of the buffer
    ended = False

    def fill() -> bool:
        nonlocal buf, i, done, ended
        piece = next(pieces, None)
        if piece is None:
            ended = True
            return False
        done += i
        buf = buf[i:] + piece
        i = 0
        return True

    def skip_blanks() -> bool:
        """Move ``i`` to the next character that is not blank; False at the end of the text."""
        nonlocal i
        while True:
            while i < len(buf) and buf[i] in _BLANK:
                i += 1
            if i < len(buf):
                return True
            if not fill():
                return False

    def bad(what: str) -> InvalidRecord:
        return InvalidRecord(f"the list of records is not valid JSON at character {done + i + 1}: {what}")

    count = 0
    while True:
        if not skip_blanks():
            yield bad("the text ends inside the list")
            return
        if buf[i] == "]":
            i += 1
            if skip_blanks():
                yield bad("there is more after the end of the list")
            return
        if count:
            if buf[i] != ",":
                yield bad("',' or ']' expected")
                return
            i += 1
            if not skip_blanks():
                yield bad("the text ends inside the list")
                return
        while True:
            try:
                value, end = _DECODER.raw_decode(buf, i)
            except RecursionError:
                yield bad("a record is nested too deeply")
                return
            except ValueError as error:
                if not ended and fill():
                    continue  # the record may go on in the next piece
                yield bad("a record is not JSON" if isinstance(error, json.JSONDecodeError) else json_trouble(error))
                return
            if end == len(buf) and not ended and fill():
                continue  # a number may go on in the next piece
            break
        i = end
        count += 1
        yield value
