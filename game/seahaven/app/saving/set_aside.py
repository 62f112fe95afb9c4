"""What becomes of a file of the player's that cannot be used: it is set aside.

The file is renamed beside itself with a timestamp (``settings.bad-20260101-120000.json``),
never deleted, and the player reads whole sentences saying so; a symbolic link is renamed as
it is, its target never touched. A file that cannot even be renamed is left as it is, and
the sentence says that nothing of it will be saved until it is fixed: the caller then
refuses every write over it (:class:`Aside`'s ``refusal``).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from seahaven.app.saving.files import os_reason
from seahaven.i18n import _, sentences


@dataclass(frozen=True)
class Aside:
    """How setting a file aside went: the sentence for the player, where the file went
    (None: it could not be moved), and then why every write over it is refused."""

    message: str
    moved_to: Path | None = None
    refusal: str | None = None


def set_aside(path: Path, lead: str, until_fixed: str, refused: str = "", unreadable: bool = False) -> Aside:
    """Rename the bad file ``path`` with a timestamp (never delete it) and say so in whole
    sentences after ``lead`` ("Your settings could not be read, so the defaults are used.").
    If it cannot be moved, ``until_fixed`` ends the message ("Your settings will not be saved
    until that file is fixed.") and ``refused`` (with ``{file}`` and ``{why}``, if given) is
    what a write over it says. ``unreadable``: it could not even be read (else its content was damaged)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    link = os.path.islink(path)
    try:
        n = 1
        while os.path.lexists(target):
            n += 1
            target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
        os.replace(path, target)
    except (OSError, ValueError) as error:
        # Translators: the reason in parentheses of "… could not be moved aside (…)".
        why = os_reason(error) if isinstance(error, OSError) else _("its name is not allowed")
        # Translators: a sentence of a notice at start, after the one saying which file could not be read; {why} is
        # the system's reason.
        cannot = (_("The unreadable file could not be moved aside ({why}).") if unreadable
                  # Translators: a sentence of a notice at start, after the one saying which file could not be read;
                  # {why} is the system's reason.
                  else _("The damaged file could not be moved aside ({why}).")).format(why=why)
        return Aside(sentences([lead, cannot, until_fixed]), refusal=refused.format(file=path.name, why=why) or None)
    if link:  # renamed, the link still points where it did: its target is never touched
        # Translators: a sentence of a notice at start, after the one saying which file could not be read; {file} is
        # the name the link was renamed to.
        kept = _("It was a link to another file, which is left as it is; the link was kept as {file}.")
    else:
        # Translators: a sentence of a notice at start, after the one saying which file could not be read; {file} is
        # the name the file was renamed to.
        kept = (_("The unreadable file was kept as {file}.") if unreadable
                # Translators: a sentence of a notice at start, after the one saying which file could not be read;
                # {file} is the name the file was renamed to.
                else _("The damaged file was kept as {file}."))
    return Aside(sentences([lead, kept.format(file=target.name)]), moved_to=target)
