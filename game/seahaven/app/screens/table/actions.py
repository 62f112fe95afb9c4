"""The table's actions, each declared once: its name, its words (label, toolbar word,
tooltip, Help's line), its keys, when it is enabled and what it does.

Learnt from KDE's action collections: the toolbar (its buttons, their order and
tooltips), the Menu, the keyboard and Help's key page are all generated from
:data:`ACTIONS`; adding an action is one :meth:`Actions.declare` here, and nothing else.
What an action does, it does to the table through its commands (:class:`Commands`:
``run(table)``), so the Menu, a toolbar click and a key run the very same code.

Keys are written as the player reads them ("Ctrl+Z", "Ctrl+Shift+Z", "U", "F11", "Esc").
An action that is not enabled is greyed on the toolbar and in the Menu; its key (or a click
on its greyed button) still runs it, and the status line says why nothing happened
("Nothing to undo.").
The words are marked for translation with ``N_`` and translated where they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from seahaven.app.board.layout import card_aspect, largest_card_scale
from seahaven.app.screens import dialogs, navigation, new_game
from seahaven.app.state.settings import SPECS, card_size_after
from seahaven.app.text.words import key_text
from seahaven.i18n import N_, NP_, _

if TYPE_CHECKING:
    from seahaven.app.board.layout import Layout
    from seahaven.app.kit.scenes import App
    from seahaven.app.screens.table.status import Message
    from seahaven.app.state.session import Session


class Commands(Protocol):
    """What the player can ask of the table: the command surface its actions run on."""

    app: App
    session: Session

    @property
    def layout(self) -> Layout: ...

    @property
    def message(self) -> Message | None:
        """The status line's passing sentence, while it stands."""
        ...

    def say(self, text: str, warn: bool = False, seconds: float = ..., fleeting: bool = False,
            about: str | None = None, of_position: bool = True) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def ask_restart(self) -> None: ...

    def ask_hint(self) -> None: ...

    def ask_demo(self) -> None: ...

    def ask_line(self) -> None:
        """Show the solver's whole winning line from here, step by step, without playing it."""
        ...

    def ask_finish(self) -> None:
        """Send every card home when each can go one by one (the Finish button, E)."""
        ...

    def open_lost(self) -> None:
        """The lost panel, when the solver has proved the game lost (else the status line says not)."""
        ...

    def read_aloud(self, what: str) -> None:
        """A screen reader reads the whole table ("table"), the focused pile ("pile") or the
        status line with the game code ("status")."""
        ...

    def clear_marks(self) -> None:
        """Esc: drop what is held, selected, hinted and focused."""
        ...



def _always(table: Commands) -> bool:
    return True


@dataclass(frozen=True)
class Action:
    """One thing the player can ask of the table."""

    name: str
    label: str
    """The Menu's words (and Help's, unless ``help`` says more)."""
    run: Callable[[Commands], object]
    """What it does to the table (what it returns is ignored)."""
    keys: tuple[str, ...] = ()
    """Shortcuts as the player reads them; the first is the one the tooltip names."""
    tooltip: str = ""
    """What the toolbar button does, in a few words (its first key is added)."""
    help: str = ""
    """Help's key page: what the keys do, when the label says too little."""
    toolbar: int = 0
    """Place on the toolbar, from 1 on the left (0: not on the toolbar)."""
    right: bool = False
    """On the toolbar's right end (with Help, Menu and Fullscreen)."""
    short: str = ""
    """The toolbar button's word beside its icon ("" with ``square``: icon only)."""
    square: bool = False
    """An icon-only square button."""
    icon: str = ""
    """The toolbar icon (one of ``assets.ICON_NAMES``); the name by default."""
    menu: int = 0
    """Place in the Menu, from 1 at the top (0: not in the Menu)."""
    menu_label: str = ""
    """The Menu's words where they differ from ``label``."""
    enabled: Callable[[Commands], bool] = _always
    """Whether the button and the Menu entry can be pressed now."""

    # -- what the player reads, in the player's language ----------------------------------
    def label_text(self) -> str:
        return _(self.label)

    def menu_text(self) -> str:
        return _(self.menu_label or self.label)

    def button_text(self) -> str:
        return _(self.short)

    def tooltip_text(self) -> str:
        tip = _(self.tooltip or self.label)
        return f"{tip} ({self.shortcut_text()})" if self.keys else tip

    def shortcut_text(self) -> str:
        """The first key, as the player's keyboard names it ("" for an action without one):
        what the Menu shows beside the entry and the tooltip after its words."""
        return key_text(self.keys[0]) if self.keys else ""

    def help_text(self) -> str:
        return _(self.help or self.label)

    @property
    def icon_name(self) -> str:
        return self.icon or self.name


