"""The game in the player's language: every player-facing string goes through gettext,
the German, French and Spanish catalogs are complete against a fresh extraction of the
code (new words from anyone show up here as failures), their placeholders and plural
forms are right, the compiled .mo files match the .po files, the language follows the
system (and Windows' UI language), and a real game loop shows German with LANGUAGE=de.

After adding or changing words (with a ``# Translators:`` note above a short one or one with
a placeholder): ``python tools/i18n.py update``, translate the new entries at the end of each
.po file, then ``python tools/i18n.py compile``.
"""

from __future__ import annotations

import ast
import gettext
import re
import string
import sys
from pathlib import Path

import pytest

from seahaven import i18n

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "game" / "seahaven" / "app"
sys.path.insert(0, str(ROOT / "tools"))

babel = pytest.importorskip("babel")

SHIPPED = [code for code in i18n.shipped_languages() if code != i18n.ENGLISH]
"""The languages whose catalog is in game/seahaven/locale (a language ships when its catalog does)."""

WRAPPERS = {"_", "N_", "NP_", "ngettext", "pgettext", "npgettext"}
"""The calls that mark a string for translation."""

DIAGNOSTIC_CALLS = {"ValueError", "TypeError", "KeyError", "RuntimeError", "AttributeError", "BadFile", "error",
                    "print", "getattr", "setattr", "hasattr", "get", "startswith", "endswith", "split", "replace",
                    "strftime", "set_caption", "removeprefix", "setdefault", "environ"}
"""Calls whose string arguments are not shown to the player: exceptions whose text is a
technical detail (a ``BadFile`` detail is quoted inside a translated sentence), the
console, attribute names and string plumbing."""

ALLOWED: dict[str, set[str]] = {
    "game/seahaven/app/shell/loop.py": {"Seahaven Towers", "seahaven: first frame ", " s after launch"},
    "game/seahaven/app/text/words.py": {"Seahaven Towers · "},  # the table's title (its name, then the difficulty)
    "game/seahaven/app/state/current.py": {"new game", "hint shown"},
    "game/seahaven/app/screens/settings_screen.py": {"1000 ms"},
    "game/seahaven/app/shell/launch.py": {"Seahaven Towers"},
    "game/seahaven/app/access/adapter.py": {"Seahaven Towers"},  # the window's name for a screen reader
    "game/seahaven/app/screens/new_game.py": {"code check"},  # a job's name
    "game/seahaven/app/kit/__init__.py": {"page up", "page down"},  # what a key asks for, never shown
    "game/seahaven/app/saving/saved_game.py": {" does not follow the one before",
                                               "the journal does not start with its game",
                                               " keeps more moves than the game has"},
    "game/seahaven/app/saving/storage.py": {"its last line is cut short", "current.json's 'seq' is damaged"},
    "game/seahaven/app/looks/fonts.py": {"Noto Sans", "Noto Sans CJK JP", "Noto Sans CJK SC"},  # fontconfig's names
}
"""Strings a player may see but that are not translated, or that only look like words:
the game's name (a proper name in every language), a timing line on the console, enum
values that are never shown, and what is wrong with a journal (``Loaded.reason``: kept
for logs and tests, never shown)."""

SKIPPED_FILES = {"game/seahaven/app/shell/smoke.py", "game/seahaven/app/looks/assets.py",
                 "game/seahaven/app/access/bus_watch.py"}
"""Files with no player-facing words: the smoke test's console report, the art loader
(whose only sentences are programming errors and SVG markup), and the accessibility bus's
watch (its sentences are what ``gdbus`` prints, read, never shown)."""


KEY_CHORD = re.compile(r"((Ctrl|Shift)\+)*(Ctrl|Shift|Esc|Space|Enter|Del|Backspace|Left|Right|Home|End|Page Up|"
                       r"Page Down|F\d{1,2}|[A-Z0-9])?\+?")
"""A key chord as ``screens/actions.py`` spells it ("Ctrl+Shift+Z", "Esc"): an identifier,
shown to the player through ``words.key_text``."""


def _looks_like_words(text: str) -> bool:
    """A string that would be read as words: two letters in a row, and a space or a capital
    starting a word ("Undo", "New game"); identifiers ("four_colour"), keys ("col1"),
    card lists ("3C 8S KS"), file names and formats are not."""
    if text == "OK":
        return True  # "OK"
    if not re.search(r"[a-z]{2}", text) or re.fullmatch(r"[\w.-]+\.[a-z]{2,4}", text) or KEY_CHORD.fullmatch(text):
        return False  # no word, a file name, or a key as the actions name it (shown through key_text)
    return " " in text.strip() or bool(re.match(r"[A-Z][a-z]", text))


def _marked_ids(tree: ast.AST) -> set[int]:
    """The string constants that need no wrapping: docstrings, attribute docstrings,
    anything inside a wrapper or a diagnostic call."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in WRAPPERS or name in DIAGNOSTIC_CALLS:
                skip.update(id(sub) for sub in ast.walk(node))
        if isinstance(node, ast.Compare):  # comparisons with plain values ("off", "won")
            skip.update(id(sub) for sub in ast.walk(node))
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            skip.update(id(sub) for sub in ast.walk(node.value))
        if isinstance(node, ast.Subscript):  # keys: settings["volume"]
            skip.update(id(sub) for sub in ast.walk(node.slice))
    return skip


def unwrapped_strings(path: Path) -> list[str]:
    """``file:line: 'text'`` for every string in ``path`` that looks like words and is not
    wrapped for translation."""
    relative = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _marked_ids(tree)
    allowed = ALLOWED.get(relative, set())
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                and _looks_like_words(node.value) and node.value not in allowed):
            found.append(f"{relative}:{node.lineno}: {node.value!r}")
    return found


def app_files() -> list[Path]:
    return sorted(p for p in APP.rglob("*.py") if p.relative_to(ROOT).as_posix() not in SKIPPED_FILES)


def test_every_player_facing_string_is_wrapped_for_translation() -> None:
    found = [line for path in app_files() for line in unwrapped_strings(path)]
    assert not found, "wrap these in _() (or N_() in tables shown through _()):\n" + "\n".join(found)


def test_the_check_catches_an_unwrapped_sentence(tmp_path: Path) -> None:
    """The rule above can fail: a plain label, a sentence and an f-string are caught; a
    wrapped one, a docstring, an identifier and an exception's detail are not."""
    source = tmp_path / "game" / "seahaven" / "app" / "sample.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        '"""Doc string."""\n'
        'LABEL = "Undo"\n'
        'def f(n):\n'
        '    """Doc."""\n'
        '    say("Nothing to undo.")\n'
        '    say(f"Score {n}")\n'
        '    say(_("Wrapped sentence."))\n'
        '    mode = "four_colour"\n'
        '    raise ValueError("a technical detail")\n',
        encoding="utf-8",
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        found = unwrapped_strings(source)
    finally:
        ROOT = saved
    assert [line.split(": ", 1)[1] for line in found] == ["'Undo'", "'Nothing to undo.'", "'Score '"]


# -- the catalogs ------------------------------------------------------------------------


def _placeholders(text: str) -> set[str]:
    """``{name}`` fields and %-style conversions of ``text``. ``%r`` counts as ``%s``: a
    translation may quote a value with its own quotation marks (« %s ») instead of Python's."""
    names = {f"{{{field}}}" for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}
    percent = {re.sub("r$", "s", found)
               for found in re.findall(r"%(?:\([a-z_]+\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]", text)}
    return names | percent


