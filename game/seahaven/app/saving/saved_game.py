"""The saved game's format: ``current.json`` and the entries of its journal, to and from JSON.

``current.json`` is the game as SPEC 10 fixes it, with optional fields more:
``"hints"``, the hints shown for it, ``"bookmarks"``, ``"sent_home"`` (the numbers, from 1,
of the moves that were safe cards sent home after the move before them, which undo takes
back with it: see :meth:`seahaven.engine.Game.send_home`) and ``"seq"``, the last journal
entry it holds (see :class:`~seahaven.app.saving.storage.Journal`, which writes the entries
this module makes). Reading checks every value and replays the moves through the engine; anything
wrong raises :class:`~seahaven.app.saving.files.BadFile` saying what. Writing takes a
snapshot on the main thread (a few fields and the immutable tuple of the actions) and
makes the bytes on any thread, from the cached text of each move.

No pygame here, no pickle, no eval.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from seahaven.app.saving.files import VERSION, BadFile, dumps, parse_json, versioned_body
from seahaven.engine import APP_RULES, Game, GameCode, Move, Position, Rules, SeahavenError
from seahaven.engine.game import BOOKMARK_LIMIT, Action

MAX_GAME_BYTES = 16_000_000
"""A saved game larger than this is refused before parsing. A move takes about 40 bytes,
so this holds some 400,000 moves; the writer refuses to write a longer game rather than
write a file the reader would refuse."""

MAX_HINTS = 1_000_000
"""More hints than this in one game is taken as damage."""
MAX_ELAPSED_S = 10 * 365 * 24 * 3600.0
"""A saved game's time above ten years is taken as damage."""

SENT_HOME = "sent_home"
"""The optional field of the moves that were safe cards sent home with the move before them
(absent when there are none, so a game played without the setting saves as before)."""

_ENTRY_FIELDS = {"seq", "code", "position", "keep", "moves", SENT_HOME, "undone", "elapsed_s", "score", "hints",
                 "bookmarks"}


@dataclass
class SavedGame:
    """A resumed game and the playing time it had when saved."""

    game: Game
    elapsed_s: float


# -- writing -------------------------------------------------------------------------------


