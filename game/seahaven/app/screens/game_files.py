"""Save as and Open (issue 28): a small file chooser in the kit's look, since pygame has no
file dialog. A path field (type or paste a path; Enter saves or opens), and the game files
of its folder as buttons (a click or tap opens one, or names it to save over). Reached by
keys (Ctrl+S, Ctrl+O, Tab, Enter, Esc), mouse and touch.

Opening never throws away the game in play without asking (the New Game question), and a
file that cannot be read is said in one sentence under the field, the game in play untouched.
Analyse (A with the focus off the field) opens the file's game in the replay with its
analysis instead: every move reviewed, and the game in play left as it is.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
import pygame

from seahaven.app.kit import TextField, Widget, Window
from seahaven.app.looks.box import Box
from seahaven.app.looks.render import wrap
from seahaven.app.screens import navigation
from seahaven.app.screens.dialogs import Confirm
from seahaven.app.screens.new_game import clipboard_get
from seahaven.app.state import game_record
from seahaven.app.state.game_record import GameFileError
from seahaven.app.state.session import Session
from seahaven.app.state.stats import is_record
from seahaven.engine import Game
from seahaven.i18n import _

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App

LISTED = 5
FOLDERS = 4
"""At most this many of the shown folder's own folders are listed to go into."""
"""Game files of the folder shown as buttons, newest first."""
MAX_PATH = 4096


def start_folder() -> Path:
    """Where the chooser looks first: the player's Documents folder if there is one, else home."""
    home = Path.home()
    with contextlib.suppress(OSError):
        documents = Path(platformdirs.user_documents_dir())
        if documents.is_dir():
            return documents
    return home


def play_saved(app: App, session: Session, game: Game, elapsed_s: float, name: str) -> None:
    """Play ``game`` read from ``name`` (a file, or the clipboard), after asking if the game
    in play would be lost."""
    def play() -> None:
        game.rules = session.settings.rules
        session.current.new_game(game, elapsed_s)
        if is_record(game):
            session.say(_("{name} is open: play on.").format(name=name))
        else:
            session.say(_("{name} is open: a game from a position, so it is no record.").format(name=name))

    at_stake = navigation.game_at_stake(session)
    if at_stake is None:
        play()
    else:
        app.push(Confirm(app, lambda: _("Open {name}?").format(name=name), at_stake, lambda: _("Open it"), play))


