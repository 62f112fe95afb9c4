"""Issue 37, item 7: the chooser is a real file browser. It goes into folders and up again,
offers the places a player expects (Home, Documents, the folder of the last game file) and the
recent game files, lists names as the player's language sorts them, scrolls by wheel, swipe
and keys, and typing still works. Real events through the real loop; the folders are real."""

from __future__ import annotations

import errno
import os
import threading
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.saving import folders, game_file, history_file
from seahaven.app.saving.folders import MAX_ENTRIES, list_folder, typed_path
from seahaven.app.screens.game_files import GameFiles
from seahaven.app.shell.launch import open_game
from seahaven.app.state.recent_files import MAX_RECENT, RecentFiles, path_uri, uri_path
from seahaven.app.text import collation
from seahaven.app.text.collation import sorted_names
from seahaven.engine import Game
from seahaven.i18n import set_language
from tests.app.table_helpers import click, key, post, steps
from tests.app.test_files import posix_only

CODE = "SH1-C4-AAAAAJ2"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "data" / "seahaven-towers").mkdir(parents=True)
    (tmp_path / "data" / "seahaven-towers" / "settings.json").write_text('{"version": 1, "animation": "off"}')
    return home


def _start(size: tuple[int, int] = (1280, 800)) -> Any:
    game = open_game(size, True, CODE)
    game.app.step(0.0)
    return game


@pytest.fixture
def opened(home: Path) -> Iterator[Any]:
    game = _start()
    yield game
    game.app.close()


def _write(path: Path, moves: int = 2) -> Path:
    game = Game.from_code(CODE)
    for _ in range(moves):
        game.play(game.useful_moves()[0])
    game_file.save(path, game, 10.0)
    return path


def _chooser(app: Any, saving: bool = False) -> GameFiles:
    key(app, pygame.K_s if saving else pygame.K_o, pygame.KMOD_LCTRL)
    window = app.scenes.top
    assert isinstance(window, GameFiles)
    return window