def catalog_problems(language: str) -> list[str]:
    """Everything wrong with one language's catalog, as readable lines."""
    import i18n as tools

    problems: list[str] = []
    catalog = tools.read(language)
    template = tools.extract()
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    present = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
    problems += [f"{language}: missing {msgid!r} (context {ctx!r})" for msgid, ctx in sorted(wanted - present,
                                                                                           key=str)]
    problems += [f"{language}: obsolete {msgid!r}" for msgid, ctx in sorted(present - wanted, key=str)]
    expected_forms = tools.plural_forms(language)
    if catalog.plural_forms != expected_forms:
        problems.append(f"{language}: Plural-Forms {catalog.plural_forms!r}, expected {expected_forms!r}")
    for message in catalog:
        if not message.id:
            continue
        name = f"{language}: {message.id!r}"
        if message.fuzzy:
            problems.append(f"{name} is fuzzy")
        if isinstance(message.id, tuple):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != catalog.num_plurals:
                problems.append(f"{name} has {len(forms)} plural forms, not {catalog.num_plurals}")
            if not all(forms):
                problems.append(f"{name} is untranslated")
                continue
            allowed = _placeholders(message.id[0]) | _placeholders(message.id[1])
            for i, form in enumerate(forms):
                got = _placeholders(form)
                if not got <= allowed:
                    problems.append(f"{name} form {i} has placeholders {sorted(got - allowed)} the English has not")
                if i > 0 and not _placeholders(message.id[1]) <= got:
                    problems.append(f"{name} form {i} lost {sorted(_placeholders(message.id[1]) - got)}")
        else:
            if not message.string:
                problems.append(f"{name} is untranslated")
                continue
            if _placeholders(message.string) != _placeholders(message.id):
                problems.append(f"{name}: placeholders {sorted(_placeholders(message.string))}, "
                                f"English {sorted(_placeholders(message.id))}")
    return problems


def test_the_languages_of_old_ship_and_every_catalog_is_a_known_language() -> None:
    assert {"de", "fr", "es"} <= set(SHIPPED)
    assert set(SHIPPED) <= set(i18n.NAMES), "a catalog for a language game/seahaven/i18n.py does not name"
    assert set(SHIPPED) | {"en"} == set(i18n.LANGUAGES)


@pytest.mark.parametrize("language", SHIPPED)
def test_catalog_is_complete_and_correct(language: str) -> None:
    problems = catalog_problems(language)
    assert not problems, "run tools/i18n.py update, then translate:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", SHIPPED)
def test_compiled_catalog_matches_its_source(language: str) -> None:
    import i18n as tools

    po = tools.po_path(language)
    mo = po.with_suffix(".mo")
    with mo.open("rb") as handle:
        committed = gettext.GNUTranslations(handle)
    fresh = gettext.GNUTranslations(__import__("io").BytesIO(tools.compiled(tools.read(language))))
    assert committed._catalog == fresh._catalog, f"run: python tools/i18n.py compile ({mo} is stale)"


def test_the_catalog_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed placeholder, a fuzzy entry, an empty one, a plural with too few forms and a
    message the code no longer has are each reported."""
    import i18n as tools

    catalog = tools.read("de")
    catalog["{pile} is empty."].string = "{stapel} ist leer."
    catalog["Nothing to undo."].flags.add("fuzzy")
    catalog["Nothing to redo."].string = ""
    catalog[("{n} card", "{n} cards")].string = ("{n} Karte",)
    catalog.add("A sentence nobody says any more.", "Ein Satz, den niemand mehr sagt.")
    monkeypatch.setattr(tools, "read", lambda language: catalog)
    problems = "\n".join(catalog_problems("de"))
    for expected in ("'{pile} is empty.': placeholders", "'Nothing to undo.' is fuzzy",
                     "'Nothing to redo.' is untranslated", "has 1 plural forms, not 2",
                     "obsolete 'A sentence nobody says any more.'"):
        assert expected in problems


@pytest.mark.parametrize(("language", "zero"), [("fr", 0), ("pt_BR", 0), ("es", 1), ("it", 1)])
def test_romance_catalogs_have_the_two_plural_forms_of_the_peers(language: str, zero: int) -> None:
    """Aisleriot and KPat write two forms in French, Spanish, Italian and Portuguese, not CLDR's
    three (its "many" is for round millions): 1 is the first form, 2 and a million the second,
    and 0 the first in French and Portuguese, the second in Spanish and Italian."""
    import i18n as tools

    if language not in SHIPPED:
        pytest.skip(f"{language} does not ship")
    catalog = tools.read(language)
    assert catalog.num_plurals == 2
    compiled = gettext.GNUTranslations(__import__("io").BytesIO(tools.compiled(catalog)))
    forms = [compiled.ngettext("{n} card", "{n} cards", n) for n in (1, 2, 1_000_000, 0)]
    assert forms[1] == forms[2] != forms[0]
    assert forms[3] == forms[0 if zero == 0 else 1]


def test_the_plural_rule_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog with CLDR's three forms where the peers write two is reported."""
    import i18n as tools
    from babel.messages.catalog import Catalog

    monkeypatch.setattr(tools, "read", lambda language: Catalog(locale="fr", domain=tools.DOMAIN))
    monkeypatch.setattr(tools, "extract", lambda: Catalog(domain=tools.DOMAIN))
    assert any("Plural-Forms" in problem for problem in catalog_problems("fr"))


def french_spacing_problems(texts: list[tuple[str | None, str]]) -> list[str]:
    """French typography: a no-break space (U+00A0) before ; : ! ? and », and after «, never a
    plain space or none (a colon between digits, 0:00, and the desktop entry's keyword list,
    separated by bare semicolons, are not punctuation of a sentence)."""
    problems = []
    for context, text in texts:
        if context and context.startswith("desktop entry keywords"):
            continue
        for found in re.finditer(r"(.)([;:!?»])|(«)(.)", text):
            before, mark, opening, after = found.groups()
            if mark == ":" and before.isdigit() and text[found.end():found.end() + 1].isdigit():
                continue
            if (before if mark else after) != "\u00a0":
                problems.append(f"{(mark or opening)!r} without its no-break space in {text!r}")
    return problems


