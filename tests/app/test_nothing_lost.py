"""Issue 24, nothing lost (part 3): a damaged journal keeps every entry before the damage;
a full disk, then space back, loses nothing played after; ``.lock`` that is not a plain
file fails closed; the history records every game whatever its size and is never written
through a link; a damaged ``deals.json`` is set aside. Real files throughout, and the real
game process, killed with SIGKILL, where the attack needs one."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from seahaven.app.saving import files
from seahaven.app.saving import history_file as history_module
from seahaven.app.saving.history_file import HistoryFile
from seahaven.app.saving.persistence import Persistence
from seahaven.app.saving.storage import CURRENT, DEALS, JOURNAL, SETTINGS, STATS, Storage
from seahaven.app.state.history import Entry
from seahaven.engine import Game
from tests.app.test_fail_closed import NOT_SAVING, _files, _one_sentence, _saved_game
from tests.app.test_files import GAME, _user_env, posix_only
from tests.app.test_resume import one_action_apart
from tests.conftest import ROOT

CODE = "SH1-C4-AAAAAJ2"


def _journal_game(folder: Path, monkeypatch: pytest.MonkeyPatch, actions: int = 8
                  ) -> list[tuple[tuple[Any, ...], int]]:
    """A game saved action by action into the journal only (no full save after the
    first): the states after each action, the deal first; every fourth action is an undo."""
    from seahaven.app.saving import storage as storage_module

    monkeypatch.setattr(storage_module, "FULL_SAVE_S", 3600.0)
    monkeypatch.setattr(storage_module, "FULL_SAVE_EVERY", 10_000)
    storage = Storage(folder)
    game = Game.from_code(CODE)
    storage.save_game(game, 0.0, full=True)
    storage.flush()
    states = [(game.line, game.undone)]
    for n in range(actions):
        if n % 4 == 3:
            game.undo()
        else:
            _step(game)
        storage.save_game(game, float(n + 1))
        states.append((game.line, game.undone))
    return states


def _step(game: Game) -> None:
    """A card to a cell, then back and forth between two cells (legal at any length)."""
    from seahaven.engine import IllegalMove, Move

    for there in (("cell3", "cell4"), ("cell4", "cell3"), ("col1", "cell3")):
        try:
            game.play(game.position.resolve(Move.from_json({"from": there[0], "to": there[1], "count": 1})))
            return
        except (IllegalMove, ValueError):
            continue
    raise AssertionError("no move")


def _damage(path: Path, kind: str, at: int) -> bytes:
    """Damage journal line ``at`` (0-based) as ``kind`` says; the damaged bytes."""
    lines = path.read_bytes().splitlines(keepends=True)
    if kind == "torn":  # the last line cut short (a kill or power cut mid-write)
        lines = [*lines[:at], lines[at][: len(lines[at]) // 2]]
    elif kind == "nul":  # what a power cut leaves: the last block's bytes never written
        lines = [*lines[:at], b"\0" * (len(lines[at]) + 300)]
    elif kind == "illegal":  # one entry the checker refuses: a move from an empty foundation
        entry = json.loads(lines[at])
        entry["moves"] = [{"from": "found1", "to": "cell1", "count": 1}]
        lines[at] = (json.dumps(entry) + "\n").encode()
    elif kind == "gap":  # an entry lost: the seq jumps
        del lines[at]
    data = b"".join(lines)
    path.write_bytes(data)
    return data


@pytest.mark.parametrize("kind", ["torn", "nul", "illegal", "gap"])
def test_a_damaged_journal_keeps_every_entry_before_the_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              kind: str) -> None:
    states = _journal_game(tmp_path, monkeypatch)
    journal = tmp_path / JOURNAL
    count = len(journal.read_bytes().splitlines())
    assert count == len(states) - 1  # one entry per action
    at = count - 1 if kind in ("torn", "nul") else 4
    damaged = _damage(journal, kind, at)
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None
    got = loaded.value.game
    assert (got.line, got.undone) == states[at]  # every entry before the damaged one, nothing after
    assert loaded.message and "last moves could not be read" in loaded.message
    assert "kept as current-journal.bad-" in loaded.message and "line" not in loaded.message
    aside = list(tmp_path.glob("current-journal.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged  # kept, never deleted


def test_a_refused_last_entry_of_a_long_journal_keeps_all_the_others(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal of 150 actions (past the undo limit, with undos) whose last entry is
    refused: the check goes entry by entry and keeps every one before it."""
    states = _journal_game(tmp_path, monkeypatch, actions=150)
    _damage(tmp_path / JOURNAL, "illegal", 149)
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and (loaded.value.game.line, loaded.value.game.undone) == states[149]