def _press(app: Any, name: str) -> None:
    window = app.scenes.top
    widget = next(w for w in window.widgets if w.name == name)
    click(app, (widget.box.x + widget.box.w // 2, widget.box.y + widget.box.h // 2))


def _type(app: Any, text: str) -> None:
    """Typing as a keyboard does it: a key, then its text."""
    post(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=text[:1], scancode=4)
    post(pygame.TEXTINPUT, text=text)
    steps(app)


def _read_whole(app: Any, window: GameFiles) -> None:
    """Step frames until the rest of a big folder is read (a worker thread reads it). Waits for
    that state, not for a number of frames: on a busy machine the worker may get little time
    while frames go by, so each frame also leaves it a moment; the deadline only ends a hang."""
    deadline = time.monotonic() + 300
    while window.reader.reading:
        if time.monotonic() > deadline:
            raise AssertionError("the folder was never read whole")
        steps(app)
        time.sleep(0.002)
    steps(app)


def _row(window: GameFiles, name: str) -> str:
    index = next(i for i, entry in enumerate(window.entries) if entry.path.name == name)
    return f"row{index}"


def _names(window: GameFiles) -> list[str]:
    return [entry.path.name for entry in window.entries]


# -- folders: in, up, places ------------------------------------------------------------------


def test_the_browser_goes_into_folders_up_and_to_the_places(opened: Any, home: Path) -> None:
    app = opened.app
    documents = home / "Documents"
    (documents / "Spiele" / "Alt").mkdir(parents=True)
    (home / "elsewhere").mkdir()
    _write(documents / "Spiele" / "Alt" / "deep.seahaven")
    window = _chooser(app)
    assert window.shown_folder() == documents  # no game file yet: Documents first
    assert [w.name for w in window.widgets if w.kind == "choice"] == ["place_home", "place_documents", "recent"]
    _press(app, _row(window, "Spiele"))
    _press(app, _row(window, "Alt"))
    assert _names(window) == ["deep.seahaven"] and window.field.text == str(documents / "Spiele" / "Alt") + os.sep
    key(app, pygame.K_TAB)  # away from the field, Backspace is the folder above
    key(app, pygame.K_BACKSPACE)
    assert window.shown_folder() == documents / "Spiele"
    _press(app, "up")
    assert window.shown_folder() == documents
    _press(app, "place_home")
    assert window.shown_folder() == home and "elsewhere" in _names(window)
    assert next(w for w in window.widgets if w.name == "place_home").on  # the place shown is marked
    _press(app, "place_documents")
    assert window.shown_folder() == documents
    # the game file opened becomes the last one: its folder is a place, and where the chooser opens next
    _press(app, _row(window, "Spiele"))
    _press(app, _row(window, "Alt"))
    _press(app, _row(window, "deep.seahaven"))
    assert not isinstance(app.scenes.top, GameFiles) and opened.session.current.game.move_count == 2
    window = _chooser(app)
    assert window.shown_folder() == documents / "Spiele" / "Alt"
    assert "place_last" in [w.name for w in window.widgets]


def test_typing_still_works_and_enter_goes_into_a_typed_folder(opened: Any, home: Path) -> None:
    app = opened.app
    (home / "Documents" / "typed").mkdir()
    _write(home / "Documents" / "typed" / "one.seahaven")
    window = _chooser(app)
    _type(app, "typed")
    key(app, pygame.K_RETURN)  # a folder: into it, nothing refused
    assert window.field.text == str(home / "Documents" / "typed") + os.sep and _names(window) == ["one.seahaven"]
    assert window.field.error == ""
    _type(app, "one.seahaven")
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scenes.top, GameFiles) and opened.session.current.game.move_count == 2


def test_saving_keeps_the_name_while_going_through_folders(opened: Any, home: Path) -> None:
    app = opened.app
    (home / "Documents" / "sub").mkdir()
    window = _chooser(app, saving=True)
    name = Path(window.field.text).name
    assert window.shown_folder() == home / "Documents" and name == f"{CODE}.seahaven"
    _press(app, _row(window, "sub"))
    _press(app, "place_home")
    assert window.field.text == str(home / name)
    _press(app, "place_documents")
    _press(app, _row(window, "sub"))
    key(app, pygame.K_RETURN)
    assert (home / "Documents" / "sub" / name).is_file()


# -- the recent game files ---------------------------------------------------------------------


@posix_only
def test_recent_files_are_listed_newest_first_and_kept_across_starts(home: Path) -> None:
    odd = home / os.fsdecode(b"r\xe9cent.seahaven")  # any bytes come back as they were
    paths = [_write(home / "Documents" / f"game{n}.seahaven") for n in range(3)] + [_write(odd)]
    game = _start()
    try:
        for path in paths:
            game.session.files.load(path)
        (home / "Documents" / "game1.seahaven").unlink()  # gone: not listed
        window = _chooser(game.app)
        _press(game.app, "recent")
        assert window.recent_view and _names(window) == [odd.name, "game2.seahaven", "game0.seahaven"]
        steps(game.app, 2)
        _press(game.app, "up")  # back to the folder
        assert not window.recent_view
    finally:
        game.app.close()
    game = _start()  # the next start remembers them
    try:
        assert game.session.files.recent()[:2] == [odd, home / "Documents" / "game2.seahaven"]
        window = _chooser(game.app)
        assert window.shown_folder() == home  # where the last file was
    finally:
        game.app.close()


def test_the_recent_files_round_trip_and_are_bounded(tmp_path: Path) -> None:
    recent = RecentFiles()
    for n in range(MAX_RECENT + 5):
        recent.add(tmp_path / f"g{n}.seahaven")
    recent.add(tmp_path / "g12.seahaven")  # again: first, once
    assert len(recent.paths) == MAX_RECENT and recent.paths[0] == tmp_path / "g12.seahaven"
    body = recent.to_json()
    body["files"].append({"a newer": "entry"})
    again = RecentFiles()
    again.load_json(body)
    assert again.paths == recent.paths and again.unread == [{"a newer": "entry"}]
    assert again.to_json()["files"][-1] == {"a newer": "entry"}  # kept, never dropped
    for odd in (Path("/a b/ü#%?.seahaven"), Path(os.fsdecode(b"/x/\xff\xfe.seahaven"))):
        assert uri_path(path_uri(odd)) == odd
    assert uri_path("http://example.org/x") is None and uri_path("file://relative") is None


# -- order and size ------------------------------------------------------------------------------


def test_names_sort_as_the_language_sorts_them() -> None:
    assert sorted_names(["Zebra", "apple", "Ölberg", "Zug", "file10", "file9", "résumé", "resume", "Resume"], "de") == [
        "apple", "file9", "file10", "Ölberg", "resume", "Resume", "résumé", "Zebra", "Zug"]
    assert sorted_names(["ołówek", "oz", "łódź", "lz", "mz", "ąb", "az", "b", "óz", "oa"], "pl") == [
        "az", "ąb", "b", "lz", "łódź", "mz", "oa", "ołówek", "oz", "óz"]
    # in German they are no letters of their own
    assert sorted_names(["ołówek", "oz", "łódź", "lz"], "de") == ["łódź", "lz", "ołówek", "oz"]
    assert sorted_names(["nube", "ñandú", "nz", "oso"], "es") == ["nube", "nz", "ñandú", "oso"]
    assert sorted_names(["漢字", "カード", "さくら", "がっこう", "かい", "abc"], "ja") == [
        "abc", "かい", "がっこう", "カード", "さくら", "漢字"]  # Latin, kana (either script, voiced or not), Han


def test_the_accent_table_is_unicode_s_decomposition() -> None:
    """The collation carries its own table (the executable leaves unicodedata out): it is what
    NFD gives, marks left out."""
    for accented, plain in zip(collation._ACCENTED, collation._PLAIN, strict=True):
        base = "".join(c for c in unicodedata.normalize("NFD", accented) if not unicodedata.combining(c))
        assert base == plain, accented


@pytest.mark.parametrize("language", ["en", "de", "pl", "ja"])
def test_a_folder_is_listed_folders_first_in_the_language_s_order(tmp_path: Path, language: str) -> None:
    names = ["Zug", "ärger", "apfel", "Łąka", "lato", "10 games", "9 games"]
    for name in names:
        (tmp_path / name).mkdir()
        _write(tmp_path / f"{name}.seahaven")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "notes.txt").write_text("not a game")
    listing = list_folder(tmp_path, language)
    folders_listed = [e.path.name for e in listing.entries if e.folder]
    files_listed = [e.path.name for e in listing.entries if not e.folder]
    assert folders_listed == sorted_names(names, language) and listing.entries[len(names)].folder is False
    assert files_listed == [f"{name}.seahaven" for name in sorted_names(names, language)]


