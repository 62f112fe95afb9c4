"""The application: the window, the scene stack and the loop.

Fixed timestep (Fiedler, "Fix Your Timestep!"): frame time is clamped, simulation advances
in 1/60 s steps from an accumulator, drawing interpolates between steps. Nothing is drawn
unless a scene changed or animates; an idle table sleeps in ``pygame.event.wait`` until
input arrives or its clock needs the next second, so it costs almost no CPU.

Tests build the window with ``seahaven.app.shell.launch.build(size=..., code=...)``, post real
pygame events and call :meth:`App.step` with a fixed ``dt``: the same code path as the
game, deterministically.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import time
from collections.abc import Callable
from typing import Any, Literal

import pygame

from seahaven.app.access import adapter as access_adapter
from seahaven.app.kit.input import PointerInput
from seahaven.app.kit.scenes import STEP, Scene, SceneStack
from seahaven.app.looks.render import Painter, load_assets
from seahaven.app.looks.theme import theme_for
from seahaven.app.platform import motion_pref
from seahaven.app.platform.audio import Audio
from seahaven.app.platform.waiting import sdl_waiter
from seahaven.app.shell.game_window import GameWindow, start_display
from seahaven.app.shell.view import InView
from seahaven.app.state.settings import Settings
from seahaven.i18n import set_language

MAX_FRAME = 0.25
FPS_CAP = 60
IDLE_POLL = 0.008
"""Seconds between two looks for input while nothing moves (input waits at most this)."""
DEEP_IDLE_POLL = 0.025
"""The same after a second without input: a first touch after a pause waits at most this."""
SLEEP_POLL = 0.05
"""The same after ``SLEEP_AFTER`` seconds without input (the pointer usually moves before a
click, and a move is input, so the click itself is answered at ``IDLE_POLL``)."""
SLEEP_AFTER = 5.0
_IMPORTED = time.perf_counter()
_REPAINT_EVENTS = frozenset(
    getattr(pygame, name) for name in (
        "WINDOWEXPOSED", "WINDOWRESTORED", "WINDOWSHOWN", "WINDOWMAXIMIZED", "WINDOWDISPLAYCHANGED",
        "VIDEOEXPOSE", "RENDER_TARGETS_RESET", "RENDER_DEVICE_RESET",
    ) if hasattr(pygame, name)
)
"""Window events after which the window shows pixels the game did not draw: the next
frame paints the whole window."""


def since_launch() -> float:
    """Seconds since the game was launched (from /proc on Linux), for the startup trace.

    A one-file executable is two processes: the launched one unpacks the bundle to a
    temporary folder and then runs the game in a child of the same executable. The launch
    is then the parent's start, so the unpacking is counted too.
    """
    try:
        pid = "self"
        if getattr(sys, "frozen", False) and os.readlink(f"/proc/{os.getppid()}/exe") == os.readlink("/proc/self/exe"):
            pid = str(os.getppid())
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - _IMPORTED


M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` setting: blocks from this size on are mapped on their own."""


