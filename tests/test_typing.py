"""The type check is not silenced (issue 26): ``mypy --strict -p seahaven``, run from the top
of the checkout, checks the whole game package (CI runs it after the tests), and nothing in the code or the
settings takes a part of it out: no excluded file, no per-module relaxing, no ``# mypy:``
comment, and at most 30 ``# type: ignore`` comments, each naming its error code.
Read from the source; mypy itself is not run here."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import ROOT

GAME = ROOT / "game" / "seahaven"
MAX_IGNORES = 30
SETTINGS = {"strict", "python_version", "mypy_path"}
"""All ``[tool.mypy]`` may say: any other setting could only relax --strict or leave files out
(``mypy_path`` only says where the package's folder is)."""
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?")


def _config() -> dict[str, object]:
    config: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    return config


def _ignores() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(GAME.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in IGNORE.finditer(line):
                found.append((str(path.relative_to(ROOT)), n, match.group("codes") or ""))
    return found


def test_the_settings_are_strict_and_relax_nothing() -> None:
    config = _config()
    assert config.get("strict") is True and config.get("python_version") == "3.11", config
    assert set(config) <= SETTINGS, sorted(set(config) - SETTINGS)  # no exclude, no [[tool.mypy.overrides]]


def test_no_module_turns_the_check_off() -> None:
    marked = [str(path.relative_to(ROOT)) for path in sorted(GAME.rglob("*.py"))
              if re.search(r"^\s*#\s*mypy:", path.read_text(encoding="utf-8"), re.MULTILINE)]
    assert not marked, marked


def test_every_ignore_names_its_error_code_and_there_are_few() -> None:
    ignores = _ignores()
    assert len(ignores) <= MAX_IGNORES, ignores
    bare = [f"{path}:{n}" for path, n, codes in ignores if not codes.strip("[] ")]
    assert not bare, bare


def test_mypy_finds_the_package_where_it_lives(tmp_path: Path) -> None:
    """Issue 35: the folder is the package (``game/seahaven/`` holds ``seahaven``), so mypy run
    from the checkout finds it with no link, copy or import hook, and reads its imports."""
    assert _config().get("mypy_path") == "game" and (GAME / "__init__.py").is_file()
    assert not (ROOT / "tools" / "typecheck.py").exists()
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
                              "-p", "seahaven.engine.codes"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0 and "Success" in checked.stdout, checked.stdout + checked.stderr
    wrong = tmp_path / "wrong.py"  # and it does check: a type error in a module importing the package is found
    wrong.write_text("from seahaven.engine.codes import GameCode\nx: int = GameCode.parse('SH1-C4-AAAAAJ2')\n")
    found = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
                            str(wrong)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert found.returncode == 1 and "Incompatible types in assignment" in found.stdout, found.stdout


def test_the_checks_can_fail() -> None:
    """The ignore reader sees a bare ignore and one with its code."""
    assert IGNORE.search("x = f()  # type: ignore") and not IGNORE.search("x = f()  # type: ignore").group("codes")
    assert IGNORE.search("x = f()  # type: ignore[attr-defined]").group("codes") == "[attr-defined]"
