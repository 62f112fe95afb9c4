"""Storage: SPEC 10's current.json, settings and statistics files, atomic writes, and
bad files (fuzzed) that are moved aside, never deleted, never a crash."""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seahaven.app.saving.files import MAX_FILE_BYTES, SaveError
from seahaven.app.saving.saved_game import game_to_json
from seahaven.app.saving.storage import CURRENT, JOURNAL, SETTINGS, STATS, Storage
from seahaven.app.state.settings import Settings
from seahaven.app.state.stats import Stats
from seahaven.engine import CLASSIC_RULES, Game, GameCode, Position

CODE = "SH1-C4-AAAAAJ2"


def played_game(code: str = CODE, moves: int = 12, undo: int = 3) -> Game:
    """A game with ``moves`` moves played (foundation moves first) and ``undo`` undone."""
    game = Game.from_code(code)
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if not m.source.is_foundation]
        home = [m for m in legal if m.dest.is_foundation]
        game.play((home or legal)[0])
    for _ in range(undo):
        game.undo()
    return game


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# -- the game in progress -------------------------------------------------------------------


def test_current_json_is_spec_10(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = played_game()
    storage.save_game(game, 83.25)
    storage.flush()  # saves are written on a background thread
    body = json.loads((tmp_path / CURRENT).read_text())
    assert list(body) == ["version", "code", "moves", "undone", "elapsed_s", "score", "seq"]  # seq: the journal
    assert body["version"] == 1 and body["code"] == CODE
    assert body["moves"] == [m.to_json() for m in game.line] and len(body["moves"]) == 12
    assert body["undone"] == 3 and body["elapsed_s"] == 83.25 and body["score"] == game.score


def test_resume_restores_line_undo_score_and_time(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = played_game()
    storage.save_game(game, 83.25)
    loaded = storage.load_game()
    assert loaded.message is None and loaded.value is not None
    again, elapsed = loaded.value.game, loaded.value.elapsed_s
    assert again.line == game.line and again.undone == 3 and again.score == game.score
    assert again.position == game.position and again.code == GameCode.parse(CODE)
    assert elapsed == 83.25
    assert again.redo() is not None and again.position == game.redo().after


def test_game_without_code_saves_its_position(tmp_path: Path) -> None:
    start = GameCode.parse("SH1-C1-BBBBBBB").position()
    game = Game(start)
    game.play(game.legal_moves()[0])
    storage = Storage(tmp_path)
    storage.save_game(game, 1)
    storage.flush()
    body = json.loads((tmp_path / CURRENT).read_text())
    assert body["code"] is None and Position.from_json(body["position"]) == start
    loaded = storage.load_game(CLASSIC_RULES)
    assert loaded.value is not None and loaded.value.game.start == start
    assert loaded.value.game.rules == CLASSIC_RULES


def test_no_file_is_a_clean_start_without_message(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "not-yet")
    assert storage.load_game().value is None and storage.load_game().message is None
    assert storage.load_settings().value == Settings()
    assert storage.load_stats().value == Stats()


def test_settings_round_trip(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    changed = Settings(
        sound=False, volume=0.25, animation="slow", suit_colours="four", double_tap_ms=350,
        warn_lost=False, classic_run_limit=True, winnable_only={4: True, 2: False, 1: True},
        fullscreen=False, cells=2,
    )
    storage.save_settings(changed)
    loaded = storage.load_settings()
    assert loaded.message is None and loaded.value == changed


def test_stats_round_trip(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    stats = Stats()
    stats.record_start(1)
    stats.record_win(1, 1100, 77.5, hints=1)
    stats.record_start(4)
    storage.save_stats(stats)
    loaded = storage.load_stats()
    assert loaded.message is None and loaded.value == stats


def test_settings_missing_fields_default_and_unknown_fields_are_ignored(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text('{"version": 1, "sound": false, "from_the_future": 3}')
    loaded = Storage(tmp_path).load_settings()
    assert loaded.message is None and loaded.value == Settings(sound=False)


@pytest.mark.parametrize(
    "body",
    [
        {"version": 1, "volume": 7},
        {"version": 1, "animation": "warp"},
        {"version": 1, "sound": "yes"},
        {"version": 1, "double_tap_ms": 10**30},
        {"version": 1, "winnable_only": {"4": 1}},
        {"version": 2},
    ],
)
def test_bad_settings_are_moved_aside(tmp_path: Path, body: dict[str, object]) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps(body))
    loaded = Storage(tmp_path).load_settings()
    assert loaded.value == Settings() and loaded.message and "settings" in loaded.message
    assert loaded.moved_to is not None and loaded.moved_to.exists()
    assert not (tmp_path / SETTINGS).exists()


# -- bad current.json files ---------------------------------------------------------------


def valid_body() -> dict[str, object]:
    return game_to_json(played_game(), 42.0)


def check_bad_current(folder: Path, data: bytes) -> None:
    """Loading ``data`` as current.json: no exception, a clean state and a message, and
    the bytes still on disk under another name."""
    (folder / CURRENT).write_bytes(data)
    before = set(files(folder).values())
    loaded = Storage(folder).load_game()
    assert loaded.value is None
    assert loaded.message and loaded.message.endswith(".") and "\n" not in loaded.message
    assert loaded.moved_to is not None and loaded.moved_to.read_bytes() == data
    assert not (folder / CURRENT).exists()
    assert set(files(folder).values()) == before  # nothing deleted, nothing changed


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"version": 2}, "version"),
        ({"version": "1"}, "version"),
        ({"code": "SH1-C3-AAAAAAA"}, "cell count"),
        ({"moves": "col1"}, "moves"),
        ({"code": None}, "code"),
        ({"position": {"cells": [], "foundations": {}, "columns": []}}, "position"),
    ],
)
def test_damaged_game_is_moved_aside(tmp_path: Path, change: dict[str, object], why: str) -> None:
    """A body whose deal or moves cannot be read at all is set aside whole."""
    body = valid_body()
    body.update(change)
    data = json.dumps(body).encode()
    (tmp_path / CURRENT).write_bytes(data)
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is None and loaded.reason and why in loaded.reason.lower()
    assert loaded.moved_to is not None and loaded.moved_to.read_bytes() == data


