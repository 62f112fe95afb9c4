"""File names as a player reads them (issue 36).

A name on disk is bytes; Python hands it over as text in which a byte that is not UTF-8 is a
lone surrogate (``\\udce9``: PEP 383), so the name goes back to the same bytes for every file
operation. Such text cannot be drawn, spoken or written as UTF-8, and a name may also hold
control characters (a line break, an escape) or the invisible marks that turn text right to
left (``\\u202e``: "cod.exe" shown as "exe.doc"). :func:`shown` is the one form the player sees:
each of those becomes U+FFFD (the replacement character), so nothing is hidden and nothing
fails; the name itself is kept as it was for opening and saving. :func:`drawable` is the
lighter form for any text at the edges of the program (the painter, the accessibility tree):
only the lone surrogates go. :func:`elide` shortens a long path to the width it has.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

REPLACEMENT = "\ufffd"
"""What stands for a byte that is not UTF-8, a control character or a direction mark."""
ELLIPSIS = "\u2026"

DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The invisible marks that change the direction of the text after them (Unicode's bidi
controls): in a name they can make one name pass for another, so they are shown."""


def _is_surrogate(char: str) -> bool:
    return "\ud800" <= char <= "\udfff"


def drawable(text: str) -> str:
    """``text`` with each byte that was not UTF-8 (a lone surrogate) as U+FFFD: safe to draw,
    to speak and to write as UTF-8. Text without one is returned as it is (no copy)."""
    if not any(map(_is_surrogate, text)):
        return text
    raw = bytearray()
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte the file system's decoding kept (PEP 383)
            raw.append(code - 0xDC00)
        elif 0xD800 <= code <= 0xDFFF:  # half of a UTF-16 pair (a Windows name)
            raw += REPLACEMENT.encode()
        else:
            raw += char.encode()
    return raw.decode("utf-8", "replace")


def _hidden(char: str) -> bool:
    """A character a name shows as U+FFFD: a control character or a direction mark."""
    return char in DIRECTION_MARKS or char < "\x20" or "\x7f" <= char <= "\x9f"  # (Unicode's Cc)


def shown(name: str | PurePath) -> str:
    """A file name or path as the player reads it: bytes that are not UTF-8, control
    characters and direction marks each as U+FFFD (see the module's note)."""
    text = drawable(str(name))
    if not any(map(_hidden, text)):
        return text
    return "".join(REPLACEMENT if _hidden(char) else char for char in text)


def elide(text: str, fits: Callable[[str], bool], keep_end: bool = True) -> str:
    """``text`` whole if it ``fits``, else as much of it as fits with an ellipsis where the rest
    was: its end kept (``keep_end``: a path's last folders say where it is) or its start.
    A binary search: some twenty measurements, however long the text."""
    if fits(text):
        return text
    low, high = 0, len(text)  # the most characters kept that fit: low fits (0 always does, or nothing does)
    while low < high:
        middle = (low + high + 1) // 2
        part = ELLIPSIS + text[len(text) - middle:] if keep_end else text[:middle] + ELLIPSIS
        if fits(part):
            low = middle
        else:
            high = middle - 1
    return ELLIPSIS + text[len(text) - low:] if keep_end else text[:low] + ELLIPSIS
