"""Help: the rules in a player's words, the run-limit example on a real board you can play
on, game codes, the keyboard shortcuts, and how to read a game's analysis (its marks drawn
as the replay's strip draws them). Opened with F1 or the Help button.

The example board is the real board on a real engine game (1 free cell, 2 empty columns):
every press, drag, tap and drop on it goes through the board's pointer machine and hand
(:mod:`seahaven.app.board`), the table's own, so what it allows is exactly what the table
allows.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.access import adapter as access_adapter
from seahaven.app.board.component import Board
from seahaven.app.board.hand import Hand, Selection
from seahaven.app.board.keys import board_key, board_key_rows
from seahaven.app.board.layout import Layout, board_height, board_layout, card_aspect
from seahaven.app.board.model import ExampleGame
from seahaven.app.board.refusals import Refusal, refusal_text
from seahaven.app.kit import Screen
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.screen import Part
from seahaven.app.looks.box import Box
from seahaven.app.screens.analysis_strip import draw_mark
from seahaven.app.screens.replay_commands import replay_key_rows
from seahaven.app.text.analysis_words import LEGEND
from seahaven.app.text.words import (
    FROM,
    ONTO,
    WITH,
    card_name,
    cards_phrase,
    key_text,
    pile_name,
    reason_text,
    sentence,
)
from seahaven.engine import (
    APP_RULES,
    IllegalMove,
    Move,
    Pile,
    Position,
    Rules,
)
from seahaven.i18n import N_, NP_, _, format_number, ngettext, pgettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App
    from seahaven.app.state.session import Session

RULES, EXAMPLES, CODES, KEYS, ANALYSIS = range(5)

Block = tuple[str, Any]
"""A piece of a page: ("h", heading), ("p", paragraph), ("b", bullet), ("keys", rows), ("legend",
rows); a key row is (keys, what they do), its keys words to translate or a tuple of keys as
declared ("Page Up"); a legend row is (a mark, what it means)."""

RULES_PAGE: tuple[Block, ...] = (
    # Translators: a heading of Help's Rules page (about the aim of the game).
    ("h", N_("The goal")),
    ("p", N_("Move all 52 cards onto the four foundations, one for each suit, from the ace up to the king.")),
    # Translators: a heading of Help's Rules page: how the cards are dealt at the start (the layout), not the act of
    # dealing.
    ("h", N_("The deal")),
    ("p", N_("The cards are dealt face up into 10 columns of 5. The last two cards go into the cells. "
          "How many cells you have is the difficulty, chosen in the New Game window:")),
    ("b", N_("Easy: 4 cells; the two cards fill the first two, so two start free.")),
    ("b", N_("Medium: 2 cells, both full at the start.")),
    ("b", N_("Hard: 1 cell, full at the start; the last card goes on top of column 2, which holds 6.")),
    ("h", N_("What can move where")),
    ("p", N_("You move the top card of a column, a card from a cell, or the top card of a foundation.")),
    ("b", N_("Onto a column: only the card of the same suit and one rank lower. The 7 of hearts goes "
          "on the 8 of hearts, never on another 8.")),
    ("b", N_("Into a cell: any single card, if the cell is empty. A cell holds one card.")),
    ("b", N_("Onto a foundation: the next card of its suit, one at a time, starting with the ace.")),
    ("h", N_("Empty columns take only kings")),
    ("p", N_("An empty column accepts only a king, alone or at the head of a run of its suit (king, "
          "queen, jack of spades...). Nothing else, not even for a moment. A king at the bottom of "
          "a column is well placed; a king buried under other cards can only go to a cell or an "
          "empty column.")),
    # Translators: a heading of Help's Rules page: how several cards move together.
    ("h", N_("Moving a run")),
    ("p", N_("Cards of one suit in order at the top of a column (the 9, 8 and 7 of clubs, say) move "
          "together as a run. How many may move at once:")),
    ("p", N_("(free cells + 1) \u00d7 2 to the power of the empty columns")),
    ("p", N_("Each free cell adds one card; each empty column doubles the count. When the run goes "
          "into an empty column, that column does not count. With 1 free cell and 2 empty columns "
          "you can pick up 8 cards, but a king-led run may go into an empty column only if it has "
          "at most 4. The Examples page lets you try it on a real board.")),
    ("p", N_("Used to PySolFC or Aisleriot? Their limit is free cells + 1; Settings offers it as "
          "\u201cClassic run limit\u201d.")),
    ("h", N_("Taking a card back")),
    ("p", N_("The top card of a foundation may come back to a column that accepts it or to a free "
          "cell. It costs points and can be undone.")),
    ("h", N_("Winning, and when it is lost")),
    ("p", N_("You win when all 52 cards are on the foundations. No card goes there by itself. When no "
          "useful move is left, the game says so and offers Undo, Restart and New game. Unless you "
          "turn it off in Settings, it also tells you as soon as the deal can no longer be won, and "
          "how many undos lead back to a position that can.")),
    ("p", N_("Tap that sentence in the status line, or press L, for what you can do then: go back to the "
          "last winnable position in one step, review the game to see the move that lost it, or keep "
          "playing.")),
    ("h", N_("Sending safe cards home")),
    ("p", N_("Cards go to the foundations only when you send them, unless you ask otherwise: with \u201cCards "
          "home by themselves\u201d set to \u201cSafe cards\u201d (Settings, Play), after each of your moves "
          "every card that can go to its foundation goes there, one after the other. That never costs a game "
          "that can be won: only the next lower card of the same suit could ever lie on such a card, and it is "
          "home already. Each card scores as any card you put home, Undo takes them back together with your "
          "move, and a game won this way is won without help.")),
    ("h", N_("Playing with mouse, finger or keys")),
    ("b", N_("Drag a card or a run and drop it on a pile. A run too long to move shakes, and the "
          "status line says how many cards can move now.")),
    ("b", N_("Tap a card: it goes to its foundation if it can; otherwise it is selected, and a tap on "
          "a pile moves it there.")),
    ("b", N_("Double-tap: the card (or the run it heads) goes to its foundation, else the longest "
          "column that takes it, else an empty column (kings), else a free cell.")),
    ("b", N_("Undo takes back up to the last 100 moves; Redo plays them again.")),
    ("h", N_("Playing with a screen reader")),
    ("p", N_("The game shows its table to screen readers (Orca, NVDA, Narrator, VoiceOver): the toolbar's "
          "buttons, each pile with the cards it holds from the bottom up, and the status line.")),
    ("b", N_("1-0 and a-d go to a pile and read it; a second pile key moves the chosen cards there, "
          "f sends them home. Tab and the arrows move between the piles.")),
    ("b", N_("Each move, undo, refused move with its reason, hint and solver's verdict is said once.")),
    ("b", N_("T reads the whole table: the cells and foundations, then the columns row by row. I reads "
          "the pile you are on.")),
    ("b", N_("Help, Statistics, Settings and the daily deals are read whole: their tabs, headings, words "
          "and buttons in order, each setting with its value, each day of the calendar with its deals.")),
    ("b", N_("Peek at a covered card: right-click it, or press and hold it; it shows whole and "
          "enlarged until you let go, and nothing moves. P shows the focused pile's cards the same "
          "way. Ctrl and plus or minus, or a pinch, make the cards larger or smaller.")),
    # Translators: a heading of Help's Rules page: how the game's points are counted.
    ("h", N_("Score")),
    ("b", N_("+10 for each card put on a foundation; \u201315 for each card taken back from one.")),
    ("b", N_("Winning adds 200 on Easy, 500 on Medium, 1000 on Hard.")),
    ("b", N_("Undo takes back exactly the points its move earned. The score never goes below zero.")),
    ("b", N_("Time is shown and kept in the statistics but does not change the score.")),
    ("b", N_("The clock runs only while you can play: it stops while Help, a window or a page covers "
          "the table, and while the game is minimised or hidden, and goes on when the table is back.")),
    ("h", NP_("heading", "Won with help")),
    ("p", N_("Hints and the demo are free to use, but a game won after a hint, or finished by the "
          "demo, is \u201cwon with help\u201d: it counts as played, and as won with help, but not in "
          "the win rate, the streaks, the best score or the fastest win.")),
    # Translators: a paragraph of Help; the quoted parts are how Statistics writes them: translate them as those
    # messages are translated ("won 3 of 4 without help (75%)", "1 more with help").
    ("p", N_("The win rate counts the games played without help: the games won without help out of "
          "them (“won 3 of 4 without help (75%)”). Games won with help are shown beside it "
          "(“1 more with help”), so the counts add up to the games played.")),
    ("p", N_("A game from a position rather than a dealt game (one opened from a file that holds a "
          "position, or played on from a replay) is played and saved, but it is no record: the "
          "statistics, streaks, bests and the daily calendar do not count it.")),
    ("h", N_("Your game is never lost")),
    ("p", N_("The game is saved after every move. Close the window, or lose power, and the next start "
          "brings back the same deal, the same moves, your undo history, score and time.")),
    ("p", N_("In the Menu, Save the game as\u2026 (Ctrl+S) writes the game to a file of your choosing, with its "
          "time and hints; Open a game\u2026 (Ctrl+O) plays one on, after asking if a game in progress would "
          "be lost. The New Game window copies the game as text, and plays a game pasted there.")),
)


NO_READER: Block = ("p", N_("Screen reader support is not installed, so no screen reader can read the table: it "
                            "needs the accesskit package (pip install accesskit, or your distribution's package)."))
"""Said under the screen reader's heading where accesskit (an optional dependency) is missing."""


