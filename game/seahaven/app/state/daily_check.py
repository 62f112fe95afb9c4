"""Whether the deal on the table is today's daily deal, however it was started (issue 37.8):
from the Daily deals screen it is tagged as it is dealt; a code typed in New Game, given
with ``--code``, pasted or opened is checked here, on a worker thread through the session's
jobs, against today's daily deal of its difficulty (a fixed amount of the solver's work,
the same answer on every machine: :mod:`seahaven.engine.daily`). Each day's daily deals are
found once per session and remembered, so later deals cost nothing to check. No pygame here.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable

from seahaven.app.state.current import Change, GameEvent
from seahaven.app.state.session import Session
from seahaven.app.text.words import difficulty_name
from seahaven.engine import GameCode
from seahaven.engine.daily import DailyDeal, daily_deal, today
from seahaven.i18n import _

JOB = "daily_check"


class DailyCheck:
    """Tags the deal on the table as the daily deal of today when it is one (the table's
    title and status line then say so, the history counts it in the daily calendar);
    ``on_found`` (if given) runs when a deal in play is found to be one."""

    def __init__(self, session: Session, on_found: Callable[[], None] | None = None,
                 clock: Callable[[], _dt.date] | None = None) -> None:
        self.session = session
        self.on_found = on_found
        self.clock = clock
        """Today's date (UTC, as the daily deals change); None: the engine's ``today``."""
        self.known: dict[tuple[_dt.date, int], GameCode] = {}
        """Today's daily deals found so far, by (date, cells)."""
        session.current.subscribe(self._on_game)

    def _on_game(self, event: GameEvent) -> None:
        if event.kind is Change.NEW_GAME:
            self.ask()

    def ask(self) -> None:
        """Check the deal on the table (the game calls it after its first frame, and each new
        deal comes here): at once when today's daily deal of its difficulty is known."""
        code, facts = self.session.current.code, self.session.facts
        if code is None or facts.daily_date(code) is not None:
            return
        day = self.clock() if self.clock is not None else today()
        known = self.known.get((day, code.cells))
        if known is not None:
            self._tag(known, day)
            return
        self.session.jobs.start(f"{JOB} {code.cells}", daily_deal, day, code.cells, on_done=self._found,
                                follows_game=False)

    def _found(self, deal: DailyDeal) -> None:
        self.known[(deal.date, deal.code.cells)] = deal.code
        self._tag(deal.code, deal.date, deal)

    def _tag(self, daily: GameCode, day: _dt.date, deal: DailyDeal | None = None) -> None:
        """The deal on the table is ``daily``, the daily deal of ``day``: say so, once."""
        session = self.session
        if session.current.code != daily or session.facts.daily_date(daily) is not None:
            return
        if deal is not None:
            session.facts.rated(daily, deal.rating)
        session.facts.is_daily(daily, day)
        # Translators: said (status line) when today's daily deal is dealt; {difficulty} is Easy, Medium or Hard.
        session.say(_("This is today's daily deal ({difficulty}): it counts in the daily calendar.").format(
            difficulty=difficulty_name(daily.cells)))
        if self.on_found is not None:
            self.on_found()
