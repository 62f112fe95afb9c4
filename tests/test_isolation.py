"""The test suite never reaches the player's folders: run whole, with HOME pointing at an
empty folder and no XDG variables set, it leaves that folder exactly as empty as it was.
(The autouse fixture in ``conftest.py`` gives each test a home of its own; this proves it
covers everything, including the programs the tests start.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import HOME_VARIABLES, ROOT

THIS = "tests/test_isolation.py::test_the_whole_suite_leaves_an_empty_home_empty"


def test_the_whole_suite_leaves_an_empty_home_empty(tmp_path: Path) -> None:
    home = tmp_path / "player"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in HOME_VARIABLES and not k.startswith("XDG_")}
    env["HOME"] = str(home)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "--deselect", THIS],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    left = sorted(str(path.relative_to(home)) for path in home.rglob("*"))
    assert left == [], f"the suite wrote into the player's home: {left[:20]}"
