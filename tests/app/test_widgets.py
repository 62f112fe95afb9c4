"""The widget kit's one pointer machine and one focus model (issue 26 item 3): every
screen and window turns pointer events into presses the same way, and the kit's modules
keep the names the screens import."""

from __future__ import annotations

from pathlib import Path

from seahaven.app import kit
from seahaven.app.kit.focus import FocusRing
from seahaven.app.kit.input import DRAG_DISTANCE, TOUCH_FACTOR, Pointer
from seahaven.app.kit.press import Presses
from tests.app.table_helpers import make_app
from tests.conftest import ROOT


def pointer(kind: str, x: float, y: float, touch: bool = False) -> Pointer:
    return Pointer(kind, (x, y), 1 if touch else 0, touch=touch)


def test_a_press_released_on_its_target_activates_it() -> None:
    machine: Presses[str] = Presses()
    down = machine.feed(pointer("down", 10, 10), "ok")
    assert down is not None and down.kind == "down" and machine.held
    outcome = machine.feed(pointer("up", 12, 11), "ok")
    assert outcome is not None and outcome.kind == "activate" and outcome.target == "ok"
    assert not machine.held


def test_a_release_elsewhere_or_after_a_drag_activates_nothing() -> None:
    machine: Presses[str] = Presses()
    machine.feed(pointer("down", 10, 10), "ok")
    outcome = machine.feed(pointer("up", 10, 10), "cancel")
    assert outcome is not None and outcome.kind == "up"
    machine.feed(pointer("down", 10, 10, touch=True), "ok")
    slop = DRAG_DISTANCE * TOUCH_FACTOR  # the one drag threshold, a finger's
    assert machine.feed(pointer("move", 10, 10 + slop, touch=True), "ok", can_drag=True) is None
    drag = machine.feed(pointer("move", 10, 10 + slop + 1, touch=True), "ok", can_drag=True)
    assert drag is not None and drag.kind == "drag" and drag.dy == slop + 1
    outcome = machine.feed(pointer("up", 10, 30, touch=True), "ok")
    assert outcome is not None and outcome.kind == "up"
    # where nothing can be dragged, a moving press stays a press
    machine.feed(pointer("down", 10, 10), "ok")
    assert machine.feed(pointer("move", 10, 60), "ok") is None
    outcome = machine.feed(pointer("up", 10, 10), "ok")
    assert outcome is not None and outcome.kind == "activate"


def test_the_mouse_hovers_a_finger_does_not() -> None:
    machine: Presses[str] = Presses()
    outcome = machine.feed(pointer("move", 5, 5), "help")
    assert outcome is not None and outcome.kind == "hover" and machine.hover == "help"
    assert machine.feed(pointer("move", 6, 5), "help") is None  # no change, no repaint
    assert machine.feed(pointer("move", 50, 50, touch=True), None) is None and machine.hover == "help"


def test_focus_ring_moves_and_clicks() -> None:
    ring = FocusRing()
    assert not ring.move([], 1)
    assert ring.move(["a", "b", "c"], -1) and ring.name == "c"
    assert ring.move(["a", "b", "c"], 1) and ring.name == "a"
    ring.visible = True
    ring.click("b")
    assert ring.name == "b" and not ring.visible


def test_every_screen_and_window_uses_the_one_machine_and_ring() -> None:
    from seahaven.app.screens import dialogs, navigation

    app = make_app(size=(1024, 768))
    try:
        navigation.open_screen(app, app.scenes.bottom.session, "settings")
        app.step(1 / 60)
        screen = app.scenes.top
        screen.close()
        app.push(dialogs.Notice(app, lambda: "Notice", lambda: "Words."))
        app.step(1 / 60)
        window = app.scenes.top
        for scene in (screen, window):
            assert isinstance(scene.presses, Presses) and isinstance(scene.ring, FocusRing)
    finally:
        app.close()


def test_the_kit_keeps_its_names_and_one_reader_translates_the_pointer() -> None:
    for name in ("Screen", "Window", "Widget", "TextField", "FocusRing", "Hot", "NAV_KEYS", "nav", "MORE"):
        assert hasattr(kit, name), name
    folder = Path(ROOT) / "game" / "seahaven" / "app" / "kit"
    pointer_handlers = {path.name for path in folder.glob("*.py") if "Pointer(" in path.read_text()
                        or ".translate(" in path.read_text()}
    assert pointer_handlers <= {"input.py"}  # the loop's one reader translates; press.py decides
