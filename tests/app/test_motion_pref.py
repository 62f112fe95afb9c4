"""The desktop's reduce-motion setting on each platform (issue 27, item 7), with fakes: a
kdeglobals file in the test's own XDG_CONFIG_HOME, a fake ``gsettings``/``defaults`` runner,
a fake ``SystemParametersInfoW``. Whatever fails, motion stays allowed."""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from seahaven.app.platform import motion_pref


def kdeglobals(text: str) -> Path:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "kdeglobals"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def linux(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(Path(os.environ["HOME"]) / "no-system-config"))
    return monkeypatch


def test_kde_with_no_animation_reduces_motion(linux: pytest.MonkeyPatch) -> None:
    linux.setenv("XDG_CURRENT_DESKTOP", "KDE")
    kdeglobals("[General]\nColorScheme=BreezeDark\n\n[KDE]\nAnimationDurationFactor=0\nLookAndFeelPackage=x\n")
    assert motion_pref.read() is True
    kdeglobals("[KDE]\nAnimationDurationFactor=0.5\n")
    assert motion_pref.read() is False


def test_kde_reads_the_players_file_over_the_systems(linux: pytest.MonkeyPatch, tmp_path: Path) -> None:
    linux.setenv("XDG_CURRENT_DESKTOP", "ubuntu:KDE")
    system = tmp_path / "xdg"
    system.mkdir()
    (system / "kdeglobals").write_text("[KDE]\nAnimationDurationFactor=0\n")
    linux.setenv("XDG_CONFIG_DIRS", str(system))
    assert motion_pref.read() is True  # the system's default, the player saying nothing
    kdeglobals("[KDE]\nAnimationDurationFactor=1\n")
    assert motion_pref.read() is False


@pytest.mark.parametrize("text", ["", "not an ini file at all\n[[[", "[KDE]\nAnimationDurationFactor=fast\n",
                                  "[KDE]\nSingleClick=false\n", "\udcff\x00[KDE\n"])
def test_a_missing_or_strange_kdeglobals_allows_motion(linux: pytest.MonkeyPatch, text: str) -> None:
    linux.setenv("XDG_CURRENT_DESKTOP", "KDE")
    if text:
        path = Path(os.environ["XDG_CONFIG_HOME"]) / "kdeglobals"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert motion_pref.read() is False


def test_a_kdeglobals_fifo_is_not_read(linux: pytest.MonkeyPatch) -> None:
    linux.setenv("XDG_CURRENT_DESKTOP", "KDE")
    os.mkfifo(Path(os.environ["XDG_CONFIG_HOME"]) / "kdeglobals")  # opening it would block forever
    assert motion_pref.read() is False


def test_gnome_is_asked_through_gsettings(linux: pytest.MonkeyPatch) -> None:
    linux.setenv("XDG_CURRENT_DESKTOP", "GNOME")
    asked: list[tuple[str, ...]] = []
    answer = {"value": "false"}

    def run(*command: str) -> str | None:
        asked.append(command)
        return answer["value"]

    linux.setattr(motion_pref, "_run", run)
    kdeglobals("[KDE]\nAnimationDurationFactor=0\n")  # not KDE: its file is not what counts
    assert motion_pref.read() is True
    assert asked[-1] == ("gsettings", "get", "org.gnome.desktop.interface", "enable-animations")
    answer["value"] = "true"
    assert motion_pref.read() is False


def test_the_desktop_is_asked_without_gsettings_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    assert motion_pref.read_gnome() is False
    assert motion_pref.read_macos() is False


def test_macos_is_asked_through_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    asked: list[tuple[str, ...]] = []
    answers = iter(["1", "0", None])

    def run(*command: str) -> str | None:
        asked.append(command)
        return next(answers)

    monkeypatch.setattr(motion_pref, "_run", run)
    assert motion_pref.read() is True
    assert asked[-1] == ("defaults", "read", "com.apple.universalaccess", "reduceMotion")
    assert motion_pref.read() is False
    assert motion_pref.read() is False  # no such key: defaults fails


def fake_windows(monkeypatch: pytest.MonkeyPatch, works: bool, animations: int) -> list[int]:
    """A ``ctypes.windll.user32.SystemParametersInfoW`` that writes ``animations`` into the BOOL."""
    asked: list[int] = []

    def spi(action: int, param: int, out: Any, flags: int) -> int:
        asked.append(action)
        ctypes.cast(out, ctypes.POINTER(ctypes.c_int)).contents.value = animations
        return 1 if works else 0

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=SimpleNamespace(SystemParametersInfoW=spi)),
                        raising=False)
    return asked


def test_windows_without_animations_reduces_motion(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = fake_windows(monkeypatch, works=True, animations=0)
    assert motion_pref.read() is True
    assert asked == [motion_pref.SPI_GETCLIENTAREAANIMATION] == [0x1042]
    fake_windows(monkeypatch, works=True, animations=1)
    assert motion_pref.read() is False
    fake_windows(monkeypatch, works=False, animations=0)  # the call failed: its BOOL says nothing
    assert motion_pref.read() is False


def test_windows_without_windll_allows_motion(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert motion_pref.read() is False


def test_a_reader_that_raises_allows_motion(linux: pytest.MonkeyPatch) -> None:
    linux.setenv("XDG_CURRENT_DESKTOP", "KDE")

    def broken() -> bool:
        raise RuntimeError("anything")

    linux.setattr(motion_pref, "read_kde", broken)
    assert motion_pref.read() is False
