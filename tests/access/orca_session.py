#!/usr/bin/python3
"""Orca itself hears the running game, and this script waits for what it says (the system's
python3, stdlib only; run inside headless.sh by test_orca.py and benchmarks/orca_words.py).

Usage: orca_session.py OUT_DIR STEPS_JSON -- GAME_CMD...

It starts speech-dispatcher (its only synthesizer appends each utterance to a file), Orca
(with a line-buffered debug log), then the game, focuses the game's window and carries out
the steps. Every wait is for something Orca said or the game wrote, never for a time: on a
loaded machine it only takes longer. A wait that sees nothing within its limit (90 s) stops
the run with an "error" line. Steps:

- ``["key", NAME, REGEX]``: write a marker into the spoken log, send the key (xdotool), then
  wait until Orca says something matching REGEX (None: send the key and go on);
- ``["journal", N]``: wait until the game's journal says the game has N moves (``SEAHAVEN_JOURNAL``);
- ``["say", REGEX]``: wait until Orca has said something matching REGEX since the last marker;
- ``["restart_bus"]``: kill the AT-SPI bus, start it again as a reader does (setting
  ``IsEnabled``, which the launcher finds true already: the desktop's setting), then wait until
  a new pyatspi reader (a process of its own) finds the game with its piles: prints
  ``found_after``, the seconds from the bus's return (the call that starts it) to that, or
  None when no reader found it within 60 s. Orca, whose connection went with the bus, is
  started again (as a player would), hearing from then on.

Results are JSON lines on stdout; what Orca said (from its debug log: SPEECH OUTPUT) is in
OUT_DIR/spoken.txt, one utterance a line, with "=== key NAME" markers. With
ORCA_SESSION_READER=pyatspi no Orca is started: the bus is only marked as listened to (for
the bus's restart).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIMIT = 90.0
"""How long a wait may take before the run is called failed (seconds; only a failure waits it)."""
ORCA_START = 40.0
"""How long Orca may take to start before it is tried again (a healthy start takes about 1 s)."""


def out(kind: str, value: object) -> None:
    print(json.dumps({"kind": kind, "value": value}), flush=True)


class Failed(Exception):
    pass


def wait_for(what: str, check, limit: float = LIMIT):
    """Poll ``check`` until it returns something true; fail after ``limit`` seconds."""
    end = time.monotonic() + limit
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > end:
            raise Failed(f"waited {limit:.0f} s for {what}")
        time.sleep(0.02)


SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'(?:\{.*\})?\s*$")


class Spoken:
    """What Orca said, read from its debug log as it grows, with the markers in between."""

    def __init__(self, debug: Path, record: Path) -> None:
        self.debug, self.record = debug, record
        self.offset = 0
        self.lines: list[str] = []
        self.mark = 0

    def read(self) -> None:
        try:
            with open(self.debug, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except OSError:
            return
        end = chunk.rfind(b"\n")
        if end < 0:
            return
        self.offset += end + 1
        for raw in chunk[: end + 1].decode("utf-8", "replace").splitlines():
            found = SPEECH.search(raw)
            if found and found.group(1).strip():
                self.add(found.group(1).strip())

    def restarted(self) -> None:
        """Orca was started again: its debug log is a new file, read from its beginning."""
        self.read()
        self.offset = 0

    def add(self, line: str) -> None:
        self.lines.append(line)
        with open(self.record, "a", encoding="utf-8") as f:
            f.write(line + "\n")

    def marker(self, text: str) -> None:
        self.read()
        self.add(f"=== {text}")
        self.mark = len(self.lines)

    def since_mark(self) -> list[str]:
        self.read()
        return self.lines[self.mark:]

    def heard(self, pattern: str) -> bool:
        regex = re.compile(pattern)
        return any(regex.search(line) for line in self.since_mark())


def gset(name: str, value: str) -> None:
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                    "--method", "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", name, f"<{value}>"],
                   capture_output=True, check=True)


def start_speech(run: Path, spoken: Path) -> subprocess.Popen:
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "speech-dispatcher"
    (config / "modules").mkdir(parents=True, exist_ok=True)
    (run / "speechd-log").mkdir(exist_ok=True)
    home = run / "sdhome"
    home.mkdir(exist_ok=True)
    (config / "modules" / "textlog.conf").write_text(
        f'GenericExecuteSynth "echo \\\'$DATA\\\' >> {spoken}"\n'
        'AddVoice "en" "MALE1" "default"\nGenericLanguage "en" "en" "utf-8"\n')
    (config / "speechd.conf").write_text(
        f'LogLevel 3\nLogDir "{run}/speechd-log"\n'
        f'AddModule "textlog" "sd_generic" "{config}/modules/textlog.conf"\n'
        'DefaultModule textlog\nAudioOutputMethod "libao"\nDefaultLanguage "en"\nTimeout 30\n')
    (home / ".libao").write_text("default_driver=null\n")
    speechd = subprocess.Popen(["speech-dispatcher", "-s", "-t", "0", "-l", "3", "-L", str(run / "speechd-log")],
                               env=dict(os.environ, HOME=str(home)), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    socket = Path(os.environ["XDG_RUNTIME_DIR"]) / "speech-dispatcher" / "speechd.sock"
    wait_for("speech-dispatcher's socket", socket.exists)
    return speechd


def start_orca(debug: Path, run: Path) -> subprocess.Popen:
    """Orca, once its log says it is listening. Now and then Orca 43 hangs before it launches
    (its log stops at "Runtime settings set."): one that is not up within ORCA_START seconds is
    stopped and started again, three times at most."""
    for attempt in range(3):
        debug.unlink(missing_ok=True)
        orca = subprocess.Popen(["/usr/bin/python3", str(HERE / "orca_line_buffered.py"), "-d", "braille",
                                 f"--debug-file={debug}", "-u", str(run / "orca-prefs")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for("Orca to start", lambda: debug.exists() and b"EVENT MANAGER: Activated" in debug.read_bytes(),
                     ORCA_START)
            return orca
        except Failed:
            orca.kill()
            orca.wait()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def saved_moves(journal: Path) -> int:
    """The moves of the game in play as saved: the newest state of ``current.json`` and its
    journal (whose entries after a full save are dropped); -1 before the first save."""
    states = []
    for path in (journal.with_name("current.json"), journal):
        try:
            lines = path.read_bytes().splitlines()
        except OSError:
            continue
        for raw in lines:
            try:
                entry = json.loads(raw)
                states.append((int(entry.get("seq", 0)), int(entry.get("keep", 0)) + len(entry.get("moves", []))
                               - int(entry.get("undone", 0))))
            except (ValueError, TypeError, AttributeError):
                continue
    return max(states)[1] if states else -1


def game_window(pid: int) -> str | None:
    for p in [pid, *children(pid)]:
        found = subprocess.run(["xdotool", "search", "--pid", str(p)], capture_output=True, text=True).stdout.split()
        if found:
            return found[0]
    return None


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def bus_pids() -> list[int]:
    """The AT-SPI bus of this session (at-spi-bus-launcher and its dbus-daemon)."""
    mine = os.environ["XDG_RUNTIME_DIR"]
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().decode("utf-8", "replace")
            env = (proc / "environ").read_bytes().decode("utf-8", "replace")
        except OSError:
            continue
        if ("at-spi-bus-launcher" in cmd or "at-spi2-registryd" in cmd
                or ("dbus-daemon" in cmd and "accessibility.conf" in cmd)) and f"XDG_RUNTIME_DIR={mine}" in env:
            pids.append(int(proc.name))
    return pids


def finds_game(pid: int) -> bool:
    """A new pyatspi reader, in a process of its own, finds the game and a pile in it."""
    probe = ("import sys, pyatspi\n"
             "pids = set(int(p) for p in sys.argv[1:])\n"
             "def pile(node, depth=0):\n"
             "    if node.getRoleName() == 'list item': return True\n"
             "    return depth < 6 and any(pile(node.getChildAtIndex(i), depth + 1) for i in range(node.childCount))\n"
             "d = pyatspi.Registry.getDesktop(0)\n"
             "for i in range(d.childCount):\n"
             "    a = d.getChildAtIndex(i)\n"
             "    try:\n"
             "        if a is not None and a.get_process_id() in pids and a.childCount and pile(a):\n"
             "            print('found'); break\n"
             "    except Exception: pass\n")
    try:
        done = subprocess.run(["/usr/bin/python3", "-c", probe, str(pid), *map(str, children(pid))],
                              capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return False
    return "found" in done.stdout


def main() -> int:
    split = sys.argv.index("--")
    outdir = Path(sys.argv[1])
    steps = json.loads(sys.argv[2])
    command = sys.argv[split + 1:]
    outdir.mkdir(parents=True, exist_ok=True)
    run = Path(os.environ["XDG_RUNTIME_DIR"])
    debug = outdir / "orca-debug.out"
    spoken = Spoken(debug, outdir / "spoken.txt")
    (outdir / "spoken.txt").write_text("")
    with_orca = os.environ.get("ORCA_SESSION_READER", "orca") == "orca"
    started: list[subprocess.Popen] = []
    game = orca = None
    try:
        gset("IsEnabled", "true")
        if with_orca:
            started.append(start_speech(run, outdir / "speechd.txt"))
            gset("ScreenReaderEnabled", "true")
            orca = start_orca(debug, run)
            started.append(orca)
        game = subprocess.Popen(command, stdout=sys.stderr, stderr=sys.stderr)
        started.append(game)
        window = wait_for("the game's window", lambda: game_window(game.pid))
        spoken.marker("start")
        subprocess.run(["xdotool", "windowfocus", "--sync", window], capture_output=True)
        if with_orca:
            wait_for("Orca to name the game's window", lambda: spoken.heard("Seahaven Towers"))
        else:
            wait_for("a reader to find the game", lambda: finds_game(game.pid))
        journal = Path(os.environ.get("SEAHAVEN_JOURNAL", "/nonexistent"))
        for step in steps:
            kind = step[0]
            if kind == "key":
                spoken.marker(f"key {step[1]}")
                subprocess.run(["xdotool", "key", "--window", window, step[1]], check=True)
                if len(step) > 2 and step[2] is not None:
                    wait_for(f"Orca to say /{step[2]}/ after {step[1]}", lambda p=step[2]: spoken.heard(p))
            elif kind == "say":
                wait_for(f"Orca to say /{step[1]}/", lambda p=step[1]: spoken.heard(p))
            elif kind == "journal":
                wait_for(f"{step[1]} moves in the journal", lambda n=step[1]: saved_moves(journal) == n)
            elif kind == "restart_bus":
                spoken.marker("restart_bus")
                for pid in bus_pids():
                    os.kill(pid, signal.SIGKILL)
                wait_for("the bus to go", lambda: not bus_pids(), 10)
                back = time.monotonic()
                gset("IsEnabled", "true")  # the bus starts again on this call, as a reader's would start it
                if orca is not None:  # Orca lost its bus: started again, as a player would
                    spoken.read()
                    orca.terminate()
                    try:
                        orca.wait(10)
                    except subprocess.TimeoutExpired:
                        orca.kill()
                        orca.wait()
                    gset("ScreenReaderEnabled", "true")
                    orca = start_orca(debug, run)
                    started.append(orca)
                    spoken.restarted()
                try:
                    wait_for("a new reader to find the game", lambda: finds_game(game.pid), 60)
                    out("found_after", round(time.monotonic() - back, 2))
                except Failed:
                    out("found_after", None)
        spoken.marker("end")
        out("spoken", spoken.lines)
        return 0
    except Failed as error:
        out("error", str(error))
        out("spoken", spoken.lines)
        return 1
    finally:
        for process in reversed(started):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        out("quit", None if game is None else game.returncode)


if __name__ == "__main__":
    sys.exit(main())
