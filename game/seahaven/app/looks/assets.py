"""Card art, icons, fonts and sounds, rendered at the size they are shown and cached.

The images are SVG files made by ``tools/make_art.py``; each is rendered at the exact
pixel size the table asks for (so it is crisp at every window size) the first time it
is asked for, then served from a cache, because the table draws every card every frame.
Importing this module loads nothing and opens no window.
"""

from __future__ import annotations

import io
import os
import re
from typing import TYPE_CHECKING

import pygame

from seahaven.app.looks import fonts
from seahaven.app.looks.art_cache import KEEP_SIZES, SPRITES_BYTES, STOCKS_BYTES, Lru, SizedArt
from seahaven.app.looks.theme import ART_INKS, FOUR_COLOUR_INKS, Colour, hex_colour
from seahaven.engine import DECK
from seahaven.resources import read_resource

if TYPE_CHECKING:
    from seahaven.engine import Card


BACK_STYLES: int = 2
"""Number of card back designs; ``Assets.back(style=...)`` takes 0 .. BACK_STYLES - 1."""

MARKER_KINDS = ("cell", "column", "found-C", "found-D", "found-H", "found-S")
"""Empty-pile markers: a free cell, an empty column (marked K), a foundation per suit."""

ICON_NAMES = ("new", "restart", "undo", "redo", "hint", "help", "menu", "fullscreen")
"""Toolbar icons; they are white line drawings, so tint them when blitting if needed."""

SOUND_NAMES = ("pick_up", "place", "foundation", "invalid", "deal", "undo", "win")
"""Sound effects, one WAV file each in ``sounds/``."""

FONT_FILES = fonts.FONT_FILES

ICON_SIZES_KEPT = 8
"""Icon sizes kept: the toolbar's, the windows' buttons', Help's... all drawn at once."""
FONTS_KEPT = 48
"""Font objects kept (each holds a parsed font file): every size the screens use at once."""

INK_MARK = "<!-- ink -->"
"""In a card SVG, separates the card stock (identical on every face) from the ink."""

_SVG_ROOT = re.compile(r'\s*<svg[^>]*viewBox="0 0 ([0-9.]+) ([0-9.]+)"[^>]*>(.*)</svg>\s*$', re.DOTALL)


def render_svg(text: str, width: int, height: int) -> pygame.Surface:
    """Render SVG text to exactly ``width`` x ``height`` pixels (stretching if the aspect differs).

    SDL_image keeps the drawing's aspect ratio and may round a pixel off, so the drawing
    is wrapped in a scale transform whose viewBox is the requested pixel size.
    """
    match = _SVG_ROOT.match(text)
    if match is None:
        raise ValueError("not an SVG made by tools/make_art.py (no viewBox)")
    view_w, view_h, body = float(match[1]), float(match[2]), match[3]
    document = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><g transform="scale({width / view_w:.6f} {height / view_h:.6f})">'
        f"{body}</g></svg>"
    )
    return pygame.image.load_sized_svg(io.BytesIO(document.encode("utf-8")), (width, height))


def _recoloured(text: str, inks: str, file: str) -> str:
    """A classic card face's SVG with its suit's ink replaced by the player's (``inks``: the
    four colours, clubs to spades, as ``#rrggbb`` each; ``file`` says the suit: ``7H.svg``)."""
    suit = file.removesuffix(".svg")[-1]
    ink = inks[7 * "CDHS".index(suit) : 7 * "CDHS".index(suit) + 7]
    stock, mark, art = text.partition(INK_MARK)
    return stock + mark + art.replace(hex_colour(ART_INKS[suit]), ink)


def _kind(name: str) -> str:
    """What a sprite is, for the cache: its folder (``cards``, ``icons``...) or its name."""
    return name.partition("/")[0]