class Actions:
    """The collection: every action of the table, in the order declared."""

    def __init__(self) -> None:
        self._actions: dict[str, Action] = {}
        self._slots: tuple[tuple[str, bool, bool], ...] | None = None

    def declare(self, action: Action) -> Action:
        if action.name in self._actions:
            raise ValueError(f"the action {action.name!r} is declared twice")
        taken = {k for a in self._actions.values() for k in a.keys}
        for key in action.keys:
            if key in taken:
                raise ValueError(f"the key {key} of {action.name!r} already belongs to another action")
        self._actions[action.name] = action
        self._slots = None
        return action

    def copy(self) -> Actions:
        twin = Actions()
        twin._actions = dict(self._actions)
        return twin

    def __getitem__(self, name: str) -> Action:
        return self._actions[name]

    def __contains__(self, name: object) -> bool:
        return name in self._actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions.values())

    def toolbar(self) -> list[Action]:
        """The toolbar's buttons, left to right (the right-hand group last)."""
        placed = [a for a in self if a.toolbar]
        return sorted(placed, key=lambda a: (a.right, a.toolbar))

    def toolbar_slots(self) -> tuple[tuple[str, bool, bool], ...]:
        """(name, right, square) of each toolbar button, for the layout (asked every frame:
        kept until the next declaration)."""
        if self._slots is None:
            self._slots = tuple((a.name, a.right, a.square) for a in self.toolbar())
        return self._slots

    def menu(self) -> list[Action]:
        return sorted((a for a in self if a.menu), key=lambda a: a.menu)

    def for_key(self, chord: str) -> Action | None:
        """The action a key chord ("Ctrl+Shift+Z") runs; a Shift the action does not name
        is ignored (Shift+U undoes, as U does)."""
        for action in self:
            if chord in action.keys:
                return action
        if "Shift+" in chord:
            return self.for_key(chord.replace("Shift+", ""))
        return None

    def key_rows(self) -> tuple[tuple[str, str], ...]:
        """Help's key page, "At the table": (keys, what they do) of every action with keys."""
        return tuple((", ".join(key_text(k) for k in a.keys), a.help_text()) for a in self if a.keys)


# == the declarations ========================================================================
def _clear(table: Commands) -> None:
    """Esc at the bare table: clear what is held and shown, nothing else (SPEC 4)."""
    table.clear_marks()


def _open_help(table: Commands) -> None:
    from seahaven.app.screens import help as help_screen  # when first opened (see navigation.open_screen)

    table.app.push(help_screen.open_scene(table.app, table.session, table_keys=ACTIONS.key_rows()))


def _open_menu(table: Commands) -> None:
    def entries() -> list[dialogs.MenuEntry]:
        return [dialogs.MenuEntry(a.name, a.menu_text(), a.enabled(table), a.shortcut_text()) for a in ACTIONS.menu()]

    table.app.push(dialogs.Menu(table.app, table.session, entries))


CARD_SIZE = "card_size"
"""What the status line's sentence is about when it says the card size (or that it stops)."""


