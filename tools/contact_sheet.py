"""Contact sheets of the card art, for looking at, and the SVG-versus-PNG measurement.

``python tools/contact_sheet.py /tmp/sheets`` writes:

- ``cards-60.png``, ``cards-120.png``, ``cards-300.png``: all 52 faces at three sizes;
- ``fan-800x600.png``: a dealt table at 800x600 card size, with columns fanned so only the
  top strip of most cards shows (both colour schemes), plus markers and the highlight;
- ``extras.png``: backs, markers, toolbar icons and the highlight over a card.

``--compare`` also renders faces two ways, SVG at the exact size and a 4x PNG master
downscaled with ``smoothscale``, prints the time per card of each, and writes
``compare.png`` with the two side by side.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # (imported after the SDL drivers are chosen)

from seahaven.app.looks.assets import ICON_NAMES, MARKER_KINDS, Assets, render_svg
from seahaven.engine import DECK, SUITS, Card
from seahaven.resources import CARD_ASPECT, resource_path

FELT = (28, 92, 58)
GAP = 8


def card_height(width: int) -> int:
    """Height of a card ``width`` pixels wide."""
    return round(width / CARD_ASPECT)


def sheet_of_faces(art: Assets, width: int, out: Path) -> Path:
    """All 52 faces at one size, a suit per row (wrapped to stay under ~2000 px wide)."""
    height = card_height(width)
    per_row = max(1, min(13, 2000 // (width + GAP)))
    rows = 4 * -(-13 // per_row)
    sheet = pygame.Surface((GAP + per_row * (width + GAP), GAP + rows * (height + GAP)))
    sheet.fill(FELT)
    for i, card in enumerate(DECK):
        row, col = divmod(i % 13, per_row)
        row += (i // 13) * -(-13 // per_row)
        sheet.blit(art.card(card, width, height), (GAP + col * (width + GAP), GAP + row * (height + GAP)))
    path = out / f"cards-{width}.png"
    pygame.image.save(sheet, path)
    return path


def fanned_table(art: Assets, out: Path) -> Path:
    """An 800x600 table: cells and foundations on top, ten fanned columns, both schemes."""
    width = 68
    height = card_height(width)
    step = round(height * 0.25)
    surface = pygame.Surface((1600 + 20, 600))
    surface.fill(FELT)
    deck = list(DECK)
    for half, four_colour in enumerate((False, True)):
        art.four_colour = four_colour
        left = half * 810
        pygame.draw.line(surface, (15, 60, 35), (left + 805, 0), (left + 805, 600), 3)
        x0 = left + 20
        for i in range(4):  # cells: two empty, two holding cards
            x = x0 + i * (width + 8)
            if i in (1, 2):
                surface.blit(art.card(deck[50 + i - 1], width, height), (x, 10))
            else:
                surface.blit(art.marker("cell", width, height), (x, 10))
        for i, suit in enumerate(SUITS):
            x = x0 + 760 - (4 - i) * (width + 8)
            if suit == "H":
                surface.blit(art.card(Card(1, "H"), width, height), (x, 10))
            else:
                surface.blit(art.marker(f"found-{suit}", width, height), (x, 10))
        shuffled = deck[7::3] + deck[1::3] + deck[2::3] + deck[0:7:3]
        for column in range(10):
            x = x0 + column * (width + 7)
            cards = shuffled[column * 5 : column * 5 + 5] if column != 9 else []
            if column == 9:
                surface.blit(art.marker("column", width, height), (x, 120))
            for j, card in enumerate(cards):
                surface.blit(art.card(card, width, height), (x, 120 + j * step))
            if column == 3:
                y = 120 + (len(cards) - 1) * step
                surface.blit(art.highlight(width, height), (x, y))
        run = [Card(13 - k, "SH"[k % 2]) for k in range(8)]  # a long fanned run under the table
        for j, card in enumerate(run):
            surface.blit(art.card(card, width, height), (x0 + 2 * (width + 7), 330 + j * step))
        surface.blit(art.back(width, height, 0), (x0 + 5 * (width + 7), 330))
        surface.blit(art.back(width, height, 1), (x0 + 6 * (width + 7), 330))
    art.four_colour = False
    path = out / "fan-800x600.png"
    pygame.image.save(surface, path)
    return path


def extras(art: Assets, out: Path) -> Path:
    """Backs, markers, icons and the highlight at a medium size."""
    width, height = 130, card_height(130)
    surface = pygame.Surface((GAP + 8 * (width + GAP), 2 * height + 3 * GAP + 140))
    surface.fill(FELT)
    for i in range(2):
        surface.blit(art.back(width, height, i), (GAP + i * (width + GAP), GAP))
    card_x = GAP + 2 * (width + GAP)
    surface.blit(art.card(Card.parse("QD"), width, height), (card_x, GAP))
    surface.blit(art.highlight(width, height), (card_x, GAP))
    surface.blit(art.card(Card.parse("9S"), width, height), (card_x + width + GAP, GAP))
    for i, kind in enumerate(MARKER_KINDS):
        surface.blit(art.marker(kind, width, height), (GAP + i * (width + GAP), 2 * GAP + height))
    y = 3 * GAP + 2 * height
    toolbar = pygame.Rect(GAP, y, len(ICON_NAMES) * 56 + 8, 60)
    pygame.draw.rect(surface, (20, 40, 30), toolbar, border_radius=10)
    for i, name in enumerate(ICON_NAMES):
        surface.blit(art.icon(name, 40), (GAP + 12 + i * 56, y + 10))
        surface.blit(art.icon(name, 20), (GAP + 22 + i * 56, y + 80))
        label = art.font(13).render(name, True, (230, 230, 230))
        surface.blit(label, (GAP + 8 + i * 56, y + 110))
    title = art.font(30, bold=True).render("Seahaven Towers  Score 1250", True, (245, 245, 240))
    surface.blit(title, (toolbar.right + 20, y + 10))
    path = out / "extras.png"
    pygame.image.save(surface, path)
    return path


def compare(out: Path, master_scale: int = 4) -> Path:
    """Time and show SVG-at-size against PNG masters downscaled with smoothscale."""
    names = ("7D", "QS", "TC")
    sizes = (60, 68, 130, 300)
    largest = max(sizes)
    master_size = (largest * master_scale, card_height(largest * master_scale))
    with tempfile.TemporaryDirectory() as folder:
        masters = {}
        for name in names:
            text = resource_path("sprites", "cards", "classic", f"{name}.svg").read_text()
            path = Path(folder) / f"{name}.png"
            pygame.image.save(render_svg(text, *master_size), path)
            masters[name] = (text, path)
        size_kb = sum(p.stat().st_size for _, p in masters.values()) / len(masters) / 1024
        print(f"PNG master {master_size[0]}x{master_size[1]}: {size_kb:.0f} KB per card "
              f"(x52 = {size_kb * 52 / 1024:.1f} MB per colour scheme)")
        rows = []
        for width in sizes:
            height = card_height(width)
            svg_ms = png_ms = 0.0
            pair = []
            repeats = 5
            art = Assets()
            art.card(Card.parse("AS"), width, height)  # the card stock, rendered once per size
            for name in names:
                _, path = masters[name]
                start = time.perf_counter()
                for _ in range(repeats):
                    art._surfaces.clear()  # forget the face (not the stock): a real render each time
                    svg = art.card(Card.parse(name), width, height)
                svg_ms += (time.perf_counter() - start) * 1000 / repeats
                start = time.perf_counter()
                for _ in range(repeats):
                    png = pygame.transform.smoothscale(pygame.image.load(path), (width, height))
                png_ms += (time.perf_counter() - start) * 1000 / repeats
                pair.append((svg, png))
            print(f"{width:4d}x{height:<4d} SVG at size {svg_ms / len(names):6.2f} ms/card   "
                  f"PNG master + smoothscale {png_ms / len(names):6.2f} ms/card")
            rows.append((width, height, pair))
    for width in (130, 300):
        height = card_height(width)
        start = time.perf_counter()
        lazy = Assets()
        for card in DECK:
            lazy.card(card, width, height)
        lazy_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        Assets().preload(width, height)
        print(f"all 52 at {width}x{height}: {lazy_ms:.0f} ms one by one, "
              f"{(time.perf_counter() - start) * 1000:.0f} ms with preload on {os.cpu_count()} cores")
    zoom = 3  # enlarge the small ones so pixels can be judged
    small = [r for r in rows if r[0] <= 130]
    sheet_w = GAP + sum(len(names) * 2 * (w * zoom if w < 100 else w) + GAP * 8 for w, _, _ in small)
    sheet_h = GAP * 2 + max(h * zoom if w < 100 else h for w, h, _ in small) + 24
    sheet = pygame.Surface((sheet_w, sheet_h))
    sheet.fill(FELT)
    x = GAP
    font = Assets().font(14, bold=True)
    for width, _height, pair in small:
        factor = zoom if width < 100 else 1
        for svg, png in pair:
            for label, image in (("SVG", svg), ("PNG", png)):
                shown = pygame.transform.scale_by(image, factor)
                sheet.blit(shown, (x, GAP + 20))
                sheet.blit(font.render(f"{label} {width}px", True, "white"), (x, 2))
                x += shown.get_width() + GAP
        x += GAP * 4
    path = out / "compare.png"
    pygame.image.save(sheet, path)
    return path


def main(argv: list[str] | None = None) -> None:
    """Command line: write the sheets into a folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument("--compare", action="store_true", help="also measure SVG against PNG masters")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    art = Assets()
    written = [sheet_of_faces(art, width, args.out) for width in (60, 120, 300)]
    written += [fanned_table(art, args.out), extras(art, args.out)]
    if args.compare:
        written.append(compare(args.out))
    for path in written:
        print(path)


if __name__ == "__main__":
    main()
