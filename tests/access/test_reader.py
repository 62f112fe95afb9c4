"""The real game under Xvfb with the AT-SPI bus, read as a screen reader reads it: through
pyatspi (the system's python3), found by the game's process ID (issue 27). Slow (a real X
server, D-Bus and the game: seconds each), so ``SEAHAVEN_ALL_TESTS=1`` runs them (.ci/run
does); they skip where the screen reader's stack is not installed (.ci/run installs it)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from seahaven.app.saving.storage import Storage
from seahaven.engine import COLUMNS, Game

HERE = Path(__file__).resolve().parent
CODE = "SH1-C4-AAAAAJ2"
pytestmark = pytest.mark.slow


def have_reader_stack() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    if not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "dbus-run-session", "gdbus")):
        return False
    check = subprocess.run(["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True)
    return check.returncode == 0


def read_game(steps: list[list[str]], data: Path, language: str | None = None) -> list[dict[str, Any]]:
    """Run the game with ``steps`` of reader_check.py; its JSON lines."""
    if not have_reader_stack():
        pytest.skip("the screen reader's stack (Xvfb, xdotool, D-Bus, AT-SPI, pyatspi) is not installed")
    (data / "seahaven-towers").mkdir(parents=True, exist_ok=True)
    if language is not None:
        (data / "seahaven-towers" / "settings.json").write_text(json.dumps({"version": 1, "language": language}))
    env = dict(os.environ, SEAHAVEN_DATA_HOME=str(data))
    env.pop("SDL_VIDEODRIVER", None)
    game = [sys.executable, "-m", "seahaven", "--size", "1280x800", "--code", CODE]
    done = subprocess.run([str(HERE / "headless.sh"), "/usr/bin/python3", str(HERE / "reader_check.py"),
                           json.dumps(steps), "--", *game], capture_output=True, text=True, env=env, timeout=240)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines and lines[-1]["kind"] == "quit", done.stdout + done.stderr
    assert not [line for line in lines if line["kind"] == "error"], lines
    return lines


def names(tree: list[dict[str, Any]], role: str) -> list[str]:
    return [row["name"] for row in tree if row["role"] == role]


def heard(events: list[list[str]]) -> list[str]:
    """What a reader is told to say: announcements and the focused node's new description."""
    return [text for kind, text, _source in events
            if kind in ("object:announcement", "object:property-change:accessible-description") and text]


def test_a_reader_reads_the_table_follows_the_keys_hears_the_move_and_undoes_it(tmp_path: Path) -> None:
    lines = read_game([["tree"], ["key", "1"], ["focus"], ["key", "7"], ["focus"], ["click", "Undo"], ["tree"],
                       ["wait", "1"]], tmp_path)
    tree = lines[0]["value"]
    assert names(tree, "frame") == ["Seahaven Towers"]
    buttons = names(tree, "push button")
    for label in ("New game", "Restart the deal", "Undo", "Redo", "Hint", "Help", "Menu"):
        assert label in buttons
    undo = next(row for row in tree if row["name"] == "Undo")
    # nothing to undo yet: present, and said to be unavailable (AccessKit 0.7 shows the disabled
    # state on AT-SPI for text fields only, so the description says it)
    assert undo["description"] == "unavailable"
    assert next(row for row in tree if row["name"] == "New game")["description"] == ""
    deal = Game.from_code(CODE).position
    items = names(tree, "list item")
    for column in COLUMNS:
        label = next(name for name in items if name.startswith(f"Column {column.key}, "))
        top = deal.top(column)
        assert top is not None
        from seahaven.app.text.words import card_name

        assert label.endswith(f"top: {card_name(top)}")
    assert "Cell 3: empty" in items and "Clubs foundation: empty" in items
    assert sum(name.startswith("Cell ") for name in items) == 4
    assert sum("foundation" in name for name in items) == 4
    # 1: the focus goes to column 1, as the ring does
    assert lines[2] == {"kind": "focus", "value": [next(n for n in items if n.startswith("Column 1, "))]}
    # 7: the 6 of hearts goes onto the 7 of hearts, and the reader is told so
    moved = lines[3]["value"]
    assert "The 6 of hearts picked up." in heard(lines[1]["value"])  # the pick-up is said
    assert "To column 7. Column 1: the queen of spades." in heard(moved)  # short: it named the card
    assert lines[4]["value"][0] == "Column 7, 6 cards, top: the 6 of hearts"
    # the AT's click on Undo undoes it, as a tap on the button does
    assert any(text.startswith("Undone: the 6 of hearts") for text in heard(lines[5]["value"]))
    after = names(lines[6]["value"], "list item")
    assert next(n for n in after if n.startswith("Column 1, ")).endswith("top: the 6 of hearts")
    saved = Storage(tmp_path / "seahaven-towers").load_game().value
    assert saved is not None
    assert saved.game.move_count == 0 and saved.game.can_redo


