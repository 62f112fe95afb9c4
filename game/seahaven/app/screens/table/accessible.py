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
    pile_label,
    screen_nodes,
    table_nodes,
    table_rows,
)
from seahaven.app.board.component import Board
from seahaven.app.kit import Hot, Screen, Window
from seahaven.app.kit.scenes import App
from seahaven.app.kit.screen import Group, is_tab
from seahaven.app.looks.box import Box
from seahaven.app.screens.table import actions
from seahaven.app.screens.table.auto_finish import AutoFinish
from seahaven.app.screens.table.solver_questions import LOST, Verdict
from seahaven.app.state.current import Change, CurrentGame, GameEvent
from seahaven.app.text.words import (
    FROM,
    ONTO,
    WITH,
    card_name,
    key_text,
    lead_card,
    pile_name,
    sent_home_text,
    sentence,
)
from seahaven.engine import Action, Pile
from seahaven.i18n import _, format_duration, format_number, ngettext, pgettext


def _bounds(box: Box | None) -> Bounds | None:
    return None if box is None else (float(box.x), float(box.y), float(box.x + box.w), float(box.y + box.h))


def move_sentence(action: Action) -> str:
    """A move in words: "The 7 of hearts from column 3 to column 7." (a run: its size and
    its first card)."""
    move = action.move
    lead = lead_card(action.before, move)
    source, dest = pile_name(move.source, FROM), pile_name(move.dest, ONTO)
    if move.size > 1:
        return ngettext("The run of {n} card starting with {card}, from {source} to {dest}.",
                        "The run of {n} cards starting with {card}, from {source} to {dest}.",
                        move.size).format(n=format_number(move.size), card=card_name(lead, WITH), source=source,
                                          dest=dest)
    return sentence(_("{card} from {source} to {dest}.").format(card=card_name(lead), source=source, dest=dest))


