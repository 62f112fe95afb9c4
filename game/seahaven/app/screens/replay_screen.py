"""The replay screen: a :class:`~seahaven.app.board.replay_game.ReplayGame` on the one board
every view embeds (:class:`~seahaven.app.board.component.Board`, view only: the table's
layout, felt, markers, cards and glides; a peek shows a covered card; a screen reader reads
its piles), with its controls where the table has its toolbar and what happened where the
table has its status line.

Its commands (buttons and keys: Space plays or pauses, Right and Left step...) are declared
once in :mod:`~seahaven.app.screens.replay_commands`. The mouse and a finger press the
buttons and the bar of moves above the status line (a press or a drag along it jumps to
that move).

With an analysis (issue 38: Analyse, or a replay opened to analyse), a band between the
board and the status line shows the summary line and the strip of marks, one per move
(:mod:`~seahaven.app.screens.analysis_strip`); the analysis runs in the job runner while the
replay is already usable, each mark appears as its report arrives (polled once a frame, never
waited for), and leaving the replay cancels it. The mark of the move about to be played from
the board shown is framed; a press on a mark (mouse, finger, a screen reader, or N and B to
jump between the critical moments) takes the board to the position before that move, and
where that move lost the game the board draws the better move (the only move, where a
critical moment was found). The replay stays a host: the strip keeps its own press, the
words are :mod:`~seahaven.app.text.analysis_words`'s, the reports
:mod:`~seahaven.app.state.game_analysis`'s.

Nothing here changes the game in play until "Play from here" is confirmed; a draw never
changes the replay either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from seahaven.app.access.tree import NodeSpec
from seahaven.app.board.component import Board, BoardConfig
from seahaven.app.board.hand import Selection
from seahaven.app.board.layout import Layout, Layouts
from seahaven.app.board.marks import Mark, Style
from seahaven.app.board.refusals import Refusal
from seahaven.app.board.replay_game import ReplayGame
from seahaven.app.board.tweens import GLIDE_S
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.press import Presses
from seahaven.app.kit.scenes import App, Scene
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import band_shade, button_face
from seahaven.app.screens.analysis_strip import (
    EARLIER,
    LATER,
    AnalysisStrip,
    Band,
    above_band,
    analysis_band,
    board_layout_with_band,
)
from seahaven.app.screens.replay_commands import PAUSE, REPLAY_COMMANDS, ReplayCommand, command_for_key
from seahaven.app.state.current import GameEvent
from seahaven.app.state.game_analysis import GameAnalysis
from seahaven.app.text.analysis_words import join, mark_text, summary_text, verdict_text
from seahaven.app.text.words import action_text, difficulty_name, iso_date_text, replay_move_text, replay_speed_text
from seahaven.engine import Move, Pile, Position
from seahaven.engine.analysis import Judgement
from seahaven.i18n import _, format_number, pgettext

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Moves a second while playing."""
STEP_S = 0.8
"""A step's glide takes at most this share of the time between two moves while playing."""
PAGE = 10
"""Moves Page Up and Page Down jump."""
ANALYSIS_POLL_S = 0.05
"""How often an idle replay looks for the analysis's reports while the solver works."""
Analyser = Callable[["ReplayGame"], GameAnalysis]
"""Starts the analysis of a replay's line (in the session's job runner) and gives it."""


