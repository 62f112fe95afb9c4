"""Drawing helpers for the table and its windows: the felt, cards through the art module
(``seahaven.app.looks.assets``), shadows, highlights, buttons and text, each cached by size so a
frame only blits. Every colour comes from the painter's :class:`~seahaven.app.looks.theme.Theme`
(``painter.theme``), which the window swaps when the player chooses another table.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from functools import lru_cache
from typing import Any

import pygame

from seahaven.app.looks import cloth, fonts
from seahaven.app.looks.art_cache import CARDS_BYTES, MISC_BYTES, SHAPES_BYTES, TEXT_BYTES, Lru, SizedArt
from seahaven.app.looks.assets import Assets
from seahaven.app.looks.box import Box
from seahaven.app.looks.theme import ART_INKS, CARD_STOCK, DEFAULT, FOUR_COLOUR_INKS, Colour, Theme
from seahaven.app.text.words import suit_letter
from seahaven.engine import Card
from seahaven.resources import open_data


@lru_cache(maxsize=1024)
def _wrap_cached(font: Any, text: str, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(font, paragraph, width))
    return tuple(lines)


_BREAK_AFTER = "-/\u2013\u2014"
"""Besides spaces, a line may end after a hyphen, a slash or a dash (inside a word)."""


_NO_BREAK_BEFORE = set("。、，．・：；！？）」』】〕〉》｝］”’〟ー々〻ゝゞヽヾ…‥,.:;!?)]}%"
                       "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
"""What may not start a line in Japanese and Chinese (kinsoku: closing brackets, full stops
and commas, small kana, the prolonged-sound mark), nor in Latin text after a CJK character."""
_NO_BREAK_AFTER = set("（「『【〔〈《｛［“‘([{")
"""What may not end a line: opening brackets and quotes."""


def _cjk(ch: str) -> bool:
    code = ord(ch)
    return code >= 0x2E80 and not 0xFE00 <= code <= 0xFE0F


def _may_break(ch: str, following: str) -> bool:
    """Whether a line may end between ``ch`` and ``following``: after a space (but not
    before a figure, which stays with its word), after a hyphen, slash or dash inside a
    word, and between two characters of a script written without spaces (Japanese,
    Chinese) unless a bracket or a full stop would be stranded."""
    if following == " ":
        return False
    if ch == " " and following.isdigit():
        return False  # a figure stays with the word before it: "moves 1", "column 10" (issue 39.5)
    if ch == " " or ch in _BREAK_AFTER:
        return True
    if ch.isdigit() and _cjk(following):
        return False  # a number stays with its counter: 6枚, 2列目
    return (_cjk(ch) or _cjk(following)) and ch not in _NO_BREAK_AFTER and following not in _NO_BREAK_BEFORE


def _inside_code(text: str, i: int) -> bool:
    """Whether the hyphen at ``text[i]`` joins two parts of a game code ("SH1-C4-AAAAAJ2"):
    a capital or a digit on both sides. A code is copied and typed, so it never breaks."""
    def code_char(ch: str) -> bool:
        return ch.isascii() and (ch.isdigit() or ch.isupper())

    return 0 < i < len(text) - 1 and code_char(text[i - 1]) and code_char(text[i + 1])


def _pieces(text: str) -> list[str]:
    """``text`` cut where a line may end (:func:`_may_break`): "Karten-Ablage" -> "Karten-",
    "Ablage"; "配札を選ぶ。" -> "配", "札", "を", "選", "ぶ。"; never inside a game code."""
    pieces: list[str] = []
    piece = ""
    for i, ch in enumerate(text):
        piece += ch
        following = text[i + 1] if i + 1 < len(text) else " "
        if _may_break(ch, following) and not (ch == "-" and _inside_code(text, i)):
            pieces.append(piece)
            piece = ""
    if piece:
        pieces.append(piece)
    return pieces


def _fits(font: pygame.font.Font, text: str, width: int) -> bool:
    return font.size(text.rstrip(" "))[0] <= width


def _split_word(font: Any, word: str, width: int) -> list[str]:
    """A word wider than ``width`` (a long German compound) broken inside, with a hyphen
    where it breaks between two letters: as many characters per line as fit."""
    out: list[str] = []
    rest = word
    while not _fits(font, rest, width) and len(rest.rstrip(" ")) > 1:
        low, high = 1, len(rest) - 1  # the longest start that fits, found in a few measurements:
        while low < high:  # a line of thousands of letters (a pasted path) costs a frame, not a minute
            middle = (low + high + 1) // 2
            if _fits(font, rest[:middle] + "-", width):
                low = middle
            else:
                high = middle - 1
        k = low
        hyphen = "-" if rest[k - 1].isalpha() and rest[k].isalpha() and not (_cjk(rest[k - 1]) or _cjk(rest[k])) else ""
        out.append(rest[:k] + hyphen)
        rest = rest[k:]
    out.append(rest)
    return out


def _unglued(font: Any, piece: str, width: int) -> list[str]:
    """``piece`` as it is, or, when it holds a word and its figure that no line is wide
    enough for ("movimentos 1"), cut at its spaces after all (rather than inside a word)."""
    inner = piece.rstrip(" ")
    if " " not in inner or _fits(font, piece, width):
        return [piece]
    words = inner.split(" ")
    return [word + " " for word in words[:-1]] + [words[-1] + piece[len(inner):]]


def _wrap_paragraph(font: Any, text: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for piece in (part for glued in _pieces(text) for part in _unglued(font, glued, width)):
        if _fits(font, line + piece, width):
            line += piece
            continue
        if line:
            lines.append(line.rstrip(" "))
        parts = _split_word(font, piece, width)
        lines.extend(part.rstrip(" ") for part in parts[:-1])
        line = parts[-1]
    lines.append(line.rstrip(" "))
    return lines


def wrap(font: Any, text: str, width: int) -> tuple[str, ...]:
    """``text`` broken into lines no wider than ``width`` pixels: at spaces, after hyphens,
    slashes and dashes, at each newline, and inside a word too long for a line (German
    compounds), so no line is wider than ``width``. The one word wrap of every window and
    screen."""
    return _wrap_cached(font, text, max(1, width))


def load_assets(four_colour: bool = False, large_index: bool = False) -> Assets:
    """The art: cards, markers, icons, fonts and sounds, rendered at the size asked."""
    return Assets(four_colour=four_colour, large_index=large_index)


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> pygame.font.Font:
    path = fonts.font_path(fonts.LATIN, bold)
    try:
        return pygame.font.Font(open_data(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


def _display_surface(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface in the window's pixel format (blits from it need no conversion)."""
    screen = pygame.display.get_surface()
    return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


