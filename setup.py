"""The one packaging step pyproject.toml cannot say: the top-level ``sprites/``, ``sounds/``,
``fonts/``, the SVG and PNG application icons of ``icons/`` and ``CHANGELOG.md`` (kept at the top of the source
tree, where the design puts them) are copied into the wheel as ``seahaven/_assets/<folder>``;
``seahaven.resources.resource_path`` looks there. The packages themselves are found under ``game/``
(``[tool.setuptools.packages.find]`` in pyproject.toml).

An editable install copies nothing: the game then finds the folders in the source tree.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = {"sprites": ("**/*.svg",), "sounds": ("*.wav",), "fonts": ("*",), "icons": ("seahaven.svg", "seahaven-*.png"),
          ".": ("CHANGELOG.md",)}
"""Folder -> the files of it the game uses (the .ico and .icns are for build.spec only; the
changelog gives the AppStream metainfo its release notes)."""

PACKAGE = "seahaven"
"""The import package's name (its source is ``game/seahaven/``)."""


class BuildWithAssets(build_py):
    """build_py, then the asset folders into ``seahaven/_assets`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder, patterns in ASSETS.items():
            for path in sorted(path for pattern in patterns for path in Path(folder).glob(pattern)):
                if path.is_file():
                    target = Path(self.build_lib, PACKAGE, "_assets", path)
                    self.mkpath(str(target.parent))
                    self.copy_file(str(path), str(target))


setup(cmdclass={"build_py": BuildWithAssets})
