"""Write the application icon, made from the game's own card art, in every form a desktop wants.

    python tools/make_icons.py [--out icons]

``icons/seahaven.svg`` is the Ace of Spades over a card back on the table's felt (composed
from ``sprites/``); it is rendered with the game's own SVG renderer to PNG at the freedesktop
sizes (``seahaven-<n>.png``, used by ``seahaven --install-desktop``), to ``seahaven.ico``
(Windows: PNG images in an ICO container) and to ``seahaven.icns`` (macOS: PNG images in an
ICNS container). Only the standard library writes the files, so the output is the same
byte for byte on every run with the same pygame-ce (whose SDL_image draws the SVG).
"""

from __future__ import annotations

import argparse
import os
import re
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from seahaven.app.looks.assets import render_svg  # noqa: E402

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""Freedesktop hicolor sizes shipped as PNG (``--install-desktop`` installs them)."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""Windows: Explorer and the taskbar pick from these (256 for large icons, 16-48 for lists)."""
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("ic11", 32), ("ic12", 64), ("ic07", 128), ("ic08", 256),
              ("ic13", 256), ("ic09", 512), ("ic14", 512), ("ic10", 1024))
"""macOS: (OSType, pixel size); ic11-ic14 and ic10 are the @2x (Retina) forms."""

FELT_TOP, FELT_BOTTOM = "#166042", "#093a28"
"""The table's felt (game/seahaven/app/looks/render.py FELT_TOP and FELT_BOTTOM)."""

_BODY = re.compile(r'\s*<svg[^>]*viewBox="0 0 245 350"[^>]*>(.*)</svg>\s*$', re.DOTALL)


def card_body(name: str) -> str:
    """The drawing inside a card SVG from sprites/ (its 245 x 350 unit coordinates)."""
    match = _BODY.match((ROOT / "sprites" / name).read_text(encoding="utf-8"))
    if match is None:
        raise ValueError(f"sprites/{name} is not a card drawing of 245 x 350 units")
    return match[1]


def placed(body: str, x: float, y: float, angle: float, scale: float) -> str:
    """A card drawing centred at (x, y), turned ``angle`` degrees and scaled."""
    return (f'<g transform="translate({x} {y}) rotate({angle}) scale({scale}) translate(-122.5 -175)">'
            f"{body}</g>\n")


def icon_svg() -> str:
    """The icon: on a rounded square of felt, a card back tilted left under the Ace of Spades."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">\n'
        '<defs><linearGradient id="felt" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{FELT_TOP}"/><stop offset="1" stop-color="{FELT_BOTTOM}"/>'
        "</linearGradient></defs>\n"
        '<rect x="8" y="8" width="240" height="240" rx="44" fill="url(#felt)"/>\n'
        + placed(card_body("backs/back-0.svg"), 100, 130, -13, 0.56)
        + placed(card_body("cards/classic/AS.svg"), 152, 128, 9, 0.56)
        + "</svg>\n"
    )


def png(surface: pygame.Surface) -> bytes:
    """PNG bytes (8-bit RGBA, no filtering, zlib level 9): the same bytes for the same pixels."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGBA")
    stride = width * 4
    raw = b"".join(b"\0" + pixels[row * stride:(row + 1) * stride] for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file holding PNG images (Windows Vista and later read PNG entries)."""
    sizes = sorted(images)
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for size in sizes:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(images[size]), offset)
        offset += len(images[size])
    return out + b"".join(images[size] for size in sizes)


def icns(images: dict[int, bytes]) -> bytes:
    """An ICNS file: a big-endian list of (OSType, length, PNG) elements."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path) -> list[Path]:
    """Write the SVG, the PNGs, the ICO and the ICNS into ``out``; return the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    svg = icon_svg()
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    images = {size: png(render_svg(svg, size, size)) for size in sizes}
    files = {"seahaven.svg": svg.encode("utf-8"),
             **{f"seahaven-{size}.png": images[size] for size in PNG_SIZES},
             "seahaven.ico": ico({size: images[size] for size in ICO_SIZES}),
             "seahaven.icns": icns(images)}
    written = []
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "icons", help="folder to write into (default: icons/)")
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(path)


if __name__ == "__main__":
    main()
