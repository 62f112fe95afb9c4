"""The type check is not silenced (issue 26): ``tools/typecheck.py`` runs ``mypy --strict``
on the whole game package (CI runs it after the tests), and nothing in the code or the
settings takes a part of it out: no excluded file, no per-module relaxing, no ``# mypy:``
comment, and at most 30 ``# type: ignore`` comments, each naming its error code.
Read from the source; mypy itself is not run here."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

GAME = ROOT / "game"
MAX_IGNORES = 30
SETTINGS = {"strict", "python_version"}
"""All ``[tool.mypy]`` may say: any other setting could only relax --strict or leave files out."""
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


def test_the_script_shows_mypy_the_package_under_its_import_name(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import typecheck
    finally:
        sys.path.remove(str(ROOT / "tools"))
    monkeypatch.setattr(typecheck, "SEARCH", tmp_path / "typecheck")
    for _ in range(2):  # made, then found made
        search = typecheck.prepare()
        assert search == tmp_path / "typecheck"
        assert (search / "seahaven" / "engine" / "cards.py").read_bytes() == (GAME / "engine" / "cards.py").read_bytes()
    assert typecheck.PACKAGE == "seahaven" and typecheck.SOURCE == GAME


def test_the_checks_can_fail() -> None:
    """The ignore reader sees a bare ignore and one with its code."""
    assert IGNORE.search("x = f()  # type: ignore") and not IGNORE.search("x = f()  # type: ignore").group("codes")
    assert IGNORE.search("x = f()  # type: ignore[attr-defined]").group("codes") == "[attr-defined]"
