"""The status line: what it says and how it is painted.

:class:`StatusLine` is the one owner of the passing sentence (a :class:`Message`, plain
data) and applies the status line's rule: a sentence about a position stands only while
that game and position are on the table, so a change (a move, undo, redo, restart, a new
deal) takes it away; a sentence about no position (a save, the clipboard) stands its time.
:class:`StatusPainter` paints the figures, the code, the solver's verdict, Finish and the
sentence, which never leaves the line; it only reads, and records where it painted the
sentence and the lost verdict (a tap there opens the lost panel). The accessibility tree reads
the same."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from seahaven.app.board.layout import Layout
from seahaven.app.looks.render import Painter, button_face, wrap
from seahaven.app.looks.theme import Colour
from seahaven.app.screens.table.auto_finish import AutoFinish
from seahaven.app.screens.table.solver_questions import LOST, Verdict
from seahaven.app.state.current import CurrentGame
from seahaven.app.state.session import Session
from seahaven.app.state.settings import Settings
from seahaven.app.text.words import status_code_text
from seahaven.engine import Game, Position
from seahaven.i18n import _, format_duration, format_number


@dataclass(frozen=True)
class Message:
    """A sentence in the status line, until ``until``, about the position it was said of.

    The status line's rule (issue 25): a sentence describes the position on the table when
    it was said (a hint, a refusal, the solver's word that the game is lost), so it is keyed
    to that game and position and stands only while they are on the table; a move, an
    undo, a redo, a restart or a new deal takes it away. A sentence about no position (a
    save, the clipboard, the window) has ``game`` None and stands its time whatever the
    table shows. Plain data: the view draws it, the accessibility tree can read it."""

    text: str
    until: float
    warn: bool = False
    fleeting: bool = False
    """A refusal's reason: it ends at the player's next action."""
    about: str | None = None
    """What the sentence is about (the demo's count), to take it back when that ends."""
    game: Game | None = None
    """The game in play the sentence was said about (None: about no position)."""
    position: Position | None = None
    """The position of ``game`` the sentence describes."""

    def stands(self, game: Game, position: Position, now: float) -> bool:
        """The sentence is still true: its time has not run out and, when it is about a
        position, that game and position are the ones on the table."""
        if now >= self.until:
            return False
        if self.game is None:
            return True
        return self.game is game and (self.position is position or self.position == position)



class StatusLine:
    """What the status line says besides its figures, and about which position."""

    def __init__(self, current: CurrentGame, clock: Callable[[], float]) -> None:
        self._current = current
        self._clock = clock
        self._said: Message | None = None

    def shown(self) -> Message | None:
        """The sentence the status line shows now: the last one said, while it stands."""
        said = self._said
        game = self._current.game
        if said is None or not said.stands(game, game.position, self._clock()):
            return None
        return said

    def say(self, text: str, warn: bool, seconds: float, fleeting: bool, about: str | None,
            of_position: bool) -> None:
        """Say ``text`` for ``seconds``, about the position on the table unless
        ``of_position`` is False."""
        game = self._current.game
        where = (game, game.position) if of_position else (None, None)
        self._said = Message(text, self._clock() + seconds, warn, fleeting, about, *where)

    def clear(self, fleeting_only: bool = False, about: str | None = None) -> None:
        """The sentence goes (only a ``fleeting`` one, or only the one about ``about``)."""
        said = self._said
        if said is None or (fleeting_only and not said.fleeting) or (about is not None and said.about != about):
            return
        self._said = None

    def update(self) -> None:
        """Each frame: a sentence whose time ran out, or whose position is no longer on the
        table, goes for good (it does not come back with a redo)."""
        if self._said is not None and self.shown() is None:
            self.clear()

    def wake_in(self) -> float | None:
        """Seconds until the sentence's time runs out, or None."""
        if self._said is None:
            return None
        return max(0.0, self._said.until - self._clock())


class StatusPainter:
    """Paints the status line into the table's cache."""

    def __init__(self, line: StatusLine, session: Session, settings: Settings, verdict: Verdict, finish: AutoFinish,
                 pressed: Callable[[], str | None]) -> None:
        self.line = line
        self.current = session.current
        self.session = session
        self.settings = settings
        self.verdict = verdict
        self.finish = finish
        self.pressed = pressed
        """The toolbar's press: which button is held down (Finish is drawn pressed)."""
        self.painter: Painter | None = None
        self.said_box: pygame.Rect | None = None
        """Where the passing sentence was last painted (inside the status line: on no card)."""
        self.verdict_box: pygame.Rect | None = None
        """Where the solver's verdict was last painted when it said the game is lost."""

    def paint(self, surface: pygame.Surface, painter: Painter, layout: Layout, band: pygame.Surface) -> None:
        """Score, moves and time on the left, the code on the right, the solver's verdict
        beside it, Finish in the middle when offered, and the passing sentence in the widest
        gap left, at the figures' size. The sentence never leaves the status line (above it, it
        would cover cards: issue 25.6): when it has no room it takes the code's and the
        verdict's place, then two lines in a smaller size (cut short, at worst); the sentence
        that stands while the game is lost goes on two lines beside the code first, so the code
        stays in view. The figures always show."""
        self.painter = painter
        theme = painter.theme
        box = layout.status
        surface.blit(band, box[:2])
        px = max(11, round(box.h * 0.48))
        pad = min((button.x - layout.toolbar.x for button in layout.buttons.values()), default=px)
        # the toolbar's margin, at either end (the left-handed toolbar starts from the right)
        cy = box.y + box.h // 2
        message = self.line.shown()
        placed = self._place_message(layout, message, px, pad) if message is not None else None
        self.said_box = self.verdict_box = None
        left = painter.text(self._figures(), px, theme.text)
        surface.blit(left, left.get_rect(midleft=(pad, cy)))
        left_edge = pad + left.get_width() + px
        right_edge = box.right - pad
        if placed is None:
            code, warn_code = self._code_text()
            right = painter.text(code, px, theme.warn if warn_code else theme.text_dim)
            if right.get_width() < box.right - pad - left_edge:
                surface.blit(right, right.get_rect(midright=(box.right - pad, cy)))
                right_edge = box.right - pad - right.get_width() - px
        gaps = [(left_edge, right_edge)]
        if self.finish.offered():
            finish = self.finish.box(layout)
            if finish.x >= left_edge and finish.right <= right_edge:
                pressed = self.pressed() == "finish"
                face = button_face(painter, finish, _("Finish"), dark=True, solid=True, primary=True, pressed=pressed,
                                   font_px=max(11, round(finish.h * 0.5)))
                surface.blit(face, finish[:2])
                gaps = [(left_edge, finish.x - px), (finish.right + px, right_edge)]
        verdict = self.verdict.text() if placed is None else None
        if verdict is not None:
            said = painter.text(verdict[0], px, theme.warn if verdict[1] else theme.text_dim, bold=verdict[1])
            last = gaps[-1]
            if said.get_width() < last[1] - last[0] - px:
                drawn_at = surface.blit(said, said.get_rect(midright=(last[1], cy)))
                if verdict[1]:  # bad news: the game is lost, and a tap on it says what now
                    self.verdict_box = drawn_at
                    _underline(surface, drawn_at, theme.warn, px)
                gaps[-1] = (last[0], last[1] - said.get_width() - 2 * px)
        if message is None:
            return
        room = max(gaps, key=lambda gap: gap[1] - gap[0])
        if placed is None:  # room beside the code and the verdict: one line in the widest gap, or two
            lines, line_px = self._fit(message.text, message.warn, room[1] - room[0], [px], 1)
            if not lines:
                line_px = self._two_px(box.h, px, message.warn)
                lines = _balanced(painter.font(line_px, message.warn), message.text, room[1] - room[0])
        else:
            lines, line_px = placed[0], placed[1]
        colour = theme.warn if message.warn else theme.text
        step = box.h // len(lines)
        drawn: list[pygame.Rect] = []
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(box).clip(clip))  # the words never leave the status line
        for i, line in enumerate(lines):
            text = painter.text(line, line_px, colour, bold=message.warn)
            centre = ((room[0] + room[1]) // 2, box.y + step * i + step // 2)
            drawn.append(surface.blit(text, text.get_rect(center=centre)))
            if message.about == LOST:  # a tap on it opens the lost panel: it looks like a link
                _underline(surface, drawn[-1], colour, line_px)
        surface.set_clip(clip)
        self.said_box = drawn[0].unionall(drawn[1:])

    def lost_at(self, layout: Layout, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` is on the lost sentence or the lost verdict, where they were last
        painted, while the solver's verdict that the position on the table is lost stands
        (a move, an undo or a new deal takes the sentence and its hit area away)."""
        if self.verdict.proved_lost() is None:
            return False
        message = self.line.shown()
        status = pygame.Rect(layout.status)
        for box, shown in ((self.said_box, message is not None and message.about == LOST),
                           (self.verdict_box, self.verdict_box is not None)):
            if shown and box is not None:
                area = pygame.Rect(box.x - status.h // 4, status.y, box.w + status.h // 2, status.h)
                if area.collidepoint(pos):
                    return True
        return False

    def _figures(self) -> str:
        """Score, moves and time: the status line's left (none in zen mode: the game still counts them)."""
        if self.settings.zen:
            return ""
        game = self.current.game
        return "    ".join((_("Score {n}").format(n=format_number(game.score)),
                            _("Moves {n}").format(n=format_number(game.move_count)),
                            _("Time {time}").format(time=format_duration(int(self.current.elapsed())))))

    def _code_text(self) -> tuple[str, bool]:
        """The status line's right: the game's code (and whether it warns it is not saved)."""
        game = self.current.game
        code = (status_code_text(game.code, self.session.facts.daily_date(game.code)) if game.code is not None
                # Translators: shown at the right of the status line in place of a game code, when the game was set up
                # from a position. About 20 characters.
                else _("custom position"))  # a daily deal says so (issue 37.8)
        if self.session.not_saving:
            # Translators: the right of the status line when nothing is saved this time; {code} is a game code or
            # "custom position". About 35 characters.
            return _("Not saving  ·  {code}").format(code=code), True
        return code, False

    def _place_message(self, layout: Layout, message: Message, px: int, pad: int) -> tuple[list[str], int] | None:
        """How the sentence goes in the room the code and the verdict leave it when it has
        no room beside them: its lines and their size; None when it fits beside them."""
        painter = self.painter
        assert painter is not None
        box = layout.status
        left_edge = pad + painter.font(px, False).size(self._figures())[0] + px
        code_w = painter.font(px, False).size(self._code_text()[0])[0] + px
        verdict = self.verdict.text()
        verdict_w = painter.font(px, verdict[1]).size(verdict[0])[0] + 2 * px if verdict is not None else 0
        right_edge = box.right - pad
        widths = [right_edge - left_edge]
        if self.finish.offered():  # the sides of the Finish button
            finish = self.finish.box(layout)
            if finish.x >= left_edge and finish.right <= right_edge:
                widths = [finish.x - px - left_edge, right_edge - finish.right - px]
        beside = [*widths[:-1], widths[-1] - code_w - verdict_w]
        if painter.font(px, message.warn).size(message.text)[0] <= max(beside):
            return None  # (at the figures' size: the line's words are one size, issue 39.5)
        two = self._two_px(box.h, px, message.warn)
        if message.about == LOST and self._fit(message.text, message.warn, max(beside), [two], 2)[0]:
            return None  # the sentence that stands while the game is lost: on two lines beside the code
        width = max(widths)
        for sizes, count in (([px], 1), ([two], 2)):
            lines, size = self._fit(message.text, message.warn, width, sizes, count)
            if lines:
                return (lines if count == 1 else _balanced(painter.font(size, message.warn), message.text, width)), size
        font = painter.font(two, message.warn)
        lines = list(wrap(font, message.text, width))
        return [lines[0], _ellipsized(font, " ".join(lines[1:]), width)], two

    def _two_px(self, height: int, px: int, bold: bool) -> int:
        """The size of a sentence on two lines in a status line ``height`` high: the largest
        up to ``px`` whose line is half of it."""
        assert self.painter is not None
        two = px
        while two > 9 and self.painter.font(two, bold).get_height() > height // 2 + 1:
            two -= 1
        return two

    def _fit(self, text: str, bold: bool, width: int, sizes: list[int], count: int) -> tuple[list[str], int]:
        """``text`` in at most ``count`` lines no wider than ``width``, at the first of
        ``sizes`` that fits; no lines when none does."""
        assert self.painter is not None
        for size in sizes:
            font = self.painter.font(size, bold)
            lines = list(wrap(font, text, width)) if count > 1 else [text]
            if len(lines) <= count and all(font.size(line)[0] <= width for line in lines):
                return lines, size
        return [], sizes[-1]



def _underline(surface: pygame.Surface, drawn: pygame.Rect, colour: Colour, px: int) -> None:
    """A quiet underline under words a tap acts on."""
    width = max(1, px // 14)
    y = drawn.bottom - max(1, drawn.h // 8)
    pygame.draw.line(surface, colour, (drawn.x, y), (drawn.right - 1, y), width)


def _balanced(font: Any, text: str, width: int) -> list[str]:
    """``text`` on two lines of about the same width (it fits two lines of ``width``): a
    sentence too long for the status line at the figures' size is wrapped at a word, never
    written on one line in a smaller size than theirs."""
    low, high = 1, width
    while low < high:  # the narrowest width at which it still takes two lines at most
        middle = (low + high) // 2
        lines = wrap(font, text, middle)
        if len(lines) <= 2 and all(font.size(line)[0] <= middle for line in lines):
            high = middle
        else:
            low = middle + 1
    return list(wrap(font, text, low))


def _ellipsized(font: Any, text: str, width: int) -> str:
    """``text`` cut at a word so that it and "…" fit ``width``."""
    words = text.split()
    while words and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    return " ".join(words) + "…"


