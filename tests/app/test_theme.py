"""Themes: no colour is written outside ``game/seahaven/app/looks/theme.py``, and every table draws the
table, a window and Help with its own felt."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pygame
import pytest

from seahaven.app.looks import theme as themes
from seahaven.app.screens import dialogs, navigation
from seahaven.app.shell.launch import build
from seahaven.app.state.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
THEME_FILE = ROOT / "game" / "seahaven" / "app" / "looks" / "theme.py"
ENGINE = ROOT / "game" / "seahaven" / "engine"
"""Draws nothing (no pygame there): its small tuples are rules, never colours."""
COLOUR_NAMES = frozenset(pygame.color.THECOLORS)
NOT_COLOURS = {"buttons", "rel"}
"""Keyword arguments that take small int tuples which are not colours (pygame events)."""


def _int(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 255


def colour_literals(source: str) -> list[tuple[int, str]]:
    """(line, what) of every colour written in ``source``: a tuple of 3 or 4 ints 0-255, a
    ``Color(...)`` call, a "#rrggbb" string or a colour's name given to a drawing call."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            parents[child] = parent
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and all(_int(e) for e in node.elts):
            parent = parents.get(node)
            if isinstance(parent, ast.keyword) and parent.arg in NOT_COLOURS:
                continue
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("Color", "Colour"):
                found.append((node.lineno, ast.unparse(node)))
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.lower() in COLOUR_NAMES \
                        and name in ("fill", "rect", "line", "lines", "polygon", "circle", "render", "text", "set_at"):
                    found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.strip()
            if text.startswith("#") and len(text) in (4, 7, 9) and all(c in "0123456789abcdefABCDEF" for c in text[1:]):
                found.append((node.lineno, repr(text)))
    return found


def test_the_check_finds_colours() -> None:
    source = (
        "surface.fill((12, 40, 30))\n"
        "x = pygame.Color('red')\n"
        "INK = '#c8182f'\n"
        "pygame.draw.rect(s, 'white', r)\n"
        "shadow = (0, 0, 0, 120)\n"
    )
    assert sorted(line for line, _ in colour_literals(source)) == [1, 2, 3, 4, 5]
    assert colour_literals("Event(MOUSEMOTION, buttons=(1, 0, 0))\nsurface.fill((*theme.band, 200))\n") == []


