"""The player's language: gettext lookups, the language choice, and the one way to write a
time of play, a number and a percentage.

Every word a player reads goes through ``_`` (or ``ngettext`` for anything counted,
``pgettext`` where one English word has two meanings). Words declared before a language is
known (tables of labels at module level) are marked with ``N_`` and translated where they
are shown: ``_(row.label)``.

The catalogs are ``game/seahaven/locale/<lang>/LC_MESSAGES/seahaven.mo`` (compiled from the ``.po``
beside them by ``tools/i18n.py``; tests/test_i18n.py checks the two agree). Standard library
only: the command line and the engine's tests may import it without pygame or Babel.

The language follows the system unless the player chose one in Settings
(:func:`set_language`): ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` in that order (as
GNU gettext reads them), and on Windows with none of them set, the user's UI language.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from pathlib import Path

from seahaven.cldr_data import LANGUAGES as _CLDR

DOMAIN = "seahaven"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""``game/seahaven/locale``: inside the package, so the wheel and the PyInstaller bundle carry it."""

ENGLISH = "en"
NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano",
                         "pt_BR": "Português (Brasil)", "nl": "Nederlands", "pl": "Polski", "ja": "日本語",
                         "zh_CN": "简体中文"}
"""Every language the game is written for -> its name in its own language and script."""
FALLBACKS: dict[str, str] = {"pt": "pt_BR", "zh": "zh_CN", "zh_SG": "zh_CN", "zh_Hans": "zh_CN"}
"""A locale the game has no catalog of by that name -> the one it reads: Portuguese is the
Brazilian catalog, Chinese the Simplified one (Singapore writes it too; Taiwan and Hong Kong
write Traditional characters, so they fall through to the next language asked for)."""


def _shipped(code: str) -> bool:
    return code == ENGLISH or (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()


LANGUAGES: dict[str, str] = {code: name for code, name in NAMES.items() if _shipped(code)}
"""Language code -> its name in its own language, for the languages the game speaks (those
whose catalog ships): Settings shows them so, untranslated."""

SYSTEM = "system"
"""The language setting that follows the system."""

_ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language: str = ENGLISH


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (module-level tables)."""
    return message


class Marked(str):
    """An English message marked with its context by :func:`NP_`: ``_()`` looks it up in
    that context, so a table of labels can hold words that have two jobs."""

    context: str

    def __new__(cls, context: str, message: str) -> Marked:
        made = super().__new__(cls, message)
        made.context = context
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # copies and pickles keep the context
        return (self.context, str(self))


def NP_(context: str, message: str) -> str:
    """:func:`N_` with a context: one English word with two jobs ("Off" of the animation
    speed, "Off" of a switch) is two messages a translator can word apart."""
    return Marked(context, message)


def _(message: str) -> str:
    """``message`` in the player's language (in its context if :func:`NP_` marked it)."""
    if isinstance(message, Marked):
        return _translation.pgettext(message.context, str(message))
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the player's language; the text
    still holds its placeholders: ``ngettext("{n} card", "{n} cards", n).format(n=n)``."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, where ``context`` tells two meanings apart."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _translation.npgettext(context, singular, plural, n)


def shipped_languages() -> list[str]:
    """The codes of the languages the game speaks, English first: those whose compiled
    catalog is in ``game/seahaven/locale`` (a language ships when its catalog does)."""
    found = sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [ENGLISH] + [code for code in found if code != ENGLISH]


def translation(code: str) -> _gettext.NullTranslations:
    """The catalog of language ``code`` (English: none), without changing the language in
    use: the desktop entry writes every language at once."""
    if code == ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)


def language() -> str:
    """The code of the language in use: "en", "de", "pt_BR", "zh_CN"..."""
    return _language


def windows_ui_language(get_id: Callable[[], int] | None = None) -> str | None:
    """The Windows user's UI language as a locale name ("de_DE"), or None elsewhere or when
    it cannot be read. ``get_id`` stands in for ``GetUserDefaultUILanguage`` in tests."""
    if get_id is None:
        if sys.platform != "win32":
            return None
        try:
            import ctypes

            # ctypes.windll exists on Windows only; checked on Linux the ignore itself is unused
            get_id = ctypes.windll.kernel32.GetUserDefaultUILanguage  # type: ignore[attr-defined,unused-ignore]
        except (ImportError, AttributeError, OSError):
            return None
    try:
        lang_id = int(get_id())
    except (OSError, ValueError, TypeError):
        return None
    import locale

    return locale.windows_locale.get(lang_id)


