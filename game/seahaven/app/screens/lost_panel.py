"""The lost panel (issue 28, item 3): what the solver proved about a game it found lost, and
what the player can do about it: go back to the last winnable position in one undo action
(when that is within undo's reach), review the game to see the move that lost it, analyse it
(every move so far reviewed, on the replay screen), or keep playing. SPEC 7 tells a loss
without blocking play, so the panel never opens by itself: the player reaches it by
tapping the status line's lost sentence (or the lost verdict), with the key L, or by
asking for a hint or the demo in a lost game.

Its words are built when it lays out, so a change of language reaches it open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.kit import Widget, Window
from seahaven.app.screens.new_game import NewGame
from seahaven.app.state.session import Session
from seahaven.app.text.words import no_way_back_text
from seahaven.engine.services import LossReport
from seahaven.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App


class LostPanel(Window):
    """The game in play is proved lost (``report``, the solver's verdict on the position on
    the table when the panel opened): the way back, Review, or Keep playing."""

    TITLE = N_("This game can no longer be won")
    DEAL_TITLE = N_("This deal cannot be won")
    """The title for a deal the solver proved lost from its start: it never could be won."""
    width_em = 30.0
    close_outside = True

    def __init__(self, app: App, session: Session, report: LossReport) -> None:
        self.session = session
        self.report = report
        game = session.current.game
        self.game = game
        self.position = game.position
        """The position the verdict is about: the way back is offered only from there."""
        self.lines: list[tuple[str, str]] = []
        self.buttons: list[tuple[str, str, bool]] = []
        super().__init__(app)

    @property
    def target(self) -> int | None:
        """The number of moves of the last winnable position, when one undo action reaches it."""
        k, game = self.report.undos, self.game
        target = game.moves_after_undos(k) if k else None
        return target if target is not None and game.within_reach(target) else None

    def compose(self) -> None:
        """The lines and buttons, in the language of now."""
        report, game = self.report, self.game
        self.title = _(self.TITLE)
        keep = ("keep", _("Keep playing"), False)
        review = ("review", _("Review"), False)
        analyse = ("analyse", _("Analyse"), False)
        target = self.target
        if game.move_count == 0 or report.deal_lost:  # lost before any move: said in its own words (37.6)
            self.title = _(self.DEAL_TITLE)
            self.lines = [(_("No line of moves wins this deal, not even from its start: it was lost before the first "
                             "move, not by any move of yours."), "panel_text"),
                          (_("New game deals another. With Winnable deals only, in the New Game window, every "
                             "deal is one the solver has proved can be won."), "muted")]
            self.buttons = [keep, review, analyse] if game.move_count else [keep]
            self.buttons.append(("new", _("New game"), True))  # neither undo nor a restart wins it
            return
        if target is not None:
            k = report.undos or 0
            # Translators: the lost game's window; {n} is the number of undos that lead back.
            self.lines = [(ngettext("The solver proved that no winning line is left from here. Undoing {n} move "
                                    "leads back to a position that can still be won.",
                                    "The solver proved that no winning line is left from here. Undoing {n} moves "
                                    "leads back to a position that can still be won.", k).format(n=k),
                           "panel_text")]
        elif report.reason is not None:
            # Translators: the lost game's window; {why} is a reason like "the solver ran out of time 3 undos back".
            self.lines = [(_("The solver proved that no winning line is left, and found no way back ({why}).").format(
                why=no_way_back_text(report)), "panel_text")]
        else:
            self.lines = [(_("The solver proved that no winning line is left, and found no way back."),
                           "panel_text")]
        self.lines.append((_("Review finds the move after which the game could no longer be won."), "muted"))
        self.buttons = [keep, review, analyse]
        if target is not None:
            self.buttons.append(("back", _("Back to the last winnable position"), True))

    def build(self, size: tuple[int, int]) -> None:
        self.compose()
        height = round(self.px * 4.8) + self.text_height(self.lines, size) + round(self.px * 2.8)
        self.panel = self.panel_box(size, height + self.buttons_height(self.buttons, size))
        # a narrow window: the way back on a row of its own, under the others (Window.button_lines)
        self.widgets = self.button_row(self.buttons, self.panel.bottom - self.px)
        names = [widget.name for widget in self.widgets]
        # Enter takes the way back (redo undoes it), else Review (or New game for a deal lost from the start)
        self.focus = next((names.index(n) for n in ("back", "review", "new") if n in names), 0)

    def body_lines(self) -> list[tuple[str, str]]:
        return self.lines

    def on_key(self, event: Any) -> None:
        """A analyses the game, as the button does (where the panel offers it)."""
        widget = next((w for w in self.widgets if w.name == "analyse"), None)
        if event.key == pygame.K_a and widget is not None and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.activate(widget)
            return
        super().on_key(event)

    def activate(self, widget: Widget) -> None:
        self.close()
        if widget.name == "review":
            from seahaven.app.screens.review_window import ReviewWindow  # when first asked for (start-up)

            self.app.push(ReviewWindow(self.app, self.session))
        elif widget.name == "analyse":
            self.session.ask("analyse")  # the table opens it: the replay screen is above its windows
        elif widget.name == "back":
            self.go_back()
        elif widget.name == "new":
            self.app.push(NewGame(self.app, self.session))

    def go_back(self) -> None:
        """One undo action back to the last winnable position; the move that lost the game
        is then marked on the table, as the review's way back marks it."""
        target, current = self.target, self.session.current
        if target is None or current.game is not self.game or self.game.position != self.position:
            return
        losing = self.game.actions(target, target + 1)[0]
        if current.go_to(target):
            self.app.play_sound("undo")
            current.mark(losing)
