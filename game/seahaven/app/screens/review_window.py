"""Review (issue 28, item 3): the move after which a game could no longer be won: the game in
play, or a finished game watched in the replay screen (which then shows the position before
that move).

The window asks the solver in the job runner (:func:`seahaven.engine.review.review_line`,
on a worker thread, with the solver's fixed work budget), so no frame waits for it; it says
which move lost the game and what it did, with the position before it. Within reach of
undo, "Back to the last winnable position" undoes to it in one action; further back,
"Play from here" cuts the game there, which counts as help (as going back to a bookmark
that far does). A review that ran out of budget says between which moves it could not
decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seahaven.app.kit import Widget, Window
from seahaven.app.state.session import Session
from seahaven.app.text.words import action_text, solver_failed_text
from seahaven.engine.game import Action
from seahaven.engine.review import Review, review_line
from seahaven.i18n import N_, _, format_number, ngettext

if TYPE_CHECKING:
    from seahaven.app.board.replay_game import ReplayGame
    from seahaven.app.kit.scenes import App

JOB = "review"
POLL_S = 0.1
"""How often the window looks for the answer while the solver works."""


class ReviewWindow(Window):
    """The review of the game in play: asked when it opens, shown when the solver answers."""

    title = N_("Review")
    width_em = 30.0
    close_outside = True

    def __init__(self, app: App, session: Session, replay: ReplayGame | None = None) -> None:
        self.session = session
        self.replay = replay
        """A finished game's replay under review (the window then shows the position before
        the losing move in it), or None: the game in play."""
        game = session.current.game
        self.game = game
        if replay is None:
            line, start, rules = game.line_snapshot(), game.start, game.rules
            self.moves = game.move_count
        else:
            actions = tuple(replay.action(n) for n in range(1, replay.length + 1))
            line, start, rules = (lambda: actions), replay.start, replay.rules
            self.moves = replay.length
        self.result: Review | None = None
        self.failed = False
        self.lines: list[tuple[str, str]] = []
        self.buttons: list[tuple[str, str, bool]] = []
        super().__init__(app)
        session.jobs.start(JOB, review_line, line, start, self.moves, rules,
                           on_done=self._answered, on_error=self._failed, follows_game=False)

    # -- the answer --------------------------------------------------------------------------
    def _answered(self, result: Review) -> None:
        self.result = result
        self.art_changed()

    def _failed(self, error: BaseException) -> None:
        self.failed = True
        self.art_changed()

    def action(self, number: int) -> Action:
        """Move ``number`` (1-based) of the game under review."""
        if self.replay is not None:
            return self.replay.action(number)
        return self.game.actions(number - 1, number)[0]

    @property
    def target(self) -> int | None:
        """The last winnable position before the losing move (moves played before it)."""
        result = self.result
        if result is None or result.lost_at is None or result.lost_at == 0:
            return None
        return result.lost_at - 1

    def compose(self) -> None:
        result = self.result
        close = ("close", _("Close"), True)
        self.buttons = [close]
        if self.failed:
            self.lines = [(solver_failed_text(), "error")]
            return
        if result is None:
            self.lines = [(_("The solver is going through the game…"), "panel_text")]
            return
        if result.won:
            self.lines = [(_("This game is won: no move lost it."), "panel_text")]
        elif result.lost_at == 0:
            self.lines = [(_("This deal cannot be won, not even from the start."), "panel_text")]
        elif result.lost_at is not None:
            k = result.lost_at
            self.lines = [
                # Translators: the Review window; {n} is the number of the move after which the game could no longer be
                # won (a move number, not a count).
                (ngettext("The game could no longer be won after move {n}:",
                          "The game could no longer be won after move {n}:", k).format(n=format_number(k)),
                 "panel_text"),
                (action_text(k, self.action(k)), "accent"),
                # Translators: the Review window; {n} is the number of moves made at that point.
                (ngettext("Before it, after {n} move, the game could still be won.",
                          "Before it, after {n} moves, the game could still be won.", k - 1).format(
                    n=format_number(k - 1)), "panel_text"),
            ]
            if self.replay is not None:
                self.buttons = [close, ("show", _("Show the position before it"), False)]
            elif self.game.within_reach(k - 1):
                self.buttons = [close, ("back", _("Back to the last winnable position"), False)]
            else:
                self.lines.append((_("That is further back than undo reaches: playing on from there counts "
                                     "as help."), "muted"))
                self.buttons = [close, ("show", _("Show the position before it"), False),
                                # Translators: a button of the Review window: play on from the move shown. About 14
                                # characters.
                                ("play", _("Play from here"), False)]
        elif result.decided:
            self.lines = [(_("The game can still be won from here: no move lost it."), "panel_text")]
        else:
            self.lines = [(self._undecided_text(result), "panel_text")]

    def _undecided_text(self, result: Review) -> str:
        low, high = result.last_winnable, result.first_lost
        if high > result.moves:
            if low < 0:
                # Translators: the Review window. The solver’s “budget” is the time and work it may spend (a limit), not
                # money.
                return _("The solver could not decide, within its budget, whether this game can be won.")
            # Translators: the Review window; {n} is a move's number; "budget" is the time and work the solver may spend
            # (a limit), not money.
            return ngettext("The game could still be won after move {n}; after that, the solver could not "
                            "decide within its budget.",
                            "The game could still be won after move {n}; after that, the solver could not "
                            "decide within its budget.", low).format(n=format_number(low))
        if low < 0:
            # Translators: the Review window; {n} is a move's number; "budget" is the time and work the solver may spend
            # (a limit), not money.
            return ngettext("The game could no longer be won after move {n}; before that, the solver could "
                            "not decide within its budget.",
                            "The game could no longer be won after move {n}; before that, the solver could "
                            "not decide within its budget.", high).format(n=format_number(high))
        # Translators: the Review window; {low} and {high} are move numbers; "budget" is the time and work the solver
        # may spend (a limit), not money.
        return _("The game was lost between move {low} and move {high}: the solver could not decide the "
                 "moves between within its budget.").format(low=format_number(low + 1), high=format_number(high))

    # -- the window --------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        self.compose()
        height = round(self.px * 4.4) + self.text_height(self.lines, size) + round(self.px * 3.6)
        self.panel = self.panel_box(size, height + self.buttons_height(self.buttons, size))
        self.widgets = self.button_row(self.buttons, self.panel.bottom - self.px)
        # Enter takes the way back undo can retrace or a look, never the cut (which drops the later moves)
        names = [widget.name for widget in self.widgets]
        self.focus = next((names.index(n) for n in ("back", "show") if n in names), 0)

    def body_lines(self) -> list[tuple[str, str]]:
        return self.lines

    def wake_in(self) -> float | None:
        return POLL_S if self.result is None and not self.failed else None

    def activate(self, widget: Widget) -> None:
        target = self.target
        self.close()
        if target is not None and widget.name == "show":
            if self.replay is None:  # further back than undo: the game's replay shows it, read-only
                from seahaven.app.board.replay_game import ReplayGame
                from seahaven.app.screens.replay_screen import ReplayScreen

                replay = ReplayGame.of_game(self.game)
                self.app.push(ReplayScreen(self.app, replay))
            else:
                replay = self.replay
            replay.seek(target)  # the last winnable position
            return
        if target is None or widget.name not in ("back", "play"):
            return
        current = self.session.current
        if widget.name == "back":
            if current.go_to(target):
                self.app.play_sound("undo")
                self._mark_losing_move(target)
        elif current.go_to(target):
            # Translators: said (status line) after going back from the Review window; {n} is the move's number.
            self.session.say(ngettext("Back after move {n}: this game now counts as played with help.",
                                      "Back after move {n}: this game now counts as played with help.",
                                      target).format(n=format_number(target)))

    def _mark_losing_move(self, target: int) -> None:
        """On the table, back at the position before it: the move that lost the game is
        marked as a hint is (its cards and where they went), and said in the status line."""
        self.session.current.mark(self.action(target + 1))

    def close(self) -> None:
        self.session.jobs.cancel(JOB)
        super().close()
