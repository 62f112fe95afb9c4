"""The accessibility bus coming back (issue 41): what the bus watch makes of ``gdbus monitor``'s
lines, and the adapter let go of and attached again through the real loop, with the stand-in
for AccessKit. The real bus killed and started again: test_reader.py."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from seahaven.app.access import bus_watch
from seahaven.app.access.bus_watch import BusWatch
from tests.access.test_tree import CODE, listening
from tests.app.table_helpers import make_app, steps

START = "Monitoring signals from all objects owned by org.a11y.Bus"
GONE = "The name org.a11y.Bus does not have an owner"


def owned(name: str) -> str:
    return f"The name org.a11y.Bus is owned by {name}"


def enabled(value: bool) -> str:
    return ("/org/a11y/bus: org.freedesktop.DBus.Properties.PropertiesChanged ('org.a11y.Status', "
            f"{{'IsEnabled': <{'true' if value else 'false'}>}}, @as [])")


class Bus:
    """The launcher's IsEnabled as the watch asks it, and the attachments it asked for."""

    def __init__(self, on: bool | None = True) -> None:
        self.on = on
        self.asked = 0
        self.watch = BusWatch(self.is_enabled, lambda: None)

    def is_enabled(self) -> bool | None:
        self.asked += 1
        return self.on

    def feed(self, *lines: str) -> int:
        for line in lines:
            self.watch.line(line + "\n")
        return self.watch.reattached


def test_the_bus_the_game_started_with_is_left_to_accesskit() -> None:
    bus = Bus()
    assert bus.feed(START, owned(":1.3"), enabled(False), enabled(True), owned(":1.3")) == 0
    assert bus.asked == 0


def test_a_new_bus_that_is_enabled_is_attached_to_once() -> None:
    bus = Bus()
    assert bus.feed(START, owned(":1.3"), GONE, owned(":1.10")) == 1
    # the attachment's own off and on, and the same owner said again, change nothing
    assert bus.feed(enabled(False), enabled(True), owned(":1.10")) == 1
    # and the bus can die and come back again
    assert bus.feed(GONE, owned(":1.17"), enabled(False), enabled(True)) == 2


def test_a_new_bus_that_is_off_waits_for_a_reader_to_turn_it_on() -> None:
    bus = Bus(on=False)
    assert bus.feed(START, owned(":1.3"), GONE, owned(":1.10")) == 0
    # a reader turns it on: AccessKit, still holding the dead bus, needs the off and on
    assert bus.feed(enabled(True)) == 1
    assert bus.feed(enabled(False), enabled(True)) == 1


def test_a_bus_turned_off_then_on_by_a_reader_needs_nothing_more() -> None:
    bus = Bus(on=False)
    assert bus.feed(START, owned(":1.3"), GONE, owned(":1.10"), enabled(False), enabled(True)) == 0


def test_a_bus_that_does_not_answer_is_attached_to_when_it_is_turned_on() -> None:
    bus = Bus(on=None)
    assert bus.feed(START, owned(":1.3"), GONE, owned(":1.10")) == 0
    assert bus.feed(enabled(True)) == 1


def test_a_bus_that_appears_after_the_game_started_is_attached_to() -> None:
    bus = Bus()
    assert bus.feed(START, GONE, owned(":1.4")) == 1


def test_without_a_session_bus_nothing_is_watched(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))  # (no "bus" socket in it)
    assert not bus_watch.session_bus_known()
    assert bus_watch.start(lambda: None) is None


def test_attaching_again_lets_go_of_the_old_bus_then_sends_the_whole_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The adapter lets go (AccessKit's deactivation handler on its thread) before IsEnabled is
    turned on again, and the loop then sends the tree whole, as to a new reader."""
    app = make_app(CODE)
    adapter = listening(app)
    steps(app, 2)
    sent = app.access.sent_nodes
    settings: list[bool] = []

    def set_enabled(value: bool) -> bool:
        settings.append(value)
        if value:
            adapter.connect()
        else:  # AccessKit lets go on its own thread, a moment later
            def let_go() -> None:
                adapter.active = False
                adapter.deactivate()

            threading.Timer(0.05, let_go).start()
        return True

    monkeypatch.setattr(bus_watch, "set_enabled", set_enabled)
    app.access._reattach()
    assert settings == [False, True]
    assert app.access.active
    steps(app, 3)
    assert app.access.sent_nodes - sent == sent  # the whole tree again, as it was sent first
    assert not adapter.calls_while_inactive


def test_attaching_again_never_leaves_the_desktops_accessibility_off(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(CODE)
    listening(app)
    settings: list[bool] = []
    answers = iter([True, False, False, True])

    def set_enabled(value: bool) -> bool:
        settings.append(value)
        return next(answers)

    monkeypatch.setattr(bus_watch, "set_enabled", set_enabled)
    monkeypatch.setattr(app.access._let_go, "wait", lambda seconds: True)  # (nobody lets go here)
    app.access._reattach()
    assert settings == [False, True, True, True]