@runtime_checkable
class ReadAloud(Protocol):
    """A full-window screen over the table that a screen reader reads and presses (the
    replay): its title, what it shows now, its buttons (name, words, place) and its board's
    piles (the board's own nodes)."""

    def access_view(self) -> tuple[str, str, list[tuple[str, str, Box]]]: ...

    def access_piles(self) -> list[tuple[Pile, NodeSpec]]: ...

    def press(self, name: str) -> None: ...


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
            toolbar.append(Button("finish", _("Finish"), True, _bounds(self.finish.box(layout))))
        self._buttons = [b.name for b in toolbar]
        w, h = app.size
        nodes = table_nodes(board.position, toolbar, self.status_text(), self.access.title,
                            piles=dict(board.pile_nodes(language)), window=(0.0, 0.0, float(w), float(h)),
                            announcer="" if self.access.uses_live_region else None,
                            disabled_words="" if self.access.shows_disabled else _("unavailable"))
        focus = pile_id(board.focus_pile) if board.focus.visible else TABLE
        top = app.scenes.top
        if top is app.scenes.bottom:  # play: nothing over the table (no protocol check: 0.08 ms a move)
            pass
        elif isinstance(top, Window):
            focus = self._window_nodes(top, nodes)
        elif isinstance(top, ReadAloud):
            focus = self._screen_nodes(top, nodes)
        elif isinstance(top, Screen):
            focus = self._page_nodes(top, nodes)
        return nodes, focus

    def status_text(self) -> str:
        game = self.current.game
        verdict = self.verdict.text()
        key = (game.score, game.move_count, int(self.current.elapsed()), verdict, self._language)
        if key != self._status[0]:
            parts = [_("Score {n}").format(n=format_number(game.score)),
                     _("Moves {n}").format(n=format_number(game.move_count)),
                     _("Time {time}").format(time=format_duration(key[2]))]
            if verdict is not None:
                parts.append(verdict[0])
            self._status = (key, pgettext("list separator", ", ").join(parts))
        return self._status[1]

    def _window_nodes(self, window: Window, nodes: dict[int, NodeSpec]) -> int:
        """The window open over the table, with its controls; returns the focused node."""
        items = []
        for i, widget in enumerate(window.widgets):
            node = SCENE_ITEM_BASE + i
            items.append(node)
            kind = "check_box" if widget.kind == "toggle" else "button"
            label = widget.label
            if widget.kind == "field" and widget.field is not None:
                label = f"{widget.label}: {getattr(widget.field, 'text', '')}"
            nodes[node] = NodeSpec(kind, label, clickable=True, focusable=True, disabled=not widget.enabled,
                                   checked=widget.on if widget.kind == "toggle" else None,
                                   selected=widget.on if widget.kind == "choice" else None, bounds=_bounds(widget.box))
        text = getattr(window, "text", "")
        title = _(window.title) if window.title else ""  # as the window draws it: a marked title in the words of now
        nodes[SCENE] = NodeSpec("dialog", title, description=text if isinstance(text, str) else "",
                                children=tuple(items), bounds=_bounds(window.panel))
        root = nodes[WINDOW]
        nodes[WINDOW] = NodeSpec(root.role, root.label, children=(*root.children, SCENE), bounds=root.bounds)
        if not window.widgets:
            return SCENE
        return SCENE_ITEM_BASE + window.focus

    def _screen_nodes(self, screen: ReadAloud, nodes: dict[int, NodeSpec]) -> int:
        """A screen over the table that reads itself out (the replay): its title, what it
        shows now, its buttons and its board (a group of its piles, read pile by pile); the
        focus is the screen (its sentences go there)."""
        title, text, controls = screen.access_view()
        items = []
        for i, (_name, label, box) in enumerate(controls):
            node = SCENE_ITEM_BASE + i
            items.append(node)
            nodes[node] = NodeSpec("button", label, clickable=True, focusable=True, bounds=_bounds(box))
        piles = screen.access_piles()
        if piles:
            group = SCENE_ITEM_BASE + len(controls)
            first = SCENE_PART_BASE + 1000 * len(controls)
            for j, (_pile, pile_node) in enumerate(piles):
                nodes[first + j] = pile_node
            nodes[group] = NodeSpec("group", _("The board"), children=tuple(range(first, first + len(piles))))
            items.append(group)
        w, h = self.app.size
        nodes[SCENE] = NodeSpec("dialog", title, description=text, children=tuple(items),
                                bounds=(0.0, 0.0, float(w), float(h)))
        root = nodes[WINDOW]
        nodes[WINDOW] = NodeSpec(root.role, root.label, children=(*root.children, SCENE), bounds=root.bounds)
        return SCENE

    def _page_nodes(self, screen: Screen, nodes: dict[int, NodeSpec]) -> int:
        """A full-window screen (Help, Statistics, Settings, the daily deals): its title, then
        what it shows in reading order, its words and its buttons, as its layout registered
        them; the focus is its focused button (or the screen)."""
        pieces = []
        focus = SCENE
        for i, item in enumerate(screen.reading):
            if isinstance(item, Hot):
                pieces.append(Piece("tab" if is_tab(item.key) else "button", item.label, focusable=bool(item.key),
                                    clickable=item.action is not None, selected=item.selected,
                                    disabled=item.action is None, bounds=_bounds(Box(*item.rect))))
                if item.key and item.key == screen.focus_key:
                    focus = SCENE_ITEM_BASE + i
            elif isinstance(item, Group):
                parts = tuple(Piece(part.role, part.text, selected=part.selected, clickable=part.action is not None,
                                    bounds=None if part.rect is None else _bounds(Box(*part.rect)))
                              for part in item.parts)
                pieces.append(Piece("group", item.label, parts=parts))
            else:
                pieces.append(Piece("heading" if item.heading else "paragraph", item.text))
        w, h = self.app.size
        nodes.update(screen_nodes(_(screen.title), pieces, (0.0, 0.0, float(w), float(h))))
        root = nodes[WINDOW]
        nodes[WINDOW] = NodeSpec(root.role, root.label, children=(*root.children, SCENE), bounds=root.bounds)
        return focus

    # == requests from assistive technology ====================================================
    def request(self, what: str, target: int) -> None:
        """An AT's "click" or "focus" on a node: what a tap or a key on it does."""
        app, board = self.app, self.board
        top = app.scenes.top
        if isinstance(top, Screen):
            reading = top.reading
            i = target - SCENE_ITEM_BASE
            if target >= SCENE_PART_BASE:  # a part of a group (a pile of Help's example board)
                i, j = divmod(target - SCENE_PART_BASE, 1000)
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
            i = target - SCENE_ITEM_BASE
            if what == "click" and 0 <= i < len(controls):
                top.press(controls[i][0])  # as a tap on the button
            return
        if isinstance(top, Window):
            i = target - SCENE_ITEM_BASE
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
                pointer = (_("Press {key} for the way back or a review.") if report.undos
                           else _("Press {key} for what you can do now."))
                text = pgettext("two sentences", "{first} {second}").format(first=text,
                                                                           second=pointer.format(key=key_text(keys[0])))
        self.access.say(text)

    def read_aloud(self, what: str) -> None:
        """The reading keys: the whole table row by row, or the focused pile in full."""
        position = self.board.position
        if what == "table":
            self.access.say(table_rows(position))
        else:
            self.access.say(sentence(pile_label(position, self.board.focus_pile)))

    def _on_game_event(self, event: GameEvent) -> None:
        access = self.access
        access.stale = True
        if not access.active:
            return
        kind = event.kind
        sent = sent_home_text(event.sent, undone=kind is Change.UNDONE)  # Send safe cards home: said after the move
        if kind is Change.MOVED and event.action is not None:
            access.say(" ".join(filter(None, (move_sentence(event.action), sent))))
        elif kind is Change.UNDONE and event.action is not None:
            move = event.action.move
            access.say(" ".join(filter(None, (_("Undone: {card} back to {dest}.").format(
                card=card_name(lead_card(event.action.before, move)), dest=pile_name(move.source, ONTO)), sent))))
        elif kind is Change.REDONE and event.action is not None:
            access.say(" ".join(filter(None, (_("Redone: {move}").format(move=move_sentence(event.action)), sent))))
        elif kind is Change.WON:
            access.say(_("You won!"))
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
