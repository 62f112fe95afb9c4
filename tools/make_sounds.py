"""Synthesize the game's sound effects into ``sounds/*.wav`` with the standard library only.

Card sounds are bursts of filtered noise (a slide is a soft, band-passed hiss, a tap a
short, darker click with a little body); the foundation and win sounds are bell-like
chimes of a few decaying partials; an invalid move is a soft low blip. Every sound is
short, peak-normalized and faded in and out so it starts and ends on silence (no click).

Output is deterministic (fixed random seeds, no timestamps in WAV files), and a test
checks that running this script reproduces the committed files byte for byte.

Usage: ``python tools/make_sounds.py [--out DIR]`` (default: ``sounds/`` in the repo).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATE = 44100
"""Samples per second; pygame's mixer runs at 44.1 kHz by default, so nothing is resampled."""

Samples = list[float]


def silence(seconds: float) -> Samples:
    """A buffer of silence ``seconds`` long."""
    return [0.0] * round(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> Samples:
    """White noise in -1..1."""
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def band_pass(samples: Samples, centre: float | Callable[[float], float], q: float) -> Samples:
    """Biquad band-pass (constant peak gain); ``centre`` may change over time (a function of t)."""
    out: Samples = []
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(samples):
        f = centre(i / RATE) if callable(centre) else centre
        w = 2 * math.pi * f / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def low_pass(samples: Samples, cutoff: float) -> Samples:
    """One-pole low-pass: takes the hard edge off noise."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """Shape with a quick linear attack and an exponential decay (time constant ``decay``)."""
    a = max(1, round(attack * RATE))
    return [x * min(1.0, i / a) * math.exp(-max(0, i - a) / (decay * RATE)) for i, x in enumerate(samples)]


def tone(freq: float, seconds: float, decay: float, partials: tuple[tuple[float, float], ...] = ((1, 1),),
         attack: float = 0.004) -> Samples:
    """A bell-like tone: sine partials (ratio, level), higher ones dying away faster."""
    n = round(seconds * RATE)
    out = []
    a = attack * RATE
    for i in range(n):
        t = i / RATE
        value = sum(level * math.sin(2 * math.pi * freq * ratio * t) * math.exp(-t * ratio / decay)
                    for ratio, level in partials)
        out.append(value * min(1.0, i / a))
    return out


def mix(*layers: tuple[float, float, Samples]) -> Samples:
    """Sum layers given as (start time, gain, samples)."""
    end = max(round(start * RATE) + len(s) for start, _, s in layers)
    out = [0.0] * end
    for start, gain, samples in layers:
        offset = round(start * RATE)
        for i, x in enumerate(samples):
            out[offset + i] += gain * x
    return out


def finish(samples: Samples, peak: float, fade_in: float = 0.003, fade_out: float = 0.02) -> Samples:
    """Normalize to ``peak`` and fade both ends with half-cosine ramps (no clicks)."""
    top = max(abs(x) for x in samples) or 1.0
    out = [x * peak / top for x in samples]
    n_in, n_out = round(fade_in * RATE), round(fade_out * RATE)
    for i in range(n_in):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(n_out):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    out[0] = out[-1] = 0.0
    return out


# --- the sounds ----------------------------------------------------------------------------


def slide(rng: random.Random, seconds: float, low: float, high: float) -> Samples:
    """A card sliding on felt: band-passed noise sweeping from ``low`` to ``high`` Hz."""
    raw = noise(seconds, rng)
    swept = band_pass(raw, lambda t: low + (high - low) * t / seconds, 1.4)
    n = len(swept)
    return [x * math.sin(math.pi * i / n) ** 1.5 for i, x in enumerate(swept)]


def tap(rng: random.Random, brightness: float = 2400.0, body: float = 170.0) -> Samples:
    """A card laid down: a short dark click with a little low thump."""
    click = envelope(low_pass(band_pass(noise(0.09, rng), brightness, 0.9), 5000), 0.0015, 0.012)
    thump = envelope(tone(body, 0.09, 1.0), 0.002, 0.018)
    return mix((0, 1.0, click), (0, 0.35, thump))


def pick_up() -> Samples:
    """Lifting a card: a brief, light upward swish."""
    rng = random.Random(101)
    return finish(slide(rng, 0.09, 1500, 4200), 0.42)


def place() -> Samples:
    """Putting a card down on a pile: a soft tap."""
    rng = random.Random(202)
    return finish(mix((0, 0.5, slide(rng, 0.05, 3000, 1800)), (0.035, 1.0, tap(rng))), 0.55)


def foundation() -> Samples:
    """A card going home: a tap and a gentle two-note chime."""
    rng = random.Random(303)
    bell = ((1, 1.0), (2.0, 0.28), (3.01, 0.12), (4.2, 0.05))
    chime = mix((0.0, 1.0, tone(1046.5, 0.3, 0.22, bell)), (0.06, 0.9, tone(1568.0, 0.26, 0.2, bell)))
    return finish(mix((0, 0.7, tap(rng)), (0.02, 0.32, chime)), 0.5, fade_out=0.06)


def invalid() -> Samples:
    """A move that is not allowed: a soft low blip falling a little in pitch, no buzz."""
    n = round(0.17 * RATE)
    phase, out = 0.0, []
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (196 - 60 * t / 0.17) / RATE
        out.append((math.sin(phase) + 0.18 * math.sin(2 * phase)) * min(1.0, t / 0.012) * math.exp(-t / 0.07))
    return finish(out, 0.5, fade_out=0.03)


def deal() -> Samples:
    """Dealing the deck: a quick ripple of card slides and taps."""
    rng = random.Random(404)
    layers = []
    for k in range(6):
        start = 0.05 * k + rng.uniform(0.0, 0.012)
        layers.append((start, 0.45 + 0.1 * rng.random(), slide(rng, 0.05, 2200, 3800)))
        layers.append((start + 0.035, 0.45, tap(rng, brightness=2800)))
    return finish(mix(*layers), 0.5, fade_out=0.04)


def undo() -> Samples:
    """Taking a move back: the card slides back, a swish falling in pitch."""
    rng = random.Random(505)
    return finish(mix((0, 1.0, slide(rng, 0.13, 4200, 1300)), (0.11, 0.35, tap(rng, brightness=1800))), 0.42)


def win() -> Samples:
    """The game is won: a rising major arpeggio of soft bells, ending on a chord."""
    bell = ((1, 1.0), (2.0, 0.3), (3.0, 0.1), (4.16, 0.05))
    notes = (523.25, 659.25, 783.99, 1046.5)
    layers = [(0.13 * i, 1.0, tone(f, 1.1, 0.45, bell)) for i, f in enumerate(notes)]
    layers += [(0.62, 0.5, tone(f, 0.85, 0.5, bell)) for f in (659.25, 783.99)]
    return finish(mix(*layers), 0.5, fade_out=0.25)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "pick_up": pick_up,
    "place": place,
    "foundation": foundation,
    "invalid": invalid,
    "deal": deal,
    "undo": undo,
    "win": win,
}
"""Every sound the game plays, by the name the loader asks for."""


def wav_bytes(samples: Samples) -> bytes:
    """16-bit mono PCM frames."""
    return b"".join(struct.pack("<h", max(-32767, min(32767, round(x * 32767)))) for x in samples)


def write_sounds(out: Path) -> list[Path]:
    """Write every sound as ``out/<name>.wav`` and return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(RATE)
            wav.writeframes(wav_bytes(make()))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    """Command line: regenerate the sounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sounds", help="folder to write into")
    args = parser.parse_args(argv)
    for path in write_sounds(args.out):
        with wave.open(str(path)) as wav:
            print(f"{path.name}: {wav.getnframes() / RATE:.3f} s")


if __name__ == "__main__":
    main()
