"""The one focus model of every window and screen."""

from __future__ import annotations


class FocusRing:
    """Which control (by name) has the keyboard's focus, and whether its ring is on show.
    Tab and the arrows move it through the controls in order (and show it); a click gives
    the clicked control the focus without showing the ring."""

    def __init__(self) -> None:
        self.name = ""
        self.visible = False

    def move(self, names: list[str], step: int) -> bool:
        """Move ``step`` controls along ``names`` (from the first or last when the focus is
        on none of them); False when there is nothing to focus."""
        if not names:
            return False
        if self.name in names:
            index = (names.index(self.name) + step) % len(names)
        else:
            index = 0 if step >= 0 else len(names) - 1
        self.name = names[index]
        return True

    def click(self, name: str) -> None:
        """A click or tap on the control ``name``: it has the focus, the ring hides."""
        self.name = name
        self.visible = False
