"""A stand-in for the ``accesskit`` module: it records every tree update the game sends, and
lets a test play the assistive technology (connect, press, focus) as AccessKit's thread
would."""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any


class Node:
    def __init__(self, role: str) -> None:
        self.role = role
        self.props: dict[str, Any] = {}
        self.actions: list[str] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not name.startswith("set_"):
            raise AttributeError(name)

        def setter(value: Any = True) -> None:
            self.props[name[4:]] = value

        return setter

    def add_action(self, action: str) -> None:
        self.actions.append(action)


class TreeUpdate:
    def __init__(self, focus: int) -> None:
        self.focus = focus
        self.nodes: list[tuple[int, Node]] = []
        self.tree: Any = None


class Tree:
    def __init__(self, root: int) -> None:
        self.root = root


class Adapter:
    def __init__(self, activate: Callable[[], Any], action: Callable[[Any], None],
                 deactivate: Callable[[], None]) -> None:
        self.activate, self.action, self.deactivate = activate, action, deactivate
        self.active = False
        self.updates: list[TreeUpdate] = []
        self.window_focus: list[bool] = []
        self.calls_while_inactive: list[str] = []
        """Adapter methods the game called while no reader was active: AccessKit 0.7's Unix
        adapter takes the lock its activation handler runs under, holding the GIL, so each of
        these could hang the game as a reader connects."""

    def _locked(self, name: str) -> None:
        if not self.active:
            self.calls_while_inactive.append(name)

    def update_if_active(self, factory: Callable[[], TreeUpdate]) -> None:
        self._locked("update_if_active")
        if self.active:
            self.updates.append(factory())

    def update_window_focus_state(self, focused: bool) -> None:
        self._locked("update_window_focus_state")
        self.window_focus.append(focused)

    def set_root_window_bounds(self, outer: Any, inner: Any) -> None:
        self._locked("set_root_window_bounds")

    # -- the assistive technology's side, on a thread of its own as AccessKit calls it ----------
    def connect(self) -> None:
        def run() -> None:
            self.updates.append(self.activate())
            self.active = True

        thread = threading.Thread(target=run)
        thread.start()
        thread.join()

    def request(self, action: str, target: int) -> None:
        thread = threading.Thread(target=self.action, args=(SimpleNamespace(action=action, target=target, data=None),))
        thread.start()
        thread.join()

    def scene(self) -> int:
        """The id of the window over the table as last sent (-1: none)."""
        return scene_of(self.latest())

    def latest(self) -> dict[int, Node]:
        """Every node as last sent."""
        nodes: dict[int, Node] = {}
        for update in self.updates:
            nodes.update(dict(update.nodes))
        return nodes


class _Names:
    def __getattr__(self, name: str) -> str:
        return name


def module() -> Any:
    """A fresh fake ``accesskit``; its adapter is ``.unix.made[-1]`` once started."""
    made: list[Adapter] = []

    def adapter(*handlers: Any) -> Adapter:
        made.append(Adapter(*handlers))
        return made[-1]

    return SimpleNamespace(Node=Node, TreeUpdate=TreeUpdate, Tree=Tree, Role=_Names(), Action=_Names(), Live=_Names(),
                           Toggled=_Names(), Rect=lambda *a: a, unix=SimpleNamespace(Adapter=adapter, made=made))


def scene_of(nodes: dict[int, Node]) -> int:
    """The id of the window or screen over the table in ``nodes`` (each opened window has ids of
    its own: ``access/windows.py``); -1 when there is none."""
    root = nodes.get(1)
    children = root.props.get("children", []) if root is not None else []
    return next((n for n in children if n >= 1_000_000), -1)