def card_size_step(table: Commands, steps: int) -> None:
    """Ctrl+plus (the action "bigger"), Ctrl+minus, a pinch: the card-size setting one step
    up or down from the size the window shows, never past the largest it holds; at either
    end the status line says so, once (not again at each press while it says it)."""
    settings = table.app.settings
    was, width = settings.card_size, table.layout.card_w
    largest = largest_card_scale(*table.layout.size, card_aspect(), table.session.current.position)
    size = card_size_after(was, largest, steps)
    if size != min(was, largest) and settings.set("card_size", size) and (table.layout.card_w > width) == (steps > 0):
        shown = SPECS["card_size"].readout(size)
        # Translators: said (status line) after Ctrl+plus; {size} is the card size as a percentage ("130%").
        table.say((_("Card size {size}: the largest this window holds").format(size=shown) if size >= largest
                   # Translators: said (status line) after Ctrl+plus or Ctrl+minus; {size} is the card size as a
                   # percentage ("130%").
                   else _("Card size {size}").format(size=shown)), about=CARD_SIZE, of_position=False)
        return
    if settings.card_size != was:
        settings.set("card_size", was)  # no larger in this window after all (its columns need the room)
    said = (_("The cards are as large as this window holds.") if steps > 0
            else _("The cards are as small as they go."))
    message = table.message
    if message is None or message.about != CARD_SIZE or message.text != said:  # once, not at each press (41.8)
        table.say(said, about=CARD_SIZE, of_position=False)


ACTIONS = Actions()
"""Every action of the table. Declare a new one here, and only here."""

GAME = 10
PLAY = GAME + 10
PAGES = PLAY + 10
WINDOW = PAGES + 10
"""The Menu's groups, top to bottom, as a desktop game's menus have them: the game (new,
restart, daily, files), play (undo to bookmarks), the pages (statistics, settings), then
help, fullscreen and quit. An action's ``menu`` is its group (entries of a group keep the
order of their declaration) or a number between groups."""

