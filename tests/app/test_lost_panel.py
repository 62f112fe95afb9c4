"""The lost panel (issue 28, item 3): a game the solver proves lost is told in the status
line without blocking play (SPEC 7); the player opens the panel by tapping the lost
sentence or verdict, with the key L, or by asking for a hint or the demo, and it offers the
way back (one undo action), Review and Keep playing. Driven through the real loop with
real pygame events and the real solver, from issue 25's lost position: SH1-C4-J7QDQBV with
the 7 of clubs at the bottom of column 6 double-clicked (lost, undo 1 move)."""

from __future__ import annotations

from typing import Any

import pygame

from seahaven import i18n
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.new_game import NewGame
from seahaven.app.screens.review_window import ReviewWindow
from seahaven.app.shell.loop import App
from seahaven.app.state.current import Change
from seahaven.engine import Game
from seahaven.engine.services import LossReport, NoWayBack
from tests.access import fake_accesskit
from tests.app.table_helpers import (
    LOST_CODE,
    click,
    key,
    lose_the_game,
    make_app,
    settle,
    steps,
    wait_jobs,
)

CODE = LOST_CODE


def _lost(size: tuple[int, int] = (1920, 1080), **settings: object) -> App:
    """The lost position, with the solver's verdict in and the status line painted."""
    app = make_app(CODE, size=size, **settings)
    table = app.scenes.bottom
    lose_the_game(app)
    table.invalidate()
    steps(app)  # painted
    return app


def _lost_sentence(app: App) -> pygame.Rect:
    table = app.scenes.bottom
    said = table.message
    assert said is not None and "can no longer be won" in said.text
    box = table.status_painter.said_box
    assert box is not None
    return pygame.Rect(box)


def _panel(app: App) -> LostPanel:
    top = app.scenes.top
    assert isinstance(top, LostPanel), type(top).__name__
    return top


def _press(app: App, panel: Any, name: str) -> None:
    widget = next(w for w in panel.widgets if w.name == name)
    click(app, (widget.box.x + widget.box.w // 2, widget.box.y + widget.box.h // 2))


def test_nothing_opens_by_itself_and_a_click_on_the_lost_sentence_opens_the_panel() -> None:
    app = _lost()
    table = app.scenes.bottom
    steps(app, 30)
    assert app.scenes.top is table  # the loss is said, play is not blocked
    click(app, _lost_sentence(app).center)
    panel = _panel(app)
    assert panel.title == "This game can no longer be won"
    assert [w.name for w in panel.widgets] == ["keep", "review", "back"]
    assert any("Undoing 1 move" in text for text, _role in panel.lines)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and table.game.move_count == 1  # Esc closes, nothing undone


def test_a_tap_on_the_lost_sentence_opens_the_panel() -> None:
    app = _lost(size=(1080, 1920))
    x, y = _lost_sentence(app).center
    w, h = app.size
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=x / w, y=y / h, dx=0, dy=0, finger_id=3, touch_id=1,
                                             pressure=1.0))
    steps(app)
    _panel(app)


def test_the_way_back_undoes_exactly_the_moves_the_solver_named_in_one_action() -> None:
    """Three moves by keys: the ace of spades home (still winnable), the 7 of clubs to cell 3
    (lost), the ace of hearts home (lost, undo 2 moves): the way back leaves the first."""
    app = make_app(CODE, size=(1280, 800))
    table = app.scenes.bottom
    for pile_key, dest_key in ((pygame.K_1, pygame.K_f), (pygame.K_6, pygame.K_c), (pygame.K_9, pygame.K_f)):
        key(app, pile_key)
        key(app, dest_key)
        settle(app)
    assert [str(a.move) for a in table.game.actions(0, 3)] == ["col1-found-S", "col6-cell3", "col9-found-H"]
    steps(app, 40)
    wait_jobs(app)
    report = table.current.verdict
    assert report is not None and report.lost and report.undos == 2
    after_one = Game(table.game.start, table.game.rules)
    after_one.play(table.game.actions(0, 1)[0].move)  # the position the way back must reach
    losing = table.game.actions(1, 2)[0]
    key(app, pygame.K_l)
    panel = _panel(app)
    assert any("Undoing 2 moves" in text for text, _role in panel.lines)
    changes: list[object] = []
    table.current.subscribe(lambda event: changes.append(event.kind))
    _press(app, panel, "back")
    assert app.scenes.top is table
    assert table.game.move_count == 1 and table.game.can_redo
    assert [str(a.move) for a in table.game.actions(0, 1)] == ["col1-found-S"]
    assert table.position == after_one.position
    assert changes.count(Change.UNDONE) == 1  # one undo action: one change
    assert table.hint is not None and table.hint == losing.move  # the move that lost it, marked
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert table.game.move_count == 2  # redo steps forward again, one move at a time


def test_review_opens_the_review_window() -> None:
    app = _lost()
    click(app, _lost_sentence(app).center)
    _press(app, _panel(app), "review")
    assert isinstance(app.scenes.top, ReviewWindow)
    wait_jobs(app)
    review = app.scenes.top
    assert review.result is not None and review.result.lost_at == 1  # it finds the losing move


