"""The windows over the table that say something or lead somewhere (the end-of-game
messages, the Menu, notices and questions); opening screens and asking before a game is
left is ``navigation``'s. Each is a
:class:`~seahaven.app.kit.Window` of the one widget kit; the New Game window and its
keypad are in ``new_game``.

Each is a scene pushed on the stack: it dims the table, takes every input (mouse, touch
and keyboard: Tab moves the focus, Enter or Space activates, Esc closes) and closes
itself. The windows that act on the game get the :class:`~seahaven.app.state.session.Session` and
call the game in play (``current.undo()``, ``session.deal(code)``); the table hears of it
through the game's events, as it hears of its own moves.

Their words are built when they lay out (a notice's and a question's come as
:data:`Words` builders), so a change of language reaches a window already open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.kit import Widget, Window
from seahaven.app.kit.nav_keys import nav
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import button_face
from seahaven.app.screens.new_game import NewGame, clipboard_put
from seahaven.app.state.deal_facts import share_text
from seahaven.app.state.session import Session
from seahaven.app.state.stats import bests_line, is_record, win_summary
from seahaven.app.text.words import DIFFICULTY_NAMES, difficulty_name, iso_date_text
from seahaven.i18n import N_, _, format_duration, format_number

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

Words = Callable[[], str]
"""A window's words as a builder (``lambda: _("…").format(...)``), called each time the
window lays out: an open window follows a change of language."""


class Notice(Window):
    """A short message with an OK button; its title and text are built with its layout."""

    def __init__(self, app: App, title: Words, text: Words) -> None:
        self.words = (title, text)
        self.text = ""
        """The message in the language of now (built with the layout)."""
        super().__init__(app)

    def buttons(self) -> list[tuple[str, str, bool]]:
        """(name, label, primary) of the buttons along the bottom; the first has the focus."""
        # Translators: the button that closes a notice window. About 8 characters.
        return [("ok", _("OK"), True)]

    def build(self, size: tuple[int, int]) -> None:
        self.title, self.text = self.words[0](), self.words[1]()
        buttons = self.buttons()
        height = round(self.px * 4.6) + self.text_height(self.body_lines(), size) + round(self.px * 3.2)
        self.panel = self.panel_box(size, height + self.buttons_height(buttons, size))
        self.widgets = self.button_row(buttons, self.panel.bottom - self.px)
        self.focus = 0

    def body_lines(self) -> list[tuple[str, str]]:
        return [(self.text, "panel_text")]

    def activate(self, widget: Widget) -> None:
        self.close()


COPY_FAILED = N_("The clipboard cannot be reached.")
"""Marked; shown (and compared) through ``_()``."""


class EndMessage(Window):
    """Won or stuck ("no useful move"), with what to do next (SPEC 7). A game the solver
    proves lost is said in the status line, without a window (the table's solver part); the
    player opens the lost panel (``lost_panel``) from there."""

    width_em = 28.0

    def __init__(self, app: App, session: Session, kind: str) -> None:
        self.session = session
        self.kind = kind
        self.share = ""
        """The result to copy and share, after a daily deal is won."""
        self.copied: bool | None = None
        """Whether Copy result reached the clipboard (None: not pressed yet)."""
        self.lines: list[tuple[str, str]] = []
        self.buttons: list[tuple[str, str, bool]] = []
        super().__init__(app)

    def compose(self) -> None:
        """The window's words, in the language of now (built with the layout, so a change
        of language reaches an open window)."""
        session, kind = self.session, self.kind
        game = session.current.game
        clock = format_duration(session.current.elapsed())
        if kind == "won":
            # Translators: the title of the window shown when the game is won.
            self.title = _("You won!")
            helped = session.won_with_help()
            if game.code:
                # Translators: a line of the won window; {code} is like SH1-C4-AAAAAJ2.
                won = (_("Game {code} won with help.") if helped
                       # Translators: a line of the won window; {code} is like SH1-C4-AAAAAJ2.
                       else _("Game {code} won.")).format(
                    code=game.code)
            else:
                # Translators: a line of the won window when the game has no code (set up from a position).
                won = (_("Won with help.") if helped
                       # Translators: a line of the won window when the game has no code (set up from a position).
                       else _("Won."))
            self.lines = [
                # Translators: a line of the won window; {score} is points, {time} a time of play like 4:05, {moves} a
                # number. The middle dots part the figures.
                (_("This game: score {score}  \u00b7  time {time}  \u00b7  moves {moves}").format(
                    score=format_number(game.score), time=clock, moves=format_number(game.move_count)),
                 "panel_text"),
            ]
            rating = session.facts.rating(game.code)
            day = session.facts.daily_date(game.code)
            if day is not None:
                # Translators: a line of the won window; {day} is a date, {difficulty} is Easy, Medium or Hard.
                self.lines.append((_("The daily deal of {day} ({difficulty}).").format(
                    day=iso_date_text(day, weekday=False), difficulty=difficulty_name(game.start.cell_count)),
                    "accent"))
            if rating is not None:
                # Translators: a line of the won window; {n} is the solver's rating from 1 (easy) to 5 (hard).
                self.lines.append((_("Deal rating: {n} of 5.").format(n=rating), "muted"))
            cells = game.start.cell_count
            record = is_record(game)
            if session.keeper is not None and record:  # nothing is counted where nothing is saved
                self.lines.append((bests_line(session.keeper.stats, cells), "panel_text"))
            self.lines.append((won, "muted"))
            if session.keeper is not None and not record:
                # Translators: a line of the won window. “It is no record” means the game is not recorded: the
                # statistics do not count it (not a best performance).
                self.lines.append((_("A game from a position, not a dealt game: it is no record, so the "
                                     "statistics, streaks and bests do not count it."), "accent"))
            elif session.keeper is not None:
                summary = win_summary(session.keeper.stats, cells)
                self.lines += [(text, "panel_text" if i == 0 else "accent") for i, text in enumerate(summary)]
            # Translators: a button of the won window: watch the replay of the game just won. About 14 characters (the
            # window's buttons share one row).
            self.buttons = [("replay", _("Watch again"), False),
                            # Translators: a button of the end-of-game windows (and the replay's): the solver reviews
                            # each move of the game (a verb). About 12 characters.
                            ("analyse", _("Analyse"), False),
                            # Translators: a button of the won window: the same deal again from the start. About 14
                            # characters.
                            ("restart", _("Play again"), False),
                            # Translators: a button of the end-of-game windows and a Menu command: open the New Game
                            # window. About 14 characters.
                            ("new", _("New game"), True)]
            if day is not None:
                self.share = share_text(day, DIFFICULTY_NAMES[game.start.cell_count], session.current.elapsed(),
                                        game.move_count, helped, rating)
                # Translators: a button of the won window for a daily deal: copy a short text of the result to share it.
                # About 14 characters.
                self.buttons.insert(0, ("share", _("Copy result"), False))
        else:
            self.title = _("No useful move left")
            if game.move_count == 0:  # dealt that way: nothing to undo or restart
                self.lines = [(_("This deal has no useful move at all."), "panel_text")]
                self.buttons = [("new", _("New game"), True)]
            else:
                self.lines = [(_("Every move left is a take-back or leads back to a position already seen."),
                               "panel_text")]
                # Translators: a button of the window "No useful move left": undo the last move. About 12 characters.
                self.buttons = [("undo", _("Undo"), False),
                                # Translators: a button of the window "No useful move left": play the same deal again
                                # from its start. About 12 characters.
                                ("restart", _("Restart deal"), False),
                                # Translators: a button of the window "No useful move left" and a Menu command: the
                                # solver finds the move after which the game could no longer be won. About 12
                                # characters.
                                ("review", _("Review"), False), ("analyse", _("Analyse"), False),
                                ("new", _("New game"), True)]
        if self.copied is not None:
            self.lines.append((self.share, "accent") if self.copied else (_(COPY_FAILED), "error"))

    def build(self, size: tuple[int, int]) -> None:
        self.compose()
        height = round(self.px * 4.4) + self.text_height(self.lines, size) + round(self.px * 3.6)
        self.panel = self.panel_box(size, height + self.buttons_height(self.buttons, size))
        self.widgets = self.button_row(self.buttons, self.panel.bottom - self.px)
        self.focus = len(self.widgets) - 1

    def body_lines(self) -> list[tuple[str, str]]:
        return self.lines

    def on_key(self, event: Any) -> None:
        """N (or Ctrl+N) opens New Game from here as it does at the table; U undoes and A
        analyses where the panel offers it."""
        shortcuts = {pygame.K_n: "new", pygame.K_u: "undo", pygame.K_a: "analyse"}
        name = shortcuts.get(event.key)
        widget = next((w for w in self.widgets if w.name == name), None)
        if widget is not None and not event.mod & (pygame.KMOD_ALT | pygame.KMOD_SHIFT):
            self.activate(widget)
            return
        super().on_key(event)

    def activate(self, widget: Widget) -> None:
        current = self.session.current
        if widget.name == "share":
            copied = self.copied = clipboard_put(self.share)
            self.session.say(_("Your result is on the clipboard.") if copied else _(COPY_FAILED), warn=not copied)
            self.build(self.app.size)
            self.dirty = True
            return
        self.close()
        if widget.name in ("replay", "analyse"):
            self.session.ask(widget.name)  # the table opens it: the replay screen is above these windows
        elif widget.name == "undo":
            current.undo()
        elif widget.name == "restart":
            current.restart()
        elif widget.name == "new":
            self.app.push(NewGame(self.app, self.session))
        elif widget.name == "review":
            from seahaven.app.screens.review_window import ReviewWindow  # when first asked for (start-up)

            self.app.push(ReviewWindow(self.app, self.session))


@dataclass(frozen=True)
class MenuEntry:
    """One entry of the Menu: the action's name, its words, whether it can be pressed now,
    and its key as the player's keyboard names it ("" for none)."""

    name: str
    label: str
    enabled: bool = True
    shortcut: str = ""


