"""The replay screen's commands, each declared once: its name (what
:meth:`ReplayScreen.press <seahaven.app.screens.replay_screen.ReplayScreen.press>` does with it),
its button's words, its keys as the player reads them ("Space", "Page Up"; see
``board/keys.KEY_NAMES``) and Help's line.

The replay's buttons (their order and words), its keys, the buttons a screen reader reads
and presses (``ReplayScreen.access_view``) and the "While watching a replay" part of Help's
Keyboard page are all generated from :data:`REPLAY_COMMANDS`; adding a command is one
declaration here, its case in ``ReplayScreen.press`` and the catalogs.
"""

from __future__ import annotations

from dataclasses import dataclass

from seahaven.app.board.keys import KEY_NAMES
from seahaven.i18n import N_, NP_


@dataclass(frozen=True)
class ReplayCommand:
    """One thing the player can ask of the replay screen."""

    name: str
    label: str = ""
    """The button's words (marked for translation); "" with ``button``: the screen words it."""
    keys: tuple[str, ...] = ()
    """Keys as the player reads them (:data:`~seahaven.app.board.keys.KEY_NAMES`)."""
    help: str = ""
    """Help's line, when the label says too little."""
    button: bool = False
    """On the replay's toolbar, in the order declared."""
    offered_only: bool = False
    """Only on a screen given what it does (Review, Play from here, Analyse), or while it
    shows what it acts on (the analysis's marks); elsewhere not shown and its key does
    nothing."""
    right: bool = False
    """The button sits at the toolbar's right end."""


# Translators: a button of the replay screen's toolbar while the replay plays (it stops it). About 8 characters.
PAUSE = NP_("replay button", "Pause")
"""The play button's words while the replay plays."""

REPLAY_COMMANDS: tuple[ReplayCommand, ...] = (
    # Translators: a button of the replay screen's toolbar: leave the replay, back to the table. About 8 characters.
    ReplayCommand("close", NP_("replay button", "Close"), ("Esc",), button=True),
    # Translators: a button of the replay screen's toolbar: go to the start of the game (before the first move). About 8
    # characters; not "begin playing".
    ReplayCommand("start", NP_("replay button", "Start"), ("Home",), button=True),
    # Translators: a button of the replay screen's toolbar: one move back. About 8 characters; the pair Back/Forward,
    # not the table's Undo/Redo.
    ReplayCommand("back", NP_("replay button", "Back"), ("Left",), button=True),
    # Translators: a button of the replay screen's toolbar: play the replay on, move after move (like a video), not
    # "play the game". About 8 characters.
    ReplayCommand("play", NP_("replay button", "Play"), ("Space",),
                  # Translators: a command in Help's keys table (the Space key on the replay screen): play the replay,
                  # or pause it.
                  help=N_("Play or pause"), button=True),
    # Translators: a button of the replay screen's toolbar: one move forward. About 8 characters.
    ReplayCommand("forward", NP_("replay button", "Forward"), ("Right",), button=True),
    # Translators: a button of the replay screen's toolbar: go to the last move. About 8 characters.
    ReplayCommand("end", NP_("replay button", "End"), ("End",), button=True),
    # Translators: a command in Help's keys table (Page Up on the replay screen).
    ReplayCommand("page_back", keys=("Page Up",), help=N_("Ten moves back")),
    # Translators: a command in Help's keys table (Page Down on the replay screen).
    ReplayCommand("page_forward", keys=("Page Down",), help=N_("Ten moves forward")),
    ReplayCommand("speed", button=True),
    # Translators: a command in Help's keys table (the + key on the replay screen): a faster replay.
    ReplayCommand("faster", keys=("+",), help=N_("Faster")),
    # Translators: a command in Help's keys table (the - key on the replay screen): a slower replay.
    ReplayCommand("slower", keys=("-",), help=N_("Slower")),
    # Translators: a button of the replay screen's toolbar (a verb): the solver finds the move after which the game
    # could no longer be won. About 10 characters.
    ReplayCommand("review", NP_("replay button", "Review"), ("V",), button=True, offered_only=True),
    # Translators: a button of the replay screen's toolbar (a verb): the solver reviews every move, with a mark for
    # each. About 10 characters.
    ReplayCommand("analyse", NP_("replay button", "Analyse"), ("A",), button=True, offered_only=True,
                  help=N_("Analyse: review every move, with a mark for each under the board")),
    ReplayCommand("next_mark", keys=("N",), offered_only=True,
                  help=N_("Analysis: the next critical moment or losing move")),
    ReplayCommand("previous_mark", keys=("B",), offered_only=True,
                  help=N_("Analysis: the previous critical moment or losing move")),
    # Translators: a button at the right of the replay screen's toolbar: play on from the move shown, as a game of your
    # own. About 14 characters.
    ReplayCommand("from_here", NP_("replay button", "Play from here"), ("P",), button=True, offered_only=True,
                  right=True),
)
"""Every command of the replay screen, its buttons left to right. Declare a new one here."""


def _by_key() -> dict[str, ReplayCommand]:
    """Each declared key's command (a key declared twice, or one no pygame key is called,
    is a mistake in the declarations)."""
    found: dict[str, ReplayCommand] = {}
    for command in REPLAY_COMMANDS:
        for key in command.keys:
            if key in found or key not in KEY_NAMES.values():
                raise ValueError(f"the replay key {key!r} of {command.name!r} is taken or unknown")
            found[key] = command
    return found


_BY_KEY = _by_key()


def command_for_key(code: int) -> ReplayCommand | None:
    """The command a pygame key asks for (modifiers do not matter), or None."""
    name = KEY_NAMES.get(code)
    return None if name is None else _BY_KEY.get(name)


def replay_key_rows() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Help's "While watching a replay": (keys, what they do) of every command with keys;
    the keys are worded with ``words.key_text`` and the line translated when drawn."""
    return tuple((c.keys, c.help or c.label) for c in REPLAY_COMMANDS if c.keys)
