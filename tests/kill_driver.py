"""The kill test's driver, kept with the tests (it is no part of the game):
``python -m tests.kill_driver [seahaven options]`` runs the real game's command line; with
``SEAHAVEN_SCRIPT`` set (to a number of actions, or "forever"), the game then plays itself
by posting real mouse and key events into its loop (the game's own driver hook,
``launch.play(driver=...)``), and prints one JSON line after each finished (so saved)
action. The kill test SIGKILLs it at random moments and checks that every restart resumes
where the last line said."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout, where the JSON lines go

import pygame

from seahaven.app.kit.scenes import STEP
from seahaven.app.saving.files import SaveError
from seahaven.app.saving.persistence import Persistence
from seahaven.app.screens.table.scene import TableScene
from seahaven.app.shell.hands import Hands
from seahaven.app.shell.loop import App
from seahaven.engine import Game

SCRIPT_ENV = "SEAHAVEN_SCRIPT"
"""A number of actions, "forever", or "hint" (show a hint, then wait to be killed); or
"N,hold": N actions, each printed the moment it is on the table (without waiting for the
disk), then wait to be killed or signalled (the journal's kill test and the signal tests)."""


def driver_for(actions: str) -> Callable[[App, TableScene], int]:
    """The driver that plays ``actions`` (see :data:`SCRIPT_ENV`)."""
    return lambda app, table: scripted(app, table, actions)


def main(argv: list[str]) -> int:
    """The game's command line, driven by the script of ``SEAHAVEN_SCRIPT`` if it is set."""
    from seahaven.__main__ import main as seahaven_main

    actions = os.environ.get(SCRIPT_ENV)
    return seahaven_main(argv, driver=driver_for(actions) if actions else None)


def scripted(app: App, table: TableScene, actions: str) -> int:
    """Play by posting real mouse and key events into the loop: mostly moves (drags, as a
    player makes them), some undos (Ctrl+Z) and redos (Ctrl+Y). After each action is
    finished (so saved), print its state as one JSON line; stop after ``actions`` actions
    ("forever": until killed)."""
    if actions == "hint":
        return _hint_then_wait(app, table)
    if actions.startswith("bookmark,"):
        return _bookmark_then_wait(app, table, int(actions.split(",")[1]))
    hold = actions.endswith(",hold")
    actions = actions.removesuffix(",hold")
    rng = random.Random(int.from_bytes(os.urandom(8), "big"))
    limit = None if actions == "forever" else max(0, int(actions))

    def state(kind: str) -> None:
        if not hold:
            _saved(table)  # "finished" means on disk: the kill test relies on it
        game = table.game
        line = [str(m) for m in game.line]
        print(json.dumps({"event": kind, "line": line, "undone": game.undone, "score": game.score,
                          "bookmarks": list(game.bookmarks),
                          "elapsed_s": table.current.elapsed(), "not_saving": table.session.not_saving}),
              flush=True)

    def settle(frames: int = 2) -> None:
        for _ in range(frames):
            app.step(STEP)
        table.finish_animations()

    def _close_windows(table: TableScene) -> None:
        for _ in range(5):  # a window over the table (lost, stuck, won): close it, as a player would
            if app.scenes.top is table:
                break
            _post_key(pygame, pygame.K_ESCAPE, 0)
            settle(1)

    settle(3)
    state("start")
    done = 0
    while app.running and (limit is None or done < limit):
        _close_windows(table)
        game = table.game
        roll = rng.random()
        if game.started and roll > 0.97 and not hold:
            # now and then a restart: a game ends, its history line is written (not when
            # holding: the signal tests need the clock running at the end, and a restart as
            # the last action stops it at 0)
            _restart(app, table)
            settle()
            state("restart")
            done += 1
            continue
        moves = _useful(game)
        if hold:
            # holding: the signal tests need the clock running at the end, and a stuck game's
            # panel over the table stops it (as it should), so the game never goes into a
            # dead end (an undo or a redo only goes back to a position it was in)
            moves = [move for move in moves if not _stuck_after(game, move)]
        if game.can_redo and roll < 0.15:
            _post_key(pygame, pygame.K_y)
        elif game.can_undo and (roll < 0.35 or not moves):
            _post_key(pygame, pygame.K_z)
        else:
            if not moves:
                break
            post_drag(app, table, rng.choice(moves))
        settle()
        state("action")
        done += 1
    if hold:
        state("held")
        while app.running:  # until a signal closes the game (or kill -9 ends it)
            app.step(STEP)
            time.sleep(0.01)
    for hook in list(app.on_quit):
        hook()
    sys.stdout.flush()
    return 0


def _restart(app: App, table: TableScene) -> None:
    """Press R and click the question's Restart button, as a player would."""
    _post_key(pygame, pygame.K_r, 0)
    for _ in range(2):
        app.step(STEP)
    window = app.scenes.top
    yes = [w for w in getattr(window, "widgets", []) if getattr(w, "name", None) == "yes"]
    if window is table or not yes:
        return
    spot = yes[0].box.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1, clicks=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1, touch=False))
    for _ in range(2):
        app.step(STEP)


