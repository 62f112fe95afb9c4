"""The file system as the game file chooser sees it (issues 36 and 37): what a folder holds, the
places a player starts from, a typed path, and the names and paths the system cannot take.

Every function answers at once, whatever the folder or the text: a folder is read up to
:data:`MAX_ENTRIES` entries, a path too long for the system is refused before any file
operation (in one sentence), ``~`` stands for a home folder only where it names one, and no
error of the system leaves here as an exception. Names are kept as the system gives them
(bytes that are not UTF-8 stay lone surrogates, PEP 383, so opening and saving reach the
same file); they are shown through :func:`seahaven.app.text.file_names.shown`. No pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from seahaven.app.state.game_record import SUFFIX
from seahaven.app.text.collation import sort_key
from seahaven.i18n import _, language, ngettext

MAX_ENTRIES = 5000
"""At most this many entries of one folder are read (a folder of a million files answers at once)."""
AT_ONCE = 1000
"""Entries read at once, within the frame; a folder with more is read whole (up to
:data:`MAX_ENTRIES`) on a worker thread (:class:`FolderReader`)."""
NAME_BYTES = 255
"""The longest file name most systems take (ext4, NTFS, APFS: 255 bytes or UTF-16 units)."""
PATH_BYTES = 4096
"""Linux's PATH_MAX, which counts the NUL that ends a path: a path of this many bytes or more
is refused before it is used."""
GAME_SUFFIXES = (SUFFIX, ".json")
"""What the chooser lists besides folders: game files, and JSON records."""


@dataclass(frozen=True)
class Entry:
    """One line of a folder's listing: a folder to go into, or a game file."""

    path: Path
    folder: bool

    def modified(self) -> float | None:
        """When the file was last written (seconds since the epoch), asked when it is shown;
        None when the system does not say."""
        try:
            return self.path.stat().st_mtime
        except (OSError, ValueError):
            return None


@dataclass(frozen=True)
class Listing:
    """What the chooser shows of a folder: its folders, then its game files, each in the
    order of the player's language; ``trouble``, why it could not be read (one sentence)."""

    folder: Path
    entries: tuple[Entry, ...] = ()
    trouble: str | None = None
    cut: bool = False
    """The folder holds more entries than were read (the ``limit`` of :func:`list_folder`)."""


def is_game_file_name(name: str) -> bool:
    return name.lower().endswith(GAME_SUFFIXES)


def list_folder(folder: Path, lang: str | None = None, limit: int = MAX_ENTRIES) -> Listing:
    """The folders and game files among the first ``limit`` entries of ``folder`` (hidden ones
    left out; a link to a folder or to a game file listed as what it points to); never raises."""
    trouble = path_trouble(folder)
    if trouble is not None:
        return Listing(folder, trouble=trouble)
    folders: list[Entry] = []
    files: list[Entry] = []
    cut = False
    try:
        with os.scandir(folder) as found:
            for n, item in enumerate(found):
                if n >= limit:
                    cut = True
                    break
                if item.name.startswith("."):
                    continue
                with contextlib.suppress(OSError, ValueError):
                    if item.is_dir():
                        folders.append(Entry(folder / item.name, True))
                    elif is_game_file_name(item.name) and item.is_file():
                        files.append(Entry(folder / item.name, False))
    except (OSError, ValueError) as error:
        return Listing(folder, trouble=folder_trouble(error))
    code = language() if lang is None else lang
    folders.sort(key=lambda entry: sort_key(entry.path.name, code))
    files.sort(key=lambda entry: sort_key(entry.path.name, code))
    return Listing(folder, tuple(folders + files), None, cut)


def folder_trouble(error: OSError | ValueError) -> str:
    """Why a folder cannot be listed, in one sentence."""
    code = getattr(error, "errno", None)
    if code in (errno.EACCES, errno.EPERM):
        return _("This folder cannot be opened: you may not read it.")
    if code == errno.ENOENT:
        return _("There is no such folder.")
    if code == errno.ENOTDIR:
        return _("This is a file, not a folder.")
    if code in (errno.ENAMETOOLONG, errno.ELOOP):
        return _("This folder cannot be opened: its path is too long, or goes round in a circle of links.")
    return _("This folder cannot be opened (the system refused it).")


