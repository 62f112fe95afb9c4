"""Watching a game again: the history keeps each ended game's moves; the replay screen
steps through them on the real board (keys, mouse, touch); "Play from here" starts a game
at that point that is no record; Shift+H shows the solver's whole line without playing it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from seahaven.app.board.replay_game import ReplayGame, Source
from seahaven.app.saving import history_file as history_module
from seahaven.app.saving.history_file import Entry, HistoryFile
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.screens.navigation import open_replay
from seahaven.app.screens.replay_screen import ReplayScreen
from seahaven.app.shell.loop import App
from seahaven.app.state.session import Session
from seahaven.engine import APP_RULES, GameCode, IllegalMove, InvalidMove
from seahaven.engine.notation import moves_text, parse_moves
from seahaven.engine.solver import solve
from tests.app.table_helpers import click, key, opened_app, post, steps, wait_jobs

CODE = "SH1-C4-AAAAAJ2"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from opened_app(tmp_path, monkeypatch, size=(1280, 800))


def session_of(app: App) -> Session:
    return app.scenes.bottom.session


def lines(app: App) -> list[dict]:
    folder = session_of(app).keeper.storage.folder
    return [json.loads(line) for line in (folder / "history.jsonl").read_text().splitlines()]


def win_by_play(app: App) -> list:
    """Win the deal along the solver's line, one real move at a time through the game in play."""
    current = session_of(app).current
    line = solve(current.position, APP_RULES).line
    for move in line:
        current.play(move)
        steps(app)
    steps(app, 5)
    return list(line)


def top(app: App) -> object:
    return app.scenes.top


def test_the_notation_reads_what_it_writes() -> None:
    line = solve(GameCode.parse(CODE).position(), APP_RULES).line
    text = moves_text(line)
    assert parse_moves(text) == tuple(line)
    assert len(text) <= 4 * len(line)
    for bad in ("3", "3x", "zz", "3714", "371", "37x", "3\u00b2"):
        with pytest.raises(InvalidMove):
            parse_moves(bad)


def test_a_finished_game_replays_forward_and_back_to_its_final_position(app: App) -> None:
    game = session_of(app).current.game
    start = game.start
    line = win_by_play(app)
    final = session_of(app).current.position
    assert final.is_won
    last = lines(app)[-1]
    assert last["result"] == "won" and last["line"] == moves_text(line) and "start" not in last
    entry = session_of(app).keeper.history.entries[-1]
    replay = ReplayGame.of_entry(entry)
    assert replay is not None and replay.length == len(line) and replay.position == start
    screen = open_replay(app, session_of(app), replay)
    steps(app)
    assert top(app) is screen
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.index == 3 and replay.position == start.play(line[0]).play(line[1]).play(line[2])
    key(app, pygame.K_LEFT)
    assert replay.index == 2
    key(app, pygame.K_END)
    assert replay.index == len(line) and replay.position == final
    key(app, pygame.K_LEFT)
    assert replay.index == len(line) - 1 and not replay.position.is_won
    key(app, pygame.K_HOME)
    assert replay.index == 0 and replay.position == start
    key(app, pygame.K_PAGEDOWN)
    assert replay.index == 10
    # the mouse: the Forward button, then a press on the bar of moves at its middle
    boxes, _px = screen.button_boxes()
    click(app, pygame.Rect(boxes["forward"]).center)
    assert replay.index == 11
    bar = screen.bar_box()
    click(app, (bar.x + bar.w / 2, bar.y + bar.h / 2))
    assert replay.index == round(len(line) / 2)
    # a finger on Back
    w, h = app.size
    back = pygame.Rect(boxes["back"]).center
    post(pygame.FINGERDOWN, finger_id=1, x=back[0] / w, y=back[1] / h, dx=0, dy=0, touch_id=1)
    post(pygame.FINGERUP, finger_id=1, x=back[0] / w, y=back[1] / h, dx=0, dy=0, touch_id=1)
    steps(app)
    assert replay.index == round(len(line) / 2) - 1
    # Space plays it on to the end, then stops there
    key(app, pygame.K_SPACE)
    assert screen.playing
    for _ in range(60 * 120):
        steps(app)
        if not screen.playing:
            break
    assert replay.at_end and replay.position == final and not screen.playing
    with pytest.raises(IllegalMove):
        replay.play(line[0])
    assert replay.position == final
    key(app, pygame.K_ESCAPE)
    assert top(app) is not screen