def _hint_then_wait(app: App, table: TableScene) -> int:
    """Press H, print one line once the hint is on the table, then idle until killed (the
    kill test then checks the hint reached the disk the moment it was shown)."""
    for _ in range(3):
        app.step(STEP)
    table.finish_animations()
    _post_key(pygame, pygame.K_h, 0)
    deadline = time.monotonic() + 30
    while table.hint is None and time.monotonic() < deadline:
        app.step(STEP)
        time.sleep(0.002)
    _saved(table)
    print(json.dumps({"event": "hint", "shown": table.hint is not None, "hints": table.current.hints}), flush=True)
    while app.running:
        app.step(STEP)
        time.sleep(0.01)
    return 0


def _bookmark_then_wait(app: App, table: TableScene, moves: int) -> int:
    """Make ``moves`` moves (drags), press M (a bookmark), then make one more and print one
    line once that is saved; then idle until killed (the bookmark must survive the kill)."""
    def settle() -> None:
        for _ in range(2):
            app.step(STEP)
        table.finish_animations()

    settle()
    for step in range(moves + 1):
        if step == moves:
            _post_key(pygame, pygame.K_m, 0)
            settle()
        useful = _useful(table.game)
        if not useful:
            break
        post_drag(app, table, useful[0])
        settle()
    _saved(table)
    game = table.game
    print(json.dumps({"event": "bookmarked", "bookmarks": list(game.bookmarks), "moves": game.move_count}),
          flush=True)
    while app.running:
        app.step(STEP)
        time.sleep(0.01)
    return 0


def _saved(table: TableScene) -> None:
    """Wait for the background writer: what was saved is on disk."""
    keeper = table.session.keeper
    if isinstance(keeper, Persistence):
        with contextlib.suppress(SaveError):
            keeper.storage.flush()


def _useful(game: Game) -> list[Any]:
    return [m for m in game.useful_moves() if not (m.source.is_cell and m.dest.is_cell)]


def _stuck_after(game: Game, move: Any) -> bool:
    """Whether ``move`` leaves no useful move (the stuck panel would cover the table). Played
    on a copy of the whole game: what is useful depends on the positions its line has seen."""
    trial = copy.deepcopy(game)
    trial.play(move)
    return trial.is_stuck


def _post_key(pygame: Any, key: int, mod: int | None = None) -> None:
    """Press and release ``key`` (with Ctrl unless ``mod`` says otherwise)."""
    mod = pygame.KMOD_LCTRL if mod is None else mod
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def post_drag(app: Any, table: Any, move: Any) -> None:
    """Drag ``move``'s cards from their pile onto the destination, as a mouse would."""
    layout = table.layout
    position = table.game.position
    cards = position.cards(move.source)
    src = layout.card_box(move.source, len(cards) - move.size, len(cards))
    dest_cards = position.cards(move.dest)
    dst = layout.card_box(move.dest, max(0, len(dest_cards) - 1), max(1, len(dest_cards)))
    start = (src.x + src.w // 2, src.y + min(10, src.h // 4))
    fan = layout.fan if dest_cards and move.dest.is_column else 0
    end = (dst.x + dst.w // 2, dst.y + min(10, dst.h // 4) + fan)
    Hands(app).drag(start, end, moves=3, frames=0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