def _give_back_freed_pixels() -> None:
    """Let every large block (a surface of pixels) go back to the system when freed.

    glibc raises its threshold for mapping a block on its own to the size of each one
    freed, so after a large window the next surfaces come from the heap, which keeps their
    memory when they go: a step at 16384 x 16384 left gigabytes held at 800 x 600. A fixed
    threshold keeps surfaces of 256 KiB and more mapped, given back as soon as freed."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):  # another C library: nothing to set
        import ctypes

        ctypes.CDLL(None).mallopt(M_MMAP_THRESHOLD, 256 * 1024)


REPEAT_KEYS = frozenset({pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP,
                         pygame.K_PAGEDOWN, pygame.K_TAB})
"""The keys a held key repeats: those that move through something (the focus, a list, a replay,
a page). Every other key acts once a press: a held column key would select and unselect its
card, a held F11 switch the window on and off, a held Escape or Backspace close window after
window."""
REPEAT_DELAY_S = 0.38
"""Loop time a key is held before it repeats..."""
REPEAT_EVERY_S = 0.04
"""...and between two repeats."""
ART_SETTINGS = ("table", "card_back", "suit_colours", "suit_letters", "ink_clubs", "ink_diamonds", "ink_hearts",
                "ink_spades")
"""Settings that change how things look: the window repaints in the new looks at once."""
LAYOUT_SETTINGS = ("card_size", "left_handed", "zen")
"""Settings that change where things are or what the status line shows: repaint at once."""


class App:
    """The game's scene stack and its loop, drawn on its :class:`~seahaven.app.shell.game_window.GameWindow`.
    It knows scenes only: what is on them is theirs. ``on_quit`` hooks run when the loop
    ends, ``on_close`` hooks when the window closes."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool = False,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.perf_counter,
        window: GameWindow | None = None,
    ) -> None:
        start_display()
        pygame.font.init()
        self.settings = settings or Settings()
        self.clock = clock
        self.on_quit: list[Callable[[], None]] = []
        self.on_close: list[Callable[[], object]] = []
        self._listeners: list[Callable[[str], None]] = []
        """Where a sentence for the player goes (the table's status line: :meth:`listen`)."""
        self._unsaid: list[str] = []
        self.on_first_frame: list[Callable[[], None]] = []
        """Work that can wait until the table is on the screen (a thread started earlier
        would take the interpreter from the first frame)."""
        self.running = True
        self.time = 0.0
        """Seconds the loop has run (real time; the injected ``dt`` in tests)."""
        self._event_time = 0.0
        """The loop's time of the frame whose events are being handled (:attr:`time` once the
        frame's updates run): the pointer's clock, so that a press, a double-tap and a hold are
        timed by the frames, as glides are, and a frame that comes late (a busy machine) does
        not make a press held still for longer than the frames say."""
        self.frames = 0
        self._acc = 0.0
        self._last = clock()
        self._pending: list[Any] = []
        self._key_scene: Scene | None = None
        self._held: dict[int, tuple[Any, float]] = {}
        """The keys down now -> their press and the loop's time of their next repeat (never, for
        a key that does not repeat). Keys repeat by the loop's time, not pygame's: pygame
        repeats a key by the wall clock when the events are read, so a tap read late (a busy
        machine, a frame at 8K) came as a burst of presses, and a column key tapped once
        selected and unselected its card a dozen times."""
        self._last_input = 0.0
        self._pace = pygame.time.Clock()
        self._first_frame_reported = False
        _give_back_freed_pixels()
        self.scenes = SceneStack()
        self.window = window if window is not None else GameWindow(size, fullscreen, self.settings)
        """The window on the screen: its surface, fullscreen or not, its size and place
        (``window``: opened already, showing the cloth, with these settings)."""
        self.window.connect(self.say, self._relayout, self._repaint)
        self.access = access_adapter.Access()  # what a screen reader reads (silent without one)
        if pygame.display.get_driver() != "dummy":  # a window nobody can see has no reader either
            self.access.start()
        self._wait: Callable[[int], bool] | Literal[False] | None = False
        """SDL's own wait for input (no CPU while idle), or None: then the loop polls;
        False until the loop first sleeps (after the first frame: finding it is not free)."""

        theme = theme_for(self.settings.table, self.settings.card_back)
        self.assets = load_assets(self.settings.four_colour, theme.large_index)
        self.assets.inks = self.settings.inks
        self.painter = Painter(self.assets, theme)
        self.painter.suit_letters = self.settings.suit_letters
        if pygame.display.get_driver() not in ("dummy", "offscreen"):
            # the desktop's reduce-motion setting, read in the background; a window nobody sees
            # has no desktop to ask (and gsettings would leave dconf's cache in the home folder)
            motion_pref.start()
        self.view = InView(self.scenes)  # which scene is in view: the top one, the window on the screen
        self.pointer = PointerInput(self.settings.double_tap_ms, lambda: round(self._event_time * 1000))
        """The one reader of the mouse and fingers: every scene gets its :class:`Pointer` events,
        with the player's double-tap time (Settings) for the table, Help's board and every window."""
        self._pointer_scene: Scene | None = None
        """The scene the pointer's press belongs to (another on top: the press is forgotten)."""
        self.audio = Audio(lambda name: self.assets.sound(name), lambda: self.assets.forget_sounds(), clock)
        self.settings.subscribe(self._setting_changed)

    # -- window ------------------------------------------------------------------------------
    @property
    def screen(self) -> pygame.Surface:
        """What the scenes draw on (:attr:`GameWindow.screen`)."""
        return self.window.screen

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def toggle_fullscreen(self) -> None:
        self.window.toggle_fullscreen()

    def resize(self, size: tuple[int, int]) -> None:
        self.window.resize(size)

    def remember_window(self) -> None:
        self.window.remember()

    def say(self, sentence: str) -> None:
        """A sentence for the player, from the window itself (to the listeners; kept until
        one listens)."""
        if not self._listeners:
            self._unsaid.append(sentence)
        for hook in self._listeners:
            hook(sentence)

    def listen(self, hook: Callable[[str], None]) -> None:
        """``hook`` says the window's sentences to the player, those waiting first."""
        self._listeners.append(hook)
        waiting, self._unsaid = self._unsaid, []
        for sentence in waiting:
            hook(sentence)

    def _relayout(self) -> None:
        """The window has another size: every scene lays out again."""
        for scene in self.scenes:
            scene.resized(self.size)
        self.scenes.changed = True

    def _repaint(self) -> None:
        self.scenes.changed = True

    # -- services for scenes ---------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        return self.scenes.push(scene)

    def _setting_changed(self, name: str) -> None:
        if name == "double_tap_ms":
            self.pointer.double_tap_ms = self.settings.double_tap_ms
        if name in ART_SETTINGS:
            self.reload_art()
        elif name in LAYOUT_SETTINGS:
            self.language_changed()
        elif name == "language":
            set_language(self.settings.language)
            self.language_changed()

    def reload_art(self) -> None:
        """The deck, the table or the card back changed: take the new theme (and load the
        card art again if the faces changed), and repaint everything at once."""
        theme = theme_for(self.settings.table, self.settings.card_back)
        if (self.assets.four_colour, self.assets.large_index) != (self.settings.four_colour, theme.large_index):
            self.assets = load_assets(self.settings.four_colour, theme.large_index)
        self.assets.inks = self.settings.inks
        self.painter = Painter(self.assets, theme)
        self.painter.suit_letters = self.settings.suit_letters
        self.language_changed()

    def language_changed(self) -> None:
        """Every scene drops what it drew and the whole window is painted again: in the
        new words after a change of language, and in the new looks after :meth:`reload_art`."""
        for scene in self.scenes:
            scene.art_changed()
        self.scenes.changed = True

    def play_sound(self, name: str) -> None:
        if self.settings.sound:
            self.audio.play(name, self.settings.volume)

    def quit(self) -> None:
        self.running = False

    # -- the loop --------------------------------------------------------------------------
    def dispatch(self, event: Any) -> None:
        etype = event.type
        if etype == pygame.QUIT:
            self.quit()
            return
        if etype == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if etype in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self.window.size_changed()
            self.scenes.changed = True  # same size or not, SDL may have a new surface
            return
        if etype == pygame.WINDOWMOVED:
            self.window.moved()
        if self.view.window_event(etype):
            return
        if etype in _REPAINT_EVENTS:
            self.scenes.changed = True
            return
        if self.access.on_event(event):  # its own requests (the window's focus it notes and passes on)
            return
        if etype == pygame.WINDOWFOCUSLOST:
            self._held.clear()  # the key-up of a key held now goes elsewhere (and it repeats no more)
            self.pointer.reset()
            for scene in self.scenes:
                scene.interrupted()
            return
        if etype == pygame.KEYUP:
            self._held.pop(event.key, None)
        elif etype == pygame.KEYDOWN:
            if event.key in self._held:
                return  # a key already down: the system's repeat (SDL's, when a release came late)
            self._held[event.key] = (event, self._event_time + REPEAT_DELAY_S if event.key in REPEAT_KEYS else math.inf)
        self._deliver(event)

    def _deliver(self, event: Any) -> None:
        """An input event to the scene on top (the pointer's through the one pointer reader)."""
        etype = event.type
        top = self.scenes.top
        if top is not self._pointer_scene:  # a window opened or closed: a press under way is no one's now
            self._pointer_scene = top
            self.pointer.reset()
        self.pointer.size = self.size
        pointer = self.pointer.translate(event)
        if pointer is not None:
            if top is not None:
                top.on_pointer(pointer)
            return
        if etype == pygame.KEYDOWN:
            self._key_scene = top
        elif etype == pygame.TEXTINPUT:
            # the text of a key that opened a window belongs to the scene that had the key
            key_scene, self._key_scene = self._key_scene, None
            if key_scene is not None and key_scene is not top:
                return
        if top is not None:
            top.handle(event)

    def step(self, dt: float | None = None) -> None:
        """One frame: handle every waiting event in order, advance time, draw if needed."""
        now = self.clock()
        if dt is None:
            dt = now - self._last
        self._last = now
        events = self._pending + pygame.event.get()
        self._pending = []
        self._event_time = self.time + dt
        if events:
            self._last_input = now
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        self._repeat_held()
        if not self.running:
            return
        self.view.tell()
        self.time += dt
        self._acc += min(max(dt, 0.0), MAX_FRAME)
        scenes = list(self.scenes)
        while self._acc >= STEP:
            for scene in scenes:
                scene.update(STEP)
            self._acc -= STEP
        self.view.tell()  # a scene an update opened (the won panel) covers the table from now
        self.audio.update()
        self.access.frame(bool(events), self.scenes.top)  # what changed, to a listening screen reader
        self.render(self._acc / STEP)

    def needs_draw(self) -> bool:
        return self.scenes.changed or any(scene.needs_draw() for scene in self.scenes.visible())

    def render(self, alpha: float = 0.0, force: bool = False) -> None:
        self.window.follow_surface()
        if not (force or self.needs_draw()):
            return
        full = force or self.scenes.changed
        visible = self.scenes.visible()
        dirty: list[pygame.Rect] | None = []
        if len(visible) == 1 and not full:
            dirty = visible[0].draw(self.screen, alpha, False)
        else:
            for scene in visible:
                scene.draw(self.screen, alpha, True)
            dirty = None
        for scene in visible:
            scene.dirty = False
        self.scenes.changed = False
        if dirty is None and self.screen.get_parent() is not None:
            pygame.display.update(self.screen.get_rect())  # a window drawn in part: only that part
        elif dirty is None:
            pygame.display.flip()
        elif dirty:
            pygame.display.update(dirty)
        self.frames += 1
        if not self._first_frame_reported:
            self._first_frame_reported = True
            if os.environ.get("SEAHAVEN_TRACE_STARTUP") == "1":
                print(f"seahaven: first frame {since_launch():.3f} s after launch", file=sys.stderr, flush=True)
            for hook in self.on_first_frame:
                hook()
        self.window.first_frame_shown()

    def _repeat_held(self) -> None:
        """Repeat the keys held down whose time has come: once a frame at most, so that a frame
        that comes late (a busy machine) brings no burst, and a tap whose release came in the
        same late frame as its press never repeats."""
        for key, (press, due) in list(self._held.items()):
            if due <= self._event_time:
                self._held[key] = (press, self._event_time + REPEAT_EVERY_S)
                self._deliver(press)

    def idle_timeout(self) -> float | None:
        waits = [w for w in (*(scene.wake_in() for scene in self.scenes), self.audio.wake_in()) if w is not None]
        waits += [due - self.time for _press, due in self._held.values() if due != math.inf]  # a held key repeats
        return max(0.0, min(waits)) if waits else None

    def run(self, max_frames: int | None = None) -> int:
        """Play until the window closes: sleep while nothing moves, 60 frames a second
        while something does."""
        self.step(0.0)
        self.audio.allowed = True  # sounds from now on: the first frame did not wait for the device
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            if not self.needs_draw() and not pygame.event.peek():
                self._sleep(self.idle_timeout())
            else:
                self._pace.tick(FPS_CAP)
            self.step()
            frames += 1
        self.remember_window()  # before the hooks: autosave's writes the settings
        for hook in list(self.on_quit):
            hook()
        return 0

    def _sleep(self, timeout: float | None) -> None:
        """Wait for input (or ``timeout`` seconds) at almost no CPU cost: in SDL's own wait
        where it can be reached (:mod:`seahaven.app.platform.waiting`), which sleeps until the window
        system has something; else by polling every ``IDLE_POLL`` seconds, which answers
        within a frame (pygame's ``event.wait`` polls every millisecond: a few percent of
        a core)."""
        deadline = time.perf_counter() + (1.0 if timeout is None else max(0.0, min(1.0, timeout)))
        while True:
            events = pygame.event.get()
            if events:
                self._pending.extend(events)
                self._last_input = time.perf_counter()
                return
            now = time.perf_counter()
            left = deadline - now
            if left <= 0:
                return
            if self._wait is False:
                self._wait = sdl_waiter()
            if self._wait:
                self._wait(math.ceil(left * 1000))
                continue
            quiet = now - self._last_input
            poll = IDLE_POLL if quiet < 1.0 else DEEP_IDLE_POLL if quiet < SLEEP_AFTER else SLEEP_POLL
            time.sleep(min(poll, left))

    def close(self) -> None:
        for hook in list(self.on_close):
            hook()
        self.audio.close()
        pygame.display.quit()
