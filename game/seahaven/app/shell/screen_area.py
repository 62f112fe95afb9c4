"""Where the game's window fits: the screens' usable areas, the window a game gets when it
leaves fullscreen with no size of its own, and the remembered window (issue 25, item 1).

The usable area of a screen is the part a window may take (without the panels, docks and
menu bars the system keeps): SDL's ``SDL_GetDisplayUsableBounds``, which pygame-ce 2.5
does not expose, reached through ``ctypes`` in the SDL library pygame loaded
(:func:`seahaven.app.platform.waiting.sdl_library`); where it cannot be, the screens' sizes from
``pygame.display.get_desktop_sizes()``. The rest is arithmetic on rectangles (no pygame)::

    fitted((0, 0, 1080, 1920))                 # ((810, 1440), (135, 240))
    restored("1100x650+37+51", [(0, 0, 1920, 1080)])   # ((1100, 650), (37, 51))

The remembered window is the setting ``window``, written ``WxH+X+Y`` as X11 writes a
geometry; the setting ``fullscreen`` remembers whether the game was fullscreen.
"""

from __future__ import annotations

import re

from seahaven.app.looks.art_cache import drawn_size

Area = tuple[int, int, int, int]
"""A screen's usable area: left, top, width, height (screen pixels)."""
Geometry = tuple[tuple[int, int], tuple[int, int]]
"""A window: its size and the place of its top-left corner."""

SHARE = 0.75
"""How much of the usable area's width and height a fitted window takes."""
LEAST = (800, 600)
"""The smallest fitted window (unless the screen is smaller still)."""
_GEOMETRY = re.compile(r"(\d{1,5})x(\d{1,5})([+-]\d{1,6})([+-]\d{1,6})")


def usable_areas() -> list[Area]:
    """Every screen's usable area (the first screen first); never empty while the display
    module is initialised."""
    import pygame

    areas = _sdl_usable_areas()
    if areas:
        return areas
    sizes = pygame.display.get_desktop_sizes()
    if not sizes:
        return [(0, 0, *LEAST)]
    x = 0
    out = []
    for w, h in sizes:  # side by side, as SDL places screens it knows nothing more of
        out.append((x, 0, w, h))
        x += w
    return out


def _sdl_usable_areas() -> list[Area]:
    import ctypes

    from seahaven.app.platform.waiting import sdl_library

    library = sdl_library()
    if library is None:
        return []

    class Rect(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]

    try:
        count_displays, bounds = library.SDL_GetNumVideoDisplays, library.SDL_GetDisplayUsableBounds
    except AttributeError:
        return []
    count_displays.argtypes, count_displays.restype = [], ctypes.c_int
    bounds.argtypes, bounds.restype = [ctypes.c_int, ctypes.POINTER(Rect)], ctypes.c_int
    areas = []
    for index in range(max(0, count_displays())):
        rect = Rect()
        if bounds(index, ctypes.byref(rect)) == 0 and rect.w > 0 and rect.h > 0:
            areas.append((rect.x, rect.y, rect.w, rect.h))
    return areas


