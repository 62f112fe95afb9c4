"""The tree handed to the platform's accessibility API through AccessKit, for the SDL
window: AT-SPI on Linux, UI Automation on Windows, NSAccessibility on macOS.

Nothing is built or sent while no assistive technology listens (:attr:`Access.active` is
False: every call returns at once). When one connects, AccessKit calls the activation
handler on a thread of its own: it only returns the bare window and posts a pygame event,
and the loop sends the whole tree on its own thread. After that only the nodes that differ
from what was sent last go out, when something changed. AT requests (a "click", a focus)
arrive the same way, as pygame events the table carries out like a key or a tap.

The loop never calls the Linux adapter while no reader is active. AccessKit 0.7's Python
binding holds the GIL in every adapter method, and its Unix adapter calls the activation
handler with its own lock held: a call from the loop at that moment (the window gaining
focus as Orca connects) waits for that lock while holding the GIL the handler waits for,
and the game hangs. So the window's focus and place are noted while no reader listens and
sent once one does, and :attr:`Access.active` turns True as the handler's last statement
(the loop cannot run between it and the handler's return, which is the GIL's hand-over).

On Linux a new accessibility bus (the old one died and another started) is found again
without a restart: :mod:`seahaven.app.access.bus_watch` follows the bus in a thread of its own
and has the adapter attach to the new one (:meth:`Access._reattach`).

Without ``accesskit`` (an optional dependency: not installed, a platform it does not support,
an adapter that fails to start) :meth:`Access.start` leaves the game as it was; a missing
package is said once on standard error (and Help says it: :func:`installed`).

Speech: Orca 43 (Debian 12) does not speak announcements (``object:announcement``) but
speaks a change of the focused node's description; newer readers on Linux speak both. So
on Linux a sentence goes into the focused node's description only (said once by every
Orca), and elsewhere into a polite live region (UI Automation and NSAccessibility readers
announce that).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from seahaven.app.access import bus_watch
from seahaven.app.access.tree import ANNOUNCER, WINDOW, Bounds, NodeSpec
from seahaven.app.text.file_names import drawable
from seahaven.i18n import _, pgettext

EVENT = pygame.event.custom_type()
"""AccessKit's requests as pygame events: ``what`` is "activated", "click" or "focus";
``target`` the node's id."""
LINUX = sys.platform.startswith("linux")

Provider = Callable[[], tuple[dict[int, NodeSpec], int]]
"""The tree now and the id of the focused node."""



@functools.cache
def installed() -> bool:
    """Whether the ``accesskit`` package is there (looked up, not imported: cheap at start)."""
    return importlib.util.find_spec("accesskit") is not None


@functools.cache
def _say_not_installed() -> None:
    """Once a process: a player (or a packager reading the log) learns why no reader reads."""
    print("seahaven: " + _("screen reader support is not installed (the accesskit package), so no screen reader "
                           "can read the game."), file=sys.stderr, flush=True)

