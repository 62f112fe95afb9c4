"""One vocabulary per language (issue 39 item 3): every catalog keeps to its glossary.

Each ``docs/glossary/<lang>.md`` keeps its prose (register, address, typography) and one
machine-read table under the heading ``## Terms``, whose header is :data:`HEADER`: a row per
concept with the English term, ours ("short / long" where the game has both), the variants we
never use (separated by "; ", or "—"), the peers' (Aisleriot's and KPat's) terms and a note.
The tests here check that

- the glossary has a row for every key term of the game (:data:`REQUIRED`);
- no forbidden variant appears in any translation of that language (a Latin-script variant as
  a whole word, any case; a variant with CJK characters as a plain substring);
- the words that name one thing in two places are one word: every translation of "On" (any
  context) is the same, likewise "Off", "Undo" and "Redo" (the toolbar's and the menu's);
- the table's Undo and Redo are not the replay's Back and Forward.

Each check is also run on a made-up catalog and glossary to show it can fail.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from seahaven import i18n

ROOT = Path(__file__).resolve().parent.parent
GLOSSARIES = ROOT / "docs" / "glossary"
sys.path.insert(0, str(ROOT / "tools"))

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402  (after the skip: Babel is a build-time dependency)

SHIPPED = [code for code in i18n.shipped_languages() if code != i18n.ENGLISH]
"""The languages whose catalog is in game/seahaven/locale (each has a glossary)."""

HEADING = "## Terms"
HEADER = "| English | Ours | Never | Aisleriot | KPat | Note |"
RULE = "|---|---|---|---|---|---|"
NONE = "—"
"""What an empty Never, Aisleriot or KPat cell holds."""

REQUIRED = (
    "card", "column", "cell", "foundation", "run", "deal (noun)", "to deal", "game", "game code", "rating",
    "difficulty", "Easy", "Medium", "Hard", "hint", "solver", "winnable", "cannot be won", "undo", "redo", "back",
    "forward", "restart", "new game", "play again", "demo", "score", "move", "time", "won", "won with help",
    "streak", "daily deal", "bookmark", "replay", "review", "analysis", "critical moment", "better move",
    "statistics", "settings", "help", "menu", "on", "off", "save", "open", "share", "copy game", "suit", "hearts",
    "diamonds", "clubs", "spades", "king", "ace", "double-tap", "reduce motion", "high contrast", "fullscreen",
    "quit", "undecided",
)
"""The English terms every glossary has a row for, spelled as in its English column."""

ONE_WAY = ("On", "Off", "Undo", "Redo")
"""Messages whose every translation (whatever the context) is one text."""

NOT_THE_SAME = (("Undo", "Back"), ("Redo", "Forward"))
"""The table's word, then the replay's (its buttons, context :data:`REPLAY`): never one word."""

REPLAY = "replay button"

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
"""Ideographs, kana, CJK punctuation and full-width forms: a variant with one is found as a substring."""


@dataclass(frozen=True)
class Term:
    """One row of a glossary's table."""

    english: str
    ours: str
    never: tuple[str, ...]
    aisleriot: str
    kpat: str
    note: str


def parse_glossary(text: str) -> list[Term]:
    """The rows of the table under ``## Terms`` (ValueError when the heading, the header or a
    row is not as the format says)."""
    lines = text.splitlines()
    try:
        start = lines.index(HEADING)
    except ValueError:
        raise ValueError(f"no {HEADING!r} heading") from None
    rest = [line.strip() for line in lines[start + 1:]]
    while rest and not rest[0]:
        rest.pop(0)
    if len(rest) < 2 or rest[0] != HEADER or rest[1] != RULE:
        raise ValueError(f"the table under {HEADING!r} must start with {HEADER!r} and {RULE!r}")
    terms: list[Term] = []
    for line in rest[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) != 6:
            raise ValueError(f"a row of {len(cells)} cells, not 6: {line!r}")
        english, ours, never, aisleriot, kpat, note = cells
        if not english or not ours:
            raise ValueError(f"a row without its English or our term: {line!r}")
        variants = () if never in ("", NONE) else tuple(v.strip() for v in never.split("; ") if v.strip())
        terms.append(Term(english, ours, variants, aisleriot, kpat, note))
    return terms


