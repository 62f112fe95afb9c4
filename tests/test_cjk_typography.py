"""Japanese and Chinese are written as their platforms write them (docs/glossary/ja.md and
zh_CN.md, "Typography"): no ASCII space between a Chinese or Japanese character and what stands
next to it (a key, a number, a placeholder), no ASCII punctuation against a Chinese or Japanese
character, and in Chinese one ellipsis, …… (GB/T 15834). A command line quoted in 「」 or “”
keeps its own spaces. The glossary test (tests/test_glossary.py) checks the words; this one
checks what a word list cannot: spaces, punctuation and the ellipsis.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

pytest.importorskip("babel")

CJK = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]"
"""Kana, kanji and hanzi, CJK punctuation and the full-width forms."""

QUOTED = re.compile(r"「[^」]*」|“[^”]*”")
"""A command line or a name quoted as Japanese and Chinese quote it: its spaces are its own."""

EXEMPT = {("desktop entry keywords, separated by semicolons", "solitaire;patience;cards;card game;"),
          (None, "usage: ")}
"""The desktop entry's keyword list is separated by ASCII semicolons (the format says so), and
argparse writes its usage heading itself."""


def typography_problems(strings: list[tuple[str | None, str, str]], chinese: bool) -> list[str]:
    """What in ``(context, English, translation)`` is not written as the language writes it."""
    problems = []
    for context, english, text in strings:
        if (context, english) in EXEMPT:
            continue
        bare = QUOTED.sub("「」", text)
        if re.search(f"{CJK} | {CJK}", bare):
            problems.append(f"{english!r}: a space beside a CJK character in {text!r}")
        if re.search(rf"{CJK}[,.!?;:()]|[,.!?;:()]{CJK}", bare):
            problems.append(f"{english!r}: ASCII punctuation beside a CJK character in {text!r}")
        if "..." in text:
            problems.append(f"{english!r}: three dots for an ellipsis in {text!r}")
        if chinese and re.search("(?<!…)…(?!…)", text):
            problems.append(f"{english!r}: a single … (Chinese writes ……) in {text!r}")
    return problems


def catalog_strings(language: str) -> list[tuple[str | None, str, str]]:
    import i18n as tools

    found: list[tuple[str | None, str, str]] = []
    for message in tools.read(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        found.extend((message.context, english, text) for text in strings if text)
    return found


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_japanese_and_chinese_are_set_as_their_platforms_set_them(language: str) -> None:
    problems = typography_problems(catalog_strings(language), chinese=language == "zh_CN")
    assert not problems, f"{language}:\n" + "\n".join(problems)


def test_the_typography_check_can_fail() -> None:
    """What the review found in the catalogs before this check: a space between a word and a
    key, a placeholder set off by spaces, two ellipsis styles in one Chinese catalog."""
    found = typography_problems([(None, "Game {code}.", "游戏 {code}。"),
                                 (None, "press L", "或按 L 键"),
                                 (None, "Open a game…", "打开游戏…"),
                                 (None, "Thinking…", "考え中..."),
                                 (None, "usage", "使用法: x"),
                                 (None, "a command", "用“seahaven --code X”打开"),
                                 (None, "Thinking…", "思考中……")], chinese=True)
    assert {problem.split(":")[0] for problem in found} == {"'Game {code}.'", "'press L'", "'Open a game…'",
                                                            "'Thinking…'", "'usage'"}
    assert not typography_problems([(None, "usage: ", "使用法: ")], chinese=False)  # argparse's own heading
