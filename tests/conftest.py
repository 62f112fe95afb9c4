"""Shared test setup: headless SDL before anything imports pygame, the vectors kept in the
repository, and a home of its own for every test so that no test can reach the player's
real saved game, statistics or settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the game's English words: a machine set up in another language must not
# change them (tests/test_i18n.py sets LANGUAGE itself where it checks a translation).
for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"

ROOT = Path(__file__).resolve().parent.parent
VECTORS = Path(os.environ.get("SEAHAVEN_VECTORS") or Path(__file__).resolve().parent / "data")
"""The outside test vectors (see ``tests/data/README.md``); ``SEAHAVEN_VECTORS`` overrides."""

HOME_VARIABLES = ("HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA",
                  "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR")
"""Where platformdirs (and so the game) looks for the player's folders, on every system."""


def _give_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every variable of :data:`HOME_VARIABLES` into ``home`` (the folders made)."""
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    for name, sub in (("APPDATA", "AppData/Roaming"), ("LOCALAPPDATA", "AppData/Local"),
                      ("XDG_DATA_HOME", ".local/share"), ("XDG_CONFIG_HOME", ".config"),
                      ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache"),
                      ("XDG_RUNTIME_DIR", "run")):
        folder = home / sub
        folder.mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(name, str(folder))
    (home / "run").chmod(0o700)


ALL_TESTS = os.environ.get("SEAHAVEN_ALL_TESTS") == "1"
"""Run the tests marked ``slow`` too (``.ci/run`` sets it; the default run skips them)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``SEAHAVEN_ALL_TESTS=1`` the ``slow`` tests are skipped, so the everyday run stays
    about a minute; CI runs them all."""
    if ALL_TESTS:
        return
    skip = pytest.mark.skip(reason="slow: run with SEAHAVEN_ALL_TESTS=1 (as .ci/run does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def session_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A home for what runs outside any one test (module and session fixtures, such as the
    wheel built once for the packaging tests, and the tools they start, pip included)."""
    home = tmp_path_factory.mktemp("session-home")
    with pytest.MonkeyPatch.context() as monkeypatch:
        _give_home(home, monkeypatch)
        yield home


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test runs with its own empty HOME and XDG folders (inherited by the programs
    it starts), so nothing it does can read or write the player's files."""
    home = tmp_path_factory.mktemp("home")
    _give_home(home, monkeypatch)
    yield home
