"""20,000 random mouse, touch, key, text and resize events through the real loop, with the
solver's worker threads really running (hints, lost-game checks, winnable deals); after
each event the engine's invariants hold, nothing raised, and when the window closes no
worker thread is left running."""

from __future__ import annotations

import random
import threading
import time

import pygame
import pytest

from seahaven.app.shell.loop import STEP
from tests.app.table_helpers import check_invariants, make_app

EVENTS = 20_000
KEYS = [
    pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
    pygame.K_9, pygame.K_a, pygame.K_b, pygame.K_c, pygame.K_d, pygame.K_f, pygame.K_h, pygame.K_n, pygame.K_r,
    pygame.K_u, pygame.K_z, pygame.K_y, pygame.K_v, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
    pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_F1,
    pygame.K_F11,
]


@pytest.mark.slow  # about 10 s: .ci/run runs it, the everyday run skips it
def test_monkey() -> None:
    rng = random.Random(20_260_401)
    app = make_app("SH1-C4-AAAAAJ2", size=(800, 600))
    changes: list[int] = []
    app.scenes.bottom.current.subscribe(lambda event: changes.append(event.kind))
    started = time.perf_counter()
    pressed = False
    finger_down = False
    counts: dict[str, int] = {}
    for n in range(EVENTS):
        w, h = app.size
        roll = rng.random()
        if roll < 0.38:
            kind = "mouse"
            pos = (rng.randrange(w), rng.randrange(h))
            touch = rng.random() < 0.1
            if pressed and rng.random() < 0.6:
                etype = rng.choice([pygame.MOUSEMOTION, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP])
            else:
                etype = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION])
            if etype == pygame.MOUSEMOTION:
                event = pygame.event.Event(etype, pos=pos, rel=(1, 1), buttons=(int(pressed), 0, 0), touch=touch)
            else:
                button = rng.choice([1, 1, 1, 1, 3])
                event = pygame.event.Event(etype, pos=pos, button=button, clicks=rng.choice([1, 1, 2]), touch=touch)
                if not touch and button == 1:
                    pressed = etype == pygame.MOUSEBUTTONDOWN
        elif roll < 0.58:
            kind = "touch"
            etype = pygame.FINGERMOTION if finger_down and rng.random() < 0.6 else rng.choice(
                [pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION])
            finger_down = etype != pygame.FINGERUP if etype != pygame.FINGERMOTION else finger_down
            event = pygame.event.Event(etype, x=rng.random(), y=rng.random(), dx=0.0, dy=0.0,
                                       finger_id=rng.choice([0, 0, 0, 1]), touch_id=1)
        elif roll < 0.92:
            kind = "key"
            mod = rng.choice([0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT])
            pressed_key = rng.choice(KEYS)
            event = pygame.event.Event(pygame.KEYDOWN, key=pressed_key, mod=mod, unicode="", scancode=0)
            if rng.random() < 0.9:  # released at once (else held across frames: a held arrow repeats)
                pygame.event.post(event)
                event = pygame.event.Event(pygame.KEYUP, key=pressed_key, mod=mod, unicode="", scancode=0)
        elif roll < 0.97:
            kind = "text"
            event = pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("SH1-C4ABJ27 x"))
        else:
            kind = "resize"
            size = (rng.randrange(640, 1400), rng.randrange(480, 1000))
            event = pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        counts[kind] = counts.get(kind, 0) + 1
        pygame.event.post(event)
        app.step(STEP * rng.choice([0.5, 1, 1, 2, 4]))
        app.running = True  # "Quit" from the menu or Ctrl+Q: play on
        check_invariants(app)
        assert app.scenes.bottom.layout.size == app.size
        if n % 1000 == 999:
            assert time.perf_counter() - started < 240, f"too slow: {n} events"
    assert sum(counts.values()) == EVENTS
    assert len(changes) > 200  # the monkey really played: moves, undos, new deals
    app.close()
    left = [t.name for t in threading.enumerate() if t.name.startswith("solver-") and t.is_alive()]
    assert not left, f"worker threads still running after the window closed: {left}"
