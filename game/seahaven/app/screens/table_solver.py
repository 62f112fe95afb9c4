"""What the table asks the solver, on worker threads through the session's jobs: a hint,
the live verdict (winnable, or lost and how many undos back), and the demo's winning
line, which it then plays one real move at a time (SPEC 7, 8)."""

from __future__ import annotations

from seahaven.app.board.replay_game import ReplayGame, Source
from seahaven.app.screens import navigation
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.table_api import Table
from seahaven.app.text.words import no_way_back_text, solver_failed_text
from seahaven.engine import Game, Move, services
from seahaven.engine.services import LineEnd, LossReport
from seahaven.i18n import _, format_number, ngettext

LOST_QUIET_S = 0.4
"""The verdict is asked for once the table has been still this long."""
LOST_MESSAGE_S = 8.0
DEMO_STEP_S = 0.6
DEMO_COUNT = "demo_count"
"""What the status line's message is about when it counts the demo's moves to go."""
"""Seconds between two moves of the demo once the last has landed: a pace to follow."""
LOST = "lost"
"""What the status line's message is about when it says the game is lost (a tap on it opens
the lost panel)."""


class TableSolver:
    """The solver's questions about the game in play, and the demo in progress."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table scene (screens/table.py), which sits above its parts."""
        self.app = table.app
        self.current = table.current
        self.jobs = table.jobs
        self._lost_due: float | None = None
        self.demo: list[Move] | None = None
        """The rest of the solver-proved winning line the demo is playing."""
        self.demo_due = 0.0

    # -- when to ask whether the game is lost: owned here, asked for by the table ----------
    @property
    def lost_due(self) -> float | None:
        """When to ask for the verdict (the table is still by then), or None."""
        return self._lost_due

    def schedule_lost(self) -> None:
        """The cards are still after a change: ask for the verdict after a quiet moment."""
        self._lost_due = self.app.time + LOST_QUIET_S

    def forget_lost(self) -> None:
        """The position changed (or a new deal came): no question about the old one."""
        self._lost_due = None

    def player_acts(self) -> None:
        """Input: a lost-game check in progress or due waits for the next quiet moment (the
        solver never competes with a drag or a glide for the processor)."""
        if self.jobs.running("lost"):
            self.jobs.cancel("lost")
            self._lost_due = self.app.time + LOST_QUIET_S
        elif self._lost_due is not None:
            self._lost_due = self.app.time + LOST_QUIET_S

    def ask_hint(self) -> None:
        self.table.finish_animations()
        if self.jobs.running("hint"):
            return
        if self.proved_lost() is not None:  # no hint to give: what the player can do instead
            self.open_lost()
            return
        snapshot = Game(self.table.game.position, self.table.game.rules, self.table.game.code)
        self.table.say(_("Thinking…"), seconds=30)
        self.jobs.start("hint", services.hint, snapshot, on_done=self.hint_answer, on_error=self.hint_failed)

    def hint_answer(self, move: Move | None) -> None:
        if move is None:
            self.way_back(_("No winning line from here: undo some moves or start again."))
            return
        self.current.hint_shown(move)

    def hint_failed(self, error: BaseException) -> None:
        self.table.say(_("The solver could not find a hint in time.") if isinstance(error, services.Undecided)
                       else solver_failed_text(), warn=True)

    def ask_lost(self) -> None:
        self._lost_due = None
        if not self.wants_verdict() or self.table.game.is_won or self.current.verdict is not None:
            return
        game = self.table.game
        snapshot = LineEnd.of(game)  # the undo window only: no work that grows with the game
        position, rules = game.position, game.rules
        self.jobs.start("lost", services.lost, snapshot,
                        on_done=lambda report: self.current.solver_says(position, rules, report))
        self.table.mark_region("status")

    def announce_lost(self, report: LossReport) -> None:
        """Say it once, in the status line, without stopping play (the live verdict stays)."""
        if not self.app.settings.warn_lost:
            return
        if self.table.game.move_count == 0:
            text = _("This deal cannot be won: Winnable deals only, in New game, deals only games that can.")
        elif report.undos:
            text = ngettext("This game can no longer be won: undo {n} move to get back to a winnable position.",
                            "This game can no longer be won: undo {n} moves to get back to a winnable position.",
                            report.undos).format(n=report.undos)
        elif report.reason is not None:
            text = _("This game can no longer be won; no way back was found ({why}).").format(
                why=no_way_back_text(report))
        else:
            text = _("This game can no longer be won.")
        self.table.say(text, warn=True, seconds=LOST_MESSAGE_S, about=LOST)

    def proved_lost(self) -> LossReport | None:
        """The solver's verdict on the position on the table when it proved it lost, else None."""
        report = self.current.verdict
        return report if report is not None and report.lost and not self.table.game.is_won else None

    def open_lost(self) -> None:
        """L, a tap on the lost sentence or verdict, Hint or the demo in a lost game: the lost
        panel; when the solver has not proved the game lost, the status line says so."""
        report = self.proved_lost()
        if report is None:
            self.table.say(_("The solver has not found this game lost."), fleeting=True)
            return
        self.table.finish_animations()
        self.table.cancel_drag()
        self.app.push(LostPanel(self.app, self.table.session, report))

    def verdict_text(self) -> tuple[str, bool] | None:
        """The solver's live verdict for the status line, and whether it is bad news."""
        if not self.app.settings.show_verdict or self.table.game.is_won:
            return None
        report = self.current.verdict
        if report is None:
            return (_("Solver: thinking…"), False) if self.jobs.running("lost") else None
        if report.status == "won":
            return _("Solver: winnable"), False
        if report.lost:
            if self.table.game.move_count == 0 or report.deal_lost:
                return _("Solver: cannot be won"), True
            if report.undos:
                return ngettext("Solver: lost, undo {n}", "Solver: lost, undo {n}", report.undos).format(
                    n=format_number(report.undos)), True
            return _("Solver: lost"), True
        return _("Solver: undecided"), False

    def ask_demo(self) -> None:
        """Ctrl+D and the Menu: play on from here along a line the solver proves wins, one
        real move at a time (recorded, saved, undoable); any input stops it."""
        self.table.finish_animations()
        self.table.cancel_drag()
        if self.table.game.is_won:
            self.table.say(_("This game is won already."))
            return
        if self.demo is not None or self.jobs.running("demo"):
            return
        if self.proved_lost() is not None:  # no line to play: what the player can do instead
            self.open_lost()
            return
        snapshot = Game(self.table.game.position, self.table.game.rules, self.table.game.code)
        self.table.say(_("Demo: the solver looks for a winning line…"), seconds=30)
        self.jobs.start("demo", services.winning_line, snapshot, on_done=self.demo_line, on_error=self.demo_failed)

    def ask_line(self) -> None:
        """Shift+H and the Menu: the solver's whole winning line from here, shown move by
        move on the replay screen, nothing played (seeing it counts as a hint)."""
        self.table.finish_animations()
        self.table.cancel_drag()
        if self.table.game.is_won:
            self.table.say(_("This game is won already."))
            return
        if self.jobs.running("line"):
            return
        game = self.table.game
        snapshot = Game(game.position, game.rules, game.code)
        self.table.say(_("Thinking…"), seconds=30)
        self.jobs.start("line", services.winning_line, snapshot,
                        on_done=lambda line: self.show_line(snapshot, line), on_error=self.hint_failed)

    def show_line(self, asked: Game, line: tuple[Move, ...] | None) -> None:
        """The winning line from ``asked``'s position arrived (dropped if the game moved on)."""
        if asked.position != self.table.position or asked.rules != self.table.rules:
            return
        if line is None:
            self.table.say(_("No winning line from here: undo some moves or start again."), warn=True)
            return
        self.current.hint_shown()  # the whole line is more than a hint: a win after it is won with help
        self.table.say(ngettext("The winning line: {n} move.", "The winning line: {n} moves.", len(line)).format(
            n=format_number(len(line))))
        replay = ReplayGame.of(asked.position, line, asked.rules, Source("solver", asked.code))
        navigation.open_replay(self.app, self.table.session, replay, from_here=False)

    def demo_line(self, line: tuple[Move, ...] | None) -> None:
        if line is None:
            self.way_back(_("No winning line from here: undo some moves or start again."))
            return
        self.current.hint_shown()  # a game the demo finishes is won with help
        self.demo = list(line)
        self.demo_due = self.app.time + DEMO_STEP_S / 2
        n = len(line)
        self.table.say(ngettext("Demo: {n} move to the win. Any key or click stops it.",
                                "Demo: {n} moves to the win. Any key or click stops it.", n).format(n=n),
                       seconds=4.0, about=DEMO_COUNT)

    def demo_failed(self, error: BaseException) -> None:
        self.table.say(_("The solver found no winning line in time: no demo from here.") if isinstance(
            error, services.Undecided) else solver_failed_text(), warn=True)

    def demo_step(self) -> None:
        assert self.demo is not None
        move = self.demo.pop(0)
        if not self.table.position.is_legal(move, self.table.rules):
            self.stop_demo(_("The demo stopped: the game changed under it."))
            return
        left = len(self.demo)
        if not left:
            self.demo = None
        self.demo_due = self.app.time + DEMO_STEP_S * max(0.5, self.app.settings.animation_factor)
        self.table.play(move, own=False)  # the line sends each card home in its turn
        if left:
            self.table.say(ngettext("Demo: {n} move to go. Any key or click stops it.",
                                    "Demo: {n} moves to go. Any key or click stops it.", left).format(n=left),
                           seconds=DEMO_STEP_S * 4, about=DEMO_COUNT)
        else:
            self.end_demo_message()

    def end_demo_message(self) -> None:
        """The demo has ended: its count of moves to go goes with it."""
        self.table.take_back(DEMO_COUNT)

    def stop_demo(self, why: str | None = None) -> None:
        if self.demo is None and not self.jobs.running("demo"):
            return
        self.demo = None
        self.jobs.cancel("demo")
        # about the demo, not a position: it stands through the move that stopped it
        self.table.say(why if why is not None else _("Demo stopped: your move."), of_position=False)

    def way_back(self, otherwise: str) -> None:
        """No winning line from here (the hint's or the demo's answer): the lost panel, with
        the solver's verdict asked for first when it is not known; ``otherwise`` is said
        when the solver does not prove the game lost after all."""
        if self.proved_lost() is not None:
            self.open_lost()
            return
        game = self.table.game
        snapshot = LineEnd.of(game)
        position, rules = game.position, game.rules

        def answered(found: LossReport) -> None:
            self.current.solver_says(position, rules, found)
            if self.proved_lost() is not None:
                self.open_lost()
            elif position == self.table.position:
                self.table.say(otherwise, warn=True)

        self.table.say(_("No winning line from here: looking for the way back…"), seconds=30)
        self.jobs.start("lost", services.lost, snapshot, on_done=answered)

    def wants_verdict(self) -> bool:
        settings = self.app.settings
        return settings.warn_lost or settings.show_verdict