def test_a_reader_reads_the_table_in_german(tmp_path: Path) -> None:
    lines = read_game([["tree"]], tmp_path, language="de")
    tree = lines[0]["value"]
    buttons = names(tree, "push button")
    assert "Neues Spiel" in buttons and "Rückgängig" in buttons
    items = names(tree, "list item")
    assert "Spalte 1, 5 Karten, oben: die Herz-6" in items, items
    assert "Zelle 3: leer" in items, items


def test_a_reader_reads_helps_rules(tmp_path: Path) -> None:
    """Help's words reach the reader: its tabs, its headings as headings, its paragraphs."""
    lines = read_game([["key", "F1"], ["wait", "1"], ["tree"]], tmp_path)
    tree = next(line for line in lines if line["kind"] == "tree")["value"]
    assert "Help" in names(tree, "dialog")
    assert names(tree, "page tab") == ["Rules", "Examples", "Game codes", "Keyboard", "Analysis"]
    assert "The goal" in names(tree, "heading") and "Playing with a screen reader" in names(tree, "heading")
    paragraphs = names(tree, "paragraph")
    assert ("Move all 52 cards onto the four foundations, one for each suit, from the ace up to the king."
            in paragraphs), paragraphs


def test_a_reader_reads_helps_example_board_and_presses_its_piles(tmp_path: Path) -> None:
    """Help's example board reaches the reader as a group named by its caption, holding its
    piles in the table's words; an AT-SPI click on a pile chooses it, as its key does."""
    lines = read_game([["key", "F1"], ["key", "Right"], ["wait", "1"], ["tree"],
                       ["click", "Column 3, 10 cards"], ["tree"]], tmp_path)
    trees = [line["value"] for line in lines if line["kind"] == "tree"]
    rows = trees[0]
    at = next(i for i, row in enumerate(rows) if row["name"] == "The example board")
    depth = rows[at]["depth"]
    inside = []
    for row in rows[at + 1:]:
        if row["depth"] <= depth:
            break
        inside.append(row)
    items = [row["name"] for row in inside if row["role"] == "list item"]
    assert items[:2] == ["Cell 1: empty", "Clubs foundation: up to the ace of clubs"], items
    assert items[-2:] == ["Column 9: empty", "Column 10: empty"], items
    assert len(items) == 15, items
    chosen = [row["name"] for row in trees[1] if row["role"] == "list item" and row["selected"]]
    assert any(name.startswith("Column 3, 10 cards") for name in chosen), chosen
    assert any(row["name"] == "Selected: the run of 8 cards starting with the 9 of diamonds, from column 3."
               for row in trees[1]), [row["name"] for row in trees[1]]


def test_a_reader_reads_the_replays_board_pile_by_pile(tmp_path: Path) -> None:
    """Issue 35: the replay's board reaches the reader as the table's does, a group of its
    piles in the table's words (the board's own nodes), following the move shown."""
    lines = read_game([["key", "1"], ["key", "7"], ["key", "w"], ["wait", "1"], ["tree"], ["key", "Right"],
                       ["wait", "1"], ["tree"]], tmp_path)
    trees = [line["value"] for line in lines if line["kind"] == "tree"]

    def board(rows: list[dict[str, Any]]) -> list[str]:
        at = next(i for i, row in enumerate(rows) if row["name"] == "The board")
        depth, inside = rows[at]["depth"], []
        for row in rows[at + 1:]:
            if row["depth"] <= depth:
                break
            inside.append(row)
        return [row["name"] for row in inside if row["role"] == "list item"]

    start, after = board(trees[0]), board(trees[1])
    assert len(start) == 18 and start[:2] == ["Cell 1: the 3 of spades", "Cell 2: the 4 of diamonds"], start
    column7 = next(name for name in start if name.startswith("Column 7,"))
    assert column7.startswith("Column 7, 5 cards") and column7.endswith("top: the 7 of hearts"), column7
    moved = next(name for name in after if name.startswith("Column 7,"))
    assert moved.startswith("Column 7, 6 cards") and moved.endswith("top: the 6 of hearts"), moved