class Assets:
    """Loads and caches everything the game shows or plays.

    ``four_colour`` picks the deck for the Settings option (clubs green, diamonds blue),
    ``large_index`` the faces with larger corners and a heavier edge (the high-contrast
    table); they can be changed at any time and the next ``card()`` call uses the right art.
    """

    def __init__(self, four_colour: bool = False, large_index: bool = False) -> None:
        self.four_colour = four_colour
        self.large_index = large_index
        self.inks: dict[str, Colour] | None = None
        """Each suit's ink as the player chose it (Settings: Suit colours), painted over
        the classic art's; None: the art's own colours."""
        self._svg_text: dict[str, str] = {}
        self._surfaces: SizedArt[pygame.Surface] = SizedArt(keep_by_kind={"icons": ICON_SIZES_KEPT},
                                                                budget=SPRITES_BYTES)
        """Rendered sprites by kind (their folder), size and name: only the last few sizes
        of each kind within a number of bytes, so memory stays flat however often the window
        changes size (the painter keeps what it shows: this cache only spares it redrawing)."""
        self._stocks: Lru[pygame.Surface] = Lru(2 * KEEP_SIZES, STOCKS_BYTES)  # plain and large-index
        self._fonts: Lru[pygame.font.Font] = Lru(FONTS_KEPT)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    # --- images ---------------------------------------------------------------------------

    @property
    def scheme(self) -> str:
        """Folder name of the current colour scheme under ``sprites/cards``."""
        scheme = "four-colour" if self.four_colour and self.inks is None else "classic"
        scheme = f"{scheme}-large" if self.large_index else scheme
        if self.inks is not None:  # a palette of the player's: its own cache entries
            scheme += "#" + "".join(hex_colour(self.inks[suit]) for suit in "CDHS")
        return scheme

    def card(self, card: Card, width: int, height: int) -> pygame.Surface:
        """The face of ``card`` at ``width`` x ``height`` pixels, in the current colour scheme."""
        return self._image(self._card_name(card), width, height)

    def card_once(self, card: Card, width: int, height: int) -> pygame.Surface:
        """The face of ``card`` drawn at a size used for a moment (a peek), kept nowhere
        here: the caller's cache holds it, so it takes no place of the table's sizes."""
        stock_text, _, ink_text = self._text(self._card_name(card)).partition(INK_MARK)
        root = stock_text[: stock_text.index(">") + 1]
        surface = render_svg(stock_text + "</svg>", width, height)
        surface.blit(render_svg(root + ink_text, width, height), (0, 0))
        return surface

    def _card_name(self, card: Card) -> str:
        """The face's sprite: a four-colour suit inked as on classic cards (hearts, spades) is
        the classic file (``tools/make_art.py`` writes it once)."""
        scheme = self.scheme
        if scheme.startswith("four-colour") and FOUR_COLOUR_INKS[card.suit] == ART_INKS[card.suit]:
            scheme = "classic" + scheme.removeprefix("four-colour")
        return f"cards/{scheme}/{card}.svg"

    def back(self, width: int, height: int, style: int = 0) -> pygame.Surface:
        """A card back; ``style`` is 0 (navy lattice) or 1 (burgundy waves)."""
        if not 0 <= style < BACK_STYLES:
            raise ValueError(f"back style {style} does not exist (0..{BACK_STYLES - 1})")
        return self._image(f"backs/back-{style}.svg", width, height)

    def marker(self, kind: str, width: int, height: int) -> pygame.Surface:
        """Outline shown where a pile is empty: ``cell``, ``column`` or ``found-C`` .. ``found-S``."""
        if kind not in MARKER_KINDS:
            raise ValueError(f"unknown marker {kind!r}; expected one of {', '.join(MARKER_KINDS)}")
        return self._image(f"markers/{kind}.svg", width, height)

    def icon(self, name: str, size: int) -> pygame.Surface:
        """A square white toolbar icon ``size`` pixels wide."""
        if name not in ICON_NAMES:
            raise ValueError(f"unknown icon {name!r}; expected one of {', '.join(ICON_NAMES)}")
        return self._image(f"icons/{name}.svg", size, size)

    def highlight(self, width: int, height: int) -> pygame.Surface:
        """Gold selection/focus glow, to blit over a card at the card's own rect."""
        return self._image("highlight.svg", width, height)

    def preload(self, width: int, height: int) -> None:
        """Render all 52 faces at this size now, on all cores (optional: faces are also made
        on first use, but a whole dealt table at 4K renders about twice as fast this way)."""
        from concurrent.futures import ThreadPoolExecutor  # 9 ms to import: only when used

        names = [self._card_name(card) for card in DECK]
        names = [name for name in names if self._surfaces.get("cards", (width, height), name) is None]
        if not names:
            return
        layers = [self._text(name).partition(INK_MARK) for name in names]
        stock_text, _, _ = layers[0]
        stock = self._stock(stock_text + "</svg>", width, height)
        root = stock_text[: stock_text.index(">") + 1]

        def ink(layer: tuple[str, str, str]) -> pygame.Surface:
            return render_svg(root + layer[2], width, height)

        workers = min(8, os.cpu_count() or 1)
        with ThreadPoolExecutor(max_workers=workers) as pool:  # SDL_image renders without the GIL
            inks = list(pool.map(ink, layers))
        for name, drawn in zip(names, inks, strict=True):
            surface = stock.copy()
            surface.blit(drawn, (0, 0))
            self._remember(name, width, height, surface)

    def _image(self, name: str, width: int, height: int) -> pygame.Surface:
        """Render a sprite at a size once, then serve it from the cache."""
        surface = self._surfaces.get(_kind(name), (width, height), name)
        if surface is not None:
            return surface
        if width < 1 or height < 1:
            raise ValueError(f"cannot draw {name} at {width}x{height}")
        stock_text, marked, ink_text = self._text(name).partition(INK_MARK)
        if marked:  # a card face: the shared stock from the cache, only the ink rendered here
            root = stock_text[: stock_text.index(">") + 1]
            stock = self._stock(stock_text + "</svg>", width, height)
            surface = stock.copy()
            surface.blit(render_svg(root + ink_text, width, height), (0, 0))
        else:
            surface = render_svg(stock_text, width, height)  # no ink mark: the whole file
        return self._remember(name, width, height, surface)

    def _text(self, name: str) -> str:
        """The SVG text of a sprite, read from disk once."""
        text = self._svg_text.get(name)
        if text is None:
            folder, _, rest = name.partition("#")
            if rest:  # cards/classic#<inks>/7H.svg: the classic face in the player's inks
                text = _recoloured(self._text(folder + rest[rest.index("/"):]), rest[: rest.index("/")],
                                   rest[rest.index("/") + 1 :])
            else:
                text = read_resource("sprites", *name.split("/")).decode("utf-8")
            self._svg_text[name] = text
        return text

    def _stock(self, text: str, width: int, height: int) -> pygame.Surface:
        """The blank card (rounded corners, edge, face colour) at a size, rendered once.

        Kept in the renderer's own pixel format: blitting the ink onto it in the same
        format is several times faster than across formats.
        """
        key = (text, width, height)
        surface = self._stocks.get(key)
        if surface is None:
            surface = self._stocks.put(key, render_svg(text, width, height))
        return surface

    def _remember(self, name: str, width: int, height: int, surface: pygame.Surface) -> pygame.Surface:
        """Cache a rendered surface (in the display's pixel format once there is a display)."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        return self._surfaces.put(_kind(name), (width, height), name, surface)

    def cached(self) -> int:
        """How many rendered surfaces the caches hold (the sprites and the card stocks)."""
        return len(self._surfaces) + len(self._stocks)

    # --- text and sound -------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The game's font at ``size`` pixels, regular or bold, in the face of the player's
        language (Noto Sans; Noto Sans CJK for Japanese and Chinese, see ``fonts``)."""
        return self._face(fonts.face_of_language(), size, bold)

    def _face(self, face: str, size: int, bold: bool) -> pygame.font.Font:
        key = (face, size, bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            if face == fonts.face_of_language():
                made: pygame.font.Font = fonts.load(size, bold, self._face)
            else:  # a CJK fallback face
                made = fonts.TextFont(fonts.font_path(face, bold), size)
            font = self._fonts.put(key, made)
        return font

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """A sound effect for the open audio device, or None when there is no device or
        the file cannot be read (never raises)."""
        if name not in self._sounds:
            sound: pygame.mixer.Sound | None = None
            if pygame.mixer.get_init():
                try:
                    sound = pygame.mixer.Sound(io.BytesIO(read_resource("sounds", f"{name}.wav")))
                except Exception:  # no mixer module, a missing or broken file: play nothing
                    sound = None
            self._sounds[name] = sound
        return self._sounds[name]

    def forget_sounds(self) -> None:
        """The audio device closes: the sounds made for it go with it."""
        self._sounds.clear()
