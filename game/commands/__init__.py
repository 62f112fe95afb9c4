"""Subcommands of ``seahaven``: each module has ``add_arguments(parser)`` and ``run(args)``.

Modules here import only the standard library at import time, so that building the
argument parser costs nothing; heavy imports (pygame, the solver) happen inside ``run``.
"""

import codecs
import os
import stat
import sys
from collections.abc import Iterator
from typing import BinaryIO


class InputError(ValueError):
    """A file given on the command line cannot be read; the message says why in a line."""


def open_input(path: str, limit: int, what: str) -> BinaryIO:
    """``path`` opened for reading in binary (``-``: standard input). Opened without
    blocking, and refused unless it is a regular file (a FIFO would hang, a device never
    ends) or larger than ``limit`` bytes, since it then cannot be ``what``."""
    if path == "-":
        return sys.stdin.buffer
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not a file") from None
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    try:  # what it is, before Python's open() (which refuses a folder with its own words)
        info = os.fstat(fd)
    except OSError as error:
        os.close(fd)
        raise InputError(error.strerror or str(error)) from None
    problem = (f"{path} is a folder, not a file" if stat.S_ISDIR(info.st_mode)
               else f"{path} is not a regular file" if not stat.S_ISREG(info.st_mode)
               else too_large(path, limit, what) if info.st_size > limit else None)
    if problem is not None:
        os.close(fd)
        raise InputError(problem)
    return open(fd, "rb")


def too_large(path: str, limit: int, what: str) -> str:
    return f"{path} is larger than {limit // (1024 * 1024)} MB; it cannot be {what}"


def read_bounded(path: str, limit: int, what: str) -> str:
    """The UTF-8 text of ``path`` (``-`` for standard input), refused without reading it
    all when it is larger than ``limit`` bytes, since it then cannot be ``what``."""
    handle = open_input(path, limit, what)
    try:
        data = handle.read(limit + 1)
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
    if len(data) > limit:
        raise InputError(too_large(path, limit, what))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None


def read_text_chunks(path: str, limit: int, what: str, chunk: int = 1 << 20) -> Iterator[str]:
    """The UTF-8 text of ``path`` (``-`` for standard input) in pieces of about ``chunk``
    bytes, so that a large file is never held whole. Raises :class:`InputError` as
    :func:`read_bounded` does (past ``limit`` bytes, or bad UTF-8, when it gets there)."""
    handle = open_input(path, limit, what)
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    total = 0
    try:
        while True:
            try:
                data = handle.read(chunk)
            except OSError as error:
                raise InputError(error.strerror or str(error)) from None
            total += len(data)
            if total > limit:
                raise InputError(too_large(path, limit, what))
            try:
                text = decoder.decode(data, final=not data)
            except UnicodeDecodeError:
                raise InputError(f"{path} is not UTF-8 text") from None
            if text:
                yield text
            if not data:
                return
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
