"""Tweens: cards gliding from where they were to where the engine put them.

Animation is display only: the engine's position is already final when a tween starts.
The registry holds at most one tween per card (a new one replaces the old, starting from
where the card is drawn now), and everything can jump to its end at once. Time is the
loop's simulation time, so tests step it deterministically.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

Point = tuple[float, float]
K = TypeVar("K", bound=Hashable)

GLIDE_S = 0.22
"""A normal move's glide, in seconds, before the Settings speed factor."""
DEAL_STEP_S = 0.018
"""Delay between two cards of the deal."""


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return 1 - (1 - t) ** 3


def glide_time(distance: float, card_h: float, factor: float) -> float:
    """How long a glide over ``distance`` pixels lasts: a little longer for far moves."""
    if factor <= 0:
        return 0.0
    span = distance / max(1.0, card_h)
    root: float = min(span, 4.0) ** 0.5  # typed: float ** float is Any to a type checker
    return factor * GLIDE_S * (0.75 + 0.25 * root)


@dataclass
class Tween:
    start: Point
    end: Point
    begin: float
    duration: float
    on_finished: Callable[[], None] | None = None
    """Runs once the card is at its end (reached, or jumped to by :meth:`Tweens.finish`)."""
    lifted: bool = True
    """Drawn lifted (with a shadow, above the cards at rest): a card changing pile. A card
    that only slides with its pile, because the table was laid out again, is not."""
    dealt: bool = False
    """A card of the deal: until its glide begins it waits face down in the deck (any other
    card waits face up where it lies)."""

    def at(self, now: float) -> Point:
        if self.duration <= 0 or now >= self.begin + self.duration:
            return self.end
        k = ease_out((now - self.begin) / self.duration)
        return (self.start[0] + (self.end[0] - self.start[0]) * k, self.start[1] + (self.end[1] - self.start[1]) * k)

    def done(self, now: float) -> bool:
        return now >= self.begin + self.duration


@dataclass
class Shake:
    begin: float
    duration: float = 0.32
    amplitude: float = 8.0
    on_finished: Callable[[], None] | None = None

    def offset(self, now: float) -> float:
        t = (now - self.begin) / self.duration
        if t <= 0 or t >= 1:
            return 0.0
        return self.amplitude * math.sin(t * math.pi * 6) * (1 - t)


class Tweens(Generic[K]):
    """The registry: one tween per key (a card), one shake per key."""

    def __init__(self) -> None:
        self.now = 0.0
        self._tweens: dict[K, Tween] = {}
        self._shakes: dict[K, Shake] = {}
        self._waits: list[tuple[float, Callable[[], None]]] = []

    def advance(self, dt: float) -> None:
        """Move time on by ``dt`` seconds, forget finished tweens and run their
        ``on_finished`` (after all of them are forgotten, so a callback sees the rest)."""
        self.now += dt
        now = self.now
        done: list[Tween | Shake] = []
        for key in [k for k, t in self._tweens.items() if t.done(now)]:
            done.append(self._tweens.pop(key))
        for key in [k for k, s in self._shakes.items() if now >= s.begin + s.duration]:
            done.append(self._shakes.pop(key))
        due = [call for at, call in self._waits if now >= at]
        self._waits = [(at, call) for at, call in self._waits if now < at]
        self._finished(done)
        for call in due:
            call()

    def wait(self, seconds: float, on_finished: Callable[[], None]) -> None:
        """Run ``on_finished`` after ``seconds`` of the registry's time (0: at the next
        advance), or at :meth:`finish`: a pause in an animation, with nothing drawn."""
        self._waits.append((self.now + seconds, on_finished))

    @staticmethod
    def _finished(done: list[Tween | Shake]) -> None:
        for item in done:
            if item.on_finished is not None:
                item.on_finished()

    def glide(
        self, key: K, start: Point, end: Point, duration: float, delay: float = 0.0,
        on_finished: Callable[[], None] | None = None, lifted: bool = True, dealt: bool = False,
    ) -> bool:
        """Glide ``key`` from ``start`` to ``end``; an ongoing tween of it is replaced
        (its ``on_finished`` does not run), starting from where it is drawn now. A duration
        of 0 is a glide like any other: the card is at its end at once and the tween ends
        at the next :meth:`advance` (or :meth:`finish`), running its ``on_finished``, so that
        motion off takes the very path motion on does. False when the card is already there
        (``on_finished`` is not kept then)."""
        current = self._tweens.get(key)
        if current is not None and current.begin <= self.now:
            start = current.at(self.now)
        if start == end:
            self._tweens.pop(key, None)
            return False
        duration = max(0.0, duration)
        self._tweens[key] = Tween(start, end, self.now + delay, duration, on_finished, lifted, dealt)
        return True

    def shake(self, key: K, amplitude: float, on_finished: Callable[[], None] | None = None) -> None:
        self._shakes[key] = Shake(self.now, amplitude=amplitude, on_finished=on_finished)

    def where(self, key: K, now: float | None = None) -> Point | None:
        """Where ``key`` is drawn at ``now`` (the registry's time by default), or None if
        it is not moving."""
        tween = self._tweens.get(key)
        if tween is None:
            return None
        return tween.at(self.now if now is None else now)

    def tween(self, key: K) -> Tween | None:
        """The glide of ``key``, if it has one."""
        return self._tweens.get(key)

    def shake_offset(self, key: K, now: float | None = None) -> float:
        shake = self._shakes.get(key)
        return 0.0 if shake is None else shake.offset(self.now if now is None else now)

    def is_moving(self, key: K) -> bool:
        return key in self._tweens or key in self._shakes

    @property
    def active(self) -> bool:
        return bool(self._tweens or self._shakes or self._waits)

    def finish(self) -> None:
        """Jump every animation to its end (their ``on_finished`` run)."""
        done: list[Tween | Shake] = [*self._tweens.values(), *self._shakes.values()]
        waits, self._waits = self._waits, []
        self._tweens.clear()
        self._shakes.clear()
        self._finished(done)
        for _at, call in waits:
            call()