def test_french_punctuation_keeps_its_no_break_spaces() -> None:
    import i18n as tools

    if "fr" not in SHIPPED:
        pytest.skip("French does not ship")
    texts = [(m.context, form) for m in tools.read("fr") if m.id
             for form in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert not french_spacing_problems(texts)


def test_the_french_spacing_check_can_fail() -> None:
    assert french_spacing_problems([(None, "Vous avez gagné !"), (None, "Score: 0"), (None, "« Oui\u00a0»")]) == [
        "'!' without its no-break space in 'Vous avez gagné !'", "':' without its no-break space in 'Score: 0'",
        "'«' without its no-break space in '« Oui\\xa0»'"]
    assert french_spacing_problems([(None, "Temps\u00a0: 0:00\u00a0!"), ("desktop entry keywords", "a;b;")]) == []


def test_the_placeholder_check_can_fail() -> None:
    assert _placeholders("{pile} is empty.") != _placeholders("{stapel} ist leer.")
    assert _placeholders("%(n)d cards and %s") == {"%(n)d", "%s"}
    assert _placeholders("invalid: %(value)r") == _placeholders("ungültig: „%(value)s“") != _placeholders("%r")


def messages_without_a_note(catalog: object) -> list[str]:
    """The messages a translator cannot place from their words alone, short (fewer than four
    words) or holding a placeholder, that have neither a translator comment (``# Translators:``
    right above the call in the code) nor a context."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        texts = [message.id] if isinstance(message.id, str) else list(message.id)
        unclear = any(len(text.split()) < 4 or _placeholders(text) for text in texts)
        if unclear and not message.context and not any(c.startswith("Translators:") for c in message.auto_comments):
            found.append(repr(message.id))
    return found


def test_every_short_message_and_every_placeholder_has_a_note_for_translators() -> None:
    import i18n as tools

    found = messages_without_a_note(tools.extract())
    assert not found, ("write a '# Translators:' comment (what it is, where it shows, how much room) right "
                       "above the call of:\n" + "\n".join(found))


def test_the_note_check_can_fail() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog()
    catalog.add("Deal")
    catalog.add("Deal anyway", auto_comments=["Translators: a button."])
    catalog.add("Off", context="switch")
    catalog.add("{name} is open: play on.", auto_comments=["not for translators"])
    catalog.add("A long sentence without a placeholder.")
    catalog.add(("{n} card", "{n} cards"))
    assert messages_without_a_note(catalog) == ["'Deal'", "'{name} is open: play on.'", "('{n} card', '{n} cards')"]


def test_the_catalogs_carry_the_notes_and_no_locations() -> None:
    """Each catalog has each message's translator comment (``#.``) as the template has it,
    and no ``#:`` lines (where a message is used is in the template only: moving code
    does not change nine catalogs)."""
    import i18n as tools

    notes = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m.auto_comments for m in tools.extract()}
    for language in SHIPPED:
        text = tools.po_path(language).read_text(encoding="utf-8")
        assert "\n#: " not in text, language
        for message in tools.read(language):
            if message.id:
                key = (message.id if isinstance(message.id, str) else message.id[0], message.context)
                read = " ".join(message.auto_comments)  # the file wraps a long note over lines
                assert read == " ".join(notes.get(key, message.auto_comments)), (language, key)


def test_update_keeps_the_catalog_order_and_changes_only_what_it_must() -> None:
    """``tools/i18n.py update``: a catalog keeps its order and its translations, a message
    the code dropped goes, a new one comes at the end (untranslated), each takes the
    template's note, none keeps a location."""
    import i18n as tools
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="de")
    catalog.add("Zebra", "Zebra (de)", auto_comments=["Translators: old note."])
    catalog.add("Gone", "Weg")
    catalog.add(("{n} card", "{n} cards"), ("{n} Karte", "{n} Karten"))
    catalog.add("Apple", "Apfel", locations=[("a.py", 3)])
    template = Catalog()
    template.add("Apple", locations=[("a.py", 9)], auto_comments=["Translators: a fruit."])
    template.add("New", locations=[("b.py", 1)], auto_comments=["Translators: new."])
    template.add(("{n} card", "{n} cards"), locations=[("c.py", 2)])
    template.add("Zebra", locations=[("z.py", 1)])
    catalog.add("{n} game", "{n} Spiel")  # counted from now on: its old translation cannot serve
    template.add(("{n} game", "{n} games"), locations=[("d.py", 4)])
    merged = tools.merged(catalog, template)
    assert [m.id for m in merged if m.id] == ["Zebra", ("{n} card", "{n} cards"), "Apple", ("{n} game", "{n} games"),
                                              "New"]
    assert [m.string for m in merged if m.id] == ["Zebra (de)", ("{n} Karte", "{n} Karten"), "Apfel", ("", ""), None]
    assert [m.auto_comments for m in merged if m.id] == [[], [], ["Translators: a fruit."], [], ["Translators: new."]]
    assert all(not m.locations for m in merged)


