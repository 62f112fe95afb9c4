"""The accessibility tree as the game builds and sends it, headless, through a stand-in for
AccessKit (``fake_accesskit``): the real loop with real pygame events; what a reader would be
told is checked in the updates sent (the real AT-SPI side: test_reader.py)."""

from __future__ import annotations

from typing import Any

import pygame

from seahaven.app.access import tree
from seahaven.app.shell.loop import App
from tests.access import fake_accesskit
from tests.app.table_helpers import make_app, settle, steps

CODE = "SH1-C4-AAAAAJ2"


def key(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    steps(app, 2)


def listening(app: App) -> Any:
    """A reader connects (the fake AccessKit's thread); the loop sends the tree."""
    backend = fake_accesskit.module()
    assert app.access.start(backend)
    adapter = backend.unix.made[-1]
    adapter.connect()
    steps(app, 2)
    return adapter


def labels(nodes: dict[int, Any]) -> dict[int, str]:
    return {node: n.props.get("label", "") for node, n in nodes.items()}


def test_nothing_is_built_or_sent_while_no_reader_listens() -> None:
    app = make_app(CODE)
    backend = fake_accesskit.module()
    assert app.access.start(backend)
    adapter = backend.unix.made[-1]
    built = []
    provider = app.access.provider
    assert provider is not None
    app.access.provider = lambda: built.append(1) or provider()
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    assert app.scenes.bottom.game.move_count == 1
    assert built == [] and adapter.updates == []


def test_the_tree_holds_the_toolbar_the_piles_and_the_status_and_a_move_sends_only_what_changed() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    nodes = adapter.latest()
    names = labels(nodes)
    assert names[tree.WINDOW] == "Seahaven Towers"
    buttons = [names[n] for n in nodes if nodes[n].role == "BUTTON"]
    assert buttons[:5] == ["New game", "Restart the deal", "Undo", "Redo", "Hint"]
    undo = next(n for n in nodes.values() if n.props.get("label") == "Undo")
    assert undo.props.get("disabled") is True and "CLICK" in undo.actions
    assert names[tree.COLUMN_BASE + 1] == "Column 1, 5 cards, top: the 6 of hearts"  # short by default
    assert names[tree.CELL_BASE + 3] == "Cell 3: empty"
    assert names[tree.FOUNDATION_BASE] == "Clubs foundation: empty"
    assert "Moves 0" in nodes[tree.STATUS].props["value"]
    assert nodes[tree.STATUS].props["label"].startswith("Score 0, Moves 0, Time ")  # a status bar with its text
    sent = len(adapter.updates)
    key(app, pygame.K_1)
    assert adapter.updates[-1].focus == tree.COLUMN_BASE + 1  # the keyboard focus is the tree's
    assert adapter.latest()[tree.COLUMN_BASE + 1].props["description"] == "The 6 of hearts picked up."
    key(app, pygame.K_7)
    move = adapter.updates[sent:]
    assert move[-1].focus == tree.COLUMN_BASE + 7
    changed = {node for update in move for node, _n in update.nodes}
    assert {tree.COLUMN_BASE + 1, tree.COLUMN_BASE + 7, tree.STATUS} <= changed
    assert tree.COLUMN_BASE + 4 not in changed and tree.CELL_BASE + 1 not in changed  # never the whole tree
    column7 = adapter.latest()[tree.COLUMN_BASE + 7]
    assert column7.props["label"].endswith("top: the 6 of hearts")
    assert column7.props["description"] == "To column 7. Column 1: the queen of spades."  # the pick-up named it


def test_full_detail_reads_every_card_and_the_move_from_where_to_where() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    app.settings.set("reader_detail", "full")
    steps(app, 2)
    assert labels(adapter.latest())[tree.COLUMN_BASE + 1] == (
        "Column 1, 5 cards: the king of hearts, the 3 of clubs, the 4 of spades, the queen of spades, "
        "top: the 6 of hearts")
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    assert adapter.latest()[tree.COLUMN_BASE + 7].props["description"] == "The 6 of hearts from column 1 to column 7."


def test_a_pick_up_a_put_down_a_look_and_the_status_are_said() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    table = app.scenes.bottom
    key(app, pygame.K_1)
    key(app, pygame.K_1)  # the same key again: one card fewer, none left
    assert adapter.latest()[tree.COLUMN_BASE + 1].props["description"] == "Put down."
    key(app, pygame.K_4, pygame.KMOD_SHIFT)  # look only: column 4 read in full, nothing held
    assert table.board.selection is None and adapter.updates[-1].focus == tree.COLUMN_BASE + 4
    assert adapter.latest()[tree.COLUMN_BASE + 4].props["description"].startswith("Column 4, 5 cards: ")
    key(app, pygame.K_s)
    assert adapter.latest()[tree.COLUMN_BASE + 4].props["description"] == (
        f"Score 0, Moves 0, Time 0:00. Game {' '.join(CODE.split('-'))}.")


def test_a_press_from_the_reader_does_what_a_tap_does() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    table = app.scenes.bottom
    adapter.request("CLICK", tree.COLUMN_BASE + 1)  # like the key 1: the top card is picked up
    steps(app, 2)
    adapter.request("CLICK", tree.COLUMN_BASE + 7)
    steps(app, 2)
    settle(app)
    assert table.game.move_count == 1
    undo = next(n for n, spec in adapter.latest().items() if spec.props.get("label") == "Undo")
    adapter.request("CLICK", undo)
    steps(app, 2)
    assert table.game.move_count == 0 and table.game.can_redo
    assert adapter.latest()[adapter.updates[-1].focus].props["description"].startswith("Undone: the 6 of hearts")


def test_names_follow_the_language_at_once() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    app.settings.set("language", "de")
    steps(app, 2)
    names = labels(adapter.latest())
    assert names[tree.CELL_BASE + 3] == "Zelle 3: leer"
    assert "Neues Spiel" in names.values()
    app.settings.set("language", "en")
    steps(app, 2)
    assert labels(adapter.latest())[tree.CELL_BASE + 3] == "Cell 3: empty"


def test_a_window_over_the_table_is_in_the_tree_with_its_controls() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_n)  # New game
    update = adapter.updates[-1]
    nodes = adapter.latest()
    assert update.focus >= adapter.scene() + tree.SCENE_ITEM_BASE
    assert nodes[adapter.scene()].role == "DIALOG" and nodes[adapter.scene()].props.get("label")
    assert adapter.scene() in nodes[tree.WINDOW].props["children"]
    first = adapter.scene()
    key(app, pygame.K_ESCAPE)
    # the focus goes back to the keys' pile (a reader hears it, not the whole table again)
    assert adapter.updates[-1].focus == tree.COLUMN_BASE + 1
    assert adapter.scene() < 0
    key(app, pygame.K_n)  # the same window again: ids of its own, so a reader announces it again
    again = adapter.scene()
    assert again > first and adapter.latest()[again].props.get("label") == "New game"


