"""Windows console: the windowed executable attaches to the console it was started from, so
``--help``, ``--version``, ``deal``, ``solve`` and errors print there; double-clicked (no parent
console) it stays silent; streams that already lead somewhere are left alone; the game itself
lets go of the console. Checked with a stand-in for ``ctypes`` (this is not Windows)."""

from __future__ import annotations

import io
import sys
from types import SimpleNamespace
from typing import Any

import pytest

import seahaven.__main__ as entry
from seahaven import __version__, windows_console
from seahaven.windows_console import ATTACH_PARENT_PROCESS, Console, attach_parent_console


class FakeKernel32:
    """Records the calls a real ``ctypes.windll.kernel32`` would receive."""

    def __init__(self, parent_console: bool) -> None:
        self.parent_console = parent_console
        self.calls: list[tuple[str, tuple[int, ...]]] = []

    def AttachConsole(self, process: int) -> int:
        self.calls.append(("AttachConsole", (process,)))
        return 1 if self.parent_console else 0

    def FreeConsole(self) -> int:
        self.calls.append(("FreeConsole", ()))
        return 1


class ConsoleStream(io.StringIO):
    """One stream opened on ``CONOUT$``: what it holds goes to the console when it is closed."""

    def __init__(self, console: io.StringIO) -> None:
        super().__init__()
        self.console = console

    def close(self) -> None:
        if not self.closed:
            self.console.write(self.getvalue())
        super().close()


class FakeConsole:
    """The console devices: what the program writes to ``CONOUT$``."""

    def __init__(self) -> None:
        self.opened: list[tuple[str, str]] = []
        self.out = io.StringIO()

    def open(self, name: str, mode: str) -> Any:
        self.opened.append((name, mode))
        return io.StringIO("") if name == "CONIN$" else ConsoleStream(self.out)


@pytest.fixture(autouse=True)
def _no_attachment_survives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's attachment (to a stand-in console) ends with the test."""
    monkeypatch.setattr(windows_console, "_current", Console())


def go_windowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The standard streams of a windowed Windows program: none. (Called in the test itself:
    pytest puts its own capturing streams back between a fixture and the test.)"""
    for name in ("stdin", "stdout", "stderr"):
        monkeypatch.setattr(sys, name, None)


def test_started_from_a_console_it_attaches_and_prints_there(monkeypatch: pytest.MonkeyPatch) -> None:
    go_windowed(monkeypatch)
    kernel32, console = FakeKernel32(parent_console=True), FakeConsole()
    attached = attach_parent_console("win32", SimpleNamespace(windll=SimpleNamespace(kernel32=kernel32)),
                                     console.open)
    assert attached.attached and kernel32.calls == [("AttachConsole", (ATTACH_PARENT_PROCESS,))]
    assert sorted(console.opened) == [("CONIN$", "r"), ("CONOUT$", "w"), ("CONOUT$", "w")]
    print("hello")
    print("trouble", file=sys.stderr)
    assert sys.stdout.getvalue() == "hello\n" and sys.stderr.getvalue() == "trouble\n"
    attached.release()
    assert kernel32.calls[-1] == ("FreeConsole", ()) and sys.stdout is None and sys.stderr is None
    assert console.out.getvalue() == "hello\ntrouble\n"


def test_double_clicked_there_is_no_console_and_nothing_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    go_windowed(monkeypatch)
    kernel32, console = FakeKernel32(parent_console=False), FakeConsole()
    attached = attach_parent_console("win32", SimpleNamespace(windll=SimpleNamespace(kernel32=kernel32)),
                                     console.open)
    assert not attached.attached and console.opened == [] and sys.stdout is None
    attached.release()
    assert [name for name, _ in kernel32.calls] == ["AttachConsole"]


def test_streams_that_lead_somewhere_are_left_alone() -> None:
    kernel32, console = FakeKernel32(parent_console=True), FakeConsole()
    before = sys.stdout
    attached = attach_parent_console("win32", SimpleNamespace(windll=SimpleNamespace(kernel32=kernel32)),
                                     console.open)
    assert not attached.attached and kernel32.calls == [] and sys.stdout is before


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_nothing_happens_off_windows(platform: str, monkeypatch: pytest.MonkeyPatch) -> None:
    go_windowed(monkeypatch)
    kernel32 = FakeKernel32(parent_console=True)
    attached = attach_parent_console(platform, SimpleNamespace(windll=SimpleNamespace(kernel32=kernel32)))
    assert not attached.attached and kernel32.calls == [] and sys.stdout is None


def test_the_real_call_is_a_no_op_here() -> None:
    assert not attach_parent_console().attached or sys.platform == "win32"


def windows_main(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[int, FakeKernel32, FakeConsole]:
    """``main(argv)`` as the windowed executable started from a console runs it."""
    kernel32, console = FakeKernel32(parent_console=True), FakeConsole()
    fake = SimpleNamespace(windll=SimpleNamespace(kernel32=kernel32))
    monkeypatch.setattr(entry, "attach_parent_console", lambda: attach_parent_console("win32", fake, console.open))
    try:
        status = entry.main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None:
            stream.close()
    return status, kernel32, console


@pytest.mark.parametrize(("argv", "status", "shown"), [
    (["--version"], 0, f"seahaven {__version__}\n"),
    (["--help"], 0, "usage: seahaven"),
    (["deal", "SH1-C4-AAAAAJ2"], 0, "\n"),
    (["solve", "not a code"], 3, "seahaven solve: "),
    (["--frobnicate"], 2, "seahaven: error: unrecognized arguments"),  # a usage error: argparse's 2
])
def test_the_command_line_prints_to_the_console(argv: list[str], status: int, shown: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    go_windowed(monkeypatch)
    got, kernel32, console = windows_main(monkeypatch, argv)
    assert got == status and shown in console.out.getvalue(), console.out.getvalue()
    assert kernel32.calls[0] == ("AttachConsole", (ATTACH_PARENT_PROCESS,))


def test_the_game_lets_go_of_the_console_just_before_its_window_opens(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Any) -> None:
    from seahaven.app.shell import launch

    go_windowed(monkeypatch)
    seen: list[Any] = []
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(launch, "play", lambda *args, **kwargs: seen.append(sys.stdout) or 0)  # the window
    status, kernel32, console = windows_main(monkeypatch, ["--windowed"])
    assert status == 0 and seen == [None]
    assert [name for name, _ in kernel32.calls] == ["AttachConsole", "FreeConsole"]

    status, kernel32, console = windows_main(monkeypatch, ["--size", "huge"])  # complaints still print
    assert status == 3 and console.out.getvalue().startswith("seahaven: error: A size looks like")
