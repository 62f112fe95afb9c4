"""The packaging steps pyproject.toml cannot say.

1. The top-level ``sprites/``, ``sounds/``, ``fonts/``, the SVG and PNG application icons of
   ``icons/`` and ``CHANGELOG.md`` (kept at the top of the source tree, where the design puts
   them) are copied into the wheel as ``seahaven/_assets/<folder>``;
   ``seahaven.resources.resource_path`` looks there. An editable install copies nothing: the
   game then finds the folders in the source tree.

2. **A distribution build** (Debian, Fedora, Flathub...): with ``SEAHAVEN_DATA_DIR`` set while
   the wheel is built (``SEAHAVEN_DATA_DIR=/usr/share/seahaven-towers python -m build --wheel``),
   the asset folders stay out of the wheel and go to that folder instead
   (``python tools/install_data.py``), and the wheel carries ``seahaven/distribution.json``:
   the data folder, the fonts of the system first (fontconfig, the game's own as the
   fallback), ``--install-desktop`` off (the package installs the desktop entry), and no
   ``seahaven-gui`` launcher (a second name for ``seahaven`` everywhere but Windows).

3. **A reproducible sdist**: setuptools writes the build time into the tarball (the folders'
   times, the gzip header); this writes the files in name order with one time, SOURCE_DATE_EPOCH
   when it is set, no owner, and a gzip header without time or name, so two builds of one tree
   give the same bytes.

The packages themselves are found under ``game/`` (``[tool.setuptools.packages.find]``).
"""

from __future__ import annotations

import gzip
import json
import os
import tarfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ASSETS = {"sprites": ("**/*.svg",), "sounds": ("*.wav",), "fonts": ("*.ttf", "*.otf"),
          "icons": ("seahaven.svg", "seahaven-*.png"), ".": ("CHANGELOG.md",)}
"""Folder -> the files of it the game uses (the .ico and .icns are for build.spec only; the
changelog gives the AppStream metainfo its release notes). The fonts' licences are the wheel's
licence files (``*.dist-info/licenses/fonts/``), not copied a second time."""

PACKAGE = "seahaven"
"""The import package's name (its source is ``game/seahaven/``)."""
DATA_DIR_VARIABLE = "SEAHAVEN_DATA_DIR"
"""Set while building: a distribution build whose assets live in that folder."""
DISTRIBUTION_FILE = "distribution.json"
"""What a distribution build decided, read by ``seahaven.resources`` (absent in other builds)."""


def asset_files(root: Path = Path()) -> list[Path]:
    """The files of :data:`ASSETS` under ``root``, relative to it, in name order."""
    return sorted(path.relative_to(root) for folder, patterns in ASSETS.items() for pattern in patterns
                  for path in (root / folder).glob(pattern) if path.is_file())


def distribution_data_dir() -> str | None:
    """The data folder of a distribution build (``SEAHAVEN_DATA_DIR``), or None."""
    folder = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    if folder and not os.path.isabs(folder):
        raise SystemExit(f"setup.py: {DATA_DIR_VARIABLE} must be an absolute folder, not {folder!r}")
    return folder or None


class BuildWithAssets(build_py):
    """build_py, then the asset folders into ``seahaven/_assets`` of the build (or, in a
    distribution build, the file that says where they are instead)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        data_dir = distribution_data_dir()
        if data_dir is not None:
            settings = {"data_dir": data_dir, "system_fonts": True, "install_desktop": False}
            target = Path(self.build_lib, PACKAGE, DISTRIBUTION_FILE)
            target.write_text(json.dumps(settings, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            return
        for path in asset_files():
            target = Path(self.build_lib, PACKAGE, "_assets", path)
            self.mkpath(str(target.parent))
            self.copy_file(str(path), str(target))


class ReproducibleSdist(sdist):
    """sdist whose tarball is the same bytes for the same tree and SOURCE_DATE_EPOCH."""

    def make_archive(self, base_name: str, format: str, root_dir: str | None = None,  # distutils' name
                     base_dir: str | None = None, owner: str | None = None, group: str | None = None) -> str:
        if format != "gztar" or base_dir is None:
            return str(super().make_archive(base_name, format, root_dir, base_dir, owner, group))
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        when = int(epoch) if epoch and epoch.isdigit() else None
        name = base_name + ".tar.gz"
        paths = sorted([Path(base_dir), *Path(base_dir).rglob("*")], key=lambda path: path.as_posix())
        with open(name, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=when or 0,
                                                     compresslevel=9) as zipped, \
                tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
            for path in paths:
                info = archive.gettarinfo(str(path), arcname=path.as_posix())
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                info.mtime = min(int(info.mtime), when) if when is not None else int(info.mtime)
                executable = path.is_dir() or os.access(path, os.X_OK)
                info.mode = 0o755 if executable else 0o644
                if info.isfile():
                    with open(path, "rb") as file:
                        archive.addfile(info, file)
                else:
                    archive.addfile(info)
        return name


SCRIPTS = {"console_scripts": ["seahaven = seahaven.__main__:main"]}
if distribution_data_dir() is None:
    # Windows: a launcher without a console window (pythonw), for shortcuts; elsewhere the same as seahaven
    SCRIPTS["gui_scripts"] = ["seahaven-gui = seahaven.__main__:main"]

if __name__ == "__main__":  # tools/install_data.py reads ASSETS without building
    setup(cmdclass={"build_py": BuildWithAssets, "sdist": ReproducibleSdist}, entry_points=SCRIPTS)