def test_the_reading_keys_read_the_table_row_by_row_and_the_focused_pile() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_t)
    said = adapter.latest()[adapter.updates[-1].focus].props["description"]
    assert said.startswith("Cell 1: the 3 of spades. ")
    assert "Row 1: column 1: the king of hearts, column 2: the ace of diamonds" in said
    key(app, pygame.K_2)
    key(app, pygame.K_i)
    said = adapter.latest()[adapter.updates[-1].focus].props["description"]
    assert said.startswith("Column 2, 5 cards: the ace of diamonds")


def test_without_accesskit_the_game_plays_and_says_nothing() -> None:
    app = make_app(CODE)

    class Broken:
        def __getattr__(self, name: str) -> Any:
            raise ImportError("no accesskit")

    assert not app.access.start(Broken())
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    assert app.scenes.bottom.game.move_count == 1


def _said(adapter: Any, node: int, field: str) -> list[str]:
    """Each text ``node``'s ``field`` took, in the order sent."""
    return [n.props.get(field, "") for update in adapter.updates for i, n in update.nodes if i == node]


def test_the_same_sentence_twice_is_said_twice() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_u)  # nothing to undo
    key(app, pygame.K_u)
    said = [text for text in _said(adapter, tree.COLUMN_BASE + 1, "description") if text]
    assert said == ["Nothing to undo.", "Nothing to undo."]


