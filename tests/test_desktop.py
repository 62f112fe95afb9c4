"""``seahaven --install-desktop``: under a fresh HOME it writes a desktop entry that passes
desktop-file-validate, that GLib's own parser loads (whatever characters the program's path
holds) and that starts this game, the icon and an AppStream metainfo that
``appstreamcli validate`` accepts; a symlink planted where a file goes is replaced, never
followed; ``--uninstall-desktop`` removes exactly what was written, and the folders the install
made."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from seahaven import __version__
from seahaven.commands import desktop
from seahaven.commands.desktop import COMPONENT_ID, UnusablePath, data_home, desktop_entry, exec_value
from tests.conftest import ROOT

SYSTEM_PYTHON = "/usr/bin/python3"
GLIB_LOADS = """
import json, sys
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib
try:
    info = Gio.DesktopAppInfo.new_from_filename(sys.argv[1])
except TypeError:  # PyGObject raises where the C function returns NULL: GLib refused the entry
    info = None
if info is None:
    print("null")
else:
    argv = GLib.shell_parse_argv(info.get_commandline())[1]
    argv = [a for a in argv if a != "%f"]  # the file field code: no file given, so no argument (the spec)
    print(json.dumps({"argv": [a.replace("%%", "%") for a in argv], "field": info.get_commandline().endswith(" %f"),
                      "try_exec": info.get_string("TryExec"),
                      "shown": info.should_show(), "name": info.get_name(), "icon": info.get_string("Icon")}))
