"""Issue 24, item 6: a stop signal (Ctrl+C, ``kill``, Ctrl+\\, a closed terminal) is honoured
while a long saved game is still being read on the worker: the game closes at once, with
nothing written, so the saved game stays exactly as it was (it resumes next time)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from seahaven.app.saving.storage import CURRENT, STATS, Storage
from tests.app.test_files import long_game
from tests.conftest import ROOT

MOVES = 390_000


@pytest.fixture(scope="module")
def huge_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a saved game of 390,000 moves (seconds to read back)."""
    folder = tmp_path_factory.mktemp("huge-save")
    storage = Storage(folder)
    storage.save_game(long_game(MOVES), 3600)
    storage.flush()
    return folder


@pytest.mark.slow  # a 390,000-move game is made once (seconds) and opened for each signal
@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGQUIT", "SIGHUP"])
def test_a_signal_while_a_huge_game_opens_closes_at_once_and_keeps_it(huge_save: Path, name: str) -> None:
    data = Path(os.environ["XDG_DATA_HOME"]) / "seahaven-towers"
    data.mkdir(parents=True)
    shutil.copy2(huge_save / CURRENT, data / CURRENT)
    saved = (data / CURRENT).read_bytes()
    stamp = (data / CURRENT).stat().st_mtime_ns
    env = dict(os.environ, SEAHAVEN_TRACE_STARTUP="1")
    game = subprocess.Popen([sys.executable, "-m", "seahaven", "--windowed", "--size", "800x600"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # the first frame is the window saying it opens the saved game (the worker reads it)
        line = game.stderr.readline().decode() if game.stderr else ""
        assert "first frame" in line, line
        sent = time.monotonic()
        game.send_signal(getattr(signal, name))
        out, err = game.communicate(timeout=20)
        print(f"{name}: closed {time.monotonic() - sent:.2f} s after the signal")
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 0, err.decode()
    assert err.decode().strip() == "" and out.decode().strip() == ""  # no traceback, no dump
    # nothing was written: the game is not yet the app's to save, the file is as it was
    assert (data / CURRENT).read_bytes() == saved and (data / CURRENT).stat().st_mtime_ns == stamp
    assert not (data / STATS).exists()
    # and it is read whole next time
    loaded = Storage(data).load_game()
    assert loaded.value is not None and len(loaded.value.game.line) == MOVES
