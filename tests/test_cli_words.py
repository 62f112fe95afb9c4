"""Issue 24, items 7 and 8: no Python or C library wording reaches the command line. Each
hostile input gets one sentence of ours and exit status 3; a relative XDG path is ignored,
as the XDG base directory specification says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from seahaven import xdg
from tests.conftest import ROOT

PYTHON_WORDS = ("Traceback", "codec", "Errno", "Exceeds the limit", "recursion", "sys.set_int_max_str_digits",
                "Expecting", "decode byte", "unicode str")
"""What Python or the C library says, never to be shown."""


def seahaven(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seahaven", *args], cwd=cwd, env=env or dict(os.environ),
                          capture_output=True, text=True, timeout=120)


def one_sentence_of_ours(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 3, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("seahaven"), result.stderr
    assert not any(word in result.stderr for word in PYTHON_WORDS), result.stderr
    assert result.stdout == "", result.stdout
    return lines[0]


SAVED = b'{"version": 2, "code": "SH1-C4-AAAAAJ2", "moves": [], "undone": 0, "elapsed_s": '


@pytest.mark.parametrize(("name", "data", "says"), [
    ("bad-utf8.json", b'{"version": 2, "code": "SH1-C4-AAAAAJ2\xff\xfe", "moves": []}', "not UTF-8 text"),
    ("digits.json", SAVED + b"9" * 5000 + b"}", "a number in it is too long"),
    ("version-digits.json", b'{"version": ' + b"9" * 5000 + b"}", "a number in it is too long"),
    ("nested.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("broken.json", b'{"version": 2, "code": ', "at line 1, column"),
])
def test_layout_of_a_hostile_saved_game_says_why_in_our_words(tmp_path: Path, name: str, data: bytes,
                                                              says: str) -> None:
    (tmp_path / name).write_bytes(data)
    line = one_sentence_of_ours(seahaven("layout", "--game", str(tmp_path / name)))
    assert says in line and name in line


@pytest.mark.parametrize(("data", "says"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested too deeply"),
    (b'{"code": "SH1-C4-AAAAAJ2", "moves": [], "n": ' + b"9" * 5000 + b"}", "a number in it is too long"),
    (b"not json at all\n{also not\n", "at column"),
])
def test_replay_of_a_file_with_no_json_record_says_why_in_our_words(tmp_path: Path, data: bytes, says: str) -> None:
    (tmp_path / "records.json").write_bytes(data)
    line = one_sentence_of_ours(seahaven("replay", str(tmp_path / "records.json")))
    assert says in line and "holds no game record" in line


def test_replay_still_gives_a_verdict_for_a_damaged_line_among_records(tmp_path: Path) -> None:
    (tmp_path / "records.jsonl").write_text('[[[[[[\n{"code": "SH1-C4-AAAAAJ2", "moves": []}\n')
    result = seahaven("replay", str(tmp_path / "records.jsonl"))
    assert result.returncode == 1 and len(result.stdout.splitlines()) == 2, result
    assert '"legal": false' in result.stdout.splitlines()[0] and '"legal": true' in result.stdout.splitlines()[1]
    assert not any(word in result.stdout for word in PYTHON_WORDS)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="freedesktop.org menus")
@pytest.mark.parametrize("option", ["--install-desktop", "--uninstall-desktop"])
def test_the_desktop_entry_with_a_file_for_a_data_folder_says_why_in_our_words(tmp_path: Path, option: str) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    line = one_sentence_of_ours(seahaven(option, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path / "a-file"))))
    assert "a file is in the way" in line and str(tmp_path / "a-file") in line


def test_relative_xdg_paths_are_dropped_and_absolute_ones_kept() -> None:
    environ = {"XDG_DATA_HOME": "relative/data", "XDG_CONFIG_HOME": "/abs/config", "XDG_CACHE_HOME": "",
               "XDG_DATA_DIRS": "/usr/share:here:/opt/share", "XDG_CONFIG_DIRS": "there", "HOME": "/home/p"}
    xdg.ignore_relative(environ)
    assert environ == {"XDG_CONFIG_HOME": "/abs/config", "XDG_DATA_DIRS": "/usr/share:/opt/share", "HOME": "/home/p"}


def test_the_game_ignores_a_relative_xdg_data_home(tmp_path: Path) -> None:
    """A data folder under a relative XDG_DATA_HOME (here, with a damaged history) is never
    read: the game's folder is the default one under HOME."""
    folder = tmp_path / "cwd" / "relative" / "seahaven-towers"
    folder.mkdir(parents=True)
    (folder / "history.jsonl").write_text('{"damaged\n')
    env = dict(os.environ, XDG_DATA_HOME="relative")
    result = seahaven("history", env=env, cwd=tmp_path / "cwd")
    assert result.returncode == 0 and result.stdout == "" and result.stderr == "", result
    env["XDG_DATA_HOME"] = str(tmp_path / "cwd" / "relative")  # the same folder, absolute: read
    assert "could not be read" in seahaven("history", env=env, cwd=tmp_path / "cwd").stderr
