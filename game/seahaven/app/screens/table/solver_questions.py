"""What the table asks the solver, on worker threads through the session's jobs (SPEC 7, 8):
the live verdict (winnable, or lost and how many undos back), a hint, the whole winning line,
and the demo, which plays the line one real move at a time.

Three assistants, each seeing the table only as a :class:`~.stage.Stage`: :class:`Verdict`
listens to the game in play and asks once the cards have been still a moment; :class:`Hints`
and :class:`Demo` answer the player's commands. What they find goes to the game in play (a
hint shown, the solver's verdict), whose events the table shows; what they say goes to the
status line.
"""

from __future__ import annotations

from seahaven.app.board.replay_game import ReplayGame, Source
from seahaven.app.screens import navigation
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.table.stage import Stage
from seahaven.app.state.current import LINE_CHANGES, Change, GameEvent
from seahaven.app.text.words import lost_sentence, no_winning_line_text, solver_failed_text
from seahaven.engine import Game, Move, services
from seahaven.engine.services import LineEnd, LossReport
from seahaven.i18n import _, format_number, ngettext

LOST_QUIET_S = 0.4
"""The verdict is asked for once the table has been still this long."""
LOST_MESSAGE_S = 8.0
DEMO_STEP_S = 0.6
"""Seconds between two moves of the demo once the last has landed: a pace to follow."""
DEMO_COUNT = "demo_count"
"""What the status line's message is about when it counts the demo's moves to go."""
LOST = "lost"
"""What the status line's message is about when it says the game is lost (a tap on it opens
the lost panel)."""


class Verdict:
    """The solver's live verdict on the game in play: when to ask, what it says, and the
    lost panel it leads to."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.current = stage.session.current
        self.jobs = stage.session.jobs
        self._due: float | None = None
        self.current.subscribe(self._on_game_event)

    def _on_game_event(self, event: GameEvent) -> None:
        if event.kind is Change.NEW_GAME or event.kind in LINE_CHANGES:
            self._due = None  # the position changed: no question about the old one
        elif event.kind is Change.LOST and event.report is not None:
            self.announce(event.report)

    # -- when to ask: owned here ---------------------------------------------------------------
    @property
    def due(self) -> float | None:
        """When to ask for the verdict (the table is still by then), or None."""
        return self._due

    def wanted(self) -> bool:
        settings = self.stage.app.settings
        return settings.warn_lost or settings.show_verdict

    def schedule(self) -> None:
        """The cards are still after a change: ask after a quiet moment, if there is a question."""
        if self.current.verdict is None and self.wanted():
            self._due = self.stage.app.time + LOST_QUIET_S

    def player_acts(self) -> None:
        """Input: a check in progress or due waits for the next quiet moment (the solver never
        competes with a drag or a glide for the processor)."""
        if self.jobs.running("lost"):
            self.jobs.cancel("lost")
            self._due = self.stage.app.time + LOST_QUIET_S
        elif self._due is not None:
            self._due = self.stage.app.time + LOST_QUIET_S

    def ask(self) -> None:
        self._due = None
        game = self.current.game
        if not self.wanted() or game.is_won or self.current.verdict is not None:
            return
        snapshot = LineEnd.of(game)  # the undo window only: no work that grows with the game
        position, rules = game.position, game.rules
        self.jobs.start("lost", services.lost, snapshot,
                        on_done=lambda report: self.current.solver_says(position, rules, report))

    # -- what it says ----------------------------------------------------------------------------
    def announce(self, report: LossReport) -> None:
        """Say it once, in the status line, without stopping play (the live verdict stays)."""
        if not self.stage.app.settings.warn_lost:
            return
        text = lost_sentence(report, self.current.game.move_count)  # a deal lost from the start in its own words
        self.stage.say(text, warn=True, seconds=LOST_MESSAGE_S, about=LOST)

    def proved_lost(self) -> LossReport | None:
        """The solver's verdict on the position on the table when it proved it lost, else None."""
        report = self.current.verdict
        return report if report is not None and report.lost and not self.current.game.is_won else None

    def text(self) -> tuple[str, bool] | None:
        """The solver's live verdict for the status line, and whether it is bad news."""
        game = self.current.game
        if not self.stage.app.settings.show_verdict or game.is_won:
            return None
        report = self.current.verdict
        if report is None:
            # Translators: the solver's verdict in the status line while it works. Short: about 20 characters.
            return (_("Solver: thinking…"), False) if self.jobs.running("lost") else None
        if report.status == "won":
            # Translators: the solver's verdict in the status line: the game in play can still be won. Short: about 20
            # characters.
            return _("Solver: winnable"), False
        if report.lost:
            if game.move_count == 0 or report.deal_lost:
                return _("Solver: cannot be won"), True
            if report.undos:
                # Translators: the solver's verdict in the status line: the game is lost and {n} undos lead back to a
                # winnable position. Short: about 22 characters.
                return ngettext("Solver: lost, undo {n}", "Solver: lost, undo {n}", report.undos).format(
                    n=format_number(report.undos)), True
            # Translators: the solver's verdict in the status line: the game can no longer be won. Short: about 20
            # characters.
            return _("Solver: lost"), True
        # Translators: the solver's verdict in the status line: it could not decide in its time. Short: about 20
        # characters.
        return _("Solver: undecided"), False

    def open_lost(self) -> None:
        """L, a tap on the lost sentence or verdict, Hint or the demo in a lost game: the lost
        panel; when the solver has not proved the game lost, the status line says so."""
        report = self.proved_lost()
        if report is None:
            self.stage.say(_("The solver has not found this game lost."), fleeting=True)
            return
        self.stage.calm()
        app = self.stage.app
        app.push(LostPanel(app, self.stage.session, report))

    def way_back(self, otherwise: str) -> None:
        """No winning line from here (the hint's or the demo's answer): the lost panel, with
        the verdict asked for first when it is not known; ``otherwise`` is said when the
        solver does not prove the game lost after all."""
        if self.proved_lost() is not None:
            self.open_lost()
            return
        game = self.current.game
        snapshot = LineEnd.of(game)
        position, rules = game.position, game.rules

        def answered(found: LossReport) -> None:
            self.current.solver_says(position, rules, found)
            if self.proved_lost() is not None:
                self.open_lost()
            elif position == self.current.game.position:
                self.stage.say(otherwise, warn=True)

        self.stage.say(_("No winning line from here: looking for the way back…"), seconds=30)
        self.jobs.start("lost", services.lost, snapshot, on_done=answered)