def rules_page() -> tuple[Block, ...]:
    """The Rules page: with :data:`NO_READER` after the screen reader's heading where accesskit
    is not installed."""
    if access_adapter.installed():
        return RULES_PAGE
    at = next(i for i, (kind, text) in enumerate(RULES_PAGE) if kind == "h" and text == "Playing with a screen reader")
    return (*RULES_PAGE[:at + 1], NO_READER, *RULES_PAGE[at + 1:])

CODES_PAGE: tuple[Block, ...] = (
    ("h", N_("What a game code is")),
    ("p", N_("Every deal has a code, like SH1-C4-AAAAAJ2. The code recreates exactly the same deal, "
          "on any computer, in any version of this game, forever.")),
    ("b", N_("SH1: the code format.")),
    ("b", N_("C4, C2 or C1: the number of cells (Easy, Medium, Hard).")),
    ("b", N_("The last seven characters: the deal number, written with the letters A to Z and the "
          "digits 2 to 7.")),
    # Translators: a heading of Help's Game codes page: giving a deal's code to someone else.
    ("h", N_("Sharing a deal")),
    ("p", N_("The code of the game you are playing is in the status line at the bottom of the table "
          "and in the New Game window, which has a Copy button. Send it to a friend to play the "
          "same deal, compare scores, or keep it to try a hard deal again later.")),
    ("h", N_("Playing a deal from its code")),
    ("p", N_("Open New Game (N or the New button), type or paste the code into the code field and "
          "start. Upper or lower case does not matter and spaces around the code are ignored. If "
          "something is wrong the window says what: an unknown prefix, a cell count other than 4, "
          "2 or 1, a wrong length, or a character that cannot appear in a code.")),
    ("p", N_("From a terminal, seahaven --code SH1-C4-AAAAAJ2 starts with that deal, and "
          "seahaven deal SH1-C4-AAAAAJ2 prints it.")),
    # Translators: a heading of Help's Game codes page: the day's deals, the same for every player.
    ("h", N_("The daily deal")),
    ("p", N_("Every day (UTC) there is one deal for each difficulty, the same for every player: "
          "Today's deal, in the Menu and the New Game window, deals it, and its calendar shows the "
          "days you played and won. The daily streak counts the days in a row with a daily deal won. "
          "After a daily win, Copy result puts your time, moves and whether you used help on the "
          "clipboard, never the deal's moves.")),
    ("p", N_("Anyone can compute it. For the date YYYY-MM-DD and C cells, candidate k (0, 1, 2, ...) is "
          "the deal number made of the first 8 bytes of SHA-256 of the text SH1-daily-YYYY-MM-DD-CC-k "
          "(for example SH1-daily-2026-12-01-C1-0), read as a big-endian number, modulo 32 to the "
          "power 7. The daily deal is the first candidate the solver proves winnable, under the "
          "game's own run limit, within 200,000 positions of search: a fixed amount of work, never "
          "a time, so every computer picks the same. seahaven daily --date 2026-12-01 --difficulty "
          "hard prints it.")),
    ("h", N_("How hard is this deal?")),
    ("p", N_("The solver rates every deal it proves winnable from 1 (easy) to 5 (hard), from the work "
          "the proof took: work = positions searched \u00d7 moves of the winning line / 85. Below "
          "32 is rated 1, below 64 is 2, below 128 is 3, below 256 is 4, and more is 5, so each step "
          "is twice the work. The New Game window and the won panel show the rating, and Statistics "
          "counts your wins per rating. seahaven solve --rate CODE prints it.")),
)

