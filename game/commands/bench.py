"""``seahaven bench --size WxH --scenario idle|drag|animate|cascade --frames N``: render
headless through the real loop and print frame times (milliseconds) as JSON."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

SCENARIOS = ("idle", "drag", "animate", "cascade")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", metavar="WxH", default=argparse.SUPPRESS, help="window size (default 1920x1080)")
    parser.add_argument("--scenario", choices=SCENARIOS, default="drag")
    parser.add_argument("--frames", type=int, default=300, help="frames to measure (default 300)")
    parser.add_argument("--code", metavar="CODE", default=argparse.SUPPRESS, help="the deal (default SH1-C4-AAAAAJ2)")
    parser.add_argument("--solver", action="store_true",
                        help="let the solver check for lost games after each move, as in play (off: drawing only)")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[k]


def run(args: argparse.Namespace) -> int:
    from game.app.layout import parse_size

    try:
        size = parse_size(getattr(args, "size", None) or "1920x1080")
    except ValueError as error:
        print(f"seahaven bench: error: {error}", file=sys.stderr)
        return 3
    if args.frames < 1:
        print("seahaven bench: error: --frames must be at least 1", file=sys.stderr)
        return 3
    times = measure(size, args.scenario, args.frames, getattr(args, "code", None) or "SH1-C4-AAAAAJ2",
                    solver=args.solver)
    result = {
        "size": list(size),
        "scenario": args.scenario,
        "solver": args.solver,
        "frames": len(times),
        "p50": round(percentile(times, 50), 3),
        "p95": round(percentile(times, 95), 3),
        "p99": round(percentile(times, 99), 3),
        "max": round(max(times), 3),
        "mean": round(sum(times) / len(times), 3),
    }
    print(json.dumps(result))
    return 0


def measure(size: tuple[int, int], scenario: str, frames: int, code: str, solver: bool = False) -> list[float]:
    """Milliseconds of each frame (events, update, draw, display update) of a scenario."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app.launch import build
    from game.app.loop import STEP
    from game.app.settings import Settings
    from game.engine import COLUMNS, Move, gestures

    app, _session, table = build(size=size, code=code, settings=Settings(warn_lost=solver, show_verdict=solver))
    preload = getattr(app.assets, "preload", None)
    if preload is not None:  # in play every face has been shown before it can fly
        preload(*table.layout.card_size)
    for _ in range(120):  # the deal lands
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
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=drag_start, button=1, clicks=1))
        app.step(STEP)
    if scenario == "cascade":
        table.motion.start_cascade(then=lambda: None)

    times: list[float] = []
    radius = min(size) * 0.3
    cx, cy = size[0] / 2, size[1] / 2
    undone = True
    for frame in range(frames + 3):
        if scenario == "drag":
            angle = frame * 0.07
            pos = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        elif scenario == "animate" and not table.motion.tweens.active and not table.motion.floating:
            if undone:
                table.play(Move(far.source, far.dest, far.count))
            else:
                table.undo()
            undone = not undone
        elif scenario == "cascade" and table.motion.cascade is None:
            if app.scenes.top is not table:
                app.scenes.pop()
            table.motion.start_cascade(then=lambda: None)
        start = time.perf_counter()
        app.step(STEP)
        elapsed = (time.perf_counter() - start) * 1000
        if frame >= 3:
            times.append(elapsed)
    app.close()
    return times