class Hints:
    """A hint (the first move of a winning line) and the whole winning line, shown step by
    step in the replay."""

    def __init__(self, stage: Stage, verdict: Verdict) -> None:
        self.stage = stage
        self.verdict = verdict
        self.current = stage.session.current
        self.jobs = stage.session.jobs

    def ask(self) -> None:
        self.stage.calm()
        if self.jobs.running("hint"):
            return
        if self.verdict.proved_lost() is not None:  # no hint to give: what the player can do instead
            self.verdict.open_lost()
            return
        game = self.current.game
        snapshot = Game(game.position, game.rules, game.code)
        # Translators: a note while the solver looks for a hint or a line (status line, a panel). Short: about 14
        # characters.
        self.stage.say(_("Thinking…"), seconds=30)
        self.jobs.start("hint", services.hint, snapshot, on_done=self.answer, on_error=self.failed)

    def answer(self, move: Move | None) -> None:
        if move is None:
            self.verdict.way_back(no_winning_line_text(self.current.game.move_count))
            return
        self.current.hint_shown(move)

    def failed(self, error: BaseException) -> None:
        self.stage.say(_("The solver could not find a hint in time.") if isinstance(error, services.Undecided)
                       else solver_failed_text(), warn=True)

    def ask_line(self) -> None:
        """Shift+H and the Menu: the solver's whole winning line from here, shown move by
        move on the replay screen, nothing played (seeing it counts as a hint)."""
        self.stage.calm()
        game = self.current.game
        if game.is_won:
            self.stage.say(_("This game is won already."))
            return
        if self.jobs.running("line"):
            return
        snapshot = Game(game.position, game.rules, game.code)
        self.stage.say(_("Thinking…"), seconds=30)
        self.jobs.start("line", services.winning_line, snapshot,
                        on_done=lambda line: self.show_line(snapshot, line), on_error=self.failed)

    def show_line(self, asked: Game, line: tuple[Move, ...] | None) -> None:
        """The winning line from ``asked``'s position arrived (dropped if the game moved on)."""
        game = self.current.game
        if asked.position != game.position or asked.rules != game.rules:
            return
        if line is None:
            self.stage.say(no_winning_line_text(game.move_count), warn=True)
            return
        self.current.hint_shown()  # the whole line is more than a hint: a win after it is won with help
        # Translators: the title over the solver's winning line, step by step; {n} is its number of moves.
        self.stage.say(ngettext("The winning line: {n} move.", "The winning line: {n} moves.", len(line)).format(
            n=format_number(len(line))))
        replay = ReplayGame.of(asked.position, line, asked.rules, Source("solver", asked.code))
        navigation.open_replay(self.stage.app, self.stage.session, replay, from_here=False)