def test_after_an_undo_the_sentence_and_its_hit_area_are_gone() -> None:
    app = _lost()
    table = app.scenes.bottom
    where = _lost_sentence(app).center
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.game.move_count == 0
    click(app, where)  # before any frame repaints the line: the hit area has gone with the position
    assert app.scenes.top is table
    settle(app)
    click(app, where)
    assert app.scenes.top is table and table.game.move_count == 0


def test_a_click_on_the_lost_verdict_opens_the_panel() -> None:
    app = _lost(size=(1280, 800))
    table = app.scenes.bottom
    assert table.verdict.text() == ("Solver: lost, undo 1", True)
    box = table.status_painter.verdict_box
    assert box is not None
    click(app, box.center)
    _panel(app)


def test_the_key_opens_the_panel_only_in_a_game_proved_lost() -> None:
    app = make_app(CODE, size=(1280, 800))
    table = app.scenes.bottom
    steps(app, 40)
    wait_jobs(app)
    assert table.verdict.text() == ("Solver: winnable", False)
    key(app, pygame.K_l)
    assert app.scenes.top is table
    said = table.message
    assert said is not None and said.text == "The solver has not found this game lost."
    app = _lost(size=(1280, 800))
    key(app, pygame.K_l)
    _panel(app)


def test_hint_and_the_demo_in_a_lost_game_open_the_panel() -> None:
    app = _lost()
    table = app.scenes.bottom
    key(app, pygame.K_h)
    _panel(app)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table and table.game.hints_used == 0  # no hint was given
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    wait_jobs(app)
    _panel(app)
    assert table.game.move_count == 1 and table.demo.moves is None  # nothing played


def test_hint_asks_for_the_verdict_first_when_the_solver_has_not_given_it() -> None:
    """Neither the warning nor the verdict is on: the hint's empty answer asks for the way back."""
    app = _lost(warn_lost=False, show_verdict=False)
    table = app.scenes.bottom
    assert table.current.verdict is None
    key(app, pygame.K_h)
    wait_jobs(app)
    panel = _panel(app)
    assert [w.name for w in panel.widgets] == ["keep", "review", "back"]


def test_no_way_back_offers_review_and_keep_playing_only() -> None:
    app = _lost(size=(800, 600))
    report = LossReport("lost", reason=NoWayBack.BEYOND_WINDOW, window=1)
    app.push(LostPanel(app, app.scenes.bottom.session, report))
    steps(app)
    panel = _panel(app)
    assert [w.name for w in panel.widgets] == ["keep", "review"]
    assert "no winnable position within the last 1 undo" in panel.lines[0][0]


def test_a_deal_lost_from_the_start_offers_a_new_game() -> None:
    app = make_app(CODE, size=(800, 600))
    report = LossReport("lost", reason=NoWayBack.DEAL_LOST)
    app.push(LostPanel(app, app.scenes.bottom.session, report))
    steps(app)
    panel = _panel(app)
    assert [w.name for w in panel.widgets] == ["keep", "new"]
    assert panel.title == "This deal cannot be won"  # never "no longer": it never could be (issue 37.6)
    assert panel.lines[0][0].startswith("No line of moves wins this deal, not even from its start")
    assert "Winnable deals only" in panel.lines[1][0]
    _press(app, panel, "new")
    assert isinstance(app.scenes.top, NewGame)


def test_the_open_panel_follows_a_change_of_language() -> None:
    app = _lost(size=(800, 600))
    try:
        key(app, pygame.K_l)
        panel = _panel(app)
        english = [w.label for w in panel.widgets]
        app.settings.set("language", "de")
        steps(app, 2)
        german = [w.label for w in _panel(app).widgets]
        assert german != english and "Weiterspielen" in german
        for widget in _panel(app).widgets:  # every button stays inside the window and the panel
            assert pygame.Rect(panel.panel).contains(pygame.Rect(widget.box))
    finally:
        i18n.set_language("en")


def test_the_panel_and_its_buttons_are_in_the_accessibility_tree() -> None:
    from seahaven.app.access import tree

    app = _lost(size=(1280, 800))
    backend = fake_accesskit.module()
    assert app.access.start(backend)
    adapter = backend.unix.made[-1]
    adapter.connect()
    steps(app, 2)
    key(app, pygame.K_l)
    steps(app, 2)
    _panel(app)
    nodes = adapter.latest()
    assert nodes[tree.SCENE].props.get("label") == "This game can no longer be won"
    buttons = [n.props.get("label") for n in nodes.values() if n.role == "BUTTON"]
    assert {"Back to the last winnable position", "Review", "Keep playing"} <= set(buttons)


def test_help_names_the_way_to_the_panel_and_its_key() -> None:
    from seahaven.app.screens import help as help_screen
    from seahaven.app.screens.table import actions

    rules = " ".join(text for _kind, text in help_screen.RULES_PAGE)
    assert "press L" in rules and "Tap that sentence" in rules
    assert ("L", "Lost game: go back to the last winnable position, review the game, or keep playing (also a "
                 "tap on the status line's lost sentence)") in actions.ACTIONS.key_rows()
