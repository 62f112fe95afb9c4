"""The game files last opened or saved (issue 37): the chooser's Recent list and the folder it
opens in. One owner (:class:`RecentFiles`, the keeper's); ``recent-files.json`` in the data
folder keeps it. No pygame, no files here.

A path is kept as a ``file://`` URI (RFC 8089: its bytes percent-encoded), so a name that is not
UTF-8 comes back as the same bytes. An entry this version cannot read (a newer game's) is kept
as it is and written back, never dropped.
"""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_RECENT = 10
"""Game files remembered, the newest first."""
VERSION = 1


def path_uri(path: Path) -> str:
    """``path`` (absolute) as a ``file://`` URI, its bytes percent-encoded."""
    if os.name == "nt":
        return path.as_uri()
    return "file://" + urllib.parse.quote_from_bytes(os.fsencode(path))


def uri_path(uri: str) -> Path | None:
    """The path of a ``file://`` URI (None if it is not one of an absolute path)."""
    if not uri.startswith("file://"):
        return None
    rest = uri[len("file://"):]
    if os.name == "nt":  # file:///C:/Games/a.seahaven, or file://server/share/a.seahaven (as Path.as_uri writes)
        text = urllib.parse.unquote(rest)
        text = text[1:] if text[:1] == "/" and text[2:3] == ":" else "//" + text if text[:1] != "/" else text
        path = Path(text)
    else:
        if not rest.startswith("/"):
            return None
        path = Path(os.fsdecode(urllib.parse.unquote_to_bytes(rest)))
    return path if path.is_absolute() and "\0" not in str(path) else None


class RecentFiles:
    """The game files last opened or saved, newest first; ``listeners`` hear of each change."""

    def __init__(self) -> None:
        self.paths: list[Path] = []
        self.unread: list[Any] = []
        """Entries this version could not read, kept to be written back as they were."""
        self.listeners: list[Callable[[], None]] = []

    def add(self, path: Path) -> None:
        """``path`` was opened or saved: it goes first (once)."""
        path = Path(os.path.abspath(path))
        if self.paths[:1] == [path]:
            return
        self.paths = [path, *(p for p in self.paths if p != path)][:MAX_RECENT]
        for listener in list(self.listeners):
            listener()

    def last(self) -> Path | None:
        """The game file last opened or saved."""
        return self.paths[0] if self.paths else None

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "files": [path_uri(path) for path in self.paths] + self.unread}

    def load_json(self, body: dict[str, Any]) -> None:
        """Take the paths of a ``recent-files.json`` body (its version checked by the reader);
        what cannot be read is kept as it is."""
        files = body.get("files")
        if not isinstance(files, list):
            raise ValueError("'files' must be a list")
        for item in files[: 2 * MAX_RECENT]:
            path = uri_path(item) if isinstance(item, str) else None
            if path is None:
                self.unread.append(item)
            elif path not in self.paths and len(self.paths) < MAX_RECENT:
                self.paths.append(path)
        self.unread = self.unread[:MAX_RECENT]