def lost_notes(root: Path = ROOT) -> list[str]:
    """Each ``# Translators:`` comment of the code that reaches no message of the template:
    Babel takes a note only from the lines right above the call (never from inside another
    marked call's parentheses), so a misplaced one would silently say nothing."""
    import i18n as tools

    reached = {" ".join(note.split()) for message in tools.extract() for note in message.auto_comments}
    lost = []
    for path in sorted((root / "game" / "seahaven").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if lines[i].strip().startswith("# Translators:"):
                start, block = i, [lines[i].strip()[2:]]
                i += 1
                while i < len(lines) and lines[i].strip().startswith("#") \
                        and not lines[i].strip().startswith("# Translators:"):
                    block.append(lines[i].strip()[2:])
                    i += 1
                if " ".join(" ".join(block).split()) not in reached:
                    lost.append(f"{path.relative_to(root).as_posix()}:{start + 1}")
                continue
            i += 1
    return lost


def test_every_note_for_translators_reaches_the_template() -> None:
    found = lost_notes()
    assert not found, "move these notes right above the call they describe:\n" + "\n".join(found)


def test_the_lost_note_check_can_fail(tmp_path: Path) -> None:
    source = tmp_path / "game" / "seahaven" / "sample.py"
    source.parent.mkdir(parents=True)
    source.write_text('say(_("Deal"),\n    # Translators: inside the call, so Babel never sees it.\n    x)\n',
                      encoding="utf-8")
    assert lost_notes(tmp_path) == ["game/seahaven/sample.py:2"]


# -- whole sentences -------------------------------------------------------------------------

COUNT_NAMES = "n|count|won|kept|found|known|played|helped|lost|games|limit"
NOT_A_NOUN = r"(?!(?:of|without|with|and|or|in|to|from|so|at|on|by)\b)"
MEETS_A_WORD = re.compile(r"\{(" + COUNT_NAMES + r")\}(?=(?: of \{\w+\})? " + NOT_A_NOUN + "[a-z])")
"""A count followed by a word its number agrees with ("{n} cards", "{kept} of {n} moves kept":
the first count's noun phrase is "of {n} moves")."""


def counts_sharing_a_plural(catalog: object) -> list[str]:
    """Messages where two counts each meet a word: one plural form cannot fit both ("That run
    has {count} cards, but only {n} card can move": Polish needs "5 kart" and "2 karty" in one
    sentence). Each count takes its own message (two sentences, or a nested plural)."""
    found = []
    for message in catalog:
        texts = [message.id] if isinstance(message.id, str) else list(message.id or ())
        for text in texts:
            if len({m.group(1) for m in MEETS_A_WORD.finditer(text)}) > 1:
                found.append(repr(text))
                break
    return found


def test_each_count_in_a_message_has_a_plural_of_its_own() -> None:
    import i18n as tools

    found = counts_sharing_a_plural(tools.extract())
    assert not found, "give each count its own plural (split the sentence, or nest a plural):\n" + "\n".join(found)


def test_the_shared_plural_check_can_fail() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog()
    catalog.add(("That run has {count} cards, but only {n} card can move.", "… {n} cards can move."))
    catalog.add(("{kept} of {n} move kept the game winnable.", "{kept} of {n} moves kept the game winnable."))
    catalog.add(("{n} critical moment, {found} found.", "{n} critical moments, {found} found."))
    catalog.add("{tab}, page {n} of {count}")
    catalog.add(("won {won} of {n} without help ({rate})", "won {won} of {n} without help ({rate})"))
    catalog.add(("{n} card", "{n} cards"))
    assert len(counts_sharing_a_plural(catalog)) == 3


PHRASE_SLOTS = {"what", "lead", "help", "games", "game"}
"""Placeholder names that stand for a translated phrase: "{what} could not be saved" with
"your settings" slotted in reads "Your settings is…" and cannot agree in German or Dutch."""


ALLOWED_SLOTS = {"why", "error", "difficulty", "label", "value"}


def phrase_slots(files: list[Path], root: Path = ROOT) -> list[str]:
    """Messages that take a translated phrase into a slot: a placeholder named for one, or a
    ``.format()`` argument that is itself a translated phrase (``help=_("with help")``). What a
    sentence may take: counts (``ngettext``: nested plurals), the cards' and piles' names (each
    marked with its role in the sentence), a reason in parentheses (``why``, ``error``), a
    difficulty's name (a level's label; a sentence that must agree with it is written per
    difficulty: ``per_difficulty``) and a screen reader's "{label}: {value}" pair."""
    found: list[str] = []
    translated = {"_", "pgettext"}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"):
                continue
            for keyword in node.keywords:
                values = [keyword.value.body, keyword.value.orelse] if isinstance(keyword.value, ast.IfExp) \
                    else [keyword.value]
                for value in values:
                    if (keyword.arg not in ALLOWED_SLOTS and isinstance(value, ast.Call)
                            and isinstance(value.func, ast.Name) and value.func.id in translated):
                        found.append(f"{where}:{node.lineno}: {keyword.arg}= a translated phrase")
            if keyword_slots := {k.arg for k in node.keywords} & PHRASE_SLOTS:
                found.append(f"{where}:{node.lineno}: {{{sorted(keyword_slots)[0]}}} takes a phrase")
    return found


def test_no_sentence_takes_a_translated_phrase_into_a_slot() -> None:
    found = phrase_slots([*_source_files(), *sorted((ROOT / "game" / "seahaven" / "commands").rglob("*.py"))])
    assert not found, "write one whole sentence per case:\n" + "\n".join(found)


def test_the_phrase_slot_check_can_fail(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text('a = _("{what} could not be saved.").format(what=_what(name))\n'
                      'b = _("Won in {time}, {help}.").format(time=t, help=_("with help") if h else _("no help"))\n'
                      'c = _("Could not be saved ({why}).").format(why=_("the disk is full"))\n'
                      'd = _("This game has {cells}.").format(cells=ngettext("{n} cell", "{n} cells", n))\n',
                      encoding="utf-8")
    found = "\n".join(phrase_slots([source], tmp_path))
    assert "sample.py:1: {what}" in found and "sample.py:2: help=" in found
    assert "sample.py:3" not in found and "sample.py:4" not in found


DATE_AFTER_A_WORD = re.compile(r"\b(of|on|from|since|until|before|after)\s+\{day\}")


def weekday_dates_inside_sentences(files: list[Path], root: Path = ROOT) -> list[str]:
    """A date with its weekday (``date_text``, ``format_date``) filling a ``{day}`` that
    follows a preposition: CLDR's weekday form is for a date standing on its own; "the deals of
    {day}" reads "les donnes du mar. 1er décembre 2026" in French, where CLDR's long date
    without the weekday (``day_text``) is right."""
    found = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"):
                continue
            texts = [sub.value for sub in ast.walk(node.func.value)
                     if isinstance(sub, ast.Constant) and isinstance(sub.value, str)]
            for keyword in node.keywords:
                value = keyword.value
                weekday = (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                           and (value.func.id in ("date_text", "format_date")
                                or (value.func.id == "iso_date_text"
                                    and not any(k.arg == "weekday" for k in value.keywords))))
                if keyword.arg == "day" and weekday and any(DATE_AFTER_A_WORD.search(t) for t in texts):
                    found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_a_date_inside_a_sentence_has_no_weekday() -> None:
    found = weekday_dates_inside_sentences(_source_files())
    assert not found, "use day_text (CLDR's date without the weekday) in:\n" + "\n".join(found)


def test_the_weekday_check_can_fail(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text('a = _("The deals of {day}").format(day=date_text(d))\n'
                      'b = _("The deals of {day}").format(day=day_text(d))\n'
                      'c = pgettext("daily deal", "Today, {day}").format(day=date_text(d))\n'
                      'e = _("The daily deal of {day}.").format(day=iso_date_text(d))\n', encoding="utf-8")
    assert weekday_dates_inside_sentences([source], tmp_path) == ["sample.py:1", "sample.py:4"]


@pytest.mark.parametrize(("language", "inside"), [
    ("en", "December 1, 2026"), ("de", "1. Dezember 2026"), ("fr", "1er décembre 2026"),
    ("es", "1 de diciembre de 2026"), ("pl", "1 grudnia 2026"), ("ja", "2026年12月1日"), ("zh_CN", "2026年12月1日"),
])
def test_a_date_inside_a_sentence_as_cldr_writes_it(language: str, inside: str) -> None:
    import datetime as dt

    saved = i18n._language
    try:
        i18n._language = language
        assert i18n.format_day_month_year(dt.date(2026, 12, 1)) == inside
    finally:
        i18n._language = saved


def test_french_daily_deals_say_du_1er_decembre_without_the_weekday() -> None:
    """The daily deals' heading and notes, and the won window's daily line, in French."""
    import datetime as dt

    from seahaven.app.screens.daily_deals import FIRST_DAY
    from seahaven.app.text.words import day_text

    try:
        i18n.set_language("fr")
        heading = i18n._("The deals of {day}").format(day=day_text(dt.date(2026, 12, 1)))
        assert heading == "Les donnes du 1er décembre 2026", heading
        began = i18n._("The daily deals began on {day}.").format(day=day_text(FIRST_DAY))
        assert "mar." not in began and "lun." not in began
    finally:
        i18n.set_language("en")


def hard_joined_sentences(files: list[Path], root: Path = ROOT) -> list[str]:
    """Sentences glued with a space (``" ".join(messages)``): Japanese and Chinese join
    sentences without one, so sentences go through ``seahaven.i18n.sentences`` (the catalogs'
    "two sentences" template). A join of words (a code's parts, a line's words) is not this."""
    found = []
    words = re.compile(r"word|part|line|code|quoted|chunk")
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join"
                    and isinstance(node.func.value, ast.Constant) and node.func.value.value == " " and node.args):
                argument = ast.unparse(node.args[0])
                if not words.search(argument):
                    found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: \" \".join({argument})")
    return found


def test_sentences_are_joined_as_the_language_joins_them() -> None:
    found = hard_joined_sentences(_source_files())
    assert not found, "join sentences with seahaven.i18n.sentences:\n" + "\n".join(found)


def test_the_joined_sentences_check_can_fail(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text('a = " ".join(messages)\nb = " ".join(m for m in said if m)\nc = " ".join(code.split("-"))\n'
                      'd = " ".join(words)\n', encoding="utf-8")
    assert [line.split(":")[1] for line in hard_joined_sentences([source], tmp_path)] == ["1", "2"]


@pytest.mark.parametrize(("language", "joined"), [("en", "A. B."), ("fr", "A. B."), ("ja", "A.B."), ("zh_CN", "A.B.")])
def test_the_sentence_joiner_of_each_language(language: str, joined: str) -> None:
    try:
        i18n.set_language(language)
        assert i18n.sentences(["A.", "", "B."]) == joined
    finally:
        i18n.set_language("en")


def test_a_repaired_saved_game_is_told_in_japanese_sentences_without_spaces(tmp_path: Path) -> None:
    """Issue 39: the notice of a saved game read with a repair is sentences joined as Japanese
    joins them (no space between "。" and the next sentence), and so is a file set aside."""
    import json

    from seahaven.app.saving.storage import CURRENT, SETTINGS, Storage
    from tests.app.test_storage import valid_body

    body = valid_body()
    body["score"] = 999  # repaired: worked out again from the moves, and the file kept as a copy
    (tmp_path / CURRENT).write_text(json.dumps(body), encoding="utf-8")
    (tmp_path / SETTINGS).write_text("{ not json", encoding="utf-8")
    try:
        i18n.set_language("ja")
        game, settings = Storage(tmp_path).load_game(), Storage(tmp_path).load_settings()
    finally:
        i18n.set_language("en")
    for message in (game.message, settings.message):
        assert message is not None and message.count("。") >= 2 and " " not in message, message
    assert settings.message is not None and settings.message.startswith("設定を読み込めなかったため")


# -- the language chosen -----------------------------------------------------------------


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}, "fr"),
    ({"LANGUAGE": "pt_BR:es", "LANG": "de_DE"}, "pt_BR" if "pt_BR" in SHIPPED else "es"),
    ({"LANGUAGE": "pt:es"}, "pt_BR" if "pt_BR" in SHIPPED else "es"),
    ({"LANG": "pt_PT.UTF-8"}, "pt_BR" if "pt_BR" in SHIPPED else "en"),
    ({"LANG": "zh_CN.UTF-8"}, "zh_CN" if "zh_CN" in SHIPPED else "en"),
    ({"LANGUAGE": "zh"}, "zh_CN" if "zh_CN" in SHIPPED else "en"),
    ({"LANGUAGE": "zh_TW:de"}, "de"),  # Traditional Chinese is not the Simplified catalog
    ({"LANG": "pl_PL.UTF-8"}, "pl" if "pl" in SHIPPED else "en"),
    ({"LANGUAGE": "nl_BE:fr"}, "nl" if "nl" in SHIPPED else "fr"),
    ({"LANGUAGE": "sv_SE:es", "LANG": "de_DE"}, "es"),
    ({"LC_ALL": "it_CH.UTF-8"}, "it"),
    ({"LC_ALL": "de_AT.UTF-8", "LANG": "fr_FR"}, "de"),
    ({"LC_MESSAGES": "es_MX", "LANG": "de_DE"}, "es"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "ja" if "ja" in SHIPPED else "en"),
    ({"LANG": "ko_KR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_language_follows_the_environment(environ: dict[str, str], expected: str) -> None:
    assert i18n.resolve("system", environ, windows_ui=lambda: None) == expected


def test_on_windows_the_user_interface_language_decides() -> None:
    assert i18n.windows_ui_language(lambda: 0x0407) == "de_DE"  # German (Germany)
    assert i18n.windows_ui_language(lambda: 0x0C0A) == "es_ES"  # Spanish (Spain, modern)
    assert i18n.resolve("system", {}, windows_ui=lambda: i18n.windows_ui_language(lambda: 0x040C)) == "fr"
    assert i18n.resolve("system", {"LANG": "es_ES"}, windows_ui=lambda: "de_DE") == "es"  # the variables first

    def broken() -> int:
        raise OSError("no kernel32")

    assert i18n.windows_ui_language(broken) is None


def test_a_chosen_language_beats_the_system_and_english_is_the_fallback() -> None:
    try:
        assert i18n.set_language("es", {"LANGUAGE": "de"}) == "es"
        assert i18n._("Settings") == "Configuración"
        assert i18n.set_language("system", {"LANGUAGE": "de"}) == "de"
        assert i18n._("Settings") == "Einstellungen"
        assert i18n.set_language("xx", {}) == "en"
        assert i18n._("Settings") == "Settings"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("language", "number", "duration", "percent"), [
    ("en", "12,345", "1:15:03", "68%"),
    ("de", "12.345", "1:15:03", "68\u00a0%"),
    ("fr", "12\u202f345", "1:15:03", "68\u202f%"),
    ("es", "12.345", "1:15:03", "68\u00a0%"),
    ("it", "12.345", "1:15:03", "68%"),
    ("pt_BR", "12.345", "1:15:03", "68%"),
    ("nl", "12.345", "1:15:03", "68%"),
])
def test_one_way_to_write_numbers_and_times(language: str, number: str, duration: str, percent: str) -> None:
    try:
        i18n.set_language(language)
        assert i18n.format_number(12345) == number
        assert i18n.format_duration(4503) == duration and i18n.format_duration(75) == "1:15"
        assert i18n.format_percent(0.675) == percent
    finally:
        i18n.set_language("en")
    assert i18n.format_duration(None) == "\u2014"


# -- the real game in German ------------------------------------------------------------


def _translated_tabs(screen: object) -> list[str]:
    return [i18n._(name) for name in screen.tabs]



def test_language_de_shows_german_on_the_table_and_in_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """``LANGUAGE=de``: the real loop's toolbar, status line, a refusal and the New Game
    window speak German; switching the setting to English applies at once."""
    import pygame

    from seahaven.app.board.refusals import Refusal, refusal_text
    from seahaven.app.screens.dialogs import NewGame
    from seahaven.app.shell.launch import build
    from seahaven.engine import column

    monkeypatch.setenv("LANGUAGE", "de")
    app, session, table = build((1024, 700))
    try:
        assert i18n.language() == "de"
        app.step(1 / 60)
        said: list[str] = []
        monkeypatch.setattr(table, "say", lambda text, **_kw: said.append(text))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0))
        app.step(1 / 60)
        assert said == ["Nichts rückgängig zu machen."]
        refusal = table.board.pointer.hand.drop(table.position, table.rules, column(1), 1, column(1))
        assert isinstance(refusal, Refusal)
        assert refusal_text(refusal.reason) == "Die Karten liegen wieder, wo sie waren."
        assert table.verdict.text() is None or table.verdict.text()[0].startswith("Löser")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
        app.step(1 / 60)
        window = app.scenes.top
        assert isinstance(window, NewGame)
        labels = {widget.label for widget in window.widgets}
        assert {"Austeilen", "Abbrechen", "Einfügen", "Nur gewinnbare Spiele"} <= labels
        assert any(label.startswith("Leicht · 4 Zellen") for label in labels)
        surface = pygame.Surface(app.size)
        window.draw(surface)  # drawing German text neither fails nor changes the window
        from seahaven.app.screens import settings_screen

        app.push(settings_screen.open_scene(app, session))
        app.step(1 / 60)
        screen = app.scenes.top
        screen.set_tab(settings_screen.LANGUAGE)
        screen.set("language", "en")  # as the row's English button does
        app.step(1 / 60)
        assert i18n.language() == "en" and i18n._("Deal") == "Deal"
        assert screen.tabs and _translated_tabs(screen) == ["Play", "Look", "Sound and window", "Cards and colours",
                                                            "Language"]
    finally:
        app.close()
        i18n.set_language("en")


