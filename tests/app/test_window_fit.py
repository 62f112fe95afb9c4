"""The window a game gets out of fullscreen, and the remembered window (issue 25, item 1):
the arithmetic on screens' usable areas, and the real App on the dummy display."""

from __future__ import annotations

import warnings

import pygame
import pytest

from seahaven.app.shell import screen_area
from seahaven.app.shell.loop import App
from seahaven.app.shell.screen_area import fitted, parse_geometry, restored
from seahaven.app.state.settings import Settings


@pytest.mark.parametrize(("area", "window"), [
    ((0, 0, 800, 600), ((800, 600), (0, 0))),  # the whole of a small screen, no more
    ((0, 0, 1080, 1920), ((810, 1440), (135, 240))),  # portrait: three quarters, centred
    ((0, 0, 3840, 2160), ((2880, 1620), (480, 270))),
    ((0, 0, 1024, 768), ((800, 600), (112, 84))),  # never below 800 x 600 ...
    ((0, 0, 640, 480), ((640, 480), (0, 0))),  # ... unless the screen is
    ((1920, 28, 1280, 772), ((960, 600), (2080, 114))),  # a second screen, under a panel
])
def test_a_fitted_window_takes_three_quarters_of_the_usable_area(
        area: screen_area.Area, window: screen_area.Geometry) -> None:
    assert fitted(area) == window
    (w, h), (x, y) = window
    assert area[0] <= x and area[1] <= y and x + w <= area[0] + area[2] and y + h <= area[1] + area[3]


def test_a_remembered_window_comes_back_only_where_it_fits() -> None:
    screens = [(0, 0, 1920, 1080), (1920, 0, 1280, 1024)]
    assert restored("1100x650+37+51", screens) == ((1100, 650), (37, 51))
    assert restored("1000x700+2000+100", screens) == ((1000, 700), (2000, 100))  # on the second screen
    assert restored("1100x650+5000+51", screens) == ((1100, 650), (410, 215))  # that screen is gone: centred
    assert restored("2500x1400+0+0", screens) is None  # larger than any screen now
    for bad in ("", "1100x650", "axb+1+2", "100x100+0+0", "99999999x1+0+0", "1100x650+37+51 trailing"):
        assert restored(bad, screens) is None, bad
    assert parse_geometry("1100x650-10+20") == ((1100, 650), (-10, 20))
    assert screen_area.geometry_text((1100, 650), (-10, 20)) == "1100x650-10+20"


def _window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def test_leaving_a_fullscreen_start_fits_the_screen_and_is_remembered() -> None:
    pygame.display.init()
    settings = Settings()
    app = App(fullscreen=True, settings=settings)
    try:
        area = screen_area.usable_areas()[0]
        (w, h), (x, y) = fitted(area)
        app.toggle_fullscreen()
        assert not app.fullscreen and app.size == (w, h)
        assert tuple(_window().position) == (x, y)
        app.remember_window()
        assert settings.window == f"{w}x{h}+{x}+{y}"
    finally:
        app.close()


def test_a_windowed_start_takes_the_remembered_window_when_it_fits() -> None:
    pygame.display.init()
    area = screen_area.usable_areas()[0]
    settings = Settings()
    settings.set("window", f"900x640+{area[0] + 10}+{area[1] + 20}")
    app = App(settings=settings)
    try:
        assert app.size == (900, 640) and tuple(_window().position) == (area[0] + 10, area[1] + 20)
    finally:
        app.close()
    settings.set("window", f"{area[2] + 100}x{area[3]}+0+0")  # no longer fits: the fitted window
    app = App(settings=settings)
    try:
        assert app.size == fitted(area)[0]
    finally:
        app.close()