class ReplayScreen(Scene):
    """Watch ``replay``. ``play_from_here(game)``, when given, is what the "Play from here"
    button does with the game that starts at the board shown; ``analyse(replay)`` starts an
    analysis of it (Analyse), at once with ``analysing``."""

    opaque = True

    def __init__(self, app: App, replay: ReplayGame,
                 play_from_here: Callable[[ReplayGame], None] | None = None,
                 review: Callable[[ReplayGame], None] | None = None,
                 analyse: Analyser | None = None, analysing: bool = False) -> None:
        super().__init__(app)
        self.replay = replay
        self.on_play_from_here = play_from_here
        self.on_review = review
        """What the Review button does (the move that lost the game), or None (the solver's line)."""
        self.on_analyse = analyse
        """What Analyse does (None: not offered, the solver's line)."""
        self.analysis: GameAnalysis | None = None
        """The analysis shown, once asked for: its reports as they arrive."""
        self.strip = AnalysisStrip()
        """The strip of marks: which of them are in view, and the press on one."""
        self._sayings: dict[int, tuple[object, object, str]] = {}
        """Each mark's sentence as last made (its report, the language): a screen reader's
        tree asks for every one, and only those whose report changed are worded again."""
        self.playing = False
        self.speed = 1
        """Index into :data:`SPEEDS`."""
        self._wait = 0.0
        self._size = app.size
        self._layouts = Layouts()
        self._line_key: tuple[object, ...] | None = None
        self._line_w = 0
        """The cards' width for every position of the line (:meth:`_line_card_w`)."""
        self.presses: Presses[str] = Presses()
        """The press on a button or on the bar of moves (the widget kit's machine)."""
        self._owner: str | None = None
        """Who the press under way belongs to: "controls" (a button, the bar) or "board" (a peek)."""
        self.hover: str | None = None
        self._bands: dict[tuple[object, ...], pygame.Surface] = {}
        self._shown: tuple[object, ...] | None = None
        replay.subscribe(self._on_replay)
        self._with_band: dict[tuple[object, ...], Layout] = {}
        """The board's geometry with the analysis's band, by what makes it (one object per
        position shape, so the board sees the same layout until it changes)."""
        self.board = Board(replay, self.layout_for, app.settings, lambda: self.app.painter, lambda: self.app.time,
                           self, BoardConfig(interactive=False, glide_jumps=False))
        """The board: view only (a peek still shows a covered card); a step glides, a jump shows at once."""
        self._set_speed(1)
        if analysing:
            self.start_analysis()

    # -- geometry (worked out from the size and the position, never in a draw) ---------------
    def layout_for(self, position: Position) -> Layout:
        """The geometry that shows ``position``, as the table would (the same hand), with one
        card size for every position of the line: the smallest its positions need, so that a
        step never draws the cards' faces anew; with an analysis, the piles end above its band
        (the cards smaller only when a long column would not fit above it)."""
        return self._fitted(position, self._line_card_w())

    def _line_card_w(self) -> int:
        """The cards' width for the whole line, worked out once for a window and its settings:
        a position needs smaller cards than those found so far only where they do not fit it
        (so a long game of long columns is laid out a few times, not once a move)."""
        settings = self.app.settings
        key = (self._size, self.app.assets.large_index, settings.card_size, settings.left_handed,
               self.analysis is None)
        if self._line_key != key:
            smallest = self._fitted(self.replay.start, None)
            for number in range(1, self.replay.length + 1):
                after = self.replay.action(number).after
                if not smallest.fits(after):
                    fitted = self._fitted(after, None)
                    if fitted.card_w < smallest.card_w:
                        smallest = fitted
            self._line_key, self._line_w = key, smallest.card_w
        return self._line_w

    def _fitted(self, position: Position, card_w: int | None) -> Layout:
        """The layout showing ``position`` with cards no wider than ``card_w`` (None: as wide as
        the window and the position allow)."""
        settings = self.app.settings
        size = self._size
        args = ((), self.app.assets.large_index, settings.card_size, settings.left_handed)
        full = self._layouts.get(size, position, *args, max_card_w=card_w)
        if self.analysis is None:
            return full
        key = (size, position.cell_count, tuple(len(column) for column in position.columns), *args, card_w)
        made = self._with_band.get(key)
        if made is None:
            band = self.band
            smaller = None
            if not above_band(full, band).fits(position):
                smaller = self._layouts.get((size[0], size[1] - band.room), position, *args, max_card_w=card_w)
            if len(self._with_band) > 16:
                self._with_band.clear()
            made = self._with_band[key] = board_layout_with_band(full, smaller, band, position)
        return made

    @property
    def band(self) -> Band:
        """Where the analysis's summary line and marks go in this window."""
        return analysis_band(self._size)

    @property
    def layout(self) -> Layout:
        return self.layout_for(self.replay.position)

    def controls(self) -> list[tuple[str, str]]:
        """(name, label) of the buttons, left to right, as declared; "from_here" goes to the
        right end."""
        return [(c.name, self.label_of(c)) for c in REPLAY_COMMANDS if c.button and self.offers(c)]

    def offers(self, command: ReplayCommand) -> bool:
        """Whether this screen has ``command`` (Review and Play from here only where given;
        Analyse until the analysis shows, the jumps between its marks once it does)."""
        if not command.offered_only:
            return True
        if command.name == "analyse":
            return self.on_analyse is not None and self.analysis is None
        if command.name in ("next_mark", "previous_mark"):
            return self.analysis is not None
        given = {"review": self.on_review, "from_here": self.on_play_from_here}
        return given.get(command.name) is not None

    def label_of(self, command: ReplayCommand) -> str:
        """A button's words now: the speed it plays at, Pause while it plays."""
        if command.name == "speed":
            return replay_speed_text(SPEEDS[self.speed])
        label = PAUSE if command.name == "play" and self.playing else command.label
        return _(label)

    def button_boxes(self) -> tuple[dict[str, Box], int]:
        """Where each button is in the toolbar band, and the size of its words."""
        bar = self.layout.toolbar
        pad = max(3, bar.h // 10)
        h = bar.h - 2 * pad
        px = max(12, round(bar.h * 0.36))
        controls = self.controls()
        painter = self.app.painter
        while True:
            widths = [painter.font(px, True).size(label)[0] + px for _name, label in controls]
            if sum(widths) + pad * (len(widths) + 3) <= bar.w or px <= 8:
                break
            px -= 1
        boxes: dict[str, Box] = {}
        x = bar.x + pad * 2
        for (name, _label), w in zip(controls, widths):
            if name in _RIGHT:
                boxes[name] = Box(bar.right - pad * 2 - w, bar.y + pad, w, h)
            else:
                boxes[name] = Box(x, bar.y + pad, w, h)
                x += w + pad
        return boxes, px

    def bar_box(self) -> Box:
        """The bar of moves: a strip just above the status line (above the analysis's band,
        when one shows); a press along it jumps."""
        layout = self.layout
        status = layout.status
        h = max(8, status.h // 3)
        margin = max(8, status.h // 2)
        bottom = self.band.box.y if self.analysis is not None else status.y
        return Box(status.x + margin, bottom - h - max(4, h // 2), status.w - 2 * margin, h)

    def index_at(self, x: float) -> int:
        bar = self.bar_box()
        share = (x - bar.x) / max(1, bar.w)
        return max(0, min(self.replay.length, round(share * self.replay.length)))

    # -- what the loop calls ---------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        old = self.layout
        self._size = (int(size[0]), int(size[1]))
        self.board.resized(old)
        self._follow_marks()
        self.dirty = True

    def busy(self) -> bool:
        return self.playing or self.board.busy()

    def needs_draw(self) -> bool:
        return self.dirty or self.board.dirty or self.busy()

    def wake_in(self) -> float | None:
        waits = [w for w in (self.board.wake_in(), self.board.hold_wait()) if w is not None]
        if self.analysis is not None and not self.analysis.finished:
            waits.append(ANALYSIS_POLL_S)  # the reports are looked for though nothing else happens
        return min(waits) if waits else None

    def update(self, dt: float) -> None:
        self._take_reports()
        self.board.update(dt)
        self.board.held()
        if self.playing:
            self._wait -= dt
            if self._wait <= 0:
                if self.replay.step() is None:
                    self.playing = False
                    self.dirty = True
                self._wait += 1 / SPEEDS[self.speed]
                if self.replay.at_end:
                    self.playing = False
        shown = (self.replay.index, self.hover, self.presses.pressed, self.playing, self.speed,
                 self.analysis is not None and self.report_shown())
        if shown != self._shown:  # the controls and the status line show what changed
            self._shown = shown
            self.board.repaint_frame("controls")
            self.board.repaint_frame("analysis")

    # -- the analysis ------------------------------------------------------------------------
    def start_analysis(self) -> None:
        """Analyse: the band of marks shows at once (the board's columns end above it), and
        the marks appear as the analysis finds them."""
        if self.analysis is not None or self.on_analyse is None:
            return
        old = self.layout
        self.analysis = self.on_analyse(self.replay)
        self.board.resized(old)
        self._follow_marks()
        self._show_better()
        self.app.access.say(summary_text(self.analysis.tally()))
        self.dirty = True

    def _take_reports(self) -> None:
        """The reports that arrived since the last frame: their marks are painted, and the
        board's marks follow when one is about the position shown."""
        analysis = self.analysis
        if analysis is None:
            return
        new = analysis.poll()
        if not new:
            return
        self.board.repaint_frame("analysis")
        self.app.access.stale = True  # the strip's nodes changed
        if self.replay.index in new:
            self._show_better()
            self.board.repaint_frame("controls")

    def current_mark(self) -> int | None:
        """The mark of the move about to be played from the board shown (None at the end)."""
        return None if self.replay.at_end else self.replay.index

    def report_shown(self) -> object:
        """What the analysis says about the board shown (for the frame to repaint when it changes)."""
        current = self.current_mark()
        return None if current is None or self.analysis is None else self.analysis.report(current)

    def press_mark(self, index: int) -> None:
        """A mark pressed (mouse, finger, a screen reader): the board goes to the position
        before that move, and where it lost the game draws the better move."""
        if self.analysis is None or not 0 <= index < self.replay.length:
            return
        self.pause()
        if index == self.replay.index:
            self._show_better()
            self.app.access.say(self.mark_sentence(index))
        else:
            self.replay.seek(index)
        self.dirty = True

    def _jump(self, step: int) -> None:
        """N and B: to the next (or previous) critical moment or losing move."""
        if self.analysis is None:
            return
        target = self.analysis.next_notable(self.replay.index, step)
        if target is None:
            self.app.access.say(_("No critical moment or losing move after this one.") if step > 0 else
                                _("No critical moment or losing move before this one."))
            return
        self.press_mark(target)

    def better_marks(self) -> tuple[Mark, ...]:
        """What the board shows from the analysis at the position shown: the better move where
        the move played lost the game, the move played where a critical moment was found."""
        current = self.current_mark()
        if self.analysis is None or current is None:
            return ()
        report = self.analysis.report(current)
        if report is None:
            return ()
        if report.better is not None:
            return (Mark.of_move(report.better, Style.BETTER),)
        if report.judgement is Judgement.FOUND:
            return (Mark.of_move(report.move, Style.BETTER),)
        return ()

    def _show_better(self) -> None:
        """Show the analysis's marks for the board shown (a layer stands only while the board
        shows the position it was shown for, so this follows each step and jump)."""
        marks = self.better_marks()
        if marks:
            self.board.show("analysis", marks)
        else:
            self.board.hide("analysis")

    def _follow_marks(self) -> None:
        if self.analysis is not None:
            current = self.current_mark()
            self.strip.follow(self.band, self.replay.length, self.replay.length - 1 if current is None else current)
            self.board.repaint_frame("analysis")

    def mark_sentence(self, index: int) -> str:
        """Mark ``index`` read whole: the move, what the analysis found, the better move."""
        analysis = self.analysis
        report = analysis.report(index) if analysis is not None else None
        language = self.app.settings.language
        made = self._sayings.get(index)
        if made is None or made[0] is not report or made[1] != language:
            made = self._sayings[index] = (report, language, mark_text(index + 1, self.replay.action(index + 1),
                                                                        report))
        return made[2]

    def analysis_line(self) -> str:
        """The band's line: the mark under the pointer in words, else the summary."""
        analysis = self.analysis
        if analysis is None:
            return ""
        lit = self.strip.hover if self.strip.pressed is None else self.strip.pressed
        if isinstance(lit, int) and 0 <= lit < self.replay.length:
            return self.mark_sentence(lit)
        return summary_text(analysis.tally())

    def access_marks(self) -> tuple[str, str, list[tuple[str, Box | None, bool]]] | None:
        """The strip as a screen reader reads it (None without an analysis): its name, the
        summary, and each mark's sentence, place (None: out of view) and whether it is the
        move from the board shown."""
        analysis = self.analysis
        if analysis is None:
            return None
        view = self.strip.view(self.band, self.replay.length)
        current = self.current_mark()
        marks = [(self.mark_sentence(i), view.slot(i), i == current) for i in range(self.replay.length)]
        return _("The analysis, one mark per move"), summary_text(analysis.tally()), marks

    def close(self) -> None:
        """Leaving: the analysis stops at once."""
        if self.analysis is not None:
            self.analysis.cancel()
        super().close()

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)

    def on_pointer(self, pointer: Pointer) -> None:
        """The buttons and the bar of moves take the presses that go down on them (a press or a
        drag along the bar jumps to that move); the strip of marks takes its own (a mark
        pressed and let go shows that move); the board takes the rest (a peek)."""
        pos = pointer.pos
        if pointer.kind == "wheel":
            if self.analysis is not None and self.strip.hover is not None:  # over the strip: earlier or later marks
                self.strip.scroll(self.band, self.replay.length, -1 if pointer.scroll > 0 else 1)
                self.board.repaint_frame("analysis")
            return
        if self.analysis is not None and (self._owner == "strip" or (
                self._owner is None and self.band.strip.contains(*pos))):
            self._on_strip(pointer)
            return
        if self.analysis is not None and self.strip.hover is not None and pointer.kind in ("move", "hover"):
            self._on_strip(pointer)  # the pointer left the strip: nothing is lit there now
        if pointer.kind == "down":
            self._owner = "controls" if self._hit(pos) is not None else "board"
        if self._owner == "board" or (self._owner is None and pointer.kind in ("cancel", "secondary_up")):
            self.board.on_pointer(pointer)
            if pointer.kind in ("up", "cancel", "secondary_up"):
                self._owner = None
            return
        if self._owner is None and pointer.kind == "move" and not pointer.touch:
            hover = self._hit(pos)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
            return
        if self._owner != "controls":
            return
        outcome = self.presses.feed(pointer, self._hit(pos))
        if pointer.kind == "down" and self.presses.pressed == "bar":
            self.pause()
            self.replay.seek(self.index_at(pos[0]))
        elif pointer.kind == "move" and self.presses.pressed == "bar":
            self.replay.seek(self.index_at(pos[0]))
        if pointer.kind in ("up", "cancel"):
            self._owner = None
        if outcome is not None and outcome.kind == "activate" and outcome.target not in (None, "bar"):
            self.press(outcome.target)
        self.dirty = True

    def _on_strip(self, pointer: Pointer) -> None:
        """A pointer event on the strip, through its press machine: a mark activated is
        pressed, an arrow shows the marks further on."""
        if pointer.kind == "down":
            self._owner = "strip"
        elif pointer.kind in ("up", "cancel"):
            self._owner = None
        outcome = self.strip.feed(pointer, self.band, self.replay.length)
        if outcome is None:
            return
        self.board.repaint_frame("analysis")
        if outcome.kind == "activate":
            target = outcome.target
            if target in (EARLIER, LATER):
                self.strip.scroll(self.band, self.replay.length, -1 if target == EARLIER else 1)
            elif isinstance(target, int):
                self.press_mark(target)

    def covered(self) -> None:
        self.board.cancel()
        self.presses.reset()
        self.strip.reset()
        self._owner = None

    def interrupted(self) -> None:
        self.covered()

    def _hit(self, pos: tuple[float, float]) -> str | None:
        boxes, _px = self.button_boxes()
        for name, box in boxes.items():
            if pygame.Rect(box).collidepoint(pos):
                return name
        bar = pygame.Rect(self.bar_box()).inflate(0, self.layout.status.h // 2)
        return "bar" if bar.collidepoint(pos) and self.replay.length else None

    def on_key(self, event: Any) -> None:
        command = command_for_key(event.key)
        if command is not None and self.offers(command):  # one the screen does not offer does nothing
            self.press(command.name)

    def press(self, name: str) -> None:
        """What a button or key asks for."""
        replay = self.replay
        if name == "play":
            if self.playing:
                self.pause()
            else:
                if replay.at_end:
                    replay.seek(0)
                self.playing = True
                self._wait = 0.0
        elif name == "forward":
            self.pause()
            replay.step()
        elif name == "back":
            self.pause()
            replay.back()
        elif name == "start":
            self.pause()
            replay.seek(0)
        elif name == "end":
            self.pause()
            replay.seek(replay.length)
        elif name == "page_back":
            self.pause()
            replay.seek(replay.index - PAGE)
        elif name == "page_forward":
            self.pause()
            replay.seek(replay.index + PAGE)
        elif name in ("speed", "faster"):
            self._set_speed((self.speed + 1) % len(SPEEDS) if name == "speed" else min(len(SPEEDS) - 1, self.speed + 1))
        elif name == "slower":
            self._set_speed(max(0, self.speed - 1))
        elif name == "analyse":
            self.start_analysis()
        elif name in ("next_mark", "previous_mark"):
            self._jump(1 if name == "next_mark" else -1)
        elif name == "from_here" and self.on_play_from_here is not None:
            self.pause()
            self.on_play_from_here(replay)
        elif name == "review" and self.on_review is not None:
            self.pause()
            self.on_review(replay)
        elif name == "close":
            self.close()
        self.dirty = True

    def pause(self) -> None:
        self.playing = False

    def _set_speed(self, index: int) -> None:
        """Play at :data:`SPEEDS` ``[index]`` moves a second; a step's glide never takes more
        than :data:`STEP_S` of the time between two moves."""
        self.speed = index
        self.board.speed = min(1.0, STEP_S / SPEEDS[index] / GLIDE_S)

    def _on_replay(self, event: GameEvent) -> None:
        """A step or a jump: a screen reader hears the move shown (the board glides it), and
        with an analysis what it found about the move from here; the board shows its marks."""
        said = shown_move_text(self.replay)
        if self.analysis is not None:
            current = self.current_mark()
            if current is not None:
                said = join(said, self.mark_sentence(current))
            self._show_better()
            self._follow_marks()
        self.app.access.say(said)  # nothing without a reader
        self.dirty = True

    # -- the board's host: nothing is played on a replay -------------------------------------
    def asked(self, move: Move) -> bool:
        return False

    def cannot(self, refusal: Refusal) -> None:
        """A view-only board asks nothing that can be refused."""

    def chose(self, selection: Selection | None) -> None:
        """Nothing is chosen on a view-only board."""

    def lifted(self, pile: Pile, count: int) -> None:
        """Nothing is lifted on a view-only board."""

    def still(self, after: str) -> None:
        self.dirty = True

    # -- drawing (reads only) --------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        """The board (its picture at rest, repainted only where something changed, and what
        moves above it) with the controls and the status line as its frame."""
        self.dirty = False
        return self.board.draw(surface, alpha, full, frame=self)

    def art_changed(self) -> None:
        self.board.invalidate()
        super().art_changed()

    def paint_frame(self, surface: pygame.Surface, regions: frozenset[str] | None) -> list[pygame.Rect]:
        """The controls in the toolbar's band, the bar of moves and the status line; with an
        analysis, its band (the summary line and the marks)."""
        layout = self.layout
        painted: list[pygame.Rect] = []
        if regions is None or "controls" in regions:
            self._draw_toolbar(surface)
            bar = pygame.Rect(self.bar_box())
            # the bar's strip of felt first (the picture at rest keeps it under the bar)
            area = layout.area
            surface.blit(self.app.painter.felt(layout.size), bar.inflate(4, 4),
                         bar.inflate(4, 4).move(-area.x, -area.y))
            self._draw_status(surface)
            painted += [pygame.Rect(layout.toolbar), bar.inflate(4, 4), pygame.Rect(layout.status)]
        if self.analysis is not None and (regions is None or "analysis" in regions):
            painted.append(self._draw_analysis(surface))
        return painted

    def _draw_analysis(self, surface: pygame.Surface) -> pygame.Rect:
        """The band: the summary line (or the mark under the pointer) and the strip of marks."""
        analysis = self.analysis
        assert analysis is not None
        painter, band = self.app.painter, self.band
        theme = painter.theme
        box = band.box
        self._band(surface, box, line_at_top=True)
        text = self.analysis_line()
        px = band.text_px
        words = painter.text(text, px, theme.text)
        while words.get_width() > band.line.w and px > 9:
            px -= 1
            words = painter.text(text, px, theme.text)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(band.line))
        surface.blit(words, words.get_rect(midleft=(band.line.x, band.line.y + band.line.h // 2)))
        surface.set_clip(clip)
        judgements = [analysis.judgement(i) for i in range(self.replay.length)]
        self.strip.draw(surface, theme, band, judgements, self.current_mark())
        return pygame.Rect(box)

    def access_view(self) -> tuple[str, str, list[tuple[str, str, Box]]]:
        """What a screen reader reads of the replay: what is watched and how far along, the
        move shown, and the buttons (``screens/table/accessible.ReadAloud``)."""
        labels = dict(self.controls())
        boxes, _px = self.button_boxes()
        buttons = [(name, labels[name], box) for name, box in boxes.items()]
        return replay_title(self.replay, self.analysis is not None), self.status_words(), buttons

    def access_piles(self) -> list[tuple[Pile, NodeSpec]]:
        """The board's piles as a screen reader reads them, pile by pile (the board's own nodes)."""
        return self.board.pile_nodes(self.app.settings.language)

    def _band(self, surface: pygame.Surface, box: Box, line_at_top: bool) -> None:
        """The toolbar's or status line's band, as the table draws it (made once per size
        and theme: a cache of pixels, not state)."""
        theme = self.app.painter.theme
        key = (box, line_at_top, id(theme))
        shade = self._bands.get(key)
        if shade is None:
            shade = band_shade(theme, (box.w, box.h), line_at_top)
            if len(self._bands) > 8:
                self._bands.clear()
            self._bands[key] = shade
        layout = self.layout
        surface.blit(self.app.painter.felt(layout.size), box[:2], pygame.Rect(box))
        surface.blit(shade, box[:2])

    def _draw_toolbar(self, surface: pygame.Surface) -> None:
        layout, painter = self.layout, self.app.painter
        self._band(surface, layout.toolbar, line_at_top=False)
        boxes, px = self.button_boxes()
        replay = self.replay
        enabled = {"start": not replay.at_start, "back": not replay.at_start, "forward": not replay.at_end,
                   "end": not replay.at_end, "play": replay.length > 0}
        pressed = self.presses.pressed
        for name, label in self.controls():
            box = boxes[name]
            on = enabled.get(name, True)
            face = button_face(painter, box, label, hover=self.hover == name and on,
                               pressed=pressed == name and on, enabled=on, dark=True,
                               primary=name == "play" and self.playing, solid=name == "from_here", font_px=px)
            surface.blit(face, box[:2])

    def _draw_status(self, surface: pygame.Surface) -> None:
        layout, painter = self.layout, self.app.painter
        theme = painter.theme
        replay = self.replay
        bar = self.bar_box()
        radius = bar.h // 2
        pygame.draw.rect(surface, theme.slot, bar, border_radius=radius)
        if replay.length:
            done = Box(bar.x, bar.y, max(bar.h, round(bar.w * replay.index / replay.length)), bar.h)
            pygame.draw.rect(surface, theme.selection, done, border_radius=radius)
        box = layout.status
        self._band(surface, box, line_at_top=True)
        px = max(11, round(box.h * 0.48))
        pad = max(8, box.h // 2)
        cy = box.y + box.h // 2
        said = self.status_words()
        title = replay_title(self.replay, self.analysis is not None)
        right = painter.text(title, px, theme.text_dim)
        left = painter.text(said, px, theme.text, bold=True)
        room = box.w - 3 * pad
        if left.get_width() > room:
            left = painter.text(said, max(9, round(px * 0.8)), theme.text, bold=True)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(box.x + pad, box.y, box.w - 2 * pad, box.h))  # words too long end at the edge
        surface.blit(left, left.get_rect(midleft=(box.x + pad, cy)))
        surface.set_clip(clip)
        if left.get_width() + right.get_width() + 3 * pad <= box.w:
            surface.blit(right, right.get_rect(midright=(box.right - pad, cy)))

    def status_words(self) -> str:
        """The status line's words: the move shown; with an analysis, the move from the board
        shown and what the analysis found about it."""
        current = self.current_mark()
        if self.analysis is None or current is None:
            return shown_move_text(self.replay)
        return join(action_text(current + 1, self.replay.action(current + 1)),
                    verdict_text(self.analysis.report(current)))


_RIGHT = frozenset(c.name for c in REPLAY_COMMANDS if c.right)
"""The buttons at the toolbar's right end."""


def shown_move_text(replay: ReplayGame) -> str:
    """The move on the board, in words: the replay's status line's left end."""
    action = replay.current
    return replay_move_text(replay.index, action) if action is not None else _("The start, before the first move.")


def replay_title(replay: ReplayGame, analysed: bool = False) -> str:
    """What is being watched, and how far along: the replay's status line's right end
    (``analysed``: an analysis shows)."""
    source = replay.source
    # Translators: the replay's status line; {n} is the move shown, {total} the game's moves.
    where = _("Move {n} of {total}").format(n=format_number(replay.index), total=format_number(replay.length))
    if source.kind == "solver":
        # Translators: the replay's status line when the solver's line is shown; {where} is "Move 3 of 40".
        return _("The solver's line  \u00b7  {where}").format(where=where)
    # Translators: the first label of the replay's status line (right end) while the analysis shows: "Analysis  ·
    # SH1-C4-AAAAAJ2  ·  December 1, 2026  ·  Move 3 of 40". About 10 characters.
    label = (pgettext("replay status line", "Analysis") if analysed
             # Translators: the first label of the replay's status line (right end): "Replay  ·  SH1-C4-AAAAAJ2  ·
             # December 1, 2026  ·  Move 3 of 40". About 10 characters.
             else pgettext("replay status line", "Replay"))
    # labels side by side, never a name slotted into a sentence ("Replay of Easy of …")
    parts = [label, str(source.code) if source.code is not None else difficulty_name(replay.start.cell_count)]
    if source.at is not None:
        parts.append(iso_date_text(source.at[:10], weekday=False))  # the shorter form
    return "  \u00b7  ".join([*parts, where])
