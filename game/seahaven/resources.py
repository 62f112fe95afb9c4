"""Where the files shipped with the game are: ``sprites/``, ``sounds/``, ``fonts/``, ``icons/``,
and what a distribution's build of the game decided (``distribution.json``).

The data folder is, first found:

1. a PyInstaller bundle's own (``sys._MEIPASS``: the executables);
2. ``SEAHAVEN_DATA_DIR`` in the environment, an absolute folder (a packager's test run, a
   Flatpak's ``/app/share/seahaven-towers``);
3. the folder a distribution build names (``seahaven/distribution.json``, written by setup.py
   when the wheel is built with ``SEAHAVEN_DATA_DIR`` set, e.g. ``/usr/share/seahaven-towers``);
4. ``seahaven/_assets`` beside the code (a wheel: setup.py copies the folders there);
5. the top of the source checkout (an editable install).

The executables keep ``sprites/``, ``sounds/``, ``fonts/`` and ``icons/`` in one zip file,
:data:`ARCHIVE`, read in place (:func:`read_resource`, :func:`open_data`): a one-file program
writes every file it bundles to disk at each start, before its window, and removes it at the
end; these 200 files and 2.5 MB were most of what it made of its own. The fonts' licences stay
loose files beside it, where a distributor looks for them.

Standard library only, so the command line can find a file without loading pygame.
"""

from __future__ import annotations

import functools
import io
import json
import os
import sys
import zipimport
from pathlib import Path

CARD_ASPECT: float = 0.7
"""Card width / height, as the art draws it (``tools/make_art.py``: 245 x 350 units, close
to a real card); layout and rendering both take it from here."""
DATA_DIR_VARIABLE = "SEAHAVEN_DATA_DIR"
"""The environment's data folder (:func:`resource_path`, step 2)."""
SYSTEM_FONTS_VARIABLE = "SEAHAVEN_SYSTEM_FONTS"
"""``1``: the fonts of the system first, as a distribution build has them (``0``: never)."""
DISTRIBUTION_FILE = "distribution.json"
ARCHIVE = "seahaven-assets.zip"
"""The zip file in an executable's bundle holding the folders :data:`ARCHIVED` (build.spec)."""
ARCHIVED = ("sprites", "sounds", "fonts", "icons")
"""The folders read from :data:`ARCHIVE` when the bundle has one."""
LOOSE_PREFIX = "LICENSE"
"""Files of those folders named so are not archived: they stay loose files in the bundle (the
fonts' licences)."""


def resource_path(*parts: str) -> Path:
    """Path of a file shipped with the game: ``resource_path("sprites", "highlight.svg")``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle).joinpath(*parts)
    chosen = os.environ.get(DATA_DIR_VARIABLE, "")
    if chosen and os.path.isabs(chosen):
        return Path(chosen).joinpath(*parts)
    return _installed_root().joinpath(*parts)


def read_resource(*parts: str) -> bytes:
    """The bytes of a file shipped with the game: ``read_resource("sounds", "deal.wav")``.
    Raises OSError when there is no such file."""
    return read_data(resource_path(*parts))


def read_data(path: Path) -> bytes:
    """The bytes of ``path``, a file shipped with the game (:func:`resource_path`): from the
    bundle's archive where it keeps it, else from the disk. Raises OSError when there is none."""
    archived = _archived(path)
    return archived if archived is not None else path.read_bytes()


def open_data(path: Path) -> str | io.BytesIO:
    """What a library that opens a file by its name or as a file object (pygame's fonts and
    images) is given for ``path``, a file shipped with the game or any file on disk: its
    bytes where the bundle's archive keeps it, else its name. Raises OSError when the archive
    should have it and does not."""
    archived = _archived(path)
    return io.BytesIO(archived) if archived is not None else str(path)


def data_exists(path: Path) -> bool:
    """Whether ``path`` (as :func:`open_data` takes it) is there to open."""
    try:
        return _archived(path) is not None or path.is_file()
    except OSError:
        return False


def _archived(path: Path) -> bytes | None:
    """The bytes of ``path`` from the bundle's archive; None where the archive is not where it
    would be (outside a bundle, or a path outside its archived folders or kept loose). Raises
    OSError when the archive should have it and does not."""
    bundle = getattr(sys, "_MEIPASS", None)
    if not bundle or _archive() is None:
        return None
    try:
        parts = path.relative_to(bundle).parts
    except ValueError:
        return None
    if len(parts) < 2 or parts[0] not in ARCHIVED or parts[-1].startswith(LOOSE_PREFIX):
        return None
    archive = _archive()
    assert archive is not None
    if parts[0] == "fonts":  # a font is opened again at every size: inflated once
        return _kept_member(archive.archive, "/".join(parts))
    return archive.get_data("/".join(parts))


@functools.lru_cache(maxsize=8)
def _kept_member(archive_file: str, name: str) -> bytes:
    """A member of the archive ``archive_file`` (the key: another bundle, another archive)."""
    archive = _archive()
    assert archive is not None and archive.archive == archive_file
    return archive.get_data(name)


def resource_names(folder: str) -> list[str]:
    """The names of the files in a folder shipped with the game (not in its subfolders), sorted."""
    archive = _archive() if folder in ARCHIVED else None
    if archive is not None:
        import zipfile

        with zipfile.ZipFile(archive.archive) as opened:
            archived = [name.removeprefix(f"{folder}/") for name in opened.namelist()
                        if name.startswith(f"{folder}/") and "/" not in name.removeprefix(f"{folder}/")]
        loose = resource_path(folder)
        return sorted(archived + ([path.name for path in loose.iterdir() if path.is_file()] if loose.is_dir() else []))
    return sorted(path.name for path in resource_path(folder).iterdir() if path.is_file())


@functools.cache
def _archive() -> zipimport.zipimporter | None:
    """The bundle's :data:`ARCHIVE`, or None (no bundle, or one without it). zipimport is built
    into the interpreter (nothing to import) and reads one member at a time."""
    bundle = getattr(sys, "_MEIPASS", None)
    if not bundle or not os.path.isfile(os.path.join(bundle, ARCHIVE)):
        return None
    return zipimport.zipimporter(os.path.join(bundle, ARCHIVE))


@functools.cache
def distribution() -> dict[str, object]:
    """What a distribution build decided (``data_dir``, ``system_fonts``, ``install_desktop``);
    empty for every other build (and for a file that cannot be read: the defaults)."""
    try:
        settings = json.loads((Path(__file__).resolve().parent / DISTRIBUTION_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def system_fonts() -> bool:
    """Whether the fonts of the system (fontconfig's) come before the game's own."""
    chosen = os.environ.get(SYSTEM_FONTS_VARIABLE)
    if chosen in ("0", "1"):
        return chosen == "1"
    return distribution().get("system_fonts") is True


def desktop_install_allowed() -> bool:
    """False in a distribution build: its package puts the game in the menu, not ``--install-desktop``."""
    return distribution().get("install_desktop") is not False


@functools.cache
def _installed_root() -> Path:
    """The folder holding the asset folders outside a bundle: a distribution build's, else
    ``_assets`` beside the code in a wheel, else the top of the source checkout
    (``game/seahaven/`` is two folders below it)."""
    named = distribution().get("data_dir")
    if isinstance(named, str) and os.path.isabs(named):
        return Path(named)
    package = Path(__file__).resolve().parent
    wheel = package / "_assets"
    return wheel if wheel.is_dir() else package.parents[1]
