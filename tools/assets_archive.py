"""The executables' one zip file of sprites, sounds, fonts and icons (``seahaven.resources.ARCHIVE``).

    python tools/assets_archive.py build/assets/seahaven-assets.zip

A one-file executable writes each file it bundles to disk at every start (and removes it at
the end, before its window opens): the 180 SVG sprites and WAV sounds were most of those files,
and making a file costs more than writing its bytes; the fonts were most of its bytes that are
not code. build.spec bundles this one zip file instead; the game reads its members in place
(``seahaven.resources.read_resource``, ``open_data``). The fonts' licences stay out of it
(``seahaven.resources.LOOSE_PREFIX``): build.spec bundles them as loose files, where a
distributor looks. The same sources give the same bytes (names in order, one fixed time, fixed
permissions), so the executable stays reproducible.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("sprites", "sounds", "fonts", "icons")
"""What goes in: ``seahaven.resources.ARCHIVED`` (a test checks the two agree)..."""
LOOSE_PREFIX = "LICENSE"
"""...but not the files named so: ``seahaven.resources.LOOSE_PREFIX``..."""
BUILD_ONLY = (".icns", ".ico")
"""...nor the program's own icon for macOS and Windows, which build.spec gives the executable."""


def archived(path: Path) -> bool:
    """Whether a file of :data:`FOLDERS` goes in the archive."""
    return path.is_file() and not path.name.startswith(LOOSE_PREFIX) and path.suffix not in BUILD_ONLY
TIME = (1980, 1, 1, 0, 0, 0)
"""Every member's time: the oldest a zip file can say, the same on every build."""


def write(target: Path, root: Path = ROOT) -> list[str]:
    """Write the archive of ``root``'s :data:`FOLDERS` to ``target``; return the member names."""
    target.parent.mkdir(parents=True, exist_ok=True)
    names = []
    with zipfile.ZipFile(target, "w") as archive:
        for folder in FOLDERS:
            for path in sorted((root / folder).rglob("*")):
                if not archived(path):
                    continue
                name = path.relative_to(root).as_posix()
                member = zipfile.ZipInfo(name, date_time=TIME)
                # a font is read whole before the first frame: stored, it is not inflated at each
                # start (2.5 ms a face); the rest is read as it is drawn, a little at a time
                member.compress_type = zipfile.ZIP_STORED if folder == "fonts" else zipfile.ZIP_DEFLATED
                member.external_attr = 0o644 << 16
                member.create_system = 3  # Unix, wherever it is built
                archive.writestr(member, path.read_bytes(), compresslevel=9)
                names.append(name)
    return names


if __name__ == "__main__":
    print(f"{len(write(Path(sys.argv[1])))} files")
