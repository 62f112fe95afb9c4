"""Where the files shipped with the game are: ``sprites/``, ``sounds/``, ``fonts/``, ``icons/``.

Standard library only, so the command line can find a file without loading pygame.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

CARD_ASPECT: float = 0.7
"""Card width / height, as the art draws it (``tools/make_art.py``: 245 x 350 units, close
to a real card); layout and rendering both take it from here."""


def resource_path(*parts: str) -> Path:
    """Path of a file shipped with the game: ``resource_path("sprites", "highlight.svg")``.

    The folders live at the top of a source checkout (also for an editable install); a
    wheel carries them in ``seahaven/_assets`` (setup.py copies them there); a PyInstaller
    bundle unpacks them under ``sys._MEIPASS`` (build.spec adds them under the same names).
    """
    bundle = getattr(sys, "_MEIPASS", None)
    return (Path(bundle) if bundle else _installed_root()).joinpath(*parts)


@functools.cache
def _installed_root() -> Path:
    """The folder holding the asset folders outside a bundle: ``_assets`` beside the code in a
    wheel, else the top of the source checkout (``game/seahaven/`` is two folders below it)."""
    package = Path(__file__).resolve().parent
    wheel = package / "_assets"
    return wheel if wheel.is_dir() else package.parents[1]
