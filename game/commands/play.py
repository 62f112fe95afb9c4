"""``seahaven`` (no subcommand): play. Fullscreen at the desktop size unless ``--windowed``
or ``--size WxH``; ``--code CODE`` deals that game; ``--smoke`` plays a scripted game
headless through the real loop and exits 0 if all went well.

Only the standard library is imported here; pygame is imported by ``run``.
"""

from __future__ import annotations

import argparse
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
        from game.app import smoke

        return smoke.run(size or (1280, 800), code)
    from game import windows_dpi
    from game.app.launch import play

    windows_dpi.declare_dpi_awareness()  # before the window opens; does nothing off Windows
    return play(size, bool(getattr(args, "windowed", False)), code)