def test_play_from_here_starts_a_game_at_that_position_that_is_no_record(app: App) -> None:
    session = session_of(app)
    line = win_by_play(app)
    replay = ReplayGame.of_entry(session.keeper.history.entries[-1])
    assert replay is not None
    screen = open_replay(app, session, replay)
    steps(app)
    for _ in range(20):
        key(app, pygame.K_RIGHT)
    there = replay.position
    key(app, pygame.K_p)
    assert screen not in app.scenes
    game = session.current.game
    assert game.position == there and game.start == there and game.code is None and game.move_count == 0
    assert session.won_with_help()  # a game from a position: no record
    for move in line[20:]:
        session.current.play(move)
        steps(app)
    steps(app, 5)
    assert session.current.game.is_won
    stats = session.keeper.stats.of(4)
    # no record (issue 25): the first game won alone counts; this one is in no figure and no history line
    assert (stats.played, stats.won_alone, stats.wins_with_help) == (1, 1, 0)
    last = lines(app)[-1]
    assert last["code"] is not None and last["result"] == "won"


def test_play_from_here_asks_before_a_game_in_progress_is_lost(app: App) -> None:
    session = session_of(app)
    start = session.current.position
    line = solve(start, APP_RULES).line
    replay = ReplayGame.of(start, line, APP_RULES, Source("record"))
    session.current.play(line[0])
    steps(app)
    screen = open_replay(app, session, replay)
    steps(app)
    key(app, pygame.K_END)
    key(app, pygame.K_p)
    assert screen in app.scenes
    assert session.current.game.move_count == 1  # not yet: a question is open
    key(app, pygame.K_ESCAPE)
    assert session.current.game.move_count == 1 and session.current.game.code is not None


def test_the_won_panel_opens_the_replay_of_the_game(app: App) -> None:
    line = win_by_play(app)
    for _ in range(60 * 10):
        steps(app)
        if isinstance(top(app), EndMessage):
            break
    panel = top(app)
    assert isinstance(panel, EndMessage)
    widget = next(w for w in panel.widgets if w.name == "replay")
    panel.activate(widget)
    steps(app)
    screen = top(app)
    assert isinstance(screen, ReplayScreen) and screen.replay.length == len(line)
    key(app, pygame.K_END)
    assert screen.replay.position == session_of(app).current.position


def test_shift_h_shows_the_solvers_whole_line_without_playing_it(app: App) -> None:
    session = session_of(app)
    before = session.current.position
    key(app, pygame.K_h, pygame.KMOD_SHIFT)
    wait_jobs(app)
    screen = top(app)
    assert isinstance(screen, ReplayScreen) and screen.replay.source.kind == "solver"
    assert screen.on_play_from_here is None
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert screen.replay.index == 1
    key(app, pygame.K_END)
    assert screen.replay.position.is_won
    assert session.current.position == before and session.current.game.move_count == 0
    assert session.current.hints == 1  # seeing the line is help
    key(app, pygame.K_ESCAPE)
    assert top(app) is app.scenes.bottom


def entry(n: int, **fields: object) -> Entry:
    values: dict = {"at": f"2026-11-{1 + n % 28:02d}T10:00:00Z", "code": CODE, "cells": 4, "rules": "app",
                    "result": "won", "moves": 104, "time_s": 10.0, "score": 100}
    values.update(fields)
    return Entry(**values)


LINE = moves_text(solve(GameCode.parse(CODE).position(), APP_RULES).line)


