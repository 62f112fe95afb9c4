"""Windows over the table: New Game, the end-of-game messages, the menu, notices, the
code keypad, each a :class:`~game.app.screens.kit.Window` of the one widget kit.

Each is a scene pushed on the stack: it dims the table, takes every input (mouse, touch
and keyboard: Tab moves the focus, Enter or Space activates, Esc closes) and closes
itself. The windows that act on the game get the :class:`~game.app.session.Session` and
call the game in play (``current.undo()``, ``session.deal(code)``); the table hears of it
through the game's events, as it hears of its own moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.i18n import N_, _, format_duration, format_number
from game.app.input import Pointer
from game.app.layout import Box
from game.app.render import ACCENT, ERROR, FOCUS, MUTED, PANEL_TEXT, button_face, wrap
from game.app.scenes import Scene
from game.app.screens import help as help_screen
from game.app.screens import settings as settings_screen
from game.app.screens import statistics as statistics_screen
from game.app.screens.kit import Widget, Window
from game.app.session import Session
from game.app.stats import win_summary
from game.app.words import DIFFICULTY_NAMES, cells_phrase, code_error_text, difficulty_name, moves_phrase
from game.engine import GameCode, InvalidCode, services

if TYPE_CHECKING:
    from game.app.loop import App

SCREENS = {"help": N_("Help"), "statistics": N_("Statistics"), "settings": N_("Settings")}


def open_screen(app: App, session: Session, name: str) -> None:
    """Open the Help, Statistics or Settings screen."""
    openers = {"help": help_screen.open_scene, "statistics": statistics_screen.open_scene,
               "settings": settings_screen.open_scene}
    app.push(openers[name](app, session))


def find_message(app: App) -> Scene | None:
    return app.scenes.find(EndMessage)


class Notice(Window):
    """A short message with an OK button."""

    def __init__(self, app: App, title: str, text: str) -> None:
        self.title = title
        self.text = text
        super().__init__(app)

    def buttons(self) -> list[tuple[str, str, bool]]:
        """(name, label, primary) of the buttons along the bottom; the first has the focus."""
        return [("ok", _("OK"), True)]

    def build(self, size: tuple[int, int]) -> None:
        lines = len(wrap(self.app.painter.font(self.px), self.text, round(self.px * self.width_em) - 2 * self.px))
        height = round(self.px * (4.6 + 1.45 * lines + 3.2))
        self.panel = self.panel_box(size, height)
        self.widgets = self.button_row(self.buttons(), self.panel.bottom - self.px)
        self.focus = 0

    def draw_body(self, surface: pygame.Surface) -> None:
        self.text_lines(surface, [(self.text, PANEL_TEXT)], self.panel.y + round(self.px * 3.2))

    def activate(self, widget: Widget) -> None:
        self.close()


class EndMessage(Window):
    """Won or stuck ("no useful move"), with what to do next (SPEC 7). A game the solver
    proves lost is said in the status line, without a window (the table's solver part)."""

    width_em = 28.0

    def __init__(self, app: App, session: Session, kind: str) -> None:
        self.session = session
        self.kind = kind
        game = session.current.game
        clock = format_duration(session.current.elapsed())
        if kind == "won":
            self.title = _("You won!")
            if game.code:
                won = (_("Game {code} won with help.") if game.hints_used else _("Game {code} won.")).format(
                    code=game.code)
            else:
                won = _("Won with help.") if game.hints_used else _("Won.")
            self.lines = [
                ("  ·  ".join((_("Score {n}").format(n=format_number(game.score)),
                               _("Time {time}").format(time=clock),
                               _("Moves {n}").format(n=format_number(game.move_count)))), PANEL_TEXT),
                (won, MUTED),
            ]
            if session.keeper is not None:  # nothing is counted where nothing is saved
                summary = win_summary(session.keeper.stats, game.start.cell_count)
                self.lines += [(text, PANEL_TEXT if i == 0 else ACCENT) for i, text in enumerate(summary)]
            self.buttons = [("restart", _("Play again"), False), ("new", _("New game"), True)]
        else:
            self.title = _("No useful move left")
            if game.move_count == 0:  # dealt that way: nothing to undo or restart
                self.lines = [(_("This deal has no useful move at all."), PANEL_TEXT)]
                self.buttons = [("new", _("New game"), True)]
            else:
                self.lines = [(_("Every move left is a take-back or leads back to a position already seen."),
                               PANEL_TEXT)]
                self.buttons = [("undo", _("Undo"), False), ("restart", _("Restart deal"), False),
                                ("new", _("New game"), True)]
        super().__init__(app)

    def build(self, size: tuple[int, int]) -> None:
        font = self.app.painter.font(self.px)
        inner = round(self.px * self.width_em) - 2 * self.px
        count = sum(len(wrap(font, text, inner)) for text, _c in self.lines)
        height = round(self.px * (4.4 + 1.45 * count + 3.6))
        self.panel = self.panel_box(size, height)
        self.widgets = self.button_row(self.buttons, self.panel.bottom - self.px)
        self.focus = len(self.widgets) - 1

    def draw_body(self, surface: pygame.Surface) -> None:
        self.text_lines(surface, self.lines, self.panel.y + round(self.px * 3.2))

    def activate(self, widget: Widget) -> None:
        current = self.session.current
        self.close()
        if widget.name == "undo":
            current.undo()
        elif widget.name == "restart":
            current.restart()
        elif widget.name == "new":
            self.app.push(NewGame(self.app, self.session))


class Menu(Window):
    """Everything the toolbar does not show, reachable by pointer and keyboard."""

    title = N_("Menu")
    width_em = 16.0
    close_outside = True
    ENTRIES = (("help", N_("Help")), ("statistics", N_("Statistics")), ("settings", N_("Settings")),
               ("new", N_("New game")), ("demo", N_("Demo (Ctrl+D)")), ("fullscreen", N_("Fullscreen on/off")),
               ("quit", N_("Quit")))

    def build(self, size: tuple[int, int]) -> None:
        h = round(self.px * 2.3)
        gap = self.px // 2
        height = round(self.px * 3.6) + len(self.ENTRIES) * (h + gap) + self.px
        self.panel = self.panel_box(size, height)
        y = self.panel.y + round(self.px * 3.4)
        self.widgets = []
        for name, label in self.ENTRIES:
            self.widgets.append(Widget(name, Box(self.panel.x + self.px, y, self.panel.w - 2 * self.px, h), _(label)))
            y += h + gap

    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        super().__init__(app)

    def activate(self, widget: Widget) -> None:
        app = self.app
        self.close()
        if widget.name in SCREENS:
            open_screen(app, self.session, widget.name)
        elif widget.name == "new":
            app.push(NewGame(app, self.session))
        elif widget.name == "demo":
            self.session.ask("demo")
        elif widget.name == "fullscreen":
            app.toggle_fullscreen()
        elif widget.name == "quit":
            app.quit()


def clipboard_get() -> str:
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def clipboard_put(text: str) -> bool:
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


class NewGame(Window):
    """Difficulty, winnable deals only, a game code to type or paste, the current code."""

    title = N_("New game")
    width_em = 30.0
    MAX_CODE = 40

    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        settings = app.settings
        self.cells = settings.cells if settings.cells in (4, 2, 1) else 4
        self.code_text = ""
        self.error = ""
        self.note = ""
        super().__init__(app)
        self.focus = self.index("deal")

    def index(self, name: str) -> int:
        for i, widget in enumerate(self.widgets):
            if widget.name == name:
                return i
        return 0

    @property
    def waiting(self) -> bool:
        """A winnable deal is being looked for."""
        return self.session.jobs.running("winnable")

    def build(self, size: tuple[int, int]) -> None:
        px = self.px
        row = round(px * 2.3)
        gap = round(px * 0.9)
        label_h = round(px * 1.55)
        height = round(px * 3.4) + label_h + row + gap + row + gap + label_h + row + round(px * 1.5) + gap + row \
            + 2 * gap + row + px
        self.panel = panel = self.panel_box(size, height)
        x0 = panel.x + px
        inner = panel.w - 2 * px
        y = panel.y + round(px * 3.4)
        widgets: list[Widget] = []
        self.label_ys = {"difficulty": y}
        y += label_h
        cw = (inner - 2 * (px // 2)) // 3
        for i, cells in enumerate(DIFFICULTY_NAMES):
            label = f"{difficulty_name(cells)} · {cells_phrase(cells)}"
            widgets.append(Widget(f"cells{cells}", Box(x0 + i * (cw + px // 2), y, cw, row), label,
                                  kind="choice", on=cells == self.cells))
        y += row + gap
        on = bool(self.app.settings.winnable_only.get(self.cells, False))
        widgets.append(Widget("winnable", Box(x0, y, inner, row), _("Winnable deals only"), kind="toggle", on=on))
        y += row + gap
        self.label_ys["code"] = y
        y += label_h
        paste_w = round(px * 5.5)
        widgets.append(Widget("field", Box(x0, y, inner - paste_w - px // 2, row), kind="field"))
        widgets.append(Widget("paste", Box(x0 + inner - paste_w, y, paste_w, row), _("Paste")))
        y += row
        self.label_ys["error"] = y + px // 4
        y += round(px * 1.5) + gap
        self.label_ys["current"] = y + (row - px) // 2
        widgets.append(Widget("copy", Box(x0 + inner - paste_w, y, paste_w, row), _("Copy")))
        widgets.extend(self.button_row([("cancel", _("Cancel"), False), ("deal", _("Deal"), True)], panel.bottom - px))
        self.widgets = widgets

    # -- input -----------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        key = event.key
        field_focus = self.widgets[self.focus].name == "field"
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and key == pygame.K_v:
            self.paste()
            return
        if ctrl and key == pygame.K_c and not self.code_text:
            self.copy()
            return
        if field_focus and key == pygame.K_BACKSPACE:
            self.erase()
            return
        if field_focus and key == pygame.K_SPACE:
            return  # typed blanks arrive as text input
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (field_focus or not self.show_focus):
            self.deal()  # Enter deals, unless the keyboard has moved the focus to a control
            return
        super().on_key(event)

    def on_text(self, text: str) -> None:
        if self.waiting:
            return
        if self.widgets[self.focus].name != "field":
            if not text.strip() or not text.isalnum():
                return
            self.focus = self.index("field")
        self.type_text(text)

    def erase(self) -> None:
        """Backspace in the code field."""
        self.code_text = self.code_text[:-1]
        self.error = ""
        self.dirty = True

    def on_pointer(self, p: Pointer) -> None:
        field = self.widgets[self.index("field")]
        tapped = p.kind == "up" and p.touch and self.pressed == "field" and field.box.contains(*p.pos)
        super().on_pointer(p)
        if tapped and not self.waiting:  # a finger on the code field: the keypad comes up
            self.app.push(CodeKeypad(self.app, self))

    def type_text(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable() and ch not in "\r\n\t")
        self.code_text = (self.code_text + text)[: self.MAX_CODE]
        self.error = ""
        self.dirty = True

    def paste(self) -> None:
        text = clipboard_get().strip()
        if not text:
            self.error = _("The clipboard holds no text.")
        else:
            self.code_text = ""
            self.type_text(text.splitlines()[0])
        self.focus = self.index("field")
        self.dirty = True

    def copy(self) -> None:
        code = self.session.current.code
        if code is None:
            self.note = _("This game has no code.")
        elif clipboard_put(str(code)):
            self.note = _("Copied.")
        else:
            self.note = _("The clipboard cannot be reached.")
        self.dirty = True

    def activate(self, widget: Widget) -> None:
        name = widget.name
        if self.waiting and name != "cancel":
            return
        if name.startswith("cells"):
            self.cells = int(name[5:])
            self.build(self.app.size)
            self.focus = self.index(name)
        elif name == "winnable":
            widget.on = not widget.on
            self.app.settings.winnable_only[self.cells] = widget.on
            self.session.setting_changed("winnable_only")
        elif name == "field":
            pass
        elif name == "paste":
            self.paste()
        elif name == "copy":
            self.copy()
        elif name == "cancel":
            self.close()
        elif name == "deal":
            self.deal()
        self.dirty = True

    def deal(self) -> None:
        text = self.code_text.strip()
        if text:
            try:
                code = GameCode.parse(text)
            except InvalidCode as error:
                self.error = code_error_text(error)
                self.focus = self.index("field")
                self.dirty = True
                return
            self.start(code)
            return
        winnable = self.widgets[self.index("winnable")].on
        if winnable:
            self.session.jobs.start("winnable", services.winnable_deal, self.cells, self.session.current.rules,
                                    on_done=self.start, on_error=self._no_winnable_deal, follows_game=False)
            self.note = _("Finding a winnable deal…")
            self.dirty = True
            return
        self.start(GameCode.random(self.cells))

    def _no_winnable_deal(self, error: BaseException) -> None:
        self.session.say(_("No winnable deal was found in time: this deal may not be winnable."), warn=True)
        self.start(GameCode.random(self.cells))

    def busy(self) -> bool:
        return self.waiting

    def wake_in(self) -> float | None:
        return 0.05 if self.waiting else None

    def close(self) -> None:
        self.session.jobs.cancel("winnable")
        super().close()

    def start(self, code: GameCode) -> None:
        self.close()
        self.session.deal(code)

    def about_this_game(self) -> str:
        """The line about the game in play: its code, and what dealing now would cost."""
        code = self.session.current.code
        line = _("This game: {code}.").format(code=code) if code is not None else _("This game has no code.")
        if self.session.current.in_progress:
            line += " " + _("Dealing now counts it as lost.")
        return f"{line}   {self.note}" if self.note else line

    # -- drawing ---------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        painter = self.app.painter
        px, panel = self.px, self.panel
        x0 = panel.x + px
        surface.blit(painter.text(_("Difficulty"), px, MUTED, bold=True), (x0, self.label_ys["difficulty"]))
        surface.blit(painter.text(_("Game code (leave empty for a new random deal)"), px, MUTED, bold=True),
                     (x0, self.label_ys["code"]))
        if self.error:
            for i, line in enumerate(wrap(painter.font(round(px * 0.85)), self.error, panel.w - 2 * px)[:2]):
                surface.blit(painter.text(line, round(px * 0.85), ERROR), (x0, self.label_ys["error"] + i * px))
        room = self.widgets[self.index("copy")].box.x - px - x0
        lines = wrap(painter.font(px), self.about_this_game(), room)
        small = round(px * 0.8) if len(lines) > 1 else px
        if small != px:
            lines = wrap(painter.font(small), self.about_this_game(), room)
        step = round(small * 1.3)
        top = self.label_ys["current"] - (len(lines[:2]) - 1) * step // 2
        for i, line in enumerate(lines[:2]):
            surface.blit(painter.text(line, small, PANEL_TEXT), (x0, top + i * step))

    def draw_widget(self, surface: pygame.Surface, widget: Widget, focus: bool) -> None:
        if widget.kind != "field":
            super().draw_widget(surface, widget, focus)
            return
        painter = self.app.painter
        box = pygame.Rect(widget.box)
        active = self.widgets[self.focus] is widget
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=6)
        border = ERROR if self.error else (FOCUS if active else (170, 176, 170))
        pygame.draw.rect(surface, border, box, width=2, border_radius=6)
        text = self.code_text
        colour = PANEL_TEXT
        if not text and not active:
            text, colour = "SH1-C4-AAAAAJ2", (170, 176, 170)
        surf = painter.text(text, self.px, colour)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-8, -4))
        x = box.x + self.px // 2
        if surf.get_width() > box.w - self.px:
            x = box.right - self.px // 2 - surf.get_width()
        surface.blit(surf, (x, box.y + (box.h - surf.get_height()) // 2))
        if active:
            cx = x + (surf.get_width() if self.code_text else 0) + 1
            pygame.draw.line(surface, PANEL_TEXT, (cx, box.y + box.h // 5), (cx, box.bottom - box.h // 5), 2)
        surface.set_clip(clip)


class Confirm(Notice):
    """Asks before something that would throw away a game in progress: ``on_yes`` runs
    only when the player confirms; Esc, a click outside or the other button keeps the game."""

    width_em = 28.0
    close_outside = True

    def __init__(self, app: App, title: str, text: str, yes: str, on_yes: Callable[[], None],
                 no: str | None = None) -> None:
        self.yes = yes
        self.no = no if no is not None else _("Keep playing")
        self.on_yes = on_yes
        super().__init__(app, title, text)

    def buttons(self) -> list[tuple[str, str, bool]]:
        return [("no", self.no, True), ("yes", self.yes, False)]  # Enter keeps the game: the safe answer

    def activate(self, widget: Widget) -> None:
        self.close()
        if widget.name == "yes":
            self.on_yes()


def game_at_stake(session: Session) -> str | None:
    """What would be lost by leaving the game in play now, in words; None when nothing
    would (no move made yet, or the game is won)."""
    current = session.current
    if not current.in_progress:
        return None
    game = current.game
    if game.code is not None:
        text = _("The game {code} in progress ({moves}, score {score}) will be gone, and it counts as lost in the "
                 "statistics.")
    else:
        text = _("The game in progress ({moves}, score {score}) will be gone, and it counts as lost in the statistics.")
    return text.format(code=game.code, moves=moves_phrase(game.move_count), score=format_number(game.score))


KEYPAD_KEYS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ1234567-")
"""What a game code is made of: the RFC 4648 base32 letters (A-Z, 2-7), the 1 of "SH1"
and "C1", and the dashes."""
KEYPAD_ERASE, KEYPAD_DONE = "erase", "done"
"""The names of the keypad's two word keys (their labels are translated)."""
FINGER_PX = 48
"""The smallest key a finger hits reliably (about 9 mm on a phone, 7 mm on a tablet)."""


class CodeKeypad(Window):
    """An on-screen keypad for the New Game window's code field, for a player with only a
    finger: the code's characters, Erase and Done, along the foot of the screen, with the
    field's text (and what is wrong with it) shown above the keys. Each key edits the
    field exactly as typing does; keys typed on a keyboard still reach the field."""

    dims = False
    close_outside = True  # a tap above the keys puts them away, as a phone's keyboard does

    def __init__(self, app: App, window: NewGame) -> None:
        self.window = window
        self.columns = 9
        self.echo = Box(0, 0, 0, 0)
        super().__init__(app)

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px
        labels = [*KEYPAD_KEYS, KEYPAD_ERASE, KEYPAD_DONE]
        self.columns = columns = 9 if w >= h else 6
        rows = -(-len(labels) // columns)
        pad = max(8, px // 2)
        gap = max(4, px // 3)
        width = min(w - 16, max(columns * (FINGER_PX + gap), round(h * 1.4)))
        key_w = (width - 2 * pad - (columns - 1) * gap) // columns
        key_h = max(FINGER_PX, min(round(key_w * 0.75), round(h * 0.09)))
        echo_h = round(px * 2.4)
        height = pad + echo_h + gap + rows * (key_h + gap) - gap + pad
        self.panel = Box((w - width) // 2, max(8, h - height - 8), width, height)
        self.echo = Box(self.panel.x + pad, self.panel.y + pad, width - 2 * pad, echo_h)
        top = self.echo.y + echo_h + gap
        self.widgets = []
        for i, label in enumerate(labels):
            row, col = divmod(i, columns)
            box = Box(self.panel.x + pad + col * (key_w + gap), top + row * (key_h + gap), key_w, key_h)
            shown = {KEYPAD_ERASE: _("Erase"), KEYPAD_DONE: _("Done")}.get(label, label)
            self.widgets.append(Widget(f"key{label}", box, shown, primary=label == KEYPAD_DONE))
        self.focus = len(self.widgets) - 1

    def activate(self, widget: Widget) -> None:
        label = widget.name.removeprefix("key")
        window = self.window
        if label == KEYPAD_DONE:
            self.close()
            return
        window.focus = window.index("field")
        if label == KEYPAD_ERASE:
            window.erase()
        else:
            window.on_text(label)
        self.dirty = True

    def on_key(self, event: Any) -> None:
        if event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.window.on_key(event)  # a keyboard after all: its keys go to the field
        self.dirty = True
        if self.app.scenes.find(NewGame) is None:
            self.close()  # Enter dealt: the New Game window is gone

    def on_text(self, text: str) -> None:
        self.window.on_text(text)
        self.dirty = True

    def close(self) -> None:
        super().close()
        self.window.dirty = True

    def draw_body(self, surface: pygame.Surface) -> None:
        painter = self.app.painter
        px = self.px
        box = pygame.Rect(self.echo)
        window = self.window
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=6)
        pygame.draw.rect(surface, ERROR if window.error else FOCUS, box, width=2, border_radius=6)
        if window.error:
            text, colour, size = window.error, ERROR, round(px * 0.85)
        elif window.code_text:
            text, colour, size = window.code_text, PANEL_TEXT, round(px * 1.2)
        else:
            text, colour, size = _("Type the game code, like SH1-C4-AAAAAJ2"), MUTED, px
        words = painter.text(wrap(painter.font(size), text, box.w - px)[0], size, colour)
        surface.blit(words, (box.x + px // 2, box.centery - words.get_height() // 2))

    def draw_widget(self, surface: pygame.Surface, widget: Widget, focus: bool) -> None:
        painter = self.app.painter
        size = round(min(widget.box.h * 0.45, self.px * (1.0 if len(widget.label) > 1 else 1.4)))
        face = button_face(painter, widget.box, widget.label, hover=self.hover == widget.name, focus=focus,
                           primary=widget.primary, pressed=self.pressed == widget.name, font_px=size)
        surface.blit(face, widget.box[:2])
