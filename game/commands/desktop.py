"""``seahaven --install-desktop`` and ``--uninstall-desktop``: the game in the Linux desktop's
applications menu (freedesktop.org Desktop Entry and Icon Theme specifications).

Install writes ``applications/seahaven-towers.desktop`` and the icon (PNG at each hicolor
size, plus the scalable SVG) under the user's data folder (``$XDG_DATA_HOME``, else
``~/.local/share``) and prints each path; the entry starts the program that ran the install
(the one-file executable, or the ``seahaven`` script of the environment it is installed in).
Uninstall removes exactly those files. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from game import __version__
from game.resources import resource_path

APP_ID = "seahaven-towers"
"""Name of the desktop entry and of the icon in the icon theme."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The PNG sizes in icons/ (tools/make_icons.py), each installed under hicolor/<n>x<n>/apps."""
_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')
"""Characters that make an Exec argument need quoting (Desktop Entry spec, "The Exec key")."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options are the top-level ``--install-desktop`` and ``--uninstall-desktop``."""


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME`` if it is set to an absolute path, else ``~/.local/share`` (XDG spec)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path(environ.get("HOME") or Path.home()) / ".local" / "share"


def launch_command() -> list[str]:
    """How the desktop starts this game: the absolute path of the running executable when
    frozen, else the ``seahaven`` script beside this Python, else ``python -m game``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    python = Path(sys.executable).absolute()  # not resolved: a venv's python is a symlink
    script = python.parent / "seahaven"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(python), "-m", "game"]


def exec_value(command: list[str]) -> str:
    """The value of the ``Exec`` key for ``command``: arguments quoted where the spec asks,
    then escaped as a desktop-entry string."""
    quoted = []
    for argument in command:
        if any(char in _RESERVED for char in argument):
            argument = '"' + "".join("\\" + c if c in '"`$\\' else c for c in argument) + '"'
        quoted.append(argument.replace("%", "%%"))
    return " ".join(quoted).replace("\\", "\\\\")


def desktop_entry(command: list[str]) -> str:
    """The text of the ``.desktop`` file. SDL names the window's X11 class after the program
    file, so ``StartupWMClass`` lets docks match the game's window to a pinned entry."""
    window_class = f"StartupWMClass={Path(command[0]).name}\n" if len(command) == 1 else ""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        "Name=Seahaven Towers\n"
        "GenericName=Solitaire\n"
        "Comment=Seahaven Towers solitaire: exact rules, honest hints, shareable game codes\n"
        f"Exec={exec_value(command)}\n"
        f"TryExec={exec_value(command[:1])}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        "Keywords=solitaire;patience;cards;card game;\n"
        f"{window_class}"
        f"X-Seahaven-Version={__version__}\n"
    )


def installed_files(home: Path) -> dict[Path, Path | None]:
    """Every file the install writes -> the shipped file it copies (None: the entry itself)."""
    icons = home / "icons" / "hicolor"
    files: dict[Path, Path | None] = {home / "applications" / f"{APP_ID}.desktop": None}
    for size in ICON_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = resource_path("icons", f"seahaven-{size}.png")
    files[icons / "scalable" / "apps" / f"{APP_ID}.svg"] = resource_path("icons", "seahaven.svg")
    return files


def install(home: Path) -> list[Path]:
    """Write the desktop entry and the icons under ``home``; return the paths written."""
    files = installed_files(home)
    missing = [str(source) for source in files.values() if source is not None and not source.is_file()]
    if missing:
        raise FileNotFoundError(f"the icon {missing[0]} is missing from this installation")
    for target, source in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if source is None:
            temporary = target.with_name(target.name + ".tmp")
            temporary.write_text(desktop_entry(launch_command()), encoding="utf-8")
            os.replace(temporary, target)
        else:
            shutil.copyfile(source, target)
    return list(files)


def uninstall(home: Path) -> list[Path]:
    """Remove the files ``install`` writes (and nothing else); return the paths removed."""
    removed = []
    for target in installed_files(home):
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        removed.append(target)
    return removed


def run(args: argparse.Namespace) -> int:
    if sys.platform in ("win32", "darwin"):
        print("seahaven: error: --install-desktop and --uninstall-desktop are for Linux and other "
              "freedesktop.org desktops", file=sys.stderr)
        return 3
    home = data_home()
    if getattr(args, "uninstall_desktop", False):
        removed = uninstall(home)
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"nothing to remove: the game is not in the applications menu under {home}")
        return 0
    for path in install(home):
        print(f"wrote {path}")
    return 0
