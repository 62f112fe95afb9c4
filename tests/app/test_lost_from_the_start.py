"""Issue 37 item 6: a deal lost from the start says so in its own words, with what the player
can do (a new game, or Winnable deals only), never "undo some moves" nor "no longer"; and the
status line keeps the game code beside its sentence at 800x600. SH1-C1-AAAAA7J is such a deal
(the solver proves it lost at move 0), played through the real loop with the real solver."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from seahaven import i18n
from seahaven.app.screens.lost_panel import LostPanel
from seahaven.app.screens.new_game import NewGame
from seahaven.app.screens.table.solver_questions import LOST
from seahaven.app.shell.loop import App
from seahaven.i18n import LANGUAGES
from tests.app.table_helpers import key, make_app, settle, steps, wait_jobs

CODE = "SH1-C1-AAAAA7J"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def lost_at_the_deal(size: tuple[int, int], language: str = "en") -> App:
    app = make_app(CODE, size=size, language=language)
    table = app.scenes.bottom
    settle(app)
    for _ in range(60):  # the quiet moment, then the solver's verdict
        steps(app)
        if table.jobs.running("lost") or table.current.verdict is not None:
            break
    wait_jobs(app)
    steps(app)
    assert table.current.verdict is not None and table.current.verdict.deal_lost
    return app


def status_words(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every piece of text the status line paints, as it paints it."""
    painter = app.painter
    painted: list[str] = []
    real = painter.text

    def text(words: str, *args: Any, **kwargs: Any) -> Any:
        painted.append(words)
        return real(words, *args, **kwargs)

    monkeypatch.setattr(painter, "text", text)
    table = app.scenes.bottom
    table.paint_frame(app.screen, frozenset({"status"}))
    monkeypatch.undo()
    return painted


def test_the_status_line_says_it_in_its_own_words_and_keeps_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    app = lost_at_the_deal((800, 600))
    try:
        table = app.scenes.bottom
        message = table.message
        assert message is not None and message.about == LOST
        assert message.text == "This deal can never be won: N deals a new game."
        painted = status_words(app, monkeypatch)
        assert CODE in painted and message.text in painted  # the code stays beside the sentence
        assert "Solver: cannot be won" in painted
    finally:
        app.close()


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_in_every_language_the_code_stays_at_800x600(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = lost_at_the_deal((800, 600), language)
    try:
        message = app.scenes.bottom.message
        assert message is not None and message.about == LOST
        assert message.text == i18n._("This deal can never be won: N deals a new game.") != (
            "This deal can never be won: N deals a new game.")
        painted = status_words(app, monkeypatch)
        # the code, and the sentence whole (on one line, or wrapped on two beside the code)
        assert CODE in painted and message.text.replace(" ", "") in "".join(painted).replace(" ", ""), (language,
                                                                                                      painted)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_hint_at_the_deal_opens_the_panel_that_says_what_to_do(size: tuple[int, int], language: str) -> None:
    app = lost_at_the_deal(size, language)
    try:
        key(app, pygame.K_h)  # no hint to give: what the player can do instead
        panel = app.scenes.top
        assert isinstance(panel, LostPanel)
        assert panel.title == i18n._("This deal cannot be won")
        words = " ".join(text for text, _role in panel.lines)
        assert i18n._("Winnable deals only") in words and i18n._("New game") in words
        assert [w.name for w in panel.widgets] == ["keep", "new"]  # nothing to undo or review at the deal
        assert panel.widgets[panel.focus].name == "new"
        key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, NewGame)
    finally:
        app.close()


def test_no_undo_advice_at_the_deal() -> None:
    from seahaven.app.text.words import no_winning_line_text

    assert "undo" not in no_winning_line_text(0) and "undo" in no_winning_line_text(3)
    assert no_winning_line_text(0) == "No winning line from the deal: N deals a new game."