def test_where_readers_hear_a_live_region_the_sentence_goes_there() -> None:
    app = make_app(CODE)
    app.access.uses_live_region = True  # as on Windows and macOS
    adapter = listening(app)
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    region = adapter.latest()[tree.ANNOUNCER]
    assert region.props["value"] == "To column 7. Column 1: the queen of spades."  # the pick-up named the card
    assert region.props.get("live") == "POLITE"
    assert tree.ANNOUNCER in adapter.latest()[tree.WINDOW].props["children"]
    assert not adapter.latest()[tree.COLUMN_BASE + 7].props.get("description")


def test_the_replay_is_read_and_pressed_through_the_tree() -> None:
    """Issue 28, item 7: the replay screen reads out what it shows and its buttons, each step
    is said, and a reader's press on Forward steps as a tap does."""
    from seahaven.app.board.replay_game import ReplayGame, Source
    from seahaven.app.screens.navigation import open_replay
    from seahaven.engine import APP_RULES
    from seahaven.engine.solver import solve

    app = make_app(CODE)
    adapter = listening(app)
    table = app.scenes.bottom
    line = list(solve(table.position, APP_RULES).line[:6])
    replay = ReplayGame.of(table.position, line, APP_RULES, Source("record"))
    open_replay(app, table.session, replay)
    steps(app, 2)
    nodes = adapter.latest()
    scene = nodes[adapter.scene()]
    assert scene.role == "DIALOG" and "Move 0 of 6" in scene.props["label"]
    assert adapter.scene() in nodes[tree.WINDOW].props["children"] and adapter.updates[-1].focus == adapter.scene()
    buttons = {nodes[n].props["label"]: n for n in scene.props["children"]}
    assert {"Close", "Back", "Forward", "Play from here", "Review"} <= set(buttons)
    adapter.request("CLICK", buttons["Forward"])
    steps(app, 3)
    assert replay.index == 1
    said = adapter.latest()[adapter.scene()].props["description"]
    assert said.startswith("1: ")  # the step, in words, where Orca 43 reads it (the focused node)
    adapter.request("CLICK", buttons["Close"])
    steps(app, 2)
    assert app.scenes.top is table and adapter.scene() < 0


def test_the_adapter_is_not_called_until_a_reader_is_active() -> None:
    """The game hung when its window gained focus just as Orca connected: AccessKit 0.7's Unix
    adapter runs the activation handler under a lock its every method takes, and its Python
    binding holds the GIL while it waits. The loop notes the window's focus and sends it once
    the reader is active."""
    app = make_app(CODE)
    backend = fake_accesskit.module()
    assert app.access.start(backend)
    adapter = backend.unix.made[-1]
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    key(app, pygame.K_1)
    key(app, pygame.K_7)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    steps(app, 2)
    assert adapter.calls_while_inactive == [] and adapter.window_focus == []
    adapter.connect()
    steps(app, 2)
    assert adapter.calls_while_inactive == []
    assert adapter.window_focus and adapter.window_focus[-1] is True  # the window's focus, sent late
    assert adapter.latest()[tree.WINDOW].props["label"] == "Seahaven Towers"


