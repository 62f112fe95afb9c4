"""Issue 36, nothing lost (part 4): odd names, odd files and the file chooser never crash the
game nor take the game in progress out of play. Each case of the issue, driven as the player
meets it (the real loop with real key, text and mouse events, ``seahaven FILE``, the files of
a real data folder), checked on the game's state and files; the permission cases as a
non-root user. The same cases on a real X window: ``test_odd_names_on_screen.py``."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.__main__ import main
from seahaven.app.looks import fonts
from seahaven.app.saving import files, saved_game
from seahaven.app.saving.history_file import HISTORY
from seahaven.app.saving.persistence import Persistence
from seahaven.app.saving.storage import CURRENT, DEALS, JOURNAL, STATS, Storage
from seahaven.app.screens.dialogs import Confirm
from seahaven.app.screens.game_files import GameFiles
from seahaven.app.shell.launch import open_game
from seahaven.app.state import game_record
from seahaven.engine import Game, records
from seahaven.engine.records import check_record
from tests.app.table_helpers import click, key, post, steps
from tests.app.test_files import _user_env, as_user, long_game, posix_only  # noqa: F401 - the fixture
from tests.conftest import ROOT

CODE = "SH1-C4-AAAAAJ2"
NOT_UTF8 = os.fsdecode(b"caf\xe9.seahaven")
"""A game file's name that is not UTF-8 (Latin-1 "café"), as Python hands it over (PEP 383)."""
REPLACED = "caf\ufffd.seahaven"
"""The same name as the player reads it."""


def _game(moves: int, code: str = CODE) -> Game:
    game = Game.from_code(code)
    for _ in range(moves):
        game.play(game.useful_moves()[0])
    return game


def _write(path: Path, game: Game, elapsed: float = 30.0) -> Path:
    with open(os.fsencode(path), "w", encoding="utf-8") as handle:  # the bytes of the name, as they are
        handle.write(game_record.record_text(game, elapsed))
    return path


@pytest.fixture
def player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home with a Documents folder, and the game's data folder (its moves shown at once)."""
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "data" / "seahaven-towers"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    return home


@pytest.fixture
def opened(player: Path) -> Iterator[Any]:
    """The real game as the player opens it, 4 moves into the deal."""
    game = open_game((1280, 800), True, CODE)
    game.app.step(0.0)
    current = game.session.current
    for _ in range(4):
        current.play(current.game.useful_moves()[0])
    game.table.finish_animations()
    steps(game.app, 2)
    yield game
    game.app.close()


def _type(app: Any, text: str) -> None:
    for char in text:  # a keystroke at a time, a frame drawn after each
        post(pygame.TEXTINPUT, text=char)
        steps(app)


def _clear(app: Any, window: Any) -> None:
    for _ in range(len(window.field.text)):
        key(app, pygame.K_BACKSPACE)
    assert window.field.text == ""


def _chooser(app: Any, saving: bool) -> Any:
    key(app, pygame.K_s if saving else pygame.K_o, pygame.KMOD_LCTRL)
    steps(app, 2)
    window = app.scenes.top
    assert isinstance(window, GameFiles) and window.saving == saving
    return window


def _listed(window: Any, name: str) -> Any:
    """The widget of the list that shows ``name`` (as the player reads it)."""
    found = [w for w in window.widgets if w.label.endswith(name) or w.label.endswith(name + os.sep)]
    assert found, (name, [w.label for w in window.widgets])
    return found[0]


