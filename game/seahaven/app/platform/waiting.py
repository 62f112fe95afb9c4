"""Waiting for input at no CPU cost: SDL's own ``SDL_WaitEventTimeout``.

pygame-ce's ``event.wait`` pumps events and sleeps a millisecond in a loop (about 2 % of a
core), and a loop of ``event.get`` and short sleeps wakes tens of times a second. SDL
itself can wait on the window system's connection until an event or the timeout comes
(on X11 it sleeps in ``poll`` on the X socket); pygame-ce does not expose that call, so it
is reached through ``ctypes`` in the very SDL library pygame loaded (checked: that copy
must already have video initialised). Where it cannot be found, :func:`sdl_waiter` gives
None and the loop polls as before.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes

SDL_INIT_VIDEO = 0x20


def _candidates() -> Iterable[str]:
    """Paths (or names) of the SDL 2 library this process may have loaded."""
    import glob  # here, not at the top: the loop asks once, after the first frame

    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps") as maps:
                for line in maps:
                    path = line.rsplit(None, 1)[-1]
                    name = os.path.basename(path)
                    if name.startswith(("libSDL2-2", "libSDL2.so")) and "/" in path:
                        yield path
        except OSError:
            pass
    if sys.platform == "win32":
        yield "SDL2.dll"
    import pygame  # only to find its folder: it is imported already wherever this runs

    roots = [os.path.dirname(pygame.__file__)]
    roots.append(os.path.join(os.path.dirname(roots[0]), "pygame_ce.libs"))
    if hasattr(sys, "_MEIPASS"):
        roots.append(sys._MEIPASS)
    for root in roots:
        for pattern in ("libSDL2-2*", "libSDL2.*", ".dylibs/libSDL2-2*", "SDL2.dll"):
            yield from sorted(glob.glob(os.path.join(root, pattern)))


def sdl_library() -> ctypes.CDLL | None:
    """The SDL 2 library pygame loaded, as a ``ctypes`` library (the copy that has video
    initialised), or None where it cannot be found. ``ctypes`` is imported here, not with
    the game: this is asked after the first frame or when the window changes."""
    import ctypes

    seen: set[str] = set()
    for candidate in _candidates():
        if candidate in seen:
            continue
        seen.add(candidate)
        try:
            library = ctypes.CDLL(candidate)
            was_init = library.SDL_WasInit
        except (OSError, AttributeError):
            continue
        was_init.argtypes, was_init.restype = [ctypes.c_uint32], ctypes.c_uint32
        if not was_init(SDL_INIT_VIDEO) & SDL_INIT_VIDEO:
            continue  # another copy of SDL than pygame's: it would know nothing of the window
        return library
    return None


def sdl_waiter() -> Callable[[int], bool] | None:
    """A function that waits up to ``ms`` milliseconds for an SDL event without taking it
    from the queue (True when one is there), or None where SDL's wait cannot be reached.
    Called when the loop first sleeps."""
    import ctypes

    library = sdl_library()
    if library is None:
        return None
    try:
        wait = library.SDL_WaitEventTimeout
    except AttributeError:
        return None
    wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int

    def waiter(ms: int, wait: Callable[..., int] = wait) -> bool:
        return bool(wait(None, max(0, int(ms))))

    return waiter