def test_a_thousand_files_scroll_by_wheel_swipe_and_keys(opened: Any, home: Path) -> None:
    app = opened.app
    folder = home / "Documents"
    _write(folder / "template.seahaven")
    data = (folder / "template.seahaven").read_bytes()
    for n in range(1000):
        (folder / f"game {n}.seahaven").write_bytes(data)
    window = _chooser(app)
    _read_whole(app, window)
    rows = window.list.rows
    assert len(window.entries) == 1001 and window.list.top == 0 and _names(window)[:3] == [
        "game 0.seahaven", "game 1.seahaven", "game 2.seahaven"]  # numbers by their value
    post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    steps(app)
    assert window.list.top == 6
    box = window.list.box
    start = (box.x + box.w // 2, box.y + box.h - 5)
    post(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=start[0] / 1280, y=start[1] / 800, dx=0.0, dy=0.0,
         pressure=1.0)
    steps(app)
    for k in range(1, 6):  # a swipe up by about five rows: the list follows the finger
        post(pygame.FINGERMOTION, touch_id=1, finger_id=0, x=start[0] / 1280,
             y=(start[1] - k * window.list.pitch) / 800, dx=0.0, dy=0.0, pressure=1.0)
        steps(app)
    post(pygame.FINGERUP, touch_id=1, finger_id=0, x=start[0] / 1280, y=(start[1] - 5 * window.list.pitch) / 800,
         dx=0.0, dy=0.0, pressure=1.0)
    steps(app)
    assert window.list.top == 11 and isinstance(app.scenes.top, GameFiles)  # scrolled, nothing opened
    key(app, pygame.K_DOWN)  # from the field to the first row in view... (the list's first row)
    assert window.widgets[window.focus].name == "row0" and window.list.top == 0
    key(app, pygame.K_PAGEDOWN)
    assert window.widgets[window.focus].name == f"row{rows}"
    key(app, pygame.K_END)
    assert window.widgets[window.focus].name == "row1000" and window.list.top == 1001 - rows
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)  # the focused row scrolls out of view: the focus stays in the list
    steps(app)
    assert window.widgets[window.focus].name == f"row{1000 - 3}"  # the last row still in view
    key(app, pygame.K_HOME)
    key(app, pygame.K_UP)  # above the first row: the Up button
    assert window.widgets[window.focus].name == "up"


