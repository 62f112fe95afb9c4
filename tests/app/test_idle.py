"""A still table costs nothing: the loop waits in SDL's own wait, and the audio device
is open only while sounds play (issue 20, item 7). The CPU itself is measured by
``peer_metrics.sh`` beside Aisleriot and KPat, not here."""

from __future__ import annotations

import time

import pygame

from seahaven.app.platform.audio import LINGER_S, Audio
from seahaven.app.platform.waiting import sdl_waiter
from tests.app.table_helpers import make_app


def test_sdl_wait_is_pygames_own_sdl_and_wakes_for_an_event() -> None:
    pygame.display.init()
    pygame.display.set_mode((320, 240))
    try:
        wait = sdl_waiter()
        assert wait is not None  # found, and it is the copy pygame initialised
        pygame.event.get()
        assert wait(20) is False  # nothing came
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, what="wake"))
        assert wait(5000) is True  # at once, not after five seconds
        assert [e.what for e in pygame.event.get() if e.type == pygame.USEREVENT] == ["wake"]
    finally:
        pygame.display.quit()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_audio_device_opens_for_a_sound_and_closes_after_silence() -> None:
    pygame.mixer.quit()
    clock, loaded, forgotten = Clock(), [], []

    def load(name: str) -> pygame.mixer.Sound:
        loaded.append(name)
        return pygame.mixer.Sound(buffer=b"\0\0" * 441)  # 5 ms of silence

    audio = Audio(load, lambda: forgotten.append(True), clock)
    audio.play("place", 1.0)
    assert not audio.open and loaded == []  # not before the first frame
    audio.allowed = True
    audio.play("place", 0.5)
    assert audio.open and loaded == ["place"]
    assert 0 < audio.wake_in() <= LINGER_S + 1  # the loop wakes to close it
    clock.now += LINGER_S / 2
    audio.update()
    assert audio.open
    clock.now += LINGER_S
    deadline = time.monotonic() + 5
    while pygame.mixer.get_busy() and time.monotonic() < deadline:  # the 5 ms sound plays out
        time.sleep(0.01)
    audio.update()
    assert not audio.open and forgotten == [True] and audio.wake_in() is None
    audio.play("undo", 0.5)  # and it opens again for the next sound
    assert audio.open and loaded == ["place", "undo"]
    audio.close()
    assert not audio.open


def test_a_game_holds_no_audio_device_until_it_makes_a_sound() -> None:
    pygame.mixer.quit()
    app = make_app(size=(800, 600))
    try:
        app.audio.allowed = True  # as after the first frame of run()
        app.step(1 / 60)
        assert not pygame.mixer.get_init()
        app.settings.set("sound", True)
        app.play_sound("place")
        assert pygame.mixer.get_init()
        assert app.assets.sound("place") is not None
    finally:
        app.close()
    assert not pygame.mixer.get_init()