class GameFiles(Window):
    """Save the game in play to a file (``saving``), or open one."""

    width_em = 32.0

    def __init__(self, app: App, session: Session, saving: bool, folder: Path | None = None) -> None:
        self.session = session
        self.saving = saving
        self.folder = folder if folder is not None else start_folder()
        self.field = TextField(MAX_PATH, on_edit=self._edited, on_submit=self.submit)
        self.field.text = str(self.folder / game_record.default_name(session.current.game)) if saving else \
            str(self.folder) + os.sep
        self.files: list[Path] = []
        self.folders: list[Path] = []
        """The folders listed to go into: the shown folder's parent first (when it has one),
        then its own folders by name (hidden ones left out)."""
        self.note = ""
        self._listed_for: Path | None = None
        super().__init__(app)
        self.focus = self.index("field")

    def index(self, name: str) -> int:
        for i, widget in enumerate(self.widgets):
            if widget.name == name:
                return i
        return 0

    # -- the folder and its files ---------------------------------------------------------
    def typed_path(self) -> Path:
        text = self.field.text.strip()
        path = Path(text).expanduser() if text else self.folder
        return path if path.is_absolute() else self.folder / path

    def shown_folder(self) -> Path:
        """The folder whose files are listed: the field's, if it names a folder, else its parent's."""
        path = self.typed_path()
        with contextlib.suppress(OSError):
            if self.field.text.endswith(os.sep) or path.is_dir():
                return path
        return path.parent

    def list_files(self) -> None:
        folder = self.shown_folder()
        if folder == self._listed_for:
            return
        self._listed_for = folder
        found: list[tuple[float, Path]] = []
        inside: list[Path] = []
        try:
            with os.scandir(folder) as entries:
                for n, entry in enumerate(entries):
                    if n > 5000:
                        break
                    path = Path(entry.path)
                    with contextlib.suppress(OSError):
                        if entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
                            inside.append(path)
                        elif game_record.is_game_file(path):
                            found.append((entry.stat(follow_symlinks=False).st_mtime, path))
        except OSError:
            found, inside = [], []
        self.files = [path for _m, path in sorted(found, reverse=True)[:LISTED]]
        up = [folder.parent] if folder.parent != folder else []
        self.folders = up + sorted(inside, key=lambda p: p.name.casefold())[:FOLDERS]

    def _edited(self) -> None:
        self.note = ""
        self.list_files()
        self.build(self.app.size)
        self.focus = self.index("field")
        self.dirty = True

    # -- layout ----------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        self.title = _("Save the game") if self.saving else _("Open a game")  # in the language of now
        self.list_files()
        px = self.px
        row = round(px * 2.3)
        gap = round(px * 0.5)
        fixed = round(px * 3.4) + round(px * 1.55) + row + round(px * 2.9) + round(px * 1.55) + gap + row + px
        room = max(1, (size[1] - 16 - fixed) // (row + gap))  # rows the window holds: files first
        files = self.files[:room]
        folders = self.folders[:max(0, room - len(files))]
        height = fixed + max(1, len(files) + len(folders)) * (row + gap)
        self.panel = panel = self.panel_box(size, height)
        x0, inner = panel.x + px, panel.w - 2 * px
        y = panel.y + round(px * 3.4)
        self.ys = {"label": y}
        y += round(px * 1.55)
        widgets = [Widget("field", Box(x0, y, inner, row), _("Path of the game file"), kind="field",
                          field=self.field)]
        y += row
        self.ys["error"] = y + px // 4
        y += round(px * 2.9)
        self.ys["files"] = y
        y += round(px * 1.55)
        for i, path in enumerate(files):
            widgets.append(Widget(f"file{i}", Box(x0, y, inner, row), path.name))
            y += row + gap
        shown = self.shown_folder()
        for i, path in enumerate(folders):
            label = _("Up to {folder}").format(folder=path) if path == shown.parent else path.name + os.sep
            widgets.append(Widget(f"dir{i}", Box(x0, y, inner, row), label))
            y += row + gap
        buttons = [("cancel", _("Cancel"), False), ("go", _("Save") if self.saving else _("Open"), True)]
        if not self.saving:
            buttons.insert(1, ("analyse", _("Analyse"), False))
        widgets += self.button_row(buttons, panel.bottom - px)
        self.widgets = widgets

    # -- input -----------------------------------------------------------------------------
    def on_key(self, event: Any) -> None:
        field_focus = self.widgets[self.focus].name == "field"
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and event.key == pygame.K_v:
            text = clipboard_get().strip()
            if text:
                self.field.replace(text.splitlines()[0])
            return
        if field_focus and event.key == pygame.K_BACKSPACE:
            self.field.erase()
            return
        if field_focus and event.key == pygame.K_SPACE:
            return  # typed blanks arrive as text input
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (field_focus or not self.show_focus):
            self.submit()
            return
        if event.key == pygame.K_a and not field_focus and not self.saving and not ctrl:
            self.analyse()
            return
        super().on_key(event)

    def on_text(self, text: str) -> None:
        if self.widgets[self.focus].name != "field":
            if not text.strip():
                return
            self.focus = self.index("field")
        self.field.type(text)

    def activate(self, widget: Widget) -> None:
        name = widget.name
        if name == "cancel":
            self.close()
        elif name == "go":
            self.submit()
        elif name == "analyse":
            self.analyse()
        elif name.startswith("dir"):  # into that folder (or up): the field names it, its files listed
            folder = self.folders[int(name[3:])]
            typed = self.typed_path()
            kept = self.saving and not self.field.text.endswith(os.sep) and not typed.is_dir()
            name_kept = typed.name if kept else ""  # saving: the file's name goes along
            self.field.replace(str(folder / name_kept) if name_kept else str(folder) + os.sep)
            self.focus = self.index("field")
        elif name.startswith("file"):
            path = self.files[int(name[4:])]
            self.field.replace(str(path))
            if not self.saving:
                self.submit()
        self.dirty = True

    def submit(self) -> None:
        """Save or open the file the field names."""
        path = self.typed_path()
        if self.saving:
            if not path.suffix:
                path = path.with_name(path.name + game_record.SUFFIX)
            if path.exists() and not path.is_dir():
                self.app.push(Confirm(self.app, lambda: _("Replace {name}?").format(name=path.name),
                                      lambda: _("A file of that name is there already; saving replaces it."),
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
            self._refused(error)
            return
        self.close()
        play_saved(self.app, self.session, game, elapsed, path.name)

    def analyse(self) -> None:
        """Analyse the game of the file the field names: its replay with the analysis, over
        the game in play, which stays as it is (a file that cannot be read is said here)."""
        from seahaven.app.board.replay_game import ReplayGame  # when first asked for

        path = self.typed_path()
        files = self.session.files
        try:
            if files is None:
                raise GameFileError(_("Game files cannot be opened in this window."))
            game, _elapsed = files.load(path)
        except GameFileError as error:
            self._refused(error)
            return
        self.close()
        navigation.open_replay(self.app, self.session, ReplayGame.of_game(game, kind="record"), analyse=True)

    def _refused(self, error: GameFileError) -> None:
        """The file could not be read or written: the field says why (our own sentence,
        worded where the file failed)."""
        why = str(error)
        self.field.complaint = lambda: why
        self.dirty = True

    def save(self, path: Path) -> None:
        current, files = self.session.current, self.session.files
        try:
            if files is None:
                raise GameFileError(_("Game files cannot be saved from this window."))
            files.save(path, current.game, current.elapsed())
        except GameFileError as error:
            self._refused(error)
            return
        self.close()
        self.session.say(_("The game is saved in {path}.").format(path=path))

    # -- drawing ---------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        painter = self.app.painter
        theme = painter.theme
        px, panel = self.px, self.panel
        x0 = panel.x + px
        label = _("Save to this file:") if self.saving else _("Open this file:")
        surface.blit(painter.text(label, px, theme.muted, bold=True), (x0, self.ys["label"]))
        said, colour = (self.field.error, theme.error) if self.field.error else (self.note, theme.muted)
        small = self.scale.note  # the one type scale's size for notes
        for i, line in enumerate(wrap(painter.font(small), said, panel.w - 2 * px)[:2]):
            surface.blit(painter.text(line, small, colour), (x0, self.ys["error"] + i * px))
        heading = (_("Game files in {folder}:") if self.files else _("No game files in {folder}.")).format(
            folder=self.shown_folder())
        line = wrap(painter.font(small), heading, panel.w - 2 * px)[0]
        surface.blit(painter.text(line, small, theme.muted), (x0, self.ys["files"]))


def open_pasted(app: App, session: Session, text: str) -> str | None:
    """Play the game in a pasted text (asking first if one is at stake); the sentence
    saying why it cannot be played, or None."""
    if session.files is None:
        return _("A pasted game cannot be opened in this window.")
    try:
        game, elapsed = session.files.parse_text(text)
    except GameFileError as error:
        return str(error)
    play_saved(app, session, game, elapsed, _("The pasted game"))
    return None


def paste_game(app: App, session: Session) -> None:
    """The New Game window's Paste found a game on the clipboard: play it (or say why not)."""
    trouble = open_pasted(app, session, clipboard_get().strip())
    if trouble is not None:
        session.say(trouble, warn=True)