def game_fields(game: Game, elapsed_s: float, seq: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields of ``current.json`` before its moves and after them."""
    head: dict[str, Any] = {"version": VERSION, "code": None if game.code is None else str(game.code)}
    if game.code is None:
        head["position"] = game.start.to_json()
    tail: dict[str, Any] = {"undone": game.undone, "elapsed_s": round(max(0.0, float(elapsed_s)), 3),
                            "score": game.score}
    if game.hints_used:
        tail["hints"] = game.hints_used
    if game.bookmarks:
        tail["bookmarks"] = list(game.bookmarks)
    if seq:
        tail["seq"] = seq
    return head, tail


def _game_parts(game: Game, elapsed_s: float, seq: int | None = None
                ) -> tuple[dict[str, Any], tuple[Action, ...], dict[str, Any]]:
    """The fields of ``current.json`` before its moves, the actions of its line (an
    immutable snapshot, cheap to take), and the fields after them: the one list of what a
    saved game holds. ``seq`` is the last journal entry the file includes (see
    :class:`~seahaven.app.saving.storage.Journal`)."""
    head, tail = game_fields(game, elapsed_s, seq)
    return head, game.actions(), tail


def game_to_json(game: Game, elapsed_s: float) -> dict[str, Any]:
    """The ``current.json`` body of SPEC 10 for ``game`` (with the hints shown)."""
    head, line, tail = _game_parts(game, elapsed_s)
    sent = follow_up_numbers(line)
    return {**head, "moves": [action.move.to_json() for action in line], **({SENT_HOME: sent} if sent else {}),
            **tail}


def follow_up_numbers(line: tuple[Action, ...], first: int = 1) -> list[int]:
    """The numbers of the moves of ``line`` (the first numbered ``first``) that were safe
    cards sent home with the move before them."""
    return [n for n, action in enumerate(line, first) if action.follow_up]


_MOVE_TEXT: dict[Move, str] = {}
"""The JSON text of each move already written (there are fewer than 2,000 distinct moves),
so that a save of a long game only joins strings."""


def move_texts(moves: Any) -> str:
    """The JSON texts of ``moves`` joined by commas, from the cache of each move's text."""
    texts = _MOVE_TEXT
    try:
        return ",".join([texts[move] for move in moves])
    except KeyError:
        moves = list(moves)
        for move in moves:
            if move not in texts:
                texts[move] = dumps(move.to_json())
        return ",".join([texts[move] for move in moves])


def _game_bytes(head: dict[str, Any], line: tuple[Action, ...], tail: dict[str, Any]) -> bytes:
    """The bytes of ``current.json``: exactly ``dumps(game_to_json(...))`` and a newline,
    built from the cached text of each move."""
    return b"".join(game_chunks(head, line, tail))


_CHUNK = 4096
"""Moves per piece of a long game's bytes: each piece is a short call into C, so the
writer thread never holds the interpreter lock long enough to delay a frame."""


def game_chunks(head: dict[str, Any], line: tuple[Action, ...], tail: dict[str, Any]) -> list[bytes]:
    """The bytes of ``current.json`` in pieces (see :data:`_CHUNK`)."""
    chunks = [f'{dumps(head)[:-1]},"moves":['.encode()]
    for start in range(0, len(line), _CHUNK):
        text = move_texts([action.move for action in line[start : start + _CHUNK]])
        chunks.append((text if not start else "," + text).encode())
    sent = follow_up_numbers(line)
    chunks.append((f'],"{SENT_HOME}":{dumps(sent)}' if sent else "]").encode())
    chunks.append(f',{dumps(tail)[1:]}\n'.encode())
    return chunks


def game_snapshot(game: Game, elapsed_s: float, seq: int | None = None) -> Callable[[], bytes]:
    """What the main thread takes of ``game`` for a save (a few fields and the tuple of its
    actions, all immutable); calling the result makes the file's bytes, on any thread."""
    head, line, tail = _game_parts(game, elapsed_s, seq)
    return lambda: _game_bytes(head, line, tail)


def game_snapshot_chunks(game: Game, elapsed_s: float, seq: int) -> Callable[[], list[bytes]]:
    """:func:`game_snapshot`, giving the bytes in pieces (what the writer thread writes),
    at a cost to the main thread that does not grow with the game (see
    :meth:`Game.line_snapshot`)."""
    head, tail = game_fields(game, elapsed_s, seq)
    line = game.line_snapshot()
    return lambda: game_chunks(head, line(), tail)



def journal_entry(seq: int, game: Game, elapsed_s: float, keep: int | None) -> bytes:
    """The journal line of state ``seq``: ``game`` keeping the first ``keep`` moves of the
    line saved before it (None: a game new to the journal, written whole, with its deal)."""
    head, tail_fields = game_fields(game, elapsed_s)
    front: dict[str, Any] = {"seq": seq}
    if keep is None:  # a game new to this file: the whole of it
        front.update(head)
        del front["version"]
        keep = 0
    front["keep"] = keep
    added = game.actions(keep)
    moves = move_texts([action.move for action in added])
    sent = follow_up_numbers(added, keep + 1)
    sent_text = f',"{SENT_HOME}":{dumps(sent)}' if sent else ""
    return f'{dumps(front)[:-1]},"moves":[{moves}]{sent_text},{dumps(tail_fields)[1:]}\n'.encode()


# -- reading -------------------------------------------------------------------------------


def game_from_json(obj: Any, rules: Rules = APP_RULES) -> SavedGame:
    """Rebuild a game from a ``current.json`` body, replaying and checking every move and
    the score. Raises :class:`BadFile` saying what is wrong."""
    body = versioned_body(obj)
    unknown = set(body) - {"version", "code", "position", "moves", SENT_HOME, "undone", "elapsed_s", "score", "hints",
                           "seq", "bookmarks"}
    if unknown:
        raise BadFile(f"unknown field(s): {', '.join(sorted(str(k)[:20] for k in unknown))}")
    try:
        game = _new_game(body)
        raw_moves = body.get("moves")
        if not isinstance(raw_moves, list):
            raise BadFile("'moves' must be a list")
        undone, elapsed, score, hints = _checked_fields(body, len(raw_moves))
        _check_seq(body)
        _play_all(game, raw_moves, {}, {}, checked_follow_ups(body))
        game.undo_moves(undone)
        if game.score != score:
            raise BadFile(f"the score {score} does not match the moves (they give {game.score})")
        game.rules = rules
        game.note_hints(hints)
        game.note_bookmarks(checked_bookmarks(body, len(raw_moves)))
    except BadFile:
        raise
    except (SeahavenError, ValueError, TypeError, RecursionError) as error:
        raise BadFile(str(error)[:200]) from None
    return SavedGame(game, float(elapsed))


def _new_game(body: dict[str, Any]) -> Game:
    """The game at the deal of a body's ``code`` (or ``position``), no move made yet.
    Moves made under the app's run limit include every classic one, so replaying under
    APP_RULES accepts games whose player switched the setting mid-game."""
    code_text, raw_position = body.get("code"), body.get("position")
    try:
        if code_text is not None:
            if raw_position is not None:
                raise BadFile("a game started from a code has no 'position'")
            parsed = GameCode.parse(code_text)
            code: GameCode | None = parsed
            start = parsed.position()
        else:
            if raw_position is None:
                raise BadFile("a game needs a 'code' or a 'position'")
            code = None
            start = Position.from_json(raw_position)
    except BadFile:
        raise
    except (SeahavenError, ValueError, TypeError, RecursionError) as error:
        raise BadFile(str(error)[:200]) from None
    return Game(start, APP_RULES, code)


def _checked_fields(body: dict[str, Any], moves: int) -> tuple[int, float, int, int]:
    """A body's ``undone`` (for a line of ``moves`` moves), ``elapsed_s``, ``score`` and
    ``hints``, each checked on its own (the score against the moves later)."""
    undone = body.get("undone")
    if isinstance(undone, bool) or not isinstance(undone, int) or not 0 <= undone <= moves:
        raise BadFile("'undone' must be a whole number no larger than the number of moves")
    elapsed = body.get("elapsed_s")
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)):
        raise BadFile("'elapsed_s' must be a number")
    if not (math.isfinite(elapsed) and 0 <= elapsed <= MAX_ELAPSED_S):
        raise BadFile("'elapsed_s' is out of range")
    score = body.get("score")
    if isinstance(score, bool) or not isinstance(score, int):
        raise BadFile("'score' must be a whole number")
    hints = body.get("hints", 0)
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        raise BadFile("'hints' must be a whole number of hints shown")
    return undone, float(elapsed), score, hints


