"""Game files (issue 28): Save as and Open through the in-game chooser (Ctrl+S, Ctrl+O, real
key and text events), ``seahaven FILE``, a game pasted in the New Game window, and bad files
(malformed, hostile, too big, a FIFO, unreadable as a non-root user): one sentence, nothing
changed."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.__main__ import main
from seahaven.app.saving import files, game_file, saved_game, storage
from seahaven.app.screens import new_game
from seahaven.app.screens.dialogs import Confirm
from seahaven.app.screens.game_files import GameFiles
from seahaven.app.screens.new_game import NewGame
from seahaven.app.shell.launch import open_game
from seahaven.app.state import game_record
from seahaven.engine import Game
from seahaven.engine.records import check_record
from tests.app.table_helpers import click, key, post, steps
from tests.app.test_files import _user_env, as_user  # noqa: F401 - the fixture

CODE = "SH1-C4-AAAAAJ2"


@pytest.fixture
def opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The real game as the player opens it, its files in ``tmp_path``, a home of its own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    folder = tmp_path / "data" / "seahaven-towers"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    game = open_game((1280, 800), True, CODE)
    game.app.step(0.0)
    yield game
    game.app.close()


def _play(opened: Any, n: int) -> None:
    current = opened.session.current
    for _ in range(n):
        current.play(current.game.useful_moves()[0])
    opened.table.finish_animations()
    steps(opened.app)


def _type(app: Any, text: str) -> None:
    post(pygame.TEXTINPUT, text=text)
    steps(app)


def _chooser(opened: Any, saving: bool, path: Path | None = None) -> GameFiles:
    """Ctrl+S or Ctrl+O at the table; the field's text replaced by ``path`` (typed)."""
    key(opened.app, pygame.K_s if saving else pygame.K_o, pygame.KMOD_LCTRL)
    window = opened.app.scenes.top
    assert isinstance(window, GameFiles) and window.saving == saving
    if path is not None:
        for _ in range(len(window.field.text)):
            key(opened.app, pygame.K_BACKSPACE)
        assert window.field.text == ""
        _type(opened.app, str(path))
    return window


