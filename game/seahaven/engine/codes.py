"""Game codes (``SH1-C4-AAAAAJ2``) and the deal each one stands for (SPEC 3).

The shuffle is fixed forever so that any program can reproduce a deal from its code:
SplitMix64 seeded with the deal number, an unbiased bounded draw, Fisher-Yates from the top.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import NamedTuple

from seahaven.engine.cards import DECK, Card
from seahaven.engine.errors import InvalidCode
from seahaven.engine.position import CELL_COUNTS, Position, new_position

PREFIX = "SH1"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""RFC 4648 base32: A=0 .. Z=25, 2=26 .. 7=31."""
DEAL_DIGITS = 7
DEAL_COUNT: int = 32**DEAL_DIGITS  # typed: int ** int is Any to a type checker (a negative power is a float)
"""Deal numbers are 0 <= n < 32^7."""

_MASK = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator of SPEC 3 step 2, as an endless stream of 64-bit draws."""
    s = seed & _MASK
    while True:
        s = (s + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def shuffled_deck(deal: int) -> list[Card]:
    """The deck after the shuffle of deal number ``deal`` (SPEC 3 steps 1 to 4)."""
    deck = list(DECK)
    draws = splitmix64(deal)
    for i in range(len(deck) - 1, 0, -1):
        m = i + 1
        bound = (1 << 64) - ((1 << 64) % m)
        r = next(draws)
        while r >= bound:
            r = next(draws)
        j = r % m
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class GameCode(NamedTuple):
    """A deal and a number of cells: everything needed to recreate a game exactly."""

    cells: int
    deal: int

    @classmethod
    def parse(cls, text: object) -> GameCode:
        """Read a code (case-insensitive, surrounding blanks ignored) or say what is wrong."""
        if not isinstance(text, str):
            raise _bad(CodeWhy.NOT_TEXT, "a game code must be text like SH1-C4-AAAAAJ2")
        code = text.strip()
        for place, ch in enumerate(code, 1):
            # before upper(), which maps the dotless i to I and expands ligatures
            if not (ch.isascii() and ch.isprintable()):
                raise _bad(CodeWhy.BAD_CHARACTER,
                           f"character {place} of the game code, {ch!r}, is not allowed: "
                           "a code uses only the letters A-Z, the digits 2-7 and '-'", ch, place)
        code = code.upper()
        if not code:
            raise _bad(CodeWhy.EMPTY, "the game code is empty; it looks like SH1-C4-AAAAAJ2")
        parts = code.split("-")
        if parts[0] != PREFIX:
            raise _bad(CodeWhy.BAD_PREFIX,
                       f"unknown code prefix {parts[0][:12]!r}: game codes start with {PREFIX}- (like SH1-C4-AAAAAJ2)",
                       parts[0][:12])
        if len(parts) != 3:
            raise _bad(CodeWhy.PARTS, "a game code has three parts separated by '-', like SH1-C4-AAAAAJ2")
        cells_part, deal_part = parts[1], parts[2]
        if not (cells_part.startswith("C") and cells_part[1:] in ("1", "2", "4")):
            raise _bad(CodeWhy.BAD_CELLS, f"the cell count must be C4, C2 or C1, not {cells_part[:12]!r}",
                       cells_part[:12])
        if len(deal_part) != DEAL_DIGITS:
            raise _bad(CodeWhy.DEAL_LENGTH,
                       f"the deal part must be {DEAL_DIGITS} characters long, not {len(deal_part)} "
                       f"({deal_part[:20]!r})", deal_part[:20], len(deal_part))
        bad = [place for place, ch in enumerate(deal_part) if ch not in ALPHABET]
        if bad:
            place = len(code) - DEAL_DIGITS + bad[0] + 1
            raise _bad(CodeWhy.DEAL_CHARACTER,
                       f"{deal_part[bad[0]]!r} cannot appear in the deal part (character {place} of the code): "
                       "use the letters A-Z and the digits 2-7", deal_part[bad[0]], place)
        deal = 0
        for ch in deal_part:
            deal = deal * 32 + ALPHABET.index(ch)
        return cls(int(cells_part[1:]), deal)

    @classmethod
    def random(cls, cells: int) -> GameCode:
        """A new game: a deal number from the operating system's random source."""
        import random  # SystemRandom reads os.urandom, as secrets does, without loading OpenSSL

        return cls(cells, random.SystemRandom().randrange(DEAL_COUNT))

    def __str__(self) -> str:
        if self.cells not in CELL_COUNTS or not 0 <= self.deal < DEAL_COUNT:
            raise _bad(CodeWhy.NO_CODE, f"no code for {self.cells} cells and deal {self.deal}")
        digits = []
        n = self.deal
        for _ in range(DEAL_DIGITS):
            digits.append(ALPHABET[n % 32])
            n //= 32
        return f"{PREFIX}-C{self.cells}-{''.join(reversed(digits))}"

    def __repr__(self) -> str:
        return f"GameCode.parse({str(self)!r})"

    def position(self) -> Position:
        """The start position of this deal."""
        return deal_position(self.cells, self.deal)


def deal_position(cells: int, deal: int) -> Position:
    """The start position of deal number ``deal`` with ``cells`` cells."""
    if cells not in CELL_COUNTS:
        raise InvalidCode(f"the number of cells must be 4, 2 or 1, not {cells}")
    if not 0 <= deal < DEAL_COUNT:
        raise InvalidCode(f"the deal number must be from 0 to {DEAL_COUNT - 1}")
    return new_position(cells, shuffled_deck(deal))


class CodeWhy(Enum):
    """What is wrong with a game code (:attr:`InvalidCode.why`); ``text`` and ``place`` of
    the error say which part and which character."""

    NOT_TEXT = "not-text"
    BAD_CHARACTER = "bad-character"  # text: the character, place: where (1 = first)
    EMPTY = "empty"
    BAD_PREFIX = "bad-prefix"  # text: the prefix given
    PARTS = "parts"
    BAD_CELLS = "bad-cells"  # text: the cells part given
    DEAL_LENGTH = "deal-length"  # text: the deal part, place: its length
    DEAL_CHARACTER = "deal-character"  # text: the character, place: where in the code
    NO_CODE = "no-code"


def _bad(why: CodeWhy, english: str, text: str = "", place: int = 0) -> InvalidCode:
    """An :class:`InvalidCode` with its English sentence (command line) and its data (app)."""
    error = InvalidCode(english)
    error.why, error.text, error.place = why, text, place
    return error
