"""The New Game window and the on-screen keypad for its code field.

The code field's text is a :class:`~seahaven.app.kit.TextField`, the one model every
way of editing it shares: typing, pasting and the keypad's keys. The keypad gets the
field, never the window: what it edits and shows is the field's text and error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.access.speech import sentences
from seahaven.app.kit import TextField, Widget, Window
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.window import PANEL_MARGIN
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import wrap
from seahaven.app.state.game_record import record_text
from seahaven.app.state.session import Session
from seahaven.app.text.words import DIFFICULTY_NAMES, cells_phrase, code_error_text, difficulty_name, per_difficulty
from seahaven.engine import GameCode, InvalidCode, services
from seahaven.engine.daily import today
from seahaven.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

CODE_EXAMPLE = "SH1-C4-AAAAAJ2"


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
    """Difficulty, winnable deals only, a game code to type or paste, the current code.

    The window follows a typed code: as soon as it is a valid code, the difficulty buttons
    show its cell count, and when winnable deals only is on for that difficulty the solver
    (on the session's jobs, never on this thread) checks the deal; one that cannot be won
    is said so in a sentence before anything is dealt, and Deal becomes "Deal anyway"."""

    title = N_("New game")
    width_em = 30.0
    MAX_CODE = 40
    CHECK = "code check"
    """The name of the job that asks the solver about the typed code's deal."""

    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        settings = app.settings
        self.chosen = settings.cells
        """The difficulty the player chose (the one shown when no valid code is typed)."""
        self.cells = self.chosen
        self.code: GameCode | None = None
        """The typed code, once it is a valid one."""
        self.verdicts: dict[tuple[GameCode, object], str] = {}
        """The solver's verdicts on typed codes' deals (per rule set): won, lost, unknown."""
        self.deal_when_checked = False
        """Deal was pressed while the solver was still looking at the typed code's deal."""
        self.field = TextField(self.MAX_CODE, on_edit=self._field_edited, on_submit=self.deal,
                               editable=lambda: not self.waiting)
        """The game code typed, pasted or keyed in on the keypad."""
        self.keypad: CodeKeypad | None = None
        self.notes: Callable[[], str] | None = None
        """The note after the line about the game in play (a copy, a search), as words built
        when shown (None: no note)."""
        self.about_room = 0
        """How wide the lines about the game in play are (beside Copy game and Copy)."""
        self.copies_below = False
        """Copy game and Copy stand under the lines about the game in play, not beside them
        (the line about the game would wrap there, parting "3 of 5", and fits the panel's width)."""
        self.said_lines: list[tuple[str, str]] = []
        self.about_wrapped: list[tuple[str, str]] = []
        """The lines under the code field and those about the game in play, as laid out
        (each with its colour's name), and the steps between them (``steps``)."""
        self.steps = (0, 0)
        self._laid_out: tuple[object, ...] = ()
        super().__init__(app)
        self.focus = self.index("deal")

    @property
    def code_text(self) -> str:
        return self.field.text

    @code_text.setter
    def code_text(self, text: str) -> None:
        self.field.text = text

    @property
    def error(self) -> str:
        """What is wrong with the code typed, in a sentence ("" when nothing is)."""
        return self.field.error

    @property
    def note(self) -> str:
        """The note in the language of now ("" when there is none)."""
        return self.notes() if self.notes is not None else ""

    def _field_edited(self) -> None:
        self.focus = self.index("field")
        self.dirty = True
        self.code_changed()

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
        """Difficulty, winnable deals only, the code field, what is said about the typed
        code, the game in play with what dealing now does to it, and the buttons: every
        sentence gets the lines it needs (the window grows, or :meth:`fit` makes the words
        smaller where the window is short), so no warning is ever cut (issue 37.1)."""
        px = self.px
        painter = self.app.painter
        row = round(px * 2.3)
        gap = round(px * 0.9)
        label_h = round(px * 1.55)
        inner = self.panel_width(size) - 2 * px
        # Translators: a button of the New Game window beside the code field: paste a game code. About 8 characters.
        paste_w = max(round(px * 5.5), painter.text(_("Paste"), px, bold=True).get_width() + px)
        # Translators: a button of the New Game window: copy this game's code. About 8 characters.
        copy_w = max(round(px * 5.5), painter.text(_("Copy"), px, bold=True).get_width() + px)
        # Translators: a button of the New Game window: copy the whole game in play (its moves too) as text to share it.
        # About 12 characters.
        record_w = max(round(px * 7.5), painter.text(_("Copy game"), px, bold=True).get_width() + px)
        self.about_room = inner - copy_w - record_w - px // 2 - px
        said, note = self.said(), self.scale.note
        self.steps = (round(note * 1.3), round(px * 1.3))
        self.said_lines = [(line, said[1]) for line in wrap(painter.font(note), said[0], inner)] if said else []
        about = self.about_lines()
        font = painter.font(px)
        first = about[0][0]
        self.copies_below = len(wrap(font, first, self.about_room)) > 1 and len(wrap(font, first, inner)) == 1
        if self.copies_below:  # the line about the game gets the panel's width, Copy game and Copy a row under it
            self.about_room = inner
        self.about_wrapped = [(line, role) for text, role in about
                              for line in wrap(painter.font(px), text, self.about_room)]
        said_h = max(1, len(self.said_lines)) * self.steps[0] + px // 2
        about_h = len(self.about_wrapped) * self.steps[1]
        about_h = about_h + gap + row if self.copies_below else max(row, about_h)
        # Translators: a button of the New Game window (and a Menu command): open the daily deals of today. About 15
        # characters.
        buttons = [("daily", _("Today's deal"), False), ("cancel", _("Cancel"), False),
                   ("deal", self.deal_label(), True)]
        height = round(px * 3.4) + label_h + row + gap + row + gap + label_h + row + said_h + gap + about_h \
            + 2 * gap + row + px
        self.panel = panel = self.panel_box(size, height + self.buttons_height(buttons, size))
        x0 = panel.x + px
        y = panel.y + round(px * 3.4)
        widgets: list[Widget] = []
        self.label_ys = {"difficulty": y}
        y += label_h
        labels = self.difficulty_labels()
        x = x0
        for cells, label, cw in zip(DIFFICULTY_NAMES, labels, self.choice_widths(labels, inner, row)):
            widgets.append(Widget(f"cells{cells}", Box(x, y, cw, row), label, kind="choice", on=cells == self.cells))
            x += cw + px // 2
        y += row + gap
        on = bool(self.app.settings.winnable_only.get(self.cells, False))
        # Translators: a switch in the New Game window: deal only deals the solver has proved can be won. One line,
        # about 30 characters.
        widgets.append(Widget("winnable", Box(x0, y, inner, row), _("Winnable deals only"), kind="toggle", on=on))
        y += row + gap
        self.label_ys["code"] = y
        y += label_h
        widgets.append(Widget("field", Box(x0, y, inner - paste_w - px // 2, row), CODE_EXAMPLE, kind="field",
                              # Translators: what a screen reader calls the field where a game code is typed.
                              field=self.field, read_as=_("Game code")))
        widgets.append(Widget("paste", Box(x0 + inner - paste_w, y, paste_w, row), _("Paste")))
        y += row
        self.label_ys["error"] = y + px // 4
        y += said_h + gap
        self.label_ys["current"] = y
        self.label_ys["current_h"] = about_h - (gap + row if self.copies_below else 0)
        buttons_y = y + about_h - row if self.copies_below else y + (about_h - row) // 2
        widgets.append(Widget("copy", Box(x0 + inner - copy_w, buttons_y, copy_w, row), _("Copy"),
                              enabled=self.session.current.code is not None))  # no code, nothing to copy
        # the whole game as text (issue 28): Paste takes one back
        widgets.append(Widget("copy_game", Box(x0 + inner - copy_w - px // 2 - record_w, buttons_y, record_w, row),
                              _("Copy game")))
        widgets.extend(self.button_row(buttons, panel.bottom - px))
        self.widgets = widgets
        self._laid_out = self.words_shown()

    def difficulty_labels(self) -> list[str]:
        # Translators: a difficulty choice of the New Game window: its name and its cells ("Easy · 4 cells"); the
        # three share one row. Write the pair as your language does (Japanese and Chinese: 初級（セル4個）).
        return [pgettext("difficulty choice", "{difficulty} · {cells}").format(
            difficulty=difficulty_name(cells), cells=cells_phrase(cells)) for cells in DIFFICULTY_NAMES]

    def panel_width(self, size: tuple[int, int]) -> int:
        """As wide as a window is, or wider where the window allows, so that the three
        difficulty buttons side by side show their words whole at the buttons' size (pl)."""
        px = self.px
        margin = 2 * max(2, round(px * 2.3) // 6) + 2
        font = self.app.painter.font(self.scale.button, True)
        need = sum(font.size(label)[0] + margin for label in self.difficulty_labels()) + 2 * (px // 2) + 2 * px
        return min(size[0] - 2 * PANEL_MARGIN, max(super().panel_width(size), need))

    def choice_widths(self, labels: list[str], inner: int, height: int) -> list[int]:
        """The widths of the difficulty buttons side by side in ``inner`` pixels: alike when
        every label fits so, else each as wide as its words need and the room left shared
        out, so a long label ("Makkelijk · 4 cellen") gets the room rather than a smaller size."""
        gap = self.px // 2
        share = (inner - (len(labels) - 1) * gap) // len(labels)
        margin = 2 * max(2, height // 6) + 2
        needs = [self.app.painter.font(self.scale.button, True).size(label)[0] + margin for label in labels]
        if all(need <= share for need in needs) or sum(needs) > inner - (len(labels) - 1) * gap:
            return [share] * len(labels)  # (too long for any split: the row takes one smaller size)
        spare = (inner - (len(labels) - 1) * gap - sum(needs)) // len(labels)
        return [need + spare for need in needs]

    def said(self) -> tuple[str, str] | None:
        """What the window says under the code field: what is wrong with the typed code,
        or what the solver says of its deal (and the theme colour's name)."""
        return (self.error, "error") if self.error else self.code_sentence()

    def about_lines(self) -> list[tuple[str, str]]:
        """The game in play, what dealing now does to it, and the note of the moment."""
        return game_in_play_lines(self.session, self.note)

    def words_shown(self) -> tuple[object, ...]:
        """Everything the layout made room for: when any of it changes, the window lays
        out again (:meth:`update`)."""
        return (self.said(), tuple(self.about_lines()), self.deal_label())

    def update(self, dt: float) -> None:
        """A sentence that changed (the solver answered, a copy was made, a refusal) gets its
        room before the next frame shows it."""
        if self.words_shown() != self._laid_out:
            self.fit(self.app.size)
            self.dirty = True

    def body_text(self) -> str:
        """The chosen difficulty, what the window says of the typed code, the game in play."""
        said = self.said()
        # Translators: what a screen reader says when a difficulty button is chosen; {name} is Easy, Medium or Hard.
        texts = [_("Difficulty: {name}.").format(name=difficulty_name(self.cells))]
        if said is not None:
            texts.append(said[0])
        texts += [text for text, _role in self.about_lines()]
        return sentences(texts)

    def deal_label(self) -> str:
        return deal_label(self.session.current.in_progress, self.code_verdict() == "lost")

    # -- the typed code --------------------------------------------------------------------
    def code_verdict(self) -> str | None:
        """The solver's verdict on the typed code's deal, when winnable deals only is on
        for its difficulty and the verdict is in."""
        if self.code is None or not self.wants_winnable(self.code.cells):
            return None
        return self.verdicts.get((self.code, self.session.current.rules))

    def wants_winnable(self, cells: int) -> bool:
        return bool(self.app.settings.winnable_only.get(cells, False))

    @property
    def checking(self) -> bool:
        """The solver is looking at the typed code's deal."""
        return self.session.jobs.running(self.CHECK)

    def code_changed(self) -> None:
        """The code field changed: follow it (the difficulty it names, the solver's check)."""
        text = self.code_text.strip()
        try:
            code = GameCode.parse(text) if text else None
        except InvalidCode:
            code = None
        if code == self.code:
            return
        self.code = code
        self.deal_when_checked = False
        self.cells = code.cells if code is not None else self.chosen
        focus = self.widgets[self.focus].name if self.widgets else "field"
        self.fit(self.app.size)
        self.focus = self.index(focus)
        self.check_code()

    def check_code(self) -> None:
        """Ask the solver about the typed code's deal, if winnable deals only is on for it
        and it has not answered yet (any older question is dropped)."""
        self.session.jobs.cancel(self.CHECK)
        code, rules = self.code, self.session.current.rules
        if code is None or not self.wants_winnable(code.cells) or (code, rules) in self.verdicts:
            return

        def answered(status: str) -> None:
            self.verdicts[(code, rules)] = status
            focus = self.widgets[self.focus].name
            self.fit(self.app.size)  # Deal may become "Deal anyway"
            self.focus = self.index("deal" if self.deal_when_checked else focus)
            self.dirty = True
            if self.deal_when_checked and self.code == code:
                self.deal_when_checked = False
                if status != "lost":
                    self.deal()  # else the sentence is on show, and Deal (now "Deal anyway") waits

        self.session.jobs.start(self.CHECK, services.deal_verdict, code, rules, on_done=answered,
                                on_error=lambda _error: answered("unknown"), follows_game=False)
        self.dirty = True

    def code_sentence(self) -> tuple[str, str] | None:
        """What the window says about the typed code's deal, in one sentence, and the name
        of its colour in the theme."""
        if self.code is None or self.error:
            return None
        return deal_sentence(self.code.cells, self.wants_winnable(self.code.cells), self.code_verdict())

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
            self.field.erase()
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
        self.field.type(text)

    def on_pointer(self, p: Pointer) -> None:
        field = self.widgets[self.index("field")]
        tapped = p.kind == "up" and p.touch and self.pressed == "field" and field.box.contains(*p.pos)
        super().on_pointer(p)
        if tapped and not self.waiting:  # a finger on the code field: the keypad comes up
            self.keypad = CodeKeypad(self.app, self.field)
            self.app.push(self.keypad)

    def paste(self) -> None:
        text = clipboard_get().strip()
        if not text:
            self.field.complaint = lambda: _("The clipboard holds no text.")
        elif text.startswith("{"):  # a game as text (Copy game): the table plays it, asking first if one is at stake
            self.close()
            self.session.ask("paste_game")
            return
        else:
            self.field.replace(text.splitlines()[0])
        self.focus = self.index("field")
        self.dirty = True

    def copy(self) -> None:
        code = self.session.current.code
        if code is None:
            self.notes = None  # the line about the game already says it has no code
        elif clipboard_put(str(code)):
            # Translators: a note in the New Game window after the Copy button: the game code is on the clipboard.
            self.notes = lambda: _("Copied.")
        else:
            self.notes = lambda: _("The clipboard cannot be reached.")
        self.dirty = True

    def copy_game(self) -> None:
        """The game in play as text (its record, with the time and hints) on the clipboard."""
        current = self.session.current
        copied = clipboard_put(record_text(current.game, current.elapsed()))
        # Translators: a note in the New Game window after the Copy game button: the game (with its moves) is on the
        # clipboard.
        self.notes = lambda: _("Game copied.") if copied else _("The clipboard cannot be reached.")
        self.dirty = True

    def activate(self, widget: Widget) -> None:
        name = widget.name
        if self.waiting and name != "cancel":
            return
        if name.startswith("cells"):
            if self.code is not None and self.code.cells != int(name[5:]):
                self.notes = lambda: _("The typed code sets the difficulty: clear it to choose another.")
            else:
                self.chosen = self.cells = int(name[5:])
                self.fit(self.app.size)
                self.focus = self.index(name)
        elif name == "winnable":
            widget.on = not widget.on
            self.session.settings.set("winnable_only", {**self.session.settings.winnable_only, self.cells: widget.on})
            self.check_code()
            self.fit(self.app.size)
            self.focus = self.index("winnable")
        elif name == "field":
            pass
        elif name == "paste":
            self.paste()
        elif name == "copy":
            self.copy()
        elif name == "copy_game":
            self.copy_game()
        elif name == "cancel":
            self.close()
        elif name == "daily":  # today's deal of the difficulty chosen here (this window says what it costs)
            self.close()
            from seahaven.app.screens.daily_deals import (
                play_daily,  # imported when first used (see navigation.open_screen)
            )

            play_daily(self.app, self.session, today(), self.cells)
        elif name == "deal":
            self.deal()
        self.dirty = True

    def deal(self) -> None:
        text = self.code_text.strip()
        if text:
            try:
                code = GameCode.parse(text)
            except InvalidCode as error:
                wrong = error
                self.field.complaint = lambda: code_error_text(wrong)
                self.focus = self.index("field")
                self.dirty = True
                return
            if code != self.code:
                self.code_changed()  # the field changed without the window following it
            if self.wants_winnable(code.cells) and self.code_verdict() is None:
                # the solver has not answered yet: deal once it has (or say why not)
                self.deal_when_checked = True
                if not self.checking:
                    self.check_code()
                self.dirty = True
                return
            self.start(code)  # a deal that cannot be won only once the window has said so
            return
        winnable = self.widgets[self.index("winnable")].on
        if winnable:
            self.session.jobs.start("winnable", services.winnable_deal, self.cells, self.session.current.rules,
                                    on_done=self.start, on_error=self._no_winnable_deal, follows_game=False)
            self.notes = lambda: _("Finding a winnable deal…")
            self.dirty = True
            return
        self.start(GameCode.random(self.cells))

    def _no_winnable_deal(self, error: BaseException) -> None:
        self.session.say(_("No winnable deal was found in time: this deal may not be winnable."), warn=True)
        self.start(GameCode.random(self.cells))

    def busy(self) -> bool:
        return self.waiting or self.checking

    def wake_in(self) -> float | None:
        return 0.05 if self.waiting or self.checking else None

    def close(self) -> None:
        self.session.jobs.cancel("winnable")
        self.session.jobs.cancel(self.CHECK)
        if self.keypad is not None:
            self.keypad.close()  # the keypad edits this window's field: it goes with it
            self.keypad = None
        super().close()

    def start(self, code: GameCode) -> None:
        self.close()
        self.session.deal(code)

    # -- drawing ---------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        painter = self.app.painter
        theme, px, x0 = painter.theme, self.px, self.panel.x + self.px
        # Translators: a label over the three difficulty buttons of the New Game window (also a Settings row of old).
        surface.blit(painter.text(_("Difficulty"), px, theme.muted, bold=True), (x0, self.label_ys["difficulty"]))
        surface.blit(painter.text(_("Game code (leave empty for a new random deal)"), px, theme.muted, bold=True),
                     (x0, self.label_ys["code"]))
        for i, (line, role) in enumerate(self.said_lines):  # as the layout wrapped them and made room
            surface.blit(painter.text(line, self.scale.note, getattr(theme, role)),
                         (x0, self.label_ys["error"] + i * self.steps[0]))
        top = self.label_ys["current"] + (self.label_ys["current_h"] - len(self.about_wrapped) * self.steps[1]) // 2
        for i, (line, role) in enumerate(self.about_wrapped):
            surface.blit(painter.text(line, px, getattr(theme, role)), (x0, top + i * self.steps[1]))


def deal_label(in_progress: bool, lost: bool) -> str:
    """The Deal button's words: what happens to a game in progress when one is (issue
    37.1), and "anyway" when the solver proved the typed code's deal cannot be won."""
    if in_progress:
        return _("Deal anyway and count this game as lost") if lost else _("Deal and count this game as lost")
    if lost:
        # Translators: the main button of the New Game window when the solver proved the typed deal cannot be won. About
        # 15 characters.
        return _("Deal anyway")
    # Translators: the main button of the New Game window: deal the chosen game (a verb). About 15 characters.
    return _("Deal")


def deal_sentence(cells: int, winnable_only: bool, verdict: str | None) -> tuple[str, str]:
    """What New Game says of a typed code's deal of ``cells`` cells (with winnable deals only
    on or off for it, and the solver's verdict: won, lost, unknown, or None while it looks),
    and the name of its colour in the theme."""
    if not winnable_only:
        if cells not in DIFFICULTY_NAMES:
            # Translators: the New Game window, about the deal of a typed code; {cells} is "3 cells" (a count that is no
            # difficulty).
            return _("A deal with {cells}.").format(cells=cells_phrase(cells)), "muted"
        # Translators: the New Game window, about the deal of a typed code; {cells} is "4 cells".
        return per_difficulty(cells, _("An Easy deal ({cells})."),
                              # Translators: the New Game window, about the deal of a typed code; {cells} is "2 cells".
                              _("A Medium deal ({cells})."),
                              # Translators: the New Game window, about the deal of a typed code; {cells} is "1 cell".
                              _("A Hard deal ({cells}).")).format(cells=cells_phrase(cells)), "muted"
    if verdict == "lost":
        return _("The solver proved that this deal cannot be won."), "error"
    if verdict == "won":
        if cells not in DIFFICULTY_NAMES:
            return _("A deal that the solver has proved can be won."), "accent"
        return per_difficulty(cells, _("An Easy deal that the solver has proved can be won."),
                              _("A Medium deal that the solver has proved can be won."),
                              _("A Hard deal that the solver has proved can be won.")), "accent"
    if verdict == "unknown":
        return _("The solver could not tell in time whether this deal can be won."), "muted"
    return _("The solver is checking that this deal can be won\u2026"), "muted"


def game_in_play_lines(session: Session, note: str) -> list[tuple[str, str]]:
    """New Game's lines about the game in play, each with the name of its colour in the
    theme: its code and rating, the warning that dealing now counts it as lost (while it is
    in progress), and ``note`` (a copy, a search) when there is one."""
    code = session.current.code
    rating = session.facts.rating(code)
    if code is None:
        line = _("This game has no code.")
    elif rating is not None:
        # Translators: a line of the New Game window about the game in play: {code} is like SH1-C4-AAAAAJ2, {rating} the
        # solver's rating from 1 (easy) to 5 (hard). The line is often narrow: keep it short.
        line = _("This game: {code}, rated {rating} of 5.").format(code=code, rating=rating)
    else:
        # Translators: a line of the New Game window about the game in play; {code} is like SH1-C4-AAAAAJ2.
        line = _("This game: {code}.").format(code=code)
    lines = [(line, "panel_text")]
    if session.current.in_progress:
        lines.append((_("Dealing now counts it as lost."), "error"))
    if note:
        lines.append((note, "accent"))
    return lines


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

    def __init__(self, app: App, field: TextField) -> None:
        self.field = field
        self.columns = 9
        self.echo = Box(0, 0, 0, 0)
        self._echo_lines: tuple[str, ...] = ()
        """The field's words above the keys, as the layout wrapped them (and made room for)."""
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
        text, _colour, text_px = self.echo_words()
        self._echo_lines = wrap(self.app.painter.font(text_px), text, width - 2 * pad - px)
        echo_h = max(round(px * 2.4), len(self._echo_lines) * round(text_px * 1.3) + px)  # every line of it
        height = pad + echo_h + gap + rows * (key_h + gap) - gap + pad
        self.panel = Box((w - width) // 2, max(8, h - height - 8), width, height)
        self.echo = Box(self.panel.x + pad, self.panel.y + pad, width - 2 * pad, echo_h)
        top = self.echo.y + echo_h + gap
        self.widgets = []
        for i, label in enumerate(labels):
            row, col = divmod(i, columns)
            box = Box(self.panel.x + pad + col * (key_w + gap), top + row * (key_h + gap), key_w, key_h)
            font_px = round(min(key_h * 0.45, px * (1.0 if len(label) > 1 else 1.4)))
            # Translators: keys of the on-screen keyboard for the game code: Erase deletes the last character, Done
            # closes the keyboard. About 8 characters each.
            shown = {KEYPAD_ERASE: _("Erase"),
                     # Translators: keys of the on-screen keyboard for the game code: Erase deletes the last character,
                     # Done closes the keyboard. About 8 characters each.
                     KEYPAD_DONE: _("Done")}.get(label, label)
            self.widgets.append(Widget(f"key{label}", box, shown, primary=label == KEYPAD_DONE, font_px=font_px))
        self.focus = len(self.widgets) - 1

    def activate(self, widget: Widget) -> None:
        label = widget.name.removeprefix("key")
        if label == KEYPAD_DONE:
            self.close()
            return
        if label == KEYPAD_ERASE:
            self.field.erase()
        else:
            self.field.type(label)
        self.dirty = True

    def on_key(self, event: Any) -> None:
        """A keyboard after all: its keys edit the field (Enter submits it; the window it
        belongs to closes the keypad when it closes)."""
        key = event.key
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if key == pygame.K_ESCAPE:
            self.close()
        elif key == pygame.K_BACKSPACE:
            self.field.erase()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.field.submit()
        elif ctrl and key == pygame.K_v:
            text = clipboard_get().strip()
            if text:
                self.field.replace(text.splitlines()[0])
            else:
                self.field.complaint = lambda: _("The clipboard holds no text.")
        elif key == pygame.K_F11:
            self.app.toggle_fullscreen()
        self.dirty = True

    def on_text(self, text: str) -> None:
        self.field.type(text)
        self.dirty = True

    def draw_body(self, surface: pygame.Surface) -> None:
        painter = self.app.painter
        px = self.px
        box = pygame.Rect(self.echo)
        field = self.field
        theme = painter.theme
        pygame.draw.rect(surface, theme.field, box, border_radius=6)
        pygame.draw.rect(surface, theme.error if field.error else theme.focus, box,
                         width=theme.line(2), border_radius=6)
        _text, colour, size = self.echo_words()
        step = round(size * 1.3)
        top = box.centery - len(self._echo_lines) * step // 2
        for i, line in enumerate(self._echo_lines):  # every line, as the layout wrapped them: none cut
            words = painter.text(line, size, getattr(theme, colour))
            surface.blit(words, (box.x + px // 2, top + i * step + (step - words.get_height()) // 2))

    def echo_words(self) -> tuple[str, str, int]:
        """What shows above the keys: what is wrong with the field's text, or the text, or
        a hint while it is empty; with the name of its colour in the theme and its size."""
        field = self.field
        if field.error:
            return field.error, "error", self.scale.note
        if field.text:
            return field.text, "panel_text", round(self.px * 1.2)
        return _("Type the game code, like SH1-C4-AAAAAJ2"), "muted", self.px

    def update(self, dt: float) -> None:
        """Words that take another number of lines (a refusal, a long paste) get their room."""
        text, _colour, size = self.echo_words()
        if wrap(self.app.painter.font(size), text, self.echo.w - self.px) != self._echo_lines:
            self.fit(self.app.size)
            self.dirty = True