for _action in (
    # Translators: a command of the Menu and Help's keys table: take back the last move (the toolbar's word is
    # separate).
    Action("undo", N_("Undo"), lambda t: t.undo(), keys=("Ctrl+Z", "U"), toolbar=3,
           # Translators: a toolbar button's word under its icon: take back the last move. The toolbar has room for
           # about 8 characters per button at 800x600 (the Menu command's words are the separate message "Undo").
           short=NP_("toolbar", "Undo"),
           menu=PLAY, enabled=lambda t: t.session.current.game.can_undo),
    # Translators: a command of the Menu and Help's keys table: do again the move just undone (the toolbar's word is
    # separate).
    Action("redo", N_("Redo"), lambda t: t.redo(), keys=("Ctrl+Y", "Ctrl+Shift+Z"), toolbar=4,
           # Translators: a toolbar button's word under its icon: do again the move just undone. About 8 characters;
           # the pair Undo/Redo, not the replay's Back/Forward.
           short=NP_("toolbar", "Redo"), menu=PLAY, enabled=lambda t: t.session.current.game.can_redo),
    # Translators: a command of the Menu and Help's keys table: show a move of a winning line (the toolbar's word is
    # separate).
    Action("hint", N_("Hint"), lambda t: t.ask_hint(), keys=("H",), toolbar=5,
           # Translators: a toolbar button's word under its icon: show a move of a winning line. About 8 characters.
           short=NP_("toolbar", "Hint"),
           menu=PLAY, help=N_("Hint: show a move of a winning line")),
    Action("new", N_("New game"), lambda t: t.app.push(new_game.NewGame(t.app, t.session)), keys=("N", "Ctrl+N"),
           # Translators: a toolbar button's word under its icon: a new game (opens the New Game window). About 8
           # characters; it may agree with your word for "game".
           toolbar=1, short=NP_("toolbar", "New"), menu=GAME),
    # Translators: a command of the Menu (and Help's keys table): start the same deal again from its first move.
    Action("restart", N_("Restart the deal"), lambda t: t.ask_restart(), keys=("R",), toolbar=2,
           # Translators: a toolbar button's word under its icon: play this deal again from its first move. About 8
           # characters.
           short=NP_("toolbar", "Restart"),
           # Translators: the tooltip of the toolbar's Restart button.
           tooltip=N_("Restart this deal"), menu=GAME,
           enabled=lambda t: t.session.current.game.started),
    Action("daily", N_("Today's deal"), lambda t: navigation.open_daily(t.app, t.session), menu=GAME,
           help=N_("Today's deal: the daily deals of each difficulty and their calendar")),
    # Translators: a command of the Menu: the game plays itself along the solver's winning line. About 20 characters.
    Action("demo", N_("Demo"), lambda t: t.ask_demo(), keys=("Ctrl+D",), menu=PLAY,
           help=N_("Demo: the game plays on along a winning line the solver proved; any input stops it")),
    Action("solution", N_("Show the winning line"), lambda t: t.ask_line(), keys=("Shift+H",), menu=PLAY,
           menu_label=N_("Winning line, step by step"),
           help=N_("Winning line: watch the solver's whole line from here, step by step, without playing it")),
    Action("replay", N_("Watch this game again"), lambda t: _open_replay(t), keys=("W",), menu=PLAY,
           help=N_("Watch this game again: its moves so far, step by step, on the replay screen"),
           enabled=lambda t: t.session.current.game.move_count > 0),
    Action("finish", N_("Finish"), lambda t: t.ask_finish(), keys=("E",),
           help=N_("Finish: when every card left can go home one by one, send them home (also the Finish "
                   "button in the status line; each card is a move you can undo)")),
    Action("fullscreen", N_("Fullscreen on or off"), lambda t: t.app.toggle_fullscreen(), keys=("F11",),
           # Translators: the tooltip of the toolbar's fullscreen button and its Menu entry: switch between a window and
           # the full screen.
           toolbar=3, right=True, square=True, tooltip=N_("Fullscreen on/off"), menu=WINDOW + 1,
           menu_label=N_("Fullscreen on/off")),
    Action("help", N_("Help"), _open_help, keys=("F1",),
           # Translators: a toolbar button's word under its icon: open Help. About 8 characters.
           toolbar=1, right=True, short=NP_("toolbar", "Help"), menu=WINDOW),
    # Translators: a command in Help's keys table (the Esc key): drop the cards picked up.
    Action("clear", N_("Clear the selection"), _clear, keys=("Esc",),
           help=N_("Close a window; at the table, clear the selection and the focus, nothing else")),
    Action("menu", N_("Menu"), _open_menu, keys=("F10",), toolbar=2, right=True,
           # Translators: a toolbar button's word under its icon: open the Menu of every command. About 8 characters.
           short=NP_("toolbar", "Menu"),
           help=N_("Menu: every command of the game, each with its key; the arrows choose, Enter opens")),
    Action("statistics", N_("Statistics"), lambda t: navigation.open_screen(t.app, t.session, "statistics"),
           menu=PAGES),
    Action("settings", N_("Settings"), lambda t: navigation.open_screen(t.app, t.session, "settings"), menu=PAGES),
    # Translators: a command (key T) in Help's keys table: a screen reader reads the whole table.
    Action("read_table", N_("Read the table"), lambda t: t.read_aloud("table"), keys=("T",),
           help=N_("Screen reader: read the whole table, the cells and foundations, then the columns row by row")),
    Action("read_pile", N_("Read the focused pile"), lambda t: t.read_aloud("pile"), keys=("I",),
           help=N_("Screen reader: read the focused pile, every card from the bottom up")),
    # Translators: a command (key S) in Help's keys table: a screen reader reads the status line (score, moves, time).
    Action("read_status", N_("Read the score"), lambda t: t.read_aloud("status"), keys=("S",),
           help=N_("Screen reader: read the score, the moves, the time, the solver's verdict and the game code")),
    # Translators: a command (Ctrl+plus) in Help's keys table: draw the cards larger.
    Action("bigger", N_("Larger cards"), lambda t: card_size_step(t, 1), keys=("Ctrl++",),
           help=N_("Larger cards; Ctrl and minus: smaller cards (a pinch does both)")),
    # Translators: a command of the Menu (Ctrl+Q): close the game. About 20 characters.
    Action("quit", N_("Quit"), lambda t: t.app.quit(), keys=("Ctrl+Q",), menu=WINDOW + 2),
    Action("review", N_("Review"), lambda t: _open_review(t), keys=("V",),
           menu=PLAY, help=N_("Review: find the move after which the game could no longer be won")),
    # Translators: a command of the Menu: the solver reviews each move of this game (opens the replay with its marks).
    Action("analyse", N_("Analyse this game"), lambda t: _open_replay(t, analyse=True), menu=PLAY,
           enabled=lambda t: t.session.current.game.move_count > 0),  # no key: A is a cell; the panels' A asks it
    Action("lost", N_("What now in a lost game"), lambda t: t.open_lost(), keys=("L",),
           help=N_("Lost game: go back to the last winnable position, review the game, or keep playing (also a "
                   "tap on the status line's lost sentence)")),
    Action("bookmark", N_("Bookmark this position"), lambda t: _bookmarks(t, open_list=False), keys=("M",),
           menu=PLAY),
    Action("bookmarks", N_("Bookmarks"), lambda t: _bookmarks(t, open_list=True),
           keys=("Ctrl+B",), menu=PLAY, help=N_("Bookmarks: go back to a bookmarked position")),
):
    ACTIONS.declare(_action)