@dataclass
class Bouncer:
    """One card of the win cascade: falls, bounces off the floor, leaves at a side."""

    key: object
    x: float
    y: float
    vx: float
    vy: float
    begin: float
    leaves: float = 0.0
    """When it has left the table at a side (its speed across is steady: bounces change
    only its fall)."""


CASCADE_S = 4.0
"""The longest a win cascade lasts, at every animation speed (issue 25.8)."""


class Cascade:
    """The win celebration: cards leave the foundations one by one and bounce across the
    table, leaving trails (drawn by the renderer onto a persistent surface). It is planned
    to last ``duration`` seconds (at most :data:`CASCADE_S`): the first half sets the cards
    off one after the other, each crosses to its side within the second half."""

    GRAVITY = 2600.0
    BOUNCE = 0.72

    def __init__(self, starts: list[tuple[object, Point]], size: tuple[int, int], card_size: tuple[int, int],
                 seed: int = 0, duration: float = 3.5) -> None:
        self.size = size
        self.card_size = card_size
        rng = random.Random(seed)
        scale = size[1] / 1000
        duration = min(CASCADE_S, max(0.2, duration))
        flight = duration / 2
        interval = (duration - flight) / max(1, len(starts) - 1)
        self.bouncers: list[Bouncer] = []
        for i, (key, (x, y)) in enumerate(starts):
            left = rng.random() < 0.5
            distance = x + card_size[0] if left else size[0] - x
            speed = rng.uniform(380, 820) * scale  # the natural pace; faster when it would take too long
            crossing = min(max(1.0, distance) / speed, flight * rng.uniform(0.6, 1.0))
            vx = max(1.0, distance) / crossing * (-1 if left else 1)
            vy = -rng.uniform(0, 700) * scale
            begin = i * interval
            self.bouncers.append(Bouncer(key, x, y, vx, vy, begin, begin + crossing))
        self.now = 0.0
        self.scale = scale
        self.planned_s = max((b.leaves for b in self.bouncers), default=0.0)
        """How long the whole cascade lasts, as planned (at most :data:`CASCADE_S`)."""

    def advance(self, dt: float) -> None:
        self.now += dt
        floor = self.size[1] - self.card_size[1]
        for b in self.bouncers:
            if self.now < b.begin or self.gone(b):
                continue
            b.vy += self.GRAVITY * self.scale * dt
            b.x += b.vx * dt
            b.y += b.vy * dt
            if b.y > floor:
                b.y = floor
                b.vy = -b.vy * self.BOUNCE

    def gone(self, b: Bouncer) -> bool:
        return b.x + self.card_size[0] <= 0 or b.x >= self.size[0] or self.now >= b.leaves

    def flying(self) -> list[Bouncer]:
        return [b for b in self.bouncers if self.now >= b.begin and not self.gone(b)]

    @property
    def done(self) -> bool:
        return self.now >= self.planned_s or all(self.gone(b) for b in self.bouncers)