def test_word_wrap_breaks_long_words_and_after_hyphens() -> None:
    """German compounds: a word wider than the line is broken inside it (with a hyphen
    between letters), a hyphenated word may end a line after its hyphen, and no line is
    wider than asked; a text that fits stays whole."""
    import pygame

    from seahaven.app.looks.render import wrap

    pygame.font.init()
    font = pygame.font.Font(None, 24)
    compound = "Kartenablagestapelverwaltungsvorschrift"
    width = font.size(compound)[0] // 3
    lines = wrap(font, f"Die {compound} gilt für Herz-Dame und Pik-König.", width)
    assert all(font.size(line)[0] <= width for line in lines), lines
    def letters(text: str) -> str:
        return text.replace("-", "").replace(" ", "")

    assert letters("".join(lines)) == letters(f"Die {compound} gilt für Herz-Dame und Pik-König.")  # nothing lost
    assert any(line.endswith("-") and line[:-1].isalpha() for line in lines)  # broken inside the compound
    narrow = font.size("Herz-")[0] + 2
    assert "Herz-" in wrap(font, "Herz-Dame", narrow)  # after the hyphen, not inside "Dame"
    assert wrap(font, "Neues Spiel", 1000) == ("Neues Spiel",)
    code = "SH1-C4-AAAAAJ2"  # a game code is copied and typed: it moves to the next line whole
    lines = wrap(font, f"Dieses Spiel: {code}.", font.size(f"Dieses Spiel: {code[:4]}")[0])
    assert lines == ("Dieses Spiel:", f"{code}.")


