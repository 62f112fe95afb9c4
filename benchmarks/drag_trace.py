"""Which of the game's files a drag of a run from column 3 to column 7 passes through, from
the press to the journal line that saves it, and how often the rules are asked (issues 26, 35).

    .venv/bin/python benchmarks/drag_trace.py

Runs headless with its own empty data folders (never the player's), through the real loop
and real pygame events (the player's hands, ``shell/hands.py``, which are not counted). Two
figures:

- every file the code passes through: each file of the game in which any function runs
  while the drag is handled (the events, the frames' updates, the move, the save), in the
  order first entered, and apart from them the files the frames' drawing runs in;
- the drag's steps (the event read, the lift asked of the rules, the drop, the move's
  legality, "stuck" worked out, the journal line) and the files on the call stack at each,
  with how many times each step ran.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

home = tempfile.mkdtemp(prefix="seahaven-trace-")
for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[name] = os.path.join(home, name.lower())
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from seahaven.app.saving.storage import Storage, default_folder  # noqa: E402
from seahaven.app.shell import launch  # noqa: E402
from seahaven.app.shell.hands import Hands  # noqa: E402
from seahaven.app.shell.loop import STEP  # noqa: E402
from seahaven.engine import COLUMNS  # noqa: E402

CODE = "SH1-C4-AAAALDA"  # the two bottom cards of column 3 are a run that goes onto column 7
PACKAGE = Path(launch.__file__).resolve().parents[2]
DRIVER = "app/shell/hands.py"
"""The player's hands: they post the events; no part of the game's path."""
STEPS = {
    ("app/kit/input.py", "translate"): "the event read",
    ("engine/gestures.py", "lift"): "the lift",
    ("engine/gestures.py", "drop_move"): "the drop",
    ("engine/position.py", "check"): "the move's legality",
    ("engine/game.py", "useful_moves"): "stuck worked out",
    ("app/saving/storage.py", "append"): "the journal line",
}
DRAWING = ("app/shell/loop.py", "render")
"""A frame's drawing: what runs under it is drawing, not the drag's handling."""


def relative(path: str) -> str | None:
    """A game file's path inside the package (None: not the game's, or the player's hands)."""
    try:
        rel = Path(path).resolve().relative_to(PACKAGE).as_posix()
    except ValueError:
        return None
    return None if rel == DRIVER else rel


def main() -> int:
    opened = launch.open_game((1280, 800), True, CODE)
    app, table = opened.app, opened.table
    for _ in range(5):
        app.step(STEP)
    table.finish_animations()
    source, dest = COLUMNS[2], COLUMNS[6]
    cards = table.position.cards(source)
    box = table.layout.card_box(source, len(cards) - 2, len(cards))
    start = (box.x + box.w // 2, box.y + min(6, box.h // 8))
    target = table.layout.piles[dest]
    end = (target.x + target.w // 2, target.y + target.h // 2 + 40)
    handled: list[str] = []
    drawn: list[str] = []
    stacked: list[str] = []
    counts: dict[str, int] = {}
    written = [False]

    def drawing(frame: Any) -> bool:
        while frame is not None:
            if (relative(frame.f_code.co_filename), frame.f_code.co_name) == DRAWING:
                return True
            frame = frame.f_back
        return False

    def profile(frame: Any, event: Any, _arg: Any) -> Any:
        if event != "call" or written[0]:
            return
        rel = relative(frame.f_code.co_filename)
        if rel is None:
            return
        seen = drawn if drawing(frame) else handled
        if rel not in seen:
            seen.append(rel)
        what = STEPS.get((rel, frame.f_code.co_name))
        if what is None:
            return
        if what == "the journal line":
            written[0] = True
        counts[what] = counts.get(what, 0) + 1
        stack = []
        while frame is not None:
            here = relative(frame.f_code.co_filename)
            if here is not None and here not in stack:
                stack.append(here)
            frame = frame.f_back
        for here in reversed(stack):
            if here not in stacked:
                stacked.append(here)

    sys.setprofile(profile)
    hands = Hands(app)
    # the press and the first step of the move in one frame: the drag has begun before the
    # table looks at the clock, which judges a press held still for HOLD_MS a peek (the profile
    # makes a frame slow, and a busy machine slower)
    hands.press(start)
    for k in range(1, 7):
        hands.move((start[0] + (end[0] - start[0]) * k / 6, start[1] + (end[1] - start[1]) * k / 6))
        hands.frames()
    hands.release(end)
    deadline = time.monotonic() + 120  # a bound for a stuck run, never a measure: a busy machine takes longer
    while not written[0] and time.monotonic() < deadline:  # until the journal's append has run (the profile sees it)
        app.step(STEP)
    sys.setprofile(None)
    moved = table.game.move_count
    app.close()  # every write finished
    # what the next start reads back (the journal's size is no sign: the writer thread's full save
    # may empty the journal at any moment)
    stored = Storage(default_folder(), read_only=True).load_game().value
    saved = written[0] and stored is not None and stored.game.move_count == 1
    print(f"moves made: {moved}; journal line written: {saved}")
    print(f"every file the drag's handling passes through, from the press to the journal line ({len(handled)}):")
    for rel in handled:
        print(f"  - {rel}")
    only_drawn = [rel for rel in drawn if rel not in handled]
    print(f"and the frames' drawing meanwhile, besides those ({len(only_drawn)}):")
    for rel in only_drawn:
        print(f"  + {rel}")
    print(f"files on the call stack at the drag's steps ({len(stacked)}):")
    for rel in stacked:
        print(f"  {rel}")
    for what in STEPS.values():
        print(f"{what}: {counts.get(what, 0)} time(s)")
    return 0 if moved == 1 and saved else 1


if __name__ == "__main__":
    raise SystemExit(main())