class FolderReader:
    """Reads a folder whole (up to :data:`MAX_ENTRIES` entries) on a worker thread, so that
    a big folder, or a slow one (a network share), never holds up a frame: the latest folder
    asked for is the one whose listing :meth:`take` gives; an earlier one's is dropped."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._asked: tuple[Path, str] | None = None
        self._read: Listing | None = None

    @property
    def reading(self) -> bool:
        """A folder asked for is still being read."""
        with self._lock:
            return self._asked is not None

    def ask(self, folder: Path, lang: str) -> None:
        key = (folder, lang)
        with self._lock:
            self._asked, self._read = key, None
        threading.Thread(target=self._run, args=(key,), name="seahaven-folder", daemon=True).start()

    def forget(self) -> None:
        """No folder is wanted any more (another is shown): what is being read is dropped."""
        with self._lock:
            self._asked, self._read = None, None

    def take(self) -> Listing | None:
        """The listing of the folder last asked for, once it is read (once)."""
        with self._lock:
            listing, self._read = self._read, None
            if listing is not None:
                self._asked = None
            return listing

    def _run(self, key: tuple[Path, str]) -> None:
        try:
            listing = list_folder(*key)
        except Exception:  # never left reading (the window would draw frames for nothing)
            listing = Listing(key[0], trouble=_("This folder cannot be opened (the system refused it)."))
        with self._lock:
            if self._asked == key:
                self._read = listing


def recent_files(paths: Iterable[Path]) -> tuple[Entry, ...]:
    """The recent game files still there, newest first (each checked: a file gone is left out)."""
    out = []
    for path in paths:
        with contextlib.suppress(OSError, ValueError):
            if stat.S_ISREG(path.stat().st_mode):
                out.append(Entry(path, False))
    return tuple(out)


# -- typed paths and their limits ----------------------------------------------------------


def typed_path(text: str, folder: Path) -> Path:
    """The path the player typed, ``folder`` if nothing: relative to ``folder``; ``~`` and
    ``~/…`` in the player's home, ``~name/…`` in that user's home if there is one (else
    ``~name`` is a name like any other, as on the way to typing ``~/Documents``)."""
    text = text.strip()
    if not text:
        return folder
    if text.startswith("~"):
        head = text.split("/", 1)[0].split(os.sep, 1)[0]
        with contextlib.suppress(RuntimeError, KeyError, OSError, ValueError):
            home = os.path.expanduser(head)  # unchanged when no such user (never raises, as Path's does)
            if home != head:
                text = home + text[len(head):]
    path = Path(text)
    return path if path.is_absolute() else folder / path


def _size(text: str) -> int:
    """How much of the system's limit ``text`` takes: bytes (UTF-16 units on Windows)."""
    if os.name == "nt":
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
    return len(os.fsencode(text))


def path_trouble(path: Path) -> str | None:
    """Why the system cannot take ``path`` at all (a name over :data:`NAME_BYTES`, the whole
    of :data:`PATH_BYTES` or more, a NUL), in one sentence; None when it can. Asked before any file
    operation, so that none fails on it (``OSError: File name too long``) or spends long on it."""
    text = str(path)
    if "\0" in text:
        return _("A name cannot hold the character NUL.")
    if _size(text) >= PATH_BYTES:
        return _("That path is too long for the system; choose a shorter one.")
    *folders, last = path.parts or ("",)
    if any(_size(part) > NAME_BYTES for part in folders):
        return _("A folder name in that path is too long for the system, so there is no such folder.")
    over = _size(last) - NAME_BYTES
    if over > 0:
        cut = _characters_over(last, over)
        # Translators: said under the file name field; {n} is a number of characters.
        return ngettext("That name is too long for the system: shorten it by {n} character.",
                        "That name is too long for the system: shorten it by {n} characters.", cut).format(n=cut)
    return None


def _characters_over(name: str, over: int) -> int:
    """How many characters of ``name`` (from the end of its stem) make up ``over`` bytes."""
    stem = name[: -len(SUFFIX)] if name.lower().endswith(SUFFIX) else name
    cut = 0
    while over > 0 and cut < len(stem):
        cut += 1
        over -= _size(stem[-cut])
    return max(1, cut)


def with_suffix(path: Path) -> Path:
    """``path`` as a game file is saved: with :data:`SUFFIX` when its name has no extension."""
    return path if path.suffix else path.with_name(path.name + SUFFIX)


# -- places ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A folder the chooser offers in one press: ``key`` says which ("home", "documents", "last")."""

    key: str
    path: Path


def home_folder() -> Path | None:
    with contextlib.suppress(RuntimeError, KeyError, OSError):
        home = Path.home()
        if home.is_dir():
            return home
    return None


def documents_folder() -> Path | None:
    with contextlib.suppress(OSError, ValueError, RuntimeError, KeyError):
        documents = Path(platformdirs.user_documents_dir())
        if documents.is_dir():
            return documents
    return None


def places(last_file: Path | None) -> list[Place]:
    """Home, Documents and the folder of the last game file opened or saved, those that
    exist, each once."""
    out: list[Place] = []
    last = last_file.parent if last_file is not None else None
    for key, path in (("home", home_folder()), ("documents", documents_folder()), ("last", last)):
        with contextlib.suppress(OSError, ValueError):
            if path is not None and path.is_dir() and all(path != place.path for place in out):
                out.append(Place(key, path))
    return out


def start_folder(last_file: Path | None = None) -> Path:
    """Where the chooser opens: the folder of the last game file, else Documents, else home,
    else the folder the game runs in."""
    for place in (last_file.parent if last_file is not None else None, documents_folder(), home_folder()):
        with contextlib.suppress(OSError, ValueError):
            if place is not None and path_trouble(place) is None and place.is_dir():
                return place
    with contextlib.suppress(OSError):
        return Path.cwd()
    return Path(os.sep)
