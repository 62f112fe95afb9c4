"""``seahaven`` (no subcommand): play. Fullscreen at the desktop size unless ``--windowed``
or ``--size WxH``; ``--code CODE`` deals that game; ``--smoke`` plays a scripted game
headless through the real loop and exits 0 if all went well.

Exit status 3 for bad options, 4 when the game is already open on the same data folder
(one copy at a time), 5 when no display is found (unless SDL_VIDEODRIVER was set).

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

    windows_dpi.declare_dpi_awareness()  # before SDL's video starts; does nothing off Windows
    if not display_found():  # before anything is written: an invisible game would play on unseen
        print("seahaven: no display was found, so the game cannot show its window "
              "(set SDL_VIDEODRIVER to run it without one)", file=sys.stderr)
        return 5
    from game.app.saving import lock, storage

    if not lock.acquire(storage.default_folder()):  # one copy per data folder: nothing loaded or written
        sentence = "Seahaven Towers is already open; this copy closes so that it does not overwrite that game."
        print(f"seahaven: {sentence}", file=sys.stderr)
        from game import i18n
        from game.app import alert

        i18n.set_language()  # the system's language: the settings are another copy's now
        # a double-clicked game has no terminal: the window says it in the player's language
        alert.show("Seahaven Towers", i18n._("Seahaven Towers is already open; this copy closes so that it does not "
                                              "overwrite that game."))
        return 4
    from game.app.launch import play

    return play(size, bool(getattr(args, "windowed", False)), code)


def display_found() -> bool:
    """Whether the game can show a window: False when SDL would fall back to its
    offscreen or dummy driver without the user having asked for it with SDL_VIDEODRIVER."""
    import os

    if os.environ.get("SDL_VIDEODRIVER"):
        return True  # chosen on purpose (a headless run, a test)
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    import pygame

    try:
        pygame.display.init()
    except pygame.error:
        return False
    return pygame.display.get_driver() not in ("offscreen", "dummy")