ANALYSIS_PAGE: tuple[Block, ...] = (
    # Translators: a heading of Help's Analysis page: the solver's review of each move of a game.
    ("h", N_("Every move reviewed")),
    ("p", N_("Analyse goes through a whole game with the solver and marks every move: where the game could still "
          "be won, which moves kept it so, where only one move did, and the move that lost it, with a move that "
          "would have saved it. Analyse is in the won and lost panels (the key A), beside each of Statistics' "
          "last games, in the Open window for a game file, and on the replay screen (A).")),
    ("p", N_("The replay opens at once, and the marks appear as the solver finds them: a few seconds at most, "
          "even for a long game. A game in progress is analysed up to the move on the table and never beyond, "
          "so nothing about the way ahead is given away.")),
    # Translators: a heading of Help's Analysis page: what the marks beside the moves mean.
    ("h", N_("Reading the marks")),
    ("p", N_("Under the board there is one mark for each move, in the order played. Each shape has one meaning, "
          "and its colour says it again:")),
    ("legend", LEGEND),
    ("h", N_("What the words mean")),
    ("b", N_("Winnable: some line of moves wins from that position; lost: none does. The solver decides it "
          "within a fixed amount of work, the same on every computer.")),
    ("b", N_("Kept: the move left the game winnable. Every move before the losing one kept it.")),
    ("b", N_("A critical moment: a winnable position where exactly one move keeps the game winnable and another "
          "would lose it. It is found when that one move was played.")),
    ("b", N_("The losing move: the move after which the game could no longer be won. The better move is one that "
          "would have kept it winnable there.")),
    ("b", N_("Moves that change nothing lasting, such as a card from one cell to another or a card taken back "
          "from a foundation, are not counted as choices.")),
    ("h", N_("Going through a game")),
    ("b", N_("Press a mark, with the mouse, a finger or a screen reader: the board shows the position before that "
          "move. Where that move lost the game, the better move is drawn on the board; at a critical moment that "
          "was found, the only move that kept the game winnable.")),
    ("b", N_("Left and Right step through the moves, and the framed mark follows the board; N and B jump to the "
          "next and the previous critical moment or losing move.")),
    ("b", N_("The line above the marks sums the game up: the moves that kept it winnable while it could still be "
          "won, the move that lost it, the critical moments and how many were found. With the mouse over a mark, "
          "it says that mark in words.")),
    ("b", N_("A long game shows the marks around the move on the board; the arrows at either end, or the mouse "
          "wheel over the marks, show the others.")),
    ("b", N_("A screen reader reads the marks as a group, each with its move and what the analysis found, and "
          "says the mark of each position the board goes to.")),
)
"""The Analysis page: how to read the analysis of a game (the README's "Analysis" section
says the same, with the definitions)."""


