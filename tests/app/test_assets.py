"""Card art, fonts and sounds: every asset loads headless, the generators reproduce the
committed files exactly, and every card face is readable (index drawn, right colours)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from seahaven.app.looks import assets as assets_module
from seahaven.app.looks.assets import (
    BACK_STYLES,
    ICON_NAMES,
    MARKER_KINDS,
    SOUND_NAMES,
    Assets,
    render_svg,
)
from seahaven.engine import DECK, Card
from seahaven.resources import CARD_ASPECT, resource_path

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((60, 86), (120, 171), (300, 428))
FACE = pygame.Color(250, 249, 244)
"""Roughly the colour of the card stock, for telling ink from paper."""


def load_tool(name: str) -> ModuleType:
    """Import a script from tools/ (it is not a package)."""
    spec = importlib.util.spec_from_file_location(f"tools_{name}", ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def art() -> Assets:
    pygame.display.init()
    return Assets()


def ink_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Opaque pixels in ``rect`` that are clearly not card stock."""
    region = surface.subsurface(rect)
    paper = pygame.mask.from_threshold(region, FACE, (40, 40, 40, 255))
    opaque = pygame.mask.from_surface(region, 200)
    return opaque.count() - paper.overlap_area(opaque, (0, 0))


def index_rect(width: int, height: int) -> pygame.Rect:
    """The top-left strip where rank and suit must show when cards are fanned."""
    left, top = round(width * 0.04), round(height * 0.03)  # inside the card's edge line
    return pygame.Rect(left, top, round(width * 0.45) - left, round(height * 0.22) - top)