def system_languages(environ: Mapping[str, str] | None = None,
                     windows_ui: Callable[[], str | None] = windows_ui_language) -> list[str]:
    """The languages the system asks for, most wanted first, as locale names ("de_AT.UTF-8",
    "fr"): the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
    (``LANGUAGE`` may list several, split by colons), else the Windows UI language."""
    environ = os.environ if environ is None else environ
    for var in _ENV_VARS:
        value = environ.get(var, "")
        if value:
            return [part for part in value.split(":") if part]
    found = windows_ui()
    return [found] if found else []


def supported(names: list[str]) -> str:
    """The first of the locale names ``names`` that the game speaks, as a code; English when
    none is ("C" and "POSIX" mean English too)."""
    for name in names:
        code = locale_code(name)
        if code is not None:
            return code
        if name.split(".")[0].upper() in ("C", "POSIX"):
            return ENGLISH
    return ENGLISH


def locale_code(name: str) -> str | None:
    """The code of the catalog that speaks locale ``name`` ("pt_BR.UTF-8" -> "pt_BR",
    "pt_PT" and "pt" -> "pt_BR", "zh-Hans-CN" -> "zh_CN", "de_AT" -> "de"), None if none does."""
    parts = name.split(".")[0].split("@")[0].replace("-", "_").split("_")
    language = parts[0].lower()
    regions = [part for part in parts[1:] if part]
    for region in regions:
        region = region.upper() if len(region) == 2 else region.title()
        candidate = f"{language}_{region}"
        if candidate in LANGUAGES:
            return candidate
        if FALLBACKS.get(candidate) in LANGUAGES:
            return FALLBACKS[candidate]
    if language == "zh" and any(region.upper() in ("TW", "HK", "MO", "HANT") for region in regions):
        return None  # Traditional Chinese: not the Simplified catalog
    if language in LANGUAGES:
        return language
    fallback = FALLBACKS.get(language)
    return fallback if fallback in LANGUAGES else None


def resolve(choice: str | None, environ: Mapping[str, str] | None = None,
            windows_ui: Callable[[], str | None] = windows_ui_language) -> str:
    """The language code a setting means: itself if the game speaks it, else the system's."""
    if choice in LANGUAGES:
        return choice
    return supported(system_languages(environ, windows_ui))


def set_language(choice: str | None = SYSTEM, environ: Mapping[str, str] | None = None,
                 windows_ui: Callable[[], str | None] = windows_ui_language) -> str:
    """Speak ``choice`` ("system", None or a code) from now on; returns the code in use.
    A missing catalog falls back to English rather than failing."""
    global _translation, _language
    code = resolve(choice, environ, windows_ui)
    if code == ENGLISH:
        _translation = _gettext.NullTranslations()
    else:
        _translation = _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)
    _language = code
    return code


# -- numbers, percentages, dates and times (CLDR) ------------------------------------------


def cldr(code: str | None = None) -> Mapping[str, object]:
    """How language ``code`` (the one in use by default) writes numbers and dates, from CLDR
    (``seahaven.cldr_data``, generated by tools/make_cldr.py); English's for a language CLDR
    data was not generated for."""
    table = _CLDR.get(_language if code is None else code)
    return table if table is not None else _CLDR[ENGLISH]


def _text(key: str) -> str:
    return str(cldr()[key])


def _names(key: str) -> list[str]:
    """A list of CLDR names (months, weekdays) of the language in use."""
    value = cldr()[key]
    return [str(name) for name in value] if isinstance(value, list) else []


def format_number(n: float, decimals: int = 0) -> str:
    """``n`` as the player's language writes numbers: 12,345 / 12.345 / 12 345 / 12.345 (CLDR's
    symbols and minimum grouping: Spanish and Polish write 1234 but 12.345)."""
    data = cldr()
    text = f"{abs(n):,.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    digits = whole.replace(",", "")
    grouping = int(str(data["min_grouping"]))
    whole = digits if len(digits) < 3 + grouping else whole.replace(",", str(data["group"]))
    out = whole + (str(data["decimal"]) + fraction if fraction else "")
    return (str(data["minus"]) if n < 0 and text.strip("0.,") else "") + out


