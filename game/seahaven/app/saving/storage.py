"""The player's folder: the game in progress, settings and statistics (SPEC 10).

Everything lives in one per-user folder (``platformdirs.user_data_dir("seahaven-towers")``,
which follows ``XDG_DATA_HOME`` on Linux). Each file is JSON with a ``"version"``:

- ``current.json``: the game in progress (its format: :mod:`~seahaven.app.saving.saved_game`);
- ``current-journal.jsonl``: every action since ``current.json`` was last written in full,
  appended the moment it is made (:class:`Journal`);
- ``settings.json``, ``stats.json`` and ``deals.json``: the small files
  (:mod:`~seahaven.app.saving.small_files`).

:class:`Storage` loads and saves each of them and owns what their failures mean. Reads are
bounded and writes atomic (:mod:`~seahaven.app.saving.files`): full writes happen on the
one background writer, the main thread only takes a snapshot, so a save never holds up a
frame; :meth:`Storage.flush` waits for them. The journal is appended to by the main thread,
a whole line at a time. A file that cannot be used, or cannot even be read, is set aside
(:mod:`~seahaven.app.saving.set_aside`: renamed with a timestamp, never deleted, a link
never followed) and the player gets one sentence saying so; if it cannot be moved either,
it is left untouched and never written over in this session. A file that cannot be written
raises :class:`~seahaven.app.saving.files.SaveError`, whose message the app shows (for a
write on the background thread: at the next save of that file, or at :meth:`Storage.flush`).

No pygame here, no pickle, no eval.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

import platformdirs

from seahaven.app.saving import files, saved_game
from seahaven.app.saving.files import BadFile, Data, Link, SaveError
from seahaven.app.saving.saved_game import SavedGame
from seahaven.app.saving.set_aside import set_aside
from seahaven.app.saving.small_files import (
    deals_from_json,
    recent_from_json,
    settings_from_json,
    settings_to_json,
    stats_from_json,
    stats_to_json,
)
from seahaven.app.state.settings import Settings
from seahaven.app.state.stats import Stats
from seahaven.engine import APP_RULES, Game, Rules
from seahaven.engine.game import Action
from seahaven.i18n import N_, _, format_number, ngettext, sentences

APP_NAME = "seahaven-towers"

CURRENT = "current.json"
JOURNAL = "current-journal.jsonl"
"""The changes of the game since ``current.json`` was last written in full, one JSON line
per action (see :class:`Journal`)."""
SETTINGS = "settings.json"
STATS = "stats.json"
DEALS = "deals.json"
"""Ratings and daily tags of deals (:class:`~seahaven.app.state.deal_facts.DealFacts`): a cache,
rebuilt if it is lost; a damaged one is set aside like any other file."""
RECENT = "recent-files.json"
"""The game files last opened or saved (:class:`~seahaven.app.state.recent_files.RecentFiles`)."""

FULL_SAVE_EVERY = 100
"""Actions between two full saves of the game (the journal holds the ones between)."""
FULL_SAVE_S = 5.0
"""Seconds after which the next action also saves the game in full."""
_TAIL = 128
"""Actions of the line last saved that are remembered, to find what the next save changed."""

T = TypeVar("T")


@dataclass
class Loaded(Generic[T]):
    """What a load gives: the value (a clean default if the file was bad), and for a bad
    file the sentence to show the player, the reason, and where the file was moved."""

    value: T
    message: str | None = None
    reason: str | None = None
    moved_to: Path | None = None


def default_folder() -> Path:
    """The per-user data folder (on Linux ``$XDG_DATA_HOME/seahaven-towers``)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Journal:
    """The append-only journal of the game: one JSON line per action, written by the main
    thread the moment the action is made (a ``write`` of a few hundred bytes, which the
    operating system has at once, however slow its ``fsync`` is), each holding what changed
    since the line before (made by :func:`~seahaven.app.saving.saved_game.journal_entry`)::

        {"seq": 8, "keep": 41, "moves": [<JSON move>], "undone": 0, "elapsed_s": 61.5, "score": 20}

    ``seq`` numbers the saved states of the game one after the other; ``keep``: how many
    moves of the line before stay (an undo keeps them all and changes ``undone``; a move
    after undos drops the undone ones); ``moves``: the moves added after them; the other
    fields replace those of the state before. An entry for a game new to the journal (a new
    deal) also holds its ``code`` (and ``position``), and all its moves. ``current.json``
    is written in full now and then on the writer thread with the ``seq`` of the last entry
    it includes; once it is on disk the journal keeps only the entries after that one. The
    reader applies the entries after ``current.json``'s ``seq``; a journal that does not
    follow on is moved aside like any damaged file and the game resumes from its good part."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._size = 0
        self._lines: list[tuple[int, bytes]] = []
        """The entries written since the last full save that reached the disk."""

    def append(self, seq: int, line: bytes) -> None:
        """Write ``line`` (entry ``seq``) at the end of the journal now; raise
        :class:`SaveError` if it cannot be (the journal is left as it was)."""
        with self._lock:
            try:
                if self._fd is None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    self._fd = files.open_no_follow(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
                    self._size = os.fstat(self._fd).st_size
                if self._size + len(line) > saved_game.MAX_GAME_BYTES:
                    raise SaveError(_(FILE_WORDS[CURRENT].too_long))
                view, done = memoryview(line), 0
                try:
                    while done < len(line):
                        done += os.write(self._fd, view[done:])
                except OSError:
                    if done:  # never leave half a line: the next one would not be readable
                        with contextlib.suppress(OSError):
                            os.ftruncate(self._fd, self._size)
                    raise
                self._size += len(line)
                self._lines.append((seq, line))
            except SaveError:
                raise
            except Link:  # never written through: the link is set aside at the next start
                raise SaveError(_(FILE_WORDS[CURRENT].not_saved).format(
                    # Translators: the reason in parentheses of “Your game could not be saved (…)”. “Is in the way”
                    # means something already stands where the game must make or use this and blocks it (say it as your
                    # system does, not word for word).
                    why=_("a link to another file is in the way"))) from None
            except OSError as error:
                raise SaveError(_(FILE_WORDS[CURRENT].not_saved).format(why=files.os_reason(error))) from error

    def saved_up_to(self, seq: int) -> None:
        """``current.json`` on disk holds every entry up to ``seq``: keep only the later
        ones (written to a new journal put in place of the old; no ``fsync`` here, so an
        ``append`` never waits for the disk). If that fails the journal stays as it is,
        which is still right: the reader skips the entries ``current.json`` holds."""
        with self._lock:
            later = [(number, line) for number, line in self._lines if number > seq]
            self._lines = later
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
            temp: str | None = None
            try:
                if later:
                    fd, temp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=files.TEMP_SUFFIX,
                                                dir=self.path.parent)
                    with os.fdopen(fd, "wb") as handle:
                        handle.write(b"".join(line for _, line in later))
                    os.replace(temp, self.path)
                    temp = None
                else:
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(self.path)
            except OSError:
                pass
            finally:
                if temp is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(temp)


# -- the folder -----------------------------------------------------------------------------

@dataclass(frozen=True)
class FileWords:
    """What the player reads about one of the files, each a whole sentence of its own (marked;
    shown through ``_()``): a sentence never takes the file's name as a slot ("{what} could not
    be saved"), which reads wrong in English ("Your settings is") and cannot agree in German or
    Dutch."""

    unreadable: str
    """It could not be read, and what the game does instead."""
    too_long: str
    not_saved: str
    """It could not be written; ``{why}`` is the system's reason."""
    until_fixed: str
    """After a file that could not be set aside: nothing of it is written until it is fixed."""
    refused: str
    """A write refused for that reason; ``{file}`` is the file's name, ``{why}`` the reason."""


