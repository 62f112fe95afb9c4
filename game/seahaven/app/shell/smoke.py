"""``seahaven --smoke``: play a scripted game through the real loop, headless, and check
the engine after every step. It is how CI knows the built executable really works: a
bundle can miss a module or a sprite that a source checkout has.

The script: a deal from a code; moves by drags and a double-click; undo and redo by
keyboard; a window resize and a move at the new size; the New Game window refusing a bad
code and dealing a good one; a won game replayed move by move by drag along a line the
solver proves (nothing outside the package is read). One JSON line sums it up; the
exit status is 0 only if every check held.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

SMOKE_CODE = "SH1-C4-AAAAAJ2"
NEW_GAME_CODE = "SH1-C2-AAAAAAA"


class SmokeFailed(Exception):
    """A check did not hold; the message says which."""


def winning_record() -> tuple[str, dict[str, Any]]:
    """A winning line to replay, proved by the solver for the smoke deal: the game carries
    everything its smoke run needs, so the executable can check itself anywhere."""
    from seahaven.engine import GameCode
    from seahaven.engine.solver import solve

    start = GameCode.parse(SMOKE_CODE).position()
    result = solve(start, max_seconds=20)
    if not result.line:
        raise SmokeFailed(f"the solver found no winning line for the smoke deal {SMOKE_CODE}")
    return "solver", {"position": start.to_json(), "moves": [m.to_json() for m in result.line]}


class Smoke:
    """Drives an App with posted pygame events and checks the engine state."""

    def __init__(self, size: tuple[int, int], code: str) -> None:
        import pygame

        from seahaven.app.kit.scenes import STEP
        from seahaven.app.shell.hands import Hands
        from seahaven.app.shell.launch import build

        self.pygame = pygame
        self.step_dt = STEP
        self.app, self.session, self.table = build(size=size, code=code)
        self.hands = Hands(self)
        """A player's hands on the game (the events a real mouse and keyboard make)."""
        self.checks = 0
        self.moves = 0

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def step(self, dt: float | None = None) -> None:
        """One frame of the game, which must not quit by itself."""
        self.app.step(self.step_dt if dt is None else dt)
        if not self.app.running:
            raise SmokeFailed("the game quit by itself")

    def check(self, condition: bool, what: str) -> None:
        if not condition:
            raise SmokeFailed(what)
        self.checks += 1

    def frames(self, n: int) -> None:
        self.hands.frames(n)

    def key(self, key: int, mod: int = 0, text: str | None = None) -> None:
        self.hands.key(key, mod, text or "", frames=3)

    def type_text(self, text: str) -> None:
        self.hands.type(text)

    def _head_point(self, pile: Any, index: int, length: int) -> tuple[int, int]:
        box = self.table.layout.card_box(pile, index, length)
        return box.x + box.w // 2, box.y + min(10, box.h // 4)

    def drag(self, move: Any) -> None:
        """Drag the moving cards from their head card onto the destination pile, as a
        player does, and check the engine made exactly that move."""
        game = self.table.game
        cards = game.position.cards(move.source)
        start = self._head_point(move.source, len(cards) - move.size, len(cards))
        landing = len(game.position.cards(move.dest)) if move.dest.is_column else 0
        end = self._head_point(move.dest, landing, landing + 1)
        before = game.move_count
        self.hands.drag(start, end, moves=5, frames=2)
        game = self.table.game
        self.check(game.move_count == before + 1 and game.moves[-1] == move, f"the drag of {move} did not play it")
        self.moves += 1

    def double_click(self, pile: Any) -> Any:
        """Double-click the top card of ``pile``; returns the move the engine says it means."""
        from seahaven.engine.gestures import double_tap

        position = self.table.game.position
        cards = position.cards(pile)
        meant = double_tap(position, pile, len(cards) - 1, self.table.rules)
        point = self._head_point(pile, len(cards) - 1, len(cards))
        before = self.table.game.move_count
        self.hands.double_click(point, frames=2)
        game = self.table.game
        if meant is not None:
            self.check(game.moves[-1] == meant, f"a double-click on {pile} did not make {meant}")
            self.moves += 1
        else:
            self.check(game.move_count == before, f"a double-click on {pile} moved a card that had nowhere to go")
        return meant

    def double_click_any(self) -> None:
        """Double-click a top card that has somewhere to go (a column or home first)."""
        from seahaven.engine import CELLS, COLUMNS
        from seahaven.engine.gestures import double_tap

        position = self.table.game.position
        candidates = []
        for pile in COLUMNS + CELLS[: position.cell_count]:
            cards = position.cards(pile)
            if cards:
                meant = double_tap(position, pile, len(cards) - 1, self.table.rules)
                if meant is not None:
                    candidates.append((meant.dest.is_cell, pile))
        if not candidates:  # nothing can go anywhere: a double-click must then move nothing
            candidates = [(True, pile) for pile in COLUMNS if position.cards(pile)]
        self.double_click(min(candidates)[1])
        self.settle()

    def settle(self) -> None:
        """Let animations finish and close any window over the table (as a player would)."""
        self.frames(40)
        for _ in range(3):
            if self.app.scenes.top is self.table:
                return
            self.key(self.pygame.K_ESCAPE)
        self.check(self.app.scenes.top is self.table, "a window over the table would not close")

    def useful_move(self) -> Any:
        useful = self.table.game.useful_moves()
        if not useful:
            return None
        return min(useful, key=lambda m: (not m.dest.is_foundation, not m.dest.is_column, -m.size, str(m)))

    # -- the script ------------------------------------------------------------------------

    def deal_from_code(self, code: str) -> None:
        from seahaven.engine import GameCode

        self.frames(90)  # the deal animation
        game = self.table.game
        self.check(str(game.code) == code, "the table did not deal the code it was given")
        self.check(game.position == GameCode.parse(code).position(), "the deal differs from its code")

    def play_some_moves(self, count: int) -> None:
        for _ in range(count):
            move = self.useful_move()
            if move is None:
                return
            self.drag(move)
            self.settle()

    def undo_and_redo(self) -> None:
        pygame = self.pygame
        game = self.table.game
        self.check(game.move_count >= 2, "too few moves were made to undo")
        position, score, moves = game.position, game.score, game.move_count
        self.key(pygame.K_z, pygame.KMOD_CTRL)
        self.key(pygame.K_z, pygame.KMOD_CTRL)
        self.check(self.table.game.move_count == moves - 2, "Ctrl+Z did not undo")
        self.key(pygame.K_y, pygame.KMOD_CTRL)
        self.key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        game = self.table.game
        self.check(game.move_count == moves and game.position == position and game.score == score,
                   "Ctrl+Y and Ctrl+Shift+Z did not redo exactly")
        self.settle()

    def resize(self, size: tuple[int, int]) -> None:
        self.pygame.event.post(self.pygame.event.Event(self.pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        self.frames(5)
        self.check(self.app.size == size, f"the window did not become {size[0]}x{size[1]}")
        self.check(tuple(self.table.layout.size) == size, "the table was not laid out again after a resize")
        self.play_some_moves(1)

    def new_game_window(self, code: str) -> None:
        from seahaven.app.screens.new_game import NewGame
        from seahaven.engine import GameCode
        from seahaven.i18n import _

        pygame = self.pygame
        self.key(pygame.K_n, text="n")
        self.check(isinstance(self.app.scenes.top, NewGame), "N did not open the New Game window")
        self.type_text("SH1-C3-AAAAAAA")
        self.key(pygame.K_RETURN)
        window = self.app.scenes.top
        # the reason names the wrong part and the right ones, in any language
        self.check(isinstance(window, NewGame) and "C3" in window.error and "C4" in window.error,
                   "the New Game window did not refuse a bad code with its reason")
        for _letter in range(len("SH1-C3-AAAAAAA")):
            self.key(pygame.K_BACKSPACE)
        self.type_text(code.lower())
        self.key(pygame.K_RETURN)
        # With winnable deals only, Enter deals once the solver (a thread) has answered about the
        # typed deal; if it proves the deal lost first, the window says so and waits on "Deal
        # anyway", which Enter then presses. How far the solver gets meanwhile depends on the
        # machine (a faster Python proves this deal lost in time), so the script waits as a
        # player would and takes either path.
        waited = time.monotonic() + 30
        while (isinstance(window, NewGame) and self.app.scenes.top is window and window.deal_when_checked
               and time.monotonic() < waited):
            self.frames(1)
            time.sleep(0.01)
        if isinstance(window, NewGame) and self.app.scenes.top is window and window.code_verdict() == "lost":
            self.check(window.deal_label() == _("Deal anyway"), "a lost deal's button does not say Deal anyway")
            self.key(pygame.K_RETURN)
        self.check(self.app.scenes.top is self.table, "Enter did not deal from the New Game window")
        self.check(str(self.table.game.code) == code and self.table.game.move_count == 0,
                   "the New Game window did not deal the code typed in it")
        self.check(self.table.game.position == GameCode.parse(code).position(), "the new deal differs from its code")
        self.settle()

    def media(self) -> None:
        """Every sound loads through the opened mixer (the game's code says nothing when one does
        not, so a bundle without a working SDL_mixer would play the smoke game silently), and the
        PNG icons load: the executable's stand-ins for the codecs it leaves out (build.spec) must
        not take WAV or PNG with them. The SVG cards are drawn by every frame already."""
        import pygame.mixer

        from seahaven.resources import open_data, resource_names, resource_path

        if not pygame.mixer.get_init():
            pygame.mixer.init()
        names = [name.removesuffix(".wav") for name in resource_names("sounds") if name.endswith(".wav")]
        self.check(bool(names), "the sounds folder is empty")
        for name in names:
            self.check(self.app.assets.sound(name) is not None, f"the sound {name}.wav did not load")
        icons = [name for name in resource_names("icons") if name.startswith("seahaven-") and name.endswith(".png")]
        self.check(bool(icons), "the icons folder is empty")
        for name in icons:
            loaded = self.pygame.image.load(open_data(resource_path("icons", name)), name)
            self.check(loaded.get_width() > 0, f"the icon {name} did not load")

    def won_game(self) -> str:
        from seahaven.engine import Game, Move, Position

        source, record = winning_record()
        start = Position.from_json(record["position"])
        self.session.current.new_game(Game(start, self.table.rules))
        self.frames(90)
        for raw in record["moves"]:
            move = self.table.game.position.resolve(Move.from_json(raw))
            self.drag(move)
            self.frames(2)
        game = self.table.game
        self.check(game.is_won, "the replayed winning line did not win")
        for _ in range(60):  # the cascade celebrates for several seconds, then the message
            if self.app.scenes.top is not self.table:
                break
            self.frames(20)
        self.check(self.app.scenes.top is not self.table, "a won game showed no message")
        return source


def run(size: tuple[int, int], code: str | None) -> int:
    """Play the script; print one JSON line; 0 only if every check held."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    began = time.perf_counter()
    smoke: Smoke | None = None
    summary: dict[str, Any] = {"ok": False}
    try:
        code = code or SMOKE_CODE
        smoke = Smoke(size, code)
        smoke.deal_from_code(code)
        smoke.play_some_moves(6)
        smoke.undo_and_redo()
        smoke.double_click_any()
        smoke.resize((size[0] * 3 // 4, size[1] * 3 // 4))
        smoke.new_game_window(NEW_GAME_CODE)
        smoke.media()
        source = smoke.won_game()
        summary = {"ok": True, "won_from": source}
    except SmokeFailed as failure:
        summary = {"ok": False, "error": str(failure)}
    except Exception as error:  # anything else is a failure too, said in one line
        summary = {"ok": False, "error": f"{type(error).__name__}: {error}"}
    if smoke is not None:
        summary.update(checks=smoke.checks, moves=smoke.moves, frames=smoke.app.frames)
        smoke.app.close()
    summary["seconds"] = round(time.perf_counter() - began, 2)
    print(json.dumps(summary))
    return 0 if summary["ok"] else 1
