"""The one-file build leaves standard modules out to start faster (build.spec, ``excludes``);
none of them may be one the game imports, or the executable fails where the tests, run
from source, pass (it happened: the daily deal's ``datetime``, the history's ``csv``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def excluded_modules() -> set[str]:
    tree = ast.parse((ROOT / "build.spec").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "excludes":
            return {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    raise AssertionError("build.spec has no excludes=")


def imported_modules() -> dict[str, str]:
    """Every absolute module name the game's code imports, with a file that does."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "game" / "seahaven").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_the_executable_keeps_every_module_the_game_imports() -> None:
    excluded = excluded_modules()
    assert "tkinter" in excluded  # the list was found
    wrong = {}
    for name, where in imported_modules().items():
        parts = name.split(".")
        hit = next((".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in excluded), None)
        if hit is not None:
            wrong[name] = where
    assert not wrong, f"build.spec leaves out modules the game imports: {wrong}"
