"""The faces the words are drawn in: Noto Sans, and for Japanese and Chinese the game's own
subsets of Noto Sans CJK (``tools/subset_cjk.py``), so a machine with no CJK font installed
shows them.

A Japanese or Chinese screen is drawn wholly in its CJK face (which carries the Latin letters,
digits and punctuation those catalogs use); in every other language a text with a CJK
character in it (the Settings list names 日本語 and 简体中文 in their own script) is handed
to a CJK face whole, so no glyph is ever missing.

Every text is drawn through :func:`~seahaven.app.text.file_names.drawable`: a file name that
is not UTF-8 (its bytes kept as lone surrogates, PEP 383) is drawn with U+FFFD where such a
byte is, never a failure to encode it (issue 36).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from seahaven.app.text.file_names import REPLACEMENT, drawable
from seahaven.i18n import language
from seahaven.resources import resource_path

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


def font_path(face: str, bold: bool) -> Path:
    if face == LATIN:
        return resource_path("fonts", FONT_FILES[bold])
    return resource_path("fonts", CJK_FONT_FILES[(face, bold)])


class TextFont(pygame.font.Font):
    """A face at one size that draws a text it has no glyph for in a CJK face instead
    (``fallback(text)`` gives that face's font at the same size)."""

    def __init__(self, path: Path, size: int, fallback: Callable[[str], pygame.font.Font] | None = None) -> None:
        super().__init__(str(path), size)
        self.fallback = fallback

    def _other(self, text: Any) -> pygame.font.Font | None:
        if self.fallback is None or not isinstance(text, str) or not any(map(is_cjk, text)):
            return None
        return self.fallback(text)

    def render(self, text: Any, antialias: Any, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        if isinstance(text, str):
            text = drawable(text)
        other = self._other(text)
        if other is not None:
            return other.render(text, antialias, color, bgcolor, wraplength)
        return super().render(text, antialias, color, bgcolor, wraplength)

    def size(self, text: Any) -> tuple[int, int]:
        if isinstance(text, str):
            text = drawable(text)
        other = self._other(text)
        return other.size(text) if other is not None else super().size(text)


def load(size: int, bold: bool, fonts: Callable[[str, int, bool], pygame.font.Font]) -> TextFont:
    """The font the current language draws in at ``size``; ``fonts(face, size, bold)`` is the
    cache that gives any face (the CJK fallback comes from it too)."""
    face = face_of_language()
    fallback = None if face != LATIN else (lambda text: fonts(cjk_face(text), size, bold))
    return TextFont(font_path(face, bold), size, fallback)