def test_a_change_of_language_reaches_the_windows_already_open() -> None:
    """Issue 26: the end-of-game message and the Menu build their words with their layout,
    so switching the language changes them while they are open."""
    from seahaven.app.screens.dialogs import EndMessage, Menu
    from seahaven.app.shell.launch import build

    app, session, table = build((1024, 700))
    try:
        app.step(1 / 60)
        table.action("menu")
        app.step(1 / 60)
        menu = app.scenes.top
        assert isinstance(menu, Menu)
        before = [widget.label for widget in menu.widgets]
        stuck = EndMessage(app, session, "stuck")
        app.push(stuck)
        app.step(1 / 60)
        assert stuck.buttons[-1][1] == "New game"
        app.settings.set("language", "de")
        app.step(1 / 60)
        assert i18n.language() == "de"
        assert stuck.buttons[-1][1] == "Neues Spiel" and stuck.lines[0][0] != "This deal has no useful move at all."
        after = [widget.label for widget in menu.widgets]
        assert len(after) == len(before) and after != before
    finally:
        app.close()
        i18n.set_language("en")


# -- what code must let a translator do ----------------------------------------------------

MESSAGE_SOURCES = ("game/seahaven/app", "game/seahaven/commands/desktop.py", "game/seahaven/commands/play.py")
"""The files whose words are in the catalogs (tools/i18n.py's SOURCES)."""


def _source_files(root: Path | None = None) -> list[Path]:
    root = ROOT if root is None else root
    found: list[Path] = []
    for source in MESSAGE_SOURCES:
        path = root / source
        found += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return found


def _role(node: ast.Call, parents: dict[ast.AST, ast.AST], tree: ast.AST) -> str:
    """What a message marked without a context does where it is used: a toolbar word
    (``short=``), a heading of Help (``("h", ...)``), a choice's label (inside ``choices=``),
    a row of the statistics table (``FIGURES``), else text."""
    parent = parents.get(node)
    if isinstance(parent, ast.keyword) and parent.arg == "short":
        return "toolbar word"
    if (isinstance(parent, ast.Tuple) and len(parent.elts) == 2 and isinstance(parent.elts[0], ast.Constant)
            and parent.elts[0].value == "h" and parent.elts[1] is node):
        return "heading"
    up = parent
    while up is not None and not isinstance(up, (ast.Assign, ast.AnnAssign, ast.keyword, ast.FunctionDef)):
        up = parents.get(up)
    if isinstance(up, ast.keyword) and up.arg == "choices":
        return "choice"
    if isinstance(up, (ast.Assign, ast.AnnAssign)) and parents.get(up) is tree:
        targets = up.targets if isinstance(up, ast.Assign) else [up.target]
        if any(isinstance(t, ast.Name) and t.id == "FIGURES" for t in targets):
            return "statistics figure"
    return "text"


def messages_in_two_roles(files: list[Path], root: Path = ROOT) -> list[str]:
    """Each message marked with ``_``/``N_`` (no context) that the code uses in two roles
    (a toolbar word and a menu label, a heading and a table's row): one English word with
    two jobs needs ``pgettext``/``NP_`` so a translator can word each job apart."""
    roles: dict[str, dict[str, str]] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_")
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
                roles.setdefault(node.args[0].value, {}).setdefault(_role(node, parents, tree), where)
    return [f"{message!r} is a {' and a '.join(sorted(found))} ({', '.join(found.values())})"
            for message, found in roles.items() if len(found) > 1]


def test_no_message_has_two_roles_without_a_context() -> None:
    found = messages_in_two_roles(_source_files())
    assert not found, "give each role its context (pgettext / NP_):\n" + "\n".join(found)


def test_the_two_roles_check_can_fail(tmp_path: Path) -> None:
    source = tmp_path / "game" / "seahaven" / "app" / "sample.py"
    source.parent.mkdir(parents=True)
    source.write_text('PAGE = (("h", N_("Score")), ("p", N_("Points.")))\n'
                      'def f():\n'
                      '    Action("undo", N_("Undo"), short=N_("Undo"))\n'
                      '    Action("redo", N_("Redo"), short=NP_("toolbar", "Redo"))\n'
                      '    return _("Score")\n', encoding="utf-8")
    found = "\n".join(messages_in_two_roles([source], tmp_path))
    assert "'Undo' is a text and a toolbar word" in found and "'Score' is a heading and a text" in found
    assert "Redo" not in found and "Points" not in found


COUNTED = re.compile(r"\{(n|count|limit|played|won|helped|depth|window)\}\s+(?!of\b)[a-z]"
                     r"|\b(last|top|only|all|over)\s+\{(n|count|limit)\}\s+[a-z]")
"""A count that meets a noun ("{n} cards", "the last {n} games"): such a message must be
plural (ngettext), so Polish can say 2 karty and 5 kart."""


def counts_without_plural(catalog: object) -> list[str]:
    return [repr(m.id) for m in catalog if m.id and isinstance(m.id, str) and COUNTED.search(m.id)]


