"""What becomes of a file of the player's that cannot be used: it is set aside.

The file is renamed beside itself with a timestamp (``settings.bad-20260101-120000.json``),
never deleted, and the player reads one sentence saying so; a symbolic link is renamed as
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
from seahaven.i18n import _


@dataclass(frozen=True)
class Aside:
    """How setting a file aside went: the sentence for the player, where the file went
    (None: it could not be moved), and then why every write over it is refused."""

    message: str
    moved_to: Path | None = None
    refusal: str | None = None


def set_aside(path: Path, lead: str, what: str, unreadable: bool = False) -> Aside:
    """Rename the bad file ``path`` with a timestamp (never delete it) and say so in one
    sentence starting with ``lead`` ("Your settings could not be read, so the defaults
    are used"); ``what`` is what it holds ("your settings"). ``unreadable``: it could not
    even be read (else its content was damaged)."""
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
        why = os_reason(error) if isinstance(error, OSError) else _("its name is not allowed")
        refusal = _("{what} will not be saved, so as not to write over {file}, which could not be "
                    "read nor moved aside ({why}).").format(what=what[:1].upper() + what[1:], file=path.name, why=why)
        cannot = _("{lead}, and the unreadable file could not be moved aside ({why}); {what} will not be saved "
                   "until that file is fixed.") if unreadable else \
            _("{lead}, and the damaged file could not be moved aside ({why}); {what} will not be saved until "
              "that file is fixed.")
        return Aside(cannot.format(lead=lead, why=why, what=what), refusal=refusal)
    if link:  # renamed, the link still points where it did: its target is never touched
        kept = _("{lead}; it was a link to another file, which is left as it is, and the link was kept as {file}.")
    else:
        kept = _("{lead}; the unreadable file was kept as {file}.") if unreadable else \
            _("{lead}; the damaged file was kept as {file}.")
    return Aside(kept.format(lead=lead, file=target.name), moved_to=target)
