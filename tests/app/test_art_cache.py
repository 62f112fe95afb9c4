"""Art drawn at a size is cached for the last few sizes only: memory stays flat however
often the window changes size (issue 21: 120 resizes once took 969 MB)."""

from __future__ import annotations

import pygame

from seahaven.app.looks.art_cache import KEEP_SIZES, Lru, SizedArt
from seahaven.app.shell.loop import STEP
from tests.app.table_helpers import make_app, post


def test_sized_art_keeps_the_sizes_used_last() -> None:
    art: SizedArt[str] = SizedArt(keep=3, keep_by_kind={"icon": 2})
    for size in range(10):
        for key in range(52):
            art.put("card", size, key, f"{size}/{key}")
        art.put("icon", size, "undo", "i")
    assert art.sizes("card") == [7, 8, 9] and len(art) == 3 * 52 + 2
    assert art.get("card", 8, 5) == "8/5" and art.get("card", 6, 5) is None
    art.put("card", 10, 0, "new")  # 8 was used last: 7 goes
    assert art.sizes("card") == [9, 8, 10]
    lru: Lru[int] = Lru(3)
    for n in range(5):
        lru.put(n, n)
    assert lru.get(2) == 2 and lru.get(1) is None
    lru.put(5, 5)
    assert 2 in lru and 3 not in lru and len(lru) == 3


def sized_entries(app: object) -> int:
    painter = app.painter
    return (len(painter._cards) + len(painter._misc) + len(painter._shapes)
            + len(painter.assets._surfaces) + len(painter.assets._stocks))


def test_many_window_sizes_keep_a_bounded_cache() -> None:
    """Real resize events to 14 sizes, Help's board (cards of a size of its own) opened now
    and then: every cache of sized art holds at most its last few sizes."""
    app = make_app(size=(1280, 800))
    counts = []
    for n in range(14):
        w, h = 900 + 61 * n, 700 + 37 * (n % 9)
        if n % 4 == 3:
            w, h = h, w  # tall: two bands
        post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        app.step(STEP)
        if n % 6 == 5:
            post(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
            app.step(STEP)
            app.step(STEP)
            post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            app.step(STEP)
        app.step(STEP)
        assert app.size == (w, h)
        counts.append(sized_entries(app))
    painter = app.painter
    assert len(painter._cards.sizes("card")) <= KEEP_SIZES
    assert len(painter.assets._surfaces.sizes("cards")) <= KEEP_SIZES
    assert len(painter._felt.sizes("felt")) == 1
    # 52 faces of three sizes, markers, icons of the toolbar and the windows, a few shapes
    assert max(counts) <= 2 * KEEP_SIZES * 52 + 3 * KEEP_SIZES * 6 + 2 * 8 * 8 + 60 + 10, counts
    assert counts[-1] <= max(counts[:8]) + 20, counts  # flat, not growing with each size
    assert len(painter._text) <= 400 and len(painter.assets._fonts) <= 48
    app.close()
