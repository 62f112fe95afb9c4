"""The New Game window follows a typed code (issue 17 item 6): the difficulty buttons show
the code's cell count as soon as it is valid; with winnable deals only on, the solver
checks the deal on a worker thread and the window says, in one sentence and before
dealing, when it cannot be won. And the table's status line keeps score, moves and time
whatever the message."""

from __future__ import annotations

import threading
import types
from typing import Any

import pygame
import pytest

from seahaven.app.screens import new_game
from seahaven.app.screens.new_game import NewGame
from seahaven.engine import services
from tests.app.table_helpers import click, key, make_app, steps, wait_jobs
from tests.app.test_windows import type_text


def chosen(window: NewGame) -> list[int]:
    return [int(w.name[5:]) for w in window.widgets if w.name.startswith("cells") and w.on]


def fake_solver(monkeypatch: pytest.MonkeyPatch, verdict: str) -> tuple[threading.Event, list[threading.Thread]]:
    """The window's solver answers ``verdict`` once the returned event is set; the threads
    it was asked on are listed."""
    release = threading.Event()
    threads: list[threading.Thread] = []

    def deal_verdict(code: Any, rules: Any, *, cancel: Any = None, progress: Any = None) -> Any:
        threads.append(threading.current_thread())
        while not release.wait(0.01):
            if cancel is not None and cancel.is_set():
                return "unknown"
        return verdict

    fake = types.SimpleNamespace(winnable_deal=services.winnable_deal, deal_verdict=deal_verdict)
    monkeypatch.setattr(new_game, "services", fake)
    return release, threads


def test_the_difficulty_follows_a_valid_code_and_comes_back_without_it() -> None:
    app = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    key(app, pygame.K_n)
    window = app.scenes.top
    assert isinstance(window, NewGame) and chosen(window) == [4]
    type_text(app, "SH1-C1-AAAAAA")
    assert chosen(window) == [4] and window.code is None  # not a whole code yet
    type_text(app, "B")
    assert chosen(window) == [1] and str(window.code) == "SH1-C1-AAAAAAB"
    winnable = window.widgets[window.index("winnable")]
    assert winnable.on is app.settings.winnable_only[1]  # the toggle is Hard's
    click(app, window.widgets[window.index("cells2")].box.center)
    assert chosen(window) == [1] and "code sets the difficulty" in window.note
    click(app, window.widgets[window.index("field")].box.center)
    key(app, pygame.K_BACKSPACE)
    assert chosen(window) == [4] and window.code is None
    wait_jobs(app)


def test_a_deal_that_cannot_be_won_is_said_before_dealing(monkeypatch: pytest.MonkeyPatch) -> None:
    release, threads = fake_solver(monkeypatch, "lost")
    app = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    table = app.scenes.bottom
    key(app, pygame.K_n)
    window = app.scenes.top
    type_text(app, "SH1-C2-AAAAAB2")  # Medium: winnable deals only is on by default
    key(app, pygame.K_RETURN)  # before the solver has answered: nothing is dealt yet
    steps(app, 5)
    assert app.scenes.top is window and str(table.game.code) == "SH1-C4-AAAAAJ2"
    assert "checking" in window.code_sentence()[0]
    release.set()
    wait_jobs(app)
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert app.scenes.top is window and str(table.game.code) == "SH1-C4-AAAAAJ2"
    sentence = window.code_sentence()[0]
    assert sentence == "The solver proved that this deal cannot be won."
    assert window.widgets[window.focus].label == "Deal anyway"
    key(app, pygame.K_RETURN)  # the player has read it: deal it anyway
    assert app.scenes.top is table and str(table.game.code) == "SH1-C2-AAAAAB2"


def test_a_winnable_code_deals_as_soon_as_the_solver_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    release, _threads = fake_solver(monkeypatch, "won")
    app = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    table = app.scenes.bottom
    key(app, pygame.K_n)
    window = app.scenes.top
    type_text(app, "SH1-C1-AAAAAAC")
    key(app, pygame.K_RETURN)
    steps(app, 3)
    assert app.scenes.top is window
    release.set()
    wait_jobs(app)
    assert app.scenes.top is table and str(table.game.code) == "SH1-C1-AAAAAAC"


def test_without_winnable_only_a_code_deals_at_once_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    _release, threads = fake_solver(monkeypatch, "lost")
    app = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    key(app, pygame.K_n)
    type_text(app, "SH1-C4-AAAAAB2")  # Easy: winnable deals only is off by default
    key(app, pygame.K_RETURN)
    assert str(app.scenes.bottom.game.code) == "SH1-C4-AAAAAB2" and not threads


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_status_line_keeps_score_moves_and_time_under_any_message(size: tuple[int, int]) -> None:
    app = make_app("SH1-C4-AAAAAJ2", size=size)
    table = app.scenes.bottom
    status = table.layout.status
    app.render(force=True)
    figures = table.app.painter.text("Score 0    Moves 0    Time 0:00", max(11, round(status.h * 0.48)), (0, 0, 0))
    pad = table.layout.buttons["new"].x
    strip = pygame.Rect(status.x, status.y, pad + figures.get_width() + 2, status.h)  # the figures and their margin
    before = pygame.image.tobytes(app.screen.subsurface(strip), "RGB")
    table.say("The solver found no winning line in time: no demo from here. Undo some moves or start again, "
              "or ask for a hint, or look at the statistics, or open Help to read the rules once more.",
              warn=True, seconds=30)
    steps(app)
    app.render(force=True)
    assert pygame.image.tobytes(app.screen.subsurface(strip), "RGB") == before
    if size == (800, 600):
        # too long to go beside the code: in the line all the same (issue 25.6: never above
        # it, over the cards), beside the figures
        said = table.status_painter.said_box
        assert said is not None and pygame.Rect(status).contains(said) and not said.colliderect(strip)
