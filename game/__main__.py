"""The command line: ``seahaven`` plays; ``seahaven deal|solve|replay|layout|bench|daily|history`` are tools.

Each subcommand lives in ``game/commands/<name>.py`` with ``add_arguments(parser)`` and
``run(args) -> int``, imported only when used so that starting the game stays fast.
Errors are printed to stderr as one line with a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout; before pygame is imported

from seahaven import __version__
from seahaven.stale_unpack import clean_in_background
from seahaven.windows_console import attach_parent_console

SUBCOMMANDS = {
    "deal": "print the deal of a game code",
    "replay": "check game records and print a JSON verdict for each",
    "solve": "find a winning line for a deal or a board, or prove there is none",
    "layout": "print the rectangles of every pile and card as JSON",
    "bench": "measure frame times headless and print them as JSON",
    "daily": "print the code of the daily deal of a date and difficulty",
    "history": "print the record of every game played, as JSON lines or CSV",
}


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line and exit status 3 (bad input)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(3, f"{self.prog}: error: {message}\n")


def _build_parser(args: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser for ``args``: every subcommand is listed, but only one named in ``args``
    is imported for its options (plain ``seahaven`` imports none, so the window opens sooner)."""
    parser = _Parser(prog="seahaven", description="Seahaven Towers solitaire.")
    parser.add_argument("--version", action="version", version=f"seahaven {__version__}")
    parser.add_argument("--windowed", action="store_true", help="play in a window, not fullscreen")
    parser.add_argument("--size", metavar="WxH", help="window size, like 1280x800 (implies --windowed)")
    parser.add_argument("--code", metavar="CODE", help="start the game with this code, like SH1-C4-AAAAAJ2")
    parser.add_argument("--smoke", action="store_true", help="play a scripted game headless and exit 0 if all is well")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="add the game to the Linux applications menu (desktop entry and icon) and exit")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="remove what --install-desktop wrote and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, help_text in SUBCOMMANDS.items():
        subparser = sub.add_parser(name, help=help_text, description=help_text)
        if name in args:
            importlib.import_module(f"seahaven.commands.{name}").add_arguments(subparser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    attach_parent_console()  # Windows: the windowed .exe prints to the console it was started from
    clean_in_background()  # the one-file Linux executable: unpack folders of killed starts
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = _build_parser(args_list)
    args = parser.parse_args(args_list)
    command = args.command or ("desktop" if args.install_desktop or args.uninstall_desktop else "play")
    module = importlib.import_module(f"seahaven.commands.{command}")
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # the last line of defence: one line, never a traceback
        if command == "play" and not args.smoke:
            raise
        print(f"seahaven {command}: error: {error}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