_GAME = FileWords(
    # Translators: a notice at start.
    N_("Your saved game could not be read, so a new game was dealt."),
    # Translators: said (status line) when the game in play cannot be saved; the game goes on.
    N_("Your game is too long to be saved; play goes on."),
    # Translators: said (status line); {why} is the system's reason ("the disk is full").
    N_("Your game could not be saved ({why}); play goes on."),
    # Translators: the last sentence of a notice at start, after "The damaged file could not be moved aside (…).".
    N_("Your game will not be saved until that file is fixed."),
    # Translators: said (status line); {file} is a file's name, {why} the system's reason.
    N_("Your game will not be saved, so as not to write over {file}, which could not be read nor moved aside "
       "({why})."))
FILE_WORDS = {
    CURRENT: _GAME,
    SETTINGS: FileWords(
        # Translators: a notice at start.
        N_("Your settings could not be read, so the defaults are used."),
        # Translators: said (status line) when the settings cannot be saved; the game goes on.
        N_("Your settings are too long to be saved; play goes on."),
        # Translators: said (status line); {why} is the system's reason ("the disk is full").
        N_("Your settings could not be saved ({why}); play goes on."),
        # Translators: the last sentence of a notice at start, after "The damaged file could not be moved aside
        # (…).".
        N_("Your settings will not be saved until that file is fixed."),
        # Translators: said (status line); {file} is a file's name, {why} the system's reason.
        N_("Your settings will not be saved, so as not to write over {file}, which could not be read nor moved "
           "aside ({why}).")),
    STATS: FileWords(
        # Translators: a notice at start.
        N_("Your statistics could not be read, so they start again from zero."),
        # Translators: said (status line) when the statistics cannot be saved; the game goes on.
        N_("Your statistics are too long to be saved; play goes on."),
        # Translators: said (status line); {why} is the system's reason ("the disk is full").
        N_("Your statistics could not be saved ({why}); play goes on."),
        # Translators: the last sentence of a notice at start, after "The damaged file could not be moved aside
        # (…).".
        N_("Your statistics will not be saved until that file is fixed."),
        # Translators: said (status line); {file} is a file's name, {why} the system's reason.
        N_("Your statistics will not be saved, so as not to write over {file}, which could not be read nor moved "
           "aside ({why}).")),
    DEALS: FileWords(
        # Translators: a notice at start; the ratings are the solver's 1 to 5 of each deal played.
        N_("The ratings of your deals could not be read, so they will be worked out again."),
        # Translators: said (status line) when the ratings of the deals cannot be saved; the game goes on.
        N_("The ratings of your deals are too long to be saved; play goes on."),
        # Translators: said (status line); {why} is the system's reason ("the disk is full").
        N_("The ratings of your deals could not be saved ({why}); play goes on."),
        # Translators: the last sentence of a notice at start, after "The damaged file could not be moved aside
        # (…).".
        N_("The ratings of your deals will not be saved until that file is fixed."),
        # Translators: said (status line); {file} is a file's name, {why} the system's reason.
        N_("The ratings of your deals will not be saved, so as not to write over {file}, which could not be read nor "
           "moved aside ({why}).")),
    RECENT: FileWords(
        # Translators: a notice at start: the list of the game files opened or saved lately.
        N_("Your list of recent game files could not be read, so it starts again."),
        # Translators: said (status line) when the list of recent files cannot be saved; the game goes on.
        N_("Your list of recent game files is too long to be saved; play goes on."),
        # Translators: said (status line); {why} is the system's reason ("the disk is full").
        N_("Your list of recent game files could not be saved ({why}); play goes on."),
        # Translators: the last sentence of a notice at start, after "The damaged file could not be moved aside
        # (…).".
        N_("Your list of recent game files will not be saved until that file is fixed."),
        # Translators: said (status line); {file} is a file's name, {why} the system's reason.
        N_("Your list of recent game files will not be saved, so as not to write over {file}, which could not be read "
           "nor moved aside ({why}).")),
    # Translators: a notice at start: the last moves are kept in a journal file beside the saved game.
    JOURNAL: replace(_GAME, unreadable=N_("Some of your last moves could not be read, so your game goes on from the "
                                          "last move that could.")),
}
"""File -> what the player reads about it (the journal holds the game's last moves: its
words are the game's, but for what happens when it cannot be read)."""


