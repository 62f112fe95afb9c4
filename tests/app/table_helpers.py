"""Drive the real game loop headless: post real pygame events, step fixed frames, and
find where cards are from the same layout the table draws."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from seahaven.app.shell.hands import Hands
from seahaven.app.shell.launch import build, open_game
from seahaven.app.shell.loop import STEP, App
from seahaven.app.state.settings import Settings
from seahaven.engine import DECK, SUITS, Card, Game, Pile, Position


def make_app(code: str = "SH1-C4-AAAAAJ2", size: tuple[int, int] = (1280, 800), **settings: object) -> App:
    """The real window with the table dealing ``code`` (saving nothing: no player's files)."""
    pygame.display.init()
    pygame.event.clear()
    app, _session, _table = build(size=size, code=code, settings=Settings(**settings))
    settle(app)
    return app


def settle(app: App, frames: int = 3) -> None:
    """Step a few frames and let every animation end (input would do the same)."""
    for _ in range(frames):
        app.step(STEP)
    app.scenes.bottom.finish_animations()
    app.step(STEP)


def steps(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(STEP)


def card_point(app: App, pile: Pile, index: int | None = None) -> tuple[int, int]:
    """A point on the visible part of card ``index`` of ``pile`` (the top card by default),
    or on the empty pile."""
    table = app.scenes.bottom
    cards = table.position.cards(pile)
    layout = table.layout
    if not cards:
        box = layout.piles[pile]
        return box.x + box.w // 2, box.y + box.h // 2
    if index is None:
        index = len(cards) - 1
    box = layout.card_box(pile, index, len(cards))
    return box.x + box.w // 2, box.y + min(6, box.h // 8)


def find(app: App, text: str) -> tuple[Pile, int]:
    found = app.scenes.bottom.position.find(Card.parse(text))
    assert found is not None, text
    return found


def post(etype: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(etype, **attrs))


def click(app: App, pos: tuple[float, float], clicks: int = 1, frames: int = 1) -> None:
    Hands(app).click(pos, clicks, frames)


def drag(app: App, start: tuple[float, float], end: tuple[float, float], moves: int = 6, frames: int = 1,
         finger: bool = False) -> None:
    Hands(app).drag(start, end, moves, frames, finger)


def key(app: App, k: int, mod: int = 0, frames: int = 1) -> None:
    Hands(app).key(k, mod, frames=frames)


def position_with(
    columns: dict[int, str], cells: list[str | None] | None = None, found: dict[str, int] | None = None
) -> Position:
    """A position with the named columns as given (bottom card first), the given cells and
    foundation heights; every other card goes, in deck order, onto the other columns."""
    found = {suit: 0 for suit in SUITS} | (found or {})
    cells = cells if cells is not None else [None, None, None, None]
    used = {Card.parse(t) for text in columns.values() for t in text.split()}
    used |= {Card.parse(c) for c in cells if c}
    used |= {Card(rank, suit) for suit, height in found.items() for rank in range(1, height + 1)}
    rest = [card for card in DECK if card not in used]
    # spread the rest so that no two neighbours form a run or a legal move by accident
    rest.sort(key=lambda c: (c.rank % 3, c.suit, c.rank))
    free = [n for n in range(1, 11) if n not in columns]
    piles: dict[int, list[Card]] = {n: [Card.parse(t) for t in columns[n].split()] for n in columns}
    for n in free:
        piles[n] = []
    for i, card in enumerate(rest):
        piles[free[i % len(free)]].append(card)
    return Position(
        [Card.parse(c) if c else None for c in cells],
        [found[s] for s in SUITS],
        [piles[n] for n in range(1, 11)],
    )


def app_with(position: Position, size: tuple[int, int] = (1280, 800), **settings: object) -> App:
    pygame.display.init()
    pygame.event.clear()
    app, _session, _table = build(size=size, game=Game(position), settings=Settings(**settings))
    settle(app)
    return app


def check_invariants(app: App) -> None:
    """52 cards, each exactly once; the position is one the rules allow."""
    position = app.scenes.bottom.position
    seen: list[Card] = [c for col in position.columns for c in col]
    seen += [c for c in position.cells if c is not None]
    for s, height in enumerate(position.foundations):
        seen += [Card(rank, SUITS[s]) for rank in range(1, height + 1)]
    assert len(seen) == 52 and set(seen) == set(DECK)
    assert position.cell_count in (1, 2, 4)
    assert all(0 <= h <= 13 for h in position.foundations)
    position.validate()  # the engine's own check: every card once, heights in range


def wait_jobs(app: App, frames: int = 3000) -> None:
    """Step frames until the solver's jobs have all answered (their threads get a moment
    between frames)."""
    import time

    jobs = app.scenes.bottom.jobs
    for _ in range(frames):
        steps(app)
        if not jobs.running():
            steps(app)
            return
        time.sleep(0.002)
    raise AssertionError("the solver's jobs never answered")


def opened_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (1024, 768)) -> Iterator[App]:
    """The real app as the player opens it (``open_game``), windowed, with its files in
    ``tmp_path`` and animation off; closed after the test (for a fixture to yield from)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "seahaven-towers"
    folder.mkdir()
    (folder / "settings.json").write_text('{"version": 1, "animation": "off"}')
    application = open_game(size, True, "SH1-C4-AAAAAJ2").app
    application.step(0.0)
    yield application
    application.close()


LOST_CODE = "SH1-C4-J7QDQBV"
"""Issue 25's lost game: the 7 of clubs at the bottom of column 6, sent to a cell by a
double-click, leaves no winning line (undo 1 move gets one back)."""


def lose_the_game(app: App) -> None:
    """On :data:`LOST_CODE`: double-click the 7 of clubs at the bottom of column 6 (it goes
    to a cell), then wait for the quiet moment and the solver's verdict: lost, undo 1 move."""
    from seahaven.engine.cards import column

    table = app.scenes.bottom
    pile, index = find(app, "7C")
    assert pile == column(6) and index == len(table.position.cards(pile)) - 1  # at the bottom of column 6
    click(app, card_point(app, pile), clicks=1)
    click(app, card_point(app, pile), clicks=2)
    assert table.game.move_count == 1
    settle(app)
    steps(app, 40)  # the quiet moment before the solver is asked
    wait_jobs(app)
