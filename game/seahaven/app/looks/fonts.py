"""The faces the words are drawn in: Noto Sans, and for Japanese and Chinese the game's own
subsets of Noto Sans CJK (``tools/subset_cjk.py``), so a machine with no CJK font installed
shows them. A distribution build takes the system's copies first, through fontconfig
(``seahaven.resources.system_fonts``), the game's own being the fallback.

A Japanese or Chinese screen is drawn wholly in its CJK face (which carries the Latin letters,
digits and punctuation those catalogs use); in every other language a text with a CJK
character in it (the Settings list names 日本語 and 简体中文 in their own script) is handed
to a CJK face whole, so no glyph is ever missing.

Every text is drawn through :func:`~seahaven.app.text.file_names.drawable`: a file name that
is not UTF-8 (its bytes kept as lone surrogates, PEP 383) is drawn with U+FFFD where such a
byte is, never a failure to encode it (issue 36). A character a face has no glyph for (U+FFFD
in a CJK face, a file name's accented letter or a kanji outside the subsets) is drawn in a face
that has one: Noto Sans, else a face of the system's.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype

from seahaven.app.text.file_names import REPLACEMENT, drawable
from seahaven.i18n import language
from seahaven.resources import data_exists, open_data, resource_path, system_fonts

FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
"""Noto Sans, regular and bold."""
CJK_FONT_FILES = {("ja", False): "NotoSansCJKjp-Subset-Regular.otf", ("ja", True): "NotoSansCJKjp-Subset-Bold.otf",
                  ("zh_CN", False): "NotoSansCJKsc-Subset-Regular.otf",
                  ("zh_CN", True): "NotoSansCJKsc-Subset-Bold.otf"}
"""(language, bold) -> its subset of Noto Sans CJK: Japanese in the JP face, Chinese in the
SC face (the two draw some of the same characters differently)."""
LATIN = "latin"
"""The face of every language but Japanese and Chinese: Noto Sans."""


def is_cjk(char: str) -> bool:
    """A character of the CJK scripts or their punctuation (which Noto Sans does not have);
    not U+FFFD, which Noto Sans draws."""
    code = ord(char)
    return code >= 0x2E80 and not 0xFE00 <= code <= 0xFE0F and char != REPLACEMENT


def is_mark(char: str) -> bool:
    """A combining mark (an accent drawn on the letter before it), in the blocks names use."""
    code = ord(char)
    return (0x300 <= code <= 0x36F or 0x1AB0 <= code <= 0x1AFF or 0x1DC0 <= code <= 0x1DFF or 0x20D0 <= code <= 0x20FF
            or 0xFE20 <= code <= 0xFE2F or 0x3099 <= code <= 0x309A)


def has_kana(text: str) -> bool:
    return any(0x3040 <= ord(char) <= 0x30FF for char in text)


def face_of_language(code: str | None = None) -> str:
    """The face a language's screens are drawn in: "ja", "zh_CN" or :data:`LATIN`."""
    code = language() if code is None else code
    return code if code in ("ja", "zh_CN") else LATIN


def cjk_face(text: str) -> str:
    """The CJK face for ``text`` drawn in another language's screen: the screen's own if it
    has one, else Japanese for a text with kana, else Chinese."""
    own = face_of_language()
    if own != LATIN:
        return own
    return "ja" if has_kana(text) else "zh_CN"


SYSTEM_FAMILIES = {LATIN: "Noto Sans", "ja": "Noto Sans CJK JP", "zh_CN": "Noto Sans CJK SC"}
"""Face -> the fontconfig family a distribution ships it as (Debian's fonts-noto-core and
fonts-noto-cjk, Fedora's google-noto-sans-fonts...)."""


def font_path(face: str, bold: bool) -> Path:
    """The file of ``face``: the system's own copy where the build asks for it and fontconfig
    has it (:func:`system_font`), else the game's (``fonts/``)."""
    if system_fonts() and (found := system_font(face, bold)) is not None:
        return found
    if face == LATIN:
        return resource_path("fonts", FONT_FILES[bold])
    return resource_path("fonts", CJK_FONT_FILES[(face, bold)])