def checked_bookmarks(body: dict[str, Any], moves: int) -> list[int]:
    """A body's ``bookmarks`` (optional: saves made before bookmarks have none), each a
    whole number of moves within a line of ``moves`` moves."""
    marks = body.get("bookmarks", [])
    if not isinstance(marks, list) or len(marks) > BOOKMARK_LIMIT or not all(
            isinstance(mark, int) and not isinstance(mark, bool) and 0 <= mark <= moves for mark in marks):
        raise BadFile("'bookmarks' must be a short list of move numbers within the game")
    return marks


def checked_follow_ups(body: dict[str, Any]) -> frozenset[int]:
    """A body's ``sent_home`` (optional: a game played without the setting has none), the
    numbers of moves, each a whole number, in order."""
    numbers = body.get(SENT_HOME, [])
    if not isinstance(numbers, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers) or any(
            a >= b for a, b in itertools.pairwise(numbers)):
        raise BadFile(f"'{SENT_HOME}' must be a list of move numbers in order")
    return frozenset(numbers)


def _play_all(game: Game, raw_moves: list[Any], known: dict[tuple[Any, ...], Any], memo: dict[Any, Any],
              follow_ups: frozenset[int] = frozenset()) -> None:
    """Play the JSON moves ``raw_moves`` on ``game``, checking each; raise :class:`BadFile`
    naming the first that is wrong. ``known``: each distinct JSON move is read once (a long
    game repeats them); ``memo``: each position met again with the same move is worked out
    once; ``follow_ups``: the numbers in the line of the moves that were safe cards sent home
    with the move before them (each must be one of the moves played here)."""
    first = game.line_length
    if follow_ups and not all(first < n <= first + len(raw_moves) for n in follow_ups):
        raise BadFile(f"'{SENT_HOME}' names a move that is not there")
    for n, raw in enumerate(raw_moves, 1):
        try:
            try:  # the same JSON move is read once; the count's type is part of it (True == 1)
                count = raw.get("count", 1)
                key: Any = (raw.get("from"), raw.get("to"), count, type(count), len(raw))
                move = known.get(key)
            except (AttributeError, TypeError):  # not an object, or values that cannot be keys
                key, move = None, None
            if move is None:
                move = Move.from_json(raw)
                if key is not None and isinstance(move, Move):  # "found" depends on the position
                    known[key] = move
                move = game.position.resolve(move)
            game.play(move, memo, follow_up=first + n in follow_ups)
        except SeahavenError as error:
            raise BadFile(f"move {n}: {error}") from None
        except (ValueError, TypeError, RecursionError) as error:
            raise BadFile(f"move {n}: {str(error)[:200]}") from None