def keys_page(table_keys: tuple[tuple[str, str], ...]) -> tuple[Block, ...]:
    """The Keyboard page; ``table_keys`` are the table's actions (keys, what they do), as
    their registry (``screens/table/actions.py``) lists them."""
    if not table_keys:
        return _KEYS_PAGE_REST
    # Translators: a heading of Help's Keyboard page, over the keys of the game's table.
    return (("h", N_("At the table")), ("keys", table_keys), *_KEYS_PAGE_REST)


_KEYS_PAGE_REST: tuple[Block, ...] = (
    ("h", N_("Moving cards with the keys")),
    ("keys", board_key_rows()),  # the table's fixed keys, as its keyboard reads them
    ("h", N_("While watching a replay")),
    ("keys", replay_key_rows()),  # the replay's commands, as its screen reads them
    ("h", N_("In Help, Statistics and Settings")),
    ("keys", (
        # Translators: keys in Help's Keyboard table (left column); translate the key names as the keyboard names them.
        (N_("Tab, Shift+Tab"),
         # Translators: what the keys Tab and Shift+Tab do, in Help's Keyboard table (right column).
         N_("Move between buttons")),
        # Translators: keys in Help's Keyboard table: the up and down arrow keys.
        (N_("Up, Down"), N_("Move between settings, or scroll")),
        # Translators: keys in Help's Keyboard table: the left and right arrow keys.
        (N_("Left, Right"), N_("Change a setting, or switch pages")),
        (N_("Enter, Space"), N_("Press the focused button")),
        (N_("Page Up, Page Down"),
         # Translators: what the keys Page Up and Page Down do, in Help's Keyboard table: move the page up or down.
         N_("Scroll")),
        # Translators: a key in Help's Keyboard table: the Escape key, as keyboards label it.
        (N_("Esc"), N_("Close")),
    )),
    ("h", N_("On the example board")),
    ("keys", (
        ("1 \u2026 9, 0", N_("Take the run on top of column 1 \u2026 10, then drop it on another column")),
        ("A, F", N_("A: the cell; F: the selected card to its foundation")),
        # Translators: a key in Help's Keyboard table: the Backspace key, as keyboards label it.
        (N_("Backspace"), N_("Set the board up again")),
    )),
)


def keys_words(keys: str | tuple[str, ...]) -> str:
    """A key row's keys in the player's language: words marked for translation, or keys as
    declared ("Page Up", "Esc"), each worded by ``words.key_text``."""
    return _(keys) if isinstance(keys, str) else ", ".join(key_text(k) for k in keys)


