"""Key bindings declared once (issue 26, item 3): the replay's commands and the table's fixed
keys each have one declaration; the screens act on it with real KEYDOWN events, and Help's
Keyboard page lists every key it declares."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from seahaven.app.board.keys import BOARD_KEYS, KEY_NAMES, board_key
from seahaven.app.board.replay_game import ReplayGame, Source
from seahaven.app.screens.help import HelpScreen, keys_page, keys_words
from seahaven.app.screens.replay_commands import REPLAY_COMMANDS, command_for_key, replay_key_rows
from seahaven.app.screens.replay_screen import ReplayScreen
from seahaven.app.screens.table import actions
from seahaven.app.shell.loop import App
from seahaven.app.state.game_analysis import GameAnalysis
from seahaven.app.text.words import key_text
from seahaven.engine import APP_RULES, COLUMNS
from seahaven.engine.solver import solve
from seahaven.i18n import set_language
from tests.app.table_helpers import click, key, make_app, steps

MIDDLE = 20
"""The move a replay is on when each key is pressed."""
CODE = "SH1-C1-AAAABBF"
"""A deal whose solver's line (89 moves) has critical moments before and after :data:`MIDDLE`
(moves 15 and 23), for the keys that jump between them."""

Check = Callable[[App, ReplayScreen, ReplayGame, dict[str, list[ReplayGame]]], bool]

DOES: dict[str, Check] = {
    "close": lambda app, screen, replay, asked: screen not in app.scenes,
    "start": lambda app, screen, replay, asked: replay.index == 0 and not screen.playing,
    "back": lambda app, screen, replay, asked: replay.index == MIDDLE - 1,
    "play": lambda app, screen, replay, asked: screen.playing,
    "forward": lambda app, screen, replay, asked: replay.index == MIDDLE + 1,
    "end": lambda app, screen, replay, asked: replay.index == replay.length and replay.at_end,
    "page_back": lambda app, screen, replay, asked: replay.index == MIDDLE - 10,
    "page_forward": lambda app, screen, replay, asked: replay.index == MIDDLE + 10,
    "faster": lambda app, screen, replay, asked: screen.speed == 2,
    "slower": lambda app, screen, replay, asked: screen.speed == 0,
    "review": lambda app, screen, replay, asked: asked["review"] == [replay],
    "from_here": lambda app, screen, replay, asked: asked["from_here"] == [replay],
    "analyse": lambda app, screen, replay, asked: asked["analyse"] == [replay] and screen.analysis is not None,
    "next_mark": lambda app, screen, replay, asked: replay.index == 22 and screen.analysis is not None
    and screen.analysis.notable(22) and screen.board.marks.layer("analysis") != (),
    "previous_mark": lambda app, screen, replay, asked: replay.index == 14 and screen.analysis is not None
    and screen.analysis.notable(14),
}
"""What each command with keys does to a replay on move :data:`MIDDLE` at speed 1x."""


def key_codes(name: str) -> tuple[int, ...]:
    """Every pygame key :data:`KEY_NAMES` calls ``name`` ("+": plus, keypad plus and =)."""
    return tuple(code for code, named in KEY_NAMES.items() if named == name)


def wait_analysis(app: App, screen: ReplayScreen) -> None:
    """Step frames until the screen's analysis has every report (its thread gets a moment
    between frames)."""
    import time

    analysis = screen.analysis
    assert analysis is not None
    for _ in range(3000):
        steps(app)
        if analysis.finished and analysis.tally().known == analysis.moves:
            return
        time.sleep(0.002)
    raise AssertionError("the analysis never finished")


def open_on_middle(app: App, offered: bool = True,
                   analysed: bool = False) -> tuple[ReplayScreen, ReplayGame, dict[str, list[ReplayGame]]]:
    table = app.scenes.bottom
    line = solve(table.position, APP_RULES).line
    replay = ReplayGame.of(table.position, line, APP_RULES, Source("record"))
    asked: dict[str, list[ReplayGame]] = {"review": [], "from_here": [], "analyse": []}

    def analyse(watched: ReplayGame) -> GameAnalysis:
        asked["analyse"].append(watched)
        analysis = GameAnalysis(watched.start, [watched.action(n) for n in range(1, watched.length + 1)],
                                watched.rules)
        analysis.run(table.jobs)
        return analysis

    screen = ReplayScreen(app, replay, asked["from_here"].append if offered else None,
                          asked["review"].append if offered else None, analyse if offered else None,
                          analysing=analysed)
    app.push(screen)
    steps(app, 2)
    if analysed:
        wait_analysis(app, screen)
        asked["analyse"].clear()
    replay.seek(MIDDLE)
    steps(app)
    assert replay.index == MIDDLE and screen.speed == 1 and not screen.playing
    return screen, replay, asked


def test_every_replay_key_does_what_its_command_declares() -> None:
    """Each declared key, through every pygame key of that name (plus on the keypad and on
    the = key too), as a real KEYDOWN on the real replay screen."""
    keyed = {c.name for c in REPLAY_COMMANDS if c.keys}
    assert keyed == set(DOES), "a replay command with keys and no check here (or a check for none)"
    app = make_app(CODE)
    pressed = 0
    for command in REPLAY_COMMANDS:
        for name in command.keys:
            codes = key_codes(name)
            assert codes, f"no pygame key is called {name!r}"
            for code in codes:
                screen, replay, asked = open_on_middle(app, analysed=command.name in ("next_mark", "previous_mark"))
                key(app, code)
                assert DOES[command.name](app, screen, replay, asked), (command.name, name, pygame.key.name(code))
                assert app.scenes.top is app.scenes.bottom or screen in app.scenes
                if screen in app.scenes:
                    screen.close()
                    steps(app)
                pressed += 1
    assert pressed >= len(keyed) + 3  # +, - and their keypad and = twins


def test_the_buttons_and_the_screen_reader_follow_the_declaration() -> None:
    app = make_app()
    screen, replay, asked = open_on_middle(app)
    buttons = [c.name for c in REPLAY_COMMANDS if c.button]
    assert [name for name, _label in screen.controls()] == buttons
    assert [name for name, _label, _box in screen.access_view()[2]] == buttons
    labels = dict(screen.controls())
    assert labels["close"] == "Close" and labels["play"] == "Play" and labels["from_here"] == "Play from here"
    key(app, pygame.K_SPACE)
    assert dict(screen.controls())["play"] == "Pause"
    boxes, _px = screen.button_boxes()
    assert boxes["from_here"].right > max(box.right for name, box in boxes.items() if name != "from_here")
    click(app, pygame.Rect(boxes["from_here"]).center)  # the declared button does what its key does
    assert asked["from_here"] == [replay] and not screen.playing
    screen.close()
    steps(app)
    # a screen given neither Review nor Play from here shows neither, and their keys do nothing
    screen, replay, _asked = open_on_middle(app, offered=False)
    offered = [c.name for c in REPLAY_COMMANDS if c.button and not c.offered_only]
    assert [name for name, _label in screen.controls()] == offered
    assert [name for name, _label, _box in screen.access_view()[2]] == offered
    key(app, pygame.K_p)
    key(app, pygame.K_v)
    key(app, pygame.K_a)
    key(app, pygame.K_n)
    assert app.scenes.top is screen and replay.index == MIDDLE and screen.analysis is None


def test_helps_keyboard_page_lists_every_replay_key() -> None:
    page = keys_page(actions.ACTIONS.key_rows())
    headings = [content for kind, content in page if kind == "h"]
    blocks = [content for kind, content in page if kind == "keys"]
    rows = blocks[headings.index("While watching a replay")]
    assert rows == replay_key_rows()
    listed = {k for keys, _line in rows for k in keys}
    for command in REPLAY_COMMANDS:
        for name in command.keys:
            assert name in listed, name
            assert command_for_key(key_codes(name)[0]) is command
    words = dict((keys_words(keys), line) for keys, line in rows)
    assert words["Space"] == "Play or pause" and words["Page Up"] == "Ten moves back" and words["Esc"] == "Close"
    assert words["Home"] == "Start" and words["Right"] == "Forward" and words["+"] == "Faster"
    set_language("de")
    try:
        assert keys_words(("Page Up",)) == key_text("Page Up") != "Page Up"
    finally:
        set_language("en")


def test_helps_keyboard_page_is_drawn_with_the_replay_keys() -> None:
    app = make_app()
    key(app, pygame.K_F1)
    screen = app.scenes.top
    assert isinstance(screen, HelpScreen)
    assert ("h", "While watching a replay") in screen.keys_page
    screen.set_tab(3)
    app.render(force=True)  # every row's keys are worded (a tuple of keys would fail to draw)


def test_the_tables_fixed_keys_are_declared_once_with_helps_rows() -> None:
    """The table's keyboard acts on BOARD_KEYS, and Help's "Moving cards with the keys" lists it."""
    page = keys_page(actions.ACTIONS.key_rows())
    headings = [content for kind, content in page if kind == "h"]
    blocks = [content for kind, content in page if kind == "keys"]
    moving = blocks[headings.index("Moving cards with the keys")]
    assert moving == tuple((k.shown, k.meaning) for k in BOARD_KEYS)
    codes = [code for k in BOARD_KEYS for code in k.codes]
    assert len(codes) == len(set(codes)), "a key in two groups"
    for group in BOARD_KEYS:
        assert all(board_key(code) == group.does for code in group.codes)
    # no action of the table takes one of these keys (the actions are looked up first)
    for code in codes:
        name = KEY_NAMES.get(code)
        assert name is None or actions.ACTIONS.for_key(name) is None, name


@pytest.mark.parametrize("does", ["pile", "focus", "peek", "send"])
def test_each_fixed_key_group_acts_at_the_table(does: str) -> None:
    """A key of each group, through a real KEYDOWN at the table, does what its group says."""
    app = make_app()
    table = app.scenes.bottom
    board = table.board
    group = next(k for k in BOARD_KEYS if k.does == does)
    if does == "pile":
        key(app, group.codes[2])  # column 3: its top run picked up
        assert board.focus_pile == COLUMNS[2] and table.board.selection is not None
    elif does == "focus":
        key(app, group.codes[0])  # the first arrow only shows the ring
        assert board.focus.visible and board.focus_pile == COLUMNS[0]
        key(app, pygame.K_RIGHT)
        assert board.focus_pile == COLUMNS[1]
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert board.focus_pile == COLUMNS[0]
    elif does == "peek":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=group.codes[0], mod=0, unicode="", scancode=0))
        steps(app)
        assert board.peeking == COLUMNS[0]
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=group.codes[0], mod=0, unicode="", scancode=0))
        steps(app)
        assert board.peeking is None
    else:
        before = table.game.move_count
        key(app, pygame.K_1)
        for code in group.codes:  # Enter, keypad Enter, Space: the first sends the run, the rest act again
            key(app, code)
        assert board.focus.visible and table.game.move_count > before
