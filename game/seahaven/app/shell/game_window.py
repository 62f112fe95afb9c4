"""The game's window on the screen: the one owner of its surface (the part of it the scenes
draw on), of fullscreen or not, and of its size and place out of fullscreen. The loop
(:class:`~seahaven.app.shell.loop.App`) draws on :attr:`GameWindow.screen` and passes on the
window's events; what happens to the window (F11, a resize, a new surface from SDL) is
decided here, and the loop hears of it through two calls: ``relayout`` (another size) and
``repaint`` (paint it whole).

Fullscreen is SDL's desktop fullscreen, switched on the window itself so that it works
without a window manager too; out of fullscreen the window fits the screen's usable area
(:mod:`seahaven.app.shell.screen_area`), and its last size and place are kept in the ``window``
setting. A window larger than the game draws (:func:`~seahaven.app.looks.art_cache.drawn_size`)
is drawn in part, and says so once.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Callable

import pygame

from seahaven.app.looks import cloth
from seahaven.app.looks.art_cache import drawn_size
from seahaven.app.looks.theme import Theme
from seahaven.app.shell import screen_area
from seahaven.app.state.settings import Settings
from seahaven.i18n import _
from seahaven.resources import open_data, resource_path

PLACE_QUESTIONS = 3
"""How many times the window is asked back to its place after leaving fullscreen."""
WINDOWED_DEFAULT = (1280, 800)
"""The window's size out of fullscreen where no screen tells a better one."""


class WindowNotOpened(Exception):
    """The display started, but its video driver could not give the game a window (SDL's
    reason is kept as the cause; the player reads one sentence of ours)."""

    def __init__(self, driver: str) -> None:
        # Translators: an error on the console at start; {driver} is a name like x11 or wayland.
        super().__init__(_("the video driver {driver} started, but it could not open the game's window.").format(
            driver=driver))
        self.driver = driver


def start_display() -> None:
    """SDL's video, ready for the window (a second call does nothing)."""
    pygame.display.init()
    if pygame.display.get_driver() == "x11":
        # SDL's accelerated window framebuffer goes through OpenGL: on X11 without a
        # GPU (and on many with one) it is ten times slower to open and to flip than
        # the plain shared-memory framebuffer that a software-drawn game wants. X11
        # only: Wayland has no plain framebuffer, and with the hint no window opens at
        # all (SDL reads it when the window's surface is made, after this).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _set_icon() -> None:
    """The game's own icon (``tools/make_icons.py``) for the window and the task bar, set
    before the window opens (``set_mode`` would otherwise look up pygame's own)."""
    with contextlib.suppress(pygame.error, OSError):  # an icon is not worth failing to start for
        icon = "seahaven-64.png"
        pygame.display.set_icon(pygame.image.load(open_data(resource_path("icons", icon)), icon))


