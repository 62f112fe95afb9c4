"""Issue 21: the lock fails closed, every move reaches the operating system at once,
signals save and close, and failures are plain sentences (real game processes; the
permission cases as a non-root user)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from seahaven.app.saving.storage import CURRENT, JOURNAL, Storage
from seahaven.engine import Game
from tests.app.test_files import GAME, _user_env, as_user, posix_only  # noqa: F401 - as_user is a fixture
from tests.conftest import ROOT

CODE = "SH1-C4-AAAAAJ2"
NOT_SAVING = "Nothing will be saved this time"


def _saved_game(folder: Path, moves: int = 3) -> Game:
    game = Game.from_code(CODE)
    for _ in range(moves):
        game.play(game.useful_moves()[0])
    storage = Storage(folder)
    storage.save_game(game, 12.0, full=True)
    storage.flush()
    return game


def _files(folder: Path) -> dict[str, tuple[int, bytes | None, int]]:
    """Every entry of ``folder``: its mode, its bytes (files) and its modification time."""
    found = {}
    for path in sorted(folder.iterdir()):
        info = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
        found[path.name] = (info.st_mode, data, info.st_mtime_ns)
    return found


def _one_sentence(stderr: str, words: str) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], stderr
    assert "Traceback" not in stderr and "Errno" not in stderr


def _play(command: list[str], env: dict[str, str], script: str = "2") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, *GAME], env={**env, "SEAHAVEN_SCRIPT": script}, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


# -- item 1: the lock fails closed -------------------------------------------------------------


@posix_only
def test_a_lock_that_is_a_folder_means_playing_without_saving(tmp_path: Path) -> None:
    folder = tmp_path / "seahaven-towers"
    game = _saved_game(folder)
    (folder / ".lock").mkdir()
    before = _files(folder)
    result = _play([sys.executable], _user_env({}, tmp_path))
    assert result.returncode == 0, result.stderr
    _one_sentence(result.stderr, NOT_SAVING)
    start = json.loads(result.stdout.splitlines()[0])
    assert start["line"] == [str(m) for m in game.line]  # the saved game is read, and played
    assert len(result.stdout.splitlines()) == 3
    assert _files(folder) == before  # and nothing was written, moved or removed


@posix_only
def test_a_root_owned_private_lock_keeps_another_user_from_writing(as_user: tuple) -> None:  # noqa: F811
    if os.geteuid() != 0:
        pytest.skip("needs root to make a lock file another user cannot open")
    command, extra, home = as_user
    folder = home / "seahaven-towers"
    _saved_game(folder)
    lock = folder / ".lock"
    lock.write_bytes(b"")
    lock.chmod(0o600)  # root's, and private: the other user cannot open it
    for path in [folder, *folder.iterdir()]:
        if path != lock:
            shutil.chown(path, home.owner(), home.group())
    before = _files(folder)
    result = _play(command, _user_env(extra, home))
    assert result.returncode == 0, result.stderr
    _one_sentence(result.stderr, NOT_SAVING)
    assert _files(folder) == before


# -- item 4: a folder that cannot be searched, a path too long ---------------------------------


@posix_only
@pytest.mark.parametrize("mode", [0o000, 0o600, 0o644])
def test_a_data_folder_that_cannot_be_searched_plays_without_saving(as_user: tuple, mode: int) -> None:  # noqa: F811
    command, extra, home = as_user
    folder = home / "seahaven-towers"
    _saved_game(folder)
    for path in [folder, *folder.iterdir()]:
        shutil.chown(path, home.owner(), home.group())
    before = _files(folder)
    folder.chmod(mode)
    try:
        result = _play(command, _user_env(extra, home))
    finally:
        folder.chmod(0o700)
    assert result.returncode == 0, result.stderr
    _one_sentence(result.stderr, NOT_SAVING)
    assert _files(folder) == before


@posix_only
def test_a_data_home_that_cannot_be_entered_plays_without_saving(as_user: tuple) -> None:  # noqa: F811
    command, extra, home = as_user
    data = home / "data"
    data.mkdir(mode=0)
    shutil.chown(data, home.owner(), home.group())
    try:
        result = _play(command, _user_env(extra, home, XDG_DATA_HOME=str(data)))
    finally:
        data.chmod(0o700)
    assert result.returncode == 0, result.stderr
    _one_sentence(result.stderr, NOT_SAVING)
    assert not any(data.iterdir())


def test_a_data_folder_path_too_long_plays_without_saving(tmp_path: Path) -> None:
    data = tmp_path / ("x" * 300)  # one name longer than any file system allows
    result = _play([sys.executable], _user_env({}, tmp_path, XDG_DATA_HOME=str(data)))
    assert result.returncode == 0, result.stderr
    _one_sentence(result.stderr, NOT_SAVING)
    assert "too long" in result.stderr


# -- item 4: the no-display check, numbers too long, a folder to replay -------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is Linux's here")
@pytest.mark.parametrize("display", [None, ":97"])
def test_an_x11_driver_without_a_server_is_the_no_display_sentence(tmp_path: Path, display: str | None) -> None:
    env = _user_env({}, tmp_path, SDL_VIDEODRIVER="x11")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    if display:
        env["DISPLAY"] = display  # no server there
    result = subprocess.run([sys.executable, *GAME], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 5, result.stderr
    _one_sentence(result.stderr, "no display was found")
    assert not any(tmp_path.glob("seahaven-towers/*"))


def test_a_size_with_thousands_of_digits_gets_our_sentence(tmp_path: Path) -> None:
    size = "9" * 5000 + "x" + "9" * 5000
    result = subprocess.run([sys.executable, "-m", "seahaven", "--size", size], env=_user_env({}, tmp_path),
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 3
    _one_sentence(result.stderr, "out of range")
    assert "limit" not in result.stderr and len(result.stderr) < 200


def test_replaying_a_folder_gets_a_sentence(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "seahaven", "replay", str(tmp_path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 3
    _one_sentence(result.stderr, "is a folder, not a file")


def test_a_notice_never_repeats_the_parsers_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / CURRENT).write_bytes(b'{"version": 1, "moves": [')

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    storage = Storage(tmp_path)
    loaded = storage.load_game()
    assert loaded.reason and "column" in loaded.reason  # the parser's words are kept for the logs
    with pytest.raises(OSError) as refused:
        storage.save_game(Game.from_code(CODE), 1.0)
    for sentence in (loaded.message or "", str(refused.value)):
        assert sentence and "column" not in sentence and "Expecting" not in sentence and "char" not in sentence


def test_a_save_that_fails_as_the_window_closes_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capfd: pytest.CaptureFixture[str]) -> None:
    from seahaven.app.shell import launch
    from tests import kill_driver

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setenv("SEAHAVEN_SCRIPT", "1")
    opened: list[launch.Opened] = []
    real_open = launch.open_game

    def open_then_fill_the_disk(*args: object, **kwargs: object) -> launch.Opened:
        opened.append(real_open(*args, **kwargs))
        monkeypatch.setattr("tempfile.mkstemp", full)
        monkeypatch.setattr("os.write", full)
        return opened[0]

    monkeypatch.setattr(launch, "open_game", open_then_fill_the_disk)
    assert launch.play((800, 600), True, None, driver=kill_driver.driver_for("1")) == 0
    err = capfd.readouterr().err
    assert "seahaven: Your game could not be saved (the disk is full)" in err, err
    assert opened[0].autosave.failed_at_quit


# -- item 3: every move on the table is in the operating system's hands at once ---------------


SLOW_FSYNC = """
import os, runpy, sys, time
real_fsync = os.fsync
def slow_fsync(fd):  # a disk whose every fsync waits behind others' writes (seen: seconds)
    time.sleep(0.4)
    real_fsync(fd)