class Menu(Window):
    """Everything the game does, reachable by pointer, touch and keyboard: the entries
    (name, words, enabled, key) come from the table's actions, each with its key on its
    right as a desktop menu shows it, and choosing one asks the table to run it
    (``session.ask``), exactly as its key or button would. The entries run down columns
    (as many as the window's height needs); Up, Down and Tab go through them in order,
    Left and Right go across the columns, and Close (Esc, a tap outside) puts the Menu away."""

    # Translators: the Menu window's title and the toolbar's Menu command in Help.
    title = N_("Menu")
    width_em = 16.0
    close_outside = True
    CLOSE = "close"

    def __init__(self, app: App, session: Session, entries: Callable[[], list[MenuEntry]]) -> None:
        self.session = session
        self.entries = entries
        """The entries, asked for at each layout: in the words of now."""
        self.rows = 1
        """Entries per column (Left and Right move the focus by this many)."""
        self.shortcuts: dict[str, str] = {}
        """Each entry's key as shown on its right."""
        super().__init__(app)

    def build(self, size: tuple[int, int]) -> None:
        entries = self.entries()
        self.shortcuts = {entry.name: entry.shortcut for entry in entries}
        px = self.px
        h = round(px * 2.3)
        gap = px // 2
        head = round(px * 3.4)
        foot = h + px + gap  # the Close button's row
        room = max(1, (size[1] - 16 - head - foot) // (h + gap))
        columns = -(-len(entries) // room)  # as many columns as the window's height needs
        self.rows = rows = -(-len(entries) // columns)
        painter = self.app.painter
        font_px = self.scale.button
        widest = max((self._entry_width(entry, font_px) for entry in entries), default=0)
        column_w = max(round(px * self.width_em) - 2 * px, widest)  # every entry whole
        width = min(size[0] - 16, columns * column_w + (columns - 1) * px + 2 * px)
        column_w = (width - 2 * px - (columns - 1) * px) // columns
        smallest = max(9, round(font_px * 0.7))
        while font_px > smallest and max((self._entry_width(e, font_px) for e in entries), default=0) > column_w:
            font_px -= 1  # a narrow window: every entry at one smaller size, none cut
        height = min(size[1] - 16, head + rows * (h + gap) - gap + foot)
        self.panel = Box((size[0] - width) // 2, (size[1] - height) // 2, width, height)
        self.widgets = []
        for i, entry in enumerate(entries):
            column, row = divmod(i, rows)
            box = Box(self.panel.x + px + column * (column_w + px), self.panel.y + head + row * (h + gap),
                      column_w, h)
            self.widgets.append(Widget(entry.name, box, entry.label, enabled=entry.enabled,
                                       font_px=font_px if font_px != self.scale.button else 0))
        close = _("Close")
        close_w = max(round(px * 5.5), painter.text(close, font_px, bold=True).get_width() + 2 * px)
        self.widgets.append(Widget(self.CLOSE, Box(self.panel.right - px - close_w, self.panel.bottom - px - h,
                                                   close_w, h), close, font_px=font_px))
        if self.ring.name not in [w.name for w in self.widgets if w.enabled]:
            self.focus = next((i for i, w in enumerate(self.widgets) if w.enabled), 0)  # the first entry: a
            # screen reader hears where the keys start

    def _entry_width(self, entry: MenuEntry, font_px: int) -> int:
        """How wide an entry's button must be for its words and its key, side by side."""
        painter = self.app.painter
        width = painter.text(entry.label, font_px, bold=True).get_width() + 2 * self.pad
        if entry.shortcut:  # and a space of a letter or two between the words and the key
            width += painter.text(entry.shortcut, font_px).get_width() + self.pad
        return width

    @property
    def pad(self) -> int:
        """The room at either end of an entry, and between its words and its key."""
        return max(6, round(self.px * 0.6))

    def draw_widget(self, surface: pygame.Surface, widget: Widget, focus: bool) -> None:
        """An entry: its words on the left, its key on the right in a quieter colour."""
        if widget.name == self.CLOSE:
            super().draw_widget(surface, widget, focus)
            return
        painter = self.app.painter
        theme = painter.theme
        box = widget.box
        face = button_face(painter, box, "", hover=self.hover == widget.name, focus=focus, enabled=widget.enabled,
                           pressed=self.pressed == widget.name, dark=True, solid=True)
        surface.blit(face, box[:2])
        size = widget.font_px or self.scale.button
        words = painter.text(widget.label, size, theme.button_text if widget.enabled else theme.button_text_off,
                             bold=True)
        surface.blit(words, words.get_rect(midleft=(box.x + self.pad, box.y + box.h // 2)))
        shortcut = self.shortcuts.get(widget.name, "")
        if shortcut:
            key = painter.text(shortcut, size, theme.muted if widget.enabled else theme.button_text_off)
            surface.blit(key, key.get_rect(midright=(box.right - self.pad, box.y + box.h // 2)))

    def on_key(self, event: Any) -> None:
        """Left and Right go across the columns; the rest as in every window."""
        intent = nav(event)
        if intent in ("left", "right") and self.rows < len(self.widgets) - 1:
            entries = self.widgets[:-1]
            here = self.focus if self.ring.name in [w.name for w in entries] else 0
            column = here // self.rows + (1 if intent == "right" else -1)
            row = here % self.rows
            same_column = range(column * self.rows, min(len(entries), (column + 1) * self.rows))
            # the entry across, or (greyed) the nearest one that can be pressed in that column
            there = min((i for i in same_column if entries[i].enabled), key=lambda i: abs(i % self.rows - row),
                        default=None) if column >= 0 else None
            if there is not None:
                self.focus = there
                self.show_focus = True
                self.dirty = True
            return
        super().on_key(event)

    def activate(self, widget: Widget) -> None:
        self.close()
        if widget.name != self.CLOSE:
            self.session.ask(widget.name)


class Confirm(Notice):
    """Asks before something that would throw away a game in progress: ``on_yes`` runs
    only when the player confirms; Esc, a click outside or the other button keeps the game."""

    width_em = 28.0
    close_outside = True

    def __init__(self, app: App, title: Words, text: Words, yes: Words, on_yes: Callable[[], None],
                 no: Words | None = None) -> None:
        # Translators: a button of the lost game's window: close it and go on playing. About 14 characters.
        self.answers = (yes, no if no is not None else lambda: _("Keep playing"))
        self.yes = self.no = ""
        """The buttons' words in the language of now (built with the layout)."""
        self.on_yes = on_yes
        super().__init__(app, title, text)

    def buttons(self) -> list[tuple[str, str, bool]]:
        self.yes, self.no = self.answers[0](), self.answers[1]()
        return [("no", self.no, True), ("yes", self.yes, False)]  # Enter keeps the game: the safe answer

    def activate(self, widget: Widget) -> None:
        self.close()
        if widget.name == "yes":
            self.on_yes()
