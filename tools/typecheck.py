"""Type-check the game package with mypy, strict, under its import name:

    python tools/typecheck.py            # mypy --strict -p seahaven; exits non-zero on any error
    python tools/typecheck.py --verbose  # any further arguments go to mypy as they are

The import package is ``seahaven`` but its source is the folder ``game/`` (setup.py maps it;
the editable install finds it through an import hook mypy cannot follow). So this makes
``build/typecheck/seahaven`` a link to ``game/`` (a copy where links are not allowed) and
runs mypy on ``-p seahaven`` with that folder as its search path. The settings (strict, the
Python version) are the project's own, ``[tool.mypy]`` in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "game"
SEARCH = ROOT / "build" / "typecheck"
PACKAGE = "seahaven"


def prepare() -> Path:
    """``build/typecheck/seahaven`` made to show ``game/``: a link, or a fresh copy."""
    SEARCH.mkdir(parents=True, exist_ok=True)
    target = SEARCH / PACKAGE
    if target.is_symlink() and target.resolve() == SOURCE.resolve():
        return SEARCH
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.exists():
        shutil.rmtree(target)
    try:
        target.symlink_to(SOURCE, target_is_directory=True)
    except OSError:
        shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", "_assets"))
    return SEARCH


def main(arguments: list[str]) -> int:
    search = prepare()
    environment = dict(os.environ, MYPYPATH=str(search))
    command = [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml"),
               "--cache-dir", str(ROOT / "build" / "mypy-cache"), "-p", PACKAGE, *arguments]
    return subprocess.run(command, cwd=ROOT, env=environment, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
