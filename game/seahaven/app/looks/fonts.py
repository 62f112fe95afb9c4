"""The faces the words are drawn in: Noto Sans, and for Japanese and Chinese the game's own
subsets of Noto Sans CJK (``tools/subset_cjk.py``), so a machine with no CJK font installed
shows them. A distribution build takes the system's copies first, through fontconfig
(``seahaven.resources.system_fonts``), the game's own being the fallback.

A Japanese or Chinese screen is drawn wholly in its CJK face (which carries the Latin letters,
digits and punctuation those catalogs use); in every other language a text with a CJK
character in it (the Settings list names 日本語 and 简体中文 in their own script) is handed
to a CJK face whole, so no glyph is ever missing.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from seahaven.i18n import language
from seahaven.resources import resource_path, system_fonts

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
    """A character of the CJK scripts or their punctuation (which Noto Sans does not have)."""
    code = ord(char)
    return code >= 0x2E80 and not 0xFE00 <= code <= 0xFE0F


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


class TextFont(pygame.font.Font):
    """A face at one size that draws a text it has no glyph for in a CJK face instead
    (``fallback(text)`` gives that face's font at the same size)."""

    def __init__(self, path: Path | None, size: int, fallback: Callable[[str], pygame.font.Font] | None = None) -> None:
        super().__init__(str(path) if path is not None else None, size)
        self.fallback = fallback

    def _other(self, text: Any) -> pygame.font.Font | None:
        if self.fallback is None or not isinstance(text, str) or not any(map(is_cjk, text)):
            return None
        return self.fallback(text)

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        other = self._other(text)
        if other is not None:
            return other.render(text, antialias, color, bgcolor, wraplength)
        return super().render(text, antialias, color, bgcolor, wraplength)

    def size(self, text: Any) -> tuple[int, int]:
        other = self._other(text)
        return other.size(text) if other is not None else super().size(text)


def load(size: int, bold: bool, fonts: Callable[[str, int, bool], pygame.font.Font]) -> TextFont:
    """The font the current language draws in at ``size``; ``fonts(face, size, bold)`` is the
    cache that gives any face (the CJK fallback comes from it too)."""
    face = face_of_language()
    fallback = None if face != LATIN else (lambda text: fonts(cjk_face(text), size, bold))
    path = font_path(face, bold)
    # a distribution that removed the game's copies of fonts it lacks: pygame's own face, never a failure
    return TextFont(path if path.is_file() else None, size, fallback)
