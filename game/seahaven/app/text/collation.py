"""Names in the order the player's language sorts them (issue 37: the file chooser's lists).

Python's own order is the order of code points: "Zebra" before "apple", "Ölberg" after "Zug",
"ł" after every other letter, "file10" before "file9". The game has no ICU (its dependencies
are fixed), so this is a small collation after the Unicode Collation Algorithm's three
levels, as a file manager sorts:

- first the letters, with case, accents and the two kana scripts set aside, and numbers by
  their value ("file9" before "file10");
- then the accents ("resume" before "résumé"), then the case (lower case first);
- letters a language counts as letters of their own after their base letter: Polish ą ć ę ł
  ń ó ś ź ż, Spanish ñ (in German ä, ö, ü sort with a, o, u, as its dictionaries do);
- scripts in CLDR's order: spaces and punctuation, numbers, Latin, Greek, Cyrillic, other
  alphabets, kana (hiragana and katakana as one, by the gojūon), then Han characters.

Han characters sort by radical and stroke count (Unicode's order, CLDR's "unihan" order); the
pinyin order of Chinese dictionaries needs a reading for every character, which the game does
not carry. No ``unicodedata`` either (the executable leaves its 1.1 MB out): the letters with
accents of the Latin, Greek and kana scripts come from the table below, which
``unicodedata.normalize("NFD", ...)`` gave (``tests/app/test_file_browser.py`` checks it
against it). No pygame here.
"""

from __future__ import annotations

from functools import lru_cache

OWN_LETTERS = {
    "pl": frozenset("ąćęłńóśźż"),
    "es": frozenset("ñ"),
}
"""Letters a language sorts after their base letter as letters of their own (CLDR's tailorings)."""

_ACCENTED = (
    "àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏő"
    "ŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǯǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩ"
    "ȫȭȯȱȳʹάέήίϊϋόύώϓϔёḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓ"
    "ṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿẁẃẅẇẉẋẍẏẑẓẕạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổ"
    "ỗộớờởỡợụủứừửữựỳỵỷỹἀἁἂἃἄἅἆἇἐἑἒἓἔἕἠἡἢἣἤἥἦἧἰἱἲἳἴἵἶἷὀὁὂὃὄὅὑὓὕὗὠὡ"
    "ὢὣὤὥὦὧὰάὲέὴήὶίὸόὺύὼώᾰᾱῐῑῠῡῥがぎぐげござじずぜぞだぢづでどばぱびぴぶぷべぺぼぽゔゞガギグゲゴザ"
    "ジズゼゾダヂヅデドバパビピブプベペボポヴヷヸヹヺヾ"
)
_PLAIN = (
    "aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooo"
    "rrrssssttuuuuuuwyzzzouaiouuuuuaaægkooʒgnaæøaaeeiioorruusthae"
    "ooooyʹαεηιιυουωϒϒеabbbcdddddeeeeefghhhhhiikkkllllmmmnnnnoooo"
    "pprrrrsssssttttuuuuuvvwwwwwxxyzzzaaaaaaaaaaaaeeeeeeeeiiooooo"
    "ooooooouuuuuuuyyyyααααααααεεεεεεηηηηηηηηιιιιιιιιοοοοοουυυυωω"
    "ωωωωωωααεεηηιιοουυωωααιιυυρかきくけこさしすせそたちつてとははひひふふへへほほうゝカキクケコサ"
    "シスセソタチツテトハハヒヒフフヘヘホホウワヰヱヲヽ"
)
"""Small letters with accents (Latin, Greek, Cyrillic ё, kana with their voicing marks) and
the letters they sort with at the first level: NFD's decomposition, marks left out."""
_UNACCENTED = str.maketrans(_ACCENTED, _PLAIN)

_BASE = {"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŀ": "l", "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th",
         "ŧ": "t", "ð": "d"}
"""Latin letters with no decomposition, as the letters they sort with."""

PUNCTUATION, NUMBER, LATIN, GREEK, CYRILLIC, ALPHABET, KANA, HAN, OTHER = range(9)
"""Script groups, in CLDR's root order."""

_SMALL_KANA = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")


def _script(char: str) -> int:
    code = ord(char)
    if not char.isalnum():
        return PUNCTUATION
    if code < 0x250 or 0x1E00 <= code < 0x1F00 or 0xFF21 <= code <= 0xFF5A:
        return LATIN
    if 0x370 <= code < 0x400 or 0x1F00 <= code < 0x2000:
        return GREEK
    if 0x400 <= code < 0x530:
        return CYRILLIC
    if 0x3040 <= code < 0x3100 or 0x31F0 <= code < 0x3200 or 0xFF66 <= code <= 0xFF9F:
        return KANA
    if 0x3400 <= code < 0xA000 or 0xF900 <= code < 0xFB00 or 0x20000 <= code < 0x32000:
        return HAN
    if char.isalpha():
        return ALPHABET
    return OTHER


def _kana(char: str) -> str:
    """Katakana as hiragana, small kana as large (the primary level makes no difference)."""
    code = ord(char)
    if 0x30A1 <= code <= 0x30F6:
        char = chr(code - 0x60)
    return char.translate(_SMALL_KANA)


@lru_cache(maxsize=4096)
def _weights(char: str, language: str) -> tuple[str, str, str]:
    """What one character (not a digit) weighs at the three levels, in ``language``, each
    written as text that compares as the weights do: its letters (three characters each:
    script, letter, whether it is a letter of its own; "ß" is two letters), its accent (one
    character) and its case. Worked out once a character."""
    own = OWN_LETTERS.get(language, frozenset())
    folded = char.casefold()
    case = "0" if folded == char else "1"
    plain = folded.translate(_UNACCENTED)
    accent = folded[:1] if plain != folded else "\0"
    if folded in own:  # a letter of its own: after its base letter, before the next
        return f"{LATIN}{_BASE.get(plain, plain)[:1]}1", accent, case
    parts = []
    for letter in plain:
        for part in _BASE.get(letter, letter):
            script = _script(part)
            parts.append(f"{script}{_kana(part) if script == KANA else part}0")
    return "".join(parts), accent, case


def _number(digits: str) -> str:
    """A number's weight as text: its script group, how many digits it has, the digits (so
    9 comes before 10), and an end."""
    value = digits.lstrip("0") or "0"
    return f"{NUMBER}{chr(0x100 + len(value))}{value}\1"


@lru_cache(maxsize=16384)
def sort_key(name: str, language: str = "") -> tuple[str, str, str, str]:
    """What ``name`` sorts by in ``language`` (a catalog's code: "de", "pl", "ja"...): the
    letters, then the accents, then the case, then the name itself (so that no two names
    compare equal). Each level is one text, so that sorting thousands of names compares
    texts (fast, in C) and not tuples of tuples; kept for names met again."""
    language = language.partition("_")[0]
    letters: list[str] = []
    accents: list[str] = []
    cases: list[str] = []
    digits = ""
    for char in name:
        if char.isdecimal():  # any script's digits, by their value
            digits += str(int(char))
            continue
        if digits:
            letters.append(_number(digits))
            digits = ""
        parts, accent, case = _weights(char, language)
        letters.append(parts)
        accents.append(accent)
        cases.append(case)
    if digits:
        letters.append(_number(digits))
    return "".join(letters), "".join(accents), "".join(cases), name


def sorted_names(names: list[str], language: str = "") -> list[str]:
    """``names`` in ``language``'s order."""
    return sorted(names, key=lambda name: sort_key(name, language))