class Demo:
    """The demo: the game plays on along a line the solver proved wins, one real move at a
    time (recorded, saved, undoable); any input stops it."""

    def __init__(self, stage: Stage, verdict: Verdict) -> None:
        self.stage = stage
        self.verdict = verdict
        self.current = stage.session.current
        self.jobs = stage.session.jobs
        self.moves: list[Move] | None = None
        """The rest of the winning line being played."""
        self.due = 0.0

    def running(self) -> bool:
        """The demo plays, or looks for its winning line."""
        return self.moves is not None or self.jobs.running("demo")

    def ask(self) -> None:
        """Ctrl+D and the Menu: play on from here along a line the solver proves wins."""
        self.stage.calm()
        game = self.current.game
        if game.is_won:
            self.stage.say(_("This game is won already."))
            return
        if self.running():
            return
        if self.verdict.proved_lost() is not None:  # no line to play: what the player can do instead
            self.verdict.open_lost()
            return
        snapshot = Game(game.position, game.rules, game.code)
        self.stage.say(_("Demo: the solver looks for a winning line…"), seconds=30)
        self.jobs.start("demo", services.winning_line, snapshot, on_done=self.line, on_error=self.failed)

    def line(self, line: tuple[Move, ...] | None) -> None:
        if line is None:
            self.verdict.way_back(no_winning_line_text(self.current.game.move_count))
            return
        self.current.hint_shown()  # a game the demo finishes is won with help
        self.moves = list(line)
        self.due = self.stage.app.time + DEMO_STEP_S / 2
        n = len(line)
        # Translators: the status line while the demo plays; {n} is the number of moves left to the win.
        self.stage.say(ngettext("Demo: {n} move to the win. Any key or click stops it.",
                                "Demo: {n} moves to the win. Any key or click stops it.", n).format(n=n),
                       seconds=4.0, about=DEMO_COUNT)

    def failed(self, error: BaseException) -> None:
        self.stage.say(_("The solver found no winning line in time: no demo from here.") if isinstance(
            error, services.Undecided) else solver_failed_text(), warn=True)

    def step(self) -> None:
        """The demo's next move (the table's timer calls this when it is due)."""
        assert self.moves is not None
        move = self.moves.pop(0)
        game = self.current.game
        if not game.position.is_legal(move, game.rules):
            self.stop(_("The demo stopped: the game changed under it."))
            return
        left = len(self.moves)
        if not left:
            self.moves = None
        app = self.stage.app
        self.due = app.time + DEMO_STEP_S * max(0.5, app.settings.animation_factor)
        self.stage.play(move, own=False)  # the line sends each card home in its turn
        if left:
            # Translators: the status line while the demo plays; {n} is the number of moves left to the win.
            self.stage.say(ngettext("Demo: {n} move to go. Any key or click stops it.",
                                    "Demo: {n} moves to go. Any key or click stops it.", left).format(n=left),
                           seconds=DEMO_STEP_S * 4, about=DEMO_COUNT)

    def stop(self, why: str | None = None) -> None:
        if not self.running():
            return
        self.moves = None
        self.jobs.cancel("demo")
        # about the demo, not a position: it stands through the move that stopped it
        self.stage.say(why if why is not None else _("Demo stopped: your move."), of_position=False)
