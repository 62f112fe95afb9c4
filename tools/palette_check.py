"""How far apart the suits' inks stay for a colour-blind player: each suit palette's colours
seen through the simulation of protanopia, deuteranopia and tritanopia (Machado, Oliveira and
Fernandes 2009, severity 1), and the colour difference ΔE76 (CIE L*a*b*, D65) of every pair
of suits under each. Prints one table per palette; the palette meant for a vision (red-green
for protanopia and deuteranopia, blue-yellow for tritanopia) must keep every pair at
:data:`LEAST` or more (tests/app/test_player_options.py checks it).

Run: ``.venv/bin/python tools/palette_check.py [--json]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys

from seahaven.app.looks.theme import SUIT_PALETTES, Colour

LEAST = 20.0
"""The smallest ΔE76 between two suits, under the vision a palette is meant for (issue 41)."""

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
"""Machado et al. 2009's matrices at severity 1, applied to linear sRGB."""

MEANT_FOR: dict[str, tuple[str, ...]] = {"red_green": ("protanopia", "deuteranopia"), "tritan": ("tritanopia",)}
"""The visions each palette is made for."""


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(channel: float) -> float:
    c = min(1.0, max(0.0, channel))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(colour: Colour, vision: str) -> tuple[float, float, float]:
    """``colour`` as a person with ``vision`` sees it (sRGB, 0-255, not rounded)."""
    rgb = [_linear(c) for c in colour]
    m = MACHADO[vision]
    out = [sum(m[row][i] * rgb[i] for i in range(3)) for row in range(3)]
    return (_gamma(out[0]), _gamma(out[1]), _gamma(out[2]))


def lab(colour: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """ΔE76: the distance of two colours in L*a*b*."""
    return math.dist(lab(a), lab(b))


def figures(inks: dict[str, Colour]) -> dict[str, dict[str, float]]:
    """ΔE76 of every pair of suits ("CD", "CH", …) as seen normally and under each vision."""
    table: dict[str, dict[str, float]] = {}
    for vision in ("normal", *MACHADO):
        seen = {suit: (tuple(float(c) for c in ink) if vision == "normal" else simulate(ink, vision))
                for suit, ink in inks.items()}
        table[vision] = {a + b: round(delta_e(seen[a], seen[b]), 1)
                         for a, b in itertools.combinations("CDHS", 2)}
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args()
    result = {name: figures(palette.inks) for name, palette in SUIT_PALETTES.items() if palette.inks is not None}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    failing = []
    for name, table in result.items():
        print(f"{name}: ΔE76 per pair of suits (C clubs, D diamonds, H hearts, S spades)")
        print("  " + f"{'':14}" + "".join(f"{pair:>7}" for pair in table["normal"]))
        for vision, pairs in table.items():
            meant = vision in MEANT_FOR.get(name, ())
            least = min(pairs.values())
            mark = ("  meant for it: least " + f"{least:.1f}" + (" ok" if least >= LEAST else " TOO CLOSE")
                    if meant else "")
            if meant and least < LEAST:
                failing.append(f"{name}/{vision}")
            print("  " + f"{vision:14}" + "".join(f"{value:7.1f}" for value in pairs.values()) + mark)
    if failing:
        print("below", LEAST, ":", ", ".join(failing))
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
