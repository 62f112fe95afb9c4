#!/bin/bash
# headless.sh CMD...: runs CMD inside a private Xvfb, a private D-Bus session and the AT-SPI
# bus, with XDG folders of its own (the AT-SPI launcher writes its settings there). Stops
# only what it started. Used by test_reader.py.
set -u
run=$(mktemp -d "${TMPDIR:-/tmp}/seahaven-a11y.XXXXXX")
chmod 700 "$run"
export XDG_RUNTIME_DIR="$run" XDG_CONFIG_HOME="$run/config" XDG_CACHE_HOME="$run/cache" XDG_DATA_HOME="${SEAHAVEN_DATA_HOME:-$run/data}"
export XDG_STATE_HOME="$run/state"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME"
export SDL_AUDIODRIVER=dummy
unset SDL_VIDEODRIVER
Xvfb -displayfd 5 -screen 0 1280x1024x24 -nolisten tcp 5>"$run/display" >"$run/xvfb.log" 2>&1 &
xvfb=$!
for _ in $(seq 100); do [ -s "$run/display" ] && break; sleep 0.05; done
export DISPLAY=":$(cat "$run/display")"
trap 'kill $xvfb 2>/dev/null; wait $xvfb 2>/dev/null; rm -rf "$run"' EXIT
dbus-run-session -- bash -c '
  gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
      --method org.a11y.Bus.GetAddress >/dev/null || exit 3
  "$@"' bash "$@"
