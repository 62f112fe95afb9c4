"""How long the game takes to show its window and its first frame, started as a player starts
it, beside a peer program started the same way in the same run (issue 40, item 8).

Run: ``python benchmarks/startup.py [--runs 7] [--exe dist/seahaven ...] [--peer none]``
(``--exe`` again for each executable to compare, e.g. one built from main and one from a branch).

Needs Xvfb and xdotool. On one Xvfb screen of 1280x800, each program is started ``--runs``
times, in turns (source, executable, peer, source, ...), so that a machine busy with other work
weighs on all of them alike; each start gets empty XDG folders (no settings, no saved game: a
first start), ``SDL_AUDIODRIVER=dummy``, and is ended by SIGTERM once both times are known:

- ``window_s``: launch -> a visible window of the program's process tree (xdotool, polled every
  10 ms), what ``../shared/gui/peer_metrics.sh`` calls ``window_s``;
- ``first_frame_s``: launch -> the game's own line ``first frame`` on standard error
  (``SEAHAVEN_TRACE_STARTUP=1``), read when it arrives; none for the peer;
- ``unpacked_s`` (the one-file executable only): launch -> the process that runs the game
  exists, i.e. the time the executable spent unpacking itself (polled every 10 ms).

Prints one JSON line per program with the medians and the ranges, and the ratio of each
median to the peer's. ``--peer none`` leaves the peer out (default: AisleRiot in Seahaven
Towers, ``/usr/games/sol --variation seahaven``, when installed). Times are only comparable
within one run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.app.xserver import XDOTOOL, XVFB, x_server  # noqa: E402

PEER = "/usr/games/sol --variation seahaven"
POLL_S = 0.01
TIMEOUT_S = 60.0


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (Linux: /proc's children lists)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{current}/task"):
                with contextlib.suppress(OSError), open(f"/proc/{current}/task/{task}/children") as children:
                    todo += [int(child) for child in children.read().split()]
    return found


def visible_window(env: dict[str, str], pids: list[int]) -> bool:
    return any(subprocess.run([str(XDOTOOL), "search", "--onlyvisible", "--pid", str(pid)], env=env,
                              capture_output=True, text=True).stdout.strip() for pid in pids)


def one_start(command: list[str], display: str, game: bool) -> dict[str, float | None]:
    """Start ``command`` once; its window, first frame and unpacking times, in seconds."""
    with tempfile.TemporaryDirectory(prefix="seahaven-startup-") as home:
        env = {key: value for key, value in os.environ.items() if key not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", SEAHAVEN_TRACE_STARTUP="1", NO_AT_BRIDGE="1",
                   XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data", XDG_CACHE_HOME=f"{home}/cache")
        start = time.perf_counter()
        program = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   stdin=subprocess.DEVNULL)
        assert program.stderr is not None
        window = first_frame = unpacked = None
        text = b""
        try:
            while time.perf_counter() - start < TIMEOUT_S and (window is None or (game and first_frame is None)):
                ready, _, _ = select.select([program.stderr], [], [], POLL_S)
                if ready:
                    chunk = os.read(program.stderr.fileno(), 65536)
                    text += chunk
                    if first_frame is None and b"first frame" in text:
                        first_frame = time.perf_counter() - start
                    if not chunk and program.poll() is not None:
                        break
                pids = process_tree(program.pid)
                if unpacked is None and len(pids) > 1:
                    unpacked = time.perf_counter() - start
                if window is None and visible_window(env, pids):
                    window = time.perf_counter() - start
        finally:
            program.send_signal(signal.SIGTERM)
            try:
                program.wait(20)
            except subprocess.TimeoutExpired:
                program.kill()
                program.wait()
    return {"window_s": window, "first_frame_s": first_frame, "unpacked_s": unpacked}


def summary(values: list[float | None]) -> tuple[float | None, list[float] | None]:
    known = [value for value in values if value is not None]
    if not known:
        return None, None
    return round(statistics.median(known), 3), [round(min(known), 3), round(max(known), 3)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--exe", action="append",
                        help="a one-file executable (default: dist/seahaven, left out when it does not exist)")
    parser.add_argument("--peer", default=PEER, help="a peer's command line, or 'none'")
    args = parser.parse_args()
    if XVFB is None or XDOTOOL is None:
        print("needs Xvfb and xdotool", file=sys.stderr)
        return 2
    programs: list[tuple[str, list[str], bool]] = [("source", [sys.executable, "-m", "seahaven"], True)]
    executables = args.exe or [str(ROOT / "dist" / "seahaven")]
    for exe in executables:
        if Path(exe).is_file():
            name = "executable" if len(executables) == 1 else f"executable {exe}"
            programs.append((name, [str(Path(exe).resolve())], True))
    if args.peer != "none" and shutil.which(args.peer.split()[0]):
        programs.append(("peer", args.peer.split(), False))
    results: dict[str, list[dict[str, float | None]]] = {name: [] for name, _, _ in programs}
    with contextlib.ExitStack() as stack:
        display = x_server(stack, "1280x800")
        for _ in range(args.runs):
            for name, command, game in programs:
                results[name].append(one_start(command, display, game))
                time.sleep(0.3)
    peer_window = summary([run["window_s"] for run in results.get("peer", [])])[0]
    for name, command, _game in programs:
        line: dict[str, object] = {"program": name, "command": " ".join(command), "runs": args.runs,
                                   "load": round(os.getloadavg()[0], 2)}
        for key in ("window_s", "first_frame_s", "unpacked_s"):
            median, extent = summary([run[key] for run in results[name]])
            if median is not None and not (key == "unpacked_s" and not name.startswith("executable")):
                line[key], line[key.replace("_s", "_range")] = median, extent
        window = summary([run["window_s"] for run in results[name]])[0]
        if peer_window and window is not None:
            line["window_vs_peer"] = round(window / peer_window, 2)
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
