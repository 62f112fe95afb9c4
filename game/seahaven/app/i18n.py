"""The app's door to the player's language: ``from seahaven.app.i18n import _, ngettext``.

Everything lives in :mod:`seahaven.i18n` (standard library only, so the command line can use
it too); this module re-exports it for the screens.
"""

from seahaven.i18n import (
    LANGUAGES,
    N_,
    NP_,
    SYSTEM,
    _,
    format_date,
    format_day_month,
    format_duration,
    format_month_year,
    format_number,
    format_percent,
    language,
    month_name,
    month_short,
    ngettext,
    npgettext,
    pgettext,
    set_language,
    weekday_short,
)

__all__ = [
    "LANGUAGES",
    "NP_",
    "N_",
    "SYSTEM",
    "_",
    "format_date",
    "format_day_month",
    "format_duration",
    "format_month_year",
    "format_number",
    "format_percent",
    "language",
    "month_name",
    "month_short",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "weekday_short",
]
