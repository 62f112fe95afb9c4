"""Statistics arithmetic: played at first move, streaks, best score, fastest win, help."""

from __future__ import annotations

import pytest

from seahaven.app.state.stats import DifficultyStats, Stats, format_duration, format_rate


def test_new_stats_are_empty() -> None:
    stats = Stats()
    for cells in (4, 2, 1):
        figures = stats.of(cells)
        assert figures == DifficultyStats()
        assert figures.win_rate is None
    assert stats.open is None
    with pytest.raises(ValueError):
        stats.of(3)


def test_played_counts_at_first_move_and_win_counts_once() -> None:
    stats = Stats()
    stats.record_start(4)
    assert stats.of(4).played == 1 and stats.of(4).won == 0
    assert stats.record_win(4, score=720, elapsed_s=300.5)
    assert not stats.record_win(4, score=900, elapsed_s=10)  # the same game, won again after undo
    figures = stats.of(4)
    assert (figures.played, figures.won, figures.current_streak, figures.best_streak) == (1, 1, 1, 1)
    assert figures.best_score == 720 and figures.fastest_win_s == 300.5
    assert figures.win_rate == 1.0
    assert stats.of(2).played == 0


def test_abandoning_loses_and_ends_the_streak() -> None:
    stats = Stats()
    for _ in range(3):
        stats.record_start(2)
        stats.record_win(2, 600, 100)
        stats.record_abandon()  # leaving a won game is not a loss
    assert stats.of(2).current_streak == 3
    stats.record_start(2)
    stats.record_abandon()  # new game or restart of an unfinished one
    figures = stats.of(2)
    assert (figures.played, figures.won, figures.lost) == (4, 3, 1)
    assert (figures.current_streak, figures.best_streak) == (0, 3)
    assert figures.win_rate == pytest.approx(0.75)
    assert not stats.record_abandon()  # nothing open any more


def test_starting_while_a_game_is_open_counts_it_lost() -> None:
    stats = Stats()
    stats.record_start(1)
    stats.record_win(1, 1100, 50)
    stats.record_start(1)
    stats.record_start(1)  # the previous one was never finished
    figures = stats.of(1)
    assert figures.played == 3 and figures.won == 1 and figures.current_streak == 0


def test_best_score_fastest_win_and_help() -> None:
    stats = Stats()
    stats.record_start(4)
    stats.record_win(4, 500, 200)
    stats.record_start(4)
    stats.record_win(4, 650, 250)
    stats.record_start(4)
    stats.record_hint(2)
    stats.record_win(4, 700, 40)  # helped: better on both counts, and no record for it
    assert stats.open is not None and stats.open.beat == ()
    stats.record_start(4)
    stats.record_win(4, 300, 90, hints=1)
    figures = stats.of(4)
    assert figures.best_score == 650 and figures.fastest_win_s == 200
    assert (figures.won, figures.wins_with_help, figures.won_alone) == (4, 2, 2)
    assert (figures.current_streak, figures.best_streak) == (2, 2)
    assert figures.win_rate == 1.0  # two played alone, two won alone


def test_helped_wins_are_no_records_and_leave_rate_and_streak_alone() -> None:
    """Issue 17: a demo that plays 83 of 84 moves sets nothing but played and won with help."""
    stats = Stats()
    stats.record_start(2, hints=1)
    stats.record_win(2, 1520, 136)
    f = stats.of(2)
    assert (f.played, f.won, f.wins_with_help, f.won_alone) == (1, 1, 1, 0)
    assert f.best_score is None and f.fastest_win_s is None
    assert (f.current_streak, f.best_streak) == (0, 0) and f.win_rate is None
    stats.record_start(2)
    stats.record_win(2, 600, 300)
    stats.record_start(2)
    stats.record_win(2, 900, 100, hints=3)  # neither lengthens nor ends the streak
    stats.record_start(2)
    stats.record_abandon()  # a loss ends it
    assert (f.played, f.won_alone, f.wins_with_help, f.lost) == (4, 1, 2, 1)
    assert f.win_rate == pytest.approx(0.5) and (f.current_streak, f.best_streak) == (0, 1)
    assert (f.best_score, f.fastest_win_s) == (600, 300)
    assert Stats.from_json(stats.to_json()) == stats


def test_old_files_read_as_they_are() -> None:
    """The format did not change: a file written before the rule (where helped wins were
    counted in the streak) is read, and its figures keep their meaning."""
    old = {"difficulties": {"4": {"played": 5, "won": 4, "current_streak": 4, "best_streak": 4,
                                  "best_score": 1520, "fastest_win_s": 136.0, "wins_with_help": 1}},
           "open": None}
    f = Stats.from_json(old).of(4)
    assert (f.won_alone, f.wins_with_help, f.best_score) == (3, 1, 1520)
    assert f.win_rate == pytest.approx(3 / 4)


def test_win_without_start_counts_the_game_as_played() -> None:
    stats = Stats()
    stats.record_win(2, 500, 10)
    assert stats.of(2).played == 1 and stats.of(2).won == 1


def test_reset_forgets_everything() -> None:
    stats = Stats()
    stats.record_start(4)
    stats.record_win(4, 500, 10)
    stats.reset()
    assert stats == Stats()


def test_json_round_trip_and_checks() -> None:
    stats = Stats()
    stats.record_start(4)
    stats.record_win(4, 500, 12.5, hints=1)
    stats.record_start(2)
    stats.record_hint(3)
    again = Stats.from_json(stats.to_json())
    assert again == stats
    bad = stats.to_json()
    bad["difficulties"]["4"]["won"] = 5
    with pytest.raises(ValueError):
        Stats.from_json(bad)
    bad = stats.to_json()
    bad["difficulties"]["4"]["played"] = True
    with pytest.raises(ValueError):
        Stats.from_json(bad)
    with pytest.raises(ValueError):
        Stats.from_json({"difficulties": {}, "open": {"cells": 3}})


def test_formats() -> None:
    assert format_duration(None) == "\u2014"
    assert format_duration(247.9) == "4:07"
    assert format_duration(3723) == "1:02:03"
    assert format_rate(None) == "\u2014"
    assert format_rate(2 / 3) == "67%"