"""
"""Loads a desktop entry with GLib (what GNOME, and KDE's menu through the same spec, do) and
prints the command it would start, or null when GLib refuses the entry."""


def glib_available() -> bool:
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        return False
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Gio', '2.0'); "
                            "from gi.repository import Gio"], capture_output=True, timeout=60)
    return probe.returncode == 0


needs_glib = pytest.mark.skipif(not glib_available(), reason="python3-gi (GLib's Gio) is not installed")
needs_appstream = pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")


def glib_load(entry: Path, language: str = "en") -> dict | None:
    """What GLib reads from ``entry`` for a menu in ``language`` (the name it shows, in particular)."""
    result = subprocess.run([SYSTEM_PYTHON, "-c", GLIB_LOADS, str(entry)], capture_output=True, text=True,
                            timeout=60, env=dict(os.environ, LANGUAGE=language))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def seahaven(home: Path, *args: str, xdg_data_home: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "XDG_DATA_HOME"}
    env["HOME"] = str(home)
    if xdg_data_home is not None:
        env["XDG_DATA_HOME"] = xdg_data_home
    return subprocess.run([sys.executable, "-m", "seahaven", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


def listed(stdout: str, verb: str) -> list[Path]:
    """The paths of the lines ``<verb> <path>`` (every line must be one)."""
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
    entry = share / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop"
    assert entry in written
    apps = share / "icons" / "hicolor"
    assert apps / "256x256" / "apps" / "io.github.seahaven_towers.seahaven_towers.png" in written
    assert apps / "scalable" / "apps" / "io.github.seahaven_towers.seahaven_towers.svg" in written
    database = desktop.mime_database_files(share)  # update-mime-database's, derived from mime/packages
    assert sorted(p for p in home.rglob("*") if p.is_file() and p not in database) == sorted(written)
    assert f"{desktop.GAME_FILE_TYPE}:{desktop.GAME_FILE_GLOB}" in (share / "mime" / "globs2").read_text() \
        or shutil.which("update-mime-database") is None
    assert (share / "icons/hicolor/48x48/apps/io.github.seahaven_towers.seahaven_towers.png").read_bytes() == \
        (ROOT / "icons" / "seahaven-48.png").read_bytes()

    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert keys["Icon"] == "io.github.seahaven_towers.seahaven_towers" and keys["Terminal"] == "false"
    command = shlex.split(keys["Exec"])
    assert len(command) > 1 or keys["StartupWMClass"] == Path(command[0]).name
    assert Path(command[0]).is_absolute()
    started = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert started.returncode == 0 and started.stdout.startswith("seahaven "), started

    assert share / "metainfo" / f"{COMPONENT_ID}.metainfo.xml" in written

    again = seahaven(home, "--uninstall-desktop")
    assert again.returncode == 0, again.stderr
    files_removed = [Path(line.removeprefix("removed ")) for line in again.stdout.splitlines()
                     if not line.endswith(os.sep)]
    assert sorted(files_removed) == sorted(written)
    assert list(home.iterdir()) == [], "uninstall left folders behind"
    nothing = seahaven(home, "--uninstall-desktop")
    assert nothing.returncode == 0 and "nothing to remove" in nothing.stdout


def test_xdg_data_home_is_followed(tmp_path: Path) -> None:
    result = seahaven(tmp_path / "home", "--install-desktop", xdg_data_home=str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop").is_file()
    assert not (tmp_path / "home").exists()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_entry_passes_desktop_file_validate(tmp_path: Path) -> None:
    assert seahaven(tmp_path, "--install-desktop").returncode == 0
    entry = tmp_path / ".local" / "share" / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop"
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout + checked.stderr


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_an_awkward_path_is_quoted_so_that_the_entry_stays_valid(tmp_path: Path) -> None:
    entry = tmp_path / "awkward.desktop"
    command = ['/opt/my games/100% "real"/$seahaven\\x', "-m", "seahaven"]
    entry.write_text(desktop_entry(command), encoding="utf-8")
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout + checked.stderr


def test_exec_quoting_round_trips_through_a_shell_like_split() -> None:
    command = ["/opt/my games/seahaven", "-m", "seahaven"]
    assert exec_value(command) == '"/opt/my games/seahaven" -m seahaven'
    assert exec_value(["/usr/bin/seahaven"]) == "/usr/bin/seahaven"


def test_relative_xdg_data_home_is_ignored(tmp_path: Path) -> None:
    assert data_home({"XDG_DATA_HOME": "relative/dir", "HOME": str(tmp_path)}) == tmp_path / ".local" / "share"
    assert data_home({"XDG_DATA_HOME": "", "HOME": str(tmp_path)}) == tmp_path / ".local" / "share"


def test_try_exec_holds_the_bare_path_and_exec_the_quoted_one() -> None:
    keys = dict(line.split("=", 1) for line in desktop_entry(["/opt/my games/seahaven"]).splitlines() if "=" in line)
    assert keys["TryExec"] == "/opt/my games/seahaven"
    assert keys["Exec"] == '"/opt/my games/seahaven" %f'  # the game file opened with it, if any


@pytest.mark.parametrize("path", ["/opt/a\nExec=/bin/evil\n[Desktop Action x]/seahaven", "/opt/tab\there/seahaven",
                                  "/opt/cr\rhere/seahaven"])
def test_a_line_break_or_tab_in_the_path_never_adds_a_line(path: str) -> None:
    text = desktop_entry([path])
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]" and not [line for line in lines[1:] if line.startswith("[")]
    keys = [line.split("=", 1)[0] for line in lines[1:]]
    assert len(keys) == len(set(keys)) and keys.count("Exec") == 1, text
    assert "\t" not in text and "\r" not in text


@pytest.mark.parametrize("path", ["/opt/bell\x07/seahaven", "/opt/escape\x1b[31m/seahaven", "/opt/\udcff/seahaven"])
def test_a_path_no_entry_can_hold_is_refused_with_one_sentence(path: str, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    with pytest.raises(UnusablePath):
        desktop_entry([path])
    monkeypatch.setattr(desktop, "launch_command", lambda: [path])
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert desktop.run(argparse.Namespace(uninstall_desktop=False)) == 3
    error = capsys.readouterr().err
    assert error.startswith("seahaven: error: The program's path") and error.count("\n") == 1
    assert not (tmp_path / "data").exists(), "a refused install must write nothing"


def test_planted_symlinks_are_replaced_never_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    victims = []
    for target in desktop.installed_files(home):
        target.parent.mkdir(parents=True, exist_ok=True)
        victim = tmp_path / f"victim-{len(victims)}"
        victim.write_text("the player's own file\n", encoding="utf-8")
        target.symlink_to(victim)
        victims.append(victim)
    written = desktop.install(home)
    assert all(path.is_file() and not path.is_symlink() for path in written)
    assert all(victim.read_text(encoding="utf-8") == "the player's own file\n" for victim in victims)
    assert (home / "icons/hicolor/48x48/apps/io.github.seahaven_towers.seahaven_towers.png").read_bytes() == \
        (ROOT / "icons" / "seahaven-48.png").read_bytes()
    assert not [path for path in home.rglob(".*") if path.is_file()], "a temporary file was left behind"


def test_uninstall_removes_only_the_folders_it_made_and_only_when_empty(tmp_path: Path) -> None:
    home = tmp_path / "data"
    (home / "applications").mkdir(parents=True)  # the player's: stays
    (home / "applications" / "mine.desktop").write_text("[Desktop Entry]\n", encoding="utf-8")
    desktop.install(home)
    (home / "icons" / "hicolor" / "48x48" / "apps" / "theirs.png").write_bytes(b"png")  # another program's
    desktop.install(home)  # again: the record of what the first install made is kept
    _files, folders = desktop.uninstall(home)
    assert home / "icons" / "hicolor" / "scalable" in folders and home / "metainfo" in folders
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [
        "data", "data/applications", "data/applications/mine.desktop", "data/icons", "data/icons/hicolor",
        "data/icons/hicolor/48x48", "data/icons/hicolor/48x48/apps", "data/icons/hicolor/48x48/apps/theirs.png"]


def test_uninstall_never_removes_a_folder_the_entry_names_but_the_install_cannot_make(tmp_path: Path) -> None:
    home = tmp_path / "data"
    (home / "applications").mkdir(parents=True)
    for name in ("precious", "icons"):
        (home / name).mkdir()
    (home / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop").write_text(
        "[Desktop Entry]\nX-Seahaven-Made-Folders=precious;/;../..;icons;\n", encoding="utf-8")
    _files, folders = desktop.uninstall(home)
    assert folders == [home / "icons"]  # named, one the install makes, and empty
    assert (home / "precious").is_dir() and (home / "applications").is_dir() and tmp_path.is_dir()


def make_program(folder: Path) -> Path:
    """An executable ``seahaven`` in ``folder`` that prints "started" and its arguments."""
    folder.mkdir(parents=True)
    program = folder / "seahaven"
    program.write_text("#!/bin/sh\nprintf '%s\\n' started \"$@\"\n", encoding="utf-8")
    program.chmod(0o755)
    return program


AWKWARD_FOLDERS = ["my games", "quote's \"double\" `tick`", "100% $HOME ${x} %f", "päťiënce ☃ 牌", "back\\slash;semi",
                   "tab\tand\nnewline"]


@needs_glib
@pytest.mark.parametrize("name", AWKWARD_FOLDERS)
def test_glib_loads_the_entry_and_starts_exactly_the_program(name: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    program = make_program(tmp_path / name)
    home = tmp_path / "data"
    for command in ([str(program)], [str(program), "-m", "seahaven"]):
        monkeypatch.setattr(desktop, "launch_command", lambda command=command: command)
        desktop.install(home)
        loaded = glib_load(home / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop")
        assert loaded is not None, "GLib refused the entry"
        assert loaded["try_exec"] == str(program) and loaded["field"]
        started = subprocess.run([*loaded["argv"], "--version"], capture_output=True, text=True, timeout=60)
        assert started.stdout.splitlines() == ["started", *command[1:], "--version"], (loaded, started)
        assert loaded["shown"] and loaded["name"] == "Seahaven Towers" and loaded["icon"] == \
            "io.github.seahaven_towers.seahaven_towers"


def test_an_entry_whose_program_is_gone_is_hidden_by_glib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not glib_available():
        pytest.skip("python3-gi (GLib's Gio) is not installed")
    monkeypatch.setattr(desktop, "launch_command", lambda: [str(tmp_path / "my games" / "seahaven")])
    desktop.install(tmp_path / "data")
    assert glib_load(tmp_path / "data" / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop") is None


@needs_glib
@pytest.mark.parametrize(("language", "name"), [("de", "Seahaven-Türme"), ("fr", "Tours de Seahaven"),
                                                ("pt_BR", "Torres de Seahaven"), ("ja", "Seahaven Towers"),
                                                ("en", "Seahaven Towers")])
def test_the_menu_shows_the_games_name_as_each_language_writes_it(language: str, name: str, tmp_path: Path) -> None:
    """GLib (GNOME's menu and software, and what the spec says every menu does) picks the
    entry's ``Name[ll]`` for the menu's language; a language that keeps the English name has
    none."""
    desktop.install(tmp_path)
    loaded = glib_load(tmp_path / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop", language)
    assert loaded is not None and loaded["name"] == name, loaded


@needs_appstream
def test_the_metainfo_passes_appstreamcli_validate(tmp_path: Path) -> None:
    desktop.install(tmp_path)
    metainfo = tmp_path / "metainfo" / f"{COMPONENT_ID}.metainfo.xml"
    checked = subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic", str(metainfo)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "pedantic" not in checked.stdout and f'version="{__version__}"' in metainfo.read_text(encoding="utf-8")
    text = metainfo.read_text(encoding="utf-8")
    for code in ("de", "es", "fr", "it", "ja", "nl", "pl", "pt_BR", "zh_CN"):  # every text of the metainfo, translated
        for tag in ("summary", "p", "caption", "li", "keyword"):
            assert f'<{tag} xml:lang="{code}">' in text, (code, tag)
    release = text[text.index("<releases>"):]
    assert release.count('<li xml:lang="fr">') == release.count("<li>") > 0, release


@needs_glib
@needs_appstream
def test_install_from_a_folder_named_my_games_then_uninstall_leaves_nothing(tmp_path: Path) -> None:
    """The whole story through the command line: a Python and its ``seahaven`` in
    ``my games``, ``--install-desktop`` from there, GLib and appstreamcli accept the result,
    the entry starts the game, and ``--uninstall-desktop`` leaves the fresh home empty."""
    folder = tmp_path / "my games"
    folder.mkdir()
    (folder / "python").symlink_to(sys.executable)
    program = folder / "seahaven"
    program.write_text('#!/bin/sh\nexec "$(dirname "$0")/python" -m seahaven "$@"\n', encoding="utf-8")
    program.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "XDG_DATA_HOME"}
    # that Python is no venv, so it is given the package's folder (game/ holds seahaven/) and
    # the dependencies on its path
    env.update(HOME=str(home), PYTHONPATH=os.pathsep.join([str(ROOT / "game"), sysconfig.get_path("purelib")]))
    installed = subprocess.run([str(folder / "python"), "-m", "seahaven", "--install-desktop"], capture_output=True,
                               text=True, cwd=tmp_path, env=env, timeout=120)
    assert installed.returncode == 0, installed.stderr
    share = home / ".local" / "share"
    loaded = glib_load(share / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop")
    assert loaded is not None and loaded["argv"] == [str(program)], loaded
    started = subprocess.run([*loaded["argv"], "--version"], capture_output=True, text=True, env=env, timeout=60)
    assert started.stdout == f"seahaven {__version__}\n", started
    checked = subprocess.run(["appstreamcli", "validate", "--no-net", str(share / "metainfo" /
                              f"{COMPONENT_ID}.metainfo.xml")], capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout

    removed = subprocess.run([str(folder / "python"), "-m", "seahaven", "--uninstall-desktop"], capture_output=True,
                             text=True, cwd=tmp_path, env=env, timeout=120)
    assert removed.returncode == 0, removed.stderr
    assert list(home.iterdir()) == [], sorted(map(str, home.rglob("*")))
