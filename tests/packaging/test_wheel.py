"""The wheel is the game, and the sdist makes it: the source tree's sdist carries the
licences and the scripts that make the art (``tools/``); the wheel built from that sdist
(as pip, pipx or a distribution's packager would build it), installed into a fresh virtual
environment far from the checkout, names its licence in its metadata and plays its smoke game
with the sprites, sounds and fonts it carries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

from seahaven import __version__

ROOT = Path(__file__).resolve().parents[2]
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                    ".hypothesis")
"""What a checkout holds that is not source: the copy of the tree the sdist is made from leaves
it out (MANIFEST.in and pyproject.toml decide the rest, as they do for a release)."""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")  # the distribution build's test (test_distribution.py) starts from it too
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist of a copy of the checkout, made by the build backend that pyproject.toml names
    (installed on its own, as a build front end does), not by this environment's."""
    source = tmp_path_factory.mktemp("source") / "tree"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE, symlinks=True)  # a copy: the build writes nothing here
    backend = tmp_path_factory.mktemp("backend")
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(backend), *requires],
                   check=True, timeout=300)
    out = tmp_path_factory.mktemp("sdist")
    env = {**os.environ, "PYTHONPATH": str(backend)}
    subprocess.run([sys.executable, "-c", f"import setuptools.build_meta as b; b.build_sdist({str(out)!r})"],
                   check=True, cwd=source, env=env, timeout=300, capture_output=True)
    (built,) = out.glob("seahaven_towers-*.tar.gz")
    return built


@pytest.fixture(scope="module")
def wheel(sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(sdist)],
                   check=True, timeout=300, cwd=out)
    (built,) = out.glob("seahaven_towers-*.whl")
    return built


def test_the_sdist_carries_the_tools_licences_tests_and_data(sdist: Path) -> None:
    top = f"seahaven_towers-{__version__}"
    with tarfile.open(sdist) as archive:
        names = {name.removeprefix(f"{top}/") for name in archive.getnames()}
        metadata = HeaderParser().parsestr(archive.extractfile(f"{top}/PKG-INFO").read().decode())
    tools = {f"tools/{path.name}" for path in (ROOT / "tools").glob("*.py")}
    assert tools and tools <= names
    assert {"LICENSE", "fonts/LICENSE-NotoSans.txt", "fonts/LICENSE-NotoSansCJK.txt", "build.spec", "build-lock.txt",
            "icons/seahaven.ico", "setup.py", "fonts/NotoSansCJKjp-Subset-Regular.otf"} <= names
    assert not [name for name in names if "__pycache__" in name or name.startswith((".ci/", ".github/", ".git/"))]
    shipped_tests = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("*")
                     if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}
    assert shipped_tests and shipped_tests <= names, sorted(shipped_tests - names)[:5]
    data = {path.relative_to(ROOT).as_posix() for path in (ROOT / "data").rglob("*") if path.is_file()}
    assert data and data | {"CHANGELOG.md"} <= names, sorted(data - names)[:5]
    assert metadata["Version"] == __version__
    assert metadata["License-Expression"] == "MIT AND OFL-1.1"