def first_refused(body: dict[str, Any] | None, seq: int, entries: list[dict[str, Any]]
                   ) -> tuple[tuple[int, str] | None, Game | None]:
    """The index in ``entries`` of the first journal entry whose game the reader refuses
    (an illegal move, a score that does not match, an undo too deep...), and why; None if
    none is. Each entry is checked on a game kept from the one before (a few moves each),
    not by replaying the whole game again; an entry a later one undoes is refused all the
    same. (Only after a kill is there a journal to read: a game that closed saved in full.)
    Also the game as the entries left it (when none is refused: the saved game, which is
    then not replayed again)."""
    game: Game | None = None
    if body is not None:
        with contextlib.suppress(BadFile):
            game = game_from_json(body).game
    known: dict[tuple[Any, ...], Any] = {}
    memo: dict[Any, Any] = {}
    applied = False
    for index, entry in enumerate(entries):
        number = entry["seq"]
        if number <= seq and not applied:
            continue  # already in current.json (the order itself is checked by apply_journal)
        try:
            if "code" in entry:
                fresh: dict[str, Any] = {"code": entry["code"]}
                if "position" in entry:
                    fresh["position"] = entry["position"]
                game = _new_game(fresh)
            elif game is None:
                raise BadFile("the journal does not start with its game")
            raw_moves = entry["moves"]
            game = _kept(game, entry["keep"], bool(raw_moves), memo)
            _play_all(game, raw_moves, known, memo, checked_follow_ups(entry))
            undone, _elapsed, score, _hints = _checked_fields(entry, game.line_length)
            game.undo_moves(undone)
            if game.score != score:
                raise BadFile(f"the score {score} does not match the moves (they give {game.score})")
        except BadFile as error:
            return (index, f"entry {index + 1}: {error}"), None
        except (SeahavenError, ValueError, TypeError, RecursionError) as error:
            return (index, f"entry {index + 1}: {str(error)[:200]}"), None
        seq, applied = number, True
    return None, game


def _kept(game: Game, keep: int, more: bool, memo: dict[Any, Any]) -> Game:
    """``game`` with only the first ``keep`` moves of its line, all applied: undos or
    redos where they reach when ``more`` moves follow (the first of them drops the rest of
    the line), else the line replayed from the deal."""
    line = game.line_length
    if keep > line:
        raise BadFile("an entry keeps more moves than the game has")
    while game.move_count > keep and game.undo() is not None:
        pass
    while game.move_count < keep and game.redo() is not None:
        pass
    if game.move_count == keep and (keep == line or more):
        return game
    kept = game.actions(0, keep)  # below the undo limit, or the line cut with nothing after it
    again = Game(game.start, APP_RULES, game.code)
    for action in kept:
        again.play(action.move, memo, follow_up=action.follow_up)
    return again


