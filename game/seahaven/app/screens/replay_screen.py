"""The replay screen: a :class:`~seahaven.app.board.replay_game.ReplayGame` on the one board
every view embeds (:class:`~seahaven.app.board.component.Board`, view only: the table's
layout, felt, markers, cards and glides; a peek shows a covered card; a screen reader reads
its piles), with its controls where the table has its toolbar and what happened where the
table has its status line.

Its commands (buttons and keys: Space plays or pauses, Right and Left step...) are declared
once in :mod:`~seahaven.app.screens.replay_commands`. The mouse and a finger press the
buttons and the bar of moves above the status line (a press or a drag along it jumps to
that move).

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
from seahaven.app.board.refusals import Refusal
from seahaven.app.board.replay_game import ReplayGame
from seahaven.app.board.tweens import GLIDE_S
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.press import Presses
from seahaven.app.kit.scenes import App, Scene
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import band_shade, button_face
from seahaven.app.screens.replay_commands import PAUSE, REPLAY_COMMANDS, ReplayCommand, command_for_key
from seahaven.app.state.current import GameEvent
from seahaven.app.text.words import difficulty_name, iso_date_text, replay_move_text, replay_speed_text
from seahaven.engine import Move, Pile, Position
from seahaven.i18n import _, format_number

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Moves a second while playing."""
STEP_S = 0.8
"""A step's glide takes at most this share of the time between two moves while playing."""
PAGE = 10
"""Moves Page Up and Page Down jump."""