def test_a_look_at_activation_before_the_handler_ends_waits_for_it() -> None:
    """The handler posts its event before it returns: a loop that sees the event first leaves the
    adapter alone and looks again a moment later."""
    app = make_app(CODE)
    backend = fake_accesskit.module()
    assert app.access.start(backend)
    adapter = backend.unix.made[-1]
    from seahaven.app.access.adapter import EVENT

    pygame.event.post(pygame.event.Event(EVENT, what="activated", target=tree.WINDOW))
    steps(app, 2)
    assert adapter.calls_while_inactive == [] and adapter.updates == []
    adapter.connect()
    for _ in range(20):
        steps(app, 1)
        pygame.time.wait(5)
    assert adapter.calls_while_inactive == []
    assert tree.TABLE in adapter.latest()


def _scene(adapter: Any) -> list[tuple[str, str, Any]]:
    """The screen over the table as sent last: (role, label, node) of each of its children, in order."""
    nodes = adapter.latest()
    assert adapter.scene() in nodes[tree.WINDOW].props["children"]
    scene = nodes[adapter.scene()]
    return [(nodes[n].role, nodes[n].props.get("label", ""), nodes[n]) for n in scene.props["children"]]


def _id_of(adapter: Any, label: str) -> int:
    nodes = adapter.latest()
    return next(n for n in nodes[adapter.scene()].props["children"] if nodes[n].props.get("label") == label)


def test_help_is_read_section_by_section_in_the_players_language() -> None:
    """Issue 27: a screen reader reads Help's words (the rules, the keys, how to play with a
    screen reader), headings as headings, in reading order; its tabs are tabs; a press on a
    tab turns the page; a change of language renames everything at once."""
    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_F1)
    nodes = adapter.latest()
    assert nodes[adapter.scene()].role == "DIALOG" and nodes[adapter.scene()].props["label"] == "Help"
    scene = _scene(adapter)
    pieces = [(role, label) for role, label, _n in scene]
    assert pieces[:5] == [("BUTTON", "Close"), ("TAB", "Rules"), ("TAB", "Examples"), ("TAB", "Game codes"),
                          ("TAB", "Keyboard")]
    assert scene[1][2].props["selected"] is True and scene[4][2].props["selected"] is False
    goal = pieces.index(("HEADING", "The goal"))
    assert pieces[goal + 1] == ("PARAGRAPH", "Move all 52 cards onto the four foundations, one for each suit, "
                                             "from the ace up to the king.")
    reader = pieces.index(("HEADING", "Playing with a screen reader"))
    assert pieces[reader + 1][0] == "PARAGRAPH" and "Orca, NVDA" in pieces[reader + 1][1]
    assert any("T reads the whole table" in label for _role, label in pieces[reader:])
    assert any(label.startswith("Help, Statistics, Settings and the daily deals are read whole")
               for _role, label in pieces[reader:])
    assert goal < reader
    adapter.request("CLICK", _id_of(adapter, "Keyboard"))  # as a tap on the tab
    steps(app, 2)
    assert app.scenes.top.tab == 3
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert ("PARAGRAPH", "Esc: Close") in pieces  # a key and what it does, one row
    assert ("HEADING", "Moving cards with the keys") in pieces
    app.settings.set("language", "de")
    steps(app, 2)
    assert adapter.latest()[adapter.scene()].props["label"] == "Hilfe"
    key(app, pygame.K_RIGHT)  # nothing focused: the next tab (Analysis), then round to the first
    assert app.scenes.top.tab == 4
    assert ("HEADING", "Die Markierungen lesen") in [(role, label) for role, label, _n in _scene(adapter)]
    key(app, pygame.K_RIGHT)
    assert app.scenes.top.tab == 0
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert ("TAB", "Regeln") in pieces and ("HEADING", "Das Ziel") in pieces
    assert ("PARAGRAPH", "Legen Sie alle 52 Karten auf die vier Ablagestapel, einen je Farbe, vom Ass bis zum "
                         "König.") in pieces
    assert ("HEADING", "Spielen mit einem Bildschirmleser") in pieces
    assert not any(label == "The goal" for _role, label in pieces)


