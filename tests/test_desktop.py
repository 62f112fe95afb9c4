"""``seahaven --install-desktop``: under a fresh HOME it writes a desktop entry that passes
desktop-file-validate and starts this game, and the icon; ``--uninstall-desktop`` removes
exactly what was written."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.desktop import data_home, desktop_entry, exec_value
from tests.conftest import ROOT


def seahaven(home: Path, *args: str, xdg_data_home: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "XDG_DATA_HOME"}
    env["HOME"] = str(home)
    if xdg_data_home is not None:
        env["XDG_DATA_HOME"] = xdg_data_home
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


def listed(stdout: str, verb: str) -> list[Path]:
    lines = stdout.splitlines()
    assert all(line.startswith(f"{verb} ") for line in lines), stdout
    return [Path(line.removeprefix(f"{verb} ")) for line in lines]


def test_install_under_a_fresh_home_then_uninstall(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    result = seahaven(home, "--install-desktop")
    assert result.returncode == 0, result.stderr
    written = listed(result.stdout, "wrote")
    share = home / ".local" / "share"
    entry = share / "applications" / "seahaven-towers.desktop"
    assert entry in written
    assert share / "icons" / "hicolor" / "256x256" / "apps" / "seahaven-towers.png" in written
    assert share / "icons" / "hicolor" / "scalable" / "apps" / "seahaven-towers.svg" in written
    assert sorted(p for p in home.rglob("*") if p.is_file()) == sorted(written)
    assert (share / "icons/hicolor/48x48/apps/seahaven-towers.png").read_bytes() == \
        (ROOT / "icons" / "seahaven-48.png").read_bytes()

    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert keys["Icon"] == "seahaven-towers" and keys["Terminal"] == "false"
    command = shlex.split(keys["Exec"])
    assert len(command) > 1 or keys["StartupWMClass"] == Path(command[0]).name
    assert Path(command[0]).is_absolute()
    started = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert started.returncode == 0 and started.stdout.startswith("seahaven "), started

    again = seahaven(home, "--uninstall-desktop")
    assert again.returncode == 0, again.stderr
    assert sorted(listed(again.stdout, "removed")) == sorted(written)
    assert not [p for p in home.rglob("*") if p.is_file()]
    nothing = seahaven(home, "--uninstall-desktop")
    assert nothing.returncode == 0 and "nothing to remove" in nothing.stdout


def test_xdg_data_home_is_followed(tmp_path: Path) -> None:
    result = seahaven(tmp_path / "home", "--install-desktop", xdg_data_home=str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "applications" / "seahaven-towers.desktop").is_file()
    assert not (tmp_path / "home").exists()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_entry_passes_desktop_file_validate(tmp_path: Path) -> None:
    assert seahaven(tmp_path, "--install-desktop").returncode == 0
    entry = tmp_path / ".local" / "share" / "applications" / "seahaven-towers.desktop"
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout + checked.stderr


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_an_awkward_path_is_quoted_so_that_the_entry_stays_valid(tmp_path: Path) -> None:
    entry = tmp_path / "awkward.desktop"
    command = ['/opt/my games/100% "real"/$seahaven\\x', "-m", "game"]
    entry.write_text(desktop_entry(command), encoding="utf-8")
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout + checked.stderr


def test_exec_quoting_round_trips_through_a_shell_like_split() -> None:
    command = ["/opt/my games/seahaven", "-m", "game"]
    assert exec_value(command) == '"/opt/my games/seahaven" -m game'
    assert exec_value(["/usr/bin/seahaven"]) == "/usr/bin/seahaven"


def test_relative_xdg_data_home_is_ignored(tmp_path: Path) -> None:
    assert data_home({"XDG_DATA_HOME": "relative/dir", "HOME": str(tmp_path)}) == tmp_path / ".local" / "share"
    assert data_home({"XDG_DATA_HOME": "", "HOME": str(tmp_path)}) == tmp_path / ".local" / "share"
