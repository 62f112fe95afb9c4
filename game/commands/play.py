"""``seahaven`` (no subcommand): play. Fullscreen at the desktop size unless ``--windowed``
or ``--size WxH``; ``--code CODE`` deals that game; ``--smoke`` plays a scripted game
headless through the real loop and exits 0 if all went well.

Only the standard library is imported here; pygame is imported by ``run``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The play options are the top-level ones (``--windowed``, ``--size``, ``--code``)."""


def run(args: argparse.Namespace) -> int:
    from game.app.layout import parse_size
    from game.engine import GameCode, InvalidCode

    size = None
    if getattr(args, "size", None):
        try:
            size = parse_size(args.size)
        except ValueError as error:
            print(f"seahaven: error: {error}", file=sys.stderr)
            return 3
    code = getattr(args, "code", None)
    if code:
        try:
            code = str(GameCode.parse(code))
        except InvalidCode as error:
            print(f"seahaven: error: {error}", file=sys.stderr)
            return 3
    if getattr(args, "smoke", False):
        return smoke(size or (1280, 800), code)
    from game.app import persistence
    from game.app.loop import App

    keeper, saved = persistence.start(code)  # settings, statistics and the game to resume
    fullscreen = not (getattr(args, "windowed", False) or size) and keeper.settings.fullscreen
    app = App(size=size, fullscreen=fullscreen, code=code, settings=keeper.settings,
              game=saved.game if saved else None)
    persistence.attach(app, keeper, saved)  # save after every change and on quit
    try:
        return persistence.run(app)  # app.run(), or the scripted session of SEAHAVEN_SCRIPT
    finally:
        app.close()


def smoke(size: tuple[int, int], code: str | None) -> int:
    """Play with real (posted) pointer events until no useful move is left or 300 moves
    were made: foundation moves first, then onto columns, then into cells, each one a drag
    through the table's gestures; the engine must have made exactly that move."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app.loop import STEP, App

    app = App(size=size, code=code or "SH1-C4-AAAAAJ2")
    table = app.table
    for _ in range(60):
        app.step(STEP)
    made = 0
    for _ in range(300):
        game = table.game
        useful = game.useful_moves()
        if not useful:
            break
        move = min(useful, key=lambda m: (not m.dest.is_foundation, not m.dest.is_column, -m.count))
        layout = table.layout
        cards = game.position.cards(move.source)
        src = layout.card_box(move.source, len(cards) - move.count, len(cards))
        dest_cards = game.position.cards(move.dest) if move.dest.is_column else ()
        dst = layout.card_box(move.dest, len(dest_cards), len(dest_cards) + 1)  # where the head lands
        start = (src.x + src.w // 2, src.y + min(10, src.h // 4))
        end = (dst.x + dst.w // 2, dst.y + min(10, dst.h // 4))
        count_before = game.move_count
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1))
        app.step(STEP)
        for k in range(1, 6):
            x = start[0] + (end[0] - start[0]) * k / 5
            y = start[1] + (end[1] - start[1]) * k / 5
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
            app.step(STEP)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        for _ in range(30):
            app.step(STEP)
        if table.game.move_count != count_before + 1 or table.game.moves[-1] != move:
            print(json.dumps({"ok": False, "error": f"the drag of {move} did not play it"}))
            return 1
        made += 1
    print(json.dumps({"ok": True, "moves": made, "score": table.game.score, "won": table.game.is_won,
                      "frames": app.frames}))
    app.close()
    return 0