def test_the_focus_on_a_screen_is_the_trees_and_a_scroll_sends_no_words_again() -> None:
    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_F1)
    assert adapter.updates[-1].focus == adapter.scene()  # nothing focused yet: the screen itself
    key(app, pygame.K_TAB)
    focus = adapter.updates[-1].focus
    assert adapter.latest()[focus].props["label"] == "Rules" and app.scenes.top.focus_key == "tab0"
    adapter.request("FOCUS", _id_of(adapter, "Game codes"))  # as Tab onto it
    steps(app, 2)
    assert app.scenes.top.focus_key == "tab2" and adapter.latest()[adapter.updates[-1].focus].props["label"] == (
        "Game codes")
    key(app, pygame.K_RETURN)
    assert app.scenes.top.tab == 2 and ("BUTTON", "Copy code") in [(r, label) for r, label, _n in _scene(adapter)]
    sent = len(adapter.updates)
    key(app, pygame.K_PAGEDOWN)
    assert app.scenes.top.scroll > 0
    changed = {adapter.latest()[n].role for update in adapter.updates[sent:] for n, _node in update.nodes}
    assert changed == {"BUTTON"}  # the Copy button moved up; the words, which have no place, are not sent again
    key(app, pygame.K_ESCAPE)
    assert adapter.scene() < 0


def test_a_statistics_figure_is_read_with_its_difficulties() -> None:
    from seahaven.app.screens.statistics import StatsScreen
    from seahaven.app.state.stats import Stats

    app = make_app(CODE)
    adapter = listening(app)
    stats = Stats()
    for score in (640, 500):
        stats.record_start(2)
        stats.record_win(2, score, 125)
    stats.record_start(4)
    app.push(StatsScreen(app, stats))
    steps(app, 2)
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert adapter.latest()[adapter.scene()].props["label"] == "Statistics"
    assert ("PARAGRAPH", "Played: Easy 1, Medium 2, Hard 0") in pieces
    assert ("PARAGRAPH", "Best score: Easy \u2014, Medium 640, Hard \u2014") in pieces
    assert ("BUTTON", "Reset statistics\u2026") in pieces
    app.settings.set("language", "de")
    steps(app, 2)
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert ("PARAGRAPH", "Gespielt: Leicht 1, Mittel 2, Schwer 0") in pieces
    assert ("TAB", "Cards and colours") not in pieces


def test_a_daily_day_is_read_with_what_became_of_its_deals() -> None:
    import datetime

    from seahaven.app.screens.daily_deals import DailyScreen
    from seahaven.app.state.history import Entry, History

    app = make_app(CODE)
    adapter = listening(app)
    day = datetime.date(2026, 11, 20)
    history = History([Entry("2026-11-20T10:00:00Z", "SH1-C4-AAAAAJ2", 4, "app", "won", 90, 200.0, 700, 0,
                             daily="2026-11-20"),
                       Entry("2026-11-19T10:00:00Z", "SH1-C2-AAAAAJ2", 2, "app", "abandoned", 9, 20.0, 0, 0,
                             daily="2026-11-19")])
    played: list[tuple[datetime.date, int]] = []
    app.push(DailyScreen(app, history, day, lambda d, cells: played.append((d, cells))))
    steps(app, 2)
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert adapter.latest()[adapter.scene()].props["label"] == "Daily deals"
    assert ("HEADING", "November 2026") in pieces
    today = "Today, Fri, November 20, 2026: Easy won, Medium not played, Hard not played"
    assert ("BUTTON", today) in pieces
    assert ("BUTTON", "Thu, November 19, 2026: Easy not played, Medium played, Hard not played") in pieces
    assert ("BUTTON", "Sat, November 21, 2026: not out yet") in pieces
    assert adapter.latest()[_id_of(adapter, today)].props["selected"] is True
    assert pieces.index(("HEADING", "November 2026")) < pieces.index(("BUTTON", today))
    adapter.request("CLICK", _id_of(adapter, "Thu, November 19, 2026: Easy not played, Medium played, Hard not "
                                              "played"))  # as a tap on the day: it is chosen
    steps(app, 2)
    assert app.scenes.top.selected == datetime.date(2026, 11, 19)
    adapter.request("CLICK", _id_of(adapter, "Play Medium \u00b7 played"))
    steps(app, 2)
    assert played == [(datetime.date(2026, 11, 19), 2)]
    app.settings.set("language", "de")
    steps(app, 2)
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert ("BUTTON", "Heute, Fr., 20. November 2026: Leicht gewonnen, Mittel nicht gespielt, Schwer nicht "
                      "gespielt") in pieces


