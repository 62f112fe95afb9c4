"""Every move reviewed, in the game (issue 38, items 3 and 4): Analyse, from the lost and won
panels, the replay, Statistics' last games and a game file, opens the replay with a strip of
marks under the board, one per move; the analysis runs in the job runner while the replay is
already usable, its marks appear as they are known, and leaving cancels it; a press on a mark
takes the board to the position before that move and draws the better move. Driven through
the real loop with real pygame events and the real solver; checked against the engine (the
better move is legal where it stands and keeps the game winnable) and on the screen's pixels."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from seahaven.app.board.marks import Style, pile_box
from seahaven.app.board.replay_game import ReplayGame
from seahaven.app.screens.analysis_strip import EARLIER, LATER, analysis_band, mark_picture, strip_view
from seahaven.app.screens.dialogs import EndMessage
from seahaven.app.screens.game_files import GameFiles
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.navigation import open_replay
from seahaven.app.screens.replay_screen import ReplayScreen
from seahaven.app.shell.loop import App
from seahaven.app.state.game_analysis import GameAnalysis
from seahaven.app.text.analysis_words import LEGEND
from seahaven.engine import APP_RULES, Move, Pile
from seahaven.engine.analysis import Judgement
from seahaven.engine.solver import solve
from seahaven.i18n import set_language
from tests.app.table_helpers import LOST_CODE, click, key, make_app, opened_app, post, settle, steps, wait_jobs

LOST_LINE = (("col1", "found-S"), ("col1", "cell3"), ("col3", "found-C"), ("col9", "found-H"), ("col2", "cell4"))
"""On :data:`LOST_CODE`: four moves that keep the game winnable, then the top card of column 2
into the last free cell, which loses it (move 5) and leaves a useful move (no stuck panel)."""


def lost_app(size: tuple[int, int] = (1280, 800), **settings: object) -> App:
    """The game of :data:`LOST_LINE` played, and the solver's verdict (lost) in."""
    app = make_app(LOST_CODE, size=size, **settings)
    current = app.scenes.bottom.session
    for source, dest in LOST_LINE:
        current.current.play(Move(Pile.parse(source), Pile.parse(dest), 1))
        steps(app)
    settle(app)
    steps(app, 40)  # the quiet moment before the solver is asked
    wait_jobs(app)
    return app


def finished(app: App, screen: ReplayScreen) -> GameAnalysis:
    """Step frames until the screen's analysis has every report (its thread gets a moment
    between frames); the analysis."""
    analysis = screen.analysis
    assert analysis is not None
    for _ in range(5000):
        steps(app)
        if analysis.finished and all(analysis.report(i) is not None for i in range(analysis.moves)):
            steps(app)
            return analysis
        time.sleep(0.002)
    raise AssertionError("the analysis never finished")


