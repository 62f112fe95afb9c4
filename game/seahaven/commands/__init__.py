"""Subcommands of ``seahaven``: each module has ``add_arguments(parser)`` and ``run(args)``.

Modules here import only the standard library at import time, so that building the
argument parser costs nothing; heavy imports (pygame, the solver) happen inside ``run``.

Every error is one sentence of ours in the user's language, printed as
``seahaven COMMAND: error: SENTENCE`` (:func:`fail`), with the exit status saying which kind
it is: :data:`USAGE` (2, argparse's convention: an unknown option, a missing or malformed
argument), :data:`BAD_DATA` (3: a code, size, date or file the command cannot use) or
:data:`NO_OUTPUT` (1: standard output is closed or full, so the answer could not be written).
"""

import codecs
import errno
import os
import stat
import sys
from collections.abc import Iterator
from typing import BinaryIO

from seahaven.commands.help_format import quoted
from seahaven.i18n import _

USAGE = 2
"""Exit status of a usage error (argparse's convention)."""
BAD_DATA = 3
"""Exit status of input the command cannot use: a bad code, size, date or file."""
NO_OUTPUT = 1
"""Exit status when the answer could not be written (standard output closed or full)."""


def error_line(command: str | None, message: str) -> str:
    """The one form of every error: ``seahaven COMMAND: error: MESSAGE``."""
    program = f"seahaven {command}" if command else "seahaven"
    # Translators: an error on the command line; {program} is the program's name (seahaven), {message} the error. Keep
    # the layout "program: error: message" of command-line tools.
    return _("{program}: error: {message}").format(program=program, message=message)


def fail(command: str | None, message: str, status: int = BAD_DATA) -> int:
    """Print ``message`` (one sentence of ours) as an error of ``command``; returns ``status``."""
    print(error_line(command, message), file=sys.stderr)
    return status


def file_error_text(path: str, error: OSError) -> str:
    """Why ``path`` cannot be read, in our words (never the C library's)."""
    code = error.errno
    if code == errno.ENOENT:
        # Translators: an error on the command line; {path} is a file's path.
        return _("{path} does not exist.").format(path=path)
    if code in (errno.EACCES, errno.EPERM):
        # Translators: an error on the command line; {path} is a file's path.
        return _("{path} cannot be read: permission denied.").format(path=path)
    if code == errno.EISDIR:
        # Translators: an error on the command line; {path} is a file's path.
        return _("{path} is a folder, not a file.").format(path=path)
    if code == errno.ENOTDIR:
        # Translators: an error on the command line; {path} is a file's path.
        return _("{path} cannot be found: part of its path is a file, not a folder.").format(path=path)
    if code == errno.ELOOP:
        # Translators: an error on the command line; {path} is a file's path.
        return _("{path} cannot be read: it is a loop of symbolic links.").format(path=path)
    if code == errno.ENAMETOOLONG:
        # Translators: an error on the command line; {path} is a file's path.
        return _("{path} cannot be read: the name is too long.").format(path=path)
    # Translators: an error on the command line; {path} is a file's path, {number} the system's error number.
    return _("{path} cannot be read (error {number}).").format(path=path, number=code)


class InputError(ValueError):
    """A file given on the command line cannot be read; the message says why in one
    sentence of ours, in the user's language."""


def open_input(path: str, limit: int, refusal: str) -> BinaryIO:
    """``path`` opened for reading in binary (``-``: standard input). Opened without
    blocking, and refused unless it is a regular file (a FIFO would hang, a device never
    ends) or larger than ``limit`` bytes, saying so with ``refusal`` (see :func:`too_large`)."""
    if path == "-":
        return sys.stdin.buffer
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise InputError(file_error_text(path, error)) from None
    try:  # what it is, before Python's open() (which refuses a folder with its own words)
        info = os.fstat(fd)
    except OSError as error:
        os.close(fd)
        raise InputError(file_error_text(path, error)) from None
    problem = (_("{path} is a folder, not a file.").format(path=path) if stat.S_ISDIR(info.st_mode)
               # Translators: an error on the command line; {path} is a file's path (a folder or a device, not a file).
               else _("{path} is not a regular file.").format(path=path) if not stat.S_ISREG(info.st_mode)
               else too_large(path, limit, refusal) if info.st_size > limit else None)
    if problem is not None:
        os.close(fd)
        raise InputError(problem)
    return open(fd, "rb")


def too_large(path: str, limit: int, refusal: str) -> str:
    """``refusal`` is the caller's whole sentence for its kind of file, translated, with ``{path}``
    and ``{size}`` (in MB): "{path} is larger than {size} MB; it cannot be a game record."; never
    a kind of file slotted into one sentence for all."""
    return refusal.format(path=path, size=limit // (1024 * 1024))


def read_bounded(path: str, limit: int, refusal: str) -> str:
    """The UTF-8 text of ``path`` (``-`` for standard input), refused without reading it
    all when it is larger than ``limit`` bytes (saying so with ``refusal``, see :func:`too_large`)."""
    handle = open_input(path, limit, refusal)
    try:
        data = handle.read(limit + 1)
    except OSError as error:
        raise InputError(file_error_text(path, error)) from None
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
    if len(data) > limit:
        raise InputError(too_large(path, limit, refusal))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Translators: an error on the command line; {path} is the file given.
        raise InputError(_("{path} is not UTF-8 text.").format(path=path)) from None


def read_text_chunks(path: str, limit: int, refusal: str, chunk: int = 1 << 20) -> Iterator[str]:
    """The UTF-8 text of ``path`` (``-`` for standard input) in pieces of about ``chunk``
    bytes, so that a large file is never held whole. Raises :class:`InputError` as
    :func:`read_bounded` does (past ``limit`` bytes, or bad UTF-8, when it gets there)."""
    handle = open_input(path, limit, refusal)
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    total = 0
    try:
        while True:
            try:
                data = handle.read(chunk)
            except OSError as error:
                raise InputError(file_error_text(path, error)) from None
            total += len(data)
            if total > limit:
                raise InputError(too_large(path, limit, refusal))
            try:
                text = decoder.decode(data, final=not data)
            except UnicodeDecodeError:
                # Translators: an error on the command line; {path} is a file's path.
                raise InputError(_("{path} is not UTF-8 text.").format(path=path)) from None
            if text:
                yield text
            if not data:
                return
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()


def read_size(text: str) -> tuple[int, int]:
    """A window size written ``1280x800``; :class:`InputError` in our words otherwise."""
    from seahaven.app.board.layout import MAX_SIZE, MIN_SIZE, parse_size

    try:
        return parse_size(text)
    except ValueError:
        shown = quoted(text)
        parts = text.lower().replace("×", "x").split("x")
        if len(parts) == 2 and all(part.strip().isdigit() for part in parts):
            # Translators: an error on the command line (--size); {size}, {low} and {high} are sizes in pixels like
            # 1280x800.
            raise InputError(_("The size {size} is out of range: from {low} to {high}.").format(
                size=shown, low=f"{MIN_SIZE[0]}x{MIN_SIZE[1]}", high=f"{MAX_SIZE[0]}x{MAX_SIZE[1]}")) from None
        # Translators: an error on the command line (--size); {size} is what was typed. Keep 1280x800 as it is.
        raise InputError(_("A size looks like 1280x800, not {size}.").format(size=shown)) from None