TEXTS_KEPT = 400
"""Rendered strings kept (the most recently drawn)."""
SHAPES_KEPT = 48
"""Outlines, shadows and panels kept: their sizes follow what is drawn (a selection of
three cards, a dragged run), not only the window."""


class Painter:
    """Cached drawing for one set of assets in one theme. Every cache is bounded in bytes
    (its share of :data:`seahaven.app.looks.art_cache.ART_BUDGET`): art drawn at the size of the
    cards keeps only its last few sizes (:class:`SizedArt`), the rest a number of entries,
    and the felt only the window's size, so memory stays flat whatever the window's size
    and however often it changes."""

    def __init__(self, assets: Assets, theme: Theme = DEFAULT) -> None:
        self.assets = assets
        self.theme = theme
        self._text: Lru[pygame.Surface] = Lru(TEXTS_KEPT, TEXT_BYTES)
        self._cards: SizedArt[pygame.Surface] = SizedArt(budget=CARDS_BYTES)
        self._misc: SizedArt[pygame.Surface] = SizedArt(keep_by_kind={"icon": 8}, budget=MISC_BYTES)
        self._felt: SizedArt[pygame.Surface] = SizedArt(keep=1)
        """The cloth at the window's size only (one of the two window pictures of the budget)."""
        self._shapes: Lru[pygame.Surface] = Lru(SHAPES_KEPT, SHAPES_BYTES)
        self.suit_letters = False
        """A letter for the suit beside each card's index (Settings: Suit letters)."""
        self._rough: OrderedDict[tuple[str, Any, int, int], None] = OrderedDict()
        """Art shown scaled from another size until :meth:`refine` draws it crisp."""

    def cached(self) -> int:
        """How many surfaces the caches hold, the art's own included."""
        own = len(self._text) + len(self._cards) + len(self._misc) + len(self._felt) + len(self._shapes)
        return own + self.assets.cached()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        try:
            return self.assets.font(int(size), bold)
        except Exception:
            return _font(max(6, int(size)), bold)

    def text(self, text: str, size: int, colour: Colour | None = None, bold: bool = False) -> pygame.Surface:
        """Words in one colour (the theme's text colour unless told), cached."""
        colour = colour or self.theme.text
        key = (text, size, colour, bold)
        surf = self._text.get(key)
        if surf is None:
            surf = self._text.put(key, self.font(size, bold).render(text, True, colour))
        return surf

    def card(self, card: Card, w: int, h: int, quick: bool = False) -> pygame.Surface:
        """The face of ``card`` at ``w`` x ``h``. ``quick``: when the face must be drawn at
        a new size (the window or the long-column layout changed), scale it from a size
        already drawn at once and draw it crisp later (:meth:`refine`), so a new card size
        never holds up a frame."""
        scheme = self.assets.scheme
        return self._sized(self._cards, "card", (card, scheme, self.suit_letters), w, h, quick)

    def back(self, w: int, h: int) -> pygame.Surface:
        return self._sized(self._misc, "back", "back", w, h, False)

    def _shaded(self, surf: pygame.Surface) -> pygame.Surface:
        """A card as the theme shows it: dimmed for night play (alpha kept)."""
        shade = self.theme.card_shade
        if shade >= 255:
            return surf
        surf = surf.copy()
        surf.fill((shade, shade, shade), special_flags=pygame.BLEND_RGB_MULT)
        return surf

    def marker(self, kind: str, w: int, h: int, quick: bool = False) -> pygame.Surface:
        """The outline of an empty pile (``quick`` as for :meth:`card`)."""
        return self._sized(self._misc, "marker", kind, w, h, quick)

    def _sized(self, cache: SizedArt[pygame.Surface], kind: str, key: Any, w: int, h: int,
               quick: bool) -> pygame.Surface:
        surf = cache.get(kind, (w, h), key)
        if surf is None:
            near = self._nearest(cache, kind, key) if quick else None
            if near is not None:
                surf = pygame.transform.smoothscale(near, (w, h))
                self._rough[kind, key, w, h] = None
            else:
                surf = self._crisp(kind, key, w, h)
            cache.put(kind, (w, h), key, surf)
        return surf

    def _crisp(self, kind: str, key: Any, w: int, h: int) -> pygame.Surface:
        """Art of ``kind`` drawn at its size (and shaded as the theme shows cards)."""
        if kind == "card":
            surf = self.assets.card(key[0], w, h)
            if key[2]:
                surf = self._lettered(surf, key[0])
        elif kind == "marker":
            surf = self._marker(self.assets.marker(key, w, h))
        else:
            surf = self.assets.back(w, h, self.theme.back)
        if surf.get_size() != (w, h):
            surf = pygame.transform.smoothscale(surf, (w, h))
        return self._shaded(surf)

    def _marker(self, art: pygame.Surface) -> pygame.Surface:
        """An empty pile's marker as the theme shows it: as drawn, or (high contrast) laid over
        itself until its faint outline and mark are bright, and edged with the theme's slot line."""
        layers = self.theme.marker_layers
        if layers <= 1:
            return art
        surf = art.copy()
        for _layer in range(layers - 1):
            surf.blit(art, (0, 0))
        w = surf.get_width()
        pygame.draw.rect(surf, self.theme.slot_line, surf.get_rect(), width=self.theme.line(max(2, w // 60)),
                         border_radius=max(4, w * 14 // 245))
        return surf

    def peek_card(self, card: Card, w: int, h: int) -> pygame.Surface:
        """The face of ``card`` enlarged for a peek, crisp; kept with the shapes (a few, by
        bytes), so a peek's size never takes the place of the table's card sizes."""
        key = ("peek", card, self.assets.scheme, self.suit_letters, w, h)
        surf = self._shapes.get(key)
        if surf is None:
            face = self.assets.card_once(card, w, h)
            surf = self._shapes.put(key, self._shaded(self._lettered(face, card) if self.suit_letters else face))
        return surf

    def _lettered(self, face: pygame.Surface, card: Card) -> pygame.Surface:
        """``face`` with its suit's letter in the top corner across from the index (the part
        of a card a column's fan leaves in sight), in the suit's ink."""
        w, h = face.get_size()
        inks = self.assets.inks or ART_INKS
        colour = inks[card.suit] if self.assets.inks or not self.assets.four_colour else FOUR_COLOUR_INKS[card.suit]
        letter = self.text(suit_letter(card.suit), max(6, round(h * 0.12)), colour, bold=True)
        face = face.copy()
        place = letter.get_rect(topright=(round(w * 0.93), round(h * 0.03)))
        # on the card's own face colour, so it reads over a court card's frame too
        pygame.draw.rect(face, CARD_STOCK, place.inflate(max(2, w // 40), 0), border_radius=max(1, w // 40))
        face.blit(letter, place)
        return face

    def _nearest(self, cache: SizedArt[pygame.Surface], kind: str, key: Any) -> pygame.Surface | None:
        """The ``key`` of ``kind`` kept to scale from: the largest crisp one, else (moves
        made faster than the crisp art is drawn) the largest scaled one; None: none kept."""
        # a kept size is Hashable to the cache, here always a (w, h) pair, which * unpacks
        found = [((kind, key, *size) not in self._rough, surf.get_width(), surf)  # type: ignore[misc]
                 for size, surf in cache.find(kind, key)]
        return max(found, key=lambda item: item[:2])[2] if found else None

    @property
    def refining(self) -> bool:
        """Whether art drawn ``quick`` still waits to be drawn crisp."""
        return bool(self._rough)

    def refine(self, budget_s: float) -> bool:
        """Draw crisp the art shown scaled, for about ``budget_s`` seconds; True when the
        last is done (the caller then repaints what it cached)."""
        if not self._rough:
            return False
        start = time.perf_counter()
        while self._rough and time.perf_counter() - start < budget_s:
            (kind, key, w, h), _ = self._rough.popitem(last=False)
            cache = self._cards if kind == "card" else self._misc
            if (w, h) in cache.sizes(kind):  # (a size no longer kept is skipped)
                cache.replace(kind, (w, h), key, self._crisp(kind, key, w, h))
        return not self._rough

    def icon(self, name: str, size: int) -> pygame.Surface:
        """A toolbar icon in the theme's text colour (the art is white line drawings)."""
        surf = self._misc.get("icon", size, name)
        if surf is None:
            surf = self.assets.icon(name, size)
            if surf.get_size() != (size, size):
                surf = pygame.transform.smoothscale(surf, (size, size))
            surf = surf.copy()
            surf.fill((*self.theme.text, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._misc.put("icon", size, name, surf)
        return surf

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        return _display_surface(size)

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table cloth at ``size`` (:func:`seahaven.app.looks.cloth.felt`), kept for the window's size."""
        surf = self._felt.get("felt", size, "felt")
        if surf is None:
            surf = cloth.felt(self.theme, size)
            self._felt.put("felt", size, "felt", surf)
        return surf

    def shadow(self, w: int, h: int) -> tuple[pygame.Surface, int]:
        """A soft shadow for a lifted card, and how far it spreads beyond the card."""
        spread = max(3, w // 14)
        key = ("shadow", w, h)
        surf = self._shapes.get(key)
        if surf is None:
            sw, sh = w + 2 * spread, h + 2 * spread
            small = pygame.Surface((max(4, sw // 6), max(4, sh // 6)), pygame.SRCALPHA)
            inset = max(1, spread // 6)
            pygame.draw.rect(small, (*self.theme.shadow, 120), small.get_rect().inflate(-2 * inset, -2 * inset),
                             border_radius=max(1, small.get_width() // 8))
            surf = pygame.transform.smoothscale(small, (sw, sh))
            surf = pygame.transform.smoothscale(pygame.transform.smoothscale(surf, (sw // 3, sh // 3)), (sw, sh))
            self._shapes.put(key, surf)
        return surf, spread

    def outline(self, w: int, h: int, colour: Colour, width: int, radius: int,
                glow: bool = True, fill: int = 0) -> pygame.Surface:
        """A rounded outline (with a soft glow) drawn around a card-sized box; ``fill`` > 0
        also tints the inside with the colour at that opacity (0-255)."""
        key = ("outline", w, h, colour, width, radius, glow, fill)
        surf = self._shapes.get(key)
        if surf is None:
            pad = width * 2
            surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            if fill:
                pygame.draw.rect(surf, (*colour, fill), (pad, pad, w, h), border_radius=radius)
            if glow:
                for i in range(pad, 0, -1):
                    a = round(70 * (1 - i / (pad + 1)))
                    pygame.draw.rect(surf, (*colour, a), (pad - i, pad - i, w + 2 * i, h + 2 * i),
                                     width=2, border_radius=radius + i)
            pygame.draw.rect(surf, (*colour, 255), (pad - width // 2, pad - width // 2, w + width, h + width),
                             width=width, border_radius=radius + width // 2)
            self._shapes.put(key, surf)
        return surf

    def arrow(self, dx: int, dy: int, colour: Colour, width: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """An arrow from a point to one ``dx``, ``dy`` pixels away, ``width`` thick, with a
        dark edge that keeps it plain on felt and on cards; and where its start lies in the
        surface (blit the surface at the start point minus that)."""
        key = ("arrow", dx, dy, colour, width)
        edge = max(1, width // 3)
        head = width * 3
        pad = head + edge + 2
        surf = self._shapes.get(key)
        if surf is None:
            w, h = abs(dx) + 2 * pad, abs(dy) + 2 * pad
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            start = (pad if dx >= 0 else w - pad, pad if dy >= 0 else h - pad)
            end = (start[0] + dx, start[1] + dy)
            length = max(1.0, (dx * dx + dy * dy) ** 0.5)
            ux, uy = dx / length, dy / length
            base = (end[0] - ux * head, end[1] - uy * head)
            wing = (-uy * head * 0.6, ux * head * 0.6)
            tip = [end, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
            shade = (*self.theme.shadow, 170)
            pygame.draw.line(surf, shade, start, base, width + 2 * edge)
            pygame.draw.polygon(surf, shade, tip, 0)
            pygame.draw.polygon(surf, shade, tip, 2 * edge)
            pygame.draw.line(surf, (*colour, 255), start, base, width)
            pygame.draw.circle(surf, (*colour, 255), start, width)
            pygame.draw.polygon(surf, (*colour, 255), tip, 0)
            self._shapes.put(key, surf)
        return surf, (pad if dx >= 0 else surf.get_width() - pad, pad if dy >= 0 else surf.get_height() - pad)

    def panel(self, w: int, h: int, radius: int) -> pygame.Surface:
        key = ("panel", w, h, radius)
        surf = self._shapes.get(key)
        if surf is None:
            spread = max(6, min(w, h) // 30)
            surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            small = pygame.Surface((max(4, (w + 2 * spread) // 8), max(4, (h + 2 * spread) // 8)), pygame.SRCALPHA)
            pygame.draw.rect(small, (*self.theme.shadow, 140), small.get_rect().inflate(-2, -2), border_radius=2)
            surf.blit(pygame.transform.smoothscale(small, surf.get_size()), (0, spread // 2))
            pygame.draw.rect(surf, self.theme.panel, (spread, spread, w, h), border_radius=radius)
            self._shapes.put(key, surf)
        return surf


def button_face(painter: Painter, box: Box, label: str, *, hover: bool = False, pressed: bool = False,
                enabled: bool = True, primary: bool = False, focus: bool = False, dark: bool = False,
                solid: bool = False, icon: str | None = None, font_px: int | None = None) -> pygame.Surface:
    """A rounded button: icon and/or word, its states shown by colour. Three looks: on a
    light panel (the windows), ``dark`` on the felt's bands (the toolbar), and ``dark`` and
    ``solid`` on the full-window screens (``primary`` there is a chosen option)."""
    theme = painter.theme
    w, h = box.w, box.h
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, h // 4)
    if dark and solid:
        base = (*(theme.button_on if primary else theme.button_hover if hover or pressed else theme.button), 255)
        fg = theme.button_text if enabled else theme.button_text_off
    elif dark:
        base = (*theme.wash, 0)
        if hover or focus:
            base = (*theme.wash, 34)
        if pressed:
            base = (*theme.wash, 60)
        fg = theme.text if enabled else theme.button_text_off
    elif primary:
        base = (*(theme.accent_hover if hover else theme.accent), 255)
        fg = theme.accent_text
    else:
        base = (*(theme.panel_button_hover if hover else theme.panel_button), 255)
        fg = theme.panel_text if enabled else theme.panel_button_off
    if pressed and not dark:
        base = (max(0, base[0] - 20), max(0, base[1] - 20), max(0, base[2] - 20), base[3])
    pygame.draw.rect(surf, base, (0, 0, w, h), border_radius=radius)
    edge = theme.line(max(1, h // 24))
    if dark and solid and primary:
        pygame.draw.rect(surf, theme.button_on_edge, (0, 0, w, h), width=edge, border_radius=radius)
    if focus:
        ring = theme.line(max(2, h // 16))
        pygame.draw.rect(surf, (*theme.focus, 255), (0, 0, w, h), width=ring, border_radius=radius)
    bold = solid or not dark
    size = label_px(painter, box, label, font_px, bold=bold, icon=bool(icon))
    words = painter.text(label, size, fg, bold=bold) if label and size else None
    icon_surf = None
    if icon:
        isize = round(h * 0.58)
        icon_surf = painter.icon(icon, isize).copy()
        if not enabled:
            icon_surf.set_alpha(90)
    gap = round(h * 0.14)
    total = (icon_surf.get_width() if icon_surf else 0) + (words.get_width() if words else 0)
    total += gap if icon_surf and words else 0
    x = (w - total) // 2
    if icon_surf:
        surf.blit(icon_surf, (x, (h - icon_surf.get_height()) // 2))
        x += icon_surf.get_width() + gap
    if words:
        if not enabled and dark:
            words = words.copy()
            words.set_alpha(110)
        surf.blit(words, (x, (h - words.get_height()) // 2))
    return surf



def band_shade(theme: Theme, size: tuple[int, int], line_at_top: bool) -> pygame.Surface:
    """The toolbar's or status line's dark translucent band, laid over the felt, with its
    line on the side that faces the table."""
    w, h = size
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((*theme.band, 200))
    y = 0 if line_at_top else h - 1
    pygame.draw.line(shade, (*theme.band_line, 160), (0, y), (w, y), theme.line(1))
    return shade


def label_room(box: Box, icon: bool = False) -> int:
    """How wide a button's words may be: its width less its margins (and its icon with
    the gap beside it), as :func:`button_face` places them."""
    h = box.h
    return box.w - 2 * max(2, h // 6) - ((round(h * 0.58) + round(h * 0.14)) if icon else 0)


def label_fits(painter: Painter, box: Box, label: str, px: int, *, bold: bool, icon: bool = False) -> bool:
    """Whether ``label`` at ``px`` fits its button (see :func:`label_room`), measured as
    drawn (the painter keeps the words it wrote, so a frame measures nothing twice)."""
    return painter.text(label, px, bold=bold).get_width() <= label_room(box, icon)


def default_label_px(box: Box) -> int:
    """The size of a button's words when its caller names none: 40% of its height."""
    return max(11, round(box.h * 0.40))


def smallest_label_px(box: Box) -> int:
    """The least size a button's words are drawn at (30% of its height, never under 9)."""
    return max(9, round(box.h * 0.30))


def label_px(painter: Painter, box: Box, label: str, font_px: int | None, *, bold: bool, icon: bool = False) -> int:
    """The size :func:`button_face` draws ``label`` at: ``font_px`` (or the default); only a
    word too long for a button that nobody fitted (:func:`row_px` fits a row) is made
    smaller, down to :func:`smallest_label_px`, and beside an icon it is left out (0)
    rather than cut."""
    size = font_px or default_label_px(box)
    if not label:
        return size
    least = smallest_label_px(box)
    while not label_fits(painter, box, label, size, bold=bold, icon=icon):
        if size <= least:
            return 0 if icon else size
        size -= 1
    return size


def row_px(painter: Painter, buttons: list[tuple[Box, str]], px: int, *, bold: bool, icon: bool = False) -> int:
    """One size for the words of a row of buttons: ``px`` when every word fits its button
    at it, else the largest smaller size at which every one does (down to the least any of
    them may take), so the buttons of a row are treated alike instead of one shrinking
    alone. When some word does not fit even then: 0 beside icons (every button shows its
    icon alone), else that least size (the layout should have given the row room)."""
    labelled = [(box, label) for box, label in buttons if label]
    if not labelled:
        return px
    least = max(smallest_label_px(box) for box, _label in labelled)
    size = px
    while size >= min(least, px):
        if all(label_fits(painter, box, label, size, bold=bold, icon=icon) for box, label in labelled):
            return size
        size -= 1
    return 0 if icon else min(least, px)


def shared_label_px(painter: Painter, buttons: list[tuple[Box, str]]) -> int:
    """One font size for the words of a row of icon buttons (the toolbar): the largest at
    which every word fits beside its icon, so that every button is treated alike; 0 when
    some word does not fit even at the smallest size (then every button shows its icon
    alone, and its tooltip says what it does)."""
    if not buttons:
        return 0
    h = min(box.h for box, _label in buttons)
    return row_px(painter, buttons, max(11, round(h * 0.40)), bold=False, icon=True)
