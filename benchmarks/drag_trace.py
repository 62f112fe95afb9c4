"""Which of the game's files a drag of a run from column 3 to column 7 passes through, from
the press to the journal line that saves it, and how often the rules are asked (issue 26).

    .venv/bin/python benchmarks/drag_trace.py

Runs headless with its own empty data folders (never the player's), through the real loop
and real pygame events. A file is crossed when it is on the call stack at one of the drag's
steps: the lift asked of the rules, the drop asked of them, the move made, "stuck" worked
out (every legal move applied), the journal line written. It prints those files in the order the drag reaches them,
their count, and how many times each step ran (drawing and the other work of the same
frames are not the drag's path and are not counted).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

home = tempfile.mkdtemp(prefix="seahaven-trace-")
for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[name] = os.path.join(home, name.lower())
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from seahaven.app.saving.storage import Storage, default_folder  # noqa: E402
from seahaven.app.shell import launch  # noqa: E402
from seahaven.app.shell.loop import STEP  # noqa: E402
from seahaven.engine import COLUMNS  # noqa: E402

CODE = "SH1-C4-AAAALDA"  # the two bottom cards of column 3 are a run that goes onto column 7
PACKAGE = Path(launch.__file__).resolve().parents[2]
STEPS = {
    ("app/kit/input.py", "translate"): "the event read",
    ("engine/gestures.py", "lift"): "the lift",
    ("engine/gestures.py", "drop_move"): "the drop",
    ("engine/position.py", "check"): "the move's legality",
    ("engine/game.py", "useful_moves"): "stuck worked out",
    ("app/saving/storage.py", "append"): "the journal line",
}
ENTRIES = {("app/screens/table_pointer.py", "handle"), ("app/saving/persistence.py", "_on_game")}
"""Where the drag's handling starts: the table's pointer (each event), autosave (the move)."""


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
    files: list[str] = []
    consulted: list[str] = []
    counts: dict[str, int] = {}

    def relative(path: str) -> str | None:
        try:
            return Path(path).resolve().relative_to(PACKAGE).as_posix()
        except ValueError:
            return None

    written = [False]

    def in_drag(frame) -> bool:  # type: ignore[no-untyped-def]
        while frame is not None:
            if (relative(frame.f_code.co_filename), frame.f_code.co_name) in ENTRIES:
                return True
            frame = frame.f_back
        return False

    def profile(frame, event, _arg):  # type: ignore[no-untyped-def]
        if event != "call":
            return
        rel = relative(frame.f_code.co_filename)
        if rel is not None and not written[0] and rel not in consulted and in_drag(frame):
            consulted.append(rel)
        what = STEPS.get((rel or "", frame.f_code.co_name))
        if what is None:
            return
        if what == "the journal line":
            written[0] = True
        counts[what] = counts.get(what, 0) + 1
        stack = []
        while frame is not None:
            rel = relative(frame.f_code.co_filename)
            if rel is not None and rel not in stack:
                stack.append(rel)
            frame = frame.f_back
        for rel in reversed(stack):
            if rel not in files:
                files.append(rel)

    def post(etype: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(etype, **attrs))

    sys.setprofile(profile)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1, touch=False)
    app.step(STEP)
    for k in range(1, 7):
        x = start[0] + (end[0] - start[0]) * k / 6
        y = start[1] + (end[1] - start[1]) * k / 6
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0), touch=False)
        app.step(STEP)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
    # until the journal's append has run (a state, seen by the profile: however slow the machine,
    # the frames are the same, as every step is given its dt)
    for _ in range(200):
        if written[0]:
            break
        app.step(STEP)
    sys.setprofile(None)
    moved = table.game.move_count
    app.close()
    # what a restart would read back: the move is in the data folder
    stored = Storage(default_folder()).load_game().value
    saved = written[0] and stored is not None and stored.game.move_count == 1
    print(f"moves made: {moved}; journal line written: {saved}")
    print(f"files from the press to the journal line ({len(files)}):")
    for rel in files:
        print(f"  {rel}")
    others = [rel for rel in consulted if rel not in files]
    print(f"files also asked on the way, before the journal line, answering and returning ({len(others)}):")
    for rel in others:
        print(f"    {rel}")
    for what in STEPS.values():
        print(f"{what}: {counts.get(what, 0)} time(s)")
    return 0 if moved == 1 and saved else 1


if __name__ == "__main__":
    raise SystemExit(main())