def press(app: App, window: object, name: str) -> None:
    widget = next(w for w in window.widgets if w.name == name)
    click(app, (widget.box.x + widget.box.w // 2, widget.box.y + widget.box.h // 2))


def mark_point(screen: ReplayScreen, index: int) -> tuple[int, int]:
    box = screen.strip.view(screen.band, screen.replay.length).slot(index)
    assert box is not None, f"mark {index} is out of view"
    return box.center


def pixels_near(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], within: int = 12) -> int:
    """How many pixels of ``rect`` are within ``within`` of ``colour`` on every channel."""
    rect = rect.clip(surface.get_rect())
    count = 0
    for x in range(rect.x, rect.right):
        for y in range(rect.y, rect.bottom):
            pixel = surface.get_at((x, y))
            if all(abs(pixel[i] - colour[i]) <= within for i in range(3)):
                count += 1
    return count


def test_the_lost_panel_analyses_the_game_and_a_mark_shows_the_better_move() -> None:
    app = lost_app()
    table = app.scenes.bottom
    key(app, pygame.K_l)
    panel = app.scenes.top
    assert isinstance(panel, LostPanel)
    press(app, panel, "analyse")
    screen = app.scenes.top
    assert isinstance(screen, ReplayScreen) and screen.analysis is not None
    assert screen.replay.length == len(LOST_LINE) and screen.band.room > 0
    assert "analyse" not in dict(screen.controls())  # asked for: the band shows instead
    key(app, pygame.K_RIGHT)  # usable at once, whatever the analysis has found yet
    assert screen.replay.index == 1
    analysis = finished(app, screen)
    judgements = [analysis.judgement(i) for i in range(len(LOST_LINE))]
    assert all(j in (Judgement.KEPT, Judgement.FOUND) for j in judgements[:4]), judgements
    assert judgements[4] in (Judgement.LOST_IT, Judgement.MISSED)
    assert analysis.tally().lost_at == 5
    # the mark of the losing move, pressed with the mouse: the board before it, the better move drawn
    click(app, mark_point(screen, 4))
    assert screen.replay.index == 4
    report = analysis.report(4)
    assert report is not None and report.better is not None
    marks = screen.board.marks.layer("analysis")
    assert [(m.style, m.move) for m in marks] == [(Style.BETTER, report.better)]
    position = screen.replay.position
    assert position.is_legal(report.better, APP_RULES)
    assert solve(position.apply(report.better), APP_RULES).status == "won"  # it keeps the game winnable
    assert "lost" in screen.status_words()
    # on the screen: the better move's colour around where it goes, the mark's in its slot
    app.render(force=True)
    theme = app.painter.theme
    dest = pygame.Rect(pile_box(screen.layout, position, report.better.dest)).inflate(16, 16)
    assert pixels_near(app.screen, dest, theme.better) > 50
    slot = screen.strip.view(screen.band, screen.replay.length).slot(4)
    assert slot is not None and pixels_near(app.screen, pygame.Rect(slot), theme.mark_lost, 24) > 10
    # the better move goes with the position it is about: a step on takes it away, a step back shows it again
    key(app, pygame.K_RIGHT)
    assert screen.board.marks.layer("analysis") == ()
    key(app, pygame.K_LEFT)
    assert screen.board.marks.layer("analysis") == marks
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and table.game.move_count == len(LOST_LINE)  # nothing played


def test_leaving_cancels_the_analysis_and_its_thread_ends() -> None:
    app = lost_app()
    session = app.scenes.bottom.session
    replay = ReplayGame.of_game(session.current.game)
    screen = open_replay(app, session, replay, analyse=True)
    assert isinstance(screen, ReplayScreen)
    analysis = screen.analysis
    assert analysis is not None and analysis.running  # no frame yet: its answer cannot have been taken
    key(app, pygame.K_ESCAPE)
    assert screen not in app.scenes and not analysis.running and not session.jobs.running()
    assert session.jobs.shutdown(timeout=30)  # the worker ends (its answer, if any, is dropped)
    assert analysis.result is None


def test_a_game_in_progress_is_analysed_up_to_the_current_move_only() -> None:
    app = make_app("SH1-C4-AAAAAJ2")
    session = app.scenes.bottom.session
    line = solve(session.current.position, APP_RULES).line
    for move in line[:6]:
        session.current.play(move)
    session.current.undo()
    session.current.undo()
    settle(app)
    assert session.current.game.move_count == 4 and session.current.game.can_redo
    session.ask("analyse")  # the table's action, which the panels ask for
    screen = app.scenes.top
    assert isinstance(screen, ReplayScreen)
    analysis = finished(app, screen)
    assert screen.replay.length == analysis.moves == 4  # the undone moves are the way ahead: no mark
    assert len(screen.access_marks()[2]) == 4
    assert screen.strip.view(screen.band, 4).slot(4) is None
    assert analysis.tally().kept == 4
    assert screen.analysis_line().startswith(
        "4 moves were made while the game could be won. 4 of them kept it winnable.")


def test_the_marks_appear_as_they_are_known_and_the_replay_never_waits_for_them() -> None:
    """The reports cross from the worker through a queue the screen empties in its update:
    marks not yet known are drawn as such, and each report is taken in the frame after it
    arrives (here fed by hand, as the worker would)."""
    app = lost_app()
    session = app.scenes.bottom.session
    replay = ReplayGame.of_game(session.current.game)
    held: list[GameAnalysis] = []

    def analyse(watched: ReplayGame) -> GameAnalysis:
        held.append(GameAnalysis(watched.start, [watched.action(n) for n in range(1, watched.length + 1)],
                                 watched.rules))
        return held[0]  # not run: the test hands its reports in

    screen = ReplayScreen(app, replay, analyse=analyse, analysing=True)
    app.push(screen)
    steps(app, 2)
    assert screen.analysis_line() == "The solver is going through the game: 0 of 5 moves so far."
    from seahaven.engine.analysis import analyse as engine_analyse

    actions = [replay.action(n) for n in range(1, 6)]
    result = engine_analyse([replay.start, *(a.after for a in actions)], [a.move for a in actions], APP_RULES)
    losing = result.reports[4]
    assert losing is not None
    held[0]._queue.put(losing)  # the worker's put
    steps(app)
    assert screen.analysis.judgement(4) is losing.judgement and screen.analysis.judgement(0) is None
    assert screen.analysis_line() == "The solver is going through the game: 1 of 5 moves so far."
    screen.press_mark(4)
    assert screen.board.marks.layer("analysis")  # the better move, known already
    held[0]._done(result)  # the job runner's answer
    steps(app)
    assert all(screen.analysis.judgement(i) is not None for i in range(5))
    assert screen.analysis_line().startswith(
        "5 moves were made while the game could be won. 4 of them kept it winnable. "
        "Move 5 lost it.")


def test_the_won_panel_and_the_replay_offer_analyse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apps: Iterator[App] = opened_app(tmp_path, monkeypatch, size=(1280, 800))
    app = next(apps)
    try:
        session = app.scenes.bottom.session
        line = solve(session.current.position, APP_RULES).line
        for move in line:
            session.current.play(move)
            steps(app)
        for _ in range(60 * 10):
            steps(app)
            if isinstance(app.scenes.top, EndMessage):
                break
        panel = app.scenes.top
        assert isinstance(panel, EndMessage) and "analyse" in [w.name for w in panel.widgets]
        key(app, pygame.K_a)  # A, as the button
        screen = app.scenes.top
        assert isinstance(screen, ReplayScreen) and screen.analysis is not None
        analysis = finished(app, screen)
        assert analysis.moves == len(line) and analysis.tally().won and analysis.tally().lost_at is None
        assert "The game was won." in screen.analysis_line()
        key(app, pygame.K_ESCAPE)
        # Statistics' last games: Watch, then Analyse from the replay itself (its button, A)
        from seahaven.app.screens import navigation

        navigation.open_screen(app, session, "statistics")
        stats = app.scenes.top
        stats.set_tab(2)
        steps(app, 2)
        assert any(hot.key == "analyse-0" for hot in stats.hots)
        stats.focus_key = "watch-0"
        key(app, pygame.K_RETURN)
        watched = app.scenes.top
        assert isinstance(watched, ReplayScreen) and watched.analysis is None
        boxes, _px = watched.button_boxes()
        click(app, pygame.Rect(boxes["analyse"]).center)
        assert watched.analysis is not None and finished(app, watched).moves == len(line)
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is stats
        stats.focus_key = "analyse-0"
        key(app, pygame.K_RETURN)
        analysed = app.scenes.top
        assert isinstance(analysed, ReplayScreen) and analysed.analysis is not None
        assert analysed.replay.length == len(line)
    finally:
        next(apps, None)


def test_a_game_file_is_analysed_from_the_open_window_and_the_game_in_play_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    apps: Iterator[App] = opened_app(tmp_path, monkeypatch, size=(1280, 800))
    app = next(apps)
    try:
        session = app.scenes.bottom.session
        current = session.current
        for move in solve(current.position, APP_RULES).line[:7]:
            current.play(move)
        settle(app)
        path = tmp_path / "home" / "mine.seahaven"
        assert session.files is not None
        session.files.save(path, current.game, 12.0)
        current.undo()
        settle(app)
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        window = app.scenes.top
        assert isinstance(window, GameFiles) and "analyse" in [w.name for w in window.widgets]
        window.field.replace(str(path))
        press(app, window, "analyse")
        screen = app.scenes.top
        assert isinstance(screen, ReplayScreen) and screen.analysis is not None
        assert finished(app, screen).moves == 7  # the file's game, all of it
        assert current.game.move_count == 6  # the game in play as it was
        key(app, pygame.K_ESCAPE)
        # a file that cannot be read: one sentence, and nothing opens
        key(app, pygame.K_o, pygame.KMOD_LCTRL)
        window = app.scenes.top
        assert isinstance(window, GameFiles)
        bad = tmp_path / "home" / "bad.seahaven"
        bad.write_text('{"code": "SH1-C4-AAAAAJ2", "moves": [')
        window.field.replace(str(bad))
        press(app, window, "analyse")
        assert app.scenes.top is window and "bad.seahaven" in window.field.error
    finally:
        next(apps, None)


def test_a_long_game_shows_the_marks_around_the_move_and_the_arrows_show_the_rest() -> None:
    app = make_app("SH1-C1-AAAABBF", size=(800, 600))
    session = app.scenes.bottom.session
    line = list(solve(session.current.position, APP_RULES).line)
    replay = ReplayGame.of(session.current.position, line, APP_RULES)
    screen = open_replay(app, session, replay, analyse=True)
    assert isinstance(screen, ReplayScreen)
    finished(app, screen)
    view = screen.strip.view(screen.band, len(line))
    assert view.shown < len(line) and view.first == 0 and view.earlier is not None and view.later is not None
    key(app, pygame.K_END)  # the board at the end: the last marks in view
    view = screen.strip.view(screen.band, len(line))
    assert view.first + view.shown == len(line)
    click(app, view.earlier.center)  # the arrow shows earlier marks; the board stays
    assert screen.strip.view(screen.band, len(line)).first < view.first and replay.at_end
    first = screen.strip.first
    post(pygame.MOUSEMOTION, pos=view.row.center, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    steps(app)
    assert screen.strip.first < first  # the wheel over the strip too
    key(app, pygame.K_HOME)
    assert screen.strip.first == 0
    # N and B jump between the critical moments, and the board shows the only move there
    key(app, pygame.K_n)
    analysis = screen.analysis
    assert analysis is not None and analysis.notable(replay.index) and replay.index > 0
    assert [m.style for m in screen.board.marks.layer("analysis")] == [Style.BETTER]
    here = replay.index
    key(app, pygame.K_n)
    key(app, pygame.K_b)
    assert replay.index == here
    # the pointer over a mark puts it in words in the band's line
    point = mark_point(screen, here)
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    steps(app)
    assert screen.analysis_line().startswith(f"Move {here + 1}: ")
    assert "critical moment, found" in screen.analysis_line()


def test_the_strip_geometry_keeps_every_mark_reachable() -> None:
    for size in ((800, 600), (1920, 1080), (1080, 1920), (3840, 2160)):
        band = analysis_band(size)
        assert band.strip.bottom <= band.status.y and band.line.bottom <= band.strip.y
        assert band.status.bottom == size[1] and band.box.y == band.line.y
        for count in (1, 5, 44, 150, 1000):
            view = strip_view(band.strip, count, band.mark)
            slots = [view.slot(i) for i in range(view.shown)]
            assert all(s is not None and s.w >= band.mark * 0.8 - 1 for s in slots)
            for i, slot in enumerate(slots):
                assert slot is not None and view.at(*slot.center) == i
            if view.shown < count:
                assert view.at(*view.earlier.center) == EARLIER and view.at(*view.later.center) == LATER
                last = strip_view(band.strip, count, band.mark, count)
                assert last.first + last.shown == count


def test_each_mark_has_a_shape_of_its_own_and_colours_from_every_table() -> None:
    """Told apart by shape as well as colour: the marks' silhouettes (their alpha) differ
    pairwise at the sizes drawn; every table gives each a colour that shows on its band."""
    from seahaven.app.looks.theme import TABLES

    pygame.init()
    judgements = [j for j, _words in LEGEND]
    for size in (15, 20, 30, 48):
        masks = [pygame.mask.from_surface(mark_picture(j, size, (255, 255, 255), 1.0), 96) for j in judgements]
        for a in range(len(masks)):
            for b in range(a + 1, len(masks)):
                overlap = masks[a].overlap_area(masks[b], (0, 0))
                union = masks[a].count() + masks[b].count() - overlap
                assert overlap < 0.8 * union, (size, judgements[a], judgements[b])

    def luminance(colour: tuple[int, int, int]) -> float:
        def channel(c: int) -> float:
            v = c / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(c) for c in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for theme in TABLES.values():
        band = luminance(theme.band)
        for colour in (theme.mark_kept, theme.mark_found, theme.mark_lost, theme.mark_dim):
            assert (luminance(colour) + 0.05) / (band + 0.05) >= 3.0, (theme.name, colour)
        assert len({theme.mark_kept, theme.mark_found, theme.mark_lost, theme.mark_dim, theme.better}) == 5


def test_the_analysis_reads_in_the_players_language() -> None:
    app = lost_app(size=(800, 600))
    session = app.scenes.bottom.session
    screen = open_replay(app, session, ReplayGame.of_game(session.current.game), analyse=True)
    assert isinstance(screen, ReplayScreen)
    finished(app, screen)
    english = screen.analysis_line()
    app.settings.set("language", "de")
    try:
        steps(app, 2)
        german = screen.analysis_line()
        assert german != english and "Zug 5" in german, german
        assert screen.mark_sentence(4).startswith("Zug 5: "), screen.mark_sentence(4)
        assert dict(screen.controls())["close"] == "Schließen"
    finally:
        app.settings.set("language", "en")
        set_language("en")