def glossary_problems(terms: list[Term]) -> list[str]:
    """The REQUIRED terms the table has no row for, and English terms with two rows."""
    english = [term.english for term in terms]
    problems = [f"no row for {name!r}" for name in REQUIRED if name not in english]
    problems += [f"two rows for {name!r}" for name in sorted(set(english)) if english.count(name) > 1]
    return problems


def _forms(message: object) -> list[str]:
    string = getattr(message, "string", "")
    forms = string if isinstance(string, (tuple, list)) else (string,)
    return [form for form in forms if form]


def _finder(variant: str) -> re.Pattern[str]:
    if CJK.search(variant):
        return re.compile(re.escape(variant))
    return re.compile(rf"(?<!\w){re.escape(variant)}(?!\w)", re.IGNORECASE)


CODE = re.compile(r"\{\w*\}|%(?:\([a-z_]+\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]|(?<![\w-])--[a-z][\w-]*")
"""What in a translation is not words: placeholders ({score}, %(value)r) and command-line
options (--budget-s), which keep their English names."""


def never_problems(terms: list[Term], catalog: Catalog) -> list[str]:
    """Every translation that uses a variant the glossary forbids (placeholders and
    command-line options left out: they are not words)."""
    finders = [(term.english, variant, _finder(variant)) for term in terms for variant in term.never]
    problems: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        for form in _forms(message):
            words = CODE.sub(" ", form)
            problems += [f"{english!r}: {variant!r} in {form!r} (msgid {msgid!r})"
                         for english, variant, finder in finders if finder.search(words)]
    return problems


def _translations(catalog: Catalog, msgid: str, contexts: tuple[str | None, ...] | None = None) -> set[str]:
    """The translations of the singular message ``msgid``: in every context, or in those of ``contexts``."""
    return {form for message in catalog if message.id == msgid and (contexts is None or message.context in contexts)
            for form in _forms(message)}


def one_way_problems(catalog: Catalog) -> list[str]:
    """The messages of :data:`ONE_WAY` translated two ways, and Undo/Redo translated as the
    replay's Back/Forward."""
    problems: list[str] = []
    for msgid in ONE_WAY:
        found = _translations(catalog, msgid)
        if len(found) > 1:
            problems.append(f"{msgid!r} is translated {len(found)} ways: {sorted(found)}")
    for table, replay in NOT_THE_SAME:
        ours = {text.casefold() for text in _translations(catalog, table)}
        theirs = {text.casefold() for text in _translations(catalog, replay, (REPLAY,))}
        if not theirs:
            problems.append(f"no translation of {replay!r} (context {REPLAY!r})")
        if ours & theirs:
            problems.append(f"{table!r} and the replay's {replay!r} are both {sorted(ours & theirs)}")
    return problems


def problems_of(language: str) -> list[str]:
    """Everything that keeps ``language``'s catalog and glossary apart."""
    import i18n as tools

    path = GLOSSARIES / f"{language}.md"
    if not path.is_file():
        return [f"no glossary {language}.md"]
    try:
        terms = parse_glossary(path.read_text(encoding="utf-8"))
    except ValueError as error:
        return [f"{language}.md: {error}"]
    catalog = tools.read(language)
    return glossary_problems(terms) + never_problems(terms, catalog) + one_way_problems(catalog)


@pytest.mark.parametrize("language", SHIPPED)
def test_the_catalog_keeps_to_its_glossary(language: str) -> None:
    problems = problems_of(language)
    assert not problems, f"{language} (docs/glossary/{language}.md):\n" + "\n".join(problems)


def test_every_shipped_language_has_a_glossary_and_nine_ship() -> None:
    assert len(SHIPPED) == 9
    assert {path.stem for path in GLOSSARIES.glob("*.md") if path.stem != "README"} >= set(SHIPPED)


# -- each check can fail ----------------------------------------------------------------


def _row(english: str, ours: str = "x", never: str = NONE) -> str:
    return f"| {english} | {ours} | {never} | {NONE} | {NONE} | |"


def _glossary(rows: list[str]) -> str:
    return "\n".join(["# Glossary: made up", "", "Prose.", "", HEADING, "", HEADER, RULE, *rows, "", "## After", ""])


def _catalog(*entries: tuple[str | tuple[str, str], str | tuple[str, ...], str | None]) -> Catalog:
    catalog = Catalog(locale="de")
    for msgid, msgstr, context in entries:
        catalog.add(msgid, msgstr, context=context)
    return catalog


