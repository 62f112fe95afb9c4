"""A journal whose last line was cut short (the game killed in the middle of a write), found
by the type check (issue 26): the lines before the cut are the player's moves and are kept,
and a damaged line before the cut is said, not a crash."""

from __future__ import annotations

from pathlib import Path

from seahaven.app.saving.storage import JOURNAL, Storage
from seahaven.engine import Game

CODE = "SH1-C4-AAAAAJ2"


def _four_moves(folder: Path) -> tuple[list[bytes], list[object]]:
    storage = Storage(folder)
    game = Game.from_code(CODE)
    lines: list[object] = []
    for _ in range(4):
        game.play(game.useful_moves()[0])
        storage.save_game(game, 1.0)
        lines.append(game.line)
    return (folder / JOURNAL).read_bytes().splitlines(keepends=True), lines


def test_a_cut_last_line_keeps_the_moves_before_it(tmp_path: Path) -> None:
    entries, states = _four_moves(tmp_path)
    (tmp_path / JOURNAL).write_bytes(b"".join(entries[:3]) + entries[3][:10])
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and loaded.value.game.line == states[2]
    assert loaded.message and "last moves could not be read" in loaded.message
    assert len(list(tmp_path.glob("current-journal.bad-*"))) == 1


def test_a_bad_line_before_a_cut_one_is_said_and_the_good_start_kept(tmp_path: Path) -> None:
    entries, states = _four_moves(tmp_path)
    (tmp_path / JOURNAL).write_bytes(entries[0] + b"not json\n" + entries[2] + entries[3][:10])
    loaded = Storage(tmp_path).load_game()
    assert loaded.value is not None and loaded.value.game.line == states[0]
    assert loaded.message and "last moves could not be read" in loaded.message