# The windows and screens below are imported when first opened, not with the table (start-up).
def _open_replay(table: Commands, analyse: bool = False) -> None:
    """The replay of the game in play up to its current move (``analyse``: with the analysis
    of those moves, never of the way ahead)."""
    from seahaven.app.board.replay_game import ReplayGame

    navigation.open_replay(table.app, table.session, ReplayGame.of_game(table.session.current.game), analyse=analyse)


def _open_review(table: Commands) -> None:
    from seahaven.app.screens.review_window import ReviewWindow

    table.app.push(ReviewWindow(table.app, table.session))


def _bookmarks(table: Commands, open_list: bool) -> None:
    """M sets a bookmark; Ctrl+B lists them to go back to one."""
    from seahaven.app.screens import bookmarks

    if open_list:
        table.app.push(bookmarks.Bookmarks(table.app, table.session))
    else:
        bookmarks.set_bookmark(table.session)


def _game_files(table: Commands, saving: bool) -> None:
    from seahaven.app.screens.game_files import GameFiles  # when first opened (see navigation.open_screen)

    table.app.push(GameFiles(table.app, table.session, saving))


def _paste_game(table: Commands) -> None:
    from seahaven.app.screens.game_files import paste_game  # when first used

    paste_game(table.app, table.session)


# game files (issue 28): in the Menu after New game; a game pasted in the New Game window
# Translators: a command (Ctrl+Shift+V) in Help's keys table: play the game copied on the clipboard.
ACTIONS.declare(Action("paste_game", N_("Paste a game"), _paste_game, keys=("Ctrl+Shift+V",),
                       help=N_("Play the game on the clipboard (copied as text with the New Game window's Copy "
                               "game)")))
# Translators: a command of the Menu (Ctrl+O): choose a game file to open. The ellipsis says a window opens.
ACTIONS.declare(Action("open", N_("Open a game…"), lambda t: _game_files(t, False), keys=("Ctrl+O",), menu=GAME,
                       help=N_("Open a game file (a saved game, or a game record)")))
ACTIONS.declare(Action("save", N_("Save the game as…"), lambda t: _game_files(t, True), keys=("Ctrl+S",), menu=GAME,
                       help=N_("Save the game in play to a file of your choosing")))
