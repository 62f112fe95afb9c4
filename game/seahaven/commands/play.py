"""``seahaven`` (no subcommand): play. Fullscreen at the desktop size unless ``--windowed``
or ``--size WxH``; ``--code CODE`` deals that game; ``--open FILE`` (or ``seahaven FILE``)
opens a game file (a bad one: one sentence, exit 3, nothing changed); ``--smoke`` plays a scripted game
headless through the real loop and exits 0 if all went well.

Exit status 3 for bad options, 4 when the game is already open on the same data folder
(one copy at a time), 5 when no display is found, the video driver cannot start, or it cannot open the
game's window. When the
data folder cannot be locked for any other reason (it cannot be made or searched, ``.lock``
is a folder or someone else's, the path is too long) the game plays without saving,
and says so once at the start and for as long as it is open in the status line.

Only the standard library is imported here; pygame is imported by ``run``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seahaven.app.shell.launch import Driver


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The play options are the top-level ones (``--windowed``, ``--size``, ``--code``)."""


def run(args: argparse.Namespace, driver: Driver | None = None) -> int:
    """Play (``driver``: something that plays instead of the player, for the tests)."""
    from seahaven.app.text.words import code_error_text
    from seahaven.commands import InputError, fail, read_size
    from seahaven.engine import GameCode, InvalidCode

    size = None
    if getattr(args, "size", None):
        try:
            size = read_size(args.size)
        except InputError as error:
            return fail(None, str(error))
    code = getattr(args, "code", None)
    if code:
        try:
            code = str(GameCode.parse(code))
        except InvalidCode as error:
            return fail(None, code_error_text(error))
    opened_file = None
    if getattr(args, "file", None):
        from seahaven.i18n import _

        if code:
            return fail(None, _("--code and a game file cannot be given together."))
        from seahaven.app.saving import game_file
        from seahaven.app.state.game_record import GameFileError
        from seahaven.app.text.file_names import shown

        try:
            opened_file = (game_file.load(Path(args.file)), shown(Path(args.file).name))
        except GameFileError as error:  # before anything is written: the saved game stays
            from seahaven.app.shell import alert

            status = fail(None, str(error))
            alert.show("Seahaven Towers", str(error))  # a double-clicked file has no terminal
            return status
    if getattr(args, "smoke", False):
        from seahaven.app.shell import smoke

        return smoke.run(size or (1280, 800), code)
    from seahaven import windows_dpi

    windows_dpi.declare_dpi_awareness()  # before SDL's video starts; does nothing off Windows
    if not display_found():  # before anything is written: an invisible game would play on unseen
        import os

        from seahaven.commands import fail
        from seahaven.commands.help_format import quoted
        from seahaven.i18n import _

        video = os.environ.get("SDL_VIDEODRIVER")
        # Translators: an error on the console at start; {driver} is a name like x11 or wayland.
        return fail(None, _("no display was found for the video driver {driver}, so the game cannot show its "
                            "window.").format(driver=quoted(video)) if video else
                    _("no display was found, so the game cannot show its window (set SDL_VIDEODRIVER to run it "
                      "without one)."), 5)
    from seahaven import i18n
    from seahaven.app.saving import lock, storage

    i18n.set_language()  # the system's language until the settings are read (the lock comes first)
    not_saving: str | None = None
    try:
        taken = lock.acquire(storage.default_folder())
    except lock.NoLock as error:  # fails closed: this copy plays, but never writes the folder
        taken, not_saving = True, not_saving_sentence(str(error))
        print(f"seahaven: {not_saving}", file=sys.stderr)
    if not taken:  # one copy per data folder: nothing loaded or written
        sentence = i18n._("Seahaven Towers is already open; this copy closes so that it does not overwrite that game.")
        print(f"seahaven: {sentence}", file=sys.stderr)
        from seahaven.app.shell import alert

        # a double-clicked game has no terminal: the window says it too, in the player's language
        alert.show("Seahaven Towers", sentence)
        return 4
    from seahaven import windows_console

    windows_console.release()  # Windows: the window outlives the console it was started from
    from seahaven.app.shell.game_window import WindowNotOpened
    from seahaven.app.shell.opening import open_window

    windowed = bool(getattr(args, "windowed", False))
    try:
        # the window first, showing the cloth; the rest of the game is imported while it shows
        opening = open_window(size, windowed, read_only=not_saving is not None)
        from seahaven.app.shell.launch import play

        return play(size, windowed, code, not_saving, driver, opened_file, opening)
    except WindowNotOpened as error:  # nothing was loaded or written yet: one sentence, as without a display
        from seahaven.commands import fail

        return fail(None, str(error), 5)


def not_saving_sentence(reason: str) -> str:
    """What the player reads when the data folder cannot be locked, so nothing is saved."""
    from seahaven import i18n

    # Translators: a notice on the console and at start; {reason} is a clause that stands on its own after the colon,
    # like "a folder named .lock is in the way in /home/ana/.local/share/seahaven-towers".
    return i18n._("Nothing will be saved this time: {reason}. You can play, but this game is not kept.").format(
        reason=reason)


DISPLAY_ATTEMPTS = 4
DISPLAY_RETRY_S = 0.15


def display_found() -> bool:
    """Whether the game can show a window: False when SDL would fall back to its
    offscreen or dummy driver without the user having asked for it with SDL_VIDEODRIVER,
    and when the driver (chosen or not) cannot start (``x11`` without an X server)."""
    import os

    chosen = bool(os.environ.get("SDL_VIDEODRIVER"))  # on purpose: a headless run, a test
    if not chosen and sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    import time

    import pygame

    for attempt in range(DISPLAY_ATTEMPTS):
        try:
            pygame.display.init()
            break
        except pygame.error:
            # an X server that has just started (at login, or a test's Xvfb) now and then
            # refuses its first client: seen about once in 50 starts here
            if attempt == DISPLAY_ATTEMPTS - 1:
                return False
            time.sleep(DISPLAY_RETRY_S)
    return chosen or pygame.display.get_driver() not in ("offscreen", "dummy")
