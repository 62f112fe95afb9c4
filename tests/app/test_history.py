"""The record of every game (history.jsonl): one line per game that ends, totals that
agree with Statistics, damaged lines skipped and reported, a bounded file, the command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seahaven.app.saving import history_file as history_module
from seahaven.app.saving.history_file import Entry, HistoryFile, parse
from seahaven.app.saving.persistence import Persistence
from seahaven.app.shell.launch import open_game
from seahaven.app.shell.loop import App
from seahaven.app.state.session import Session
from seahaven.app.state.stats import Stats
from seahaven.engine import APP_RULES, Game, GameCode
from seahaven.engine.solver import solve
from tests.app.table_helpers import key


def agree(history_totals: dict, stats: Stats) -> None:
    """Statistics' played and won agree with the history: every game counted as played has
    a line, except the one being played (counted at its first move, not yet ended)."""
    for cells, counts in history_totals.items():
        figures = stats.of(cells)
        open_now = int(stats.open is not None and stats.open.cells == cells and not stats.open.won)
        assert counts.played + open_now == figures.played, cells
        assert counts.won + counts.helped == figures.won, cells
        assert counts.helped == figures.wins_with_help, cells


def win(session: Session, app: App) -> None:
    for move in solve(session.current.position, APP_RULES).line:
        session.current.play(move)
    app.step(1 / 60)


def lines(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "history.jsonl").read_text().splitlines()]


def test_a_scripted_run_leaves_matching_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    opened = open_game((1024, 768), True, "SH1-C4-AAAAAJ2")
    app, session = opened.app, opened.session
    keeper = session.keeper
    assert isinstance(keeper, Persistence)
    try:
        app.step(1 / 60)
        win(session, app)  # 1: won
        session.deal(GameCode.parse("SH1-C4-AAAAAJ3"))
        first = session.current.game.legal_moves()[0]
        session.current.play(first)
        session.deal(GameCode.parse("SH1-C2-IJBC4M6"))  # 2: left for a new deal
        session.current.play(session.current.game.legal_moves()[0])
        session.current.restart()  # 3: restarted
        session.current.hint_shown(solve(session.current.position, APP_RULES).line[0])
        win(session, app)  # 4: won with a hint
        key(app, pygame.K_ESCAPE)
        session.deal(GameCode.parse("SH1-C1-FX3EN2X"), daily="2026-12-01")
        win(session, app)  # 5: the daily deal of 2026-12-01, won
        session.current.new_game(session.current.game.__class__.from_code("SH1-C4-AAAAAJ2"))
        session.current.play(session.current.game.legal_moves()[0])  # 6: being played
        app.step(1 / 60)
        written = lines(folder)
        assert [(w["code"], w["result"], w["hints"], w["daily"]) for w in written] == [
            ("SH1-C4-AAAAAJ2", "won", 0, None),
            ("SH1-C4-AAAAAJ3", "abandoned", 0, None),
            ("SH1-C2-IJBC4M6", "restarted", 0, None),
            ("SH1-C2-IJBC4M6", "won", 1, None),
            ("SH1-C1-FX3EN2X", "won", 0, "2026-12-01"),
        ]
        assert written[0]["moves"] == len(solve(GameCode.parse("SH1-C4-AAAAAJ2").position()).line)
        assert written[0]["score"] == 720 and written[1]["moves"] == 1 and written[2]["moves"] == 1
        assert all(w["rules"] == "app" and w["demo"] is False for w in written)
        agree(keeper.history.totals(), keeper.stats)
        assert keeper.history.daily_days() == {("2026-12-01", 1): "won"}
        assert parse((folder / "history.jsonl").read_text()).entries == keeper.history.entries
        keeper.reset_stats()  # a reset: the totals start again, the lines stay
        agree(keeper.history.totals(), keeper.stats)
        assert len(keeper.history.entries) == 5 and keeper.history.since_reset() == []
    finally:
        app.close()
    reread = HistoryFile(folder).load()
    assert len(reread.entries) == 5 and reread.since_reset() == [] and reread.bad_lines == 0


def entry(n: int, cells: int = 4, result: str = "won", hints: int = 0) -> Entry:
    return Entry(f"2026-11-{1 + n % 28:02d}T10:00:00Z", "SH1-C4-AAAAAJ2", cells, "app", result, 90 + n,
                 100.0 + n, 700, hints)


def test_a_damaged_line_is_skipped_reported_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    good = json.dumps(entry(1).to_json())
    path.write_text(f"{good}\n{{not json\n{good[:40]}\n{json.dumps({'v': 1, 'cells': 3})}\n{good}\n")
    keeper = HistoryFile(tmp_path)
    history = keeper.load()
    assert len(history.entries) == 2 and history.bad_lines == 3
    assert keeper.message is not None and "3 lines" in keeper.message and "skipped" in keeper.message
    assert keeper.append(entry(2)) is None
    text = path.read_text()
    assert "{not json" in text and text.endswith(json.dumps(entry(2).to_json(), separators=(",", ":")) + "\n")


def test_a_torn_last_line_stays_alone(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    path.write_text(json.dumps(entry(1).to_json())[:30])  # a power cut mid-line
    keeper = HistoryFile(tmp_path)
    keeper.load()
    keeper.append(entry(2))
    history = HistoryFile(tmp_path).load()
    assert history.bad_lines == 1 and history.entries == [entry(2)]


def test_the_file_is_bounded_and_old_lines_roll_into_totals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_module, "MAX_LINES", 30)
    monkeypatch.setattr(history_module, "KEEP_LINES", 20)
    keeper = HistoryFile(tmp_path)
    keeper.load()
    everything = [entry(n, cells=(4, 2, 1)[n % 3], result="won" if n % 4 else "abandoned", hints=int(n % 5 == 0))
                  for n in range(100)]
    for one in everything:
        assert keeper.append(one) is None
    path = tmp_path / "history.jsonl"
    assert len(path.read_text().splitlines()) <= 31
    expected = {cells: history_module.Counts() for cells in (4, 2, 1)}
    for one in everything:
        expected[one.cells].add(one)
    for reread in (keeper.history, HistoryFile(tmp_path).load()):
        assert reread.totals() == expected
        assert reread.entries == everything[-len(reread.entries):]
        assert 20 <= len(reread.entries) <= 30


def test_the_command_prints_json_lines_and_csv(tmp_path: Path) -> None:
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    keeper = HistoryFile(folder)
    keeper.append(entry(1))
    keeper.append(entry(2, result="abandoned"))
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "seahaven", "history", *args], env=env, capture_output=True,
                              text=True, timeout=60)

    plain = run()
    assert plain.returncode == 0 and [json.loads(line)["result"] for line in plain.stdout.splitlines()] == [
        "won", "abandoned"]
    as_csv = run("--csv")
    rows = as_csv.stdout.splitlines()
    assert rows[0] == ",".join(history_module.FIELDS) and len(rows) == 3 and ",won," in rows[1]
    (folder / "history.jsonl").open("a").write("garbage\n")
    damaged = run()  # the lines it can read, and one sentence: exit 3 (bad data)
    assert damaged.returncode == 3 and len(damaged.stdout.splitlines()) == 2 and "1 line" in damaged.stderr
    assert damaged.stderr.count("\n") == 1 and damaged.stderr.startswith("seahaven history: error: ")


WINNABLE = {4: "SH1-C4-AAAAAJ2", 2: "SH1-C2-IJBC4M6", 1: "SH1-C1-FX3EN2X"}
LINES = {cells: solve(GameCode.parse(code).position(), APP_RULES).line for cells, code in WINNABLE.items()}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["move", "undo", "hint", "win", "restart", "new", "reset"]),
                          st.sampled_from([4, 2, 1])), max_size=25))
def test_statistics_and_history_never_disagree(tmp_path_factory: pytest.TempPathFactory,
                                               steps: list[tuple[str, int]]) -> None:
    """After every event of any sequence (moves, undos, hints, wins, restarts, new deals,
    a reset), Statistics' played and won agree with the history's lines."""
    folder = tmp_path_factory.mktemp("agree")
    keeper = Persistence(folder=folder)
    game = Game.from_code(WINNABLE[4])
    elapsed = 0.0
    for kind, cells in steps:
        elapsed += 3
        if kind == "move" and game.move_count < len(LINES[game.start.cell_count]) and not game.is_won:
            game.play(LINES[game.start.cell_count][game.move_count])
        elif kind == "undo":
            game.undo()
        elif kind == "hint" and not game.is_won:
            game.hint_shown()
            keeper.hint_used(game, elapsed)
        elif kind == "win":
            for move in LINES[game.start.cell_count][game.move_count:]:
                game.play(move)
        elif kind == "restart":
            game.restart()
        elif kind == "new":
            game = Game.from_code(WINNABLE[cells])
        elif kind == "reset":
            keeper.reset_stats()
        keeper.game_changed(game, elapsed)
        agree(keeper.history.totals(), keeper.stats)
    assert parse((folder / "history.jsonl").read_text()).totals() == keeper.history.totals() \
        if (folder / "history.jsonl").exists() else True


def test_a_damaged_history_is_told_at_start_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    damaged = json.dumps(entry(1).to_json()) + "\n{half a line\n"
    (folder / "history.jsonl").write_text(damaged)
    opened = open_game((1024, 768), True, "SH1-C4-AAAAAJ2")
    try:
        notice = opened.app.scenes.top
        assert "1 line of your game history" in getattr(notice, "text", ""), notice
        assert opened.session.keeper.history.entries == [entry(1)]
    finally:
        opened.app.close()
    assert (folder / "history.jsonl").read_text().startswith(damaged)


def test_a_failed_write_is_said_once_and_play_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keeper = HistoryFile(tmp_path)
    keeper.load()
    real = history_module._append

    def full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(history_module, "_append", full)
    first = keeper.append(entry(1))
    assert first is not None and "could not be saved" in first
    assert keeper.append(entry(2)) is None  # said once
    assert keeper.unwritten == 2
    monkeypatch.setattr(history_module, "_append", real)
    assert keeper.append(entry(3)) is None  # the games held back are written with it (issue 36)
    assert keeper.unwritten == 0
    monkeypatch.setattr(history_module, "_append", full)
    assert keeper.append(entry(4)) is not None  # a new failure after a success is said again
    assert [e.moves for e in HistoryFile(tmp_path).load().entries] == [entry(n).moves for n in (1, 2, 3)]


def test_a_copy_that_does_not_save_writes_no_history(tmp_path: Path) -> None:
    """Without the data folder's lock the game plays but never writes (h5's lock fails
    closed): the history, the deal facts and the export leave the folder alone."""
    keeper = Persistence(folder=tmp_path, read_only=True)
    game = Game.from_code(WINNABLE[4])
    for move in LINES[4]:
        game.play(move)
        keeper.game_changed(game, 5.0)
    keeper.facts.rated(WINNABLE[4], 2)
    assert keeper.history.entries and keeper.history.entries[-1].won  # counted in this session
    assert "cannot be exported" in keeper.export_history()
    assert not (tmp_path / "history.jsonl").exists() and not (tmp_path / "deals.json").exists()
    assert not list(tmp_path.glob("history-*.csv"))


def test_a_history_row_says_how_long_the_game_took() -> None:
    """Statistics' last games: the day, difficulty, result, moves and the time played (the
    figure a player compares with the fastest win)."""
    from seahaven.app.screens.statistics import history_line
    from seahaven.app.state.history import Entry

    entry = Entry(at="2026-12-01T10:00:00Z", code="SH1-C4-AAAAAJ2", cells=4, rules="app", result="won",
                  moves=77, time_s=192.4, score=420)
    line = history_line(entry)
    assert "77" in line and "3:12" in line and line.index("77") < line.index("3:12")