class Storage:
    """The data folder: load and save the three files. ``folder`` overrides the
    per-user folder (tests, portable installs). ``read_only``: nothing is written, moved
    or removed in the folder (this copy could not take its lock); the files are read if
    they can be, and left as they are."""

    def __init__(self, folder: Path | str | None = None, read_only: bool = False) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.read_only = read_only
        self._refused: dict[str, str] = {}
        """Files that could not be read nor moved aside: never written over (the sentence why)."""
        self._failed: dict[str, SaveError] = {}
        """The failure of the last background write of each file, not yet reported."""
        self._journal = Journal(self.folder / JOURNAL)
        self._seq = 0
        """The number of the last state of the game saved (journal entry or full save)."""
        self._last: tuple[Game, int, tuple[Action, ...]] | None = None
        """The game last saved, the length of its line then, and the last actions of it."""
        self._since_full = 0
        self._full_due = time.monotonic() + FULL_SAVE_S
        self._full_seq = 0
        """The ``seq`` of the last full save asked for."""
        self._latest: tuple[Game, dict[str, Any], int, Action | None, dict[str, Any]] | None = None
        """The game last saved, and what it was then (see :meth:`flush`)."""
        self._landed_seq = -1
        """The ``seq`` of the last full save that reached the disk in this session."""
        self._journal_gap = False
        """An append failed (a full disk, an I/O error): the journal misses a state, so
        its next entry must hold the whole game (the reader takes such an entry after a gap)."""

    def flush(self) -> None:
        """Wait until every save asked for so far is on disk (or failed); raise the
        :class:`SaveError` of a failed one not reported yet."""
        latest = self._latest
        if latest is not None and self._full_seq < self._seq and CURRENT not in self._refused:
            game, head, n, last, tail = latest  # the game as last saved, in full too
            if game.line_length >= n and (n == 0 or game.actions(n - 1, n)[0] is last):
                seq = self._seq
                self._full_seq = seq
                line = game.actions(0, n)
                self._write(CURRENT, lambda: saved_game.game_chunks(head, line, {**tail, "seq": seq}),
                            then=lambda: self._landed(seq))
        files.WRITER.flush()
        self._failed.pop(DEALS, None)  # a cache: rebuilt if it is lost
        self._failed.pop(RECENT, None)
        for name in list(self._failed):
            error = self._failed.pop(name, None)
            if error is not None:
                raise error

    def path(self, name: str) -> Path:
        return self.folder / name

    def forget_failures(self) -> None:
        """Drop the failures of earlier background writes not said yet (the files are
        about to be written again: only how those writes go is to be said)."""
        files.WRITER.flush()
        self._failed.clear()

    def refusing(self, error: SaveError) -> bool:
        """Whether ``error`` is a refusal to write a file that must not be written over."""
        return str(error) in self._refused.values()

    # -- game --------------------------------------------------------------------------------

    def load_game(self, rules: Rules = APP_RULES) -> Loaded[SavedGame | None]:
        """The saved game, or None (no file, or a bad file moved aside, with a message):
        ``current.json`` with the moves of the journal after it."""
        base = self._load(CURRENT, saved_game.game_body, lambda: None)
        if not self.read_only:
            files.clean_temp_files(self.folder, JOURNAL)
        entries, journal_problem = self._read_journal()
        body: dict[str, Any] | None = base.value
        seq = int(body.get("seq", 0)) if body is not None else 0
        if body is not None and saved_game.SEQ_DAMAGED in body and entries:  # the journal cannot be placed
            journal_problem, entries = journal_problem or "current.json's 'seq' is damaged", []
        # each entry is checked as it comes (one the reader refuses loses that action and
        # what follows it, nothing before it), then the good ones are applied
        refused, checked = saved_game.first_refused(body, seq, entries) if entries else (None, None)
        if refused is not None:
            entries = entries[: refused[0]]
        merged, last_seq, problem = saved_game.apply_journal(body, seq, entries)
        saved: SavedGame | None = None
        if merged is not None and merged is not body and checked is not None and refused is None and problem is None:
            # every entry applied and checked: the checked game is the saved one (no second replay)
            checked.rules = rules
            checked.note_hints(int(merged.get("hints", 0)))
            with contextlib.suppress(BadFile):  # else read again below, which says what is wrong
                checked.note_bookmarks(saved_game.checked_bookmarks(merged, checked.line_length))
                saved, seq = SavedGame(checked, float(merged["elapsed_s"])), last_seq
        problem = journal_problem or problem or (refused[1] if refused else None)
        messages = [base.message] if base.message else []
        reason, moved_to = base.reason, base.moved_to
        if saved is None and merged is not None and merged is not body:
            try:
                saved = saved_game.game_from_json(merged, rules, repair=True)
                seq = last_seq
            except BadFile as error:
                problem = problem or str(error)
        if problem is not None:
            aside = self._set_aside(JOURNAL, problem, lambda: None)
            messages.append(aside.message or "")
        if saved is None and body is not None:
            try:
                saved = saved_game.game_from_json(body, rules, repair=True)
            except BadFile as error:
                aside = self._set_aside(CURRENT, str(error), lambda: None)
                messages.append(aside.message or "")
                reason, moved_to = aside.reason, aside.moved_to
                seq = 0
        if saved is not None and saved.repaired:
            messages.append(self._repaired(saved))
            reason = reason or f"repaired: {', '.join(saved.repaired)}"
        self._seq = seq
        if saved is not None:
            self._remember(saved.game)
            n = saved.game.line_length
            head, fields = saved_game.game_fields(saved.game, saved.elapsed_s)
            self._latest = (saved.game, head, n, saved.game.actions(n - 1, n)[0] if n else None, fields)
            self._full_seq = seq  # what was read is on disk already
        message = sentences(messages) or None
        return Loaded(saved, message=message, reason=reason or problem, moved_to=moved_to)

    def _repaired(self, saved: SavedGame) -> str:
        """What reading repaired in the saved game, said (each field in a sentence of its own),
        and where a copy of the damaged ``current.json`` was kept (nothing of it is lost)."""
        game = saved.game
        n = game.line_length
        # Translators: a notice at start; {n} is the number of the last move that could be read.
        cut = ngettext("Your saved game could be read up to move {n} only; it goes on from there.",
                       "Your saved game could be read up to move {n} only; it goes on from there.", n).format(
            n=format_number(n)) if n else _("The moves of your saved game could not be read, so it goes on from "
                                            "the deal.")
        said = [cut if field == "moves" else _(REPAIRS[field]) for field in saved.repaired if field != "seq"]
        if not self.read_only and self.path(CURRENT).exists():
            copy = _copy_aside(self.path(CURRENT))
            if copy is not None:
                # Translators: a notice at start, after the sentence that a file could not be read; {file} is the name
                # the damaged file was renamed to.
                said.append(_("The damaged file was kept as {file}.").format(file=copy.name))
        return sentences(said)

    def save_game(self, game: Game, elapsed_s: float, full: bool = False) -> None:
        """Save ``game``: its change since the last save goes to the journal at once (in the
        operating system's hands before this returns, a few hundred bytes whatever the
        game's length), and now and then (``full``: now) the whole game is written to
        ``current.json`` on the writer thread, after which the journal is emptied. Raise
        :class:`SaveError` if it will not be saved, or if the last write of it failed."""
        if CURRENT in self._refused:
            raise SaveError(self._refused[CURRENT])
        if self.read_only:
            return
        head, fields = saved_game.game_fields(game, elapsed_s)
        n = game.line_length
        last_action = game.actions(n - 1, n)[0] if n else None
        failure: SaveError | None = None
        if self._latest is not None and self._latest[:4] == (game, head, n, last_action) \
                and self._latest[4] == fields and self._last is not None and self._last[0] is game:
            pass  # nothing changed since the last save (the save at the start of a resumed game)
        elif JOURNAL in self._refused:
            self._seq += 1
            full = True
        else:
            self._seq += 1
            # after a failed append the journal misses a state: the next entry holds the whole
            # game, unless a full save of the state before it has reached the disk since
            whole = self._journal_gap and self._landed_seq != self._seq - 1
            try:
                self._journal.append(self._seq, self._entry(self._seq, game, elapsed_s, whole=whole))
            except SaveError as error:
                failure, full = error, True
                self._journal_gap = True
            else:
                full = full or self._journal_gap  # and a full save follows at once, to empty the journal
                self._journal_gap = False
                # the game is in the operating system's hands: a full save that failed
                # before is superseded by the one asked for now (its own failure is said)
                self._failed.pop(CURRENT, None)
        self._remember(game)
        self._latest = (game, head, n, last_action, fields)
        self._since_full += 1
        if full or self._since_full >= FULL_SAVE_EVERY or time.monotonic() >= self._full_due:
            try:
                self._full_save(game, elapsed_s)
            except SaveError as error:
                failure = failure or error
        if failure is not None:
            raise failure

    def _full_save(self, game: Game, elapsed_s: float) -> None:
        """Write the whole game to ``current.json`` (on the writer thread), with the
        number of the last journal entry, which the journal then drops."""
        seq = self._seq
        self._since_full = 0
        self._full_due = time.monotonic() + FULL_SAVE_S
        self._full_seq = seq
        self._write(CURRENT, saved_game.game_snapshot_chunks(game, elapsed_s, seq), then=lambda: self._landed(seq))

    def _landed(self, seq: int) -> None:
        """A full save of state ``seq`` is on disk (on the writer thread): the journal drops
        the entries it holds."""
        self._landed_seq = seq
        self._journal.saved_up_to(seq)

    def _entry(self, seq: int, game: Game, elapsed_s: float, whole: bool = False) -> bytes:
        """The journal line that turns the game last saved into ``game`` (``whole``: the
        whole of ``game``, which the reader takes whatever came before it)."""
        n = game.line_length
        keep: int | None = None
        if self._last is not None and self._last[0] is game and not whole:
            _, before, tail = self._last
            low = before - len(tail)
            top = min(n, before)
            if n == 0 or (low == 0 and top == 0):
                keep = 0
            elif top > low:
                now = game.actions(low, top)
                k = 0
                while k < len(now) and now[k] is tail[k]:
                    k += 1
                keep = low + k if k or not low else None
        return saved_game.journal_entry(seq, game, elapsed_s, keep)

    def _remember(self, game: Game) -> None:
        n = game.line_length
        self._last = (game, n, game.actions(max(0, n - _TAIL), n))

    def _read_journal(self) -> tuple[list[dict[str, Any]], str | None]:
        """The entries of the journal (its good start, if the rest is damaged), and what is
        wrong with it, if anything."""
        try:
            data = files.read_bounded(self.path(JOURNAL), saved_game.MAX_GAME_BYTES)
        except FileNotFoundError:
            return [], None
        except BadFile as error:
            return [], str(error)
        except OSError as error:
            return [], files.os_reason(error, reading=True)
        entries: list[dict[str, Any]] = []
        lines = data.split(b"\n")
        problem = saved_game.journal_entries(lines[:-1], entries)
        if problem is None and lines[-1]:  # a line cut short, or what a power cut leaves (NUL bytes)
            problem = "its last line is cut short"
        return entries, problem

    # -- settings ----------------------------------------------------------------------------

    def load_settings(self) -> Loaded[Settings]:
        return self._load(SETTINGS, settings_from_json, Settings)

    def save_settings(self, settings: Settings) -> None:
        self._write(SETTINGS, _encoded(settings_to_json(settings)))

    # -- statistics --------------------------------------------------------------------------

    def load_stats(self) -> Loaded[Stats]:
        return self._load(STATS, stats_from_json, Stats)

    def save_stats(self, stats: Stats) -> None:
        self._write(STATS, _encoded(stats_to_json(stats)))

    # -- the deals' ratings (a cache) ------------------------------------------------------

    def load_deals(self) -> Loaded[dict[str, Any] | None]:
        return self._load(DEALS, deals_from_json, lambda: None)

    def save_deals(self, body: dict[str, Any]) -> None:
        """Write ``deals.json`` (on the writer thread; a failure is never said: a cache)."""
        with contextlib.suppress(SaveError):
            self._write(DEALS, _encoded(body))

    # -- the recent game files -------------------------------------------------------------

    def load_recent(self) -> Loaded[dict[str, Any] | None]:
        return self._load(RECENT, recent_from_json, lambda: None)

    def save_recent(self, body: dict[str, Any]) -> None:
        """Write ``recent-files.json`` (a failure is never said: the list is a convenience)."""
        with contextlib.suppress(SaveError):
            self._write(RECENT, _encoded(body))

    # -- machinery ---------------------------------------------------------------------------

    def _load(self, name: str, parse: Any, default: Any) -> Loaded[Any]:
        path = self.path(name)
        files.WRITER.flush()  # a load sees every save made before it
        if not self.read_only:
            files.clean_temp_files(self.folder, name)
        limit = saved_game.MAX_GAME_BYTES if name == CURRENT else files.MAX_FILE_BYTES
        try:
            data = files.read_bounded(path, limit)
        except FileNotFoundError:
            return Loaded(default())
        except BadFile as error:
            return self._set_aside(name, str(error), default)
        except OSError as error:  # no permission, an I/O error: moved aside like a damaged file
            return self._set_aside(name, files.os_reason(error, reading=True), default, unreadable=True)
        try:
            return Loaded(parse(files.parse_json(data, limit)))
        except BadFile as error:
            return self._set_aside(name, str(error), default)
        except (ValueError, TypeError, RecursionError, OverflowError) as error:  # defence in depth
            return self._set_aside(name, f"unexpected: {error!s:.200}", default)

    def _set_aside(self, name: str, reason: str, default: Any, unreadable: bool = False) -> Loaded[Any]:
        """Set the bad file ``name`` aside (:func:`~seahaven.app.saving.set_aside.set_aside`)
        and say so; if it cannot be moved, this Storage never writes over it. ``reason`` (the
        parser's own words, say) is kept for logs and tests, never shown."""
        if self.read_only:  # nothing is moved nor written: the player was told so once
            return Loaded(default(), reason=reason)
        words = FILE_WORDS[name]
        aside = set_aside(self.path(name), _(words.unreadable), _(words.until_fixed), _(words.refused), unreadable)
        if aside.refusal is not None:
            self._refused[name] = aside.refusal
        return Loaded(default(), message=aside.message, reason=reason, moved_to=aside.moved_to)

    def _write(self, name: str, make_data: Callable[[], Data], then: Callable[[], None] | None = None) -> None:
        """Hand the write of ``name`` to the writer thread (``then`` runs once it is on
        disk); raise :class:`SaveError` now if the file is one that must not be written
        over, or if its last write failed. Nothing is written by a read-only storage."""
        if name in self._refused:
            raise SaveError(self._refused[name])
        if self.read_only:
            return
        files.WRITER.submit(self.path(name), lambda: self._write_now(name, make_data, then))
        error = self._failed.pop(name, None)
        if error is not None:
            raise error

    def _write_now(self, name: str, make_data: Callable[[], Data], then: Callable[[], None] | None = None) -> None:
        """Write ``name`` atomically (on the writer thread); remember a failure."""
        try:
            self._write_file(name, make_data())
            self._failed.pop(name, None)
        except SaveError as error:
            self._failed[name] = error
            return
        except Exception as error:  # a bug must not pass for a save
            self._failed[name] = SaveError(_(FILE_WORDS[name].not_saved).format(
                # Translators: the reason in parentheses of "Your game could not be saved (…); play goes on.";
                # {error} is the name of a Python error (ValueError).
                why=_("an unexpected {error}").format(error=type(error).__name__)))
            return
        if then is not None:
            then()

    def _write_file(self, name: str, data: Data) -> None:
        """Write ``name`` now (atomically); raise :class:`SaveError` saying why it cannot be."""
        limit = saved_game.MAX_GAME_BYTES if name == CURRENT else files.MAX_FILE_BYTES
        chunks = [data] if isinstance(data, bytes) else data
        if sum(len(chunk) for chunk in chunks) > limit:  # never write what the reader would refuse
            raise SaveError(_(FILE_WORDS[name].too_long))
        try:
            files.write_atomic(self.path(name), chunks)
        except OSError as error:
            raise SaveError(_(FILE_WORDS[name].not_saved).format(why=files.os_reason(error))) from error