def test_the_settings_tabs_and_rows_are_named_with_their_values() -> None:
    from seahaven.app.screens.navigation import open_screen

    app = make_app(CODE)
    adapter = listening(app)
    open_screen(app, app.scenes.bottom.session, "settings")
    steps(app, 2)
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert [label for role, label in pieces if role == "TAB"] == ["Play", "Look", "Sound and window",
                                                                 "Cards and colours", "Language"]
    adapter.request("CLICK", _id_of(adapter, "Cards and colours"))
    steps(app, 2)
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert ("BUTTON", "Card size: 100%") in pieces and ("BUTTON", "Suit colours: As drawn") in pieces
    adapter.request("CLICK", _id_of(adapter, "More"))  # the stepper's +: as far as the window holds
    steps(app, 2)
    assert app.settings.card_size == 1.06
    assert ("BUTTON", "Card size: 106% (largest that fits)") in [(r, label) for r, label, _n in _scene(adapter)]


def test_a_screen_that_changes_without_input_is_sent_again() -> None:
    """The daily deals' note ("Finding the daily deal…") comes and goes with a job, not a key:
    the screen's layout itself tells the tree that it may have changed."""
    from seahaven.app.screens.navigation import open_daily

    app = make_app(CODE)
    adapter = listening(app)
    note = {"text": ""}
    open_daily(app, app.scenes.bottom.session)
    steps(app, 2)
    screen = app.scenes.top
    screen.note = lambda: note["text"]
    note["text"] = "Finding the daily deal…"
    screen.dirty = True  # no key, no tap: the screen lays out again on its own
    steps(app, 2)
    assert ("PARAGRAPH", "Finding the daily deal…") in [(r, label) for r, label, _n in _scene(adapter)]


def _group(adapter: Any, label: str) -> list[tuple[str, str, Any]]:
    """A group of the screen as sent last: (role, label, node) of each of its parts, in order."""
    nodes = adapter.latest()
    group = next(nodes[n] for n in nodes[adapter.scene()].props["children"]
                 if nodes[n].role == "GROUP" and nodes[n].props.get("label") == label)
    return [(nodes[n].role, nodes[n].props.get("label", ""), nodes[n]) for n in group.props["children"]]


