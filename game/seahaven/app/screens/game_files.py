"""Save as and Open (issues 28, 36, 37): the game's own file browser, in the kit's look, since
pygame has no file dialog.

From the top: the places a player starts from (Home, Documents, the folder of the last game
file, the recent game files), the path field (type or paste a path; Enter saves or opens, or
goes into the folder it names), the folder shown with a button to go up, and its folders and
game files in the order of the player's language, a list that scrolls (wheel, a finger's
swipe, the arrows, Page Up and Page Down). A click or tap on a folder goes into it; on a game
file, opens it (Open) or names it to save over (Save as). Everything is reached by keys
(Ctrl+S, Ctrl+O, Tab, the arrows, Enter, Backspace for the folder above, Esc), mouse and touch.

Whatever is typed, pasted or found on disk, the window answers within the frame: a path the
system cannot take gets its sentence before any file operation, a folder is read only when
the field comes to name another one (and at most :data:`~seahaven.app.saving.folders.MAX_ENTRIES`
entries of it), names are shown through :func:`~seahaven.app.text.file_names.shown` and kept
as they are for the file operations (issue 36). Opening never throws away the game in play
without asking, and opening the file of the game in play goes on with that game (issue 36).
Analyse (beside Open) opens the file's game in the replay with its analysis instead (issue 38):
every move reviewed, and the game in play left as it is.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from seahaven.app.kit import TextField, Widget, Window
from seahaven.app.kit.input import Pointer
from seahaven.app.kit.nav_keys import nav
from seahaven.app.kit.scroll import paint_scrollbar, scrollbar
from seahaven.app.looks.box import Box
from seahaven.app.looks.fonts import warm_system_faces
from seahaven.app.looks.render import wrap
from seahaven.app.saving.folders import (
    AT_ONCE,
    MAX_ENTRIES,
    Entry,
    FolderReader,
    Listing,
    list_folder,
    path_trouble,
    places,
    recent_files,
    start_folder,
    typed_path,
    with_suffix,
)
from seahaven.app.screens import navigation
from seahaven.app.screens.dialogs import Confirm
from seahaven.app.screens.new_game import clipboard_get
from seahaven.app.state import game_record
from seahaven.app.state.game_record import GameFileError
from seahaven.app.state.session import Session
from seahaven.app.state.stats import is_record
from seahaven.app.text.file_names import elide, shown
from seahaven.app.text.words import moves_phrase
from seahaven.engine import Game
from seahaven.i18n import _, format_date, format_number, language, ngettext, pgettext

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

MAX_PATH = 4096
"""The longest text the path field takes (the longest path Linux takes)."""
MAX_ROWS = 14
"""The list shows at most this many rows (fewer where the window is short)."""
WHEEL_ROWS = 3
"""Rows one notch of the mouse wheel scrolls."""
# Translators: a button of the file chooser: go to the user's home folder (use the name your system gives it). About 12
# characters.
PLACES = {"home": lambda: pgettext("file chooser place", "Home"),
          # Translators: a button of the file chooser (Open a game, Save the game): go to the Documents folder. About 12
          # characters.
          "documents": lambda: _("Documents"),
          # Translators: a button of the file chooser: go back to the folder last used. About 12 characters.
          "last": lambda: _("Last folder")}
"""The words of each place (built when shown: the language of now)."""


def same_deal(playing: Game, opened: Game) -> bool:
    """Whether ``opened`` (a file's game) is the deal in play: the same game, saved, not another."""
    return is_record(playing) and playing.code == opened.code


def play_saved(app: App, session: Session, game: Game, elapsed_s: float, name: str) -> None:
    """Play ``game`` read from ``name`` (a file, or the clipboard), after asking if the game
    in play would be lost. The file of the game in play goes on with that game: nothing to
    ask when it holds the very moves on the table, else asked, and never counted as lost."""
    current = session.current
    same = same_deal(current.game, game)

    def play() -> None:
        game.rules = session.settings.rules
        if same and session.keeper is not None:
            session.keeper.continues(game)  # one game in the statistics, not a lost one and a new one
        current.new_game(game, elapsed_s)
        if same:
            # Translators: said (status line) after a game file was opened that holds the game in play; {name} is the
            # file's name, {n} the move it goes on from.
            session.say(_("{name} is open: the same game goes on from its move {n}.").format(
                name=name, n=format_number(game.move_count)))
        elif is_record(game):
            # Translators: said (status line) after a game file was opened; {name} is the file's name.
            session.say(_("{name} is open: play on.").format(name=name))
        else:
            # Translators: said (status line) after a file was opened that holds a game set up from a position, not
            # dealt: it is not recorded in the statistics. {name} is the file's name. “It is no record” means the game
            # is not recorded: the statistics do not count it (not a best performance).
            session.say(_("{name} is open: a game from a position, so it is no record.").format(name=name))

    if same and game.moves == current.game.moves:
        # Translators: said (status line) when the opened file holds exactly the game on the table; {name} is the file's
        # name.
        session.say(_("{name} holds the game in play as it stands: play on.").format(name=name))
        return
    at_stake = navigation.game_at_stake(session)
    if at_stake is None:
        play()
    elif same:
        moves = game.move_count
        # Translators: the title of a confirmation window; {name} is a file's name.
        app.push(Confirm(app, lambda: _("Open {name}?").format(name=name),
                         # Translators: a confirmation window's text; {moves} is a number of moves ("12 moves").
                         lambda: _("The file holds this same deal at {moves}: the game goes back or on to there, "
                                   "and it is still one game, not a lost one.").format(moves=moves_phrase(moves)),
                         # Translators: a confirmation window's button that opens the file asked about. About 12
                         # characters.
                         lambda: _("Open it"), play))
    else:
        app.push(Confirm(app, lambda: _("Open {name}?").format(name=name), at_stake, lambda: _("Open it"), play))


def _is_dir(path: Path) -> bool:
    return os.path.isdir(path)  # never raises (a name too long, a NUL: False)


class FileList:
    """The chooser's list: a folder's entries (or the recent game files), the rows of them in
    view, scrolled by the wheel, a swipe or the keys, and how a row looks (a folder or a card
    for a game file, the name, and room permitting the date, or a recent file's folder)."""

    def __init__(self) -> None:
        self.entries: tuple[Entry, ...] = ()
        self.recent = False
        """The entries are the recent game files (each shown with its folder, not its date)."""
        self.top = 0
        """The first entry in view."""
        self.rows = 1
        """The rows the list has room for."""
        self.pitch = 1
        self.box = Box(0, 0, 0, 0)
        self._dates: dict[Path, str] = {}
        """The date shown of each game file in view (its file asked once)."""

    def show(self, entries: tuple[Entry, ...], recent: bool, keep_place: bool = False) -> None:
        """Show ``entries`` from the top (``keep_place``: where the list stands, as when the
        rest of a big folder comes in)."""
        self.entries, self.recent = entries, recent
        if not keep_place:
            self.top = 0
        self._dates = {}

    def place(self, box: Box, pitch: int, bar: int) -> list[Widget]:
        """The rows in view as widgets (``row<i>``, ``i`` the entry's index), in ``box``, a
        row every ``pitch`` pixels, ``bar`` pixels kept for the scroll bar when it shows."""
        self.box, self.pitch = box, pitch
        self.rows = max(1, box.h // pitch)
        self.top = max(0, min(self.top, len(self.entries) - self.rows))
        width = box.w - (bar + 6 if len(self.entries) > self.rows else 0)
        widgets = []
        for i in range(self.top, min(len(self.entries), self.top + self.rows)):
            entry = self.entries[i]
            # Translators: a row of the file chooser's list as a screen reader reads it; {name} is a folder's name.
            label = (_("Folder {name}") if entry.folder
                     # Translators: a row of the file chooser's list as a screen reader reads it; {name} is a game
                     # file's name.
                     else _("Game file {name}")).format(name=shown(entry.path.name))
            widgets.append(Widget(f"row{i}", Box(box.x, box.y + (i - self.top) * pitch, width, pitch - 2), label))
        return widgets

    def scroll(self, rows: int) -> bool:
        """Scroll ``rows`` rows (down when positive); whether the list moved."""
        top = max(0, min(self.top + rows, len(self.entries) - self.rows))
        moved, self.top = top != self.top, top
        return moved

    def bring_into_view(self, i: int) -> None:
        if i < self.top:
            self.top = i
        elif i >= self.top + self.rows:
            self.top = i - self.rows + 1

    def draw(self, surface: pygame.Surface, painter: Any, px: int, small: int, empty: str) -> None:
        """The list's ground, what it says when it is empty, and its scroll bar."""
        theme, box = painter.theme, self.box
        pygame.draw.rect(surface, theme.band, pygame.Rect(box), border_radius=max(3, px // 4))
        for i, line in enumerate(wrap(painter.font(small), empty, box.w - 2 * px)[:3] if empty else ()):
            surface.blit(painter.text(line, small, theme.muted), (box.x + px, box.y + px // 2 + i * small * 5 // 4))
        bar = scrollbar((box.right + 1, 0), pygame.Rect(box), self.top, len(self.entries) - self.rows,
                        len(self.entries) * self.pitch, px)  # (the kit's bar: its track ends at size[0] - 3)
        paint_scrollbar(surface, theme, bar)

    def draw_row(self, surface: pygame.Surface, painter: Any, widget: Widget, px: int, focus: bool, hot: bool) -> None:
        """One row: striped, lit while hovered or pressed (``hot``), ringed when it has the focus."""
        theme = painter.theme
        box, rect = widget.box, pygame.Rect(widget.box)
        i = int(widget.name[3:])
        radius = max(3, px // 4)
        if hot:
            pygame.draw.rect(surface, theme.panel_button_hover, rect, border_radius=radius)
        elif i % 2:
            pygame.draw.rect(surface, theme.stripe, rect, border_radius=radius)
        if focus:
            pygame.draw.rect(surface, theme.focus, rect, width=theme.line(2), border_radius=radius)
        entry = self.entries[i]
        glyph = round(box.h * 0.55)
        _glyph(surface, theme, entry.folder, pygame.Rect(box.x + px // 2, box.y + (box.h - glyph) // 2, glyph, glyph))
        x = box.x + px // 2 + glyph + px // 2
        room = box.right - px // 2 - x
        aside = self._aside(entry)
        font = painter.font(px)
        aside_w = font.size(aside)[0] if aside else 0
        name = shown(entry.path.name) + (os.sep if entry.folder else "")
        if aside and font.size(name)[0] + px + aside_w > room:
            if self.recent:  # the folder, shortened, keeps its end; a date goes where there is no room
                aside = elide(aside, lambda part: font.size(part)[0] <= max(room // 3, room - font.size(name)[0] - px))
                aside_w = font.size(aside)[0]
            else:
                aside, aside_w = "", 0
        fit = room - (aside_w + px if aside else 0)
        name = elide(name, lambda part: font.size(part)[0] <= fit, keep_end=False)
        words = painter.text(name, px, theme.panel_text)
        surface.blit(words, (x, box.y + (box.h - words.get_height()) // 2))
        if aside:
            other = painter.text(aside, px, theme.muted)
            surface.blit(other, (box.right - px // 2 - other.get_width(), box.y + (box.h - other.get_height()) // 2))

    def _aside(self, entry: Entry) -> str:
        """What a row shows at its right: a recent file's folder, a game file's date."""
        if entry.folder:
            return ""
        if self.recent:
            return shown(entry.path.parent)
        date = self._dates.get(entry.path)
        if date is None:  # asked when first shown (a folder of thousands is listed without a stat each)
            modified = entry.modified()
            try:
                date = format_date(dt.date.fromtimestamp(modified)) if modified is not None else ""
            except (OverflowError, OSError, ValueError):
                date = ""
            self._dates[entry.path] = date
        return date


def _glyph(surface: pygame.Surface, theme: Any, folder: bool, rect: pygame.Rect) -> None:
    """A folder (a tab on a body) or a game file (a card), in the theme's colours."""
    if folder:
        tab = pygame.Rect(rect.x, rect.y + rect.h // 8, rect.w // 2, rect.h // 4)
        body = pygame.Rect(rect.x, rect.y + rect.h // 4, rect.w, rect.h * 3 // 4)
        pygame.draw.rect(surface, theme.heading, tab, border_radius=max(1, rect.h // 10))
        pygame.draw.rect(surface, theme.heading, body, border_radius=max(1, rect.h // 10))
    else:
        card = pygame.Rect(rect.x + rect.w // 6, rect.y, rect.w * 2 // 3, rect.h)
        pygame.draw.rect(surface, theme.card_face, card, border_radius=max(1, rect.h // 8))
        pygame.draw.rect(surface, theme.muted, card, width=max(1, rect.h // 14), border_radius=max(1, rect.h // 8))


class GameFiles(Window):
    """Save the game in play to a file (``saving``), or open one: a file browser."""

    width_em = 36.0

    def __init__(self, app: App, session: Session, saving: bool, folder: Path | None = None) -> None:
        self.session = session
        self.saving = saving
        recent = session.files.recent() if session.files is not None else []
        self.last = recent[0] if recent else None
        """The game file last opened or saved (its folder is a place, and where the chooser opens)."""
        self.places = places(self.last)
        """Home, Documents and the last folder, those there are (looked for once, as it opens)."""
        self.folder = folder if folder is not None else start_folder(self.last)
        self.field = TextField(MAX_PATH, on_edit=self._edited, on_submit=self.submit)
        self.field.text = str(self.folder / game_record.default_name(session.current.game)) if saving else \
            str(self.folder) + os.sep
        self.list = FileList()
        self.listing = Listing(self.folder)
        """The folder last listed (the list shows it unless it shows the recent files)."""
        self.reader = FolderReader()
        """Reads the rest of a folder of more than :data:`AT_ONCE` entries."""
        self.note = ""
        """A sentence under the field (a path the system cannot take), or ""."""
        self.heading_x = 0
        self._scroll_from: int | None = None
        """Where the list stood when a press on it began (a swipe scrolls it)."""
        self._listed_for: tuple[Path, str] | None = None
        self.list_shown()
        warm_system_faces()  # a name in a script of its own may be drawn from a system face
        super().__init__(app)
        self.focus = self.index("field")

    def index(self, name: str) -> int:
        for i, widget in enumerate(self.widgets):
            if widget.name == name:
                return i
        return 0

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.list.entries

    @property
    def recent_view(self) -> bool:
        return self.list.recent

    # -- the folder and its entries ---------------------------------------------------------
    def typed_path(self) -> Path:
        return typed_path(self.field.text, self.folder)

    def shown_folder(self) -> Path:
        """The folder listed: the field's, if it names a folder, else its parent's."""
        path = self.typed_path()
        return path if self.field.text.endswith(os.sep) or _is_dir(path) else path.parent

    def list_shown(self) -> None:
        """List the folder the field names, unless it is listed already, or is a path the
        system cannot take (then its sentence shows, and the list stays as it was)."""
        self.note = path_trouble(self.typed_path()) or ""
        if self.note:
            return
        folder = self.shown_folder()
        key = (folder, language())
        if key != self._listed_for or self.list.recent:
            if key != self._listed_for:  # the first entries now, the rest (if any) on a worker thread
                self.reader.forget()
                self.listing = list_folder(folder, key[1], limit=AT_ONCE)
                if self.listing.cut:
                    self.reader.ask(*key)
            self._listed_for = key
            self.list.show(self.listing.entries, recent=False)

    def update(self, dt: float) -> None:
        """The rest of a big folder has been read: it comes into the list, which stays where it is."""
        listing = self.reader.take()
        if listing is not None and listing.folder == self.listing.folder:
            self.listing = listing
            if not self.list.recent:
                self.list.show(listing.entries, recent=False, keep_place=True)
            self.build(self.app.size)
            self.dirty = True

    def busy(self) -> bool:
        return self.reader.reading  # frames go on (to take the rest of the folder) while it is read

    def go_to(self, folder: Path) -> None:
        """Show ``folder``: the field names it (saving: with the file's name kept)."""
        name = "" if not self.saving or self.field.text.endswith(os.sep) or _is_dir(self.typed_path()) else \
            self.typed_path().name
        self.field.set(str(folder / name) if name else str(folder) + os.sep)
        self.focus = self.index("field")

    def show_recent(self) -> None:
        files = self.session.files
        self.list.show(recent_files(files.recent() if files is not None else []), recent=True)
        self.build(self.app.size)
        self.dirty = True

    def _edited(self) -> None:
        self.list_shown()
        self.build(self.app.size)
        self.focus = self.index("field")
        self.dirty = True

    def art_changed(self) -> None:
        self._listed_for = None  # the names sort as the language of now sorts them
        if not self.list.recent:
            self.list_shown()
        super().art_changed()

    # -- layout ----------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        # Translators: the file chooser's title when it saves the game in play.
        self.title = (_("Save the game") if self.saving  # in the language of now
                      # Translators: the file chooser's title when it opens a game file.
                      else _("Open a game"))
        px = self.px
        row, gap = round(px * 2.3), px // 2
        place_h, head_h, pitch = round(px * 2.1), round(px * 2.2), round(px * 1.9)
        fixed = (round(px * 3.4) + place_h + gap + round(px * 1.55) + row + round(px * 2.6) + head_h
                 + gap + row + 2 * px)
        self.panel = panel = self.panel_box(size, fixed + MAX_ROWS * pitch)
        x0, inner = panel.x + px, panel.w - 2 * px
        y = panel.y + round(px * 3.4)
        widgets = self._place_row(x0, y, inner, place_h)
        y += place_h + gap
        self.ys = {"label": y}
        y += round(px * 1.55)
        widgets.append(Widget("field", Box(x0, y, inner, row), _("Path of the game file"), kind="field",
                              field=self.field))
        y += row
        self.ys["note"] = y + px // 4
        y += round(px * 2.6)
        # Translators: a button of the file chooser: go to the folder that holds this one (the parent folder). About 6
        # characters.
        up = pgettext("file chooser", "Up")
        up_w = min(inner // 3, self.app.painter.text(up, self.scale.button, bold=True).get_width() + 3 * px)
        folder = None if self.list.recent else self.shown_folder()
        widgets.append(Widget("up", Box(x0, y, up_w, head_h - gap // 2), up,
                              enabled=self.list.recent or (folder is not None and folder.parent != folder)))
        self.heading_x = x0 + up_w + px // 2
        y += head_h
        rows = max(1, (panel.bottom - px - row - gap - y) // pitch)
        widgets += self.list.place(Box(x0, y, inner, rows * pitch), pitch, max(8, px // 2))
        # Translators: a button of a window: close it and do nothing. About 12 characters.
        buttons = [("cancel", _("Cancel"), False),
                   # Translators: the file chooser's main button when it saves the game in play. About 10 characters.
                   ("go", _("Save") if self.saving
                    # Translators: the file chooser's main button when it opens a game file. About 10 characters.
                    else _("Open"), True)]
        if not self.saving:
            buttons.insert(1, ("analyse", _("Analyse"), False))
        widgets += self.button_row(buttons, panel.bottom - px)
        self.widgets = widgets

    def _place_row(self, x: int, y: int, width: int, h: int) -> list[Widget]:
        """Home, Documents, the last folder and the recent files, side by side (the one
        shown marked), at one size of words."""
        shown_folder = None if self.list.recent else self.shown_folder()
        found = [(f"place_{place.key}", PLACES[place.key](), place.path == shown_folder) for place in self.places]
        # Translators: a heading of the file chooser: the game files used lately.
        found.append(("recent", _("Recent files"), self.list.recent))
        gap = self.px // 3
        w = (width - gap * (len(found) - 1)) // len(found)
        widgets = [Widget(name, Box(x + i * (w + gap), y, w, h), label, kind="choice", on=on)
                   for i, (name, label, on) in enumerate(found)]
        self.one_size(widgets)
        return widgets

    # -- input -----------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        name = self.widgets[self.focus].name if self.widgets else ""
        field_focus = name == "field"
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and event.key == pygame.K_v:
            text = clipboard_get().strip()
            if text:
                self.field.replace(text.splitlines()[0])
            return
        intent = nav(event)
        if field_focus and event.key == pygame.K_BACKSPACE:
            self.field.erase()
            return
        if field_focus and event.key == pygame.K_SPACE:
            return  # typed blanks arrive as text input
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (field_focus or not self.show_focus):
            self.submit()
            return
        if intent == "back":  # Backspace away from the field: the folder above
            self.go_up()
            return
        on_row = name.startswith("row")
        moves = {"down": 1, "up": -1, "page_down": self.list.rows, "page_up": -self.list.rows}
        to_rows = (on_row and intent in (*moves, "home", "end")) or (field_focus and intent in ("down", "page_down"))
        if self.entries and to_rows:
            here = int(name[3:]) if on_row else -1
            last = len(self.entries) - 1
            if on_row and intent == "up" and here == 0:
                self.focus = self.index("up")
                self.show_focus = True
            else:
                target = 0 if intent == "home" else last if intent == "end" else here + moves[str(intent)]
                self.focus_row(max(0, min(last, target)))
            self.dirty = True
            return
        super().on_key(event)

    def focus_row(self, i: int) -> None:
        """Move the keyboard's focus to row ``i``, scrolling it into view."""
        self.list.bring_into_view(i)
        self.build(self.app.size)
        self.focus = self.index(f"row{i}")
        self.show_focus = True

    def scroll(self, rows: int) -> None:
        """Scroll the list; a focused row that leaves the view hands the focus to the row at
        the edge it left by (the focus never jumps out of the list)."""
        if self.list.scroll(rows):
            focused = self.ring.name
            self.build(self.app.size)
            if focused.startswith("row") and all(widget.name != focused for widget in self.widgets):
                top = self.list.top
                self.ring.name = f"row{min(max(int(focused[3:]), top), top + self.list.rows - 1)}"
            self.dirty = True

    def on_text(self, text: str) -> None:
        if self.widgets[self.focus].name != "field":
            if not text.strip():
                return
            self.focus = self.index("field")
        self.field.type(text)

    def on_pointer(self, p: Pointer) -> None:
        if p.kind == "wheel":
            self.scroll(-round(p.scroll * WHEEL_ROWS))
            return
        widget = self.widget_at(p.pos)
        name = widget.name if widget is not None and widget.enabled else None
        if p.kind == "down":
            self._scroll_from = self.list.top if self.list.box.contains(*p.pos) else None
        outcome = self.presses.feed(p, name, can_drag=self._scroll_from is not None)
        if outcome is None:
            return
        self.dirty = True
        if outcome.kind == "drag" and self._scroll_from is not None:  # a swipe: the list follows the finger
            self.scroll(self._scroll_from - round(outcome.dy / self.list.pitch) - self.list.top)
        elif outcome.kind == "down":
            self.show_focus = False
        elif outcome.kind == "activate" and widget is not None:
            self.ring.click(widget.name)
            self.activate(widget)

    def activate(self, widget: Widget) -> None:
        name = widget.name
        if name == "cancel":
            self.close()
        elif name == "go":
            self.submit()
        elif name == "analyse":
            self.analyse()
        elif name == "up":
            self.go_up()
        elif name == "recent":
            self.show_recent()
        elif name.startswith("place_"):
            place = next((p for p in self.places if f"place_{p.key}" == name), None)
            if place is not None:
                self.go_to(place.path)
        elif name.startswith("row"):
            entry = self.entries[int(name[3:])]
            if entry.folder:
                self.go_to(entry.path)
            else:
                self.field.set(str(entry.path))
                if not self.saving:
                    self.submit()
        self.dirty = True

    def go_up(self) -> None:
        """The folder above the one shown (from the recent files: back to the folder)."""
        if self.list.recent:
            self._edited()
            return
        folder = self.shown_folder()
        if folder.parent != folder:
            self.go_to(folder.parent)

    def submit(self) -> None:
        """Save or open the file the field names (or go into the folder it names)."""
        path = self.typed_path()
        if _is_dir(path):  # a folder: into it, as a click on it does
            self.go_to(path)
            return
        if self.saving:
            path = with_suffix(path)  # the name as it will be written
        trouble = path_trouble(path)
        if trouble is not None:
            self._refused(trouble)
            return
        if self.saving:
            if os.path.lexists(path):
                name = shown(path.name)
                # Translators: the title of a confirmation window; {name} is a file's name that already exists.
                self.app.push(Confirm(self.app, lambda: _("Replace {name}?").format(name=name),
                                      lambda: _("A file of that name is there already; saving replaces it."),
                                      # Translators: a confirmation window's button: write over the file. About 12
                                      # characters.
                                      lambda: _("Replace it"), lambda: self.save(path), no=lambda: _("Cancel")))
                return
            self.save(path)
            return
        files = self.session.files
        try:
            if files is None:
                raise GameFileError(_("Game files cannot be opened in this window."))
            game, elapsed = files.load(path)
        except GameFileError as error:
            self._refused(str(error))
            return
        self.close()
        play_saved(self.app, self.session, game, elapsed, shown(path.name))

    def analyse(self) -> None:
        """Analyse the game of the file the field names: its replay with the analysis, over
        the game in play, which stays as it is (a folder is gone into, a file that cannot be
        read is said here, as Open does)."""
        from seahaven.app.board.replay_game import ReplayGame  # when first asked for

        path = self.typed_path()
        if _is_dir(path):
            self.go_to(path)
            return
        trouble = path_trouble(path)
        if trouble is not None:
            self._refused(trouble)
            return
        files = self.session.files
        try:
            if files is None:
                raise GameFileError(_("Game files cannot be opened in this window."))
            game, _elapsed = files.load(path)
        except GameFileError as error:
            self._refused(str(error))
            return
        self.close()
        navigation.open_replay(self.app, self.session, ReplayGame.of_game(game, kind="record"), analyse=True)

    def _refused(self, why: str) -> None:
        """The file could not be read or written: the field says why (our own sentence,
        worded where the file failed)."""
        self.field.complaint = lambda: why
        self.dirty = True

    def save(self, path: Path) -> None:
        current, files = self.session.current, self.session.files
        try:
            if files is None:
                raise GameFileError(_("Game files cannot be saved from this window."))
            files.save(path, current.game, current.elapsed())
        except GameFileError as error:
            self._refused(str(error))
            return
        self.close()
        # Translators: said (status line) after saving; {path} is the file's full path.
        self.session.say(_("The game is saved in {path}.").format(path=shown(path)))

    # -- drawing ---------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        painter = self.app.painter
        theme = painter.theme
        px, panel = self.px, self.panel
        x0, inner = panel.x + px, panel.w - 2 * px
        label = (_("Save to this file:") if self.saving
                 # Translators: a label before the path field of the file chooser, where a file name is typed.
                 else _("Open this file:"))
        surface.blit(painter.text(label, px, theme.muted, bold=True), (x0, self.ys["label"]))
        small = self.scale.note  # the one type scale's size for notes
        said, colour = self._note()
        for i, line in enumerate(wrap(painter.font(small), said, inner)[:2]):
            surface.blit(painter.text(line, small, colour), (x0, self.ys["note"] + i * round(small * 1.25)))
        heading = _("Game files opened or saved lately") if self.list.recent else shown(self.listing.folder)
        room = panel.right - px - self.heading_x
        heading_font = painter.font(px, True)
        heading = elide(heading, lambda part: heading_font.size(part)[0] <= room)
        words = painter.text(heading, px, theme.panel_text, bold=True)
        up = self.widgets[self.index("up")].box
        surface.blit(words, (self.heading_x, up.y + (up.h - words.get_height()) // 2))
        self.list.draw(surface, painter, px, small, self._empty_words())

    def _note(self) -> tuple[str, Any]:
        """What the line under the field says, in its colour: what is wrong, else how to go on."""
        theme = self.app.painter.theme
        if self.field.error or self.note:
            return self.field.error or self.note, theme.error
        if self.reader.reading and not self.list.recent:
            return _("Reading the rest of this folder\u2026"), theme.muted
        if self.listing.cut and not self.list.recent:
            # Translators: a note under the file chooser's list; {n} is the most entries the list reads (both {n} are
            # the same number).
            return ngettext("This folder holds more than {n} entry: the folders and game files among the first {n} "
                            "are listed.",
                            "This folder holds more than {n} entries: the folders and game files among the first "
                            "{n} are listed.", MAX_ENTRIES).format(n=format_number(MAX_ENTRIES)), theme.muted
        if self.saving:
            return _("Type a name for the file, or choose a folder below."), theme.muted
        return _("Choose a game file below, or type its path."), theme.muted

    def _empty_words(self) -> str:
        if self.list.recent:
            return "" if self.entries else _("No game file has been opened or saved yet.")
        if self.listing.trouble:
            return self.listing.trouble
        return "" if self.entries else _("No folders or game files here.")

    def draw_widget(self, surface: pygame.Surface, widget: Widget, focus: bool) -> None:
        if widget.name.startswith("row"):
            hot = widget.name in (self.pressed, self.hover)
            self.list.draw_row(surface, self.app.painter, widget, self.px, focus, hot)
        else:
            super().draw_widget(surface, widget, focus)


def open_pasted(app: App, session: Session, text: str) -> str | None:
    """Play the game in a pasted text (asking first if one is at stake); the sentence
    saying why it cannot be played, or None."""
    if session.files is None:
        return _("A pasted game cannot be opened in this window.")
    try:
        game, elapsed = session.files.parse_text(text)
    except GameFileError as error:
        return str(error)
    # Translators: the name given to a game pasted from the clipboard (in place of a file's name), as the subject of
    # sentences like "{name} is open: play on.".
    play_saved(app, session, game, elapsed, _("The pasted game"))
    return None


def paste_game(app: App, session: Session) -> None:
    """The New Game window's Paste found a game on the clipboard: play it (or say why not)."""
    trouble = open_pasted(app, session, clipboard_get().strip())
    if trouble is not None:
        session.say(trouble, warn=True)
