"""The command line's help and its quoted values as each language writes them.

argparse lays its help out for English: it writes ``HEADING:`` with its own colon (French
wants ``HEADING :`` with a no-break space, Japanese and Chinese the full-width ``：``), it
measures text with ``len()`` (a Japanese or Chinese character takes two columns of a
terminal: Unicode's East Asian Width), and it wraps only at spaces (Japanese and Chinese
have none). :class:`HelpFormatter` mends the three through argparse's documented way of
changing its layout (``formatter_class``):

- each heading is written through the catalog's ``%(heading)s:`` (the message Python 3.13's
  argparse itself translates);
- every text that argparse measures (metavars, the ``usage:`` prefix, help and
  descriptions) has a marker after each wide character while argparse lays it out, so that
  ``len()`` counts columns; the markers are removed from the finished help;
- a text with wide characters wraps between them too, never leaving a closing bracket or a
  full stop at the start of a line, an opening bracket at its end, a number apart from its
  counter (the rules of the game's own word wrap, for a terminal's columns), or a short
  quotation ("“seahaven 文件”", a command line) in two.

:func:`quoted` puts a value the user typed between the language's quotation marks.
Standard library only (the parser is built before anything else is imported).
"""

from __future__ import annotations

import argparse
import bisect
import re
from collections.abc import Callable, Iterable

from seahaven.i18n import _, pgettext

_MARK = "\x00"
"""Follows each wide character while argparse measures: one more column for ``len()``."""
_HEADING = "\x01"
"""Stands for a section's heading while argparse writes it (then replaced by ours)."""

_NO_BREAK_BEFORE = frozenset("。、，．・：；！？）」』】〕〉》｝］”’〟ー々〻ゝゞヽヾ…‥,.:;!?)]}%"
                             "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
"""What may not start a line (kinsoku: closing brackets, full stops and commas, small kana)."""
_NO_BREAK_AFTER = frozenset("（「『【〔〈《｛［“‘([{")
"""What may not end a line: opening brackets and quotes."""


WIDE = ((0x1100, 0x115F), (0x2329, 0x232A), (0x2E80, 0x303E), (0x3041, 0x3247), (0x3250, 0x4DBF),
        (0x4E00, 0xA4CF), (0xA960, 0xA97F), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE6F),
        (0xFF00, 0xFF60), (0xFFE0, 0xFFE6), (0x1F300, 0x1F64F), (0x1F900, 0x1F9FF), (0x20000, 0x3FFFD))
"""The code points Unicode's East Asian Width calls wide or full-width (W, F), as ranges: Hangul,
the CJK scripts and punctuation, full-width forms, the emoji blocks and the CJK planes. The
emoji-style symbols scattered through U+2300-U+2BFF are left out (one column here). Written out,
not asked of ``unicodedata``, which the one-file executable leaves out (build.spec);
tests/test_cli_help.py holds the ranges to ``unicodedata`` for every character of U+1100-U+FFFF
and of the catalogs."""
_WIDE_STARTS = tuple(start for start, _end in WIDE)


def wide(char: str) -> bool:
    """Whether ``char`` takes two columns of a terminal (East Asian Width wide or full-width)."""
    code = ord(char)
    index = bisect.bisect_right(_WIDE_STARTS, code) - 1
    return index >= 0 and code <= WIDE[index][1]


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: two for a wide character, one for any other."""
    return sum(2 if wide(char) else 1 for char in text)


def _measured(text: str) -> str:
    """``text`` with a marker after each wide character, so that its ``len()`` is its width."""
    return "".join(char + _MARK if wide(char) else char for char in text)


def _may_break(char: str, following: str) -> bool:
    """Whether a line may end between ``char`` and ``following``: at a space, and beside a
    wide character unless a bracket, a full stop or a number's counter would be stranded."""
    if char == " ":
        return following != " "
    if following == " " or not (wide(char) or wide(following)):
        return False
    if char.isdigit() and wide(following):
        return False  # a number stays with its counter: 6枚, 2列目
    return char not in _NO_BREAK_AFTER and following not in _NO_BREAK_BEFORE


_QUOTES = {"「": "」", "『": "』", "“": "”"}
"""Quotation marks whose short contents stay on one line (a command line, a button's name)."""


def _inside_quotes(text: str, width: int) -> set[int]:
    """The positions after which no line may end because a quotation that fits a line of
    ``width`` columns goes on: "（也可：“seahaven 文件”）" keeps "“seahaven 文件”" whole."""
    inside: set[int] = set()
    for i, char in enumerate(text):
        end = text.find(_QUOTES[char], i + 1) if char in _QUOTES else -1
        if end > 0 and display_width(text[i:end + 1]) <= width:
            inside.update(range(i, end))
    return inside


