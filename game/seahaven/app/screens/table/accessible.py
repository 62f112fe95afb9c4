"""The table's part that a screen reader sees: it gives the accessibility tree
(:mod:`seahaven.app.access.tree`) the table's piles, toolbar and status line and the window
open over the table, says what happens in play, and carries out an assistive
technology's requests through the same intents as a key or a tap.

It only reads the table's board and the game in play; every change it asks for goes through
the calls that a key or a tap make (the board's ``press_pile``, an action, a window's
``activate``). The piles' nodes are the board's own (``Board.pile_nodes``), as Help's example
board and the replay give them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from seahaven.app.access import speech
from seahaven.app.access.adapter import Access
from seahaven.app.access.tree import (
    BUTTON_BASE,
    SCENE,
    SCENE_ITEM_BASE,
    SCENE_PART_BASE,
    TABLE,
    WINDOW,
    Bounds,
    Button,
    NodeSpec,
    Piece,
    pile_for,
    pile_id,
    screen_nodes,
    table_nodes,
    table_rows,
)
from seahaven.app.access.windows import WindowIds
from seahaven.app.board.component import Board
from seahaven.app.board.hand import Selection
from seahaven.app.kit import Hot, Screen, Widget, Window
from seahaven.app.kit.scenes import App
from seahaven.app.kit.screen import Group, is_tab
from seahaven.app.looks.box import Box
from seahaven.app.screens.table import actions
from seahaven.app.screens.table.auto_finish import AutoFinish
from seahaven.app.screens.table.solver_questions import LOST, Verdict
from seahaven.app.state.current import Change, CurrentGame, GameEvent
from seahaven.app.text.words import ONTO, card_name, key_text, lead_card, pile_name, sent_home_text
from seahaven.engine import Pile
from seahaven.i18n import _, pgettext


def _with(first: str, second: str) -> str:
    """Two sentences said one after the other, as the language joins them (the second may be none)."""
    return pgettext("two sentences", "{first} {second}").format(first=first, second=second) if second else first


def _bounds(box: Box | None) -> Bounds | None:
    return None if box is None else (float(box.x), float(box.y), float(box.x + box.w), float(box.y + box.h))


def speech_widget(widget: Widget) -> NodeSpec:
    """A window's control as a screen reader meets it: a toggle a check box, a choice a radio
    button that says whether it is the chosen one, a text field an entry holding its text (its
    hint is its name only while it is empty), the rest buttons."""
    bounds = _bounds(widget.box)
    name = speech.fit_for_speech(widget.read_as or widget.label)
    if widget.kind == "field" and widget.field is not None:
        text = widget.field.text
        # Translators: what a screen reader says of an empty text field (the game code field).
        return NodeSpec("text_input", name, value=text, description=text or _("empty"),
                        focusable=True, clickable=True, disabled=not widget.enabled, bounds=bounds)
    if widget.kind == "toggle":
        return NodeSpec("check_box", name, clickable=True, focusable=True, disabled=not widget.enabled,
                        checked=widget.on, bounds=bounds)
    if widget.kind == "choice":
        return NodeSpec("radio_button", name, clickable=True, focusable=True, disabled=not widget.enabled,
                        checked=widget.on, selected=widget.on, bounds=bounds)
    return NodeSpec("button", name, clickable=True, focusable=True, disabled=not widget.enabled, bounds=bounds)


def _marks_base(controls: int) -> int:
    """The node of the first mark of a replay's analysis (the marks follow every other part:
    a long game's marks may number more than a thousand)."""
    return SCENE_PART_BASE + 1000 * (controls + 1)


@runtime_checkable
class ReadAloud(Protocol):
    """A full-window screen over the table that a screen reader reads and presses (the
    replay): its title, what it shows now, its buttons (name, words, place), its board's
    piles (the board's own nodes) and, with an analysis, its strip of marks (its name, its
    summary, each mark's sentence, place and whether it is the move from the board shown)."""

    def access_view(self) -> tuple[str, str, list[tuple[str, str, Box]]]: ...

    def access_piles(self) -> list[tuple[Pile, NodeSpec]]: ...

    def access_marks(self) -> tuple[str, str, list[tuple[str, Box | None, bool]]] | None: ...

    def press(self, name: str) -> None: ...

    def press_mark(self, index: int) -> None: ...


