"""What an assistant of the table sees of it: the :class:`Stage`, six members.

The assistants (the solver's questions and the demo, the auto-finish, the status line's
sentences) listen to the game in play and to the board, and ask the table for what they
cannot do themselves: a sentence in the status line, a move played as the player's would be,
the cards made still before they act, a window opened. Nothing reaches into the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from seahaven.app.kit.scenes import App
    from seahaven.app.state.session import Session
    from seahaven.engine import Move

MESSAGE_S = 3.5
"""How long a passing sentence stands in the status line, unless told."""


class Stage(Protocol):
    """The table as its assistants see it."""

    app: App
    """The window: its time, settings and scene stack (a window opened over the table)."""
    session: Session
    """What the table's windows share: the game in play, the solver's jobs, the records."""

    def say(self, text: str, warn: bool = False, seconds: float = MESSAGE_S, fleeting: bool = False,
            about: str | None = None, of_position: bool = True) -> None:
        """A passing sentence in the status line, about the position on the table (or, with
        ``of_position`` False, about no position); ``fleeting``: it goes at the next action;
        ``about``: what it is about, for whoever takes it back."""
        ...

    def play(self, move: Move, sound: bool = True, own: bool = True) -> bool:
        """Play ``move`` as the player's own would be (the sound, a refusal said); True when
        it was played. ``own`` False: a step of a line worked out beforehand (the demo's, the
        finish's), which no safe card follows home."""
        ...

    def calm(self) -> None:
        """Before an assistant acts: every animation ends, dragged cards go back."""
        ...

    def free(self) -> bool:
        """Nothing is held or moving and the table is on top: an assistant may act on its own."""
        ...
