"""Bookmarks (issue 28, item 5): positions of the game in play to come back to.

A bookmark is the number of moves before its position (the game owns them:
:meth:`seahaven.engine.Game.set_bookmark`; they are saved with the game). The M key and
the Menu's "Bookmark this position" set one; the Bookmarks window (Ctrl+B, the Menu)
lists them by move number and goes back (or forward) to one: within reach of undo and
redo that is undos or redos, further back it cuts the game there, which counts as help.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from seahaven.app.kit import Widget, Window
from seahaven.app.looks.box import Box
from seahaven.app.state.session import Session
from seahaven.i18n import N_, _, format_number, ngettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

MARK, CLOSE = "mark", "close"
SHOWN = 12
"""Bookmarks listed in the window (the latest ones)."""


def set_bookmark(session: Session) -> None:
    """Bookmark the position on the table and say so."""
    current = session.current
    n = current.game.move_count
    if current.set_bookmark():
        # Translators: said (status line) after the key M; {n} is the move's number (a number, not a count). Ctrl+B is a
        # key.
        session.say(ngettext("Bookmark set after move {n}; Ctrl+B lists the bookmarks.",
                             "Bookmark set after move {n}; Ctrl+B lists the bookmarks.", n).format(
            n=format_number(n)) if n else _("Bookmark set at the deal; Ctrl+B lists the bookmarks."))
    else:
        session.say(_("This position is bookmarked already."))


def bookmark_name(moves: int) -> str:
    """A bookmark's name: the move it follows ("After move 12"), or the deal."""
    if moves == 0:
        return _("Before the first move")
    # Translators: a row of the bookmarks list; {n} is the move's number (a number, not a count). About 20 characters.
    return ngettext("After move {n}", "After move {n}", moves).format(n=format_number(moves))


def go_to_bookmark(session: Session, moves: int) -> bool:
    """Back (or forward) to the bookmark after ``moves`` moves; says when that counts as help."""
    current = session.current
    helped = not current.game.within_reach(moves)
    if not current.go_to(moves):
        return False
    if helped:
        session.say(_("Back to the bookmark, further than undo reaches: this game now counts as played "
                      "with help."))
    return True


class Bookmarks(Window):
    """The bookmarks of the game in play, newest last, then Close and "Bookmark this
    position" along the bottom (Close, Esc or a tap outside put the window away)."""

    # Translators: the title of the bookmarks window, and a Menu command.
    title = N_("Bookmarks")
    width_em = 22.0
    close_outside = True

    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        super().__init__(app)

    def marks(self) -> list[int]:
        return list(self.session.current.game.bookmarks)[-SHOWN:]

    def build(self, size: tuple[int, int]) -> None:
        game = self.session.current.game
        marks = self.marks()
        h = round(self.px * 2.3)
        gap = self.px // 2
        note = 0 if marks else 1
        height = round(self.px * 3.6) + len(marks) * (h + gap) + note * round(self.px * 1.6) + self.px + h + self.px
        self.panel = self.panel_box(size, height)
        y = self.panel.y + round(self.px * 3.4) + note * round(self.px * 1.6)
        self.widgets = []
        for moves in marks:
            box = Box(self.panel.x + self.px, y, self.panel.w - 2 * self.px, h)
            self.widgets.append(Widget(f"go:{moves}", box, bookmark_name(moves), enabled=moves != game.move_count))
            y += h + gap
        bottom = self.button_row([(CLOSE, _("Close"), False),
                                  # Translators: a Menu command (key M): remember the position to come back to it.
                                  (MARK, _("Bookmark this position"), True)],
                                 self.panel.bottom - self.px)
        bottom[-1].enabled = game.move_count not in marks
        self.widgets.extend(bottom)
        # "Bookmark this position", or where it is off (a bookmark is here) the newest one to go to
        self.focus = max((i for i, w in enumerate(self.widgets) if w.enabled and w.name != CLOSE), default=0)

    def draw_body(self, surface: pygame.Surface) -> None:
        if not self.marks():
            # Translators: the bookmarks window when there is none.
            self.text_lines(surface, [(_("No bookmark yet."), "muted")], self.panel.y + round(self.px * 3.2))

    def activate(self, widget: Widget) -> None:
        if not widget.enabled:
            return
        self.close()
        if widget.name == MARK:
            set_bookmark(self.session)
        elif widget.name.startswith("go:"):
            go_to_bookmark(self.session, int(widget.name[3:]))