_NUMBER_PART = re.compile(r"[#0,.]+")


def format_percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` (0.5) as a percentage the player's language writes: 50% / 50 % (CLDR's
    pattern: where the sign goes and what space stands before it)."""
    pattern = _text("percent").split(";")[0]
    return _NUMBER_PART.sub(lambda _m: format_number(fraction * 100, decimals), pattern, count=1)


def format_duration(seconds: float | None) -> str:
    """A time of play, the one way the game writes it everywhere: "0:42", "12:03",
    "1:15:03" (hours only once there is one; CLDR's time separator); a dash when there is none."""
    if seconds is None:
        return "\u2014"
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    sep = _text("time_separator")
    return f"{hours}{sep}{minutes:02d}{sep}{secs:02d}" if hours else f"{minutes}{sep}{secs:02d}"


_DATE_FIELD = re.compile(r"'([^']*)'|(y+|M+|L+|d+|E+|c+)")
"""A quoted literal, or a CLDR date field (year, month, stand-alone month, day, weekday)."""


def _date(pattern: str, day: date) -> str:
    """``day`` written by the CLDR ``pattern`` ("E, d. MMMM y") in the player's language."""
    data = cldr()
    names = _names

    def field(match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return match.group(1) or "'"
        token = match.group(2)
        kind, width = token[0], len(token)
        if kind == "y":
            return f"{day.year % 100:02d}" if width == 2 else str(day.year)
        if kind in "ML":
            if width <= 2:
                return str(day.month).zfill(width)
            key = {(True, 3): "months_short_format", (False, 3): "months_short", (True, 4): "months",
                   (False, 4): "months_standalone"}[(kind == "M", min(width, 4))]
            return names(key)[day.month - 1]
        if kind == "d":
            if day.day == 1 and width == 1 and data["day_one"]:
                return str(data["day_one"])
            return str(day.day).zfill(width)
        return names("weekdays" if width == 4 else "weekdays_short_format")[day.weekday()]

    return _DATE_FIELD.sub(field, pattern)


def format_date(day: date) -> str:
    """A day with its weekday: "Tue, December 1, 2026", "Di., 1. Dezember 2026",
    "mar. 1er décembre 2026", "2026年12月1日(火)"."""
    return _date(_text("date"), day)


def format_day_month_year(day: date) -> str:
    """A day inside a sentence, without its weekday: "December 1, 2026", "1. Dezember 2026",
    "1er décembre 2026", "1 de diciembre de 2026", "2026年12月1日". CLDR's weekday forms are
    for a date standing on its own; after a preposition ("the deals of …", "vom …", "du …")
    the weekday's abbreviation is wrong."""
    return _date(_text("day_month_year"), day)


def format_month_year(month: int, year: int) -> str:
    """"December 2026", "grudzień 2026", "2026年12月"."""
    return _date(_text("month_year"), date(year, month, 1))


def format_day_month(day: date) -> str:
    """"December 1", "1. Dezember", "1er décembre", "12月1日"."""
    return _date(_text("day_month"), day)


def format_weekday_day_month(day: date) -> str:
    """A day of this year with its weekday: "Tue, December 1", "Di., 1. Dezember",
    "mar. 1er décembre", "12月1日(火)"."""
    return _date(_text("weekday_day_month"), day)


def sentences(texts: Iterable[str]) -> str:
    """Sentences one after the other as the player's language joins them (the catalogs'
    "two sentences" template): English and French put a space between them, Japanese and
    Chinese none. Empty texts are left out."""
    said = ""
    for text in texts:
        if text:
            # Translators: how two sentences follow each other ({first} and {second} each end with its full
            # stop): with a space in English and French, without one in Japanese and Chinese.
            joined = pgettext("two sentences", "{first} {second}")
            said = text if not said else joined.format(first=said, second=text)
    return said


def month_name(month: int) -> str:
    """The name of ``month`` (1 January ... 12 December) standing on its own."""
    return _names("months_standalone")[month - 1]


def month_short(month: int) -> str:
    """The short name of ``month`` standing on its own (a calendar's or an axis's label)."""
    return _names("months_short")[month - 1]


def weekday_short(index: int) -> str:
    """The short name of weekday ``index`` (0 Monday ... 6 Sunday) heading a calendar's column."""
    return _names("weekdays_short")[index]
