"""Cut Noto Sans CJK down to the characters the game writes in Japanese and in Simplified
Chinese, into ``fonts/`` (fontTools; not needed to play):

    python tools/subset_cjk.py            # write the four subsets
    python tools/subset_cjk.py --list     # only say how many characters each face gets

The source is Debian's ``fonts-noto-cjk`` (``apt-get install fonts-noto-cjk``):
``/usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc``, from which the Japanese
(JP) and the Simplified Chinese (SC) faces are taken: the two write some of the same
characters differently, so each language gets the glyphs its readers expect. Noto Sans CJK
is under the SIL Open Font License 1.1 (``fonts/LICENSE-NotoSansCJK.txt``), which allows a
subset to be bundled; the subset keeps the font's name (the reserved font name is "Source").

Each face gets every character of its language's catalog (translations and the English they
fall back to), its CLDR dates and numbers (``game/seahaven/cldr_data.py``), every language's own name
(the Settings list shows them all, in any language), printable ASCII, and the punctuation
and symbols any catalog uses, so that a Japanese or Chinese screen drawn wholly in the CJK
face has no missing glyph. Run it again after a catalog changes (tests/test_i18n.py fails on
a character no bundled font has).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SOURCE = Path("/usr/share/fonts/opentype/noto")
FACES = {"ja": "Noto Sans CJK JP", "zh_CN": "Noto Sans CJK SC"}
"""Language -> the face of the collection that writes it."""
OUTPUT = {("ja", False): "NotoSansCJKjp-Subset-Regular.otf", ("ja", True): "NotoSansCJKjp-Subset-Bold.otf",
          ("zh_CN", False): "NotoSansCJKsc-Subset-Regular.otf", ("zh_CN", True): "NotoSansCJKsc-Subset-Bold.otf"}
"""The files in fonts/ (the game's ``seahaven.app.looks.assets.CJK_FONT_FILES``)."""
EXTRA = "\u2014\u2013\u00b7\u2022\u2026\u00d7\u2212\u00a0\u2018\u2019\u201c\u201d\u2190\u2192\u2191\u2193"
"""Punctuation and symbols the game draws outside the catalogs (dashes, dots, arrows)."""


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return code >= 0x2E80 and not 0xFE00 <= code <= 0xFE0F


def catalog_text(language: str) -> str:
    """Every msgid and msgstr of ``language``'s catalog, as one string ("" without one)."""
    path = ROOT / "game" / "seahaven" / "locale" / language / "LC_MESSAGES" / "seahaven.po"
    if not path.exists():
        return ""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    parts: list[str] = []
    for message in catalog:
        for text in (message.id, message.string):
            parts.extend([text] if isinstance(text, str) else list(text or ()))
    return "".join(parts)


def characters(language: str) -> set[str]:
    """What the face of ``language`` must draw."""
    from seahaven.cldr_data import LANGUAGES as CLDR
    from seahaven.i18n import NAMES

    wanted = set(catalog_text(language)) | set(EXTRA) | {chr(c) for c in range(0x20, 0x7F)}
    wanted |= set("".join(NAMES.values()))
    wanted |= set(repr(CLDR.get(language, {})))  # its month names, weekdays, date patterns
    for other in FACES.keys() | set(NAMES):
        if other != language:  # the others' punctuation and symbols, not their letters or characters
            wanted |= {ch for ch in catalog_text(other) if not ch.isalpha() and not _is_cjk(ch) and not ch.isspace()}
    return {ch for ch in wanted if ch.isprintable() or ch in "\u00a0\u202f"}


def face(bold: bool, name: str) -> TTCollection:
    collection = TTCollection(str(SOURCE / f"NotoSansCJK-{'Bold' if bold else 'Regular'}.ttc"))
    for font in collection.fonts:
        if font["name"].getDebugName(1) == name:
            return font
    raise SystemExit(f"{name} is not in the collection: apt-get install fonts-noto-cjk")


def main(argv: list[str]) -> int:
    for (language, bold), filename in OUTPUT.items():
        wanted = characters(language)
        if "--list" in argv:
            print(f"{filename}: {len(wanted)} characters")
            continue
        font = face(bold, FACES[language])
        options = subset.Options()
        options.layout_features = ["*"]  # vertical forms and kana kerning stay
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.hinting = False  # CFF hints are not used by SDL_ttf at these sizes
        options.desubroutinize = True
        cmap = font.getBestCmap()
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[ord(ch) for ch in wanted if ord(ch) in cmap])
        subsetter.subset(font)
        target = ROOT / "fonts" / filename
        font.recalcTimestamp = False  # the source's date, not today's: the same catalog cuts the same bytes
        font.save(str(target))
        missing = sorted(ch for ch in wanted if ord(ch) not in cmap)
        print(f"wrote fonts/{filename}: {len(wanted) - len(missing)} characters, {target.stat().st_size:,} bytes"
              + (f"; not in the face: {''.join(missing)!r}" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
