"""The command line: ``seahaven`` plays (``seahaven FILE`` opens a game file);
``seahaven deal|solve|replay|review|analyse|layout|bench|daily|history`` are tools.

Each subcommand lives in ``game/seahaven/commands/<name>.py`` with ``add_arguments(parser)`` and
``run(args) -> int``, imported only when used so that starting the game stays fast.
It speaks the user's language (the locale, as the game follows it), argparse's own words
too. Errors are one sentence on stderr, ``seahaven COMMAND: error: …``, never a traceback,
with exit status 2 for usage errors and 3 for bad data (``seahaven.commands``); an answer
that cannot be written (standard output closed or full) is an error too (exit 1).
"""

from __future__ import annotations

import argparse
import gettext
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout; before pygame is imported

from seahaven import __version__, i18n, xdg
from seahaven.commands import NO_OUTPUT, USAGE, error_line, fail
from seahaven.commands.help_format import HelpFormatter, choices, quoted
from seahaven.i18n import N_, _
from seahaven.stale_unpack import clean_in_background
from seahaven.windows_console import attach_parent_console

if TYPE_CHECKING:
    from seahaven.app.shell.launch import Driver

SUBCOMMANDS = {
    "deal": N_("print the deal of a game code"),
    "replay": N_("check game records and print a JSON verdict for each"),
    "review": N_("find the move after which a game could no longer be won, as JSON"),
    "analyse": N_("review every move of a game: the critical moments, the move that lost it and a better one, as JSON"),
    "solve": N_("find a winning line for a deal or a board, or prove there is none"),
    "layout": N_("print the rectangles of every pile and card as JSON"),
    "bench": N_("measure frame times headless and print them as JSON"),
    "daily": N_("print the code of the daily deal of a date and difficulty"),
    "history": N_("print the record of every game played, as JSON lines or CSV"),
}
"""Subcommand -> what it does (marked only; translated when the parser is built)."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line of ours and exit status 2, lays its
    help out as the user's language writes it (:class:`HelpFormatter`) and quotes a wrong
    choice with the language's quotation marks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            # Translators: after "argument --difficulty: "; {value} is what was typed and {choices} the
            # option's choices, each quoted already.
            raise argparse.ArgumentError(action, _("invalid choice: {value} (choose from {choices})").format(
                value=quoted(str(value)), choices=choices(action.choices)))

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("seahaven").strip() or None
        self.exit(USAGE, error_line(command, message) + "\n")


def _speak_the_users_language() -> None:
    """Our words in the user's language, and argparse's too: argparse looks its words
    ("usage:", "options", its errors) up in the process's gettext domain, so the domain is
    ours and our catalogs carry them (``seahaven.commands.argparse_words``)."""
    i18n.set_language()
    gettext.bindtextdomain(i18n.DOMAIN, str(i18n.LOCALE_DIR))
    gettext.textdomain(i18n.DOMAIN)


def _version_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"seahaven {__version__}",
                        help=_("show the version and exit"))


def _build_parser(args: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser for ``args``: every subcommand is listed, but only one named in ``args``
    is imported for its options (plain ``seahaven`` imports none, so the window opens sooner)."""
    # Translators: the first line of seahaven --help: what the program is.
    parser = _Parser(prog="seahaven", description=_("Seahaven Towers solitaire."))
    _version_option(parser)
    parser.add_argument("--windowed", action="store_true", help=_("play in a window, not fullscreen"))
    parser.add_argument("--size", metavar=_("WxH"), help=_("window size, like 1280x800 (implies --windowed)"))
    parser.add_argument("--code", metavar=_("CODE"), help=_("start the game with this code, like SH1-C4-AAAAAJ2"))
    parser.add_argument("--open", metavar=_("FILE"), dest="file",
                        help=_("open this game file (also: seahaven FILE)"))
    parser.add_argument("--smoke", action="store_true",
                        help=_("play a scripted game headless and exit 0 if all is well"))
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help=_("add the game to the Linux applications menu (desktop entry and icon) and exit"))
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help=_("remove what --install-desktop wrote and exit"))
    # Translators: the name of the subcommand's place in --help's usage line (seahaven COMMAND): one word in capitals,
    # no spaces.
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=_Parser)
    for name, help_text in SUBCOMMANDS.items():
        subparser = sub.add_parser(name, help=_(help_text), description=_(help_text))
        _version_option(subparser)
        if name in args:
            importlib.import_module(f"seahaven.commands.{name}").add_arguments(subparser)
    return parser