def test_a_reader_reads_the_analysis_strip_and_presses_a_mark(tmp_path: Path) -> None:
    """Issue 38: the replay's analysis reaches the reader as a group of its marks, each a node
    named by its move and what the analysis found, the summary as the group's description; an
    AT-SPI click on a mark takes the board to the position before that move and says the mark."""
    lines = read_game([["key", "1"], ["key", "7"], ["key", "2"], ["key", "c"], ["key", "w"], ["key", "a", "3"],
                       ["tree"], ["click", "Move 2: "], ["tree"]], tmp_path)
    trees = [line["value"] for line in lines if line["kind"] == "tree"]

    def strip(rows: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        at = next(i for i, row in enumerate(rows) if row["name"] == "The analysis, one mark per move")
        depth, inside = rows[at]["depth"], []
        for row in rows[at + 1:]:
            if row["depth"] <= depth:
                break
            inside.append(row)
        return rows[at], [row for row in inside if row["role"] == "list item"]

    group, marks = strip(trees[0])
    assert group["description"].startswith("2 moves were made while the game could be won. 2 of them "
                                            "kept it winnable."), group
    assert [row["name"].split(". ")[0] for row in marks] == [
        "Move 1: the 6 of hearts from column 1 to column 7", "Move 2: the 9 of hearts from column 2 to cell 3"]
    assert all("winnable" in row["name"] for row in marks), [row["name"] for row in marks]
    assert marks[0]["selected"] and not marks[1]["selected"]  # the move from the board shown: the first
    assert lines[-3]["kind"] == "events"  # what the click made the reader say
    said = heard(lines[-3]["value"])
    assert any(text.startswith("1: the 6 of hearts to column 7.") and "Move 2: the 9 of hearts" in text
               for text in said), said
    _group, after = strip(trees[1])
    assert not after[0]["selected"] and after[1]["selected"]  # the board before move 2


def test_a_new_reader_finds_the_game_after_the_accessibility_bus_restarts(tmp_path: Path) -> None:
    """Issue 41: the AT-SPI bus killed and started again (twice), a new pyatspi reader finds the
    game and its piles again without the game's restart. AccessKit 0.7 looks for the bus only
    when IsEnabled changes, and the new bus starts with it true already: before the bus watch
    no reader found the game within a minute. The seconds from the bus's return to a reader
    finding the game are printed (``-s``), not asserted: the machine may be loaded."""
    if not have_reader_stack():
        pytest.skip("the screen reader's stack (Xvfb, xdotool, D-Bus, AT-SPI, pyatspi) is not installed")
    (tmp_path / "seahaven-towers").mkdir(parents=True)
    env = dict(os.environ, SEAHAVEN_DATA_HOME=str(tmp_path), ORCA_SESSION_READER="pyatspi")
    env.pop("SDL_VIDEODRIVER", None)
    game = [sys.executable, "-m", "seahaven", "--size", "1280x800", "--code", CODE]
    done = subprocess.run([str(HERE / "headless.sh"), "/usr/bin/python3", str(HERE / "orca_session.py"),
                           str(tmp_path / "session"), json.dumps([["restart_bus"], ["restart_bus"]]), "--", *game],
                          capture_output=True, text=True, env=env, timeout=600)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert not [line for line in lines if line["kind"] == "error"], (lines, done.stderr[-2000:])
    found = [line["value"] for line in lines if line["kind"] == "found_after"]
    print("a new reader found the game this many seconds after the bus came back:", found)
    assert len(found) == 2 and None not in found, (found, done.stderr[-2000:])
    assert lines[-1] == {"kind": "quit", "value": 0}, lines  # the game ran on until the end, and ended well