def _check_seq(body: dict[str, Any]) -> int:
    seq = body.get("seq", 0)
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise BadFile("'seq' must be a whole number")
    return seq


def game_body(obj: Any) -> dict[str, Any]:
    """A ``current.json`` body whose version and shape are right (its moves are checked
    once the journal's are added, by :func:`game_from_json`)."""
    body = versioned_body(obj)
    if not isinstance(body.get("moves"), list):
        raise BadFile("'moves' must be a list")
    _check_seq(body)
    return body


def journal_entries(lines: list[bytes], entries: list[dict[str, Any]]) -> str | None:
    """Read the journal's ``lines`` into ``entries`` up to the first bad one; what is
    wrong with that one, or None."""
    for n, line in enumerate(lines, 1):
        try:
            entry = parse_json(line, MAX_GAME_BYTES)
            if not isinstance(entry, dict):
                raise BadFile("not a JSON object")
            unknown = set(entry) - _ENTRY_FIELDS
            if unknown:
                raise BadFile(f"unknown field(s): {', '.join(sorted(str(k)[:20] for k in unknown))}")
            for name in ("seq", "keep"):
                value = entry.get(name)
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise BadFile(f"'{name}' must be a whole number")
            if not isinstance(entry.get("moves"), list):
                raise BadFile("'moves' must be a list")
            if not isinstance(entry.get(SENT_HOME, []), list):
                raise BadFile(f"'{SENT_HOME}' must be a list")
            if "position" in entry and "code" not in entry:
                raise BadFile("a 'position' without its 'code'")
        except BadFile as error:
            return f"line {n}: {error}"
        entries.append(entry)
    return None


def apply_journal(body: dict[str, Any] | None, seq: int, entries: list[dict[str, Any]]
                   ) -> tuple[dict[str, Any] | None, int, str | None]:
    """``current.json``'s ``body`` (its last entry ``seq``) with the journal's entries after
    it applied: the body of the game as last saved, the number of its last entry, and what
    is wrong with the journal (the entries before the wrong one are applied)."""
    merged, applied = body, False
    moves: list[Any] | None = None
    for n, entry in enumerate(entries, 1):
        number = entry["seq"]
        starts = "code" in entry  # a game new to the journal: the entry holds all of it
        if number <= seq and not applied:
            continue  # already in current.json (the journal was not yet emptied after it)
        if number != seq + 1 and not (starts and number > seq):
            return merged, seq, f"entry {n} does not follow the one before"
        if starts:
            fresh: dict[str, Any] = {"version": VERSION, "code": entry["code"]}
            if "position" in entry:
                fresh["position"] = entry["position"]
            merged, moves = fresh, []
        elif merged is None:
            return None, seq, "the journal does not start with its game"
        elif moves is None:
            merged, moves = dict(merged), list(merged["moves"])
        assert merged is not None and moves is not None
        keep = entry["keep"]
        if keep > len(moves):
            return (merged if applied else body), seq, f"entry {n} keeps more moves than the game has"
        del moves[keep:]
        moves.extend(entry["moves"])
        merged["moves"] = moves
        before = merged.get(SENT_HOME, [])  # checked with the whole game, by game_from_json
        sent = [*(m for m in before if not (type(m) is int and m > keep)), *entry.get(SENT_HOME, [])] \
            if isinstance(before, list) else before
        if sent:
            merged[SENT_HOME] = sent
        else:
            merged.pop(SENT_HOME, None)
        for name in ("undone", "elapsed_s", "score"):
            merged[name] = entry.get(name)
        for optional in ("hints", "bookmarks"):
            if optional in entry:
                merged[optional] = entry[optional]
            else:
                merged.pop(optional, None)
        merged.pop("seq", None)
        seq, applied = number, True
    return merged, seq, None
