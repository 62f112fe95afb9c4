"""Subcommands of ``seahaven``: each module has ``add_arguments(parser)`` and ``run(args)``.

Modules here import only the standard library at import time, so that building the
argument parser costs nothing; heavy imports (pygame, the solver) happen inside ``run``.
"""

import sys


class InputError(ValueError):
    """A file given on the command line cannot be read; the message says why in a line."""


def read_bounded(path: str, limit: int, what: str) -> str:
    """The UTF-8 text of ``path`` (``-`` for standard input), refused without reading it
    all when it is larger than ``limit`` bytes, since it then cannot be ``what``."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not a file") from None
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    if len(data) > limit:
        raise InputError(f"{path} is larger than {limit // (1024 * 1024)} MB; it cannot be {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
