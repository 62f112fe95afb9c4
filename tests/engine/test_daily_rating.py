"""The daily deal (a published function of date and difficulty) and the deal rating."""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools

import pytest

from seahaven.engine import APP_RULES, DEAL_COUNT, Game, GameCode
from seahaven.engine.daily import DAILY_MAX_NODES, candidate, daily_deal, parse_date
from seahaven.engine.rating import THRESHOLDS, Rating, rate, stars, work
from seahaven.engine.solver import solve
from tests.engine.helpers import seahaven

PINNED = {
    ("2026-12-01", 4): "SH1-C4-TXCZAHZ",
    ("2026-12-01", 2): "SH1-C2-IJBC4M6",
    ("2026-12-01", 1): "SH1-C1-FX3EN2X",
    ("2026-12-02", 1): "SH1-C1-O72Y26U",
}
"""Daily codes pinned: a change to the solver's search order that would change a daily
deal (and so the deal every player already shared) fails here."""


def test_candidates_follow_the_published_recipe() -> None:
    digest = hashlib.sha256(b"SH1-daily-2026-12-01-C1-0").digest()
    assert candidate(dt.date(2026, 12, 1), 1, 0) == int.from_bytes(digest[:8], "big") % DEAL_COUNT
    assert candidate(dt.date(2026, 12, 1), 1, 1) != candidate(dt.date(2026, 12, 1), 1, 0)


@pytest.mark.parametrize(("day", "cells"), sorted(PINNED))
def test_pinned_daily_codes(day: str, cells: int) -> None:
    assert str(daily_deal(parse_date(day), cells).code) == PINNED[(day, cells)]


def test_sixty_days_differ_and_a_sample_is_winnable() -> None:
    start = dt.date(2026, 12, 1)
    for cells in (4, 2, 1):
        deals = [daily_deal(start + dt.timedelta(days=n), cells) for n in range(60)]
        codes = [str(deal.code) for deal in deals]
        assert all(a != b for a, b in itertools.pairwise(codes)), cells
        assert len(set(codes)) == 60
        assert all(deal.code.cells == cells for deal in deals)
        # the first candidate proved winnable: every one before it was not (within the budget)
        sample = deals[::15]
        for deal in sample:
            game = Game.from_code(deal.code, APP_RULES)
            result = solve(game.position, APP_RULES, max_nodes=DAILY_MAX_NODES, max_seconds=1e9)
            assert result.won
            for move in result.line:  # the line is legal under the app's rules
                game.play(move)
            assert game.is_won
            for k in range(deal.candidate):
                earlier = GameCode(cells, candidate(deal.date, cells, k)).position()
                assert not solve(earlier, APP_RULES, max_nodes=DAILY_MAX_NODES, max_seconds=1e9).won


def test_the_command_prints_the_same_code_every_run() -> None:
    first = seahaven("daily", "--date", "2026-12-01", "--difficulty", "hard")
    second = seahaven("daily", "--date", "2026-12-01", "--difficulty", "HARD")
    assert first.returncode == 0 and first.stdout == second.stdout == "SH1-C1-FX3EN2X\n"
    default = seahaven("daily", "--date", "2026-12-01")
    assert default.stdout == "SH1-C4-TXCZAHZ\n"


@pytest.mark.parametrize("date", ["2026-13-01", "yesterday", "2026-2-1", "1999-12-31", ""])
def test_a_bad_date_is_one_sentence_and_exit_3(date: str) -> None:
    result = seahaven("daily", "--date", date)
    assert result.returncode == 3 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_rating_formula() -> None:
    assert work(85, 85) == 85
    assert [stars(n, 85) for n in (1, 31, 32, 63, 64, 127, 128, 255, 256, 10**6)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert stars(40, 170) == stars(80, 85) == 3  # a line twice as long counts as twice the work
    assert THRESHOLDS == (32, 64, 128, 256)


def test_rate_is_deterministic_and_only_for_proved_wins() -> None:
    position = GameCode.parse("SH1-C4-AAAAAJ2").position()
    first, second = rate(position), rate(position)
    assert isinstance(first, Rating) and first == second == Rating(3, 103, 104)
    lost = next(GameCode(1, deal).position() for deal in range(100)
                if solve(GameCode(1, deal).position(), APP_RULES).lost)
    assert rate(lost) is None


def test_solve_rate_command() -> None:
    result = seahaven("solve", "--rate", "SH1-C4-AAAAAJ2")
    assert result.returncode == 0 and result.stdout.startswith("Rating 3 of 5")
    as_json = seahaven("solve", "--rate", "--json", "SH1-C4-AAAAAJ2")
    assert '"stars": 3' in as_json.stdout
