"""The wheel is the game: built from the source tree, installed into a fresh virtual
environment far from the checkout (as ``pipx`` or ``pip install .`` would), it plays its
smoke game with the sprites, sounds and fonts it carries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "game", "sprites", "sounds", "fonts", "icons")
"""What a build needs, copied so the build writes nothing into the checkout."""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(source)],
                   check=True, timeout=300, cwd=out)
    (built,) = out.glob("seahaven_towers-*.whl")
    return built


def test_the_wheel_carries_every_asset(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder, pattern in (("sprites", "**/*"), ("sounds", "*"), ("fonts", "*"), ("icons", "seahaven*.png")):
        shipped = {f"game/_assets/{path.relative_to(ROOT).as_posix()}"
                   for path in (ROOT / folder).glob(pattern) if path.is_file()}
        assert shipped and shipped <= names, sorted(shipped - names)[:5]
    assert "game/_assets/icons/seahaven.svg" in names
    catalogs = {path.relative_to(ROOT).as_posix() for path in (ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.mo")}
    assert len(catalogs) == 3 and catalogs <= names, sorted(catalogs - names)


def test_the_installed_wheel_plays_its_smoke_game_away_from_the_source(wheel: Path, tmp_path: Path) -> None:
    # A fresh venv without pip (seconds faster); the running pip installs the wheel into it.
    # Its dependencies (pygame-ce, platformdirs) come from this test's own environment through
    # a .pth line, so the test runs offline; that line only adds a folder to sys.path, so the
    # editable install of the checkout living there (a .pth of its own) is not seen.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True, timeout=60).stdout.strip())
    (site / "borrowed_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, timeout=300)

    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "XDG_DATA_HOME")}
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    where = subprocess.run([str(python), "-c", "import game; print(game.__file__)"], check=True, cwd=away,
                           env=env, capture_output=True, text=True, timeout=60).stdout.strip()
    assert Path(where).is_relative_to(site), f"game imported from {where}, not from the wheel"
    speak = "from game import i18n; i18n.set_language('de'); print(i18n._('Settings'))"
    german = subprocess.run([str(python), "-c", speak], check=True, cwd=away, env=env, capture_output=True,
                            text=True, timeout=60).stdout.strip()
    assert german == "Einstellungen", "the installed wheel does not find its German catalog"

    seahaven = bin_dir / ("seahaven.exe" if os.name == "nt" else "seahaven")
    result = subprocess.run([str(seahaven), "--smoke"], cwd=away, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, (result.stdout + result.stderr)[-2000:]
    assert '"ok": true' in result.stdout, result.stdout

    desktop = subprocess.run([str(seahaven), "--install-desktop"], cwd=away, env=env, capture_output=True, text=True,
                             timeout=120)
    assert desktop.returncode == 0, desktop.stderr
    assert (tmp_path / "data" / "icons" / "hicolor" / "scalable" / "apps" / "seahaven-towers.svg").is_file()
    entry = (tmp_path / "data" / "applications" / "seahaven-towers.desktop").read_text(encoding="utf-8")
    assert f"Exec={seahaven}\n" in entry
