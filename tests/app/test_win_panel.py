"""The won panel (SPEC 7): score, time and moves, and this difficulty's statistics with
what the win bettered, played through the real game with its files in a temporary folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from seahaven.app.saving.persistence import Persistence
from seahaven.app.saving.storage import Storage
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.shell.launch import build, open_game
from seahaven.app.state.stats import Stats, win_summary
from seahaven.engine import Game
from tests.app.test_resume import _dealt_winning_line, _winning_line


def _win(app: Any, session: Any, table: Any, moves: list[Any]) -> EndMessage:
    """Play ``moves`` on the game in play, let the cards settle; the panel on top."""
    for move in moves:
        session.current.play(move)
        app.step(1 / 60)
    table.finish_animations()
    for _ in range(3):
        app.step(1 / 60)
    table.finish_animations()
    app.step(1 / 60)
    top = app.scenes.top
    assert isinstance(top, EndMessage) and top.kind == "won"
    return top


def _open_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stats: Stats | None) -> tuple[Any, list[Any]]:
    """The real game, resuming the start of a winning line, with ``stats`` on disk."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    code, moves = _dealt_winning_line()
    Persistence(folder=folder).game_changed(Game.from_code(code), 0.0)
    if stats is not None:
        Storage(folder).save_stats(stats)
    Storage(folder).flush()  # saves are written on a background thread
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    return open_game((1280, 800), True, None), moves


def test_the_won_panel_shows_this_difficultys_figures_and_new_bests(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    before = Stats()
    code, _ = _dealt_winning_line()
    cells = code.cells
    f = before.of(cells)
    f.played, f.won, f.current_streak, f.best_streak, f.best_score, f.fastest_win_s = 3, 2, 1, 2, 10, 9999.0
    opened, moves = _open_at(tmp_path, monkeypatch, before)
    try:
        panel = _win(opened.app, opened.session, opened.table, moves)
        text = " ".join(line for line, _colour in panel.lines)
        assert "4 games played; won 3 of 4 (75%); streak 2, best streak 2" in text
        assert "new best score" in text and "fastest win" in text
        # counted once, and what it bettered was compared with the figures before it
        figures = opened.session.keeper.stats.of(cells)
        assert figures.won == 3 and figures.best_score == opened.session.current.game.score
    finally:
        opened.app.close()
    # a won game resumes to the same panel, still saying what the win bettered
    again = open_game((1280, 800), True, None)
    try:
        for _ in range(5):
            again.app.step(1 / 60)
        again.table.finish_animations()
        again.app.step(1 / 60)
        panel = again.app.scenes.top
        assert isinstance(panel, EndMessage) and panel.kind == "won"
        assert "new best score" in " ".join(line for line, _colour in panel.lines)
    finally:
        again.app.close()


def test_a_win_that_betters_nothing_says_so_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened, moves = _open_at(tmp_path, monkeypatch, None)  # the first win ever: no earlier best
    try:
        panel = _win(opened.app, opened.session, opened.table, moves)
        text = " ".join(line for line, _colour in panel.lines)
        assert "1 game played; won 1 of 1 (100%); streak 1, best streak 1" in text
        assert "new best score" not in text and "Your fastest" not in text
        game = opened.session.current.game
        assert f"bests: score {game.score}" in text  # beside this game's: this game set them
    finally:
        opened.app.close()


def test_where_nothing_is_saved_the_panel_shows_no_statistics() -> None:
    start, moves = _winning_line()
    app, session, table = build((1280, 800), game=Game(start))
    try:
        panel = _win(app, session, table, moves)
        assert len(panel.lines) == 2 and "played" not in " ".join(line for line, _c in panel.lines)
    finally:
        app.close()


def test_stats_remember_what_a_win_bettered_through_their_file() -> None:
    stats = Stats()
    stats.record_start(2)
    stats.record_win(2, 500, 300)
    assert win_summary(stats, 2) == ["Medium: 1 game played; won 1 of 1 (100%); streak 1, best streak 1."]
    stats.record_start(2)
    stats.record_win(2, 490, 200)
    assert stats.open is not None and stats.open.beat == ("time",)
    assert Stats.from_json(stats.to_json()) == stats
    assert win_summary(stats, 2)[1] == "Your fastest win!"
    assert win_summary(stats, 4) == []


def test_the_figures_add_up_for_a_mix_of_helped_unhelped_and_lost_games() -> None:
    stats = Stats()
    for hints, won in ((0, True), (1, True), (0, False), (0, False), (2, True), (0, True)):
        stats.record_start(4, hints)
        if won:
            stats.record_win(4, 300, 100, hints)
    f = stats.of(4)
    assert (f.played, f.won_alone, f.wins_with_help, f.lost) == (6, 2, 2, 2)
    # the won panel's sentence: 2 of 4 without help (the rate), 2 more with help: 6 in all
    assert win_summary(stats, 4)[0] == ("Easy: 6 games played; won 2 of 4 without help (50%), 2 more with help; "
                                        "streak 1, best streak 1.")
    from seahaven.app.screens.statistics import figure_rows

    rows = dict(figure_rows(stats))
    assert rows["Win rate without help"][0] == "50% (2 of 4)"
    # 2 of 4 without help, and 2 with help beside them: the 6 played
    assert (rows["Played"][0], rows["Won without help"][0], rows["Won with help"][0]) == ("6", "2", "2")


def test_a_game_from_a_position_is_played_and_won_but_is_no_record(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    start, moves = _winning_line()  # a position from the vectors, not a dealt game
    Persistence(folder=folder).game_changed(Game(start), 0.0)
    Storage(folder).flush()
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    stats_before = (folder / "stats.json").read_bytes() if (folder / "stats.json").exists() else None
    opened = open_game((1280, 800), True, None)
    try:
        panel = _win(opened.app, opened.session, opened.table, moves)
        text = " ".join(line for line, _colour in panel.lines)
        assert "no record" in text and "games played" not in text and "bests:" not in text
        assert opened.session.current.game.is_won
        opened.autosave.quit()
    finally:
        opened.app.close()
    stats = Storage(folder).load_stats().value
    assert stats == Stats()  # nothing counted: no game played, won, streak or best
    if stats_before is not None:
        assert Stats.from_json(__import__("json").loads(stats_before)) == stats
    assert Persistence(folder=folder).history.entries == []  # no line in the history, so no calendar day
