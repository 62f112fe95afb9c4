"""Issue 12: the player's files survive unreadable, shared, huge and odd files, and the
game says so when there is no display. The real program is run where it can be; the
unreadable-file and lock cases also run as a non-root user (as root, ``chmod 000`` stops
nothing): when the tests run as root, a user ``seahaven-test`` is made with ``useradd``
and the scenario runs through ``runuser``."""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from seahaven.app.saving import files, saved_game
from seahaven.app.saving.files import MAX_FILE_BYTES, SaveError
from seahaven.app.saving.saved_game import game_snapshot, game_to_json
from seahaven.app.saving.storage import CURRENT, STATS, Storage
from seahaven.app.state.stats import Stats
from seahaven.engine import APP_RULES, Game, GameCode, Move
from tests.conftest import ROOT

CODE = "SH1-C4-AAAAAJ2"
GAME = ["-m", "tests.kill_driver", "--windowed", "--size", "800x600"]
"""The real game's command line, through the tests' driver (it plays ``SEAHAVEN_SCRIPT``)."""
"""The real game, as the player starts it (after the interpreter)."""
OTHER = "seahaven-test"

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, flock, runuser and chmod are POSIX")


def long_game(n: int) -> Game:
    """A game of ``n`` moves: a card goes to a cell, then back and forth between two cells."""
    game = Game(GameCode.parse(CODE).position(), APP_RULES, GameCode.parse(CODE))
    game.play(game.position.resolve(Move.from_json({"from": "col1", "to": "cell3", "count": 1})))
    there = game.position.resolve(Move.from_json({"from": "cell3", "to": "cell4", "count": 1}))
    back = game.position.resolve(Move.from_json({"from": "cell4", "to": "cell3", "count": 1}))
    for k in range(n - 1):
        game.play(there if k % 2 == 0 else back)
    return game


# -- what the writer writes, the reader reads (items 3 and 8) ---------------------------------


def test_the_writer_writes_exactly_the_spec_json(tmp_path: Path) -> None:
    for game in (long_game(50), Game(GameCode.parse("SH1-C1-BBBBBBB").position())):
        game.undo()
        data = game_snapshot(game, 12.5)()
        assert json.loads(data) == game_to_json(game, 12.5)
        assert data.endswith(b"}\n")


@pytest.mark.slow  # several seconds: .ci/run runs it, the everyday run skips it
def test_a_100000_move_game_is_saved_and_resumed(tmp_path: Path) -> None:
    game = long_game(100_000)
    storage = Storage(tmp_path)
    storage.save_game(game, 3600)
    storage.flush()
    assert (tmp_path / CURRENT).stat().st_size > 4 * MAX_FILE_BYTES
    loaded = storage.load_game()
    assert loaded.message is None and loaded.value is not None, loaded.reason
    assert loaded.value.game.line == game.line and loaded.value.game.score == game.score


def test_a_version_1_file_written_by_hand_still_loads(tmp_path: Path) -> None:
    body = {"version": 1, "code": CODE, "moves": [{"from": "col1", "to": "cell3", "count": 1}],
            "undone": 1, "elapsed_s": 2, "score": 0}
    (tmp_path / CURRENT).write_text(json.dumps(body, indent=2))
    loaded = Storage(tmp_path).load_game()
    assert loaded.message is None and loaded.value is not None and loaded.value.game.undone == 1


def test_a_game_the_reader_would_refuse_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = Storage(tmp_path)
    storage.save_game(long_game(10), 1)
    storage.flush()
    before = (tmp_path / CURRENT).read_bytes()
    monkeypatch.setattr(saved_game, "MAX_GAME_BYTES", len(before) + 100)
    with pytest.raises(SaveError, match="too long to be saved"):  # said at once, or at the latest here
        storage.save_game(long_game(100), 1)
        storage.flush()
    with contextlib.suppress(SaveError):  # the full save asked for is done (or refused) before the file is read
        storage.flush()
    assert (tmp_path / CURRENT).read_bytes() == before


def test_a_save_that_starts_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    game = long_game(7)
    storage.save_game(game, 5)
    storage.save_stats(Stats())
    storage.flush()
    for name in (CURRENT, STATS):
        (tmp_path / name).write_bytes(b"\xef\xbb\xbf" + (tmp_path / name).read_bytes())
    loaded = storage.load_game()
    assert loaded.message is None and loaded.value is not None and loaded.value.game.line == game.line
    assert storage.load_stats().message is None
    assert not list(tmp_path.glob("*.bad-*"))