def test_every_count_that_meets_a_noun_has_a_plural_form() -> None:
    import i18n as tools

    found = counts_without_plural(tools.extract())
    assert not found, "use ngettext for:\n" + "\n".join(found)


def test_the_plural_check_can_fail() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog()
    catalog.add("{n} won")
    catalog.add("Win rate over the last {n} games")
    catalog.add(("{n} card", "{n} cards"))
    catalog.add("Deal rating: {n} of 5.")
    catalog.add("Solver: lost, undo {n}")
    assert counts_without_plural(catalog) == ["'{n} won'", "'Win rate over the last {n} games'"]


ENGLISH_CALENDAR = {"January", "February", "March", "April", "June", "July", "August", "September", "October",
                    "November", "December", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                    "Dec", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Mon",
                    "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
NAMED_DATE = re.compile(r"%[aAbBcxp]")


def hand_written_formats(files: list[Path], root: Path = ROOT) -> list[str]:
    """Numbers, percentages and dates written by hand instead of through seahaven.i18n's
    CLDR formats: a value followed by "%" in an f-string or a template, a thousands
    separator in a format spec, a date format with names (strftime "%B"), a table of
    English month or weekday names, and a table typed per language code."""
    codes = set(i18n.NAMES)
    found: list[str] = []
    for path in files:
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            line = f"{where}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.JoinedStr):
                for before, after in zip(node.values, node.values[1:], strict=False):
                    if (isinstance(before, ast.FormattedValue) and isinstance(after, ast.Constant)
                            and str(after.value).lstrip("\u00a0\u202f ").startswith("%")):
                        found.append(f"{line}: a percentage by hand")
            if isinstance(node, ast.FormattedValue) and isinstance(node.format_spec, ast.JoinedStr):
                spec = "".join(str(v.value) for v in node.format_spec.values if isinstance(v, ast.Constant))
                if "," in spec or "_" in spec:
                    found.append(f"{line}: a thousands separator by hand")
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and re.search(r"\{[a-z_]*\}[\u00a0\u202f ]?%", node.value)):
                found.append(f"{line}: a percentage by hand")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("strftime", "strptime") and node.args
                    and isinstance(node.args[0], ast.Constant) and NAMED_DATE.search(str(node.args[0].value))):
                found.append(f"{line}: a date written by hand")
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                names = {e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in ENGLISH_CALENDAR}
                if len(names) >= 3:
                    found.append(f"{line}: month or weekday names typed by hand")
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if len(keys & codes) >= 2 and all(isinstance(v, ast.Constant) and isinstance(v.value, str)
                                                  and len(v.value) <= 4 for v in node.values):
                    found.append(f"{line}: a per-language table typed by hand")
    return found


def test_numbers_dates_and_percentages_come_from_cldr() -> None:
    files = [*_source_files(), ROOT / "game" / "seahaven" / "i18n.py"]
    found = [line for line in hand_written_formats(files)  # format_number itself groups the digits
             if not (line.startswith("game/seahaven/i18n.py:") and line.endswith("a thousands separator by hand"))]
    assert not found, "write them with seahaven.i18n's format_* (CLDR):\n" + "\n".join(found)


def test_the_format_check_can_fail(tmp_path: Path) -> None:
    source = tmp_path / "game" / "seahaven" / "app" / "sample.py"
    source.parent.mkdir(parents=True)
    source.write_text('def f(v, n, day):\n'
                      '    a = f"{round(v * 100)}%"\n'
                      '    b = f"{n:,}"\n'
                      '    c = day.strftime("%d %B %Y")\n'
                      '    d = ("Mon", "Tue", "Wed")\n'
                      '    e = {"en": ",", "de": "."}\n'
                      '    g = _("{rate}\u00a0%")\n'
                      '    ok = day.strftime("%Y%m%d"), f"{n:02d}", {"en": "English text here"}\n', encoding="utf-8")
    found = "\n".join(hand_written_formats([source], tmp_path))
    for line, what in ((2, "percentage"), (3, "thousands"), (4, "date"), (5, "month or weekday"),
                       (6, "per-language"), (7, "percentage")):
        assert f"sample.py:{line}: a {what}" in found or f"sample.py:{line}: {what}" in found, (line, found)
    assert "sample.py:8" not in found


def test_the_cldr_data_is_what_babel_says() -> None:
    import make_cldr

    assert (ROOT / "game" / "seahaven" / "cldr_data.py").read_text(encoding="utf-8") == make_cldr.render(), \
        "run: python tools/make_cldr.py"


@pytest.mark.parametrize(("language", "day", "day_month", "month_year"), [
    ("en", "Tue, December 1, 2026", "December 1", "December 2026"),
    ("de", "Di., 1. Dezember 2026", "1. Dezember", "Dezember 2026"),
    ("fr", "mar. 1er décembre 2026", "1er décembre", "décembre 2026"),
    ("es", "mar, 1 de diciembre de 2026", "1 de diciembre", "diciembre de 2026"),
    ("pl", "wt., 1 grudnia 2026", "1 grudnia", "grudzień 2026"),
    ("ja", "2026年12月1日(火)", "12月1日", "2026年12月"),
    ("zh_CN", "2026年12月1日周二", "12月1日", "2026年12月"),
])
def test_dates_as_each_language_writes_them(language: str, day: str, day_month: str, month_year: str) -> None:
    import datetime as dt

    saved = i18n._language
    try:
        i18n._language = language  # the formats only, whether or not the catalog ships yet
        first = dt.date(2026, 12, 1)
        assert (i18n.format_date(first), i18n.format_day_month(first), i18n.format_month_year(12, 2026)) == (
            day, day_month, month_year)
        assert i18n.format_day_month(dt.date(2026, 12, 2)).startswith(("2", "December 2", "12月2日"))
    finally:
        i18n._language = saved


# -- every glyph a shipped language writes is in a bundled font ----------------------------


def _font_chars(name: str) -> set[str]:
    from fontTools.ttLib import TTFont

    return {chr(code) for code in TTFont(ROOT / "fonts" / name).getBestCmap()}


def missing_glyphs(language: str, texts: list[str] | None = None) -> list[str]:
    """The characters of ``language``'s words (its catalog, its CLDR dates, the languages'
    own names) that the font the game draws them in has no glyph for."""
    from seahaven.app.looks import fonts
    from seahaven.cldr_data import LANGUAGES as CLDR

    if texts is None:
        texts = list(i18n.NAMES.values()) + [str(v) for v in CLDR.get(language, {}).values()]
        if language != i18n.ENGLISH:
            import i18n as tools

            for message in tools.read(language):
                if message.id:
                    strings = message.string if isinstance(message.string, tuple) else (message.string,)
                    texts += [s for s in strings if s]
    own = fonts.face_of_language(language)
    faces = {face: set.intersection(*(_font_chars(str(fonts.font_path(face, bold).name)) for bold in (False, True)))
             for face in ("ja", "zh_CN", fonts.LATIN)}
    missing: set[str] = set()
    for text in texts:
        if own != fonts.LATIN:
            face = own
        elif any(map(fonts.is_cjk, text)):
            face = "ja" if fonts.has_kana(text) else "zh_CN"
        else:
            face = fonts.LATIN
        missing |= {ch for ch in text if not ch.isspace() and ch.isprintable() and ch not in faces[face]}
    return [f"{language}: {ch!r} (U+{ord(ch):04X})" for ch in sorted(missing)]


