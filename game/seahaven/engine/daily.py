"""The daily deal: one deal a day (UTC) per difficulty, the same for every player on every
machine, and one the solver proved winnable under the app's rules (SPEC 10b).

The function, as the player's guide (docs/player-guide.md) and Help publish it so that anyone can compute it:

1. For the date ``YYYY-MM-DD`` and ``C`` cells (4 Easy, 2 Medium, 1 Hard), candidate
   ``k`` (k = 0, 1, 2, ...) is the deal number made of the first 8 bytes of
   ``SHA-256("SH1-daily-YYYY-MM-DD-C<C>-<k>")`` (ASCII, k in decimal), read as a big-endian
   number, modulo 32^7.
2. The solver searches each candidate in turn with a fixed amount of work,
   :data:`DAILY_MAX_NODES` positions expanded (never a time, so a slow machine decides
   exactly as a fast one), under the app's run limit.
3. The daily deal is the first candidate it proves winnable: code ``SH1-C<C>-<deal>``.

The search is deterministic (the same moves in the same order from the same position),
so step 2 gives every machine the same answer; the tests pin the codes of a few dates so
that a change to the solver that would change a daily deal is noticed. No pygame here.
"""

from __future__ import annotations

import datetime as _dt
import math
import threading
from dataclasses import dataclass

from seahaven.engine.codes import DEAL_COUNT, GameCode
from seahaven.engine.position import APP_RULES, CELL_COUNTS
from seahaven.engine.rating import Rating, rating_of
from seahaven.engine.solver import Progress, solve

DAILY_MAX_NODES = 200_000
"""The work the solver may spend on one candidate (positions expanded)."""
MAX_CANDIDATES = 100_000
"""A bound that is never reached in practice (Hard finds one in about 50 candidates)."""
FIRST_DAY = _dt.date(2000, 1, 1)
LAST_DAY = _dt.date(9999, 12, 31)


class NoDailyDeal(RuntimeError):
    """No candidate was proved winnable (never seen), or the search was cancelled."""


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """The daily deal of ``date`` with ``code.cells`` cells: its code, which candidate it
    was, and its rating (the proof that chose it rates it too)."""

    date: _dt.date
    code: GameCode
    candidate: int
    rating: Rating


def parse_date(text: str) -> _dt.date:
    """A date written ``YYYY-MM-DD``; raise ValueError with one sentence otherwise."""
    value = text.strip() if isinstance(text, str) else ""
    try:
        if len(value) != 10:
            raise ValueError
        date = _dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{str(text)[:40]!r} is not a date written YYYY-MM-DD, like 2026-12-01") from None
    if not FIRST_DAY <= date <= LAST_DAY:
        raise ValueError(f"there are daily deals from {FIRST_DAY.isoformat()} on, not for {value}")
    return date


def today() -> _dt.date:
    """Today's date in UTC: the daily deal changes at midnight UTC for everyone."""
    return _dt.datetime.now(_dt.UTC).date()


def candidate(date: _dt.date, cells: int, k: int) -> int:
    """The deal number of candidate ``k`` for ``date`` and ``cells`` cells (step 1)."""
    text = f"SH1-daily-{date.isoformat()}-C{cells}-{k}"
    import hashlib  # here, not at the top: with OpenSSL it is 3 ms of the game's start-up

    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") % DEAL_COUNT


def daily_deal(
    date: _dt.date,
    cells: int,
    *,
    cancel: threading.Event | None = None,
    progress: Progress | None = None,
) -> DailyDeal:
    """The daily deal of ``date`` for ``cells`` cells (steps 1 to 3). Raises
    :class:`NoDailyDeal` if cancelled (or if no candidate of :data:`MAX_CANDIDATES` wins)."""
    if cells not in CELL_COUNTS:
        raise ValueError(f"the number of cells must be 4, 2 or 1, not {cells}")
    for k in range(MAX_CANDIDATES):
        code = GameCode(cells, candidate(date, cells, k))
        result = solve(code.position(), APP_RULES, max_nodes=DAILY_MAX_NODES, max_seconds=math.inf,
                       cancel=cancel, progress=progress)
        if result.cancelled:
            break
        rating = rating_of(result)
        if rating is not None:
            return DailyDeal(date, code, k, rating)
    raise NoDailyDeal(f"no daily deal for {date.isoformat()} with {cells} cells")