REPAIRS = {
    "bookmarks": N_("Some bookmarks of your saved game could not be read and were dropped; every move is kept."),
    "hints": N_("The number of hints of your saved game could not be read, so a win of it counts as won with help."),
    "elapsed_s": N_("The time of your saved game could not be read, so its clock starts again from 0:00."),
    "score": N_("The score of your saved game did not match its moves, so it was worked out again from them."),
    "undone": N_("Which moves of your saved game were undone could not be read, so they are all on the table."),
    saved_game.SENT_HOME: N_("Which cards of your saved game went home by themselves could not be read, so each "
                             "of them now undoes on its own."),
}
"""A repaired field of the saved game -> the sentence that says so (marked; shown through ``_()``)."""


def _copy_aside(path: Path) -> Path | None:
    """A copy of ``path`` beside it, named as a file set aside is (``current.bad-…json``), the
    file itself left in place; None if it cannot be made."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
    try:
        data = files.read_bounded(path, saved_game.MAX_GAME_BYTES)
        files.write_atomic(target, [data])
    except (OSError, BadFile):
        return None
    return target


def _encoded(body: dict[str, Any]) -> Callable[[], bytes]:
    """A small body is serialized at once (a snapshot of mutable values); its bytes are
    handed to the writer."""
    data = (files.dumps(body) + "\n").encode("utf-8")
    return lambda: data