def test_the_roll_still_holds_with_moves_in_the_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_module, "MAX_LINES", 30)
    monkeypatch.setattr(history_module, "KEEP_LINES", 20)
    monkeypatch.setattr(history_module, "KEEP_BYTES", 12 * (len(LINE) + 200))
    monkeypatch.setattr(history_module, "ROLL_BYTES", 25 * (len(LINE) + 200))
    keeper = HistoryFile(tmp_path)
    keeper.load()
    everything = [entry(n, result="won" if n % 3 else "abandoned", line=LINE) for n in range(100)]
    for one in everything:
        assert keeper.append(one) is None
    path = tmp_path / "history.jsonl"
    assert path.stat().st_size <= 25 * (len(LINE) + 200)
    expected = {cells: history_module.Counts() for cells in (4, 2, 1)}
    for one in everything:
        expected[one.cells].add(one)
    for reread in (keeper.history, HistoryFile(tmp_path).load()):
        assert reread.totals() == expected
        assert reread.entries == everything[-len(reread.entries):]
        assert 10 <= len(reread.entries) <= 30
        assert all(e.replayable and e.line == LINE for e in reread.entries)


def test_old_lines_still_load_and_a_damaged_line_of_moves_costs_only_the_replay(tmp_path: Path) -> None:
    old = {"v": 1, "at": "2026-11-30T09:14:03Z", "code": CODE, "cells": 4, "rules": "app", "result": "won",
           "moves": 93, "time_s": 312.4, "score": 720, "hints": 0, "demo": False, "daily": None, "rating": 2}
    damaged = {**old, "line": "37 zz 3"}
    hostile = {**old, "code": None, "line": "37", "start": {"cells": "x"}}
    (tmp_path / "history.jsonl").write_text("".join(json.dumps(obj) + "\n" for obj in (old, damaged, hostile)))
    history = HistoryFile(tmp_path).load()
    assert history.bad_lines == 0 and len(history.entries) == 3
    assert all(not e.replayable and ReplayGame.of_entry(e) is None for e in history.entries)
    assert history.totals()[4].won == 3


def test_a_restarted_game_keeps_the_moves_it_had(app: App) -> None:
    session = session_of(app)
    start = session.current.position
    line = solve(start, APP_RULES).line[:7]
    for move in line:
        session.current.play(move)
        steps(app)
    session.current.undo()  # an undone move is not part of the game that ended
    steps(app)
    session.current.restart()
    steps(app)
    last = lines(app)[-1]
    assert last["result"] == "restarted" and last["line"] == moves_text(line[:6]) and last["moves"] == 6
    replay = ReplayGame.of_entry(session.keeper.history.entries[-1])
    assert replay is not None and replay.start == start and replay.moves == tuple(line[:6])


def test_the_replay_shows_the_game_as_the_table_does_left_handed_and_with_large_cards() -> None:
    """The replay and the table keep their geometry in the same way (layout.Layouts): the
    card-size setting and the left-handed table reach the replay too (the replay used to draw
    right-handed cards at the standard size whatever the player had chosen)."""
    from seahaven.engine import CELLS, FOUNDATIONS
    from tests.app.table_helpers import make_app

    app = make_app(CODE, left_handed=True, card_size=1.15)
    table = app.scenes.bottom
    line = list(solve(table.position, APP_RULES).line[:4])
    open_replay(app, table.session, ReplayGame.of(table.position, line, APP_RULES, Source("record")))
    steps(app, 2)
    replay = top(app)
    assert isinstance(replay, ReplayScreen)
    shown, played = replay.layout, table.layout
    assert max(shown.piles[p].right for p in FOUNDATIONS) < min(shown.piles[p].x for p in CELLS)  # mirrored
    assert (shown.card_w, shown.card_h) == (played.card_w, played.card_h)
    app.settings.set("left_handed", False)
    steps(app, 2)
    assert max(replay.layout.piles[p].right for p in CELLS) < min(replay.layout.piles[p].x for p in FOUNDATIONS)
