"""The one packaging step pyproject.toml cannot say: the top-level ``sprites/``, ``sounds/``
and ``fonts/`` (kept at the top of the source tree, where the design puts them) are copied
into the wheel as ``game/_assets/<folder>``; ``game.app.assets.resource_path`` looks there.

An editable install copies nothing: the game then finds the folders in the source tree.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSET_FOLDERS = ("sprites", "sounds", "fonts")


class BuildWithAssets(build_py):
    """build_py, then the asset folders into ``game/_assets`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder in ASSET_FOLDERS:
            self.copy_tree(folder, str(Path(self.build_lib, "game", "_assets", folder)))


setup(cmdclass={"build_py": BuildWithAssets})
