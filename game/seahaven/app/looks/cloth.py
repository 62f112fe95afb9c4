"""The table cloth: the felt every view of the game is drawn on, made of the theme's colours
at any size. Light on purpose (pygame and the theme only): the window shows it while the rest
of the game is still being imported (:mod:`seahaven.app.shell.game_window`).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from seahaven.app.looks.theme import Theme

_LAST: dict[tuple[object, ...], pygame.Surface] = {}
"""The cloth last made: the window shows it before the painter exists, and the painter's first
frame takes the same one. Nothing draws on a cloth; it is only drawn from."""


def felt(theme: Theme, size: tuple[int, int]) -> pygame.Surface:
    """The table cloth in ``theme`` at ``size``, in the window's pixel format: a soft vertical
    gradient with a vignette and the theme's woven grain, smooth at any size."""
    key = (theme.felt_top, theme.felt_bottom, theme.vignette, theme.grain, size)
    made = _LAST.get(key)
    if made is None:
        made = _made(theme, size)
        _LAST.clear()
        _LAST[key] = made
    return made


def _made(theme: Theme, size: tuple[int, int]) -> pygame.Surface:
    n = 16  # smoothscale makes a smooth cloth of a tiny picture
    screen = pygame.display.get_surface()
    small = pygame.Surface((n, n), 0, screen) if screen is not None else pygame.Surface((n, n))
    for y in range(n):
        t = y / (n - 1)
        base = [a + (b - a) * t for a, b in zip(theme.felt_top, theme.felt_bottom)]
        dy = (y - n * 0.375) / (n * 0.625)
        for x in range(n):
            dx = (x - (n - 1) / 2) / ((n - 1) / 2)
            v = max(0.0, 1 - theme.vignette * (dx * dx + dy * dy))
            small.set_at((x, y), (round(base[0] * v), round(base[1] * v), round(base[2] * v)))
    surf = pygame.transform.smoothscale(small, size)  # in the display's format already
    if theme.grain:
        _weave(surf, theme.grain)
    return surf


def _weave(surf: pygame.Surface, strength: int) -> None:
    """Lay a fine woven grain over the cloth: a small tile of fixed random light and dark
    threads, repeated (the same pattern on every run and at every size)."""
    tile = _grain_tile(strength)
    light, dark = tile
    w, h = surf.get_size()
    tw, th = light.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surf.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)


@lru_cache(maxsize=4)
def _grain_tile(strength: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Two 256x256 tiles (a 64x64 pattern repeated, so a window takes few blits): what the
    grain adds and what it takes away. Fine noise, threads running across, a faint twill;
    made with byte tables and blits (no per-pixel Python: it is made while the game starts)."""
    rng = random.Random(1729)
    n, big = 64, 256
    noise = rng.randbytes(n * n)
    levels = [round(strength * 1.4 * (b / 255 - 0.5)) for b in range(256)]
    threads = rng.randbytes(n)
    rows = [round(strength * 0.6 * (b / 255 - 0.5)) for b in range(256)]
    grey = [(i, i, i) for i in range(256)]

    def layer(data: bytes, size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.image.frombuffer(data, size, "P")
        surface.set_palette(grey)
        return surface

    tiles = []
    for sign in (1, -1):
        tile = pygame.Surface((n, n))
        tile.blit(layer(noise.translate(bytes(max(0, sign * v) for v in levels)), (n, n)), (0, 0))
        across = layer(threads.translate(bytes(max(0, sign * v) for v in rows)), (1, n))
        tile.blit(pygame.transform.scale(across, (n, n)), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        if sign > 0:  # the twill: a faint diagonal every fourth thread
            twill = pygame.Surface((n, n))
            shade = max(1, strength // 3)
            for start in range(-n, n, 4):
                pygame.draw.line(twill, (shade, shade, shade), (start, 0), (start + n, n))
            tile.blit(twill, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        whole = pygame.Surface((big, big))
        for y in range(0, big, n):
            for x in range(0, big, n):
                whole.blit(tile, (x, y))
        tiles.append(whole)
    return tiles[0], tiles[1]