def _pieces(text: str, width: int) -> list[str]:
    """``text`` cut where a line of ``width`` columns may end: "勝てる配札を選ぶ。" -> "勝",
    "て", ... "ぶ。"."""
    pieces: list[str] = []
    start = 0
    kept = _inside_quotes(text, width)
    for i in range(len(text) - 1):
        if i not in kept and _may_break(text[i], text[i + 1]):
            pieces.append(text[start:i + 1])
            start = i + 1
    pieces.append(text[start:])
    return pieces


def wrap(text: str, width: int) -> list[str]:
    """``text`` (runs of white space taken as one space) in lines of at most ``width``
    columns, broken at spaces and between wide characters; a piece wider than a line
    (a long option's name) has a line of its own."""
    text = re.sub(r"[ \t\n\r\f\v]+", " ", text).strip(" ")  # a no-break space stays one
    lines: list[str] = []
    line = ""
    for piece in _pieces(text, width):
        if line and display_width((line + piece).rstrip(" ")) > width:
            lines.append(line.rstrip(" "))
            line = piece
        else:
            line += piece
    if line or not lines:
        lines.append(line.rstrip(" "))
    return lines


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help with headings, the ``usage:`` prefix, alignment and wrapping as the
    user's language writes them (see the module's docstring)."""

    class _Section(argparse.HelpFormatter._Section):
        def format_help(self) -> str:
            heading = self.heading
            if heading is None or heading is argparse.SUPPRESS:
                return str(super().format_help())
            self.heading = _HEADING
            try:
                text = str(super().format_help())
            finally:
                self.heading = heading
            # argparse wrote the stand-in and its colon (Python 3.13: its translated colon)
            # Translators: a heading of the command line's help ("options:"), its lines below it. French
            # puts a no-break space before the colon, Japanese and Chinese the full-width colon.
            ours = _("%(heading)s:") % {"heading": heading}
            return re.sub(f"{_HEADING}[^\n]*", lambda _match: _measured(ours), text, count=1)

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _measured(_("usage: ") if prefix is None else prefix))

    def _metavar_formatter(self, action: argparse.Action,
                           default_metavar: str) -> Callable[[int], tuple[str, ...]]:
        formatter = super()._metavar_formatter(action, default_metavar)

        def measured(size: int) -> tuple[str, ...]:
            # argparse checks a metavar early with no default: a part may be None then
            return tuple(_measured(part) if isinstance(part, str) else part for part in formatter(size))

        return measured

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not any(wide(char) for char in text):
            return list(super()._split_lines(text, width))
        return [_measured(line) for line in wrap(text, width)]

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not any(wide(char) for char in text):
            return str(super()._fill_text(text, width, indent))
        return "\n".join(indent + _measured(line) for line in wrap(text, width))

    def format_help(self) -> str:
        return str(super().format_help()).replace(_MARK, "")


def quoted(value: str, longest: int | None = 40) -> str:
    """``value`` (something the user typed, or a path) between the language's quotation marks,
    with any character a terminal cannot show (a control character, a line break, a byte that
    was not UTF-8) written as Python writes it in a string (``\\n``, ``\\x1b``, ``\\udcff``), and
    a value longer than ``longest`` characters cut there (None: never)."""
    if longest is not None and len(value) > longest:
        value = value[:longest] + "…"
    shown = "".join(char if char.isprintable() or char == " " else repr(char)[1:-1] for char in value)
    # Translators: a value the user typed (a size, a date, a choice) or a path, quoted as the language
    # quotes: French « 10 » with no-break spaces, German „10“, Japanese 「10」.
    return pgettext("a value the user typed, quoted in a message of the command line", "'{value}'").format(
        value=shown)


def choices(values: Iterable[object]) -> str:
    """The choices of an option, each quoted, as the language lists them."""
    # Translators: between the quoted choices of an option ('easy', 'medium', 'hard'); Japanese and Chinese: 、
    separator = pgettext("between the quoted choices of an option on the command line", ", ")
    return separator.join(quoted(str(value)) for value in values)


def whole_number(text: str) -> int:
    """An option's whole number (``type=``): argparse's own error would name Python's type
    ("invalid int value"); this says what is wrong in a sentence of ours."""
    try:
        return int(text)
    except ValueError:
        # Translators: after "argument --frames: "; {value} is what was typed, quoted already.
        raise argparse.ArgumentTypeError(_("{value} is not a whole number.").format(value=quoted(text))) from None


def decimal_number(text: str) -> float:
    """An option's number, decimals allowed (``type=``), said wrong in a sentence of ours."""
    try:
        return float(text)
    except ValueError:
        # Translators: after "argument --budget-s: "; {value} is what was typed, quoted already.
        raise argparse.ArgumentTypeError(_("{value} is not a number.").format(value=quoted(text))) from None