@functools.cache
def system_font(face: str, bold: bool) -> Path | None:
    """fontconfig's file of the face's family at that weight (``fc-match``), or None: no
    fontconfig, no such family (fontconfig then offers another, which is refused), the other
    weight only, or a font collection (``.ttc``: pygame opens only its first face, which is
    not the Chinese one)."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return None
    family = SYSTEM_FAMILIES[face]
    try:
        found = subprocess.run([fc_match, "--format=%{family}\n%{style}\n%{file}",
                                f"{family}:weight={'bold' if bold else 'regular'}"],
                               capture_output=True, text=True, timeout=10).stdout.split("\n")
    except (OSError, subprocess.SubprocessError):
        return None
    if len(found) < 3:
        return None
    families, styles, file = found[0].split(","), found[1].split(","), Path(found[2])
    if family not in families or ("Bold" in styles) != bold or file.suffix.lower() not in (".ttf", ".otf"):
        return None
    return file if file.is_file() else None


class Coverage:
    """Which characters a font file has a glyph for (FreeType's answer, asked once per
    character): SDL_ttf draws a missing one as a box and does not say it is missing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._face: pygame.freetype.Font | None = None
        self._known: dict[str, bool] = {}

    def __contains__(self, char: str) -> bool:
        known = self._known.get(char)
        if known is None:
            try:
                if self._face is None:
                    pygame.freetype.init()
                    self._face = pygame.freetype.Font(open_data(self.path), 12)
                known = self._face.get_metrics(char)[0] is not None
            except (pygame.error, OSError, ValueError, IndexError):
                known = True  # unknown: drawn as it is, as before
            self._known[char] = known
        return known


class EveryGlyph:
    """A face taken to have a glyph for every character."""

    def __contains__(self, char: object) -> bool:
        return True


EVERY_GLYPH = EveryGlyph()

_COVERAGE: dict[str, Coverage] = {}
"""Each font file's glyphs, by its path as text (a Path hashes slowly)."""


def coverage(path: Path) -> Coverage:
    key = str(path)
    found = _COVERAGE.get(key)
    if found is None:
        found = _COVERAGE[key] = Coverage(path)
    return found


_DRAWN_BY: dict[tuple[bool, bool, str], str | None] = {}
"""(from a CJK face, bold, character) -> the file of the face that draws a character its own
face has no glyph for (None: no face has it), found once for every size and every font."""


CJK_SYSTEM_FACES = ("notosanscjkjp", "notosanscjksc", "notosanscjktc", "notosanscjkkr", "sourcehansans",
                    "droidsansfallback", "wenquanyimicrohei", "wenquanyizenhei", "microsoftyahei", "yugothic",
                    "msgothic", "malgungothic", "hiraginosans", "applesdgothicneo")
OTHER_SYSTEM_FACES = ("notosanshebrew", "notosansarabic", "notosansthai", "notosansdevanagari", "notosansbengali",
                      "notosansarmenian", "notosansgeorgian", "notosansethiopic", "notosanssymbols", "notosanssymbols2",
                      "notomusic", "dejavusans", "freesans", "arialunicodems", "segoeui", "segoeuisymbol",
                      "applesymbols", "arial", "unifont")
"""System faces a character no bundled face has is looked for in (a file name in a script the
catalogs do not write, a kanji outside the CJK subsets, a symbol), those the system has: for a
CJK character the CJK faces first, for any other the others first (a big CJK face is slow to
ask about a glyph it does not have)."""
_SYSTEM: dict[tuple[bool, bool], list[Path]] = {}
_SYSTEM_LOCK = threading.Lock()


def system_faces(bold: bool, cjk: bool = False) -> list[Path]:
    """The files of the system faces the system has, once each, in the order to try them for a
    CJK character (``cjk``) or another (looked up once: the system's list of fonts is read the
    first time a glyph is missing, or by :func:`warm_system_faces`)."""
    with _SYSTEM_LOCK:
        if (bold, cjk) not in _SYSTEM:
            found: list[Path] = []
            for name in (*CJK_SYSTEM_FACES, *OTHER_SYSTEM_FACES) if cjk else (*OTHER_SYSTEM_FACES,
                                                                             *CJK_SYSTEM_FACES):
                try:
                    path = pygame.font.match_font(name, bold=bold)
                except Exception:  # no font list on this system: nothing more to draw with
                    break
                if path and Path(path) not in found:
                    found.append(Path(path))
            _SYSTEM[(bold, cjk)] = found
        return _SYSTEM[(bold, cjk)]


def warm_system_faces() -> None:
    """Read the system's list of fonts on a worker thread (some 50 ms: ``fc-list`` on Linux)
    before a name in a script of its own needs it (the file chooser calls this as it opens),
    so that no frame waits for it."""
    if len(_SYSTEM) < 4 and not _SYSTEM_LOCK.locked():
        threading.Thread(target=lambda: [system_faces(bold, cjk) for bold in (False, True) for cjk in (False, True)],
                         name="seahaven-fonts", daemon=True).start()


