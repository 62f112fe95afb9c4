"""The text field model: what typing, pasting and the on-screen keypad all edit."""

from __future__ import annotations

from collections.abc import Callable


class TextField:
    """The text of an entry field and what is wrong with it: the one model that typing,
    pasting and an on-screen keypad all edit. ``on_edit`` hears of every change (the
    window owning the field moves its focus there and repaints); ``on_submit`` is Enter;
    ``editable`` says whether the field takes edits now."""

    def __init__(self, max_len: int, on_edit: Callable[[], None] | None = None,
                 on_submit: Callable[[], None] | None = None,
                 editable: Callable[[], bool] | None = None) -> None:
        self.max_len = max_len
        self.text = ""
        self.complaint: Callable[[], str] | None = None
        """What is wrong with the text, as words built when shown (None: nothing is); the
        next edit clears it."""
        self.on_edit = on_edit
        self.on_submit = on_submit
        self.editable = editable

    @property
    def error(self) -> str:
        """What is wrong with the text, a sentence in the language of now ("" when nothing is)."""
        return self.complaint() if self.complaint is not None else ""

    def can_edit(self) -> bool:
        return self.editable is None or self.editable()

    def type(self, text: str) -> None:
        """Add typed (or pasted, or keyed-in) text: printable characters, one line."""
        if not self.can_edit():
            return
        text = "".join(ch for ch in text if ch.isprintable() and ch not in "\r\n\t")
        self.text = (self.text + text)[: self.max_len]
        self._edited()

    def erase(self) -> None:
        """Backspace: the last character goes."""
        if not self.can_edit():
            return
        self.text = self.text[:-1]
        self._edited()

    def replace(self, text: str) -> None:
        """The whole text becomes ``text`` (a paste)."""
        if not self.can_edit():
            return
        self.text = ""
        self.type(text)

    def set(self, text: str) -> None:
        """The whole text becomes ``text`` exactly (a value of the program's own, such as a
        path picked from a list: a file name may hold what typing never gives, a byte that
        is not UTF-8 or a line break, and must stay as it is to name that file)."""
        if not self.can_edit():
            return
        self.text = text[: self.max_len]
        self._edited()

    def submit(self) -> None:
        if self.on_submit is not None:
            self.on_submit()

    def _edited(self) -> None:
        self.complaint = None
        if self.on_edit is not None:
            self.on_edit()
