"""The translations' tools (Babel; not needed to play):

    python tools/i18n.py extract   # the messages of the code -> game/seahaven/locale/seahaven.pot
    python tools/i18n.py update    # the code's messages -> each language's .po (see update())
    python tools/i18n.py compile   # each .po -> its .mo, which the game reads (committed)
    python tools/i18n.py check     # what tests/test_i18n.py checks, as a list

The ``.po`` files are the source; the ``.mo`` files beside them are compiled from them and
committed, so a checkout, the wheel and the PyInstaller bundle need no build step (the
tests fail when a ``.mo`` no longer matches its ``.po``).

Translators read what a message is from a ``# Translators:`` comment written right above
its call in the code (what it is, where it shows, how much room it has): the template and
every catalog carry it as a ``#.`` line. Where each message is used (``#:`` lines) is in the
template only, so moving code does not change nine catalogs.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "seahaven" / "locale"
DOMAIN = "seahaven"
CHANGELOG = ROOT / "CHANGELOG.md"
"""Its release notes are messages too (:func:`add_release_notes`)."""
LANGUAGES = tuple(sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))
"""Every language with a catalog (a new language starts as game/seahaven/locale/<code>/LC_MESSAGES/seahaven.po)."""
SOURCES = ("game/seahaven/app", "game/seahaven/i18n.py", "game/seahaven/commands", "game/seahaven/__main__.py")
"""Where the player's words are: the game, the menu entry and software centre text
(``game/seahaven/commands/desktop.py``), and the command line (its help and errors, and argparse's own
words: ``game/seahaven/commands/argparse_words.py``); and CHANGELOG.md's release notes."""
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "pt_BR": "nplurals=2; plural=(n > 1);",
                "es": "nplurals=2; plural=(n != 1);", "it": "nplurals=2; plural=(n != 1);"}
"""The plural rule of a catalog where it is not CLDR's (Babel's): CLDR gives French, Spanish,
Italian and Portuguese a third form, "many", for round millions ("1 000 000 de coups"), which
no count in the game reaches and which the desktop's catalogs (Aisleriot's and KPat's, GNOME's
and KDE's teams) do not write. These are the two forms those catalogs use: French and Brazilian
Portuguese count 0 as singular ("0 carte", as CLDR's "one" does), Spanish and Italian do not."""
KEYWORDS = {"_": None, "N_": None, "NP_": ((1, "c"), 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
COMMENT_TAGS = ("Translators:",)
"""A comment starting so, on the lines right above a marked message, is the translator's note on it."""


def extract() -> Catalog:
    """Every message the code marks, with where it is used and its translator comments."""
    catalog = Catalog(project="Seahaven Towers", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for source in SOURCES:
        path = ROOT / source
        if path.is_file():
            from babel.messages.extract import extract_from_file

            found = ((path.name, lineno, message, comments, context)
                     for lineno, message, comments, context in extract_from_file("python", path, KEYWORDS,
                                                                                   comment_tags=COMMENT_TAGS))
            prefix = path.parent.relative_to(ROOT)
        else:
            found = extract_from_dir(path, method_map=[("**.py", "python")], keywords=KEYWORDS,
                                     comment_tags=COMMENT_TAGS)
            prefix = path.relative_to(ROOT)
        for filename, lineno, message, comments, context in found:
            note = [" ".join(comments)] if comments else []  # one note, however many lines it took in the code
            catalog.add(message, None, [(f"{prefix}/{filename}", lineno)], auto_comments=note, context=context)
    add_release_notes(catalog)
    return catalog


def plural_forms(language: str) -> str:
    """The Plural-Forms header the catalog of ``language`` must have."""
    return PLURAL_FORMS.get(language) or Catalog(locale=language).plural_forms


def add_release_notes(catalog: Catalog) -> None:
    """Each note of CHANGELOG.md's releases, in the context ``release notes``: the AppStream
    metainfo shows a release's notes in every language (game/seahaven/commands/desktop.py)."""
    from seahaven.commands.desktop import RELEASE_NOTES, changelog_releases

    text = CHANGELOG.read_text(encoding="utf-8")
    lines = text.splitlines()
    for version, _date, notes in changelog_releases(text):
        for note in notes:
            lineno = next((number for number, line in enumerate(lines, 1)
                           if line.startswith("- ") and note.startswith(line[2:].strip())), 0)
            catalog.add(note, None, [("CHANGELOG.md", lineno)], context=RELEASE_NOTES, auto_comments=[
                f"A note of release {version} in CHANGELOG.md, shown by software centres with the release. "
                "Product and program names (Orca, NVDA, VoiceOver, PyPI, seahaven-towers) stay as they are."])


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write(language: str, catalog: Catalog) -> None:
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, omit_header=False, sort_output=False,
             include_previous=False)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for language in LANGUAGES:
        po_path(language).with_suffix(".mo").write_bytes(compiled(read(language)))


def _key(message: Message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def merged(catalog: Catalog, template: Catalog) -> Catalog:
    """``catalog`` brought up to ``template``: its messages stay in their order with their
    translations, each with the template's translator comments (``#.``) and no locations;
    a message the code no longer has is dropped, a new one is added at the end, untranslated.
    So a change in the code changes only the catalog's lines it must."""
    wanted = {_key(message): message for message in template if message.id}
    for message in list(catalog):
        if message.id and _key(message) not in wanted:
            catalog.delete(message.id, context=message.context)
    have = {_key(message) for message in catalog if message.id}
    for key, source in wanted.items():
        if key not in have:
            catalog.add(source.id, None, [], flags=source.flags, auto_comments=source.auto_comments,
                        context=source.context)
            continue
        message = catalog.get(key[0], context=key[1])
        assert message is not None
        if isinstance(message.id, str) != isinstance(source.id, str):  # now counted, or no longer
            message.string = ("",) * catalog.num_plurals if isinstance(source.id, tuple) else ""
            message.flags = set(source.flags)
        message.id = source.id  # a plural's English plural may have changed; its key (the singular) has not
        message.auto_comments = list(source.auto_comments)
        message.locations = []
    return catalog


def update() -> None:
    """Every language's catalog brought up to the code's messages (see :func:`merged`)."""
    template = extract()
    for language in LANGUAGES:
        path = po_path(language)
        catalog = read(language) if path.exists() else Catalog(locale=language, domain=DOMAIN)
        write(language, merged(catalog, template))


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "extract":
        buffer = io.BytesIO()
        write_po(buffer, extract(), width=100)
        (LOCALE / f"{DOMAIN}.pot").write_bytes(buffer.getvalue())
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        sys.path.insert(0, str(ROOT))
        from tests.test_i18n import catalog_problems

        problems = [p for language in LANGUAGES for p in catalog_problems(language)]
        print("\n".join(problems) or "all catalogs complete")
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
