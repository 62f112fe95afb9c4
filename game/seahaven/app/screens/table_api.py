"""The table as its parts see it: a small protocol, so the pointer, the keys, the solver's
questions, the animation, the view and the actions depend on what the table offers, not
on the scene class (which sits above them and builds them) nor on its private methods."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from seahaven.app.board.hand import Hand
    from seahaven.app.board.layout import Layout
    from seahaven.app.board.refusals import Refusal
    from seahaven.app.kit.scenes import App
    from seahaven.app.state.current import CurrentGame
    from seahaven.app.state.jobs import Jobs
    from seahaven.app.state.session import Session
    from seahaven.engine import Action, Card, Game, Move, Pile, Position, Rules


@dataclass
class Snapshot:
    """What the table showed just before a change: the position and every card's place."""

    position: Position
    points: dict[Card, tuple[float, float]]


@dataclass(frozen=True)
class Message:
    """A sentence in the status line, until ``until``, about the position it was said of.

    The status line's rule (issue 25): a sentence describes the position on the table when
    it was said (a hint, a refusal, the solver's word that the game is lost), so it is keyed
    to that game and position and stands only while they are on the table; a move, an
    undo, a redo, a restart or a new deal takes it away. A sentence about no position (a
    save, the clipboard, the window) has ``game`` None and stands its time whatever the
    table shows. Plain data: the view draws it, the accessibility tree can read it."""

    text: str
    until: float
    warn: bool = False
    fleeting: bool = False
    """A refusal's reason: it ends at the player's next action."""
    about: str | None = None
    """What the sentence is about (the demo's count), to take it back when that ends."""
    game: Game | None = None
    """The game in play the sentence was said about (None: about no position)."""
    position: Position | None = None
    """The position of ``game`` the sentence describes."""

    def stands(self, game: Game, position: Position, now: float) -> bool:
        """The sentence is still true: its time has not run out and, when it is about a
        position, that game and position are the ones on the table."""
        if now >= self.until:
            return False
        if self.game is None:
            return True
        return self.game is game and (self.position is position or self.position == position)


class Table(Protocol):
    """What the table scene offers its parts."""

    app: App
    session: Session
    current: CurrentGame
    jobs: Jobs
    hand: Hand
    """The selection and the last tap."""

    @property
    def layout(self) -> Layout: ...

    def layout_for(self, position: Position) -> Layout:
        """The geometry that shows ``position`` (long columns change it)."""
        ...
    hint: tuple[Move, float] | None
    """The hinted move and when its marks go."""
    @property
    def message(self) -> Message | None:
        """The status line's passing sentence, while it stands (see :class:`Message`)."""
        ...
    dirty: bool

    @property
    def game(self) -> Game: ...

    @property
    def position(self) -> Position: ...

    @property
    def rules(self) -> Rules: ...

    def on_top(self) -> bool:
        """No window covers the table."""
        ...

    # -- what the player asks ------------------------------------------------------------------
    def play(self, move: Move, sound: bool = True) -> Action | None: ...

    def carry_out(self, answer: Move | Refusal | None) -> None: ...

    def refuse(self, refusal: Refusal) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def ask_restart(self) -> None: ...

    def ask_hint(self) -> None: ...

    def ask_demo(self) -> None: ...

    def ask_line(self) -> None:
        """Show the solver's whole winning line from here, step by step, without playing it."""
        ...

    def ask_finish(self) -> None:
        """Send every card home when each can go one by one (the Finish button, E)."""
        ...

    def stop_demo(self) -> None: ...

    def open_lost(self) -> None:
        """The lost panel, when the solver has proved the game lost (else the status line says not)."""
        ...

    def read_aloud(self, what: str) -> None:
        """A screen reader reads the whole table ("table"), the focused pile ("pile") or the
        status line with the game code ("status")."""
        ...

    def demo_running(self) -> bool:
        """The demo plays, or looks for its winning line."""
        ...

    def button_at(self, pos: tuple[float, float]) -> str | None:
        """The action whose button is under ``pos`` (the toolbar's, the status line's Finish)."""
        ...

    def clear_marks(self) -> None:
        """Esc: drop what is held, selected, hinted and focused."""
        ...

    def player_acts(self) -> None:
        """Input arrived: animations finish, the demo stops, a refusal's reason goes."""
        ...

    def say(self, text: str, warn: bool = False, seconds: float = ..., fleeting: bool = False,
            about: str | None = None, of_position: bool = True) -> None:
        """A passing sentence in the status line, about the position on the table (or, with
        ``of_position`` False, about no position)."""
        ...

    def take_back(self, about: str) -> None:
        """The status line's sentence about ``about`` goes."""
        ...

    # -- what the parts tell each other -------------------------------------------------------
    def finish_animations(self) -> None: ...

    def cancel_drag(self) -> None:
        """A drag in progress ends; its cards glide back."""
        ...

    def hide_focus(self) -> None:
        """The pointer acted: the keyboard's focus ring goes."""
        ...

    def where_now(self, position: Position | None = None) -> Snapshot:
        """Where every card is drawn right now (mid-glide, under the pointer)."""
        ...

    def glide_from(self, before: Snapshot) -> None:
        """Glide every card from where ``before`` drew it to where the engine put it."""
        ...

    def mark_region(self, name: str) -> None:
        """The "toolbar" or the "status" line must be repainted."""
        ...

    def mark_pile(self, pile: Pile) -> None:
        """``pile`` changed at rest: repaint it."""
        ...

    def dragged_points(self) -> dict[Card, tuple[float, float]]:
        """Where the dragged cards are drawn (none when nothing is dragged)."""
        ...

    def cards_still(self, after: str) -> None:
        """The animation after a deal ("arrival") or a change ("change") has ended."""
        ...

    def action(self, name: str) -> None:
        """Run one of the table's actions (a toolbar button was pressed)."""
        ...