def test_a_complete_glossary_passes_and_a_missing_or_doubled_row_is_reported() -> None:
    rows = [_row(name) for name in REQUIRED]
    assert glossary_problems(parse_glossary(_glossary(rows))) == []
    problems = glossary_problems(parse_glossary(_glossary([r for r in rows if "| solver |" not in r] + rows[:1])))
    assert problems == ["no row for 'solver'", "two rows for 'card'"]


def test_the_table_is_read_only_under_its_heading_and_header() -> None:
    terms = parse_glossary(_glossary([_row("card", "Karte", "Blatt; Spielkarte"), _row("Easy", "Leicht")]))
    assert terms[0] == Term("card", "Karte", ("Blatt", "Spielkarte"), NONE, NONE, "")
    assert terms[1].never == ()
    with pytest.raises(ValueError, match="heading"):
        parse_glossary("| English | Ours | Never | Aisleriot | KPat | Note |\n|---|---|---|---|---|---|\n")
    with pytest.raises(ValueError, match="must start with"):
        parse_glossary(_glossary([]).replace(HEADER, "| English | German |"))
    with pytest.raises(ValueError, match="cells"):
        parse_glossary(_glossary(["| card | Karte | — |"]))


def test_a_forbidden_variant_is_found_as_a_word_in_any_case_and_cjk_as_text() -> None:
    terms = parse_glossary(_glossary([_row("hint", "Tipp", "Hinweis; Porada"), _row("won", "胜利", "赢了")]))
    catalog = _catalog(("Hint", "Tipp", "toolbar"),
                       ("A hint.", "Ein hinweis.", None),                       # any case
                       ("Hints", "Hinweise", None),                             # another word: allowed
                       (("{n} hint", "{n} hints"), ("{n} Tipp", "{n} PORADA"), None),  # a plural form
                       ("You won.", "你赢了。", None),                           # CJK: a substring
                       ("Hint {hinweis}", "Tipp {hinweis} --porada", None))    # placeholders, options: not words
    problems = never_problems(terms, catalog)
    assert len(problems) == 3, problems
    assert any("'Hinweis' in 'Ein hinweis.'" in p for p in problems)
    assert any("'Porada' in '{n} PORADA'" in p for p in problems)
    assert any("'赢了'" in p for p in problems)


def test_on_off_undo_and_redo_are_each_one_way_and_not_the_replay_words() -> None:
    good = _catalog(("On", "Ein", "switch"), ("On", "Ein", "reduce motion"), ("Off", "Aus", "switch"),
                    ("Undo", "Rückgängig", None), ("Undo", "Rückgängig", "toolbar"), ("Redo", "Wiederholen", None),
                    ("Back", "Zurück", REPLAY), ("Forward", "Vor", REPLAY))
    assert one_way_problems(good) == []
    bad = _catalog(("On", "Ein", "switch"), ("On", "An", "reduce motion"), ("Off", "Aus", "switch"),
                   ("Off", "Keine", "animation speed"), ("Undo", "Rückgängig", None), ("Undo", "Zurück", "toolbar"),
                   ("Redo", "Vor", "toolbar"), ("Back", "Zurück", REPLAY), ("Forward", "vor", REPLAY))
    problems = one_way_problems(bad)
    assert [p.split(" ")[0] for p in problems] == ["'On'", "'Off'", "'Undo'", "'Undo'", "'Redo'"], problems
    assert "'Undo' and the replay's 'Back' are both ['zurück']" in problems
    assert "'Redo' and the replay's 'Forward' are both ['vor']" in problems
    assert one_way_problems(_catalog(("Undo", "Rückgängig", None))) == [
        f"no translation of 'Back' (context {REPLAY!r})", f"no translation of 'Forward' (context {REPLAY!r})"]


def test_a_language_without_a_glossary_or_with_an_old_table_fails(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "GLOSSARIES", tmp_path)
    assert problems_of("de") == ["no glossary de.md"]
    (tmp_path / "de.md").write_text("# Glossary\n\n| English | German |\n|---|---|\n| card | Karte |\n",
                                    encoding="utf-8")
    assert problems_of("de") == ["de.md: no '## Terms' heading"]