os.fsync = slow_fsync
sys.argv = ["seahaven", *sys.argv[1:]]
runpy.run_module("tests.kill_driver", run_name="__main__")
"""
"""The real game with a slow ``fsync``, so that a test does not depend on the machine's
disk (``/tmp`` may be a tmpfs, where a ``dd ... oflag=sync`` load slows nothing)."""


def _start(env: dict[str, str], script: str, slow_fsync: bool = False) -> subprocess.Popen[str]:
    command = [sys.executable, "-c", SLOW_FSYNC, *GAME[2:]] if slow_fsync else [sys.executable, *GAME]
    return subprocess.Popen(command, env={**env, "SEAHAVEN_SCRIPT": script}, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _until_held(game: subprocess.Popen[str]) -> dict[str, object]:
    assert game.stdout is not None
    for line in game.stdout:
        state = json.loads(line)
        if state["event"] == "held":
            return state
    raise AssertionError(f"the game ended before its last action: {game.stderr.read() if game.stderr else ''}")


@posix_only
@pytest.mark.skipif(not shutil.which("dd"), reason="needs dd for the disk load")
def test_kill_9_under_a_syncing_disk_load_loses_no_move_on_the_table(tmp_path: Path) -> None:
    """Under a dd load that syncs every block, with the game's own fsync slow too, every
    move on the table for 50 ms is found after kill -9 (the journal has it; fsync lags)."""
    env = _user_env({}, tmp_path)
    folder = tmp_path / "seahaven-towers"
    load = subprocess.Popen(["dd", "if=/dev/zero", f"of={tmp_path / 'load'}", "bs=64k", "count=100000",
                             "oflag=sync"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rng = random.Random(21)
    try:
        for _ in range(4):
            game = _start(env, f"{rng.randint(3, 25)},hold", slow_fsync=True)
            try:
                held = _until_held(game)
                time.sleep(0.05)  # on the table for 50 ms
            finally:
                game.kill()  # kill -9
                game.wait(timeout=30)
            saved = Storage(folder).load_game()
            assert saved.message is None, saved.message
            assert saved.value is not None
            on_disk = saved.value.game
            assert [str(m) for m in on_disk.line] == held["line"] and on_disk.undone == held["undone"]
            assert not list(folder.glob("*.bad-*"))
    finally:
        load.kill()
        load.wait(timeout=30)
        (tmp_path / "load").unlink(missing_ok=True)


@posix_only
@pytest.mark.parametrize("name", ["SIGHUP", "SIGQUIT"])
def test_a_signal_saves_the_playing_time_and_closes_cleanly(tmp_path: Path, name: str) -> None:
    env = _user_env({}, tmp_path)
    game = _start(env, "4,hold")
    try:
        held = _until_held(game)
        time.sleep(1.0)  # the clock runs on
        game.send_signal(getattr(signal, name))
        _, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, err
    assert "Fatal" not in err and "Traceback" not in err and err == "", err
    body = json.loads((tmp_path / "seahaven-towers" / CURRENT).read_text())
    assert body["elapsed_s"] > float(held["elapsed_s"]), (body, held)
    assert not (tmp_path / "seahaven-towers" / JOURNAL).exists()  # the full save took the journal in


def test_the_journal_brings_back_every_kind_of_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from seahaven.app.saving import storage as storage_module

    monkeypatch.setattr(storage_module, "FULL_SAVE_S", 3600.0)  # however slow the machine: journal only
    storage = Storage(tmp_path)
    game = Game.from_code(CODE)
    storage.save_game(game, 0.0)
    for _ in range(3):
        game.play(game.useful_moves()[0])
        storage.save_game(game, 1.0)
    game.undo()
    storage.save_game(game, 2.0)
    game.undo()
    game.play(game.legal_moves()[-1])  # after undos: the undone moves are dropped
    game.note_hints(2)
    storage.save_game(game, 3.5)
    assert not (tmp_path / CURRENT).exists()  # all of it is in the journal so far

    def same(saved: Game, elapsed: float) -> None:
        loaded = Storage(tmp_path).load_game()
        assert loaded.message is None and loaded.value is not None
        got = loaded.value.game
        assert (got.line, got.undone, got.score, got.hints_used) == (
            saved.line, saved.undone, saved.score, saved.hints_used)
        assert loaded.value.elapsed_s == elapsed

    same(game, 3.5)
    other = Game.from_code("SH1-C2-AAAAAAF")  # a new deal
    other.play(other.useful_moves()[0])
    storage.save_game(other, 4.0)
    same(other, 4.0)
    other.restart()
    storage.save_game(other, 5.0)
    other.play(other.useful_moves()[-1])
    storage.save_game(other, 6.0)
    same(other, 6.0)
    storage.flush()  # a full save: current.json holds it all, and the journal is emptied
    assert (tmp_path / CURRENT).exists() and not (tmp_path / JOURNAL).exists()
    same(other, 6.0)


def test_a_journal_that_does_not_follow_on_is_kept_aside_and_its_good_start_used(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = Game.from_code(CODE)
    states = []
    for _ in range(4):
        game.play(game.useful_moves()[0])
        storage.save_game(game, 1.0)
        states.append(game.line)
    journal = tmp_path / JOURNAL
    lines = journal.read_bytes().splitlines(keepends=True)
    journal.write_bytes(b"".join(lines[:2] + lines[3:]))  # entry 3 lost
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and loaded.value.game.line == states[1]
    assert loaded.message and "last moves could not be read" in loaded.message and "column" not in loaded.message
    aside = list(tmp_path.glob("current-journal.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"".join(lines[:2] + lines[3:])
