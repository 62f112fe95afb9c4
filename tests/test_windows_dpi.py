"""Windows DPI awareness: nothing happens elsewhere; on Windows the right calls, in order."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

import pytest

from seahaven.windows_dpi import E_ACCESSDENIED, declare_dpi_awareness


class FakeCtypes:
    """Records the calls a real ``ctypes.windll`` would receive."""

    def __init__(self, shcore_result: Any = 0, has_shcore: bool = True) -> None:
        self.calls: list[tuple[str, tuple[int, ...]]] = []

        def call(name: str, result: Any) -> Any:
            def function(*args: int) -> Any:
                self.calls.append((name, args))
                if isinstance(result, Exception):
                    raise result
                return result
            return function

        shcore = SimpleNamespace(SetProcessDpiAwareness=call("SetProcessDpiAwareness", shcore_result))
        user32 = SimpleNamespace(SetProcessDPIAware=call("SetProcessDPIAware", 1))
        self.windll = SimpleNamespace(user32=user32, **({"shcore": shcore} if has_shcore else {}))


@pytest.fixture(autouse=True)
def _no_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_nothing_happens_off_windows(platform: str) -> None:
    fake = FakeCtypes()
    assert declare_dpi_awareness(platform, fake) is None
    assert fake.calls == [] and "SDL_WINDOWS_DPI_AWARENESS" not in os.environ


def test_the_real_call_is_a_no_op_on_this_machine() -> None:
    assert declare_dpi_awareness() is None or os.name == "nt"


def test_windows_asks_for_per_monitor_awareness_and_sets_the_sdl_hint() -> None:
    fake = FakeCtypes()
    assert declare_dpi_awareness("win32", fake) == "per-monitor"
    assert fake.calls == [("SetProcessDpiAwareness", (2,))]
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"


def test_awareness_already_set_by_the_manifest_is_fine() -> None:
    fake = FakeCtypes(shcore_result=E_ACCESSDENIED)
    assert declare_dpi_awareness("win32", fake) == "per-monitor"
    assert [name for name, _ in fake.calls] == ["SetProcessDpiAwareness"]


@pytest.mark.parametrize("fake", [FakeCtypes(has_shcore=False), FakeCtypes(shcore_result=OSError("no shcore"))])
def test_older_windows_fall_back_to_set_process_dpi_aware(fake: FakeCtypes) -> None:
    assert declare_dpi_awareness("win32", fake) == "system"
    assert fake.calls[-1] == ("SetProcessDPIAware", ())


def test_play_declares_awareness_before_the_window_opens(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import argparse

    import seahaven.windows_dpi
    from seahaven.app.shell import launch
    from seahaven.commands import play

    order: list[str] = []

    class WindowOpened(Exception):
        pass

    def app(*args: Any, **kwargs: Any) -> None:
        order.append("window")
        raise WindowOpened

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(seahaven.windows_dpi, "declare_dpi_awareness", lambda: order.append("dpi"))
    monkeypatch.setattr(launch, "App", app)  # the window, as the game's start-up opens it
    with pytest.raises(WindowOpened):
        play.run(argparse.Namespace(size=None, code=None, smoke=False, windowed=True))
    assert order == ["dpi", "window"]
