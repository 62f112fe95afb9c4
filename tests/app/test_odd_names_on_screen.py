"""Issues 36 and 37 on a real X window (Xvfb, no window manager), the game started as a
player starts it (``seahaven``, ``seahaven FILE``) and driven by xdotool's keys: the hostile
names, folders and files of issue 36 never end the game or cost a move, and the file browser
of issue 37 goes into folders and opens a game by keys alone, at 800x600 and 1080x1920, in
English and German. Nothing is read from the game but what a player keeps: its window, its
exit status, what it says on stderr (never a traceback) and its saved files.

``SEAHAVEN_SHOTS=folder`` keeps a picture of the chooser in a folder with subfolders at each
size and language (the pictures the issue asks to be looked at)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from seahaven.app.saving.storage import Storage
from seahaven.app.state import game_record
from seahaven.engine import Game
from tests.app.xserver import XDOTOOL, XVFB, XWD, screen_pixels, start_game, until, x_server

ROOT = Path(__file__).resolve().parents[2]
CODE = "SH1-C4-AAAAAJ2"
pytestmark = [pytest.mark.slow, pytest.mark.skipif(XVFB is None or XDOTOOL is None or XWD is None,
                                                   reason="needs Xvfb, xdotool and xwd"),
              pytest.mark.skipif(os.name != "posix", reason="names in bytes, FIFOs: POSIX")]


def _game(moves: int, code: str = CODE) -> Game:
    game = Game.from_code(code)
    for _ in range(moves):
        game.play(game.useful_moves()[0])
    return game


def _write(path: Path, game: Game) -> None:
    with open(os.fsencode(path), "w", encoding="utf-8") as handle:
        handle.write(game_record.record_text(game, 42.0))


@dataclass
class Running:
    """The game on its own X server: its process, its window, what it said on stderr."""

    env: dict[str, str]
    process: subprocess.Popen[bytes]
    window: str
    stderr: Path
    data: Path

    def xdo(self, *args: str) -> str:
        assert XDOTOOL is not None
        return subprocess.run([XDOTOOL, *args], env=self.env, capture_output=True, text=True).stdout

    def keys(self, *names: str) -> None:
        for name in names:
            self.xdo("key", "--window", self.window, name)
            self.settle()

    def type(self, text: str) -> None:
        self.xdo("type", "--window", self.window, "--delay", "2", text)
        self.settle()

    def settle(self) -> None:
        """Wait until the screen stops changing (what was sent is drawn before a picture is
        kept; what the tests check is waited for in the saved files). Waits for that state, not
        for a number of pictures: a fast machine takes 40 pictures within the deal's glide; the
        deadline only ends a screen that never stops."""
        deadline = time.monotonic() + 120
        before = None
        while True:
            now = screen_pixels(self.env)[2]
            if now == before:
                return
            if time.monotonic() > deadline:
                raise AssertionError("the screen never settled")
            before = now

    def alive(self) -> bool:
        return self.process.poll() is None

    def quit(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(60)

    def said(self) -> str:
        return self.stderr.read_text(encoding="utf-8", errors="replace")

    def shot(self, name: str) -> None:
        folder = os.environ.get("SEAHAVEN_SHOTS")
        if not folder:
            return
        import pygame

        width, height, data = screen_pixels(self.env)
        rgbx = pygame.image.tobytes(pygame.image.frombuffer(data, (width, height), "BGRA"), "RGBX")  # X: padding
        picture = pygame.image.frombuffer(rgbx, (width, height), "RGBX")
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(Path(folder) / f"{name}.png"))

    def saved(self) -> Game:
        loaded = Storage(self.data, read_only=True).load_game()
        assert loaded.value is not None, loaded.message
        return loaded.value.game


@contextlib.contextmanager
def running(tmp_path: Path, screen: str, *args: str, language: str = "en") -> Iterator[Running]:
    with contextlib.ExitStack() as stack:
        env = dict(os.environ, DISPLAY=x_server(stack, screen), SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"),
                   XDG_CONFIG_HOME=str(tmp_path / "config"), LANGUAGE=language)
        stderr = tmp_path / "stderr.txt"
        process = start_game(stack, env, ["--size", screen, *args], stderr)  # a still cloth is not a settled game
        game = Running(env, process, "", stderr, tmp_path / "data" / "seahaven-towers")
        game.window = until(lambda: game.xdo("search", "--onlyvisible", "--pid", str(process.pid)).split(),
                            "a window")[0]
        game.xdo("windowfocus", "--sync", game.window)
        game.settle()
        yield game


def _player(tmp_path: Path, moves: int = 4) -> tuple[Path, Game]:
    """A home with hostile names in Documents (issue 36) and a game in progress of ``moves``
    moves, with history.jsonl a FIFO."""
    home = tmp_path / "home"
    documents = home / "Documents"
    for folder in ("Spiele/2024", "Spiele/Älteres", "Archiv"):
        (documents / folder).mkdir(parents=True)
    (documents / os.fsdecode(b"d\xe9j\xe0")).mkdir()
    opened = _game(6, "SH1-C4-AAAAAJ3")
    _write(documents / os.fsdecode(b"z\xe9bre.seahaven"), opened)  # last in the list: End reaches it
    _write(documents / "a\u202egnp.seahaven", _game(1))
    _write(documents / "Spiele" / "mitte.seahaven", _game(2))
    data = tmp_path / "data" / "seahaven-towers"
    data.mkdir(parents=True)
    (data / "settings.json").write_text('{"version": 1, "animation": "off"}')
    storage = Storage(data)
    game = _game(moves)
    storage.save_game(game, 12.0, full=True)
    storage.flush()
    os.mkfifo(data / "history.jsonl")
    return documents, game


@pytest.mark.parametrize(("screen", "language"), [("800x600", "en"), ("800x600", "de"), ("1080x1920", "en"),
                                                  ("1080x1920", "de")])
def test_the_hostile_chooser_on_a_real_window_keeps_the_game(tmp_path: Path, screen: str, language: str) -> None:
    _documents, in_progress = _player(tmp_path)
    with running(tmp_path, screen, language=language) as game:
        assert game.saved().moves == in_progress.moves  # resumed, though history.jsonl is a FIFO
        game.keys("Escape")  # the notice about the history
        game.keys("ctrl+o")  # the chooser, in Documents: names not UTF-8, a direction mark, folders
        game.shot(f"chooser-{screen}-{language}")
        game.type("~d")  # on the way to ~/Documents
        game.keys("BackSpace", "BackSpace")
        game.type("x" * 300)  # too long a name: one sentence
        game.keys("Return")
        game.keys(*["BackSpace"] * 300)
        game.keys("Down", "Down", "Down", "Return")  # into Spiele/ (after Archiv and the folder named in Latin-1)
        game.shot(f"chooser-subfolders-{screen}-{language}")
        game.keys("BackSpace")  # the field has the focus: a letter goes; Tab away, then the folder above
        game.keys("Tab", "BackSpace")
        game.keys("Down", "End", "Return")  # the last game file: opened, asked first
        game.keys("Tab", "Return")  # "Open it"
        opened = _game(6, "SH1-C4-AAAAAJ3").moves
        until(lambda: game.saved().moves == opened, "the file named in Latin-1 in play")
        assert game.alive()
        assert game.quit() == 0
    said = game.said()
    assert "Traceback" not in said and "Error" not in said, said
    assert game.saved().moves == _game(6, "SH1-C4-AAAAAJ3").moves  # the file named in Latin-1 is the game now
    data = tmp_path / "data" / "seahaven-towers"
    assert len(list(data.glob("history.bad-*"))) == 1  # the FIFO, set aside
    lines = [json.loads(line) for line in (data / "history.jsonl").read_text().splitlines()]
    assert [(line["code"], line["result"], line["moves"]) for line in lines] == [(CODE, "abandoned", 4)]


@pytest.mark.parametrize("how", ["FILE", "--open"])
def test_a_file_named_in_latin1_opens_on_a_real_window(tmp_path: Path, how: str) -> None:
    (tmp_path / "home").mkdir()
    path = tmp_path / "home" / os.fsdecode(b"caf\xe9.seahaven")
    _write(path, _game(5))
    args = [str(path)] if how == "FILE" else ["--open", str(path)]
    with running(tmp_path, "1280x800", *args) as game:
        until(lambda: game.saved().moves == _game(5).moves, "the file's game in play")
        game.shot(f"opened-latin1-{how.strip('-')}")
        assert game.alive()
        assert game.quit() == 0
    assert "Traceback" not in game.said(), game.said()
    assert game.saved().moves == _game(5).moves


def test_a_long_path_pasted_on_a_real_window_is_answered(tmp_path: Path) -> None:
    """A 5,000-letter path on the clipboard (owned by another X client, as an editor would),
    pasted with Ctrl+V: the game takes it, answers the keys after it, and loses nothing."""
    _documents, in_progress = _player(tmp_path)
    (tmp_path / "data" / "seahaven-towers" / "history.jsonl").unlink()
    text = "/" + "a" * 4000 + "/b" + "c" * 1000
    with running(tmp_path, "800x600") as game:
        owner = subprocess.Popen([sys.executable, "-c", CLIPBOARD_OWNER, text], env=game.env, cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            assert owner.stdout is not None and owner.stdout.readline().strip() == b"owned"
            game.keys("ctrl+o", "ctrl+v")
            game.shot("pasted-long-path")
            game.keys("Return", "BackSpace", "Escape")
            assert game.alive()
        finally:
            owner.kill()  # (SDL turns SIGTERM into a quit event this helper does not read)
            owner.wait(10)
        assert game.quit() == 0
    assert "Traceback" not in game.said(), game.said()
    assert game.saved().moves == in_progress.moves


CLIPBOARD_OWNER = """
import sys, os
os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
pygame.display.init()
pygame.display.set_mode((1, 1))
pygame.scrap.put_text(sys.argv[1])
print("owned", flush=True)
while True:
    pygame.event.wait(100)
"""