def test_no_colour_is_written_outside_the_theme() -> None:
    offenders = []
    for path in sorted((ROOT / "game" / "seahaven").rglob("*.py")):
        if path == THEME_FILE or ENGINE in path.parents:
            continue
        for line, what in colour_literals(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert not offenders, "colours belong in game/seahaven/app/looks/theme.py:\n" + "\n".join(offenders)


def test_themes_are_complete_and_distinct() -> None:
    assert {"green", "blue", "wine", "night", "contrast"} <= set(themes.TABLES)
    felts = {theme.felt_top for theme in themes.TABLES.values()}
    assert len(felts) == len(themes.TABLES)
    assert themes.TABLES["contrast"].large_index and themes.TABLES["contrast"].outline_scale > 1
    assert themes.theme_for("blue", 1).back == 1 and themes.theme_for("no such table").name == "green"


def felt_pixel(app: Any) -> tuple[int, int]:
    """A point of bare felt: between the two rows of piles, left of the first column."""
    table = app.scenes.bottom
    layout = table.layout
    x = 2
    y = (layout.toolbar.bottom + layout.labels[next(iter(layout.labels))].y) // 2
    return x, max(layout.toolbar.bottom + 2, y)


@pytest.mark.parametrize("name", list(themes.TABLES))
def test_every_theme_draws_the_table_a_window_and_help(name: str) -> None:
    app, session, _table = build(size=(800, 600), settings=Settings(table=name, card_back=1))
    try:
        theme = themes.TABLES[name]
        assert app.painter.theme.name == name and app.painter.theme.back == 1
        app.step(1 / 60)
        at = felt_pixel(app)
        pixel = tuple(app.screen.get_at(at))[:3]
        # the felt's own colour there: top of the gradient, darkened a little by the vignette
        assert all(abs(p - f) <= 40 for p, f in zip(pixel, theme.felt_top)), (pixel, theme.felt_top)
        for other in themes.TABLES.values():
            if other is not theme and max(abs(a - b) for a, b in zip(other.felt_top, theme.felt_top)) > 60:
                assert max(abs(p - f) for p, f in zip(pixel, other.felt_top)) > 20
        navigation.open_screen(app, session, "help")  # a full-window screen
        app.step(1 / 60)
        view = app.scenes.top.viewport  # the page (a page that scrolls keeps a strip below it)
        assert tuple(app.screen.get_at((2, view.bottom - 3)))[:3] == theme.background
        app.scenes.top.close()
        app.push(dialogs.Notice(app, lambda: "Title", lambda: "A window over the table."))
        app.step(1 / 60)
        panel = app.scenes.top.panel
        assert tuple(app.screen.get_at((panel.x + 3, panel.y + panel.h // 2)))[:3] == theme.panel
    finally:
        session.jobs.shutdown()
        pygame.display.quit()


def test_choosing_a_table_repaints_at_once_and_is_saved(tmp_path: Path) -> None:
    from seahaven.app.saving.storage import Storage

    app, session, _table = build(size=(800, 600))
    storage = Storage(tmp_path)
    session.settings.subscribe(lambda _name: storage.save_settings(session.settings))
    try:
        app.step(1 / 60)
        at = felt_pixel(app)
        before = tuple(app.screen.get_at(at))[:3]
        session.settings.set("table", "wine")
        app.step(1 / 60)
        after = tuple(app.screen.get_at(at))[:3]
        assert after != before and after[0] > after[1]  # red cloth now
        storage.flush()
        assert storage.load_settings().value.table == "wine"
        session.settings.set("table", "contrast")
        assert app.assets.large_index  # the cards with large corners
        app.step(1 / 60)
        assert tuple(app.screen.get_at(at))[:3] == themes.CONTRAST.felt_top
    finally:
        session.jobs.shutdown()
        pygame.display.quit()


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""

    def luminance(colour: tuple[int, int, int]) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        r, g, b = map(channel, colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


WORDS_ON = [("text", "felt_top"), ("text", "felt_bottom"), ("text", "background"), ("text", "band"),
            ("heading", "band"), ("warn", "band"), ("panel_text", "panel"), ("muted", "panel"), ("error", "panel"),
            ("accent", "panel"), ("button_text", "button"), ("accent_text", "accent"), ("panel_text", "panel_button"),
            ("tooltip_text", "tooltip"), ("panel_text", "field")]
"""Words and the ground they are written on."""
SECONDARY_ON = [("text_dim", "felt_top"), ("text_dim", "background"), ("button_text", "button_on")]
"""Pile numbers, notes and the bold name of a chosen option."""


@pytest.mark.parametrize("name", list(themes.TABLES))
def test_every_theme_is_readable(name: str) -> None:
    theme = themes.TABLES[name]
    strict = name == "contrast"  # for low vision: WCAG AAA everywhere
    for fore, ground in WORDS_ON + SECONDARY_ON:
        needed = 7.0 if strict else 4.5 if (fore, ground) in WORDS_ON else 3.5
        ratio = contrast(getattr(theme, fore), getattr(theme, ground))
        assert ratio >= needed, f"{name}: {fore} on {ground} is {ratio:.1f}:1, needs {needed}:1"


def test_night_is_dim() -> None:
    """Night play: nothing large is brighter than a dim grey, not even the card faces."""
    night, green = themes.TABLES["night"], themes.TABLES["green"]
    assert max(night.felt_top) < 48 and max(night.background) < 32 and max(night.panel) < 64
    assert night.card_shade < 220 and max(night.text) < 215
    assert sum(night.felt_top) < sum(green.felt_top)


@pytest.mark.parametrize("kind", ["cell", "column", "found-C", "found-D", "found-H", "found-S"])
def test_in_high_contrast_every_empty_pile_outline_and_mark_stands_three_to_one(kind: str) -> None:
    """Issue 41, item 8 (WCAG 2.2, 1.4.11): on the high-contrast table an empty pile's mark
    (the suit and letter of a foundation, C or K) and its outline are 3:1 or more against the
    felt, and the outline at least 2 px wide at a 1280x800 window's card size (the mark was
    2.8:1, the outline a 1 px grey)."""
    app, _session, _table = build(size=(1280, 800), settings=Settings(table="contrast"))
    painter = app.painter
    felt = painter.theme.felt_top
    w, h = 96, 137
    marker = painter.marker(kind, w, h)

    def seen(x: int, y: int) -> tuple[int, int, int]:
        r, g, b, a = marker.get_at((x, y))
        return (round((r * a + felt[0] * (255 - a)) / 255), round((g * a + felt[1] * (255 - a)) / 255),
                round((b * a + felt[2] * (255 - a)) / 255))

    if kind != "cell":  # (a cell is an outline alone)
        inner = [seen(x, y) for x in range(w // 4, 3 * w // 4) for y in range(h // 4, 3 * h // 4)]
        assert max(contrast(c, felt) for c in inner) >= 3.0
    edge = [contrast(seen(x, h // 2), felt) >= 3.0 for x in range(8)]
    assert edge[:2] == [True, True], edge
