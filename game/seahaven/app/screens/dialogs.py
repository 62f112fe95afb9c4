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
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.access.speech import sentences
from seahaven.app.kit import Widget, Window
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import wrap
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
        return [("ok", _("OK"), True)]

    def build(self, size: tuple[int, int]) -> None:
        self.title, self.text = self.words[0](), self.words[1]()
        lines = len(wrap(self.app.painter.font(self.px), self.text, round(self.px * self.width_em) - 2 * self.px))
        height = round(self.px * (4.6 + 1.45 * lines + 3.2))
        self.panel = self.panel_box(size, height)
        self.widgets = self.button_row(self.buttons(), self.panel.bottom - self.px)
        self.focus = 0

    def draw_body(self, surface: pygame.Surface) -> None:
        self.text_lines(surface, [(self.text, "panel_text")], self.panel.y + round(self.px * 3.2))

    def body_text(self) -> str:
        return self.text

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
            self.title = _("You won!")
            helped = session.won_with_help()
            if game.code:
                won = (_("Game {code} won with help.") if helped else _("Game {code} won.")).format(
                    code=game.code)
            else:
                won = _("Won with help.") if helped else _("Won.")
            self.lines = [
                (_("This game: score {score}  \u00b7  time {time}  \u00b7  moves {moves}").format(
                    score=format_number(game.score), time=clock, moves=format_number(game.move_count)),
                 "panel_text"),
            ]
            rating = session.facts.rating(game.code)
            day = session.facts.daily_date(game.code)
            if day is not None:
                self.lines.append((_("The daily deal of {day} ({difficulty}).").format(
                    day=iso_date_text(day), difficulty=difficulty_name(game.start.cell_count)),
                    "accent"))
            if rating is not None:
                self.lines.append((_("Deal rating: {n} of 5.").format(n=rating), "muted"))
            cells = game.start.cell_count
            record = is_record(game)
            if session.keeper is not None and record:  # nothing is counted where nothing is saved
                self.lines.append((bests_line(session.keeper.stats, cells), "panel_text"))
            self.lines.append((won, "muted"))
            if session.keeper is not None and not record:
                self.lines.append((_("A game from a position, not a dealt game: it is no record, so the "
                                     "statistics, streaks and bests do not count it."), "accent"))
            elif session.keeper is not None:
                summary = win_summary(session.keeper.stats, cells)
                self.lines += [(text, "panel_text" if i == 0 else "accent") for i, text in enumerate(summary)]
            self.buttons = [("replay", _("Watch again"), False), ("restart", _("Play again"), False),
                            ("new", _("New game"), True)]
            if day is not None:
                self.share = share_text(day, DIFFICULTY_NAMES[game.start.cell_count], session.current.elapsed(),
                                        game.move_count, helped, rating)
                self.buttons.insert(0, ("share", _("Copy result"), False))
        else:
            self.title = _("No useful move left")
            if game.move_count == 0:  # dealt that way: nothing to undo or restart
                self.lines = [(_("This deal has no useful move at all."), "panel_text")]
                self.buttons = [("new", _("New game"), True)]
            else:
                self.lines = [(_("Every move left is a take-back or leads back to a position already seen."),
                               "panel_text")]
                self.buttons = [("undo", _("Undo"), False), ("restart", _("Restart deal"), False),
                                ("review", _("Review"), False), ("new", _("New game"), True)]
        if self.copied is not None:
            self.lines.append((self.share, "accent") if self.copied else (_(COPY_FAILED), "error"))

    def build(self, size: tuple[int, int]) -> None:
        self.compose()
        font = self.app.painter.font(self.px)
        inner = round(self.px * self.width_em) - 2 * self.px
        count = sum(len(wrap(font, text, inner)) for text, _c in self.lines)
        height = round(self.px * (4.4 + 1.45 * count + 3.6))
        self.panel = self.panel_box(size, height)
        self.widgets = self.button_row(self.buttons, self.panel.bottom - self.px)
        self.focus = len(self.widgets) - 1

    def draw_body(self, surface: pygame.Surface) -> None:
        self.text_lines(surface, self.lines, self.panel.y + round(self.px * 3.2))

    def body_text(self) -> str:
        return sentences([text for text, _role in self.lines])

    def on_key(self, event: Any) -> None:
        """N (or Ctrl+N) opens New Game from here as it does at the table; U undoes where
        the panel offers it."""
        shortcuts = {pygame.K_n: "new", pygame.K_u: "undo"}
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
        if widget.name == "replay":
            self.session.ask("replay")  # the table opens it: the replay screen is above these windows
        elif widget.name == "undo":
            current.undo()
        elif widget.name == "restart":
            current.restart()
        elif widget.name == "new":
            self.app.push(NewGame(self.app, self.session))
        elif widget.name == "review":
            from seahaven.app.screens.review_window import ReviewWindow  # when first asked for (start-up)

            self.app.push(ReviewWindow(self.app, self.session))


class Menu(Window):
    """Everything the toolbar does not show, reachable by pointer and keyboard: the
    entries (name, words, enabled) come from the table's actions, and choosing one asks
    the table to run it (``session.ask``), exactly as its key or button would."""

    title = N_("Menu")
    width_em = 16.0
    close_outside = True

    def build(self, size: tuple[int, int]) -> None:
        entries = self.entries()
        h = round(self.px * 2.3)
        gap = self.px // 2
        head = round(self.px * 3.4)
        room = max(1, (size[1] - 16 - head - self.px) // (h + gap))
        columns = -(-len(entries) // room)  # as many columns as the window's height needs
        rows = -(-len(entries) // columns)
        painter = self.app.painter
        widest = max((painter.text(label, self.scale.button, bold=True).get_width() for _n, label, _e in entries),
                     default=0)
        column_w = max(round(self.px * self.width_em) - 2 * self.px, widest + 2 * self.px)  # every entry whole
        width = min(size[0] - 16, columns * column_w + (columns - 1) * self.px + 2 * self.px)
        height = head + rows * (h + gap) + self.px
        self.panel = Box((size[0] - width) // 2, (size[1] - min(size[1] - 16, height)) // 2,
                         width, min(size[1] - 16, height))
        column_w = (self.panel.w - 2 * self.px - (columns - 1) * self.px) // columns
        self.widgets = []
        for i, (name, label, enabled) in enumerate(entries):
            column, row = divmod(i, rows)
            box = Box(self.panel.x + self.px + column * (column_w + self.px),
                      self.panel.y + head + row * (h + gap), column_w, h)
            self.widgets.append(Widget(name, box, label, enabled=enabled))
        self.one_size(self.widgets)

    def __init__(self, app: App, session: Session, entries: Callable[[], list[tuple[str, str, bool]]]) -> None:
        self.session = session
        self.entries = entries
        """The entries (name, words, enabled), asked for at each layout: in the words of now."""
        super().__init__(app)

    def activate(self, widget: Widget) -> None:
        self.close()
        self.session.ask(widget.name)


class Confirm(Notice):
    """Asks before something that would throw away a game in progress: ``on_yes`` runs
    only when the player confirms; Esc, a click outside or the other button keeps the game."""

    width_em = 28.0
    close_outside = True

    def __init__(self, app: App, title: Words, text: Words, yes: Words, on_yes: Callable[[], None],
                 no: Words | None = None) -> None:
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