@pytest.mark.parametrize(
    ("change", "repaired", "said"),
    [
        ({"score": 999}, "score", "worked out again"),
        ({"undone": 13}, "undone", "all on the table"),
        ({"undone": -1}, "undone", "all on the table"),
        ({"elapsed_s": -5}, "elapsed_s", "0:00"),
        ({"elapsed_s": 1e300}, "elapsed_s", "0:00"),
        ({"hints": "many"}, "hints", "won with help"),
        ({"bookmarks": "2"}, "bookmarks", "bookmarks"),
        ({"bookmarks": [1, 99]}, "bookmarks", "bookmarks"),
        ({"sent_home": "2"}, "sent_home", "on its own"),
        ({"sent_home": [2, 999]}, "sent_home", "on its own"),
        ({"extra": 1}, "", ""),
    ],
)
def test_a_damaged_field_is_repaired_and_the_moves_stay(tmp_path: Path, change: dict[str, object], repaired: str,
                                                       said: str) -> None:
    """Issue 36: a field not needed to play is dropped or worked out again, with a note; the
    moves stay in play, and the damaged file is kept as a copy."""
    body = valid_body()
    body.update(change)
    data = json.dumps(body).encode()
    (tmp_path / CURRENT).write_bytes(data)
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None
    assert [m.to_json() for m in loaded.value.game.line] == body["moves"]
    assert loaded.value.repaired == ((repaired,) if repaired else ())
    if repaired:
        assert loaded.message and said in loaded.message and "kept as current.bad-" in loaded.message
        (copy,) = tmp_path.glob("current.bad-*.json")
        assert copy.read_bytes() == data and (tmp_path / CURRENT).read_bytes() == data
    else:
        assert loaded.message is None


@pytest.mark.parametrize("at", [0, 2])
def test_a_damaged_move_keeps_the_moves_before_it(tmp_path: Path, at: int) -> None:
    body = valid_body()
    moves = body["moves"]
    assert isinstance(moves, list) and len(moves) > at
    body["moves"] = [*moves[:at], {"from": "col1", "to": "col1"}, *moves[at + 1:]]
    body["undone"] = 0
    (tmp_path / CURRENT).write_text(json.dumps(body))
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and [m.to_json() for m in loaded.value.game.line] == moves[:at]
    assert loaded.message and (f"up to move {at} only" if at else "from the deal") in loaded.message


def test_impossible_cards_are_refused(tmp_path: Path) -> None:
    position = GameCode.parse(CODE).position().to_json()
    position["columns"][0][0] = position["columns"][1][0]  # a card twice, one missing
    body = {"version": 1, "code": None, "position": position, "moves": [], "undone": 0,
            "elapsed_s": 0, "score": 0}
    check_bad_current(tmp_path, json.dumps(body).encode())


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xff\xfe\x00garbage",
        b"[" * 100_000 + b"]" * 100_000,
        b'{"version": 1, "score": ' + b"9" * 5000 + b"}",
        b'{"version": 1, "elapsed_s": NaN}',
        b"null",
        b'"version"',
        b" " * (MAX_FILE_BYTES + 1),
    ],
)
def test_hostile_files_are_moved_aside(tmp_path: Path, data: bytes) -> None:
    check_bad_current(tmp_path, data)


def test_truncations_at_every_length(tmp_path: Path) -> None:
    data = json.dumps(valid_body(), indent=1).encode()
    for length in range(len(data)):
        folder = tmp_path / str(length)
        folder.mkdir()
        check_bad_current(folder, data[:length])
    (tmp_path / CURRENT).write_bytes(data)
    assert Storage(tmp_path).load_game().value is not None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