class ReplayScreen(Scene):
    """Watch ``replay``. ``play_from_here(game)``, when given, is what the "Play from here"
    button does with the game that starts at the board shown."""

    opaque = True

    def __init__(self, app: App, replay: ReplayGame,
                 play_from_here: Callable[[ReplayGame], None] | None = None,
                 review: Callable[[ReplayGame], None] | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.on_play_from_here = play_from_here
        self.on_review = review
        """What the Review button does (the move that lost the game), or None (the solver's line)."""
        self.playing = False
        self.speed = 1
        """Index into :data:`SPEEDS`."""
        self._wait = 0.0
        self._size = app.size
        self._layouts = Layouts()
        self.presses: Presses[str] = Presses()
        """The press on a button or on the bar of moves (the widget kit's machine)."""
        self._owner: str | None = None
        """Who the press under way belongs to: "controls" (a button, the bar) or "board" (a peek)."""
        self.hover: str | None = None
        self._bands: dict[tuple[object, ...], pygame.Surface] = {}
        self._shown: tuple[object, ...] | None = None
        replay.subscribe(self._on_replay)
        self.board = Board(replay, self.layout_for, app.settings, lambda: self.app.painter, lambda: self.app.time,
                           self, BoardConfig(interactive=False, glide_jumps=False))
        """The board: view only (a peek still shows a covered card); a step glides, a jump shows at once."""
        self._set_speed(1)

    # -- geometry (worked out from the size and the position, never in a draw) ---------------
    def layout_for(self, position: Position) -> Layout:
        """The geometry that shows ``position``, as the table would (the same card size and hand)."""
        settings = self.app.settings
        return self._layouts.get(self._size, position, (), self.app.assets.large_index, settings.card_size,
                                 settings.left_handed)

    @property
    def layout(self) -> Layout:
        return self.layout_for(self.replay.position)

    def controls(self) -> list[tuple[str, str]]:
        """(name, label) of the buttons, left to right, as declared; "from_here" goes to the
        right end."""
        return [(c.name, self.label_of(c)) for c in REPLAY_COMMANDS if c.button and self.offers(c)]

    def offers(self, command: ReplayCommand) -> bool:
        """Whether this screen has ``command`` (Review and Play from here only where given)."""
        if not command.offered_only:
            return True
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
        """The bar of moves: a strip just above the status line; a press along it jumps."""
        layout = self.layout
        status = layout.status
        h = max(8, status.h // 3)
        margin = max(8, status.h // 2)
        return Box(status.x + margin, status.y - h - max(4, h // 2), status.w - 2 * margin, h)

    def index_at(self, x: float) -> int:
        bar = self.bar_box()
        share = (x - bar.x) / max(1, bar.w)
        return max(0, min(self.replay.length, round(share * self.replay.length)))

    # -- what the loop calls ---------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        old = self.layout
        self._size = (int(size[0]), int(size[1]))
        self.board.resized(old)
        self.dirty = True

    def busy(self) -> bool:
        return self.playing or self.board.busy()

    def needs_draw(self) -> bool:
        return self.dirty or self.board.dirty or self.busy()

    def wake_in(self) -> float | None:
        waits = [w for w in (self.board.wake_in(), self.board.hold_wait(pygame.time.get_ticks())) if w is not None]
        return min(waits) if waits else None

    def update(self, dt: float) -> None:
        self.board.update(dt)
        self.board.held(pygame.time.get_ticks())
        if self.playing:
            self._wait -= dt
            if self._wait <= 0:
                if self.replay.step() is None:
                    self.playing = False
                    self.dirty = True
                self._wait += 1 / SPEEDS[self.speed]
                if self.replay.at_end:
                    self.playing = False
        shown = (self.replay.index, self.hover, self.presses.pressed, self.playing, self.speed)
        if shown != self._shown:  # the controls and the status line show what changed
            self._shown = shown
            self.board.repaint_frame("controls")

    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)

    def on_pointer(self, pointer: Pointer) -> None:
        """The buttons and the bar of moves take the presses that go down on them (a press or a
        drag along the bar jumps to that move); the board takes the rest (a peek)."""
        pos = pointer.pos
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

    def covered(self) -> None:
        self.board.cancel()
        self.presses.reset()
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
        if command is not None:
            self.press(command.name)  # one the screen does not offer does nothing

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
        """A step or a jump: a screen reader hears the move shown (the board glides it)."""
        self.app.access.say(shown_move_text(self.replay))  # nothing without a reader
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
        """The controls in the toolbar's band, the bar of moves and the status line."""
        layout = self.layout
        self._draw_toolbar(surface)
        bar = pygame.Rect(self.bar_box())
        # the bar's strip of felt first (the picture at rest keeps it under the bar)
        area = layout.area
        surface.blit(self.app.painter.felt(layout.size), bar.inflate(4, 4), bar.inflate(4, 4).move(-area.x, -area.y))
        self._draw_status(surface)
        return [pygame.Rect(layout.toolbar), bar.inflate(4, 4), pygame.Rect(layout.status)]

    def access_view(self) -> tuple[str, str, list[tuple[str, str, Box]]]:
        """What a screen reader reads of the replay: what is watched and how far along, the
        move shown, and the buttons (``screens/table/accessible.ReadAloud``)."""
        labels = dict(self.controls())
        boxes, _px = self.button_boxes()
        buttons = [(name, labels[name], box) for name, box in boxes.items()]
        return replay_title(self.replay), shown_move_text(self.replay), buttons

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
        said = shown_move_text(self.replay)
        title = replay_title(self.replay)
        right = painter.text(title, px, theme.text_dim)
        left = painter.text(said, px, theme.text, bold=True)
        room = box.w - 3 * pad
        if left.get_width() > room:
            left = painter.text(said, max(9, round(px * 0.8)), theme.text, bold=True)
        surface.blit(left, left.get_rect(midleft=(box.x + pad, cy)))
        if left.get_width() + right.get_width() + 3 * pad <= box.w:
            surface.blit(right, right.get_rect(midright=(box.right - pad, cy)))


_RIGHT = frozenset(c.name for c in REPLAY_COMMANDS if c.right)
"""The buttons at the toolbar's right end."""


def shown_move_text(replay: ReplayGame) -> str:
    """The move on the board, in words: the replay's status line's left end."""
    action = replay.current
    return replay_move_text(replay.index, action) if action is not None else _("The start, before the first move.")


def replay_title(replay: ReplayGame) -> str:
    """What is being watched, and how far along: the replay's status line's right end."""
    source = replay.source
    where = _("Move {n} of {total}").format(n=format_number(replay.index), total=format_number(replay.length))
    if source.kind == "solver":
        return _("The solver's line  \u00b7  {where}").format(where=where)
    name = str(source.code) if source.code is not None else difficulty_name(replay.start.cell_count)
    if source.at is not None:
        name = _("{game} of {day}").format(game=name, day=iso_date_text(source.at[:10]))
    return _("Replay of {game}  \u00b7  {where}").format(game=name, where=where)
