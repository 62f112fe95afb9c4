#!/usr/bin/python3
"""Reads the running game through AT-SPI, as a screen reader does (the system's python3
with pyatspi; run inside headless.sh by test_reader.py).

Usage: reader_check.py STEPS_JSON -- GAME_CMD...
STEPS_JSON is a list of steps: ["tree"] prints the tree, ["key", "1"] sends a key with
xdotool, ["click", NAME_PREFIX] does the AT-SPI "click" on the first node whose name starts
so, ["focus"] prints the focused node, ["wait", SECONDS]. Every result is one JSON line on
stdout ("tree", "focus", "announce", "description", "quit"); the game's own output goes to
stderr.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pyatspi
from gi.repository import Gio, GLib


def out(kind, value):
    print(json.dumps({"kind": kind, "value": value}), flush=True)


def set_enabled(value):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                  GLib.Variant("(ssv)", ("org.a11y.Status", "IsEnabled", GLib.Variant("b", value))),
                  None, Gio.DBusCallFlags.NONE, -1, None)


def pump(seconds, until=None):
    context = GLib.MainContext.default()
    end = time.time() + seconds
    while time.time() < end:
        while context.pending():
            context.iteration(False)
        if until is not None and until():
            return True
        time.sleep(0.02)
    return bool(until and until())


def family(pid):
    pids = {pid}
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            pids.update(int(c) for c in f.read().split())
    except OSError:
        pass
    return pids


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        try:
            if app is not None and app.get_process_id() in family(pid):
                return app
        except Exception:
            pass
    return None


def walk(node, depth=0, found=None):
    found = [] if found is None else found
    states = node.getState()
    found.append({"depth": depth, "role": node.getRoleName(), "name": node.name or "",
                  "description": node.description or "",
                  "focused": states.contains(pyatspi.STATE_FOCUSED),
                  "enabled": states.contains(pyatspi.STATE_ENABLED),
                  "sensitive": states.contains(pyatspi.STATE_SENSITIVE),
                  "states": [pyatspi.stateToString(s) for s in states.getStates()],
                  "selected": states.contains(pyatspi.STATE_SELECTED), "node": node})
    for i in range(node.childCount):
        walk(node.getChildAtIndex(i), depth + 1, found)
    return found


def plain(rows):
    return [{k: v for k, v in row.items() if k != "node"} for row in rows]


def main():
    split = sys.argv.index("--")
    steps = json.loads(sys.argv[1])
    command = sys.argv[split + 1:]
    events = []

    def heard(event):
        try:
            source = event.source.name
        except Exception:
            source = "?"
        events.append((event.type, str(event.any_data), source))

    for kind in ("object:announcement", "object:state-changed:focused",
                 "object:property-change:accessible-description"):
        pyatspi.Registry.registerEventListener(heard, kind)
    set_enabled(True)  # a reader listens before the game starts
    game = subprocess.Popen(command, stdout=sys.stderr, stderr=sys.stderr)
    try:
        if not pump(30, lambda: find_app(game.pid) is not None):
            out("error", "the game is not on the AT-SPI desktop")
            return 1
        app = find_app(game.pid)
        pump(30, lambda: any(r["role"] == "list item" for r in walk(app)))
        window = ""
        for _ in range(100):
            window = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], capture_output=True,
                                    text=True).stdout.split()
            if window:
                break
            time.sleep(0.1)
        if window:
            subprocess.run(["xdotool", "windowfocus", "--sync", window[0]], capture_output=True)
        pump(1.0)
        for step in steps:
            kind = step[0]
            if kind == "tree":
                out("tree", plain(walk(app)))
            elif kind == "key":
                events.clear()
                subprocess.run(["xdotool", "key", step[1]], check=True)
                pump(float(step[2]) if len(step) > 2 else 1.5)
                out("events", events[:])
            elif kind == "click":
                node = next(r["node"] for r in walk(app) if r["name"].startswith(step[1]))
                action = node.queryAction()
                names = [action.getName(i) for i in range(action.nActions)]
                events.clear()
                action.doAction(names.index("click"))
                pump(1.5)
                out("events", events[:])
            elif kind == "focus":
                out("focus", [r["name"] for r in walk(app) if r["focused"]])
            elif kind == "wait":
                pump(float(step[1]))
        return 0
    finally:
        if game.poll() is None:
            game.terminate()
            try:
                game.wait(10)
            except subprocess.TimeoutExpired:
                game.kill()
                game.wait()
        out("quit", game.returncode)


if __name__ == "__main__":
    sys.exit(main())