def example_position() -> Position:
    """The board of the run-limit example: 1 free cell and 2 empty columns. Column 3 ends
    with a run of 8 diamonds (9 down to 2) that may move onto the 10 of diamonds in column
    4; column 1 ends with a king-led run of 5 spades, too long for an empty column; column
    2 with a king-led run of 4 hearts, which fits."""
    columns = [
        "3C 8S KS QS JS TS 9S", "5C 7S KH QH JH TH", "6C KD 9D 8D 7D 6D 5D 4D 3D 2D", "7C QD JD TD",
        "2C 9H 6S 4C", "8C 5S 8H 3S 2H", "9C 4S 7H 2S KC", "TC 6H JC 5H QC 4H 3H", "", "",
    ]
    return Position.from_json({
        "cells": [None],
        "foundations": {"C": 1, "D": 1, "H": 1, "S": 1},
        "columns": [c.split() for c in columns],
    })


class ExampleBoard:
    """Help's example: the one board every view embeds (:class:`~seahaven.app.board.component.Board`)
    on an :class:`~seahaven.app.board.model.ExampleGame`, and the line that says what happened.
    It is the board's host: it plays what the board asks on its example and words the outcome.
    Geometry is set by :meth:`place` when the screen lays out; the board draws itself."""

    def __init__(self, app: App) -> None:
        self.model = ExampleGame(example_position(), APP_RULES)
        """The example game: the one owner of the example's position."""
        self.rect = pygame.Rect(0, 0, 320, 240)
        self._layouts: dict[tuple[object, ...], Layout] = {}
        self.words: Callable[[], str] = lambda: ""
        """What the board's line says, built when drawn (in the language of now)."""
        self.refused = False
        """The board's line says why something was refused (it is drawn as a warning)."""
        self.heard: Callable[[str], None] = lambda text: None
        """Who hears each new line too (Help: the player's screen reader)."""
        self.board = Board(self.model, self.layout_for, app.settings, lambda: app.painter, lambda: app.time, self)
        """The press, the drag, the hand, the glides and the picture: exactly the table's."""
        self.reset()

    @property
    def position(self) -> Position:
        return self.model.position

    @property
    def rules(self) -> Rules:
        return self.model.rules

    @property
    def hand(self) -> Hand:
        return self.board.pointer.hand

    @property
    def card_w(self) -> int:
        return self.layout.card_w

    def reset(self) -> None:
        self.model.reset()
        self.board.forget()
        self.say(lambda: _("Try it: the status here shows what the rules allow now."))

    # -- geometry: the table's own, from layout.py --------------------------------------------
    @staticmethod
    def height_for(width: int) -> int:
        return board_height(width, card_aspect())

    @property
    def layout(self) -> Layout:
        return self.layout_for(self.position)

    def layout_for(self, position: Position) -> Layout:
        """The table's geometry in the board's box, for ``position`` (a long column makes the
        cards smaller, as at the table); each worked out once."""
        key = (tuple(self.rect), tuple(len(position.cards(pile)) for pile in position.piles() if pile.is_column))
        layout = self._layouts.get(key)
        if layout is None:
            if len(self._layouts) > 8:
                self._layouts.clear()
            layout = self._layouts[key] = board_layout(Box(*self.rect), position.cell_count, card_aspect(), position)
        return layout

    def place(self, rect: pygame.Rect) -> None:
        if self.rect == rect:
            return
        old = self.layout
        self.rect = pygame.Rect(rect)
        self.board.resized(old)

    def pile_rect(self, pile: Pile) -> pygame.Rect:
        """Where the pile shows, its slot and every card on it."""
        count = len(self.position.cards(pile))
        slot = pygame.Rect(self.layout.piles[pile])
        return slot.union(pygame.Rect(self.layout.card_box(pile, count - 1, count))) if count else slot

    # -- what a screen reader reads of it -------------------------------------------------
    def parts(self, language: object) -> tuple[Part, ...]:
        """The board for a screen reader: its piles as the board names them (the table's
        words and reading order; the chosen one selected, each at its place), then what the
        highlight shows."""
        parts = [Part(node.label, selected=bool(node.selected), rect=self.pile_rect(pile),
                      action=partial(self.board.press_pile, pile))
                 for pile, node in self.board.pile_nodes(language)]
        chosen = self.selected
        if chosen is not None:
            pile, count = chosen
            cards = self.position.cards(pile)
            source = pile_name(pile, FROM)
            if count == 1:
                # Translators: a line under the example board of Help; {card} is a card as a subject, {source} a pile
                # after "from".
                text = _("Selected: {card}, from {source}.").format(card=card_name(cards[-1]), source=source)
            else:
                # Translators: a line under the example board of Help; {n} is the run's cards, {card} its first card,
                # {source} the pile after "from".
                text = ngettext("Selected: the run of {n} card starting with {card}, from {source}.",
                                "Selected: the run of {n} cards starting with {card}, from {source}.", count).format(
                    n=format_number(count), card=card_name(cards[-count], WITH), source=source)
            parts.append(Part(sentence(text), role="paragraph"))
        return tuple(parts)

    # -- what the player does ----------------------------------------------------------------
    def limits(self) -> str:
        p = self.position
        free, empty = p.free_cells, p.empty_columns
        pickup = p.pickup_limit(self.rules)
        # Translators: a part of the sentence "Now: 1 free cell and 2 empty columns, so…" under Help's example board.
        cells = ngettext("{n} free cell", "{n} free cells", free).format(n=free)
        # Translators: a part of the sentence "Now: 1 free cell and 2 empty columns, so…" under Help's example board.
        columns = ngettext("{n} empty column", "{n} empty columns", empty).format(n=empty)
        if empty:
            # Translators: a line under Help's example board: {cells} is "1 free cell", {columns} "2 empty columns",
            # {cards} "8 cards", {into} "4 cards".
            return _("Now: {cells} and {columns}, so you can pick up {cards}; into an empty column, {into}.").format(
                cells=cells, columns=columns, cards=cards_phrase(pickup),
                into=cards_phrase(self.rules.limit(free, empty - 1)))
        # Translators: a line under Help's example board: {cells} is "1 free cell", {columns} "2 empty columns", {cards}
        # "8 cards".
        return _("Now: {cells} and {columns}, so you can pick up {cards}.").format(
            cells=cells, columns=columns, cards=cards_phrase(pickup))

    def say(self, words: Callable[[], str], refused: bool = False) -> None:
        """Put ``words`` (a builder: a change of language reaches them) in the board's line."""
        self.words = words
        self.refused = refused
        self.heard(words())

    @property
    def message(self) -> str:
        """The board's line, in the words of now."""
        return self.words()

    @property
    def selected(self) -> tuple[Pile, int] | None:
        """The selected pile and how many of its cards (the hand's selection)."""
        selection = self.hand.selection
        return None if selection is None else (selection.pile, selection.count)

    def clear_selection(self) -> None:
        self.hand.deselect()
        self.board.dirty = True
        # Translators: the line under Help's example board (and the screen reader) when no card is selected.
        self.say(lambda: _("Nothing selected."))

    def key(self, event: Any) -> bool:
        """The table's pile, cell and foundation keys, as at the table; True when taken."""
        if board_key(event.key) not in ("pile", "cell", "foundation"):
            return False
        return self.board.on_key(event)

    # -- the board's host: the example plays what the board asks, and says it ---------------
    def asked(self, move: Move) -> bool:
        try:
            self.model.play(move)
        except IllegalMove as error:
            reason = error.reason
            self.say(lambda: reason_text(reason), refused=True)
            return False
        n = move.size
        # Translators: a line under Help's example board after a move; {source} and {dest} are piles after "from" and
        # "to". The singular has no {n}: it is one card.
        self.say(lambda: ngettext("The card went from {source} to {dest}.",
                                  "The run of {n} cards went from {source} to {dest}.", n).format(
            n=format_number(n), source=pile_name(move.source, FROM), dest=pile_name(move.dest, ONTO)))
        return True

    def cannot(self, refusal: Refusal) -> None:
        reason = refusal.reason
        if reason is None:  # a drop on no pile
            self.say(lambda: _("The cards went back."))
        else:
            self.say(lambda: refusal_text(reason), refused=not refusal.gentle)

    def chose(self, selection: Selection | None) -> None:
        if selection is not None:
            count = selection.count
            # Translators: a line under Help's example board on a touch screen; {cards} is "3 cards".
            self.say(lambda: _("Selected {cards}; tap where they should go.").format(cards=cards_phrase(count)))
        else:
            self.say(lambda: _("Nothing selected."))

    def lifted(self, pile: Pile, count: int) -> None:
        """A drag began: the line stays until the cards land."""

    def still(self, after: str) -> None:
        """The cards are still: nothing follows on an example."""