def test_helps_example_board_is_read_pile_by_pile_with_its_highlight_in_the_players_language() -> None:
    """Help's example board is a group of the screen, named by its caption, holding each pile
    in the table's words and reading order (cells, foundations, columns), the chosen one
    selected, and a sentence for the highlight; a move on it renames its piles; German at once."""
    from seahaven.app.screens.help import example_position
    from seahaven.app.text.words import sentence
    from seahaven.engine import COLUMNS

    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_F1)
    key(app, pygame.K_RIGHT)  # the Examples page
    assert app.scenes.top.tab == 1
    board = _group(adapter, "The example board")
    names = [label for _role, label, _n in board]
    assert {role for role, _label, _n in board} == {"LIST_ITEM"}
    assert names[:2] == ["Cell 1: empty", "Clubs foundation: up to the ace of clubs"]
    assert names[5] == ("Column 1, 7 cards: the 3 of clubs, the 8 of spades, the king of spades, the queen of "
                        "spades, the jack of spades, the 10 of spades, top: the 9 of spades")
    assert names[5:] == [sentence(tree.pile_label(example_position(), column)) for column in COLUMNS]
    assert names[-1] == "Column 10: empty"
    pieces = [(role, label) for role, label, _n in _scene(adapter)]
    assert pieces.index(("GROUP", "The example board")) < pieces.index(("BUTTON", "Set up again"))
    column3 = next(node for _role, label, node in board if label.startswith("Column 3,"))
    assert column3.props["selected"] is False and "CLICK" in column3.actions
    adapter.request("CLICK", next(n for n in adapter.latest() if adapter.latest()[n] is column3))  # as key 3
    steps(app, 2)
    board = _group(adapter, "The example board")
    column3 = next(node for _role, label, node in board if label.startswith("Column 3,"))
    assert column3.props["selected"] is True
    assert adapter.latest()[adapter.updates[-1].focus].props["description"] == (
        "Selected 8 cards; tap where they should go.")  # the board's line is spoken too
    assert board[-1][:2] == ("PARAGRAPH", "Selected: the run of 8 cards starting with the 9 of diamonds, from "
                                          "column 3.")
    key(app, pygame.K_4)  # onto the 10 of diamonds
    board = _group(adapter, "The example board")
    assert str(app.scenes.top.board.position.cards(COLUMNS[3])[-1]) == "2D"
    assert [label for role, label, _n in board if role == "PARAGRAPH"] == []  # nothing is highlighted now
    assert any(label.startswith("Column 4, 12 cards: ") and label.endswith("top: the 2 of diamonds")
               for _role, label, _n in board)
    assert any(label == "Column 3, 2 cards: the 6 of clubs, top: the king of diamonds" for _r, label, _n in board)
    key(app, pygame.K_2)  # the king-led run of 4 hearts is chosen
    app.settings.set("language", "de")
    steps(app, 2)
    board = _group(adapter, "Das Beispielbrett")
    names = [label for _role, label, _n in board]
    assert names[0] == "Zelle 1: leer" and names[-2] == "Spalte 10: leer"
    assert board[-1][:2] == ("PARAGRAPH", "Ausgewählt: die Folge von 4 Karten ab dem Herz-König, von Spalte 2.")
    assert not any("Column" in name for name in names)


def test_each_statistics_graph_is_read_from_the_numbers_it_draws() -> None:
    """The Graphs page: each graph (win rate, time, score) has a paragraph after its caption
    that says what it shows, from the series the graph draws; German at once."""
    from seahaven.app.screens.statistics import StatsScreen
    from seahaven.app.state.history import Entry, History
    from seahaven.app.state.stats import Stats

    app = make_app(CODE)
    adapter = listening(app)
    games = [("won", 120.0, 640, 0), ("lost", 300.0, 40, 0), ("won", 200.0, 500, 1), ("won", 100.0, 900, 0)]
    history = History([Entry(f"2026-11-{day + 10}T10:00:00Z", CODE, 4, "app", result, 90, time_s, score, hints)
                       for day, (result, time_s, score, hints) in enumerate(games)])
    app.settings.set("cells", 4)
    app.push(StatsScreen(app, Stats(), history=history))
    steps(app, 2)
    adapter.request("CLICK", _id_of(adapter, "Graphs"))
    steps(app, 2)

    def after(caption: str) -> str:
        pieces = [(role, label) for role, label, _n in _scene(adapter)]
        at = next(i for i, (_role, label) in enumerate(pieces) if label.startswith(caption))
        assert pieces[at + 1][0] == "PARAGRAPH"
        return pieces[at + 1][1]

    # the win rate leaves the win with help out: 100%, 50%, 67% (the last 10 games each)
    assert after("Win rate over the last 4 Easy games") == (
        "From the first game shown to the latest, the win rate went down from 100% to 67%. Highest 100%, "
        "lowest 50%. Each, oldest first: 100%, 50%, 67%.")
    adapter.request("CLICK", _id_of(adapter, "Time"))
    steps(app, 2)
    assert after("Time of each win among") == (
        "Fastest 1:40, slowest 3:20, average 2:20; the latest was won in 1:40. Each, oldest first: 2:00, 3:20, "
        "1:40. 1 of them was won with help.")
    adapter.request("CLICK", _id_of(adapter, "Score"))
    steps(app, 2)
    assert after("Score of each of") == (
        "Won: 2, won with help: 1, not won: 1. Highest 900, lowest 40, average 520; the latest game scored 900. "
        "Each, oldest first: 640, 40, 500, 900.")
    app.settings.set("language", "de")
    steps(app, 2)
    assert after("Punkte jedes der letzten") == (
        "Gewonnen: 2, mit Hilfe gewonnen: 1, nicht gewonnen: 1. Höchstwert 900, Tiefstwert 40, im Schnitt 520; das "
        "letzte Spiel brachte 900 Punkte. Einzeln, das älteste zuerst: 640, 40, 500, 900.")