def test_a_big_folder_shows_its_first_entries_at_once_and_the_rest_when_read(opened: Any, home: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder of more than AT_ONCE entries: the first are listed within the frame, the rest
    come from a worker thread (the list stays where the player scrolled it, the frames go on
    meanwhile), so a huge or slow folder never holds up a frame."""
    monkeypatch.setattr(folders, "AT_ONCE", 40)
    import seahaven.app.screens.game_files as screen

    monkeypatch.setattr(screen, "AT_ONCE", 40)
    slow = threading.Event()  # the folder is as slow as the test wants: read once it is let go
    run = folders.FolderReader._run

    def slow_run(reader: Any, key: Any) -> None:
        assert slow.wait(60)
        run(reader, key)

    monkeypatch.setattr(folders.FolderReader, "_run", slow_run)
    for n in range(150):
        (home / "Documents" / f"f{n:03}").mkdir()
    app = opened.app
    window = _chooser(app)
    assert window.listing.cut and len(window.entries) == 40 and window.busy()  # the first ones, at once
    assert window._note()[0] == "Reading the rest of this folder…"
    key(app, pygame.K_DOWN)  # the window answers meanwhile
    key(app, pygame.K_PAGEDOWN)
    assert window.widgets[window.focus].name == f"row{window.list.rows}" and window.busy()
    top = window.list.top
    slow.set()
    _read_whole(app, window)
    assert len(window.entries) == 150 and not window.listing.cut and not window.busy()
    assert _names(window)[:2] == ["f000", "f001"] and window.list.top == top  # the list stayed where it was


def test_a_huge_folder_is_read_only_so_far(tmp_path: Path) -> None:
    for n in range(80):
        (tmp_path / f"f{n}").mkdir()
    listing = list_folder(tmp_path, "en", limit=50)
    assert listing.cut and len(listing.entries) == 50
    assert not list_folder(tmp_path, "en").cut and MAX_ENTRIES == 5000  # read whole: up to 5,000 entries


# -- folders that cannot be read or written --------------------------------------------------


def test_a_folder_that_cannot_be_written_or_is_full_gets_one_sentence(opened: Any, home: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app = opened.app
    window = _chooser(app, saving=True)
    for code, words in ((errno.EROFS, "you may not write there"), (errno.ENOSPC, "the disk is full")):
        def refuse(path: Path, data: bytes, code: int = code) -> None:
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr(history_file, "replace_file", refuse)
        monkeypatch.setattr(game_file, "replace_file", refuse)
        key(app, pygame.K_RETURN)
        assert app.scenes.top is window and words in window.field.error
        assert window.field.error.endswith(".") and window.field.error.count(". ") == 0
    assert list((home / "Documents").iterdir()) == []


def test_a_folder_that_cannot_be_read_says_so_in_the_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(folders.os, "scandir", refuse)
    listing = list_folder(tmp_path)
    assert listing.entries == () and listing.trouble == "This folder cannot be opened: you may not read it."


def test_typed_paths(tmp_path: Path, home: Path) -> None:
    assert typed_path("", tmp_path) == tmp_path
    assert typed_path("  a.seahaven ", tmp_path) == tmp_path / "a.seahaven"
    assert typed_path("~", tmp_path) == home and typed_path("~/x", tmp_path) == home / "x"
    assert typed_path("~d", tmp_path) == tmp_path / "~d"
    assert typed_path("/abs/x", tmp_path) == Path("/abs/x")


def test_the_chooser_speaks_the_language_of_now(opened: Any, home: Path) -> None:
    app = opened.app
    (home / "Documents" / "Ordner").mkdir()
    window = _chooser(app)
    try:
        set_language("de")
        window.art_changed()
        steps(app)
        assert window.title == "Spiel öffnen"
        assert any(w.label == "Ordner Ordner" for w in window.widgets), [w.label for w in window.widgets]
    finally:
        set_language("en")