class GameWindow:
    """The window: opened at once (fullscreen or at ``size``), then switched and resized.
    It can open before the loop that draws on it exists (:mod:`seahaven.app.shell.opening`):
    the loop :meth:`connect` s to it when it is made."""

    def __init__(self, size: tuple[int, int] | None, fullscreen: bool, settings: Settings) -> None:
        self.settings = settings
        self.fullscreen = fullscreen
        self.windowed = screen_area.Windowed(size, settings.window, WINDOWED_DEFAULT, windowed=not fullscreen)
        self._unsaid: list[str] = []
        """Sentences said before the loop connected (the window too large to draw whole)."""
        self._say: Callable[[str], None] = self._unsaid.append
        self._relayout: Callable[[], None] = _nothing
        self._repaint: Callable[[], None] = _nothing
        self._fullscreen_after_first_frame = False
        """The window opened borderless over the whole screen; fullscreen follows the first
        frame (X11 only: see :meth:`_open`)."""
        self._surface_seen: tuple[int, int, int, int] | None = None
        """What the window's surface was at the last frame (object, pixels, size): any
        change means the window shows pixels the game never drew, so the next frame is
        painted whole."""
        self._too_large_said = False
        self._refused: tuple[int, int] | None = None
        """A window size too large to draw that the window kept after it was asked to
        shrink (a window manager's say): it is drawn in part, not asked again."""
        self._place_asked: tuple[int, int] | None = None
        """Where the window was put back on leaving fullscreen, until the window manager has
        placed it: SDL asks for the place before it knows the frame the window gets back,
        so a window manager puts the frame there and the window lands a title bar lower
        (each F11 round trip crept it down); :meth:`moved` asks again until it is there."""
        self._place_questions = 0
        """How many more times :meth:`moved` may ask for :attr:`_place_asked`."""
        _set_icon()
        pygame.display.set_caption("Seahaven Towers")
        try:
            opened = self._open(first=True)
        except pygame.error as error:
            raise WindowNotOpened(pygame.display.get_driver()) from error
        self.screen = self._drawable(opened)
        """What the scenes draw on: the window's surface, or the part of it drawn."""

    def connect(self, say: Callable[[str], None], relayout: Callable[[], None], repaint: Callable[[], None]) -> None:
        """The loop that draws on the window: from now on it hears the window's sentences
        (those said before too), its new sizes (``relayout``) and its new surfaces, to be
        painted whole (``repaint``)."""
        self._say, self._relayout, self._repaint = say, relayout, repaint
        for sentence in self._unsaid:
            say(sentence)
        self._unsaid.clear()

    def show_cloth(self, theme: Theme) -> None:
        """Show the table's cloth on the whole window at once, while the rest of the game is
        made: the cards, the toolbar and the status line come onto it with the first frame."""
        self.screen.blit(cloth.felt(theme, self.screen.get_size()), (0, 0))
        pygame.display.flip()

    def first_frame_shown(self) -> None:
        """The first frame is on the screen: a window opened borderless becomes fullscreen."""
        if self._fullscreen_after_first_frame:
            self._finish_fullscreen()

    def size_changed(self) -> None:
        """SDL says the window's size changed (maybe to the size it had)."""
        surface = pygame.display.get_surface()
        if surface is not None and drawn_size(surface.get_size()) != self.size:
            self.resize(surface.get_size())

    def _open(self, first: bool = False) -> pygame.Surface:
        if self.fullscreen and first and pygame.display.get_driver() == "x11":
            # On X11 a fullscreen window waits up to 100 ms for a window manager to agree
            # (for ever, without one), before anything shows. So the first frame goes to a
            # borderless window that already covers the screen, and the window becomes
            # fullscreen right after it (see render): the table is there 0.1 s sooner.
            desktop = self._desktop()
            surface = pygame.display.set_mode(desktop, pygame.NOFRAME)
            window = self._sdl_window()
            if window is not None:
                window.position = (0, 0)
                self._fullscreen_after_first_frame = True
                return surface
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        surface = pygame.display.set_mode(self.windowed.size, pygame.RESIZABLE)
        if self.windowed.place is not None and (window := self._sdl_window()) is not None:
            window.position = self.windowed.place
        return surface

    def remember(self) -> None:
        """Keep the window's size and place out of fullscreen in the ``window`` setting."""
        if not self.fullscreen and (window := self._sdl_window()) is not None:
            self.windowed.was((window.size[0], window.size[1]), (window.position[0], window.position[1]))
        if (remembered := self.windowed.remembered()) is not None:  # None: never windowed, nothing new
            self.settings.set("window", remembered)

    def _finish_fullscreen(self) -> None:
        """The first frame is on the screen: now make the window truly fullscreen."""
        self._fullscreen_after_first_frame = False
        window = self._sdl_window()
        try:
            if window is None:
                raise pygame.error("no window")
            window.set_fullscreen(desktop=True)
        except pygame.error:
            self.screen = self._drawable(self._set_mode((0, 0), pygame.FULLSCREEN))
        self.follow_surface()

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes draw at: the window's, or the part of it drawn when the
        window is larger than the budget allows (:func:`~seahaven.app.looks.art_cache.drawn_size`)."""
        return self.screen.get_size()

    def _set_mode(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        """The window at ``size``; where SDL cannot make it (memory, the system's limits),
        at the largest of half, a quarter... of it that works, else as it is."""
        w, h = size
        while True:
            try:
                return pygame.display.set_mode((w, h), flags)
            except pygame.error:
                if (w, h) == (0, 0) or (w <= 320 and h <= 240):
                    break
                w, h = max(320, w // 2), max(240, h // 2)
        surface = pygame.display.get_surface()
        if surface is None:
            return pygame.display.set_mode(WINDOWED_DEFAULT, pygame.RESIZABLE)
        return surface

    def _drawable(self, surface: pygame.Surface) -> pygame.Surface:
        """What the scenes draw on: the window's surface, or its top-left part of the
        largest size drawn when the window is larger (said once)."""
        size = surface.get_size()
        drawn = drawn_size(size)
        if drawn == size:
            return surface
        self._say_too_large(drawn)
        return surface.subsurface(pygame.Rect((0, 0), drawn))

    def _say_too_large(self, drawn: tuple[int, int]) -> None:
        if self._too_large_said:
            return
        self._too_large_said = True
        # Translators: a notice; {size} is a size in pixels like 3840x2160.
        sentence = _("The window is too large to draw: the table is shown at {size}.").format(
            size=f"{drawn[0]} × {drawn[1]}")
        self._say(sentence)

    @staticmethod
    def _sdl_window() -> pygame.Window | None:
        """The game window as SDL sees it (place, size, fullscreen), or None where pygame
        cannot give it. pygame-ce calls this bridge deprecated in favour of drawing on a
        ``Window`` directly; the game draws on the display surface, so it is the bridge."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                return pygame.Window.from_display_module()
            except (pygame.error, AttributeError):
                return None

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop's size and place, and back to exactly the size
        and place the window had. The window itself switches (SDL's desktop fullscreen),
        so it works without a window manager too, where a new ``set_mode`` grows the window
        in place and leaves it there."""
        window = self._sdl_window()
        if not self.fullscreen:
            self.windowed.size = self.size
            if window is not None:
                place = (window.position[0], window.position[1])
                self.windowed.was(self.size, place)
                # cover the screen first: without a window manager nobody acts on SDL's
                # fullscreen request, and the window would stay where and as big as it was
                desktop = self._desktop()
                window.position = (0, 0)
                window.size = desktop
                try:
                    window.set_fullscreen(desktop=True)
                except pygame.error:
                    window.size = self.windowed.size
                    window.position = place
                    return  # this display cannot: stay windowed
        elif window is not None:
            screen = (window.position[0], window.position[1])
            window.set_windowed()
            if self._fullscreen_after_first_frame:  # F11 before the first frame: an ordinary window
                self._fullscreen_after_first_frame, window.borderless = False, False
            size, place = self.windowed.leave_fullscreen(screen)
            # a game started fullscreen opened its window borderless and of one size (see _open):
            # out of fullscreen it is an ordinary window, with a frame, that the player can resize;
            # one as large as the screen (800x600 on an 800x600 screen) has no room for a frame,
            # which would push its bottom (the status line) off the screen: it stays borderless
            desktop = self._desktop()
            window.borderless, window.resizable = size[0] >= desktop[0] or size[1] >= desktop[1], True
            window.size, window.position = size, place
            self._place_asked, self._place_questions = place, PLACE_QUESTIONS
        self.fullscreen = not self.fullscreen
        surface = pygame.display.get_surface()
        if window is None or surface is None:  # where SDL's window is out of reach: open it again
            surface = self._open()
        self.screen = self._drawable(surface)
        self._relayout()
        self.settings.set("fullscreen", self.fullscreen)  # announced: autosave writes it

    def moved(self) -> None:
        """SDL says the window moved. After leaving fullscreen, until the window is where it
        was put: if it is elsewhere, ask again (the frame it has now is known, so the place is
        the window's). A busy machine hands over the window manager's moves one by one (its
        restore of the old place first, then its placing of the frame), so one question was
        spent on the first and the window crept a title bar lower on each F11; a window
        manager that never agrees is asked :data:`PLACE_QUESTIONS` times, then left alone."""
        asked = self._place_asked
        window = self._sdl_window()
        if asked is None or window is None or self.fullscreen:
            self._place_asked = None
            return
        if (window.position[0], window.position[1]) == asked or self._place_questions <= 0:
            self._place_asked = None
            return
        self._place_questions -= 1
        window.position = asked

    def _desktop(self) -> tuple[int, int]:
        """The size of the (first) screen."""
        desktops = pygame.display.get_desktop_sizes()
        return (desktops[0][0], desktops[0][1]) if desktops else self.size

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized by the player (or a test): lay out again at once. A
        window larger than the game draws is asked to shrink to the largest size drawn
        (said once); one that stays larger is drawn in part."""
        size = (max(320, int(size[0])), max(240, int(size[1])))
        drawn = drawn_size(size)
        if drawn != size:
            self._say_too_large(drawn)
        surface = pygame.display.get_surface()
        if surface is None or (surface.get_size() != drawn and surface.get_size() != self._refused):
            if not self.fullscreen:
                self.windowed.size = drawn
            surface = self._set_mode(drawn, pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE)
            if drawn_size(surface.get_size()) != surface.get_size():
                self._refused = surface.get_size()
        self.screen = self._drawable(surface)
        self._relayout()

    def follow_surface(self) -> None:
        """Draw on the surface the window has now, and paint it whole when it is new.

        SDL gives the window a new surface whenever it changes (fullscreen after the
        borderless first frame, F11, a resize, a lost and regained framebuffer), sometimes
        as a new object of the same size, and the old one may be freed. Drawing only the
        changed rectangles on a new surface would leave the rest of the window as SDL
        made it (black), and drawing on the old one would reach freed memory."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        seen = (id(surface), getattr(surface, "_pixels_address", 0), *surface.get_size())
        if seen == self._surface_seen:
            return
        drawable = self._drawable(surface)
        resized = drawable.get_size() != self.screen.get_size()
        self.screen = drawable
        self._surface_seen = seen
        if resized:
            self._relayout()
        self._repaint()


def _nothing() -> None:
    """What the window's changes do before the loop connects: nothing is drawn yet."""
