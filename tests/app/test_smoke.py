"""``seahaven --smoke``: the scripted game CI runs against the built executable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from seahaven.engine import Game
from tests.conftest import ROOT


def test_smoke_passes_from_source() -> None:
    result = subprocess.run([sys.executable, "-m", "seahaven", "--smoke", "--size", "1024x768"],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert result.returncode == 0, summary
    assert summary["ok"] and summary["checks"] > 50 and summary["moves"] > 20


@pytest.mark.parametrize("broken", ["undo", "redo"])
def test_smoke_fails_when_the_game_misbehaves(monkeypatch: pytest.MonkeyPatch, capsys, broken: str) -> None:
    from seahaven.app.shell import smoke

    monkeypatch.setattr(Game, broken, lambda self: None)
    assert smoke.run((1024, 768), None) == 1
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["ok"] is False and ("undo" in summary["error"] or "redo" in summary["error"])


def test_the_smoke_game_leaves_the_home_folder_as_it_found_it(tmp_path: Path) -> None:
    """Issue 40: --smoke asked the desktop's reduce-motion setting through gsettings, whose
    dconf left ~/.cache/dconf/user behind; a headless game has no desktop to ask."""
    home = tmp_path / "home"
    home.mkdir()
    env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "seahaven", "--smoke"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(path.relative_to(home).as_posix() for path in home.rglob("*")) == []