def test_the_spoken_loss_says_where_the_lost_panel_is_and_the_status_line_does_not() -> None:
    """Issue 27: the solver's word that the game is lost is spoken with a pointer to the lost
    panel (its key, as the action registry declares it); the status line shows the sentence
    alone (it has its tap). Issue 25's lost position: SH1-C4-J7QDQBV, the 7 of clubs of
    column 6 double-clicked (lost, undo 1 move)."""
    from tests.app.table_helpers import LOST_CODE, lose_the_game

    app = make_app(LOST_CODE)
    adapter = listening(app)
    table = app.scenes.bottom
    lose_the_game(app)
    steps(app, 3)
    lost = "This game can no longer be won: undo 1 move to get back to a winnable position."
    said = [node.props.get("description", "") for update in adapter.updates for _id, node in update.nodes]
    assert f"{lost} Press L for the way back or a review." in said
    assert table.message is not None and table.message.text == lost
    key(app, pygame.K_l)  # where the pointer says
    assert type(app.scenes.top).__name__ == "LostPanel"


def test_up_and_down_walk_a_screens_words_one_by_one_and_a_tab_switch_is_said() -> None:
    """Issue 41, item 4: with a reader listening, Down walks Help's headings and paragraphs in
    reading order, each taking the reader's focus (and scrolled into view); Right switches the
    tab and says which it is."""
    app = make_app(CODE)
    adapter = listening(app)
    key(app, pygame.K_F1)
    help_screen = app.scenes.top
    heard = []
    for _ in range(3):
        key(app, pygame.K_DOWN)
        nodes = adapter.latest()
        focus = adapter.updates[-1].focus
        heard.append((nodes[focus].role, nodes[focus].props.get("label")))
    assert heard[0] == ("HEADING", "The goal"), heard
    assert heard[1] == ("PARAGRAPH", "Move all 52 cards onto the four foundations, one for each suit, "
                                     "from the ace up to the king."), heard
    assert "FOCUS" in adapter.latest()[adapter.updates[-1].focus].actions
    for _ in range(40):  # far down the page: the walk scrolls the page with it
        key(app, pygame.K_DOWN)
    assert help_screen.scroll > 0
    key(app, pygame.K_RIGHT)
    assert help_screen.tab == 1
    said = adapter.latest()[adapter.updates[-1].focus].props.get("description", "")
    assert said == "Examples, page 2 of 5", said  # Rules, Examples, Game codes, Keyboard, Analysis


def test_without_a_reader_up_and_down_scroll_as_before() -> None:
    app = make_app(CODE)
    key(app, pygame.K_F1)
    help_screen = app.scenes.top
    key(app, pygame.K_DOWN)
    assert help_screen.reading_at == -1 and help_screen.scroll > 0