def ink_colour(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    """Average colour of the strongly inked pixels in ``rect``."""
    total, count = [0, 0, 0], 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surface.get_at((x, y))
            if c.a > 200 and abs(c.r - FACE.r) + abs(c.g - FACE.g) + abs(c.b - FACE.b) > 150:
                total[0] += c.r
                total[1] += c.g
                total[2] += c.b
                count += 1
    assert count, "no ink found"
    return total[0] / count, total[1] / count, total[2] / count


# --- every asset exists and loads ------------------------------------------------------------


def test_every_sprite_file_exists() -> None:
    for four_colour in (False, True):
        for card in DECK:  # the file each face is read from (a four-colour heart is the classic one)
            assert resource_path("sprites", Assets(four_colour=four_colour)._card_name(card)).is_file()
    names = [f"backs/back-{i}" for i in range(BACK_STYLES)]
    names += [f"markers/{k}" for k in MARKER_KINDS] + [f"icons/{n}" for n in ICON_NAMES] + ["highlight"]
    for name in names:
        assert resource_path("sprites", f"{name}.svg").is_file(), name


def test_images_render_at_exactly_the_asked_size(art: Assets) -> None:
    for style in range(BACK_STYLES):
        assert art.back(91, 130, style).get_size() == (91, 130)
    for kind in MARKER_KINDS:
        assert art.marker(kind, 91, 130).get_size() == (91, 130)
    for name in ICON_NAMES:
        icon = art.icon(name, 32)
        assert icon.get_size() == (32, 32)
        assert pygame.mask.from_surface(icon).count() > 20, name
    assert art.highlight(91, 131).get_size() == (91, 131)  # other aspect: stretched, not cropped
    assert art.card(Card.parse("QS"), 100, 150).get_size() == (100, 150)


def test_unknown_names_are_refused(art: Assets) -> None:
    with pytest.raises(ValueError):
        art.marker("found-X", 50, 70)
    with pytest.raises(ValueError):
        art.icon("exit", 24)
    with pytest.raises(ValueError):
        art.back(50, 70, BACK_STYLES)


def test_fonts_load_and_draw(art: Assets) -> None:
    for bold in (False, True):
        font = art.font(18, bold)
        assert font is art.font(18, bold)
        text = font.render("Score 1234 ♣♦♥♠", True, "black")
        assert text.get_width() > 50
    assert (ROOT / "fonts" / "LICENSE-NotoSans.txt").is_file()


def test_sounds_load_or_are_none_but_never_raise(art: Assets) -> None:
    for name in SOUND_NAMES:
        sound = art.sound(name)
        assert sound is None or sound.get_length() > 0.05
    assert art.sound("no-such-sound") is None


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_files_are_short_and_start_and_end_silent(name: str) -> None:
    with wave.open(str(resource_path("sounds", f"{name}.wav"))) as wav:
        frames = wav.readframes(wav.getnframes())
        seconds = wav.getnframes() / wav.getframerate()
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
    assert seconds <= (1.5 if name == "win" else 0.4)
    samples = memoryview(frames).cast("h")
    assert samples[0] == 0 and samples[-1] == 0
    assert max(abs(s) for s in samples[:40]) < 3000, "starts with a click"
    assert max(abs(s) for s in samples[-40:]) < 1000, "ends with a click"
    assert 8000 < max(abs(s) for s in samples) < 32000, "not normalized"


# --- generators are deterministic and match the committed files ----------------------------


def committed(folder: str) -> dict[str, bytes]:
    base = ROOT / folder
    return {p.relative_to(base).as_posix(): p.read_bytes() for p in base.rglob("*") if p.is_file()}


def test_art_generator_reproduces_the_committed_sprites(tmp_path: Path) -> None:
    load_tool("make_art").write_sprites(tmp_path)
    made = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert made.keys() == committed("sprites").keys()
    changed = sorted(name for name, data in made.items() if committed("sprites")[name] != data)
    assert not changed, f"run tools/make_art.py: {changed[:5]}"


def test_sound_generator_reproduces_the_committed_sounds(tmp_path: Path) -> None:
    load_tool("make_sounds").write_sounds(tmp_path)
    made = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert made == committed("sounds"), "run tools/make_sounds.py"


# --- card faces ------------------------------------------------------------------------------


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_every_card_has_its_index_in_the_top_strip(art: Assets, four_colour: bool, size: tuple[int, int]) -> None:
    art.four_colour = four_colour
    width, height = size
    rect = index_rect(width, height)
    for card in DECK:
        face = art.card(card, width, height)
        assert face.get_size() == size
        inked = ink_pixels(face, rect)
        assert inked > rect.width * rect.height * 0.08, f"{card} index nearly blank at {size}: {inked}"


def test_blank_stock_fails_the_index_check() -> None:
    """The index check can fail: a card with no ink has nothing in the corner."""
    text = resource_path("sprites", "cards", "classic", "AS.svg").read_text()
    stock = text.partition(assets_module.INK_MARK)[0] + "</svg>"
    blank = render_svg(stock, 120, 171)
    assert ink_pixels(blank, index_rect(120, 171)) == 0


def test_card_colours_in_both_schemes(art: Assets) -> None:
    rect = index_rect(120, 171)
    art.four_colour = False
    club_r, club_g, club_b = ink_colour(art.card(Card.parse("5C"), 120, 171), rect)
    diamond = ink_colour(art.card(Card.parse("5D"), 120, 171), rect)
    assert max(club_r, club_g, club_b) < 90, "classic clubs are black"
    assert diamond[0] > diamond[1] + 80 and diamond[0] > diamond[2] + 80, "classic diamonds are red"
    art.four_colour = True
    club = ink_colour(art.card(Card.parse("5C"), 120, 171), rect)
    diamond = ink_colour(art.card(Card.parse("5D"), 120, 171), rect)
    heart = ink_colour(art.card(Card.parse("5H"), 120, 171), rect)
    spade = ink_colour(art.card(Card.parse("5S"), 120, 171), rect)
    assert club[1] > club[0] + 40 and club[1] > club[2] + 20, f"four-colour clubs are green: {club}"
    assert diamond[2] > diamond[0] + 80 and diamond[2] > diamond[1] + 20, f"diamonds are blue: {diamond}"
    assert heart[0] > heart[1] + 80, f"hearts stay red: {heart}"
    assert max(spade) < 90, f"spades stay black: {spade}"
    art.four_colour = False


def test_faces_are_cached_per_size_and_scheme(art: Assets) -> None:
    card = Card.parse("7H")
    art.four_colour = False
    first = art.card(card, 110, 157)
    assert art.card(card, 110, 157) is first
    assert art.card(card, 111, 159) is not first
    art.four_colour = True
    green = art.card(Card.parse("7C"), 110, 157)
    art.four_colour = False
    assert art.card(Card.parse("7C"), 110, 157) is not green


def test_a_deck_preloads_every_face_at_once() -> None:
    """preload makes all 52 faces at the size asked, each as card() gives it afterwards (how
    long it takes is a benchmark's: ``seahaven bench``, not a timed assertion here)."""
    fresh = Assets()
    fresh.preload(130, 186)
    made = {card: fresh._surfaces.get("cards", (130, 186), fresh._card_name(card)) for card in DECK}
    assert all(face is not None and face.get_size() == (130, 186) for face in made.values())
    assert len({id(face) for face in made.values()}) == 52
    assert all(fresh.card(card, 130, 186) is face for card, face in made.items())  # card() gives what preload made


def test_card_aspect_matches_the_art() -> None:
    text = resource_path("sprites", "cards", "classic", "AS.svg").read_text()
    assert 'viewBox="0 0 245 350"' in text
    assert abs(CARD_ASPECT - 245 / 350) < 1e-9


# --- loader plumbing -------------------------------------------------------------------------


def test_resource_path_finds_files_in_a_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert resource_path("fonts", "NotoSans-Bold.ttf").is_file()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_path("sprites", "highlight.svg") == tmp_path / "sprites" / "highlight.svg"


@pytest.fixture
def bundle_with_archive(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A bundle as build.spec makes it: the sprites, sounds, fonts and icons in the assets
    archive only, the fonts' licences loose beside it."""
    from seahaven import resources

    load_tool("assets_archive").write(tmp_path / resources.ARCHIVE, ROOT)
    (tmp_path / "fonts").mkdir()
    for licence in (ROOT / "fonts").glob("LICENSE*"):  # loose beside the archive, as build.spec bundles them
        (tmp_path / "fonts" / licence.name).write_bytes(licence.read_bytes())
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resources._archive.cache_clear()
    yield tmp_path
    resources._archive.cache_clear()


def test_a_bundle_reads_the_sprites_and_sounds_from_its_archive(bundle_with_archive: Path) -> None:
    """The executables keep sprites/ and sounds/ in one zip file (a one-file program makes every
    file it bundles at each start): every file reads as the one in the checkout, and nothing
    comes from a folder, as the bundle has none."""
    from seahaven.resources import read_resource, resource_names

    assert not (bundle_with_archive / "sprites").exists()
    for name in ("highlight.svg", "cards/classic/AS.svg", "cards/four-colour/2D.svg"):
        assert read_resource("sprites", *name.split("/")) == (ROOT / "sprites" / name).read_bytes()
    assert resource_names("sounds") == sorted(path.name for path in (ROOT / "sounds").iterdir())
    assert read_resource("sounds", "deal.wav") == (ROOT / "sounds" / "deal.wav").read_bytes()
    with pytest.raises(OSError):
        read_resource("sprites", "no-such.svg")


def test_fonts_and_icons_come_from_the_archive_and_the_licences_stay_loose(bundle_with_archive: Path) -> None:
    """The fonts and icons are in the archive too (each file a one-file program bundles is
    written to disk before its window): text is drawn in the game's own face read from it, as
    from the file, the window's icon and the desktop install's icons read from it, and the
    fonts' licences stay loose files, where a distributor looks, read as before."""
    from seahaven.app.looks import fonts
    from seahaven.commands import desktop
    from seahaven.resources import data_exists, open_data, read_resource, resource_names

    pygame.font.init()
    for bold in (False, True):
        path = fonts.font_path(fonts.LATIN, bold)
        assert not path.exists() and data_exists(path)
        archived = fonts.TextFont(path, 24)
        on_disk = pygame.font.Font(str(ROOT / "fonts" / fonts.FONT_FILES[bold]), 24)
        assert archived.size("Seahaven Towers: Rückgängig") == on_disk.size("Seahaven Towers: Rückgängig")
        assert "é" in fonts.coverage(path) and "日" not in fonts.coverage(path)
    assert fonts.load(20, False, lambda face, size, bold: pygame.font.Font(None, size)).glyphs is not fonts.EVERY_GLYPH
    assert not data_exists(bundle_with_archive / "fonts" / "NoSuchFace.ttf")
    icon = pygame.image.load(open_data(resource_path("icons", "seahaven-64.png")), "seahaven-64.png")
    assert icon.get_size() == (64, 64)
    assert "seahaven-256.png" in resource_names("icons") and "seahaven.icns" not in resource_names("icons")
    sources = [source for source in desktop.installed_files(bundle_with_archive / "home").values() if source]
    assert sources and all(data_exists(source) for source in sources)
    assert read_resource("fonts", "LICENSE-NotoSans.txt") == (ROOT / "fonts" / "LICENSE-NotoSans.txt").read_bytes()
    assert {"LICENSE-NotoSans.txt", "NotoSans-Bold.ttf"} <= set(resource_names("fonts"))


def test_cards_and_sounds_load_from_the_archive(bundle_with_archive: Path) -> None:
    pygame.display.init()
    pygame.mixer.init()
    try:
        fresh = Assets()
        face = fresh.card(Card.parse("QH"), 120, 171)
        assert face.get_size() == (120, 171)
        assert fresh.sound("deal") is not None and fresh.sound("win") is not None
    finally:
        pygame.mixer.quit()


def test_the_archive_holds_what_the_game_reads_from_it_and_is_the_same_each_build(tmp_path: Path) -> None:
    from seahaven import resources

    tool = load_tool("assets_archive")
    assert tool.FOLDERS == resources.ARCHIVED
    names = tool.write(tmp_path / "one.zip", ROOT)
    tool.write(tmp_path / "two.zip", ROOT)
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
    on_disk = sorted(path.relative_to(ROOT).as_posix() for folder in resources.ARCHIVED
                     for path in (ROOT / folder).rglob("*") if tool.archived(path))
    assert sorted(names) == on_disk
    assert "fonts/NotoSans-Regular.ttf" in names and "icons/seahaven-64.png" in names
    assert not any(name.startswith("fonts/LICENSE") or name.endswith((".icns", ".ico")) for name in names)
    assert tool.LOOSE_PREFIX == resources.LOOSE_PREFIX


def test_importing_the_loader_opens_no_window_and_loads_nothing() -> None:
    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import pygame, seahaven.app.looks.assets as a\n"
        "assert not pygame.display.get_init() and not pygame.font.get_init()\n"
        "assert not a.Assets()._surfaces\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=30)


def test_a_four_colour_face_inked_as_the_classic_one_is_one_file() -> None:
    """Issue 40: the wheel held 52 faces twice (the four-colour hearts and spades are the classic
    ones). make_art writes them once; the game reads the classic file for them, so every
    four-colour face it asks for is there, and only there."""
    from seahaven.app.looks.assets import Assets
    from seahaven.engine import DECK
    from seahaven.resources import resource_path

    for large in (False, True):
        assets = Assets(four_colour=True, large_index=large)
        names = {assets._card_name(card) for card in DECK}
        assert all(resource_path("sprites", name).is_file() for name in names)
        folder = "four-colour-large" if large else "four-colour"
        assert {name for name in names if f"/{folder}/" in name} == {
            f"cards/{folder}/{path.name}" for path in resource_path("sprites", "cards", folder).glob("*.svg")}
        assert len([name for name in names if "/classic" in name]) == 26
