"""A 390,000-move saved game (issue 21 item 5): how long the real start takes to open the
window and to show the table, and the frame time of every move made by dragging a card
(the drop's frame: the move, its journal entry, the redraw; and every frame after it,
where the lost check is asked for).

Run: ``python benchmarks/long_game.py [--moves 390000] [--plays 60]``. Headless (SDL's
dummy driver), in a data folder of its own; the save is written as the game writes it.
Aims: the window open in under 1 s; every move's frame under 20 ms. Numbers on a shared
machine are noisy: run it twice.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CODE = "SH1-C4-AAAAAJ2"


def write_save(folder: Path, moves: int) -> int:
    """``current.json`` of a game of ``moves`` moves (a card to a cell, then back and forth
    between two cells), in the writer's exact format. Returns its size in bytes."""
    first = '{"from":"col1","to":"cell3","count":1}'
    there = '{"from":"cell3","to":"cell4","count":1}'
    back = '{"from":"cell4","to":"cell3","count":1}'
    line = [first] + [there if k % 2 == 0 else back for k in range(moves - 1)]
    data = f'{{"version":1,"code":"{CODE}","moves":[{",".join(line)}],"undone":0,"elapsed_s":600.0,"score":0}}\n'
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "current.json").write_text(data)
    return len(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=390_000)
    parser.add_argument("--plays", type=int, default=60, help="moves to make once the table is up")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="seahaven-long-"))
    os.environ["XDG_DATA_HOME"] = str(home)
    os.environ["HOME"] = str(home)
    size = write_save(home / "seahaven-towers", args.moves)

    import pygame

    from seahaven.app.shell.launch import open_game
    from seahaven.app.shell.loop import STEP, App
    from seahaven.engine import Move
    from tests.kill_driver import _post_drag

    first_frame: list[float] = []
    render = App.render

    def timed_render(self: App, alpha: float = 0.0, force: bool = False) -> None:
        render(self, alpha, force)
        if not first_frame and self.frames:
            first_frame.append(time.perf_counter())

    App.render = timed_render
    start = time.perf_counter()
    opened = open_game((1280, 800), True, None)
    ready = time.perf_counter()
    app, table = opened.app, opened.table
    app.step(0.0)
    window_s = (first_frame[0] if first_frame else time.perf_counter()) - start
    print(f"save: {args.moves} moves, {size / 1e6:.1f} MB")
    print(f"window open (first frame): {window_s:.3f} s")
    print(f"table up (game read and checked): {ready - start:.3f} s; moves now {table.game.move_count}")

    there = Move.from_json({"from": "cell3", "to": "cell4"})
    back = Move.from_json({"from": "cell4", "to": "cell3"})
    drops: list[float] = []
    frames: list[float] = []
    for k in range(args.plays):
        move = table.game.position.resolve(there if table.game.position.cells[2] is not None else back)
        before = table.game.move_count
        _post_drag(pygame, app, table, move)  # press and three motions, each stepped
        t = time.perf_counter()
        app.step(STEP)  # the drop: the move is made, journaled and drawn
        drops.append((time.perf_counter() - t) * 1000)
        assert table.game.move_count == before + 1, f"move {k} was not made"
        for _ in range(40):  # the table goes still: the lost check is asked for
            t = time.perf_counter()
            app.step(STEP)
            frames.append((time.perf_counter() - t) * 1000)
        table.finish_animations()
    app.quit()
    for hook in list(app.on_quit):
        hook()
    app.close()
    for label, values in (("drop frame", drops), ("frames after", frames)):
        ordered = sorted(values)
        print(f"{label:>13}: p50 {ordered[len(ordered) // 2]:6.2f}  p95 {ordered[int(len(ordered) * 0.95)]:6.2f}"
              f"  max {ordered[-1]:6.2f} ms  ({len(values)} frames)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