class HelpScreen(Screen):
    """Four pages: Rules, Examples, Game codes, Keyboard."""

    # Translators: the title of the Help screen and the Help entry of the Menu.
    title = N_("Help")
    # Translators: a tab of the Help screen: the rules of the game. About 12 characters (five tabs share the width).
    tabs = (N_("Rules"),
            # Translators: a tab of the Help screen: worked examples with a small board. About 12 characters.
            N_("Examples"),
            # Translators: a tab of the Help screen: the codes that name each deal. About 12 characters.
            N_("Game codes"),
            # Translators: a tab of the Help screen: the keys of the game. About 12 characters.
            N_("Keyboard"),
            # Translators: a tab of the Help screen: how the solver's analysis of a game reads. About 12 characters.
            NP_("help page", "Analysis"))

    def __init__(self, app: App, page: int = RULES, code: str | None = None,
                 table_keys: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(app)
        self.tab = page
        self.code = code
        self.keys_page = keys_page(table_keys)
        self.board = ExampleBoard(app)
        self.board.heard = app.access.say  # a screen reader hears what the board's line says
        self.copied = False
        self.layout()

    # -- keys ----------------------------------------------------------------------------------
    def key(self, event: Any) -> None:
        if self.tab == EXAMPLES:
            board = self.board
            key = event.key
            if board.key(event):  # the table's pile, cell and foundation keys, declared once
                self.dirty = True
                return
            if key == pygame.K_ESCAPE and board.selected is not None:
                board.clear_selection()
                self.dirty = True
                return
            if key == pygame.K_BACKSPACE:
                board.reset()
                self.dirty = True
                return
        super().key(event)

    def tab_changed(self) -> None:
        self.board.board.cancel()

    # -- the board takes its own presses -------------------------------------------------
    def capture(self, pointer: Pointer) -> bool:
        if self.tab != EXAMPLES or not self.board.rect.collidepoint(pointer.pos):
            return False
        if not self.viewport.collidepoint(pointer.pos):
            return False
        self.board.board.on_pointer(pointer)
        self.dirty = True
        return True

    def captured(self, pointer: Pointer) -> None:
        self.board.board.on_pointer(pointer)
        self.dirty = True

    # -- the board's time ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        board = self.board.board
        board.update(dt)
        board.held()
        super().update(dt)

    def busy(self) -> bool:
        return self.tab == EXAMPLES and self.board.board.busy()

    def needs_draw(self) -> bool:
        return super().needs_draw() or (self.tab == EXAMPLES and self.board.board.dirty)

    def wake_in(self) -> float | None:
        if self.tab != EXAMPLES:
            return super().wake_in()
        board = self.board.board
        waits = [w for w in (super().wake_in(), board.wake_in(), board.hold_wait())
                 if w is not None]
        return min(waits) if waits else None

    # -- drawing -------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, y: int) -> int:
        if self.tab == RULES:
            return self.paint_blocks(surface, rules_page(), y)
        if self.tab == CODES:
            y = self.paint_blocks(surface, CODES_PAGE, y)
            return self.paint_code(surface, y)
        if self.tab == KEYS:
            return self.paint_blocks(surface, self.keys_page, y)
        if self.tab == ANALYSIS:
            return self.paint_blocks(surface, ANALYSIS_PAGE, y)
        return self.paint_examples(surface, y)

    def paint_blocks(self, surface: pygame.Surface, blocks: tuple[Block, ...], y: int) -> int:
        u = self.unit
        column = self.column()
        for kind, content in blocks:
            if kind == "h":
                y = self.text(surface, _(content), column.x, y + u // 2, column.w, size=self.scale.title,
                              colour=self.theme.heading, bold=True) + u // 4
            elif kind == "p":
                y = self.text(surface, _(content), column.x, y, column.w) + u // 2
            elif kind == "b":
                dot = self.font(u, True).render("\u2022", True, self.theme.text_dim)
                surface.blit(dot, (column.x + u // 3, y))
                y = self.text(surface, _(content), column.x + u * 3 // 2, y, column.w - u * 3 // 2) + u // 3
            elif kind == "keys":
                key_w = min(column.w // 2, max(self.font(u, True).size(keys_words(k))[0] for k, _action in content) + u)
                for keys, action in content:
                    self.read(pgettext("screen reader", "{label}: {value}").format(label=keys_words(keys),
                                                                                  value=_(action)))
                    end = self.text(surface, keys_words(keys), column.x, y, key_w - u // 2, bold=True,
                                    colour=self.theme.focus, reads=False)
                    y = max(end, self.text(surface, _(action), column.x + key_w, y, column.w - key_w,
                                           reads=False)) + u // 4
                y += u // 2
            elif kind == "legend":
                y = self.paint_legend(surface, content, column, y)
        return y

    def paint_legend(self, surface: pygame.Surface, rows: tuple[tuple[Any, str], ...], column: pygame.Rect,
                     y: int) -> int:
        """Each mark as the replay's strip draws it, on the strip's band, beside its meaning."""
        u = self.unit
        size = max(14, round(u * 1.1))
        tile = size + u // 2
        for judgement, meaning in rows:
            box = Box(column.x + u // 3, y, tile, tile)
            pygame.draw.rect(surface, self.theme.band, pygame.Rect(box), border_radius=max(2, u // 4))
            draw_mark(surface, self.theme, judgement, box, size)
            end = self.text(surface, _(meaning), column.x + tile + u, y + max(0, (tile - self.font(u).get_linesize())
                                                                             // 2), column.w - tile - u)
            y = max(end, y + tile) + u // 3
        return y + u // 2

    def paint_code(self, surface: pygame.Surface, y: int) -> int:
        if not self.code:
            return y
        u = self.unit
        column = self.column()
        # Translators: a bold line on Help's Game codes page; {code} is like SH1-C4-AAAAAJ2.
        y = self.text(surface, _("This game's code: {code}").format(code=self.code), column.x, y + u // 2, column.w,
                      bold=True)
        # Translators: a button after its press: the code is on the clipboard. About 12 characters (it has the width of
        # "Copy code").
        label = (_("Copied") if self.copied
                 # Translators: a button on Help's Game codes page: copy this game's code to the clipboard. About 12
                 # characters.
                 else _("Copy code"))
        width = max(self.font(u, True).size(text)[0] for text in (_("Copied"), _("Copy code")))
        rect = pygame.Rect(column.x, y + u // 3, width + 2 * u, round(u * 2))
        self.button(surface, rect, label, self.copy_code, key="copy")
        return rect.bottom + u

    def copy_code(self) -> None:
        """Put the code on the clipboard (where the system offers one)."""
        if not self.code:
            return
        with contextlib.suppress(Exception):
            pygame.scrap.put_text(self.code)
            self.copied = True
        self.dirty = True

    def paint_examples(self, surface: pygame.Surface, y: int) -> int:
        u = self.unit
        column = self.column()
        board = self.board
        y = self.text(
            surface,
            _("A real board with 1 free cell and 2 empty columns: up to (1 + 1) \u00d7 2 \u00d7 2 = 8 "
              "cards can be picked up, but a run going into an empty column may have only "
              "(1 + 1) \u00d7 2 = 4, because that column does not count. Try it (the steps are below)."),
            column.x, y, column.w,
        ) + u // 2
        # the board: as wide as the column, and with the status line under it in view
        above = y + self.scroll - self.viewport.y
        room = max(int(self.viewport.h * 0.6), self.viewport.h - above - 4 * u)
        width = column.w
        while ExampleBoard.height_for(width) > room and width > 12 * u:
            width -= max(1, u // 2)
        rect = pygame.Rect(column.x + (column.w - width) // 2, y, width, ExampleBoard.height_for(width))
        pygame.draw.rect(surface, self.theme.board, rect.inflate(u, u), border_radius=u // 2)
        if self.measuring:  # the board's geometry is set by the layout, never by a draw
            board.place(rect)
        self.hot_area(rect, None)
        # Translators: what a screen reader calls the small practice board on Help's Examples page.
        self.read_group(_("The example board"), board.parts(self.app.settings.language))
        if not self.measuring:
            board.board.paint_whole(surface)
        y = rect.bottom + u
        # Translators: a button beside Help's example board: put the cards back as at the start. About 15 characters.
        again_w = max(8 * u, self.font(u, True).size(_("Set up again"))[0] + 2 * u)
        text_w = column.w - again_w - u
        colour = self.theme.warn if board.refused else self.theme.text
        y = self.text(surface, board.message, column.x, y, text_w, bold=True, colour=colour)
        y = self.text(surface, board.limits(), column.x, y, text_w, colour=self.theme.text_dim)
        again = pygame.Rect(column.right - again_w, rect.bottom + u, again_w, round(2 * u))
        self.button(surface, again, _("Set up again"), board.reset, key="again")
        y = max(y, again.bottom) + u
        steps = (
            _("Move the 8 diamonds (9 down to 2) from column 3 onto the 10 of diamonds in column 4: "
              "all 8 can be picked up."),
            _("Try the king-led run of 5 spades in column 1 into column 9: refused, only 4 may go there."),
            _("Move the king-led run of 4 hearts in column 2 into column 9: it fits."),
            _("With the mouse or a finger, drag the cards, or tap a card and then where it should go. "
              "With the keyboard, press a column's number (0 is column 10), then the number of the "
              "column to drop on."),
        )
        for n, step in enumerate(steps, 1):
            y = self.text(surface, f"{n}. {step}", column.x, y, column.w) + u // 4
        return y


def open_scene(app: App, session: Session, page: int = RULES,
               table_keys: tuple[tuple[str, str], ...] = ()) -> HelpScreen:
    """The Help screen (the table's F1 and Help button open it), naming the game's code
    and listing the table's keys."""
    code = session.current.code
    return HelpScreen(app, page, code=None if code is None else str(code), table_keys=table_keys)
