"""The test suite never reaches the player's folders. Two halves:

- each test runs with a home of its own (``tests/conftest.py``), which every variable the
  game (platformdirs) looks at points into, and the programs a test starts inherit it;
- ``.ci/run`` runs the whole suite once more the way no player's machine ever would:
  through ``.ci/isolated``, with HOME a fresh empty folder and no XDG variables, and fails
  if that folder is not empty afterwards. The tests here check that script (that it can
  fail), not the suite again: re-running the suite inside itself doubled its time.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import HOME_VARIABLES, ROOT

ISOLATED = ROOT / ".ci" / "isolated"
needs_ci = pytest.mark.skipif(not ISOLATED.is_file(), reason="the repository's .ci/ is not here (an unpacked sdist)")


def isolated(script: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CONFIG_HOME": "/somewhere/else", "XDG_SOMETHING_NEW": "x", "APPDATA": "C:\\x", **extra}
    return subprocess.run(["bash", str(ISOLATED), "sh", "-c", script], capture_output=True, text=True, env=env,
                          timeout=60)


def test_every_home_variable_points_into_the_tests_own_home(own_home: Path) -> None:
    for name in HOME_VARIABLES:
        assert Path(os.environ[name]).is_relative_to(own_home), name
    from platformdirs import user_config_dir, user_data_dir, user_state_dir

    for folder in (user_data_dir("seahaven"), user_config_dir("seahaven"), user_state_dir("seahaven")):
        assert Path(folder).is_relative_to(own_home), folder


def test_a_program_a_test_starts_inherits_that_home(own_home: Path) -> None:
    script = "from seahaven.app.saving import storage; print(storage.default_folder())"
    folder = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True,
                            timeout=60).stdout.strip()
    assert Path(folder).is_relative_to(own_home), folder


@needs_ci
def test_isolated_gives_an_empty_home_and_no_xdg_variables() -> None:
    result = isolated('ls -A "$HOME" | wc -l; env')
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "0", "HOME was not empty"
    variables = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
    assert not [name for name in variables if name.startswith("XDG_")]
    assert "APPDATA" not in variables and re.search(r"seahaven-empty-home\.\w+$", variables["HOME"])
    assert not Path(variables["HOME"]).exists(), "the empty home is removed afterwards"
    assert "isolated: HOME is still empty" in result.stdout


@needs_ci
def test_isolated_fails_when_the_command_writes_into_home() -> None:
    result = isolated('mkdir -p "$HOME/.local/share/seahaven" && touch "$HOME/.local/share/seahaven/current.json"')
    assert result.returncode == 1
    assert "wrote into the empty HOME" in result.stderr and "./.local/share/seahaven/current.json" in result.stderr


@needs_ci
def test_isolated_passes_on_the_commands_own_failure() -> None:
    assert isolated("exit 7").returncode == 7
    assert isolated('touch "$HOME/x"; exit 7').returncode == 7


@needs_ci
def test_ci_runs_the_readme_test_command_once_with_every_test_and_isolated() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    runs = [line for line in script.splitlines() if '-c "$test_command"' in line]
    assert runs == ['    .ci/isolated bash -euo pipefail -c "$test_command"'], runs
    before = script[:script.index(runs[0])].rsplit("\n", 2)[-2]
    assert "SEAHAVEN_ALL_TESTS=1" in before
    assert "test_isolation" not in script
