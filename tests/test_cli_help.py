"""Issue 39, item 6: the command line in each language. argparse's headings take the
language's colon (French ``arguments positionnels :`` with a no-break space, Japanese and
Chinese the full-width ``：``), a value the user typed is quoted with the language's
quotation marks (« 10 », „10“, 「10」), and the Japanese and Chinese help is aligned and
wrapped by the columns a terminal gives each character (East Asian Width), not by ``len()``."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from seahaven import i18n
from seahaven.commands.help_format import display_width, wide, wrap
from tests.conftest import ROOT

NBSP = "\u00a0"  # the French catalog's no-break space (docs/glossary/fr.md: cp1252 consoles cannot write U+202F)
COLUMNS = 80
"""The terminal's width for the help (argparse leaves two columns: lines of at most 78)."""


def seahaven(language: str, *args: str, columns: int = COLUMNS) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LANGUAGE=language, COLUMNS=str(columns), SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "seahaven", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


HEADINGS = {
    "en": ("usage: seahaven ", "positional arguments:", "options:"),
    "fr": (f"utilisation{NBSP}: seahaven ", f"arguments positionnels{NBSP}:", f"options{NBSP}:"),
    "ja": ("使用法：seahaven ", "位置引数：", "オプション："),
    "zh_CN": ("用法：seahaven ", "位置参数：", "选项："),
}


@pytest.mark.parametrize("language", HEADINGS)
def test_the_help_writes_its_headings_with_the_languages_colon(language: str) -> None:
    usage, positional, options = HEADINGS[language]
    result = seahaven(language, "--help")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(usage), lines[0]
    assert positional in lines and options in lines, result.stdout
    headings = [line for line in lines if line and not line.startswith(" ") and line.endswith((":", "："))]
    assert headings == [positional, options], headings


QUOTED = {
    "en": ("'x'", "'fcs', 'json'"),
    "de": ("„x“", "„fcs“, „json“"),
    "fr": (f"«{NBSP}x{NBSP}»", f"«{NBSP}fcs{NBSP}», «{NBSP}json{NBSP}»"),
    "ja": ("「x」", "「fcs」、「json」"),
    "zh_CN": ("“x”", "“fcs”、“json”"),
}


@pytest.mark.parametrize("language", QUOTED)
def test_a_wrong_choice_is_quoted_as_the_language_quotes(language: str) -> None:
    value, choices = QUOTED[language]
    result = seahaven(language, "deal", "--format", "x", "SH1-C4-AAAAAJ2")
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert value in result.stderr and choices in result.stderr, result.stderr
    assert language == "en" or "'" not in result.stderr, result.stderr


@pytest.mark.parametrize(("language", "args", "says"), [
    ("fr", ("--size", "10"), f"pas «{NBSP}10{NBSP}»."),
    ("fr", ("--windowed=3",), f"«{NBSP}3{NBSP}»"),
    ("fr", ("bench", "--frames", "x"), f"argument --frames{NBSP}: «{NBSP}x{NBSP}» n’est pas un nombre entier."),
    ("ja", ("daily", "--date", "2026-1x"), "「2026-1x」"),
    ("zh_CN", ("solve", "--budget-s", "y", "SH1-C4-AAAAAJ2"), "“y”不是数字。"),
    ("de", ("--size", "10\x1b[2J"), "„10\\x1b[2J“"),
])
def test_every_value_in_an_error_is_quoted_as_the_language_quotes(language: str, args: tuple[str, ...],
                                                                  says: str) -> None:
    result = seahaven(language, *args)
    assert result.returncode in (2, 3) and says in result.stderr, result.stderr
    assert "'" not in result.stderr and "\x1b" not in result.stderr, result.stderr


def _help_column(lines: list[str]) -> set[int]:
    """The display columns where the help of each option and subcommand starts."""
    columns = set()
    for line in lines:
        found = re.match(r"^( {2,4}\S+(?: \S+)*?) {2,}(\S.*)$", line)
        if found:
            columns.add(display_width(line[:found.start(2)]))
    return columns


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
@pytest.mark.parametrize("columns", [80, 60])
def test_cjk_help_is_aligned_and_wrapped_by_display_width(language: str, columns: int) -> None:
    """Every line fits the terminal, every help text starts in one column (the English one),
    each continuation line starts in that column too, and no wrapped word is lost."""
    result = seahaven(language, "--help", columns=columns)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(display_width(line) for line in lines) <= columns - 2, result.stdout
    english = _help_column(seahaven("en", "--help", columns=columns).stdout.splitlines())
    assert _help_column(lines) == english and len(english) == 1, result.stdout
    column = english.pop()
    continued = [line for line in lines if line.startswith(" " * column)]
    assert continued and all(not line[column].isspace() for line in continued), result.stdout
    indent = display_width(HEADINGS[language][0])  # under the first word after "usage: seahaven"
    usage_lines = lines[:lines.index("")]
    assert len(usage_lines) > 1 and all(line[:indent].isspace() and not line[indent].isspace()
                                        for line in usage_lines[1:]), usage_lines
    joined = "".join(line.strip() for line in lines)
    smoke = i18n.translation(language).gettext("play a scripted game headless and exit 0 if all is well")
    assert " " not in smoke and smoke in joined, result.stdout


def test_the_wrap_breaks_between_cjk_characters_by_the_rules_of_the_language() -> None:
    text = ("カードは表向きで5枚ずつ10列に配られます。最後の2枚はセルに入ります"
            "（「新しいゲーム」で選びます）。--windowedも有効")
    for width in (12, 14, 20, 31, 45):
        lines = wrap(text, width)
        assert len(lines) > 1 and all(display_width(line) <= width for line in lines), (width, lines)
        assert "".join(lines) == text
        assert not any(line[0] in "。、）」" for line in lines[1:]) and not any(line[-1] in "（「" for line in lines)
        assert not any(line.endswith(("5", "2", "1")) for line in lines), lines
        assert not any("--windowed" not in line and "windowed" in line for line in lines), lines
    quoted = "打开此游戏文件（也可：“seahaven 文件”）"
    for width in range(16, 40):
        assert any("“seahaven 文件”" in line for line in wrap(quoted, width)), (width, wrap(quoted, width))
    assert wrap("a b  c", 3) == ["a b", "c"]
    assert wrap(f"aussi{NBSP}: seahaven", 7) == [f"aussi{NBSP}:", "seahaven"]


def test_the_wide_ranges_are_unicodes_east_asian_width() -> None:
    """help_format's own table (the executable has no ``unicodedata``) says what Unicode's East
    Asian Width says for every assigned character of U+1100-U+FFFF (but the emoji-style symbols
    of U+2300-U+2BFF) and for every character of every catalog."""
    import unicodedata

    from seahaven.i18n import LOCALE_DIR

    def unicode_wide(char: str) -> bool:
        return unicodedata.east_asian_width(char) in ("W", "F")

    assigned = (chr(code) for code in range(0x1100, 0x10000)
                if unicodedata.category(chr(code)) not in ("Cn", "Cs", "Co"))
    wrong = [char for char in assigned if wide(char) != unicode_wide(char) and not 0x2300 <= ord(char) <= 0x2BFF]
    assert not wrong, [f"U+{ord(char):04X}" for char in wrong]
    for catalog in LOCALE_DIR.glob("*/LC_MESSAGES/*.po"):
        text = catalog.read_text(encoding="utf-8")
        assert not [char for char in set(text) if wide(char) != unicode_wide(char)], catalog
    assert display_width("幅x高さ") == 7 and display_width("ｶﾀｶﾅ") == 4 and display_width("한국어") == 6