class TableAccess:
    """The table in the accessibility tree, and what a screen reader says in play."""

    def __init__(self, app: App, current: CurrentGame, board: Board, verdict: Verdict, finish: AutoFinish,
                 commands: actions.Commands, act: Callable[[str], None], player_acts: Callable[[], None]) -> None:
        self.app = app
        self.current = current
        self.board = board
        self.verdict = verdict
        self.finish = finish
        self.commands = commands
        """What an action's ``enabled`` is asked of (the table's commands)."""
        self.act = act
        """Runs a toolbar button's action, as a click on it does."""
        self.player_acts = player_acts
        """Input arrived (animations end, the demo stops), as for a key or a tap."""
        self.access: Access = app.access
        self.access.provider = self.tree
        self.access.on_request = self.request
        self._buttons: list[str] = []
        self._verdict_said: str | None = None
        self._laid_out: object = None
        self._language: object = None
        self._toolbar: list[tuple[actions.Action, str, Bounds | None]] = []
        self._status: tuple[object, str] = (None, "")
        self._windows = WindowIds()
        self._base = 0
        """The base of the ids of the window on top (0: none)."""
        self._opened = False
        """The window on top came on top since the tree was last built: it is announced."""
        self._typed = ""
        """The text of the focused field as last heard (each character typed is said)."""
        self._page: tuple[int, int] = (0, 0)
        """The screen on top and its tab when last read (a switch of tab is said)."""
        self._held = board.selection
        """The cards held when last said (a pick-up is said when they change)."""
        self._picked: Selection | None = None
        """The cards the last pick-up named (the move that follows need not name them again)."""
        current.subscribe(self._on_game_event)
        app.settings.subscribe(self._setting_changed)

    def _setting_changed(self, name: str) -> None:
        self.access.stale = True  # a new language renames every node; a setting may change the status line

    # == the tree ==============================================================================
    def tree(self) -> tuple[dict[int, NodeSpec], int]:
        app, board = self.app, self.board
        layout = board.layout
        language = app.settings.language
        if layout is not self._laid_out or language != self._language:
            # what only a new layout or language changes: the piles' places, the buttons' names
            self._laid_out, self._language = layout, language
            self._toolbar = [(a, a.label_text(), _bounds(layout.buttons.get(a.name)))
                             for a in actions.ACTIONS.toolbar()]
        toolbar = [Button(a.name, label, a.enabled(self.commands), bounds) for a, label, bounds in self._toolbar]
        if self.finish.offered():
            # Translators: the button of the status line (and a Menu command) that sends every card left home to the
            # foundations, one by one. About 8 characters.
            toolbar.append(Button("finish", _("Finish"), True, _bounds(self.finish.box(layout))))
        self._buttons = [b.name for b in toolbar]
        w, h = app.size
        nodes = table_nodes(board.position, toolbar, self.status_text(), self.access.title,
                            piles=dict(board.pile_nodes(language, short=self.detail != speech.FULL)),
                            window=(0.0, 0.0, float(w), float(h)),
                            announcer="" if self.access.uses_live_region else None,
                            # Translators: what a screen reader says of a toolbar button that cannot be used now (greyed
                            # out).
                            disabled_words="" if self.access.shows_disabled else _("unavailable"))
        # the focus stays on the keys' pile (a reader hears that pile, not the whole table, after Esc)
        focus = pile_id(board.focus_pile) if board.position.has_pile(board.focus_pile) else TABLE
        top = app.scenes.top
        base = self._windows.base(None if top is app.scenes.bottom else top)
        self._opened, self._base = base != self._base and base > 0, base
        if top is app.scenes.bottom:  # play: nothing over the table (no protocol check: 0.08 ms a move)
            pass
        elif isinstance(top, Window):
            focus = self._window_nodes(top, nodes)
        elif isinstance(top, ReadAloud):
            focus = self._screen_nodes(top, nodes)
        elif isinstance(top, Screen):
            focus = self._page_nodes(top, nodes)
        return nodes, focus

    @property
    def detail(self) -> str:
        """The screen reader's detail: short (the default) or full pile readings."""
        return self.app.settings.reader_detail

    def status_text(self) -> str:
        game = self.current.game
        verdict = self.verdict.text()
        key = (game.score, game.move_count, int(self.current.elapsed()), verdict, self._language)
        if key != self._status[0]:
            self._status = (key, speech.status_words(game.score, game.move_count, key[2],
                                                     None if verdict is None else verdict[0]))
        return self._status[1]

    def _window_nodes(self, window: Window, nodes: dict[int, NodeSpec]) -> int:
        """The window open over the table, with its controls; returns the focused node."""
        base = self._base
        items = []
        for i, widget in enumerate(window.widgets):
            node = base + SCENE_ITEM_BASE + i
            items.append(node)
            nodes[node] = speech_widget(widget)
        title = _(window.title) if window.title else ""  # as the window draws it: a marked title in the words of now
        text = speech.fit_for_speech(window.body_text())
        nodes[base + SCENE] = NodeSpec("dialog", title, description=text, children=tuple(items),
                                       bounds=_bounds(window.panel))
        root = nodes[WINDOW]
        nodes[WINDOW] = NodeSpec(root.role, root.label, children=(*root.children, base + SCENE), bounds=root.bounds)
        if self._opened:  # a reader names the window and its focus; its words come with them
            self.access.say(text)
        self._echo(window)
        if not window.widgets:
            return base + SCENE
        return base + SCENE_ITEM_BASE + window.focus

    def _echo(self, window: Window) -> None:
        """Each character typed into the focused field is said (a paste or an erasure: the
        field's text)."""
        widget = window.widgets[window.focus] if window.widgets else None
        text = widget.field.text if widget is not None and widget.field is not None else ""
        was, self._typed = self._typed, text
        if widget is None or widget.field is None or self._opened or text == was:
            return
        if text.startswith(was) and len(text) == len(was) + 1:
            self.access.say(text[-1])
        else:
            self.access.say(text or _("empty"))

    def _screen_nodes(self, screen: ReadAloud, nodes: dict[int, NodeSpec]) -> int:
        """A screen over the table that reads itself out (the replay): its title, what it
        shows now, its buttons and its board (a group of its piles, read pile by pile); the
        focus is the screen (its sentences go there)."""
        title, text, controls = screen.access_view()
        base = self._base
        items = []
        for i, (_name, label, box) in enumerate(controls):
            node = base + SCENE_ITEM_BASE + i
            items.append(node)
            nodes[node] = NodeSpec("button", label, clickable=True, focusable=True, bounds=_bounds(box))
        piles = screen.access_piles()
        if piles:
            group = base + SCENE_ITEM_BASE + len(controls)
            first = base + SCENE_PART_BASE + 1000 * len(controls)
            for j, (_pile, pile_node) in enumerate(piles):
                nodes[first + j] = pile_node
            # Translators: what a screen reader calls the table's cards and piles.
            nodes[group] = NodeSpec("group", _("The board"), children=tuple(range(first, first + len(piles))))
            items.append(group)
        strip = screen.access_marks()
        if strip is not None:  # the analysis: a group of its marks, each read whole, pressed as a tap
            name, summary, marks = strip
            group = base + SCENE_ITEM_BASE + len(items)
            first = base + _marks_base(len(controls))
            for j, (said, place, current) in enumerate(marks):
                nodes[first + j] = NodeSpec("list_item", said, clickable=True, focusable=True, selected=current,
                                            bounds=_bounds(place))
            nodes[group] = NodeSpec("group", name, description=summary,
                                    children=tuple(range(first, first + len(marks))))
            items.append(group)
        w, h = self.app.size
        nodes[base + SCENE] = NodeSpec("dialog", title, description=text, children=tuple(items),
                                       bounds=(0.0, 0.0, float(w), float(h)))
        root = nodes[WINDOW]
        nodes[WINDOW] = NodeSpec(root.role, root.label, children=(*root.children, base + SCENE), bounds=root.bounds)
        return base + SCENE

    def _page_nodes(self, screen: Screen, nodes: dict[int, NodeSpec]) -> int:
        """A full-window screen (Help, Statistics, Settings, the daily deals): its title, then
        what it shows in reading order, its words and its buttons, as its layout registered
        them; the focus is its focused button (or the screen)."""
        base = self._base
        pieces = []
        focus = base + SCENE
        for i, item in enumerate(screen.reading):
            if isinstance(item, Hot):
                pieces.append(Piece("tab" if is_tab(item.key) else "button", item.label, focusable=bool(item.key),
                                    clickable=item.action is not None, selected=item.selected,
                                    disabled=item.action is None, bounds=_bounds(Box(*item.rect))))
                if item.key and item.key == screen.focus_key:
                    focus = base + SCENE_ITEM_BASE + i
            elif isinstance(item, Group):
                parts = tuple(Piece(part.role, part.text, selected=part.selected, clickable=part.action is not None,
                                    bounds=None if part.rect is None else _bounds(Box(*part.rect)))
                              for part in item.parts)
                pieces.append(Piece("group", item.label, parts=parts, focusable=True))
            else:  # words: focusable, so that Up and Down can walk them (Screen.walk) and a reader reads each;
                # placeless, so that a scroll sends none of them again
                pieces.append(Piece("heading" if item.heading else "paragraph", item.text, focusable=True))
            if i == screen.reading_at and not screen.focus_key:
                focus = base + SCENE_ITEM_BASE + i
        w, h = self.app.size
        page = (base, screen.tab)
        if page != self._page and page[0] == self._page[0] and screen.tabs and not is_tab(screen.focus_key):
            # a tab switched without the focus on the tabs (Left and Right on the page): say which
            self.access.say(speech.tab_words(_(screen.tabs[screen.tab]), screen.tab, len(screen.tabs)))
        self._page = page
        nodes.update(screen_nodes(_(screen.title), pieces, (0.0, 0.0, float(w), float(h)), base))
        root = nodes[WINDOW]
        nodes[WINDOW] = NodeSpec(root.role, root.label, children=(*root.children, base + SCENE), bounds=root.bounds)
        return focus

    # == requests from assistive technology ====================================================
    def request(self, what: str, target: int) -> None:
        """An AT's "click" or "focus" on a node: what a tap or a key on it does."""
        app, board = self.app, self.board
        top = app.scenes.top
        offset = self._windows.offset(target)  # a node of the window on top, without its base
        if top is not app.scenes.bottom and offset < 0:
            return  # a node of a window that has closed
        if isinstance(top, Screen):
            reading = top.reading
            i = offset - SCENE_ITEM_BASE
            if offset >= SCENE_PART_BASE:  # a part of a group (a pile of Help's example board)
                i, j = divmod(offset - SCENE_PART_BASE, 1000)
                group = reading[i] if i < len(reading) else None
                part = group.parts[j] if isinstance(group, Group) and j < len(group.parts) else None
                if what == "click" and part is not None and part.action is not None:
                    part.action()  # as its key or a tap on it
                    top.dirty = True
                    top.layout()  # as after its key (the loop may sleep before the next update)
                return
            hot = reading[i] if 0 <= i < len(reading) else None
            if isinstance(hot, Hot):
                if what == "focus" and hot.key:
                    top.focus_key = hot.key  # as Tab onto it
                    top.reveal(hot.rect)
                elif what == "click" and hot.action is not None:
                    hot.action()  # as a tap on it
                top.dirty = True
                top.layout()  # as after a key or a tap (the loop may sleep before the next update)
            return
        if isinstance(top, ReadAloud):
            controls = top.access_view()[2]
            i = offset - SCENE_ITEM_BASE
            mark = offset - _marks_base(len(controls))
            if what == "click" and 0 <= i < len(controls):
                top.press(controls[i][0])  # as a tap on the button
            elif what == "click" and mark >= 0:
                top.press_mark(mark)  # as a tap on the mark
            return
        if isinstance(top, Window):
            i = offset - SCENE_ITEM_BASE
            if 0 <= i < len(top.widgets):
                widget = top.widgets[i]
                if what == "focus":
                    top.focus = i
                    top.dirty = True
                elif widget.enabled:
                    top.activate(widget)
            return
        if top is not app.scenes.bottom:
            return
        pile = pile_for(target)
        if pile is not None and board.position.has_pile(pile):
            self.player_acts()
            if what == "focus":
                board.focus_on(pile)
            else:
                board.press_pile(pile)
            return
        i = target - BUTTON_BASE
        if what == "click" and 0 <= i < len(self._buttons):
            self.player_acts()
            self.act(self._buttons[i])

    # == speech ==================================================================================
    def heard(self, text: str, about: str | None = None) -> None:
        """A sentence of the status line: the screen reader says it too; after the solver's
        word that the game is lost (``about``), where the lost panel is (spoken only: the
        status line has its tap)."""
        if about == LOST:
            keys = actions.ACTIONS["lost"].keys
            report = self.verdict.proved_lost()
            if keys and report is not None:
                # Translators: said by a screen reader after the game was lost; {key} is a key's name (L).
                pointer = (_("Press {key} for the way back or a review.") if report.undos
                           # Translators: said by a screen reader after the game was lost; {key} is a key's name (L).
                           else _("Press {key} for what you can do now."))
                text = pgettext("two sentences", "{first} {second}").format(first=text,
                                                                           second=pointer.format(key=key_text(keys[0])))
        self.access.say(text)

    def read_aloud(self, what: str) -> None:
        """The reading keys: the whole table row by row, the status line with the game code,
        or the focused pile in full."""
        position = self.board.position
        if what == "table":
            self.access.say(table_rows(position))
        elif what == "status":
            code = self.current.game.code
            self.access.say(speech.status_reading(self.status_text(), None if code is None else str(code)))
        else:
            self.access.say(speech.pile_words(position, self.board.focus_pile, speech.FULL))

    def look(self, pile: Pile) -> None:
        """Shift and a pile's key: the focus goes to the pile and it is read in full; nothing
        is picked up, dropped or moved."""
        if self.board.position.has_pile(pile):
            self.board.focus_on(pile)
            self.read_aloud("pile")

    def hand_changed(self) -> None:
        """The cards held changed without a move (a pile key, a tap, Esc): say what is held
        now, or that it was put down."""
        held, self._held = self._held, self.board.selection
        now = self._held
        if now == held or not self.access.active:
            return
        if now is None:
            self.access.say(speech.put_down())
        else:
            self.access.say(speech.picked_up(self.board.position, now.pile, now.count))
        self._picked = now

    def _on_game_event(self, event: GameEvent) -> None:
        access = self.access
        access.stale = True
        if not access.active:
            return
        kind = event.kind
        sent = sent_home_text(event.sent, undone=kind is Change.UNDONE)  # Send safe cards home: said after the move
        picked = None
        if kind in (Change.MOVED, Change.UNDONE, Change.REDONE, Change.NEW_GAME, Change.RESTARTED):
            self._held = self.board.selection  # a change of the line lets go of what was held: no "put down"
            picked, self._picked = self._picked, None
        if kind is Change.MOVED and event.action is not None:
            move = event.action.move
            said = picked is not None and picked.pile == move.source and picked.count >= move.size
            access.say(_with(speech.move_words(event.action, self.detail, picked=said), sent))
        elif kind is Change.UNDONE and event.action is not None:
            move = event.action.move
            # Translators: said by a screen reader after Undo; {card} is a card as a subject, {dest} a pile after "to".
            access.say(_with(_("Undone: {card} back to {dest}.").format(
                card=card_name(lead_card(event.action.before, move)), dest=pile_name(move.source, ONTO)), sent))
        elif kind is Change.REDONE and event.action is not None:
            # Translators: said by a screen reader after Redo; {move} is the move's sentence ("the 5 of clubs from
            # column 3 to cell 1.").
            access.say(_with(_("Redone: {move}").format(move=speech.move_words(event.action, speech.FULL)), sent))
        elif kind is Change.WON:
            pass  # the celebration's sentence says it, after the last move's, and the won panel names itself
        elif kind is Change.NEW_GAME:
            self._verdict_said = None
            access.say(_("A new deal is on the table."))
        elif kind is Change.RESTARTED:
            access.say(_("The deal is back as dealt."))
        elif kind is Change.VERDICT:
            verdict = self.verdict.text()
            text = verdict[0] if verdict is not None else None
            if text is not None and text != self._verdict_said and not (event.report is not None and event.report.lost
                                                                   and self.app.settings.warn_lost):
                access.say(text)
            self._verdict_said = text