def _press(app: Any, widget: Any) -> None:
    click(app, (widget.box.x + widget.box.w // 2, widget.box.y + widget.box.h // 2), frames=2)


def _saved(folder: Path) -> Game:
    """The game in progress as the next start reads it."""
    files.WRITER.flush()
    loaded = Storage(folder, read_only=True).load_game()
    assert loaded.value is not None, loaded.message
    return loaded.value.game


# -- 1. a game file whose name is not UTF-8 ------------------------------------------------


@posix_only
@pytest.mark.parametrize("how", ["seahaven FILE", "--open FILE"])
def test_a_file_whose_name_is_not_utf8_opens_from_the_command_line(player: Path, how: str) -> None:
    game = _game(5)
    path = _write(player / NOT_UTF8, game)
    seen: dict[str, Any] = {}

    def driver(app: Any, table: Any) -> int:
        steps(app, 3)  # the status line is drawn: it names the file
        seen["moves"], seen["said"] = table.game.moves, table.message.text if table.message else ""
        return 0

    args = [str(path)] if how == "seahaven FILE" else ["--open", str(path)]
    assert main(["--windowed", *args], driver=driver) == 0
    assert seen["moves"] == game.moves and REPLACED in seen["said"]


def test_drawing_and_measuring_a_name_that_is_not_utf8_replaces_its_bytes() -> None:
    pygame.font.init()
    font = fonts.TextFont(fonts.font_path(fonts.LATIN, False), 20)
    assert font.size(NOT_UTF8) == font.size(REPLACED)
    assert font.render(NOT_UTF8, True, (0, 0, 0)).get_size() == font.render(REPLACED, True, (0, 0, 0)).get_size()
    cjk = fonts.TextFont(fonts.font_path("ja", False), 20)  # Noto Sans CJK has no U+FFFD: Noto Sans draws it
    assert cjk.size(NOT_UTF8) == cjk.size(REPLACED)
    assert [(font.glyphs.path.name, part) for font, part in cjk.runs(REPLACED)] == [
        ("NotoSansCJKjp-Subset-Regular.otf", "caf"), ("NotoSans-Regular.ttf", "\ufffd"),
        ("NotoSansCJKjp-Subset-Regular.otf", ".seahaven")]
    assert cjk.runs("Ärger")[0][0].glyphs.path.name == "NotoSans-Regular.ttf"
    marks = cjk.runs("ke\u0301\u0301x")  # the marks the CJK face lacks go with their letter to Noto Sans
    assert [(font.glyphs.path.name, part) for font, part in marks] == [
        ("NotoSansCJKjp-Subset-Regular.otf", "k"), ("NotoSans-Regular.ttf", "e\u0301\u0301"),
        ("NotoSansCJKjp-Subset-Regular.otf", "x")]


# -- 2. the same names in the chooser --------------------------------------------------------


@posix_only
@pytest.mark.parametrize("where", ["Documents", "home"])
def test_the_chooser_lists_enters_and_opens_names_that_are_not_utf8(opened: Any, player: Path, where: str) -> None:
    app, current = opened.app, opened.session.current
    if where == "home":  # no Documents folder: the chooser opens at home
        (player / "Documents").rmdir()
    folder = player / "Documents" if where == "Documents" else player
    kept = _game(6)
    _write(folder / NOT_UTF8, kept)
    inner = folder / os.fsdecode(b"d\xe9j\xe0")  # a folder of such a name, with a game in it
    inner.mkdir()
    _write(inner / "inside.seahaven", _game(2))
    before = current.game.moves
    window = _chooser(app, False)  # Ctrl+O: the folder is listed and drawn
    assert window.shown_folder() == folder
    _press(app, _listed(window, "d\ufffdj\ufffd"))  # into the folder
    assert window.shown_folder() == inner and [w for w in window.widgets if w.label.endswith("inside.seahaven")]
    _press(app, next(w for w in window.widgets if w.name == "up"))
    assert window.shown_folder() == folder
    _press(app, _listed(window, REPLACED))  # a click opens it (asked first: a game is in progress)
    assert isinstance(app.scenes.top, Confirm) and current.game.moves == before
    _press(app, next(w for w in app.scenes.top.widgets if w.name == "yes"))
    assert current.game.moves == kept.moves
    assert opened.table.message is not None and REPLACED in opened.table.message.text
    steps(app, 2)


@posix_only
def test_a_name_with_a_line_break_or_a_direction_mark_is_shown_and_opened_as_it_is(opened: Any, player: Path) -> None:
    app, current = opened.app, opened.session.current
    kept = _game(3)
    for name in ("two\nlines.seahaven", "a\u202egnp.seahaven"):
        _write(player / "Documents" / name, kept)
    window = _chooser(app, False)
    labels = [w.label for w in window.widgets]
    assert any(label.endswith("two\ufffdlines.seahaven") for label in labels), labels
    assert any(label.endswith("a\ufffdgnp.seahaven") for label in labels), labels  # the mark cannot hide the name
    _press(app, _listed(window, "two\ufffdlines.seahaven"))
    _press(app, next(w for w in app.scenes.top.widgets if w.name == "yes"))
    assert current.game.moves == kept.moves  # the file of that very name was read


# -- 3. "~" that names no home -------------------------------------------------------------


@pytest.mark.parametrize("saving", [False, True])
def test_a_tilde_that_names_no_home_is_a_name_like_any_other(opened: Any, player: Path, saving: bool) -> None:
    app = opened.app
    window = _chooser(app, saving)
    _clear(app, window)
    _type(app, "~d")  # on the way to "~/Documents": each keystroke answered
    assert app.scenes.top is window and window.typed_path() == window.folder / "~d"
    _clear(app, window)
    _type(app, "~/Documents/")
    assert window.shown_folder() == player / "Documents"
    _clear(app, window)
    _type(app, "~nosuchuser4711/x")
    assert window.typed_path() == window.folder / "~nosuchuser4711" / "x"
    key(app, pygame.K_ESCAPE)


# -- 4. names and paths the system cannot take -------------------------------------------


def test_an_overlong_name_gets_one_sentence_and_a_long_legal_one_is_saved(opened: Any, player: Path) -> None:
    app = opened.app
    folder = player / "Documents"
    window = _chooser(app, True)
    _clear(app, window)
    post(pygame.TEXTINPUT, text=str(folder / ("x" * 300)))
    steps(app)
    key(app, pygame.K_RETURN)
    assert app.scenes.top is window
    assert window.field.error == "That name is too long for the system: shorten it by 54 characters."
    _clear(app, window)
    post(pygame.TEXTINPUT, text=str(folder / ("日本" * 45)))  # 270 bytes and the extension's 9
    steps(app)
    key(app, pygame.K_RETURN)
    assert window.field.error == "That name is too long for the system: shorten it by 8 characters."
    _clear(app, window)
    legal = "y" * 241 + game_record.SUFFIX  # 250 letters: the system takes it, and so does the game
    post(pygame.TEXTINPUT, text=str(folder / legal))
    steps(app)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scenes.top, GameFiles), window.field.error
    assert (folder / legal).is_file() and os.listdir(folder) == [legal]  # no temporary file left
    window = _chooser(app, False)
    _clear(app, window)
    post(pygame.TEXTINPUT, text=str(folder / ("z" * 300)))
    steps(app)
    key(app, pygame.K_RETURN)
    assert window.field.error.startswith("That name is too long for the system")
    _clear(app, window)
    post(pygame.TEXTINPUT, text="/" + "a/" * 2100)  # over the 4,096 bytes of a path
    steps(app)
    key(app, pygame.K_RETURN)
    assert window.field.error == "That path is too long for the system; choose a shorter one."


# -- 5. a long path pasted -----------------------------------------------------------------


class _Measured:
    """How many characters the fonts measured or drew (the work a frame does on words)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.characters = 0
        size, render = fonts.TextFont.size, fonts.TextFont.render

        def counted_size(font: Any, text: Any) -> tuple[int, int]:
            self.characters += len(text)
            return size(font, text)

        def counted_render(font: Any, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.characters += len(text)
            return render(font, text, *args, **kwargs)

        monkeypatch.setattr(fonts.TextFont, "size", counted_size)
        monkeypatch.setattr(fonts.TextFont, "render", counted_render)


@pytest.mark.parametrize("text", ["/" + "a" * 4000 + "/b", "/tmp/" + "ab/" * 1600, "x" * 5000,
                                  "/" + "word " * 1000, "/" + "日本語" * 1600])
def test_a_long_pasted_path_is_answered_in_a_frame(opened: Any, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """The work of one paste and its frames, counted in characters the fonts measure (never
    timed): some tens of thousands, where the word wrap used to measure millions (49.7 s)."""
    import seahaven.app.screens.game_files as screen

    app = opened.app
    window = _chooser(app, False)
    monkeypatch.setattr(screen, "clipboard_get", lambda: text)
    measured = _Measured(monkeypatch)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    steps(app, 2)
    assert app.scenes.top is window and window.field.text == text[:screen.MAX_PATH]
    assert measured.characters < 400_000, measured.characters
    measured.characters = 0
    _type(app, "z")  # and a key after it
    assert measured.characters < 400_000, measured.characters


# -- 6. the history as a folder, a FIFO, a socket, a link ----------------------------------


def _in_progress(folder: Path, moves: int = 4) -> Game:
    """A game in progress saved in ``folder`` (and counted in the statistics, as play does)."""
    keeper = Persistence(folder=folder)
    keeper.resume()
    game = _game(0)
    keeper.game_changed(game, 0.0)
    for _ in range(moves):
        game.play(game.useful_moves()[0])
        keeper.game_changed(game, 5.0)
    keeper.quit(game, 6.0)
    return game


def _odd(path: Path, kind: str) -> None:
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(path))
    elif kind == "link":
        path.symlink_to("/dev/null")


@posix_only
@pytest.mark.parametrize("kind", ["folder", "fifo", "socket", "link"])
def test_a_history_that_is_no_file_is_set_aside_and_the_game_resumes(player: Path, kind: str) -> None:
    folder = player.parent / "data" / "seahaven-towers"
    game = _in_progress(folder)
    _odd(folder / HISTORY, kind)
    seen: dict[str, Any] = {}

    def driver(app: Any, table: Any) -> int:
        steps(app, 2)
        seen["moves"], seen["notice"] = table.game.moves, getattr(app.scenes.top, "text", "")
        table.session.deal(table.game.code._replace(deal=99))  # the game is left: its line is written
        steps(app)
        return 0

    assert main(["--windowed"], driver=driver) == 0
    assert seen["moves"] == game.moves  # the game in progress resumed, every move
    assert "history" in seen["notice"] and "kept as history.bad-" in seen["notice"]
    assert len(list(folder.glob("history.bad-*"))) == 1  # kept, never deleted
    lines = [json.loads(line) for line in (folder / HISTORY).read_text().splitlines()]
    stats = json.loads((folder / STATS).read_text())
    assert [line["result"] for line in lines] == ["abandoned"] and lines[0]["moves"] == 4
    assert sum(n["played"] for n in stats["difficulties"].values()) == len(lines)  # counted once, in both places


@posix_only
@pytest.mark.parametrize("kind", ["folder", "fifo", "damaged"])
def test_seahaven_history_on_a_bad_file_says_one_sentence_and_changes_nothing(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    if kind == "damaged":
        (folder / HISTORY).write_bytes(b'{"v": 1, "at": \x00\xff garbage\n')
    else:
        _odd(folder / HISTORY, kind)
    before = sorted(os.listdir(folder))
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "seahaven", "history"], env=env, capture_output=True, text=True,
                            timeout=60, cwd=ROOT)
    assert result.returncode == 3 and result.stdout == "", result
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("seahaven history: error: ")
    assert "game history" in result.stderr
    assert "Traceback" not in result.stderr and "something went wrong" not in result.stderr
    assert sorted(os.listdir(folder)) == before


# -- 7. a damaged field of the saved game ---------------------------------------------------


@pytest.mark.parametrize("bookmarks", ["2", 9999, -1, [1] * 10_000, [-1, 2, "x", 3]])
@pytest.mark.parametrize("where", [CURRENT, JOURNAL])
def test_damaged_bookmarks_are_dropped_and_every_move_stays(tmp_path: Path, bookmarks: Any, where: str) -> None:
    storage = Storage(tmp_path)
    game = _game(4)
    storage.save_game(game, 20.0, full=True)
    storage.flush()
    if where == CURRENT:
        body = json.loads((tmp_path / CURRENT).read_text())
        body["bookmarks"] = bookmarks
        (tmp_path / CURRENT).write_text(json.dumps(body))
    else:  # a bookmark set after the last full save: a journal entry of its own
        line = json.dumps({"seq": storage._seq + 1, "keep": 4, "moves": [], "undone": 0, "elapsed_s": 21.0,
                           "score": game.score, "bookmarks": bookmarks})
        (tmp_path / JOURNAL).write_text(line + "\n")
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and loaded.value.game.moves == game.moves  # 4 of 4 moves in play
    assert loaded.message and "bookmarks" in loaded.message
    assert not (tmp_path / CURRENT).with_name("current.bad-x").exists()
    assert (tmp_path / CURRENT).exists()  # the game was not set aside
    good = [mark for mark in (bookmarks if isinstance(bookmarks, list) else []) if isinstance(mark, int)
            and not isinstance(mark, bool) and 0 <= mark <= 4]
    assert list(loaded.value.game.bookmarks) == list(dict.fromkeys(good))[-50:]


# -- 8. the reader takes what the writer writes; one policy for links; kept entries; temp files


def test_replay_takes_every_game_the_game_saves() -> None:
    """The game saves up to 16 MB of moves of at least 37 bytes: every such game replays."""
    assert records.MAX_MOVES * len(records.SHORTEST_MOVE_TEXT) > saved_game.MAX_GAME_BYTES
    assert len(records.SHORTEST_MOVE_TEXT) == min(len(files.dumps(m.to_json())) + 1
                                                  for m in long_game(3).position.legal_moves())


@pytest.mark.slow  # several seconds: .ci/run runs it
def test_replay_and_review_read_a_game_of_more_than_100000_moves(tmp_path: Path) -> None:
    game = long_game(100_001)
    path = tmp_path / "long.seahaven"
    path.write_text(game_record.record_text(game, 60.0))
    assert check_record(json.loads(path.read_text()))["legal"]
    result = subprocess.run([sys.executable, "-m", "seahaven", "replay", str(path)], capture_output=True, text=True,
                            timeout=300, cwd=ROOT)
    assert result.returncode == 0 and json.loads(result.stdout)["applied"] == 100_001, result


@posix_only
def test_a_link_to_a_game_file_opens_everywhere(player: Path) -> None:
    game = _game(5)
    target = _write(player / "real.seahaven", game)
    link = player / "link.seahaven"
    link.symlink_to(target)
    seen: dict[str, Any] = {}

    def driver(app: Any, table: Any) -> int:
        seen["moves"] = table.game.moves
        return 0

    assert main(["--windowed", "--open", str(link)], driver=driver) == 0
    assert seen["moves"] == game.moves
    for command in ("replay", "review"):
        result = subprocess.run([sys.executable, "-m", "seahaven", command, str(link)], capture_output=True,
                                text=True, timeout=120, cwd=ROOT)
        assert result.returncode == 0, (command, result.stderr)


def test_entries_of_deals_json_the_game_cannot_read_are_kept(tmp_path: Path) -> None:
    body = {"version": 1, "ratings": {"SH1-C4-AAAAAJ2": 3, "SH1-C4-AAAAAJ3": "three", "nonsense": 2},
            "daily": {"SH1-C1-FX3EN2X": "2026-12-01", "SH1-C1-AAAAAAB": 7}, "demo": ["SH1-C4-AAAAAJ2", 5],
            "future": {"what": "a newer version's"}}
    (tmp_path / DEALS).write_text(json.dumps(body))
    keeper = Persistence(folder=tmp_path)
    assert keeper.facts.rating("SH1-C4-AAAAAJ2") == 3
    keeper.facts.rated("SH1-C2-IJBC4M6", 4)  # the file is written again
    keeper.storage.flush()
    again = json.loads((tmp_path / DEALS).read_text())
    assert again["version"] == 1 and again["future"] == body["future"]
    assert again["ratings"] == {**body["ratings"], "SH1-C2-IJBC4M6": 4}
    assert again["daily"] == body["daily"] and sorted(again["demo"], key=str) == sorted(body["demo"], key=str)


def test_a_deals_json_of_another_version_is_set_aside_not_overwritten(tmp_path: Path) -> None:
    data = json.dumps({"version": 2, "ratings": {"SH1-C4-AAAAAJ2": 3}}).encode()
    (tmp_path / DEALS).write_bytes(data)
    keeper = Persistence(folder=tmp_path)
    keeper.facts.rated("SH1-C2-IJBC4M6", 4)
    keeper.storage.flush()
    (aside,) = tmp_path.glob("deals.bad-*.json")
    assert aside.read_bytes() == data


@pytest.mark.parametrize("name", [STATS, CURRENT, JOURNAL, HISTORY, "settings.json"])
def test_a_temporary_file_a_kill_left_is_removed_at_the_next_start(tmp_path: Path, name: str) -> None:
    temp = tmp_path / f".{name}.k1ll3d0.tmp"
    temp.write_bytes(b"half a write")  # made a moment ago: the kill came just before this start
    keeper = Persistence(folder=tmp_path)
    keeper.resume()
    assert not temp.exists()
    other = tmp_path / ".someone-elses.tmp"
    other.write_bytes(b"")
    Persistence(folder=tmp_path).resume()
    assert other.exists()  # only our own


def test_a_copy_that_does_not_save_leaves_temporary_files_alone(tmp_path: Path) -> None:
    temp = tmp_path / f".{STATS}.k1ll3d0.tmp"
    temp.write_bytes(b"")
    Persistence(folder=tmp_path, read_only=True).resume()
    assert temp.exists()


# -- 9. the file of the game in play -------------------------------------------------------


def test_opening_the_file_of_the_game_in_play_goes_on_with_it_and_counts_it_once(opened: Any, player: Path) -> None:
    app, session = opened.app, opened.session
    current = session.current
    path = player / "Documents" / "mine.seahaven"
    session.files.save(path, current.game, current.elapsed())  # saved at move 4
    at_four = current.game.moves
    window = _chooser(app, False)
    _press(app, _listed(window, "mine.seahaven"))  # the very moves on the table: nothing to ask
    assert not isinstance(app.scenes.top, Confirm) and current.game.moves == at_four
    for _ in range(3):
        current.play(current.game.useful_moves()[0])
    opened.table.finish_animations()
    window = _chooser(app, False)
    _press(app, _listed(window, "mine.seahaven"))
    question = app.scenes.top
    assert isinstance(question, Confirm) and "counts as lost" not in question.text and "same deal" in question.text
    _press(app, next(w for w in question.widgets if w.name == "yes"))
    assert current.game.moves == at_four
    keeper = opened.autosave.keeper
    assert keeper.history.entries == []  # no line says a game was lost
    assert keeper.stats.by_cells[4].played == 1  # one deal, one game
    current.play(current.game.useful_moves()[0])  # and it plays on, saved as the same game
    assert _saved(player.parent / "data" / "seahaven-towers").moves == current.game.moves
