"""Install what a distribution build of the game reads from outside its package, and the files
a desktop finds it by.

    python tools/install_data.py [--destdir DESTDIR] [--prefix /usr]

A distribution build (setup.py: the wheel built with ``SEAHAVEN_DATA_DIR=/usr/share/seahaven-towers``)
carries no art, sounds, fonts or icons; this copies them, from the source tree (a checkout or
the unpacked sdist), into ``DESTDIR/PREFIX/share/seahaven-towers`` (the folder the build named:
the two must agree), and ``data/``'s static files where a freedesktop.org desktop looks:

    share/applications/io.github.seahaven_towers.seahaven_towers.desktop
    share/metainfo/io.github.seahaven_towers.seahaven_towers.metainfo.xml
    share/mime/packages/io.github.seahaven_towers.seahaven_towers.xml
    share/icons/hicolor/<size>/apps/io.github.seahaven_towers.seahaven_towers.{png,svg}
    share/man/man6/seahaven.6

``DESTDIR`` is the staging folder of a package build (``$(DESTDIR)`` of make, ``%{buildroot}``
of an RPM spec); the paths inside the files are the installed ones. A distribution that ships
Noto Sans (and Noto Sans CJK) may then delete ``share/seahaven-towers/fonts`` and depend on its
font packages: the game asks fontconfig first, and draws in pygame's own face only where neither
is there. Prints each file written; needs setuptools (it reads setup.py's list of assets).
"""

from __future__ import annotations

import argparse
import runpy
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.seahaven_towers.seahaven_towers"
DATA_FOLDER = "seahaven-towers"
"""The folder under ``share/`` (``setup.py``'s ``SEAHAVEN_DATA_DIR`` must name it)."""


def asset_files() -> list[Path]:
    """What the game reads from its data folder: setup.py's list (one list for the wheel and this)."""
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="install_data")
    files: list[Path] = setup["asset_files"](ROOT)
    return files


def desktop_files() -> dict[Path, Path]:
    """data/'s files -> where they go under ``share/``."""
    data = ROOT / "data"
    files = {data / f"{APP_ID}.desktop": Path("applications", f"{APP_ID}.desktop"),
             data / f"{APP_ID}.metainfo.xml": Path("metainfo", f"{APP_ID}.metainfo.xml"),
             data / f"{APP_ID}.mime.xml": Path("mime", "packages", f"{APP_ID}.xml"),
             data / "seahaven.6": Path("man", "man6", "seahaven.6")}
    for icon in sorted((data / "icons").rglob("*")):
        if icon.is_file():
            files[icon] = Path("icons", icon.relative_to(data / "icons"))
    return files


def install(destdir: Path, prefix: Path) -> list[Path]:
    """Copy the assets and the desktop's files under ``destdir``/``prefix``/share; the files written."""
    share = destdir / prefix.relative_to(prefix.anchor) / "share"
    written = []
    # the fonts travel with their licences (the wheel has them as its licence files)
    for relative in [*asset_files(), *sorted(path.relative_to(ROOT) for path in (ROOT / "fonts").glob("LICENSE-*"))]:
        target = share / DATA_FOLDER / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / relative, target)
        written.append(target)
    for source, relative in desktop_files().items():
        target = share / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(target)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--destdir", type=Path, default=Path("/"), help="the staging folder (default: /)")
    parser.add_argument("--prefix", type=Path, default=Path("/usr"), help="the installed prefix (default: /usr)")
    args = parser.parse_args()
    if not args.prefix.is_absolute():
        parser.error("--prefix must be an absolute folder")
    for path in install(args.destdir, args.prefix):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