def _press(app: Any, name: str) -> None:
    window = app.scenes.top
    widget = next(w for w in window.widgets if w.name == name)
    click(app, (widget.box.x + widget.box.w // 2, widget.box.y + widget.box.h // 2))


def test_a_saved_file_opens_and_plays_on(opened: Any, tmp_path: Path) -> None:
    app, current = opened.app, opened.session.current
    _play(opened, 4)
    current.game.note_hints(1)  # the hints travel with the file
    moves, score = current.game.moves, current.game.score
    path = tmp_path / "home" / "mine"
    _chooser(opened, True, path)
    key(app, pygame.K_RETURN)
    saved = path.with_name("mine" + game_record.SUFFIX)  # the extension is added
    assert not isinstance(app.scenes.top, GameFiles) and saved.is_file()
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["code"] == CODE and record["hints"] == 1 and record["score"] == score
    assert check_record(record) == {"legal": True, "won": False, "applied": 4, "error": None}  # SPEC 12
    # another game is dealt and played; then the file is opened over it (asked first)
    opened.session.deal(current.game.code._replace(deal=7))
    _play(opened, 2)
    window = _chooser(opened, False)
    assert [p.name for p in window.files] == [saved.name]  # the folder's game files are listed
    _press(app, "file0")  # a click (or tap) on a listed file opens it
    assert isinstance(app.scenes.top, Confirm)
    assert current.game.move_count == 2  # nothing replaced before the answer
    _press(app, "yes")
    game = current.game
    assert game.moves == moves and game.score == score and game.hints_used == 1 and str(game.code) == CODE
    game_moves = game.move_count
    _play(opened, 1)  # and it plays on
    assert current.game.move_count == game_moves + 1
    # Save as over an existing file asks first
    window = _chooser(opened, True, saved)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, Confirm)
    _press(app, "yes")
    assert json.loads(saved.read_text(encoding="utf-8"))["moves"] == [m.to_json() for m in current.game.moves]


def _bad_files(folder: Path) -> dict[str, Path]:
    bad = {
        "malformed": b'{"code": "SH1-C4-AAAAAJ2", "moves": [',
        "hostile": b"[" * 100_000 + b"]" * 100_000,
        "not a game": b'{"version": 1, "code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1", "to": "col1"}], '
                      b'"undone": 0, "elapsed_s": 1, "score": 0}',
        "illegal move": json.dumps({"code": CODE, "moves": [{"from": "cell1", "to": "found"}] * 3}).encode(),
        "nan": b'{"code": "SH1-C4-AAAAAJ2", "moves": [], "elapsed_s": NaN}',
    }
    paths = {}
    for name, data in bad.items():
        paths[name] = folder / f"{name}.seahaven"
        paths[name].write_bytes(data)
    paths["too big"] = folder / "big.seahaven"
    with paths["too big"].open("wb") as handle:
        handle.truncate(saved_game.MAX_GAME_BYTES + 1)
    paths["missing"] = folder / "gone.seahaven"
    paths["a folder"] = folder / "folder.seahaven"
    paths["a folder"].mkdir()
    if hasattr(os, "mkfifo"):
        paths["fifo"] = folder / "pipe.seahaven"
        os.mkfifo(paths["fifo"])
    return paths


def test_a_damaged_file_gets_one_sentence_and_changes_nothing(opened: Any, tmp_path: Path) -> None:
    app, current = opened.app, opened.session.current
    _play(opened, 3)
    before = current.game.moves
    on_disk = opened.autosave.keeper.storage
    for what, path in _bad_files(tmp_path / "home").items():
        window = _chooser(opened, False, path)
        key(app, pygame.K_RETURN)  # never blocks, even on the FIFO
        assert app.scenes.top is window, what
        sentence = window.field.error
        assert sentence.endswith(".") and sentence.count(". ") <= 1 and "Traceback" not in sentence, (what, sentence)
        assert path.name in sentence, (what, sentence)
        assert current.game.moves == before, what
        key(app, pygame.K_ESCAPE)
        assert app.scenes.top is opened.table
    on_disk.flush()
    assert [m.to_json() for m in current.game.moves] == json.loads(
        (on_disk.folder / storage.CURRENT).read_text())["moves"]


def test_a_file_the_player_may_not_read_gets_one_sentence(as_user: Any) -> None:  # noqa: F811
    command, extra, home = as_user
    path = home / "locked.seahaven"
    path.write_text(json.dumps({"code": CODE, "moves": []}))
    info = home.stat()
    os.chown(path, info.st_uid, info.st_gid)
    path.chmod(0)
    script = ("import sys; from pathlib import Path; from seahaven.app.saving import game_file\n"
              "from seahaven.app.state.game_record import GameFileError\n"
              "try:\n    game_file.load(Path(sys.argv[1]))\nexcept GameFileError as e:\n    print(e)\n")
    result = subprocess.run([*command, "-c", script, str(path)], capture_output=True, text=True,
                            env=_user_env(extra, home), cwd="/", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "locked.seahaven cannot be opened (you may not read it)."


def test_seahaven_file_starts_with_that_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    game = Game.from_code(CODE)
    for _ in range(5):
        game.play(game.useful_moves()[0])
    path = tmp_path / "five.seahaven"
    path.write_text(game_record.record_text(game, 42.0))
    seen: dict[str, Any] = {}

    def driver(app: Any, table: Any) -> int:
        app.step(0.0)
        seen["moves"], seen["code"] = table.game.moves, str(table.game.code)
        seen["elapsed"] = table.session.current.elapsed()
        table.session.keeper.storage.flush()  # the game as opened is on disk (its writer is a thread)
        return 0

    assert main(["--windowed", str(path)], driver=driver) == 0
    assert seen["moves"] == game.moves and seen["code"] == CODE and seen["elapsed"] >= 42.0
    # a bad file: one sentence on the command line, exit 3, and the game saved before is kept
    current = tmp_path / "data" / "seahaven-towers" / storage.CURRENT
    kept = current.read_bytes()
    (tmp_path / "bad.seahaven").write_text("{nope")
    capsys.readouterr()
    assert main([str(tmp_path / "bad.seahaven")], driver=driver) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.seahaven is not a game file" in err
    assert current.read_bytes() == kept


def test_a_game_pasted_in_the_new_game_window_is_played(opened: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, current = opened.app, opened.session.current
    clipboard: list[str] = []
    monkeypatch.setattr(new_game, "clipboard_put", lambda text: clipboard.append(text) or True)
    monkeypatch.setattr(new_game, "clipboard_get", lambda: clipboard[-1] if clipboard else "")
    import seahaven.app.screens.game_files as screen

    monkeypatch.setattr(screen, "clipboard_get", lambda: clipboard[-1] if clipboard else "")
    _play(opened, 3)
    moves = current.game.moves
    key(app, pygame.K_n)
    assert isinstance(app.scenes.top, NewGame)
    _press(app, "copy_game")  # the game as text on the clipboard
    assert json.loads(clipboard[-1])["moves"] == [m.to_json() for m in moves]
    opened.session.deal(current.game.code._replace(deal=9))
    assert current.game.move_count == 0
    key(app, pygame.K_n)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)  # nothing at stake: played at once
    assert current.game.moves == moves and not isinstance(app.scenes.top, NewGame)
    clipboard.append('{"code": "SH1-C4-AAAAAJ2", "moves": [{"from": "col1"}]}')
    key(app, pygame.K_n)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert current.game.moves == moves  # a bad paste changes nothing, and says so
    assert "pasted text holds no game" in opened.table.message.text


def test_the_record_version_is_the_saved_games() -> None:
    assert game_record.RECORD_VERSION == files.VERSION
    assert game_record.MAX_RECORD_ELAPSED_S == saved_game.MAX_ELAPSED_S
    assert isinstance(game_file.Access(), game_file.Access)


def test_the_chooser_goes_into_a_folder_and_back_up_by_taps(opened: Any, tmp_path: Path) -> None:
    app = opened.app
    home = tmp_path / "home"
    inner = home / "games"
    inner.mkdir()
    (home / ".hidden").mkdir()
    _play(opened, 3)
    opened.session.files.save(inner / "kept.seahaven", opened.session.current.game, 12.0)
    window = _chooser(opened, False, home)
    _type(app, os.sep)  # the field names the folder
    names = [(w.name, w.label) for w in window.widgets if w.name.startswith("dir")]
    assert ("dir1", "games" + os.sep) in names and not any(".hidden" in label for _n, label in names)
    assert names[0][1] == f"Up to {tmp_path}"  # the parent first
    assert window.files == []
    _press(app, "dir1")  # into games/: its game file is listed
    assert window.field.text == str(inner) + os.sep and [p.name for p in window.files] == ["kept.seahaven"]
    _press(app, "dir0")  # and back up
    assert window.field.text == str(home) + os.sep and window.files == []
    # saving: going into a folder keeps the file's name
    key(app, pygame.K_ESCAPE)
    window = _chooser(opened, True, home / "mine.seahaven")
    _press(app, "dir1")
    assert window.field.text == str(inner / "mine.seahaven")
