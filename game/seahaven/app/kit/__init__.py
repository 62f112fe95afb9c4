"""The one widget kit of every window and screen, on one palette, one type scale, one word
wrap, one pointer machine (mouse and touch alike) and one keyboard: Tab and Shift+Tab move
the focus, Enter or Space presses, Esc closes.

Two kinds of scene are built with it:

- :class:`Screen`, for Help, Statistics, Settings and the daily deals: a full-window scene
  with a title bar, a Close button, optional tabs and a content column that scrolls;
- :class:`Window`, for the panels over the table (New Game, messages, the menu, the
  keypad): a centred panel of :class:`Widget` buttons, toggles, choices and fields.

Both share one key map (:data:`NAV_KEYS`: a key to an intent such as "close", "next" or
"press"), one focus model (:class:`FocusRing`: the focused control by name, and whether
its ring shows), one pointer machine (:class:`Presses`: what a press, a drag and a release
come to), one type scale (``type_scale``), one button painter (``render.button_face``) and
one text field model (:class:`TextField`, which typing, pasting and the on-screen keypad
all edit). Each lives in its own module of this package, which gathers the names the screens
import; the scenes (:mod:`.scenes`) and the pointer vocabulary (:mod:`.input`) are here too.

Keys: Esc or Backspace closes; Tab and Shift+Tab move the focus, Up and Down too but past
the tabs (or scroll a page without buttons); Enter or Space presses; Left and Right change
a value or switch tabs; Page Up, Page Down, Home and End scroll; the wheel and a finger
drag scroll too.
"""

from __future__ import annotations

from seahaven.app.kit.field import TextField
from seahaven.app.kit.focus import FocusRing
from seahaven.app.kit.nav_keys import NAV_KEYS, nav
from seahaven.app.kit.press import Outcome, Presses
from seahaven.app.kit.screen import Hot, Screen
from seahaven.app.kit.scroll import MORE
from seahaven.app.kit.window import DIM_TILE, Widget, Window

__all__ = [
    "DIM_TILE", "MORE", "NAV_KEYS", "FocusRing", "Hot", "Outcome", "Presses", "Screen", "TextField",
    "Widget", "Window", "nav",
]