def fitted(area: Area) -> Geometry:
    """The window for ``area``: three quarters of its width and height, never smaller than
    800 x 600 unless the area is, never larger than the area, centred in it."""
    x, y, w, h = area
    width = min(w, max(round(w * SHARE), LEAST[0]))
    height = min(h, max(round(h * SHARE), LEAST[1]))
    return (width, height), (x + (w - width) // 2, y + (h - height) // 2)


def window_for(remembered: str, screen: tuple[int, int] | None) -> Geometry:
    """The window of a game with no size asked for: the ``remembered`` one (the ``window``
    setting) if it still fits, else :func:`fitted` to the screen at ``screen``."""
    areas = usable_areas()
    return restored(remembered, areas) or fitted(area_at(screen, (1, 1), areas))


def out_of_fullscreen(size: tuple[int, int], place: tuple[int, int] | None, screen: tuple[int, int]) -> Geometry:
    """Where the window goes out of fullscreen on the screen at ``screen``: at the ``size``
    and ``place`` it had before; never windowed yet (``place`` None), centred and never
    larger than the screen."""
    if place is not None:
        return size, place
    area = area_at(screen, (1, 1), usable_areas())
    size = inside(size, area)
    return size, centred(size, area)


def inside(size: tuple[int, int], area: Area) -> tuple[int, int]:
    """``size`` cut to fit ``area``."""
    return min(size[0], area[2]), min(size[1], area[3])


def centred(size: tuple[int, int], area: Area) -> tuple[int, int]:
    """The top-left corner that centres a window of ``size`` in ``area``."""
    return area[0] + max(0, (area[2] - size[0]) // 2), area[1] + max(0, (area[3] - size[1]) // 2)


def area_at(place: tuple[int, int] | None, size: tuple[int, int], areas: list[Area]) -> Area:
    """The screen a window at ``place`` is on (the one holding its middle), else the first."""
    if place is not None:
        mx, my = place[0] + size[0] // 2, place[1] + size[1] // 2
        for area in areas:
            if area[0] <= mx < area[0] + area[2] and area[1] <= my < area[1] + area[3]:
                return area
    return areas[0]


def geometry_text(size: tuple[int, int], place: tuple[int, int]) -> str:
    """A window as the ``window`` setting holds it: ``WxH+X+Y``."""
    return f"{size[0]}x{size[1]}{place[0]:+d}{place[1]:+d}"


def parse_geometry(text: str) -> Geometry | None:
    """The window written in ``text`` (``WxH+X+Y``), or None when it is not one."""
    match = _GEOMETRY.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        return None
    w, h, x, y = (int(group) for group in match.groups())
    if w < 320 or h < 240:
        return None
    return (w, h), (x, y)


def restored(text: str, areas: list[Area]) -> Geometry | None:
    """The remembered window ``text``, if it still fits wholly inside one screen's usable
    area; of the same size centred on the first screen if only its place no longer fits;
    None when neither does (or nothing sensible is remembered)."""
    geometry = parse_geometry(text)
    if geometry is None:
        return None
    (w, h), (x, y) = geometry
    for ax, ay, aw, ah in areas:
        if ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah:
            return geometry
    if inside((w, h), areas[0]) == (w, h):
        return (w, h), centred((w, h), areas[0])
    return None


class Windowed:
    """The window out of fullscreen: its size and its place (None: not placed yet). A game
    with no size asked for takes the remembered window, or one fitted to the screen, found
    when it is first needed (:meth:`fit`): at a windowed start, or on leaving fullscreen."""

    def __init__(self, asked: tuple[int, int] | None, remembered: str, default: tuple[int, int],
                 windowed: bool = False) -> None:
        """``asked``: the size asked for (None: fit); ``remembered``: the ``window`` setting;
        ``windowed``: the game starts windowed, so the window is found at once."""
        self.size = drawn_size(asked or default)
        self.place: tuple[int, int] | None = None
        self._remembered = remembered
        self._fit = asked is None
        if windowed:
            self.fit(None)

    def fit(self, screen: tuple[int, int] | None) -> None:
        """Find the window (once) if no size was asked for: :func:`window_for`."""
        if self._fit:
            self._fit = False
            size, self.place = window_for(self._remembered, screen)
            self.size = drawn_size(size)

    def was(self, size: tuple[int, int], place: tuple[int, int]) -> None:
        """The window stood at ``place`` with ``size`` (before fullscreen, or at the end)."""
        self.size, self.place, self._fit = size, place, False

    def leave_fullscreen(self, screen: tuple[int, int]) -> Geometry:
        """Where the window goes now, out of fullscreen on the screen at ``screen``."""
        self.fit(screen)
        self.size, place = out_of_fullscreen(self.size, self.place, screen)
        return self.size, place

    def remembered(self) -> str | None:
        """The window as the ``window`` setting keeps it; None if it was never placed."""
        return geometry_text(self.size, self.place) if self.place is not None else None