@pytest.mark.parametrize("language", [i18n.ENGLISH, *SHIPPED])
def test_every_glyph_of_a_shipped_language_is_in_a_bundled_font(language: str) -> None:
    pytest.importorskip("fontTools")
    found = missing_glyphs(language)
    assert not found, "run tools/subset_cjk.py (or choose another character):\n" + "\n".join(found)


def test_the_glyph_check_can_fail() -> None:
    pytest.importorskip("fontTools")
    assert missing_glyphs("de", ["Herz-Dame", "한국어"]) == ["de: '국' (U+AD6D)", "de: '어' (U+C5B4)",
                                                            "de: '한' (U+D55C)"]
    assert missing_glyphs("de", ["Herz-Dame ♔"]) == ["de: '♔' (U+2654)"]
    assert missing_glyphs("de", ["日本語", "简体中文", "Łódź"]) == []


GAME_NAMES = {"de": "Seahaven-Türme", "es": "Torres de Seahaven", "fr": "Tours de Seahaven", "it": "Torri di Seahaven",
              "pl": "Wieże Seahaven", "pt_BR": "Torres de Seahaven"}
"""The game's name in the menu where the language's solitaire collections give it a form of its own
(KPat's German, Aisleriot's French, and the same pattern in the other Latin-script languages);
ja, nl and zh_CN keep the English name, as their catalogs write it in the game."""


def test_the_menu_entry_and_the_software_centre_speak_every_shipped_language() -> None:
    """The desktop entry's Name (where the language has its own form of the game's name),
    GenericName and Comment, and the metainfo's name, summary, description, screenshot caption
    and every release note of CHANGELOG.md have a translation for each language (tests/
    test_desktop.py validates both files with desktop-file-validate and appstreamcli)."""
    from seahaven.commands import desktop
    from seahaven.resources import resource_path

    entry, info = desktop.desktop_entry(["/usr/bin/seahaven"]), desktop.metainfo()
    releases = desktop.changelog_releases(resource_path("CHANGELOG.md").read_text(encoding="utf-8"))
    notes = [note for _version, _date, notes in releases for note in notes]
    assert notes and "Name=Seahaven Towers\n" in entry and "<caption>A deal in progress" in info
    for code in SHIPPED:
        catalog = i18n.translation(code)
        assert f"Comment[{code}]={catalog.gettext(desktop.SUMMARY)}\n" in entry
        assert f"GenericName[{code}]=" in entry and f"Keywords[{code}]=" in entry
        name = GAME_NAMES.get(code, "Seahaven Towers")
        assert catalog.pgettext("desktop entry", "Seahaven Towers") == name
        assert (f"Name[{code}]={name}\n" in entry) == (f'<name xml:lang="{code}">{name}</name>' in info) == (code in
                                                                                                   GAME_NAMES)
        assert f'<summary xml:lang="{code}">' in info and f'<p xml:lang="{code}">' in info
        caption = catalog.gettext(desktop.SCREENSHOTS[0][1])
        assert caption != desktop.SCREENSHOTS[0][1] and f'<caption xml:lang="{code}">{caption}</caption>' in info
        for note in notes:
            words = catalog.pgettext(desktop.RELEASE_NOTES, note)
            assert words != note and f'<li xml:lang="{code}">{words}</li>' in info, (code, note)
        assert info.count(f'<li xml:lang="{code}">') == len(desktop.FEATURES) + len(notes)


def test_the_release_notes_of_the_changelog_are_messages_of_the_catalogs() -> None:
    """tools/i18n.py extract takes each note of CHANGELOG.md into the template (context
    ``release notes``, with where it stands), so a new release's notes reach the translators."""
    import i18n as tools

    from seahaven.commands import desktop

    template = {(message.id, message.context): message for message in tools.extract() if message.id}
    releases = desktop.changelog_releases(tools.CHANGELOG.read_text(encoding="utf-8"))
    for version, _date, notes in releases:
        for note in notes:
            message = template[(note, desktop.RELEASE_NOTES)]
            assert message.locations[0][0] == "CHANGELOG.md" and message.locations[0][1] > 0
            assert any(version in comment for comment in message.auto_comments)


def test_word_wrap_breaks_japanese_and_chinese_between_characters() -> None:
    """Text written without spaces wraps between its characters, in the game's CJK face:
    no line is wider than asked, nothing is lost, no line starts with a full stop, a comma
    or a closing bracket, none ends with an opening one, and a number keeps its counter."""
    import pygame

    from seahaven.app.looks import fonts
    from seahaven.app.looks.render import wrap

    pygame.font.init()
    text = "カードは表向きで5枚ずつ10列に配られます。最後の2枚はセルに入ります（「新しいゲーム」で選びます）。"
    font = pygame.font.Font(str(fonts.font_path("ja", False)), 20)
    for width in (90, 130, 200, 333):
        lines = wrap(font, text, width)
        assert len(lines) > 1 and all(font.size(line)[0] <= width for line in lines), (width, lines)
        assert "".join(lines) == text
        assert not any(line[0] in "。、）」" for line in lines[1:]) and not any(line[-1] in "（「" for line in lines)
        assert not any(line.endswith(("5", "2")) for line in lines), lines
    chinese = pygame.font.Font(str(fonts.font_path("zh_CN", False)), 20)
    lines = wrap(chinese, "纸牌正面朝上分成10列，每列5张。最后两张放入空当。", 120)
    assert len(lines) > 1 and "".join(lines) == "纸牌正面朝上分成10列，每列5张。最后两张放入空当。"
    assert not any(line[0] in "，。" for line in lines[1:])


def test_each_language_draws_in_its_face_and_cjk_names_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Japanese and Chinese screens draw in their own subset of Noto Sans CJK (bundled: no
    system font needed); a German screen draws in Noto Sans, and hands 日本語 and 简体中文
    (the Settings list's names) to a CJK face instead of drawing boxes."""
    import pygame

    from seahaven.app.looks import fonts
    from seahaven.app.looks.assets import Assets

    pygame.font.init()
    art = Assets()
    cjk = {face: pygame.font.Font(str(fonts.font_path(face, False)), 24) for face in ("ja", "zh_CN")}
    latin = pygame.font.Font(str(fonts.font_path(fonts.LATIN, False)), 24)
    try:
        for code, face in (("ja", "ja"), ("zh_CN", "zh_CN")):
            monkeypatch.setattr(i18n, "_language", code)
            assert art.font(24).size("設定の言語") == cjk[face].size("設定の言語")
        monkeypatch.setattr(i18n, "_language", "de")
        font = art.font(24)
        assert font.size("Einstellungen") == latin.size("Einstellungen")
        assert font.size("简体中文") == cjk["zh_CN"].size("简体中文") != latin.size("简体中文")
        assert font.size("日本語") == cjk["zh_CN"].size("日本語")
        drawn = font.render("日本語", True, (255, 255, 255))
        assert drawn.get_size() == cjk["zh_CN"].size("日本語") and drawn.get_bounding_rect().w > 0
    finally:
        monkeypatch.setattr(i18n, "_language", "en")
