"""The sound device, held only while the game makes sounds.

An open audio device costs CPU even in silence: SDL's audio thread wakes for every
buffer (43 times a second at 1,024 samples) to mix nothing, which was most of what a
still table cost. So the device opens when a sound is to be played and closes again
``LINGER_S`` seconds after the last one ended; a still table then costs nothing. Opening
takes a few milliseconds, once per burst of play.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

BUFFER = 1024
"""Samples per buffer: short enough for a click to sound at once (23 ms at 44.1 kHz),
long enough that mixing does not wake the CPU 86 times a second."""
LINGER_S = 10.0
"""How long the device stays open after the last sound: a game in play keeps it open."""


class Audio:
    """Plays the game's sounds by name; ``load(name)`` gives a ``pygame.mixer.Sound`` (or
    None) for the device as it is now, ``forget()`` drops what ``load`` kept when the
    device closes."""

    def __init__(self, load: Callable[[str], pygame.mixer.Sound | None], forget: Callable[[], None],
                 clock: Callable[[], float]) -> None:
        self._load = load
        self._forget = forget
        self._clock = clock
        self.allowed = False
        """False until the first frame is shown: sound must not delay it."""
        self.failed = False
        """The device could not be opened: the game is silent from then on."""
        self._close_at: float | None = None

    @property
    def open(self) -> bool:
        return bool(pygame.mixer.get_init())

    def play(self, name: str, volume: float) -> None:
        if not self.allowed or self.failed:
            return
        if not self.open:
            try:
                pygame.mixer.pre_init(buffer=BUFFER)
                pygame.mixer.init()
            except pygame.error:
                self.failed = True
                return
        try:
            sound = self._load(name)
        except Exception:  # a missing or broken file is not worth a crash: play nothing
            sound = None
        if sound is None:
            return
        sound.set_volume(max(0.0, min(1.0, volume)))
        sound.play()
        self._close_at = self._clock() + sound.get_length() + LINGER_S

    def wake_in(self) -> float | None:
        """Seconds until the device should close (the loop wakes then), or None."""
        if self._close_at is None or not self.open:
            return None
        return max(0.0, self._close_at - self._clock())

    def update(self) -> None:
        """Close the device once it has been silent for ``LINGER_S`` seconds."""
        if self._close_at is None or self._clock() < self._close_at:
            return
        if self.open and pygame.mixer.get_busy():
            self._close_at = self._clock() + 1.0
            return
        self.close()

    def close(self) -> None:
        self._close_at = None
        if self.open:
            self._forget()  # the sounds were made for this device
            pygame.mixer.quit()