class Access:
    """The link between the game's tree and the platform's accessibility API."""

    def __init__(self) -> None:
        self.active = False
        """An assistive technology listens (set by AccessKit's handlers)."""
        self.title = "Seahaven Towers"
        """The window's name, as its caption (the game's name is a proper name: not translated)."""
        self.provider: Provider | None = None
        self.on_request: Callable[[str, int], None] | None = None
        """What the game does with an AT's "click" or "focus" on a node (the table's)."""
        self.stale = True
        """Something the tree shows may have changed since the last :meth:`sync`."""
        self.window_focused = False
        self.uses_live_region = not LINUX
        self.shows_disabled = not LINUX
        """The platform tells a disabled button (AccessKit 0.7's AT-SPI side shows the disabled
        state for text fields only: there the tree says it in the button's description)."""
        self._ak: Any = None
        self._adapter: Any = None
        self._sent: dict[int, NodeSpec] = {}
        self._focus = -1
        self._speech = ""
        self._speech_node = -1
        self._speech_fresh = False
        self._top: object = None
        self.sent_nodes = 0
        """Nodes sent in all (for tests and the benchmark)."""
        self._let_go = threading.Event()
        """Set by AccessKit's deactivation handler (the watch of the bus waits for it)."""
        self.watch: threading.Thread | None = None
        """Linux: the thread that has the adapter attach to a new accessibility bus (:mod:`bus_watch`)."""

    # -- start -------------------------------------------------------------------------------
    def start(self, backend: Any = None) -> bool:
        """Attach to the window (after ``set_mode``); False where there is nothing to attach.
        ``backend`` stands in for the ``accesskit`` module (tests). The module is imported by
        name: it has no type information, and behind ``importlib`` it is ``Any`` to mypy."""
        if backend is None and not installed():
            _say_not_installed()
            self._adapter = None
            return False
        try:
            accesskit = backend if backend is not None else importlib.import_module("accesskit")
            self._ak = accesskit
            if sys.platform == "win32":
                hwnd = pygame.display.get_wm_info()["window"]
                self._adapter = accesskit.windows.SubclassingAdapter(hwnd, self._activated, self._requested)
            elif sys.platform == "darwin":
                accesskit.macos.add_focus_forwarder_to_window_class("SDLWindow")
                window = pygame.display.get_wm_info()["window"]
                self._adapter = accesskit.macos.SubclassingAdapter.for_window(window, self._activated,
                                                                             self._requested)
            else:
                self._adapter = accesskit.unix.Adapter(self._activated, self._requested, self._deactivated)
        except Exception:  # no accesskit, no adapter for this platform or window: play on, silently
            self._adapter = None
            return False
        if backend is None and LINUX:  # a new accessibility bus is found again (not with a test's stand-in)
            self.watch = bus_watch.start(self._reattach)
        return True

    # -- AccessKit's handlers (its own thread: post events, touch nothing else) ------------------
    def _activated(self) -> Any:
        ak = self._ak
        update = ak.TreeUpdate(WINDOW)
        tree = ak.Tree(WINDOW)
        tree.toolkit_name = "pygame-ce"
        tree.toolkit_version = pygame.version.ver
        update.tree = tree
        window = ak.Node(ak.Role.WINDOW)
        window.set_label(self.title)
        update.nodes.append((WINDOW, window))
        with contextlib.suppress(Exception):  # (an exception would panic AccessKit's thread)
            pygame.event.post(pygame.event.Event(EVENT, what="activated", target=WINDOW))
        self.active = True  # last: from here on the loop may call the adapter (see the module's text)
        return update

    def _deactivated(self) -> None:
        self.active = False
        self._let_go.set()

    def _reattach(self) -> None:
        """(The bus watch's thread) A new accessibility bus is there, which AccessKit does not
        know of: ``IsEnabled`` off, so that it lets go of the old bus (its deactivation handler
        says when, two seconds at most), then on again, so that it attaches to the new one and
        asks for the tree again (the activation handler, and the loop sends it whole). The
        desktop's setting is back as it was a moment later. AccessKit lets go of its lock before
        it calls the deactivation handler, and :attr:`active` is False from then until the
        activation handler's end, so the loop never waits on the adapter meanwhile (the
        module's text)."""
        self._let_go.clear()
        attached = self.active
        if not bus_watch.set_enabled(False):
            return
        if attached:
            self._let_go.wait(2.0)
        for _attempt in range(3):  # (never leave the desktop's accessibility off)
            if bus_watch.set_enabled(True):
                break

    def _requested(self, request: Any) -> None:
        # an exception here would panic AccessKit's thread: nothing may escape
        with contextlib.suppress(Exception):
            ak = self._ak
            action = request.action
            what = "click" if action == ak.Action.CLICK else "focus" if action == ak.Action.FOCUS else None
            if what is not None:
                pygame.event.post(pygame.event.Event(EVENT, what=what, target=int(request.target)))

    # -- the loop's side ---------------------------------------------------------------------------
    def on_event(self, event: Any) -> bool:
        """A pygame event: True for this link's own (handled here); the window's focus is noted
        (and the event left to the loop)."""
        if event.type == EVENT:
            self.handle(event)
            return True
        if event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.window_focus(event.type == pygame.WINDOWFOCUSGAINED)
        return False

    def frame(self, had_input: bool, top: object) -> None:
        """The end of a frame's updates: input or another window on top may have changed what
        the tree shows; send what did (nothing while no reader listens)."""
        if had_input or top is not self._top:
            self._top = top
            self.stale = True
        self.sync()

    def handle(self, event: Any) -> None:
        """An :data:`EVENT` on the loop's thread."""
        if event.what == "activated":
            if not self.active:  # the handler is still running on AccessKit's thread: look again soon
                tries = int(event.dict.get("tries", 0)) + 1
                if tries < 300:  # (3 s: a reader that left at once is not waited for)
                    again = pygame.event.Event(EVENT, what="activated", target=WINDOW, tries=tries)
                    pygame.time.set_timer(again, 10, loops=1)
                return
            self._sent = {}  # everything goes out whole next
            self._focus = -1
            self.stale = True
            self._follow_window()
            if self.window_focused:  # the reader missed the window's activation: say it again
                self.window_focus(False)
                self.window_focus(True)
        elif self.on_request is not None:
            self.on_request(event.what, event.target)
        self.stale = True

    def window_focus(self, focused: bool) -> None:
        self.window_focused = focused
        if self._adapter is None or (LINUX and not self.active):  # sent when a reader comes
            return
        if sys.platform == "darwin":
            self._raise(self._adapter.update_view_focus_state(focused))
        elif sys.platform != "win32":
            self._adapter.update_window_focus_state(focused)

    def window_bounds(self, bounds: Bounds) -> None:
        if self._adapter is not None and LINUX and self.active:
            rect = self._ak.Rect(*bounds)
            self._adapter.set_root_window_bounds(rect, rect)

    def _follow_window(self) -> None:
        """Tell AT-SPI where the window is on the screen (its nodes' places are window pixels)."""
        with contextlib.suppress(Exception):  # no window to ask: the reader places nodes from 0, 0
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            x, y = window.position
            w, h = window.size
            self.window_bounds((float(x), float(y), float(x + w), float(y + h)))

    def say(self, text: str) -> None:
        """A sentence for the player's screen reader, said once (at the next :meth:`sync`);
        sentences said before that sync are said together, in order (the last move's and the
        win's), none lost."""
        if not self.active or not text:
            return
        if self._speech_fresh and self._speech and self._speech != text:
            text = pgettext("two sentences", "{first} {second}").format(first=self._speech, second=text)
        self._speech = text
        self._speech_fresh = True
        self.stale = True

    def sync(self) -> None:
        """Send what changed since the last call (nothing at all while no reader listens)."""
        if not self.active or not self.stale or self.provider is None or self._adapter is None:
            return
        self.stale = False
        nodes, focus = self.provider()
        # the sentence goes into the live region (a value) or the focused node (a description)
        target, field = (ANNOUNCER, "value") if self.uses_live_region else (focus, "description")
        if self._speech_fresh:
            self._speech_fresh = False
            was = self._sent.get(target)
            if target in nodes and was is not None and getattr(was, field) == self._speech:
                # the same sentence again: a reader hears a change only, so clear it first
                self._send({target: _saying(nodes[target], field, "")}, focus)
            self._speech_node = target
        if self._speech_node == target and target in nodes:
            nodes[target] = _saying(nodes[target], field, self._speech)
        else:
            self._speech_node = -1  # the focus moved on: its sentence is not read again there
        sent = self._sent
        changed = {node: spec for node, spec in nodes.items() if (was := sent.get(node)) is not spec and was != spec}
        if changed or focus != self._focus:
            self._send(changed, focus)
        for gone in set(self._sent) - set(nodes):
            del self._sent[gone]

    def _send(self, changed: dict[int, NodeSpec], focus: int) -> None:
        ak = self._ak

        def update() -> Any:
            tree_update = ak.TreeUpdate(focus)
            for node, spec in changed.items():
                tree_update.nodes.append((node, self._node(spec)))
            return tree_update

        self._raise(self._adapter.update_if_active(update))
        self._sent.update(changed)
        self._focus = focus
        self.sent_nodes += len(changed)

    @staticmethod
    def _raise(events: Any) -> None:
        if events is not None:  # Windows and macOS hand back the events to raise
            events.raise_events()

    def _node(self, spec: NodeSpec) -> Any:
        ak = self._ak
        roles = {"window": ak.Role.WINDOW, "toolbar": ak.Role.TOOLBAR, "button": ak.Role.BUTTON,
                 "group": ak.Role.GROUP, "list": ak.Role.LIST, "list_item": ak.Role.LIST_ITEM,
                 "label": ak.Role.LABEL, "dialog": ak.Role.DIALOG, "check_box": ak.Role.CHECK_BOX,
                 "status": ak.Role.STATUS, "heading": ak.Role.HEADING, "paragraph": ak.Role.PARAGRAPH,
                 "tab": ak.Role.TAB, "text_input": ak.Role.TEXT_INPUT, "radio_button": ak.Role.RADIO_BUTTON}
        node = ak.Node(roles.get(spec.role, ak.Role.GENERIC_CONTAINER))
        if spec.label:  # a file name that is not UTF-8 is read with U+FFFD, never a failure (issue 36)
            node.set_label(drawable(spec.label))
        if spec.value:
            node.set_value(drawable(spec.value))
        if spec.description:
            node.set_description(drawable(spec.description))
        if spec.children:
            node.set_children(list(spec.children))
        if spec.focusable:
            node.add_action(ak.Action.FOCUS)
        if spec.clickable:
            node.add_action(ak.Action.CLICK)
        if spec.disabled:
            node.set_disabled()
        if spec.selected is not None:
            node.set_selected(spec.selected)
        if spec.checked is not None:
            node.set_toggled(ak.Toggled.TRUE if spec.checked else ak.Toggled.FALSE)
        if spec.live:
            node.set_live(ak.Live.POLITE)
        if spec.bounds is not None:
            node.set_bounds(ak.Rect(*spec.bounds))
        return node


def _saying(spec: NodeSpec, field: str, text: str) -> NodeSpec:
    """``spec`` with ``text`` as its value (a live region) or its description (a focused node)."""
    return replace(spec, value=text) if field == "value" else replace(spec, description=text)