def test_a_game_resumed_at_its_deal_is_one_game_and_no_phantom_history_line(tmp_path: Path) -> None:
    keeper = Persistence(folder=tmp_path)
    game = Game.from_code(CODE)
    keeper.game_changed(game, 0.0, full=True)
    keeper.storage.flush()
    for n in range(3):
        game.play(game.useful_moves()[0])
        keeper.game_changed(game, float(n))
    assert keeper.stats.of(4).played == 1
    _damage(tmp_path / JOURNAL, "illegal", 0)  # the first move's entry: back at the deal
    again = Persistence(folder=tmp_path)
    saved = again.resume()
    assert saved is not None and saved.game.move_count == 0
    again.game_changed(saved.game, 0.0, full=True)  # the start's save
    assert again.stats.of(4).played == 1 and again.history.entries == []
    saved.game.play(saved.game.useful_moves()[0])
    again.game_changed(saved.game, 1.0)
    again.quit(saved.game, 2.0)
    assert Persistence(folder=tmp_path).stats.of(4).played == 1  # not twice
    assert not (tmp_path / "history.jsonl").exists()  # nothing ended


def test_a_game_lost_with_its_files_is_recorded_with_its_code(tmp_path: Path) -> None:
    keeper = Persistence(folder=tmp_path)
    game = Game.from_code(CODE)
    game.play(game.useful_moves()[0])
    keeper.game_changed(game, 1.0, full=True)
    keeper.quit(game, 1.0)
    (tmp_path / CURRENT).unlink()
    again = Persistence(folder=tmp_path)
    assert again.resume() is None
    assert [(e.code, e.result) for e in again.history.entries] == [(CODE, "abandoned")]


# -- a full disk, then space back ---------------------------------------------------------------