def test_the_wheel_names_its_licences(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        info = f"seahaven_towers-{__version__}.dist-info"
        metadata = HeaderParser().parsestr(archive.read(f"{info}/METADATA").decode())
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
        font_licence = archive.read(f"{info}/licenses/fonts/LICENSE-NotoSans.txt").decode()
    assert metadata["License-Expression"] == "MIT AND OFL-1.1"
    assert sorted(metadata.get_all("License-File")) == ["LICENSE", "fonts/LICENSE-NotoSans.txt",
                                                        "fonts/LICENSE-NotoSansCJK.txt"]
    assert metadata["Version"] == __version__ and metadata["Summary"] and "\n" not in metadata["Summary"]
    assert "Copyright (c) 2026 The Seahaven Towers authors" in licence and "MIT License" in licence
    assert "SIL Open Font License" in font_licence


def test_the_wheel_carries_every_asset(wheel: Path) -> None:
    # every card face, sound, font and icon the game reads; the fonts' licences travel as the
    # wheel's licence files (test above), not a second time among the assets
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder, pattern in (("sprites", "**/*.svg"), ("sounds", "*.wav"), ("fonts", "*.[ot]tf"),
                            ("icons", "seahaven*.png")):
        shipped = {f"seahaven/_assets/{path.relative_to(ROOT).as_posix()}"
                   for path in (ROOT / folder).glob(pattern) if path.is_file()}
        assert shipped and shipped <= names, sorted(shipped - names)[:5]
    assert not {name for name in names if name.startswith("seahaven/_assets/fonts/") and name.endswith(".txt")}
    assert "seahaven/_assets/icons/seahaven.svg" in names
    catalogs = {path.relative_to(ROOT / 'game').as_posix()
                for path in (ROOT / "game" / "seahaven" / "locale").glob("*/LC_MESSAGES/*.mo")}
    from seahaven.i18n import NAMES

    assert len(catalogs) == len(NAMES) - 1 and catalogs <= names, sorted(catalogs - names)  # all but English


def test_the_wheel_installs_no_top_level_game(wheel: Path) -> None:
    # a top-level `game` would be overwritten by (and overwrite) an unrelated PyPI project
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert "game" not in tops and "seahaven" in tops, sorted(tops)


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
    where = subprocess.run([str(python), "-c", "import seahaven; print(seahaven.__file__)"], check=True, cwd=away,
                           env=env, capture_output=True, text=True, timeout=60).stdout.strip()
    assert Path(where).is_relative_to(site), f"seahaven imported from {where}, not from the wheel"
    shown = subprocess.run([str(python), "-c", "from importlib.metadata import metadata, files; "
                            "print(metadata('seahaven-towers')['License-Expression']); "
                            "print(*sorted(str(f) for f in files('seahaven-towers') if 'licenses' in str(f)))"],
                           check=True, cwd=away, env=env, capture_output=True, text=True, timeout=60).stdout
    expression, licence_files = shown.splitlines()
    assert expression == "MIT AND OFL-1.1", shown
    assert "licenses/LICENSE " in licence_files and "licenses/fonts/LICENSE-NotoSans.txt " in licence_files, shown
    assert licence_files.endswith("licenses/fonts/LICENSE-NotoSansCJK.txt"), shown
    speak = "from seahaven import i18n; i18n.set_language('de'); print(i18n._('Settings'))"
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
    app_id = "io.github.seahaven_towers.seahaven_towers"
    assert (tmp_path / "data" / "icons" / "hicolor" / "scalable" / "apps" / f"{app_id}.svg").is_file()
    entry = (tmp_path / "data" / "applications" / f"{app_id}.desktop").read_text(encoding="utf-8")
    assert f"Exec={seahaven}\n" in entry


def test_an_unpacked_sdist_passes_its_own_tests(sdist: Path, wheel: Path, tmp_path: Path) -> None:
    # As a distribution's %check: the tarball unpacked in an empty folder (no checkout, no .ci/
    # beside it), the wheel built from it installed, and its own fast tests run there. The
    # dependencies come from this environment (a .pth line, as above), so it runs offline.
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (tree,) = (tmp_path / "unpacked").iterdir()
    assert not (tree / ".ci").exists() and not (tree / ".git").exists()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt" else "python")
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True, timeout=60).stdout.strip())
    (site / "borrowed_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, timeout=300)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "SEAHAVEN_ALL_TESTS")}
    result = subprocess.run([str(python), "-m", "pytest", "-q", "-x", "-m", "not slow", "-p", "no:cacheprovider"],
                            cwd=tree, env=env, capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert " passed" in result.stdout.splitlines()[-1], result.stdout[-500:]


def test_two_builds_with_the_same_source_date_epoch_give_the_same_wheel(sdist: Path, tmp_path: Path) -> None:
    # as the release workflow builds: SOURCE_DATE_EPOCH set to the tagged commit's time
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1764547200"}
    wheels = []
    for run in ("one", "two"):
        out = tmp_path / run
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out),
                        str(sdist)], check=True, timeout=300, cwd=tmp_path, env=env)
        (built,) = out.glob("seahaven_towers-*.whl")
        wheels.append(built.read_bytes())
    assert wheels[0] == wheels[1]


def test_the_wheel_has_a_console_and_a_windowed_launcher(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        entry_points = archive.read(f"seahaven_towers-{__version__}.dist-info/entry_points.txt").decode()
        names = set(archive.namelist())
    assert "[console_scripts]\nseahaven = seahaven.__main__:main" in entry_points
    assert "[gui_scripts]\nseahaven-gui = seahaven.__main__:main" in entry_points  # no console window on Windows
    assert "seahaven/_assets/CHANGELOG.md" in names  # the metainfo's release notes