_FIELDS = ["version", "code", "position", "moves", "undone", "elapsed_s", "score"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=400))
def test_fuzz_random_bytes(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_bad_current(Path(folder), data)


@settings(max_examples=150, deadline=None)
@given(value=json_values)
def test_fuzz_random_json(value: object) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_bad_current(Path(folder), json.dumps(value).encode())


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(_FIELDS), value=json_values)
def test_fuzz_one_field_of_a_valid_file(field: str, value: object) -> None:
    body = valid_body()
    original = body.get(field)
    body[field] = value
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / CURRENT).write_text(json.dumps(body))
        before = files(folder)
        loaded = Storage(folder).load_game()  # never raises
        if loaded.value is None:
            # only the deal and the moves are needed (or the file is no JSON: Infinity is not)
            assert field in ("version", "code", "position", "moves") or "Infinity" in json.dumps(value)
            assert loaded.message and loaded.moved_to is not None
            assert set(files(folder).values()) == set(before.values())
        elif loaded.value.repaired:  # a damaged field: repaired, said, and the file kept as a copy
            assert loaded.message and "kept as current.bad-" in loaded.message
            assert files(folder)[CURRENT] == before[CURRENT] and len(files(folder)) == 2
        else:  # the changed file is still a valid game: it is taken exactly as written
            assert loaded.message is None and set(files(folder).values()) == set(before.values())
            again = game_to_json(loaded.value.game, loaded.value.elapsed_s)
            assert again.pop("elapsed_s") == pytest.approx(body["elapsed_s"], abs=1e-3)
            assert again == {k: v for k, v in body.items() if k != "elapsed_s" and not (k == "position" and v is None)}
            assert field in ("elapsed_s", "undone") or value == original


@settings(max_examples=100, deadline=None)
@given(value=json_values, name=st.sampled_from([SETTINGS, STATS]))
def test_fuzz_settings_and_stats(value: object, name: str) -> None:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / name).write_text(json.dumps(value))
        before = set(files(folder).values())
        storage = Storage(folder)
        loaded = storage.load_settings() if name == SETTINGS else storage.load_stats()
        assert set(files(folder).values()) == before
        assert isinstance(loaded.value, Settings if name == SETTINGS else Stats)
        assert loaded.message is not None or (folder / name).exists()


def test_stats_that_do_not_add_up_are_moved_aside(tmp_path: Path) -> None:
    (tmp_path / STATS).write_text(json.dumps({"version": 1, "difficulties": {"4": {"played": 1, "won": 2}}}))
    loaded = Storage(tmp_path).load_stats()
    assert loaded.value == Stats() and loaded.message and "statistics" in loaded.message


def test_two_bad_files_in_the_same_second_keep_both(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    for data in (b"one", b"two", b"three"):
        (tmp_path / CURRENT).write_bytes(data)
        assert storage.load_game().message
    assert sorted(files(tmp_path).values()) == [b"one", b"three", b"two"]


# -- writing ----------------------------------------------------------------------------------


def test_writes_replace_atomically_and_leave_no_temporary_file(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = played_game(undo=0)
    for _ in range(3):
        storage.save_game(game, 5)
        game.undo()
    storage.flush()
    assert [p.name for p in tmp_path.iterdir()] == [CURRENT]


def test_a_folder_that_cannot_hold_files_gives_a_save_error_not_a_crash(tmp_path: Path) -> None:
    """A real failure of the file system, root or not: the data "folder" is a file."""
    folder = tmp_path / "data"
    folder.write_bytes(b"not a folder")
    storage = Storage(folder)
    with pytest.raises(SaveError) as info:  # the journal is written at once: the error comes at once
        storage.save_game(played_game(), 1)
        storage.flush()
    assert "could not be saved" in str(info.value) and "play goes on" in str(info.value)
    assert folder.read_bytes() == b"not a folder"


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root may write to a read-only folder")
def test_read_only_folder_gives_a_save_error_not_a_crash(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    storage = Storage(folder)
    storage.save_settings(Settings())
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        storage.save_game(played_game(), 1)
        with pytest.raises(SaveError) as info:
            storage.flush()
        assert "could not be saved" in str(info.value) and "play goes on" in str(info.value)
        assert storage.load_settings().message is None
    finally:
        folder.chmod(stat.S_IRWXU)


def test_unwritable_folder_gives_a_save_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    storage = Storage(tmp_path)
    storage.save_stats(Stats())
    with pytest.raises(SaveError, match="folder cannot be written"):
        storage.flush()


def test_full_disk_gives_a_save_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    storage = Storage(tmp_path)
    storage.save_game(played_game(), 1)
    storage.flush()
    before = files(tmp_path)
    monkeypatch.setattr(os, "fsync", full)
    storage.save_game(played_game(undo=0), 2)
    with pytest.raises(SaveError, match="disk is full"):
        storage.flush()
    after = files(tmp_path)
    journal = after.pop(JOURNAL)  # the move is in the journal: written, only its full save failed
    assert after == before  # the old save is intact, no temporary file left
    assert Storage(tmp_path).load_game().value.game.line == played_game(undo=0).line and journal


def test_unreadable_bad_file_that_cannot_be_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / CURRENT).write_bytes(b"{oops")

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is None and loaded.message and "could not be moved aside" in loaded.message
    assert (tmp_path / CURRENT).read_bytes() == b"{oops"
