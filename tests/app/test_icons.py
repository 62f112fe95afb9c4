"""The application icon: tools/make_icons.py reproduces the committed files byte for byte,
and the ICO and ICNS containers hold a PNG of the size each entry says."""

from __future__ import annotations

import struct
from pathlib import Path

import pygame

from tests.app.test_assets import load_tool

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "icons"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_icon_generator_reproduces_the_committed_icons(tmp_path: Path) -> None:
    load_tool("make_icons").write_icons(tmp_path)
    made = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    committed = {p.name: p.read_bytes() for p in ICONS.iterdir()}
    assert made.keys() == committed.keys()
    changed = sorted(name for name, data in made.items() if committed[name] != data)
    assert not changed, f"run tools/make_icons.py: {changed}"


def test_the_pngs_have_the_size_their_name_says_and_load() -> None:
    for path in ICONS.glob("seahaven-*.png"):
        side = int(path.stem.split("-")[1])
        assert png_size(path.read_bytes()) == (side, side)
        assert pygame.image.load(path).get_size() == (side, side)


def test_the_ico_directory_points_at_pngs_of_its_sizes() -> None:
    data = (ICONS / "seahaven.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sides = []
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        side = width or 256
        assert (width, planes, bits) == (height, 1, 32)
        assert png_size(data[offset:offset + length]) == (side, side)
        sides.append(side)
    assert {16, 32, 48, 256} <= set(sides)


def test_the_icns_elements_are_pngs_of_their_type_size() -> None:
    expected = {"icp4": 16, "icp5": 32, "ic11": 32, "ic12": 64, "ic07": 128, "ic08": 256, "ic13": 256,
                "ic09": 512, "ic14": 512, "ic10": 1024}
    data = (ICONS / "seahaven.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    seen, at = set(), 8
    while at < len(data):
        kind, length = data[at:at + 4].decode("ascii"), struct.unpack(">I", data[at + 4:at + 8])[0]
        side = expected[kind]
        assert png_size(data[at + 8:at + length]) == (side, side)
        seen.add(kind)
        at += length
    assert at == len(data) and seen == set(expected)