class _OutputLost(Exception):
    """Standard output refused a write (full, or a broken device): the answer is lost."""


class _GuardedOutput:
    """Standard output whose failing writes raise :class:`_OutputLost` (a reader that left,
    ``BrokenPipeError``, stays what it is: not an error, as ``| head`` is no failure)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _OutputLost from error

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _OutputLost from error

    def __getattr__(self, name: str) -> Any:  # fileno, encoding, isatty, ...: the stream's own
        return getattr(self.stream, name)


def _output_written() -> bool:
    """Whether everything printed reached standard output: False when it is closed
    (``>&-``: Python then has no ``sys.stdout``) or full (``>/dev/full``)."""
    if sys.stdout is None:
        return False
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left (``| head``): what it read was written
        _quiet_stdout()
    except (_OutputLost, OSError, ValueError):
        _quiet_stdout()
        return False
    return True


def _quiet_stdout() -> None:
    """Point standard output at nothing, so that Python's own flush at exit says nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None, driver: Driver | None = None) -> int:
    """The command line; ``driver`` plays the game instead of the player (the tests' kill
    driver starts the game so)."""
    attach_parent_console()  # Windows: the windowed .exe prints to the console it was started from
    clean_in_background()  # the one-file Linux executable: unpack folders of killed starts
    xdg.ignore_relative()  # before anything finds the player's folders (the XDG spec)
    _speak_the_users_language()
    args_list = list(sys.argv[1:] if argv is None else argv)
    original = sys.stdout
    stdout_closed = original is None
    if stdout_closed:  # argparse's --help and --version (and the tools) print nowhere, and say so after
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115  # lives as long as the process
    else:  # argparse's --help swallows a failed write (OSError): the guard's own error it does not
        sys.stdout = _GuardedOutput(original)
    try:
        return _run(args_list, stdout_closed, driver)
    finally:
        if stdout_closed or isinstance(sys.stdout, _GuardedOutput):
            sys.stdout = original


VALUED = ("--size", "--code", "--open")
"""The top-level options that take a value (the word after them is not a file)."""


def _file_argument(args_list: list[str]) -> list[str]:
    """``seahaven FILE`` (a double-clicked game file) as ``seahaven --open FILE``: the first
    word that is neither an option, an option's value, nor a subcommand names a file."""
    skip = False
    for i, word in enumerate(args_list):
        if skip:
            skip = False
            continue
        if word in VALUED:
            skip = True
            continue
        if word == "--":
            rest = args_list[i + 1:]
            return [*args_list[:i], "--open", rest[0], *rest[1:]] if len(rest) == 1 else args_list
        if word.startswith("-"):
            continue
        if word in SUBCOMMANDS:
            return args_list
        return [*args_list[:i], "--open", word, *args_list[i + 1:]]
    return args_list


def _run(args_list: list[str], stdout_closed: bool, driver: Driver | None = None) -> int:
    lost = _("the output could not be written: standard output is closed or full.")
    args_list = _file_argument(args_list)
    parser = _build_parser(args_list)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as done:  # --help, --version, or a usage error
        if done.code == 0 and (stdout_closed or not _output_written()):
            return fail(None, lost, NO_OUTPUT)
        raise
    except BrokenPipeError:  # --help read by a reader that left
        _quiet_stdout()
        return 0
    except _OutputLost:  # --help or --version written to a full standard output
        _quiet_stdout()
        return fail(None, lost, NO_OUTPUT)
    command = args.command or ("desktop" if args.install_desktop or args.uninstall_desktop else "play")
    module = importlib.import_module(f"seahaven.commands.{command}")
    shown = None if command in ("play", "desktop") else command
    if command == "play" and isinstance(sys.stdout, _GuardedOutput):
        sys.stdout = sys.stdout.stream  # the game hands its console back (Windows) by identity
    try:
        if driver is not None and command == "play":
            from seahaven.commands import play

            status = play.run(args, driver)
        else:
            status = int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except _OutputLost:
        return fail(shown, lost, NO_OUTPUT)
    except Exception as error:  # the last line of defence: one sentence of ours, never a traceback
        if command == "play" and not args.smoke:
            raise
        # Translators: an error on the console; {kind} is the name of a Python error (ValueError).
        return fail(shown, _("something went wrong inside the program ({kind}); please report it.").format(
            kind=type(error).__name__))
    # the game itself prints nothing a player needs (started from a menu, it may have no stdout)
    if command != "play" and (stdout_closed or not _output_written()):
        return fail(shown, lost, NO_OUTPUT)
    return status


if __name__ == "__main__":
    sys.exit(main())
