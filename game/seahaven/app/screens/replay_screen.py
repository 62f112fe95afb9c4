"""The replay screen: a :class:`~seahaven.app.board.replay_game.ReplayGame` on the real board
(the table's layout, felt, markers and cards), with its controls where the table has its
toolbar and what happened where the table has its status line.

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

from seahaven.app.board.layout import Layout, Layouts
from seahaven.app.board.painter import paint_pile
from seahaven.app.board.replay_game import ReplayGame
from seahaven.app.board.tweens import Tweens
from seahaven.app.kit.input import PointerInput
from seahaven.app.kit.scenes import STEP, App, Scene
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import band_shade, button_face
from seahaven.app.screens.replay_commands import PAUSE, REPLAY_COMMANDS, ReplayCommand, command_for_key
from seahaven.app.state.current import Change, GameEvent
from seahaven.app.text.words import difficulty_name, iso_date_text, replay_move_text, replay_speed_text
from seahaven.engine import COLUMNS, Card, Position, foundation
from seahaven.i18n import _, format_number

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Moves a second while playing."""
GLIDE_S = 0.22
"""How long a step's cards glide (shorter at higher speeds)."""
PAGE = 10
"""Moves Page Up and Page Down jump."""
REFINE_S = 0.006
"""Time per frame spent drawing crisp the card faces first shown scaled (as the table does)."""


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
        """Seconds until the next move while playing."""
        self.tweens: Tweens[Card] = Tweens()
        self._moved: tuple[Card, ...] = ()
        """The cards of the last step (gliding while the tweens have them)."""
        self.input = PointerInput()
        self.input.size = app.size
        self._size = app.size
        self._layouts = Layouts()
        self.pressed: str | None = None
        """The button (or "bar") the pointer went down on."""
        self.hover: str | None = None
        self._bands: dict[tuple[object, ...], pygame.Surface] = {}
        self._rest: pygame.Surface | None = None
        """The last frame without the gliding cards (pixels, not state)."""
        self._rest_key: tuple[object, ...] | None = None
        self._prev: list[pygame.Rect] = []
        """Where the gliding cards were drawn in the last frame."""
        self._generation = 0
        """Counts changes of the art (new looks, faces made crisp): the cached frame is stale."""
        replay.subscribe(self._on_replay)

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
        self._size = (int(size[0]), int(size[1]))
        self.input.size = self._size
        self.tweens.finish()
        self._generation += 1
        self.dirty = True

    def busy(self) -> bool:
        return self.playing or self.tweens.active

    def wake_in(self) -> float | None:
        return 0.0 if self.app.painter.refining else None

    def update(self, dt: float) -> None:
        if self.tweens.active:
            self.dirty = True  # the glide's last frame too: the cards land without their shadow
        self.tweens.advance(dt)
        painter = self.app.painter
        if painter.refining and not self.tweens.active and painter.refine(REFINE_S):
            self._generation += 1
            self.dirty = True  # the faces first shown scaled from another size are crisp now
        if self.playing:
            self._wait -= dt
            if self._wait <= 0:
                if self.replay.step() is None:
                    self.playing = False
                    self.dirty = True
                self._wait += 1 / SPEEDS[self.speed]
                if self.replay.at_end:
                    self.playing = False

    def handle(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
            return
        pointer = self.input.translate(event)
        if pointer is None:
            return
        pos = pointer.pos
        if pointer.kind == "down":
            self.pressed = self._hit(pos)
            if self.pressed == "bar":
                self.pause()
                self.replay.seek(self.index_at(pos[0]))
        elif pointer.kind == "move":
            if self.pressed == "bar":
                self.replay.seek(self.index_at(pos[0]))
            hover = self._hit(pos) if not pointer.touch else None
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
        elif pointer.kind == "up":
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed != "bar" and self._hit(pos) == pressed:
                self.press(pressed)
            self.dirty = True
        elif pointer.kind == "cancel":
            self.pressed = None

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
            self.speed = (self.speed + 1) % len(SPEEDS) if name == "speed" else min(len(SPEEDS) - 1, self.speed + 1)
        elif name == "slower":
            self.speed = max(0, self.speed - 1)
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

    def _on_replay(self, event: GameEvent) -> None:
        """A step or a jump: the moved cards glide from where they were (a jump shows the
        new board at once)."""
        self.tweens.finish()
        self._moved = ()
        if event.kind in (Change.MOVED, Change.UNDONE) and event.action is not None:
            action = event.action
            after = self.replay.position
            before = event.before
            moved = before.cards(action.move.source)[-action.move.size:] if event.kind is Change.MOVED \
                else after.cards(action.move.source)[-action.move.size:]
            old = self.layout_for(before).card_boxes(before)
            new = self.layout_for(after).card_boxes(after)
            duration = min(GLIDE_S, 0.8 / SPEEDS[self.speed]) * self.app.settings.animation_factor
            for card in moved:
                start, end = old.get(card), new.get(card)
                if start is None:
                    start = self._foundation_box(before, card)
                if end is None:
                    end = self._foundation_box(after, card)
                if start is not None and end is not None:
                    self.tweens.glide(card, (float(start.x), float(start.y)), (float(end.x), float(end.y)), duration)
            self._moved = tuple(moved)
        self.app.access.say(shown_move_text(self.replay))  # a screen reader hears each step (nothing without one)
        self.dirty = True

    def _foundation_box(self, position: Position, card: Card) -> Box | None:
        """A card under the top of its foundation has no box of its own: the slot's."""
        return self.layout_for(position).piles.get(foundation(card.suit))

    # -- drawing (reads only) --------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float = 0.0, full: bool = False) -> list[pygame.Rect] | None:
        """The board at rest comes from a cached picture, painted again only when something
        but a glide changed; each frame of a glide restores where the moving cards were and
        draws them where they are now."""
        self.dirty = False
        layout = self.layout
        gliding = frozenset(card for card in self._moved if self.tweens.is_moving(card))
        key = (id(layout), layout.size, self.replay.index, gliding, self.hover, self.pressed, self.playing,
               self.speed, id(self.app.painter), id(self.app.painter.theme), self._generation)
        rest = self._rest
        if full or rest is None or rest.get_size() != surface.get_size() or self._rest_key != key:
            if rest is None or rest.get_size() != surface.get_size():
                rest = self._rest = pygame.Surface(surface.get_size())
            self._paint_rest(rest, gliding)
            self._rest_key = key
            surface.blit(rest, (0, 0))
            self._prev = self._paint_gliding(surface, gliding, alpha)
            return None
        dirty = self._prev
        for rect in dirty:
            surface.blit(rest, rect, rect)
        self._prev = self._paint_gliding(surface, gliding, alpha)
        return dirty + self._prev

    def art_changed(self) -> None:
        self._generation += 1
        super().art_changed()

    def _paint_rest(self, surface: pygame.Surface, gliding: frozenset[Card]) -> None:
        """Everything but the gliding cards: felt, labels, piles, the bands."""
        layout, painter = self.layout, self.app.painter
        theme = painter.theme
        position = self.replay.position
        surface.blit(painter.felt(layout.size), (0, 0))
        label_px = max(10, round(layout.labels[COLUMNS[0]].h * 0.9))
        for n, pile in enumerate(COLUMNS, start=1):
            text = painter.text(str(n), label_px, theme.text_dim, bold=True)
            surface.blit(text, text.get_rect(center=pygame.Rect(layout.labels[pile]).center))
        for pile in position.piles():
            if pile in layout.piles:
                paint_pile(surface, painter, layout, position, pile, gliding)
        self._draw_toolbar(surface)
        self._draw_status(surface)

    def _paint_gliding(self, surface: pygame.Surface, gliding: frozenset[Card], alpha: float) -> list[pygame.Rect]:
        """The cards of a step where they are this frame, lifted; the rectangles they cover."""
        if not gliding:
            return []
        layout, painter = self.layout, self.app.painter
        w, h = layout.card_size
        position = self.replay.position
        now = self.tweens.now + alpha * STEP
        shadow, spread = painter.shadow(w, h)
        rects: list[pygame.Rect] = []
        for card in sorted(gliding, key=lambda c: _glide_order(position, c)):
            where = self.tweens.where(card, now)
            if where is not None:
                x, y = round(where[0]), round(where[1])
                rects.append(surface.blit(shadow, (x - spread + spread // 3, y - spread + spread // 2)))
                rects.append(surface.blit(painter.card(card, w, h, quick=True), (x, y)))
        return rects

    def access_view(self) -> tuple[str, str, list[tuple[str, str, Box]]]:
        """What a screen reader reads of the replay: what is watched and how far along, the
        move shown, and the buttons (``screens/table_access.ReadAloud``)."""
        labels = dict(self.controls())
        boxes, _px = self.button_boxes()
        buttons = [(name, labels[name], box) for name, box in boxes.items()]
        return replay_title(self.replay), shown_move_text(self.replay), buttons

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
        surface.blit(shade, box[:2])

    def _draw_toolbar(self, surface: pygame.Surface) -> None:
        layout, painter = self.layout, self.app.painter
        self._band(surface, layout.toolbar, line_at_top=False)
        boxes, px = self.button_boxes()
        replay = self.replay
        enabled = {"start": not replay.at_start, "back": not replay.at_start, "forward": not replay.at_end,
                   "end": not replay.at_end, "play": replay.length > 0}
        for name, label in self.controls():
            box = boxes[name]
            on = enabled.get(name, True)
            face = button_face(painter, box, label, hover=self.hover == name and on,
                               pressed=self.pressed == name and on, enabled=on, dark=True,
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


def _glide_order(position: Position, card: Card) -> int:
    """Gliding cards are drawn from the bottom of their pile up (a run lands in order)."""
    found = position.find(card)
    return found[1] if found else 0


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