def _full(*_args: object, **_kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_after_failed_appends_the_next_write_leaves_a_journal_read_in_full(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from seahaven.app.saving import storage as storage_module

    monkeypatch.setattr(storage_module, "FULL_SAVE_S", 3600.0)
    keeper = Persistence(folder=tmp_path)
    game = Game.from_code(CODE)
    keeper.game_changed(game, 0.0, full=True)
    keeper.storage.flush()
    for n in range(3):
        game.play(game.useful_moves()[0])
        assert keeper.game_changed(game, float(n)) == []
    assert not keeper.not_saving
    with monkeypatch.context() as disk:
        disk.setattr("os.write", _full)
        disk.setattr("tempfile.mkstemp", _full)
        warnings = []
        for n in range(4):
            game.play(game.useful_moves()[0])
            warnings += keeper.game_changed(game, 10.0 + n)
        files.WRITER.flush()
        assert len(warnings) == 1 and "disk is full" in warnings[0] and keeper.not_saving
    after = []
    with monkeypatch.context() as disk:
        # space is back for the journal's appends; current.json still cannot be written, so
        # what follows is read from the journal alone (as after a kill before a full save)
        disk.setattr("tempfile.mkstemp", _full)
        for n in range(3):
            game.play(game.useful_moves()[0]) if n != 1 else game.undo()
            assert keeper.game_changed(game, 20.0 + n) == []  # saved (in the journal): nothing to say
            after.append((game.line, game.undone))
        files.WRITER.flush()
        assert not keeper.not_saving
    loaded = Storage(tmp_path).load_game()
    assert loaded.message is None and loaded.value is not None
    assert (loaded.value.game.line, loaded.value.game.undone) == after[-1]
    assert keeper.quit(game, 30.0) == []  # the stale "could not be saved" is not said at close
    assert not list(tmp_path.glob("*.bad-*"))


def test_a_quit_after_the_disk_came_back_says_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = Persistence(folder=tmp_path)
    game = Game.from_code(CODE)
    with monkeypatch.context() as disk:
        disk.setattr("os.write", _full)
        disk.setattr("tempfile.mkstemp", _full)
        game.play(game.useful_moves()[0])
        keeper.game_changed(game, 1.0)  # the statistics (first move) and the game both fail
        keeper.settings_changed()
        files.WRITER.flush()
    assert keeper.quit(game, 2.0) == []
    again = Persistence(folder=tmp_path)
    assert again.stats.of(4).played == 1 and again.resume() is not None


# -- links and damaged deals ----------------------------------------------------------------------


@posix_only
@pytest.mark.parametrize("name", [CURRENT, JOURNAL, STATS, SETTINGS, DEALS, "history.jsonl"])
def test_a_file_that_is_a_link_is_set_aside_and_its_target_never_written(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    precious = tmp_path / "letter.txt"
    precious.write_bytes(b"the player's own file\n")
    (folder / name).symlink_to(precious)
    keeper = Persistence(folder=folder)
    saved = keeper.resume()
    messages = keeper.take_messages()
    assert any("link to another file" in m for m in messages), messages
    game = saved.game if saved is not None else Game.from_code(CODE)
    for _ in range(3):
        game.play(game.useful_moves()[0])
        keeper.game_changed(game, 1.0)
    keeper.facts.rated(CODE, 2)
    keeper.game_changed(Game.from_code("SH1-C2-AAAAAAB"), 0.0)  # a game ends: a history line
    keeper.quit(None, 0.0)
    assert precious.read_bytes() == b"the player's own file\n"  # never written through
    aside = [p for p in folder.iterdir() if ".bad-" in p.name]
    assert len(aside) == 1 and aside[0].is_symlink() and aside[0].resolve() == precious


def test_a_damaged_deals_file_is_set_aside_not_written_over(tmp_path: Path) -> None:
    (tmp_path / DEALS).write_bytes(b'{"ratings": {"SH1-C4-AAAAAJ2": 3}, ')
    keeper = Persistence(folder=tmp_path)
    messages = keeper.take_messages()
    assert len(messages) == 1 and "ratings of your deals could not be read" in messages[0]
    aside = list(tmp_path.glob("deals.bad-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == b'{"ratings": {"SH1-C4-AAAAAJ2": 3}, '
    keeper.facts.rated(CODE, 2)
    keeper.storage.flush()
    assert json.loads((tmp_path / DEALS).read_text())["ratings"] == {CODE: 2}


# -- the history over its read limit --------------------------------------------------------------


def _entry(n: int, result: str = "won") -> Entry:
    return Entry(f"2026-11-{1 + n % 28:02d}T10:00:00Z", CODE, 4, "app", result, 90, 100.0, 700)


@pytest.mark.slow  # some seconds: 8 MB of lines are read
def test_a_history_over_the_read_limit_still_records_the_next_game(tmp_path: Path) -> None:
    line = (json.dumps(_entry(1).to_json(), separators=(",", ":")) + "\n").encode()
    count = history_module.MAX_BYTES // len(line) + 2000
    path = tmp_path / "history.jsonl"
    path.write_bytes(line * count)
    assert path.stat().st_size > history_module.MAX_BYTES
    keeper = Persistence(folder=tmp_path)
    assert keeper.take_messages() == []
    assert sum(c.played for c in keeper.history.totals().values()) == count  # every game counted
    game = Game.from_code(CODE)
    game.play(game.useful_moves()[0])
    keeper.game_changed(game, 1.0)
    keeper.game_changed(Game.from_code("SH1-C2-AAAAAAB"), 0.0)  # the game ends: abandoned
    reread = HistoryFile(tmp_path).load()
    assert reread.entries[-1].result == "abandoned" and reread.entries[-1].code == CODE
    assert sum(c.played for c in reread.totals().values()) == count + 1  # rolled, nothing lost
    assert path.stat().st_size <= history_module.ROLL_BYTES  # rolled by size


def test_appending_never_reads_the_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = HistoryFile(tmp_path)
    keeper.load()
    keeper.append(_entry(1))

    def no_reading(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the history was read to append to it")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    monkeypatch.setattr(os, "read", no_reading)
    assert keeper.append(_entry(2)) is None
    monkeypatch.undo()
    assert [e.at for e in HistoryFile(tmp_path).load().entries] == [_entry(1).at, _entry(2).at]


# -- the real game, killed -------------------------------------------------------------------------

JOURNAL_ONLY = """
import runpy, sys
from seahaven.app.saving import storage
storage.FULL_SAVE_S = 3600.0  # however slow the machine: the moves stay in the journal
sys.argv = ["seahaven", *sys.argv[1:]]
runpy.run_module("tests.kill_driver", run_name="__main__")  # the game, driven by SEAHAVEN_SCRIPT
"""
"""The real game, whose full saves come only every 100 actions (not every 5 s)."""


def _game(env: dict[str, str], script: str, *args: str, journal_only: bool = False) -> subprocess.Popen[str]:
    command = [sys.executable, "-c", JOURNAL_ONLY, *GAME[2:]] if journal_only else [sys.executable, *GAME]
    return subprocess.Popen([*command, *args], env={**env, "SEAHAVEN_SCRIPT": script}, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


State = tuple[tuple[str, ...], int]


def _state(record: dict[str, Any]) -> State:
    return tuple(record["line"]), int(record["undone"])


def _resumed(env: dict[str, str]) -> tuple[State, str]:
    """Start the real game again: the state it resumes (its first line), and its stderr."""
    result = subprocess.run([sys.executable, *GAME], env={**env, "SEAHAVEN_SCRIPT": "0"}, cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    first = json.loads(result.stdout.splitlines()[0])
    assert first["event"] == "start"
    return _state(first), result.stderr


@posix_only
@pytest.mark.slow  # two starts of the real game for each kind of damage
@pytest.mark.parametrize("kind", ["torn", "nul", "illegal", "gap"])
def test_the_real_game_killed_then_its_journal_damaged_resumes_at_the_last_good_entry(tmp_path: Path,
                                                                                    kind: str) -> None:
    env = _user_env({}, tmp_path)
    folder = tmp_path / "seahaven-towers"
    game = _game(env, "12,hold", "--code", CODE, journal_only=True)
    states: list[State] = []
    try:
        assert game.stdout is not None
        for text in game.stdout:
            record = json.loads(text)
            states.append(_state(record))
            if record["event"] == "held":
                break
    finally:
        game.kill()  # kill -9
        game.communicate(timeout=30)
    states = states[:-1]  # "held" repeats the last action's state
    assert len(states) == 13, states
    journal = folder / JOURNAL
    assert len(journal.read_bytes().splitlines()) == 12  # one entry per action since the full save
    at = 11 if kind in ("torn", "nul") else 5
    damaged = _damage(journal, kind, at)
    resumed, err = _resumed(env)
    assert resumed == states[at]  # every action before the damaged entry, nothing after it
    assert "Traceback" not in err
    aside = list(folder.glob("current-journal.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    again = Persistence(folder=folder, read_only=True)
    assert again.stats.of(4).played == 1  # one game, never two
    assert again.history.entries == []  # and no phantom line


def _mount_small_disk(where: Path, size: str) -> None:
    if sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs Linux and root")
    where.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"tmpfs cannot be mounted here: {result.stderr.strip()}")


def _fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte with a file of the test's own."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out:
        for block in (65536, 4096, 512, 1):
            try:
                while True:
                    out.write(b"\0" * block)
            except OSError as error:
                assert error.errno == errno.ENOSPC
    return filler


def _read(stdout: Any, records: list[dict[str, Any]], n: int) -> None:
    for _ in range(n):
        records.append(json.loads(stdout.readline()))


@posix_only
@pytest.mark.slow  # about 10 s of real play on a real small disk (a tmpfs this test mounts)
def test_a_full_disk_then_space_back_then_a_kill_loses_nothing_played_after(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    _mount_small_disk(disk, "4m")
    try:
        env = _user_env({}, tmp_path, XDG_DATA_HOME=str(disk))
        folder = disk / "seahaven-towers"
        folder.mkdir()
        (folder / "settings.json").write_text(json.dumps({"version": 1, "animation": "off"}))
        for _round in range(2):
            # each action on the table at once, no wait for the disk; full saves only every
            # 100 actions: what survives the kill is what the journal holds
            game = _game(env, "90,hold", journal_only=True)
            records: list[dict[str, Any]] = []
            try:
                assert game.stdout is not None
                _read(game.stdout, records, 5)
                filler = _fill(disk)
                _read(game.stdout, records, 45)  # actions on a full disk (past a page's slack)
                full = len(records)
                filler.unlink()  # space back
                _read(game.stdout, records, 3)
                recovered = len(records)
                time.sleep(1.5)
                assert game.poll() is None, game.stderr.read() if game.stderr else ""
            finally:
                game.kill()  # kill -9, 1.5 s after the disk recovered
                rest = game.communicate(timeout=30)[0]
            for text in rest.splitlines():
                with contextlib.suppress(ValueError):
                    records.append(json.loads(text))
            assert records[0]["event"] == "start" and len(records) > recovered
            assert any(r["not_saving"] for r in records[5:full]), "the status line never said Not saving"
            assert not records[-1]["not_saving"], "Not saving stayed after the disk came back"
            assert len(records) > recovered
            last = _state(records[-1])
            loaded = Storage(folder).load_game()
            assert loaded.message is None and loaded.value is not None, loaded.reason
            got = (tuple(str(m) for m in loaded.value.game.line), loaded.value.game.undone)
            assert got == last or one_action_apart(last, got), (got, last)  # nothing after recovery lost
            assert not list(folder.glob("*.bad-*"))
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


# -- .lock that is not a plain file -----------------------------------------------------------------


@posix_only
@pytest.mark.parametrize("kind", ["link", "fifo"])
def test_a_lock_that_is_not_a_plain_file_plays_without_saving(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "seahaven-towers"
    game = _saved_game(folder)
    lock = folder / ".lock"
    if kind == "link":
        lock.symlink_to(folder / CURRENT)
    else:
        os.mkfifo(lock)
    before = _files(folder)
    result = subprocess.run([sys.executable, *GAME], env={**_user_env({}, tmp_path), "SEAHAVEN_SCRIPT": "2"},
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    _one_sentence(result.stderr, NOT_SAVING)
    assert "not a plain file" in result.stderr
    assert json.loads(result.stdout.splitlines()[0])["line"] == [str(m) for m in game.line]
    assert _files(folder) == before  # nothing written, moved or removed


@posix_only
@pytest.mark.parametrize("when", ["before", "while"])
def test_a_lock_link_to_current_json_never_lets_two_copies_play(tmp_path: Path, when: str) -> None:
    """``.lock`` a link to ``current.json`` (which each save replaces), made before the
    first copy starts or while it plays: the second copy says the game is open, exits 4."""
    folder = tmp_path / "seahaven-towers"
    _saved_game(folder)
    lock = folder / ".lock"
    if when == "before":
        lock.symlink_to(CURRENT)
    env = _user_env({}, tmp_path)
    first = _game(env, "2,hold")
    try:
        assert first.stdout is not None
        for text in first.stdout:
            if json.loads(text)["event"] == "held":
                break
        if when == "while":
            lock.unlink()
            lock.symlink_to(CURRENT)
        second = subprocess.run([sys.executable, *GAME], env={**env, "SEAHAVEN_SCRIPT": "3"}, cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 4, second.stderr
        _one_sentence(second.stderr, "already open")
        assert second.stdout == ""
    finally:
        first.kill()
        first.communicate(timeout=30)


def test_after_a_failed_append_a_full_save_on_disk_lets_the_journal_go_on_in_small_entries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from seahaven.app.saving import storage as storage_module

    monkeypatch.setattr(storage_module, "FULL_SAVE_S", 3600.0)
    storage = Storage(tmp_path)
    game = Game.from_code(CODE)
    storage.save_game(game, 0.0, full=True)
    storage.flush()
    with monkeypatch.context() as disk:
        disk.setattr("os.write", _full)  # the journal's appends fail; full saves still work
        game.play(game.useful_moves()[0])
        with pytest.raises(OSError):
            storage.save_game(game, 1.0)
        files.WRITER.flush()  # the full save asked for then is on disk
    game.play(game.useful_moves()[0])
    # the entry as it goes into the journal: the full save that follows it at once (on the writer
    # thread) empties the journal, sooner or later as the machine goes, so the file is no witness
    appended: list[bytes] = []
    append = storage._journal.append
    monkeypatch.setattr(storage._journal, "append", lambda seq, entry: (appended.append(entry), append(seq, entry))[1])
    storage.save_game(game, 2.0)
    entry = json.loads(appended[-1])
    assert "code" not in entry and len(entry["moves"]) == 1  # a change, not the whole game again
    files.WRITER.flush()
    loaded = Storage(tmp_path).load_game()
    assert loaded.message is None and loaded.value is not None and loaded.value.game.line == game.line
