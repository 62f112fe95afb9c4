"""The status line's passing sentence: its one owner. It keeps the last sentence said
(a :class:`~seahaven.app.screens.table_api.Message`, plain data) and applies the status
line's rule: a sentence about a position stands only while that game and position are on
the table, so a change (a move, undo, redo, restart, a new deal) takes it away; a sentence
about no position (a save, the clipboard) stands its time. The view draws :meth:`shown`;
whoever else reads the status line (the accessibility tree) reads the same."""

from __future__ import annotations

from seahaven.app.screens.table_api import Message, Table


class StatusLine:
    """What the status line says besides its figures, and about which position."""

    def __init__(self, table: Table) -> None:
        self.table = table
        """The table scene (screens/table.py), which sits above its parts."""
        self._said: Message | None = None

    def shown(self) -> Message | None:
        """The sentence the status line shows now: the last one said, while it stands."""
        said = self._said
        table = self.table
        if said is None or not said.stands(table.game, table.position, table.app.time):
            return None
        return said

    def say(self, text: str, warn: bool, seconds: float, fleeting: bool, about: str | None,
            of_position: bool) -> None:
        """Say ``text`` for ``seconds``, about the position on the table unless
        ``of_position`` is False."""
        table = self.table
        game, position = (table.game, table.position) if of_position else (None, None)
        self._said = Message(text, table.app.time + seconds, warn, fleeting, about, game, position)
        table.mark_region("status")

    def clear(self, fleeting_only: bool = False, about: str | None = None) -> None:
        """The sentence goes (only a ``fleeting`` one, or only the one about ``about``)."""
        said = self._said
        if said is None or (fleeting_only and not said.fleeting) or (about is not None and said.about != about):
            return
        self._said = None
        self.table.mark_region("status")

    def update(self) -> None:
        """Each frame: a sentence whose time ran out, or whose position is no longer on the
        table, goes for good (it does not come back with a redo)."""
        if self._said is not None and self.shown() is None:
            self.clear()

    def wake_in(self) -> float | None:
        """Seconds until the sentence's time runs out, or None."""
        if self._said is None:
            return None
        return max(0.0, self._said.until - self.table.app.time)
