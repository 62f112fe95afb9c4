"""Issue 40: a distribution's build of the game. The wheel built from the sdist with
``SEAHAVEN_DATA_DIR`` set carries no assets (``tools/install_data.py`` puts them in that folder,
outside the package), takes the system's fonts first, leaves ``--install-desktop`` to the
package and has no ``seahaven-gui``; installed so, it plays its smoke game, with or without the
game's own fonts beside it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from seahaven import __version__
from tests.packaging.test_wheel import sdist  # noqa: F401  # the fixture: the sdist of a copy of the checkout

pytestmark = pytest.mark.slow


def test_a_distribution_build_reads_its_data_from_outside_the_package(sdist: Path, tmp_path: Path) -> None:  # noqa: F811
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (tree,) = (tmp_path / "unpacked").iterdir()
    prefix = tmp_path / "usr"
    data_dir = prefix / "share" / "seahaven-towers"
    env = {**os.environ, "SEAHAVEN_DATA_DIR": str(data_dir)}
    env.pop("PYTHONPATH", None)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-cache-dir", "--wheel-dir",
                    str(tmp_path / "wheel"), str(tree)], check=True, timeout=300, cwd=tmp_path, env=env)
    (wheel,) = (tmp_path / "wheel").glob("seahaven_towers-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entry_points = archive.read(f"seahaven_towers-{__version__}.dist-info/entry_points.txt").decode()
        settings = json.loads(archive.read("seahaven/distribution.json"))
    assert not [name for name in names if "/_assets/" in name]  # the assets live outside the package
    assert settings == {"data_dir": str(data_dir), "install_desktop": False, "system_fonts": True}
    assert "seahaven-gui" not in entry_points and "seahaven = seahaven.__main__:main" in entry_points
    installed = subprocess.run([sys.executable, str(tree / "tools" / "install_data.py"), "--prefix", str(prefix)],
                               check=True, capture_output=True, text=True, timeout=120).stdout.split()
    assert str(data_dir / "sprites" / "highlight.svg") in installed
    assert str(data_dir / "sounds" / "win.wav") in installed
    assert str(prefix / "share" / "applications" / "io.github.seahaven_towers.seahaven_towers.desktop") in installed
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True, timeout=60).stdout.strip())
    (site / "borrowed_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, timeout=300)
    run_env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "SEAHAVEN_DATA_DIR", "SEAHAVEN_SYSTEM_FONTS")}
    where = subprocess.run([str(python), "-c", "from seahaven.resources import resource_path; "
                            "from seahaven.app.looks import fonts; "
                            "print(resource_path('sprites')); print(fonts.font_path(fonts.LATIN, False))"],
                           cwd=tmp_path, env=run_env, capture_output=True, text=True, timeout=60)
    sprites, font = where.stdout.split("\n")[-3:-1]
    assert sprites == str(data_dir / "sprites"), where.stdout + where.stderr
    system = shutil.which("fc-match") and subprocess.run(["fc-match", "--format=%{family}", "Noto Sans"],
                                                         capture_output=True, text=True).stdout == "Noto Sans"
    # the system's Noto Sans where fontconfig has it, else the game's own in the data folder
    assert font.startswith(str(data_dir)) != bool(system), font
    for fonts_there in (True, False):
        if not fonts_there:  # a distribution that depends on its font packages removes the game's copies
            shutil.rmtree(data_dir / "fonts")
        smoke = subprocess.run([str(python), "-m", "seahaven", "--smoke"], cwd=tmp_path, capture_output=True,
                               text=True, timeout=300, env={**run_env, "SDL_VIDEODRIVER": "dummy",
                                                            "SDL_AUDIODRIVER": "dummy"})
        assert smoke.returncode == 0 and '"ok": true' in smoke.stdout, smoke.stdout + smoke.stderr
    desktop = subprocess.run([str(python), "-m", "seahaven", "--install-desktop"], cwd=tmp_path, env=run_env,
                             capture_output=True, text=True, timeout=60)
    assert desktop.returncode == 2 and desktop.stderr.count("\n") == 1, desktop.stderr
    assert "installed by a package" in desktop.stderr
