"""The Help, Statistics and Settings screens, driven by real pygame events in the real app:
they open from the table, draw at every window size, scroll, work by mouse, touch and
keyboard, and the example board obeys the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.saving.storage import Storage
from seahaven.app.screens import settings_screen
from seahaven.app.screens.help import (
    CODES,
    EXAMPLES,
    KEYS,
    RULES,
    ExampleBoard,
    HelpScreen,
    example_position,
    keys_page,
)
from seahaven.app.screens.settings_screen import SettingsScreen
from seahaven.app.screens.statistics import StatsScreen, figure_rows
from seahaven.app.screens.table.actions import ACTIONS
from seahaven.app.state.settings import Settings
from seahaven.app.state.stats import Stats
from seahaven.engine import APP_RULES, COLUMNS, Pile
from tests.app import table_helpers
from tests.app.table_helpers import make_app, opened_app

SIZES = [(800, 600), (1280, 800), (1024, 1366), (3840, 2160)]


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The real app, windowed, with its files in a temporary folder."""
    yield from opened_app(tmp_path, monkeypatch)


def key(app: Any, k: int, mod: int = 0) -> None:
    """Press and release ``k`` (a key already down presses nothing again until released)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.step(1 / 60)


def click(app: Any, pos: tuple[float, float], touch: bool = False) -> None:
    if touch:
        w, h = app.size
        x, y = pos[0] / w, pos[1] / h
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    app.step(1 / 60)


def drag(app: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    table_helpers.drag(app, start, end, moves=4)


def hot(screen: Any, name: str) -> tuple[int, int]:
    for area in screen.hots:
        if area.key == name:
            return area.rect.center
    raise AssertionError(f"no {name!r} on screen; have {[a.key for a in screen.hots if a.key]}")


# -- opening and closing ----------------------------------------------------------------------


def test_f1_opens_help_and_esc_closes_it(app: Any) -> None:
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, HelpScreen)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.scenes.bottom


@pytest.mark.parametrize(("name", "kind"), [("help", HelpScreen), ("statistics", StatsScreen),
                                             ("settings", SettingsScreen)])
def test_the_table_opens_each_screen(app: Any, name: str, kind: type) -> None:
    from seahaven.app.screens import navigation

    navigation.open_screen(app, app.scenes.bottom.session, name)
    app.step(1 / 60)
    screen = app.scenes.top
    assert isinstance(screen, kind)
    click(app, hot(screen, "close"))
    assert app.scenes.top is app.scenes.bottom


# -- every size ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_draws_readably_at_every_size(app: Any, size: tuple[int, int]) -> None:
    app.resize(size)
    screens = [HelpScreen(app, page) for page in (RULES, EXAMPLES, CODES, KEYS)]
    screens += [StatsScreen(app, Stats()), SettingsScreen(app, Settings())]
    surface = pygame.Surface(size)
    for screen in screens:
        screen.draw(surface)
        screen.draw(surface)
        assert 15 <= screen.unit <= max(46, 0.026 * min(size))  # large screens: large text, never posters
        assert screen.unit >= size[1] / 60  # body text at least 1/60 of the window height
        for area in screen.hots:  # nothing sticks out sideways
            assert area.rect.left >= 0 and area.rect.right <= size[0], (type(screen).__name__, area)
        if screen.content_height > screen.viewport.h:  # long pages scroll to their end
            screen.scroll_by(10**6)
            assert screen.scroll == screen.max_scroll() > 0


def test_pages_scroll_by_keys_wheel_and_finger(app: Any) -> None:
    app.resize((800, 600))
    key(app, pygame.K_F1)
    screen = app.scenes.top
    assert screen.content_height > screen.viewport.h
    key(app, pygame.K_PAGEDOWN)
    assert screen.scroll > 0
    key(app, pygame.K_HOME)
    assert screen.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    app.step(1 / 60)
    assert screen.scroll > 0
    before = screen.scroll
    _w, h = app.size
    for kind, y in ((pygame.FINGERDOWN, 0.8), (pygame.FINGERMOTION, 0.6), (pygame.FINGERMOTION, 0.4),
                    (pygame.FINGERUP, 0.4)):
        pygame.event.post(pygame.event.Event(kind, x=0.5, y=y, dx=0, dy=0, finger_id=3, touch_id=1, pressure=1))
    app.step(1 / 60)
    assert screen.scroll == pytest.approx(before + 0.4 * h, abs=2)
    key(app, pygame.K_RIGHT)
    assert screen.tab == EXAMPLES and screen.scroll == 0


# -- the keyboard page ------------------------------------------------------------------------

TABLE_KEYS = ("Ctrl+Z", "U", "Ctrl+Y", "Ctrl+Shift+Z", "H", "N", "R", "Ctrl+D", "F1", "F11", "Esc",
              "9", "0", "Enter", "Space")
"""Every key the player's guide's Keyboard line names (docs/player-guide.md, where the README's
reference went: issue 40), as the Help page spells it."""


def test_help_keyboard_page_lists_every_key_the_players_guide_lists() -> None:
    readme = (Path(__file__).resolve().parents[2] / "docs" / "player-guide.md").read_text(encoding="utf-8")
    line = readme[readme.index("- **Keyboard**"):].split("\n- ", 1)[0]
    page = keys_page(ACTIONS.key_rows())  # as the table's F1 opens it
    table = next(rows for kind, rows in page if kind == "keys")
    moving = [rows for kind, rows in page if kind == "keys"][1]
    shown = {part.strip() for keys, _ in table + moving for part in keys.replace(",", " , ").split(" , ")}
    shown |= {k.strip() for keys, _ in moving for k in keys.replace("\u2026", ",").split(",")}
    for name in TABLE_KEYS:
        assert name in line, f"the player's guide's Keyboard line lacks {name}"
        assert name in shown, f"Help's keyboard page lacks {name}"
    for name in ("A", "B", "C", "D", "F"):  # the cells and the foundation
        assert name in shown and f" {name.lower()}" in line.replace("-", " ").lower()
    esc = dict(table)["Esc"]
    assert "selection" in esc and "focus" in esc and "nothing else" in esc
    assert "solver" in dict(table)["Ctrl+D"] and "stops" in dict(table)["Ctrl+D"]


# -- settings -------------------------------------------------------------------------------


def test_settings_change_at_once_and_persist(app: Any, tmp_path: Path) -> None:
    from seahaven.app.screens import navigation

    navigation.open_screen(app, app.scenes.bottom.session, "settings")
    app.step(1 / 60)
    screen = app.scenes.top
    settings = app.settings
    assert screen.tab == settings_screen.PLAY
    key(app, pygame.K_RIGHT)  # nothing focused yet: the next tab
    key(app, pygame.K_RIGHT)
    assert screen.tab == settings_screen.SOUND
    key(app, pygame.K_DOWN)  # focus: sound
    key(app, pygame.K_LEFT)  # off
    assert settings.sound is False
    key(app, pygame.K_DOWN)  # volume
    key(app, pygame.K_LEFT)
    assert settings.volume == pytest.approx(0.7)
    click(app, hot(screen, f"tab{settings_screen.LOOK}"))
    key(app, pygame.K_DOWN)  # focus: the table (whose name starts like a tab's)
    assert screen.focus_key == "table"
    key(app, pygame.K_RIGHT)
    assert settings.table == "blue" and app.painter.theme.name == "blue"
    key(app, pygame.K_LEFT)
    assert settings.table == "green"
    # by mouse and by finger: press the chosen segment
    animation = next(a for a in screen.hots if a.key == "animation").rect
    click(app, (animation.right - 5, animation.centery))  # "Off"
    assert settings.animation == "off" and settings.reduces_motion
    double = next(a for a in screen.hots if a.key == "double_tap_ms").rect
    click(app, (double.right - 5, double.centery), touch=True)  # "+"
    assert settings.double_tap_ms == 550
    click(app, hot(screen, "tab0"), touch=True)
    assert screen.tab == settings_screen.PLAY
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0, precise_y=-5.0))
    app.step(1 / 60)  # the last rows may lie below the window's edge: scroll down to them
    app.step(1 / 60)
    click(app, hot(screen, "winnable_only4"))
    assert settings.winnable_only == {4: True, 2: True, 1: True}
    on_disk = Storage(tmp_path / "seahaven-towers").load_settings()
    assert on_disk.message is None and on_disk.value == settings
    assert on_disk.value.animation == "off" and not on_disk.value.sound


def test_classic_run_limit_applies_to_the_game_at_once(app: Any) -> None:
    screen = settings_screen.open_scene(app, app.scenes.bottom.session)
    app.push(screen)
    app.step(1 / 60)
    screen.set("classic_run_limit", True)
    assert app.scenes.bottom.rules.run_limit == "classic" and app.scenes.bottom.game.rules.run_limit == "classic"


# -- statistics -----------------------------------------------------------------------------


def test_statistics_show_figures_and_reset_asks_first(app: Any, tmp_path: Path) -> None:
    keeper = app.scenes.bottom.session.keeper
    keeper.stats.record_start(4)
    keeper.stats.record_win(4, 640, 125)
    keeper.stats.record_start(4)
    keeper.stats.record_win(4, 900, 60, hints=1)  # helped: no record, not in the rate
    keeper.stats.record_start(1)
    rows = dict(figure_rows(keeper.stats))
    assert rows["Played"] == ["2", "0", "1"]
    assert rows["Win rate without help"] == ["100% (1 of 1)", "\u2014", "0% (0 of 1)"]
    assert rows["Won without help"][0] == "1" and rows["Won with help"][0] == "1"
    assert rows["Fastest win"][0] == "2:05" and rows["Best score"][0] == "640"
    from seahaven.app.screens import navigation

    navigation.open_screen(app, app.scenes.bottom.session, "statistics")
    app.step(1 / 60)
    screen = app.scenes.top
    click(app, hot(screen, "reset"))
    assert screen.confirming and keeper.stats.of(4).played == 2
    key(app, pygame.K_ESCAPE)  # cancel, not close
    assert not screen.confirming and app.scenes.top is screen
    click(app, hot(screen, "reset"))
    click(app, hot(screen, "confirm"))
    assert keeper.stats == Stats()
    assert Storage(tmp_path / "seahaven-towers").load_stats().value == Stats()


# -- the example board --------------------------------------------------------------------


def test_example_position_is_the_seed_example() -> None:
    position = example_position()
    assert position.free_cells == 1 and position.empty_columns == 2
    assert position.pickup_limit(APP_RULES) == 8
    assert position.drop_limit(APP_RULES, COLUMNS[8]) == 4


def card_point(board: ExampleBoard, pile: Pile, index: int) -> tuple[int, int]:
    cards = board.position.cards(pile)
    rect = pygame.Rect(board.layout.card_box(pile, index, len(cards)))
    return rect.centerx, rect.y + max(3, int(board.layout.column_step(pile, len(cards)) / 2))


def test_example_board_by_mouse_follows_the_engine(app: Any) -> None:
    app.resize((1280, 800))
    key(app, pygame.K_F1)
    screen = app.scenes.top
    key(app, pygame.K_RIGHT)
    assert screen.tab == EXAMPLES
    app.step(1 / 60)
    board = screen.board
    col1, col2, col3, col4, col9 = (COLUMNS[i] for i in (0, 1, 2, 3, 8))
    # the 8 diamonds onto the 10 of diamonds
    drag(app, card_point(board, col3, 2), pygame.Rect(board.layout.piles[col4]).move(0, board.layout.card_h).center)
    assert len(board.position.cards(col4)) == 12 and not board.refused
    # the king-led run of 5 spades into an empty column: refused, nothing moves
    drag(app, card_point(board, col1, 2), pygame.Rect(board.layout.piles[col9]).center)
    assert board.refused and "Only 4 cards" in board.message
    assert len(board.position.cards(col9)) == 0 and len(board.position.cards(col1)) == 7
    # the king-led run of 4 hearts fits
    drag(app, card_point(board, col2, 2), pygame.Rect(board.layout.piles[col9]).center)
    assert [str(c) for c in board.position.cards(col9)] == ["KH", "QH", "JH", "TH"]
    # tapping a card that can go home sends it there (the 2 of hearts onto the ace)
    click(app, card_point(board, COLUMNS[5], 4))
    assert board.position.foundations[2] == 2
    click(app, hot(screen, "again"))
    assert board.position == example_position()


def test_example_board_by_keyboard(app: Any) -> None:
    screen = HelpScreen(app, EXAMPLES)
    app.push(screen)
    app.step(1 / 60)
    key(app, pygame.K_1)
    key(app, pygame.K_9)
    assert screen.board.refused and screen.board.position == example_position()
    key(app, pygame.K_3)
    key(app, pygame.K_4)
    assert len(screen.board.position.cards(COLUMNS[3])) == 12
    key(app, pygame.K_2)
    key(app, pygame.K_0)
    assert len(screen.board.position.cards(COLUMNS[9])) == 4
    key(app, pygame.K_BACKSPACE)
    assert screen.board.position == example_position()


def test_example_board_keys_take_no_more_than_may_move_now() -> None:
    """The board uses the table's own hand: a column's key takes the longest run that may
    move now (the pick-up limit), not the whole run."""
    from seahaven.engine import Move, cell, column

    app = make_app()
    try:
        board = ExampleBoard(app)
        board.model.play(Move(column(5), cell(1), 1))  # no free cell left
        assert board.position.pickup_limit(board.rules) == 4
        board.board.key_pile(column(3))  # a run of 8 diamonds
        assert board.selected == (column(3), 4)
        before = board.position
        board.board.key_pile(column(4))  # onto the 10 of diamonds: the 5 heading those 4 does not fit there
        assert board.refused and board.position == before
    finally:
        app.close()


# -- fitting the window, and saying when a page goes on -------------------------------------


def _state(screen: Any) -> tuple[Any, ...]:
    board = getattr(screen, "board", None)
    return (screen.scroll, screen.content_height, tuple(screen.viewport), screen.size, screen.focus_key,
            [(tuple(h.rect), h.key, h.action) for h in screen.hots], screen.more,
            None if board is None else (tuple(board.rect), board.layout.card_w))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_draw_changes_nothing(app: Any, size: tuple[int, int]) -> None:
    app.resize(size)
    screens = [HelpScreen(app, page) for page in (RULES, EXAMPLES, CODES, KEYS)]
    screens += [StatsScreen(app, Stats()), SettingsScreen(app, Settings())]
    surface = pygame.Surface(size)
    for screen in screens:
        screen.scroll = 10**6  # far past the end: the layout clamps it, not the draw
        screen.layout()
        before = _state(screen)
        screen.draw(surface)
        screen.draw(pygame.Surface((640, 480)))  # a surface of another size changes nothing either
        assert _state(screen) == before, type(screen).__name__
        assert screen.scroll == screen.max_scroll()


@pytest.mark.parametrize("name", ["settings", "statistics"])
def test_at_1280x800_settings_and_statistics_fit_without_scrolling(app: Any, name: str) -> None:
    from seahaven.app.screens import navigation

    app.resize((1280, 800))
    navigation.open_screen(app, app.scenes.bottom.session, name)
    app.step(1 / 60)
    screen = app.scenes.top
    pages = range(len(screen.tabs)) if screen.tabs else [0]
    for page in pages:
        if screen.tabs:
            click(app, hot(screen, f"tab{page}"))
        if name == "statistics" and page == 0:
            click(app, hot(screen, "reset"))  # the question and its buttons fit too
        assert screen.max_scroll() == 0 and screen.more is None, (name, page, screen.content_height)
        assert all(h.rect.bottom <= 800 for h in screen.hots)
    assert screen.scrollbar() is None


def test_at_800x600_a_long_page_offers_scrolling_visibly(app: Any) -> None:
    app.resize((800, 600))
    key(app, pygame.K_F1)
    screen = app.scenes.top
    app.render(force=True)
    assert screen.max_scroll() > 0 and screen.more is not None and screen.scrollbar() is not None
    # the cue is on the screen: the "More below" button's colour at its edge, the thumb's
    more = screen.more.rect
    assert tuple(app.screen.get_at((more.x + more.w // 8, more.centery)))[:3] == (26, 140, 96)
    _track, thumb = screen.scrollbar()
    assert tuple(app.screen.get_at(thumb.center))[:3] == (168, 196, 178)
    # a finger on the cue scrolls a page
    click(app, more.center, touch=True)
    assert screen.scroll == screen.viewport.h - 2 * screen.unit
    # at the end of the page the cue goes away
    key(app, pygame.K_END)
    assert screen.scroll == screen.max_scroll() and screen.more is None
    app.render(force=True)
    assert tuple(app.screen.get_at((more.x + more.w // 8, more.centery)))[:3] != (26, 140, 96)
    # the Settings screen at this size needs no scrolling either
    key(app, pygame.K_ESCAPE)
    from seahaven.app.screens import navigation

    navigation.open_screen(app, app.scenes.bottom.session, "settings")
    app.step(1 / 60)
    for page in (0, 1):
        click(app, hot(app.scenes.top, f"tab{page}"))
        assert app.scenes.top.max_scroll() == 0