# -- a file that cannot be read nor moved is never written over (item 1) -------------------


@pytest.mark.parametrize("name", [CURRENT, STATS])
def test_an_unreadable_file_that_cannot_be_moved_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    (tmp_path / name).write_bytes(b"precious")

    def unreadable(*_args: object, **_kwargs: object) -> bytes:
        raise PermissionError(13, "Permission denied")

    def immovable(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    storage = Storage(tmp_path)
    monkeypatch.setattr(files, "read_bounded", unreadable)
    monkeypatch.setattr(os, "replace", immovable)
    loaded = storage.load_game() if name == CURRENT else storage.load_stats()
    assert loaded.message and "will not be saved" in loaded.message
    assert "unreadable file" in loaded.message  # read_bounded's patch took (else: a damaged file)
    monkeypatch.undo()  # the file becomes movable again: still not written over in this session
    for _ in range(2):
        with pytest.raises(SaveError) as info:
            if name == CURRENT:
                storage.save_game(long_game(3), 1)
            else:
                storage.save_stats(Stats())
        assert "will not be saved" in str(info.value) and "could not be read" in str(info.value)
    storage.flush()
    assert (tmp_path / name).read_bytes() == b"precious"


# -- running as another user ------------------------------------------------------------------


def _python_for(prefix: list[str]) -> tuple[list[str], dict[str, str]]:
    """An interpreter the other user can run with this tree and its packages: this one if it
    can, else the system's of the same version (the venv's base may sit in root's home), which
    finds the game in the checkout's ``game/`` folder, which holds the package ``seahaven``."""
    env = {}
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = [sys.executable, f"/usr/bin/{version}", f"/usr/local/bin/{version}"]
    for python in candidates:
        if not os.path.exists(python):
            continue
        probe_env = dict(os.environ)
        if python != sys.executable:
            env = {"PYTHONPATH": os.pathsep.join([str(ROOT / "game"), sysconfig.get_paths()["purelib"]])}
            probe_env.update(env)
        probe = subprocess.run([*prefix, python, "-c", "import pygame, platformdirs, seahaven.app.saving.storage"],
                               capture_output=True, env=probe_env, cwd="/", timeout=60)
        if probe.returncode == 0:
            return [python], env
    pytest.skip(f"no Python interpreter with this tree's packages can be run as {OTHER}")


@pytest.fixture
def as_user() -> Iterator[tuple[list[str], dict[str, str], Path]]:
    """(the command prefix that runs Python as a non-root user, extra environment, a
    folder that user owns)."""
    if os.name != "posix":
        pytest.skip("runuser and file modes are POSIX")
    folder = Path(tempfile.mkdtemp(prefix="seahaven-issue12-"))
    try:
        if os.geteuid() != 0:
            prefix: list[str] = []
        else:
            if not shutil.which("runuser") or not shutil.which("useradd"):
                pytest.skip("running as root without runuser/useradd: cannot test as a non-root user")
            try:
                pwd.getpwnam(OTHER)
            except KeyError:
                subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", OTHER],
                               check=True, capture_output=True)
            user = pwd.getpwnam(OTHER)
            os.chown(folder, user.pw_uid, user.pw_gid)
            prefix = ["runuser", "-u", OTHER, "--"]
        python, env = _python_for(prefix)
        yield [*prefix, *python], env, folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _user_env(extra: dict[str, str], folder: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "COV_"))}
    env.update(extra)
    env.update({"HOME": str(folder), "XDG_DATA_HOME": str(folder), "SDL_VIDEODRIVER": "dummy",
                "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    env.update(more)
    return env


SCENARIO = """
import json, sys
from seahaven.app.saving.persistence import Persistence
keeper = Persistence(folder=sys.argv[1])
keeper.resume()
out = {"start": keeper.take_messages()}
from seahaven.engine import Game
game = Game.from_code("SH1-C4-AAAAAJ2")
game.play(game.legal_moves()[0])
keeper.game_changed(game, 1.0)
keeper.hint_used(game, 1.5)
game.note_hints(1)
keeper.hint_used(game, 1.5)
keeper.game_changed(game, 2.0)
out["play"] = keeper.quit(game, 3.0) + keeper.take_messages()
print(json.dumps(out))
"""


def _make_user_file(folder: Path, name: str, data: bytes, owner: Path) -> Path:
    path = folder / name
    path.write_bytes(data)
    info = owner.stat()
    os.chown(path, info.st_uid, info.st_gid)
    path.chmod(0)
    return path


@posix_only
@pytest.mark.parametrize("name", [CURRENT, STATS])
def test_an_unreadable_save_is_moved_aside_not_overwritten(as_user: tuple, name: str) -> None:
    command, extra, home = as_user
    folder = home / "seahaven-towers"
    folder.mkdir()
    shutil.chown(folder, home.owner(), home.group())
    precious = json.dumps({"version": 1, "difficulties": {"4": {"played": 50, "won": 20}}}).encode()
    _make_user_file(folder, name, precious, home)
    result = subprocess.run([*command, "-c", SCENARIO, str(folder)], capture_output=True, text=True,
                            env=_user_env(extra, home), cwd="/", timeout=120)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert len(out["start"]) == 1 and "could not be read" in out["start"][0], out
    assert "unreadable file was kept as" in out["start"][0]
    aside = list(folder.glob(f"{Path(name).stem}.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == precious  # never written over
    assert (folder / name).exists() and (folder / name).read_bytes() != precious


@posix_only
@pytest.mark.parametrize("name", [CURRENT, STATS])
def test_an_unreadable_save_in_a_folder_that_cannot_change_is_left_alone(as_user: tuple, name: str) -> None:
    command, extra, home = as_user
    folder = home / "seahaven-towers"
    folder.mkdir()
    shutil.chown(folder, home.owner(), home.group())
    precious = b'{"version": 1}'
    _make_user_file(folder, name, precious, home)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)  # nothing can be renamed or made in it
    try:
        result = subprocess.run([*command, "-c", SCENARIO, str(folder)], capture_output=True, text=True,
                                env=_user_env(extra, home), cwd="/", timeout=120)
    finally:
        folder.chmod(stat.S_IRWXU)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    what = "game" if name == CURRENT else "statistics"
    assert any("could not be read" in m and f"Your {what} will not be saved until that file is fixed." in m
               for m in out["start"]), out
    assert any(m.startswith(f"Your {what} will not be saved") for m in out["play"]), out
    assert (folder / name).read_bytes() == precious and not list(folder.glob("*.bad-*"))


# -- one copy per data folder (item 2) --------------------------------------------------------


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


@posix_only
@pytest.mark.parametrize("user", ["me", "other"])
def test_a_second_copy_on_the_same_data_folder_says_so_and_writes_nothing(
    tmp_path: Path, user: str, request: pytest.FixtureRequest
) -> None:
    if user == "other":
        command, extra, home = request.getfixturevalue("as_user")
    else:
        command, extra, home = [sys.executable], {}, tmp_path
    env = _user_env(extra, home)
    folder = home / "seahaven-towers"
    first = subprocess.Popen([*command, *GAME], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60  # a wait for the start, not a timed assertion
        while not (folder / CURRENT).exists():
            assert first.poll() is None and time.monotonic() < deadline, "the first copy did not start"
            time.sleep(0.05)
        time.sleep(0.5)
        before = _snapshot(folder)
        second = subprocess.run([*command, *GAME], env={**env, "SEAHAVEN_SCRIPT": "3"}, cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        assert second.returncode == 4, second.stderr
        assert second.stdout == ""
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "already open" in lines[0], second.stderr
        assert _snapshot(folder) == before  # it played and wrote nothing
    finally:
        os.killpg(first.pid, signal.SIGKILL)  # the game itself, not only runuser
        first.wait(timeout=30)
        _wait_gone(first.pid)
    # kill -9 released the lock: the next copy plays
    third = subprocess.run([*command, *GAME], env={**env, "SEAHAVEN_SCRIPT": "1"}, cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    assert third.returncode == 0, third.stderr


def _wait_gone(group: int) -> None:
    """Wait until every process of ``group`` has ended (runuser's child outlives runuser)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)


def test_the_smoke_game_does_not_take_the_players_lock(tmp_path: Path) -> None:
    from seahaven.app.saving import lock

    folder = tmp_path / "seahaven-towers"
    assert lock.acquire(folder)
    try:
        result = subprocess.run([sys.executable, "-m", "seahaven", "--smoke"], env=_user_env({}, tmp_path),
                                cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
    finally:
        lock.release(folder)


# -- a FIFO is refused without blocking (item 4) ---------------------------------------------


@posix_only
@pytest.mark.parametrize("name", [CURRENT, STATS])
def test_a_fifo_in_place_of_a_save_does_not_hang_the_game(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    os.mkfifo(folder / name)
    result = subprocess.run([sys.executable, *GAME], env=_user_env({}, tmp_path, SEAHAVEN_SCRIPT="1"),
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    aside = list(folder.glob(f"{Path(name).stem}.bad-*"))
    assert len(aside) == 1 and stat.S_ISFIFO(aside[0].stat().st_mode)
    if name == CURRENT:
        assert stat.S_ISREG((folder / name).stat().st_mode)


# -- no display (item 5) ------------------------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY and WAYLAND_DISPLAY are Linux's")
def test_without_a_display_the_game_says_so_and_writes_nothing(tmp_path: Path) -> None:
    env = _user_env({}, tmp_path, SEAHAVEN_SCRIPT="1")
    for key in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(key, None)
    result = subprocess.run([sys.executable, "-m", "seahaven"], env=env, cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no display" in lines[0], result.stderr
    assert result.stdout == ""
    assert not any(tmp_path.iterdir())


HISTORY_SCENARIO = """
import json, sys
from seahaven.app.saving.persistence import Persistence
from seahaven.engine import Game
from seahaven.engine.solver import solve
keeper = Persistence(folder=sys.argv[1])
keeper.resume()
out = {"start": keeper.take_messages()}
game = Game.from_code("SH1-C4-AAAAAJ2")
for move in solve(game.position).line:
    game.play(move)
    keeper.game_changed(game, 1.0)
again = Game.from_code("SH1-C4-AAAAAJ3")
again.play(again.legal_moves()[0])
keeper.game_changed(again, 2.0)
keeper.game_changed(Game.from_code("SH1-C4-AAAAAJ4"), 0.0)
out["play"] = keeper.quit(again, 3.0) + keeper.take_messages()
print(json.dumps(out))
"""


@posix_only
@pytest.mark.parametrize("mode", [0o000, 0o444])
def test_a_history_the_player_cannot_read_or_write(as_user: tuple, mode: int) -> None:
    """As a non-root player: an unreadable history.jsonl is set aside (kept, renamed) at start
    and a new history takes the games; a read-only one is read, the failed appends are said
    once, and at the close how many games the history misses (issue 36); the file is kept."""
    command, extra, home = as_user
    folder = home / "seahaven-towers"
    folder.mkdir()
    shutil.chown(folder, home.owner(), home.group())
    line = json.dumps({"v": 1, "at": "2026-11-30T10:00:00Z", "code": "SH1-C4-AAAAAJ2", "cells": 4, "rules": "app",
                       "result": "won", "moves": 90, "time_s": 100.0, "score": 720, "hints": 0, "demo": False,
                       "daily": None, "rating": 3}) + "\n"
    path = _make_user_file(folder, "history.jsonl", line.encode(), home)
    path.chmod(mode)
    result = subprocess.run([*command, "-c", HISTORY_SCENARIO, str(folder)], capture_output=True, text=True,
                            env=_user_env(extra, home), cwd="/", timeout=120)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    if mode == 0:
        assert len(out["start"]) == 1 and "history" in out["start"][0] and "could not be read" in out["start"][0]
        assert "kept as history.bad-" in out["start"][0], out
        assert not any("history" in text for text in out["play"]), out
        (aside,) = folder.glob("history.bad-*.jsonl")
        aside.chmod(0o644)
        assert aside.read_text() == line  # kept, never written over
        assert [json.loads(n)["result"] for n in path.read_text().splitlines()] == ["won", "abandoned"]
        return
    assert out["start"] == []
    told = sorted(set(text for text in out["play"] if "history" in text))  # the quit's sentences, and all
    assert len(told) == 2 and "could not be saved" in told[1], out
    assert told[0].startswith("2 games could not be written to your game history"), out
    path.chmod(0o644)
    assert path.read_text() == line