class TextFont(pygame.font.Font):
    """A face at one size. A text with a CJK character goes to a CJK face whole
    (``fallback(text)`` gives that face's font at the same size); a character the face has no
    glyph for (a file name's: an accented letter in a CJK face, a kanji outside the subset,
    Hebrew...) is drawn in a face that has one (Noto Sans, then a system face), side by side
    on one baseline, so no name shows a box where a letter is (issue 36)."""

    def __init__(self, path: Path | None, size: int, fallback: Callable[[str], pygame.font.Font] | None = None,
                 plain: bool = False) -> None:
        super().__init__(open_data(path) if path is not None else None, size)
        self.fallback = fallback
        self.glyphs = coverage(path) if path is not None else EVERY_GLYPH
        """Which characters the face draws (pygame's own face, where a distribution removed the
        game's fonts: taken to draw all)."""
        self.plain = plain or path is None
        """A face that draws what it has and nothing else (a fallback's, or pygame's own)."""
        name = path.name if path is not None else ""
        self._cjk = name in CJK_FONT_FILES.values()
        self._bold = name == FONT_FILES[True] or name in (CJK_FONT_FILES[(f, True)] for f in ("ja", "zh_CN"))
        self._size = size
        self._others: dict[str, TextFont] = {}

    @staticmethod
    def _drawable(text: Any) -> Any:
        return drawable(text) if isinstance(text, str) else text

    def _other(self, text: Any) -> pygame.font.Font | None:
        if self.fallback is None or not isinstance(text, str) or not any(map(is_cjk, text)):
            return None
        return self.fallback(text)

    def _fallback_for(self, char: str) -> TextFont:
        """The face that draws ``char``, which this one has no glyph for: Noto Sans (from a CJK
        face), else the first system face that has it (each opened when first needed), else
        this one (a box: nothing has it)."""
        key = (self._cjk, self._bold, char)
        if key not in _DRAWN_BY:
            paths = ([font_path(LATIN, self._bold)] if self._cjk else []) + system_faces(self._bold, is_cjk(char))
            _DRAWN_BY[key] = next((str(path) for path in paths if char in coverage(path)), None)
        found = _DRAWN_BY[key]
        if found is None:
            return self
        font = self._others.get(found)
        if font is None:
            try:
                font = self._others[found] = TextFont(Path(found), self._size, plain=True)
            except (pygame.error, OSError):
                _DRAWN_BY[key] = None
                return self
        return font

    def runs(self, text: str) -> list[tuple[TextFont, str]]:
        """``text`` in pieces, each with the face that draws it (one piece, this face, when it
        has every glyph: nearly always)."""
        glyphs = self.glyphs
        if self.plain or all(char in glyphs for char in text):
            return [(self, text)]
        out: list[tuple[TextFont, str]] = []
        for char in text:
            font = self
            if out and is_mark(char) and char in out[-1][0].glyphs:
                font = out[-1][0]  # a mark stays with the letter it sits on
            elif char not in glyphs and not char.isspace():
                font = self._fallback_for(char)
                if out and is_mark(char) and out[-1][1][-1:] in font.glyphs:  # the letter goes with its mark
                    before, letter = out[-1][0], out[-1][1][-1]
                    out[-1] = (before, out[-1][1][:-1])
                    if not out[-1][1]:
                        out.pop()
                    char = letter + char
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + char)
            else:
                out.append((font, char))
        return out

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        text = self._drawable(text)
        other = self._other(text)
        if other is not None:
            return other.render(text, antialias, color, bgcolor, wraplength)
        runs = self.runs(text) if isinstance(text, str) and not wraplength else [(self, text)]
        if len(runs) == 1 and runs[0][0] is self:
            return super().render(text, antialias, color, bgcolor, wraplength)
        pieces = [(font, pygame.font.Font.render(font, part, antialias, color, bgcolor)) for font, part in runs]
        ascent = max(font.get_ascent() for font, _ in pieces)
        height = max(ascent - font.get_ascent() + piece.get_height() for font, piece in pieces)
        surface = pygame.Surface((sum(piece.get_width() for _, piece in pieces), height), pygame.SRCALPHA)
        if bgcolor is not None:
            surface.fill(bgcolor)
        x = 0
        for font, piece in pieces:  # on one baseline
            surface.blit(piece, (x, ascent - font.get_ascent()))
            x += piece.get_width()
        return surface

    def size(self, text: Any) -> tuple[int, int]:
        text = self._drawable(text)
        other = self._other(text)
        if other is not None:
            return other.size(text)
        runs = self.runs(text) if isinstance(text, str) else [(self, text)]
        if len(runs) == 1 and runs[0][0] is self:
            return super().size(text)
        sizes = [pygame.font.Font.size(font, part) for font, part in runs]
        return sum(w for w, _ in sizes), max(h for _, h in sizes)


def load(size: int, bold: bool, fonts: Callable[[str, int, bool], pygame.font.Font]) -> TextFont:
    """The font the current language draws in at ``size``; ``fonts(face, size, bold)`` is the
    cache that gives any face (the CJK fallback comes from it too)."""
    face = face_of_language()
    fallback = None if face != LATIN else (lambda text: fonts(cjk_face(text), size, bold))
    path = font_path(face, bold)
    # a distribution that removed the game's copies of fonts it lacks: pygame's own face, never a failure
    return TextFont(path if data_exists(path) else None, size, fallback)
