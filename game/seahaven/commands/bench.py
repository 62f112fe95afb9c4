"""``seahaven bench --size WxH --scenario idle|drag|animate|cascade --frames N``: render
headless through the real loop and print frame times (milliseconds) as JSON."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import signal
import time
from collections.abc import Callable, Iterator

from seahaven.commands import InputError, fail, read_size
from seahaven.commands.help_format import whole_number
from seahaven.i18n import _

SCENARIOS = ("idle", "drag", "animate", "cascade")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Translators: the name of an option's value in --help: a size in pixels, width x height. No spaces.
    parser.add_argument("--size", metavar=_("WxH"), default=argparse.SUPPRESS,
                        help=_("window size (default 1920x1080)"))
    parser.add_argument("--scenario", choices=SCENARIOS, default="drag", help=_("what the measured frames show"))
    parser.add_argument("--frames", type=whole_number, default=300, help=_("frames to measure (default 300)"))
    # Translators: the name of an option's value in --help: a game code. One word in capitals, no spaces.
    parser.add_argument("--code", metavar=_("CODE"), default=argparse.SUPPRESS,
                        help=_("the deal (default SH1-C4-AAAAAJ2)"))
    parser.add_argument("--solver", action="store_true",
                        help=_("let the solver check for lost games after each move, as in play (off: drawing only)"))


class FrameTimes:
    """A summary of frame times in bounded memory, however many frames: count, mean, max
    exactly, and percentiles from a histogram of buckets 1 % wide (so a percentile is
    within 1 % of the exact one). At most a few thousand buckets exist."""

    GROWTH = 1.01
    FLOOR_MS = 0.001

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.max = 0.0
        self._buckets: dict[int, int] = {}

    def add(self, ms: float) -> None:
        self.count += 1
        self.total += ms
        self.max = max(self.max, ms)
        bucket = math.floor(math.log(max(ms, self.FLOOR_MS) / self.FLOOR_MS, self.GROWTH))
        self._buckets[bucket] = self._buckets.get(bucket, 0) + 1

    def percentile(self, p: float) -> float:
        """The upper edge of the bucket holding the p-th percentile (never above max)."""
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(p / 100 * self.count))
        seen = 0
        for bucket in sorted(self._buckets):
            seen += self._buckets[bucket]
            if seen >= rank:
                return min(self.max, self.FLOOR_MS * self.GROWTH ** (bucket + 1))
        return self.max

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0


@contextlib.contextmanager
def stop_on_signals() -> Iterator[Callable[[], int | None]]:
    """SIGTERM, SIGINT (and SIGHUP where there is one) end the measuring at the next frame
    instead of being ignored: yields a function telling which signal came (or None)."""
    received: list[int] = []

    def note(signum: int, _frame: object) -> None:
        received.append(signum)

    names = [name for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name)]
    previous = {}
    for name in names:
        number = getattr(signal, name)
        with contextlib.suppress(ValueError, OSError):  # not the main thread: nothing to catch
            previous[number] = signal.signal(number, note)
    try:
        yield lambda: received[0] if received else None
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def run(args: argparse.Namespace) -> int:
    try:
        size = read_size(getattr(args, "size", None) or "1920x1080")
    except InputError as error:
        return fail("bench", str(error))
    if args.frames < 1:
        return fail("bench", _("--frames must be at least 1."))
    with stop_on_signals() as stopped:
        times = measure(size, args.scenario, args.frames, getattr(args, "code", None) or "SH1-C4-AAAAAJ2",
                        solver=args.solver, stopped=stopped)
        signum = stopped()
    result = {
        "size": list(size),
        "scenario": args.scenario,
        "solver": args.solver,
        "frames": times.count,
        "p50": round(times.percentile(50), 3),
        "p95": round(times.percentile(95), 3),
        "p99": round(times.percentile(99), 3),
        "max": round(times.max, 3),
        "mean": round(times.mean, 3),
    }
    if signum is not None:
        result["stopped_by"] = signal.Signals(signum).name
    print(json.dumps(result), flush=True)
    return 0 if signum is None else 128 + signum


def measure(size: tuple[int, int], scenario: str, frames: int, code: str, solver: bool = False,
            stopped: Callable[[], int | None] = lambda: None) -> FrameTimes:
    """The frame times in milliseconds (events, update, draw, display update) of a
    scenario, summarised; measuring ends early when ``stopped()`` names a signal."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from seahaven.app.kit.scenes import STEP
    from seahaven.app.shell.hands import Hands
    from seahaven.app.shell.launch import build
    from seahaven.app.state.settings import Settings
    from seahaven.engine import COLUMNS, Move, gestures

    app, _session, table = build(size=size, code=code, settings=Settings(warn_lost=solver, show_verdict=solver))
    hands = Hands(app)
    app.assets.preload(*table.layout.card_size)  # in play every face has been shown before it can fly
    for _frame in range(120):  # the deal lands
        app.step(STEP)
    table.finish_animations()
    app.step(STEP)

    # a long move to repeat for "animate": a card across the table, done and undone
    position = table.game.position
    moves = [m for m in position.legal_moves(table.rules) if m.source.is_column or m.source.is_cell]
    far = max(moves, key=lambda m: abs(table.layout.piles[m.source].x - table.layout.piles[m.dest].x))

    drag_start = None
    if scenario == "drag":
        pile = max(COLUMNS, key=lambda p: len(position.cards(p)))
        cards = position.cards(pile)
        index = len(cards) - gestures.lift(position, pile, len(cards) - 1, table.rules)
        box = table.layout.card_box(pile, index, len(cards))
        drag_start = (box.x + box.w // 2, box.y + 8)
        hands.press(drag_start)
        app.step(STEP)
    glides = table.board.glides
    if scenario == "cascade":
        glides.celebrate(seed=0, then=lambda: None)

    times = FrameTimes()
    radius = min(size) * 0.3
    cx, cy = size[0] / 2, size[1] / 2
    undone = True
    for frame in range(frames + 3):
        if stopped() is not None:
            break
        if scenario == "drag":
            angle = frame * 0.07
            pos = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
            hands.move(pos)
        elif scenario == "animate" and not glides.tweens.active and not glides.floating:
            if undone:
                table.play(Move(far.source, far.dest, far.size))
            else:
                table.undo()
            undone = not undone
        elif scenario == "cascade" and glides.cascade is None:
            if app.scenes.top is not table:
                app.scenes.pop()
            glides.celebrate(seed=0, then=lambda: None)
        start = time.perf_counter()
        app.step(STEP)
        elapsed = (time.perf_counter() - start) * 1000
        if frame >= 3:
            times.add(elapsed)
    app.close()
    return times
