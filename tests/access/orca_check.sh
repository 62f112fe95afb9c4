#!/bin/bash
# orca_check.sh OUT STEPS -- GAME_CMD...: inside headless.sh, start speech-dispatcher with a
# "synthesizer" that appends every utterance to OUT, then Orca, then the game; once Orca has
# taken in the game's window, go through STEPS and stop everything it started.
# STEPS, separated by "|": an xdotool key name is pressed (after a line "=== key NAME" in OUT);
# "until:TEXT" waits until a line spoken since the last key holds TEXT (or, before the first
# key, any line). Every wait is for a state (a socket, a line in Orca's log or in OUT), never
# for a time, so a busy machine only makes it slower; a wait that runs out (LIMIT seconds)
# writes "=== timeout: WHAT" into OUT, for the test to show, and stops.
set -u
out=$1; steps=$2; shift 3
here=$(cd "$(dirname "$0")" && pwd)
LIMIT=${ORCA_CHECK_LIMIT:-120}
gset() { gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
    --method org.freedesktop.DBus.Properties.Set org.a11y.Status "$1" "<$2>" >/dev/null; }
# wait_for WHAT COMMAND...: run COMMAND every 0.05 s until it succeeds; false after LIMIT seconds
wait_for() {
    local what=$1; shift
    local deadline=$((SECONDS + LIMIT))
    until "$@"; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "=== timeout: $what" >> "$out"
            return 1
        fi
        sleep 0.05
    done
}
spoken_since_last_key() {  # the spoken lines after the last "=== key NAME" line
    awk '/^=== key /{n=0; delete lines; next} {lines[++n]=$0} END{for (i=1; i<=n; i++) print lines[i]}' "$out"
}
said() { spoken_since_last_key | grep -qF -- "$1"; }
mkdir -p "$XDG_CONFIG_HOME/speech-dispatcher/modules" "$XDG_RUNTIME_DIR/speechd-log" "$XDG_RUNTIME_DIR/sdhome"
cat > "$XDG_CONFIG_HOME/speech-dispatcher/modules/textlog.conf" <<CONF
GenericExecuteSynth "echo \\'\$DATA\\' >> $out"
AddVoice "en" "MALE1" "default"
GenericLanguage "en" "en" "utf-8"
CONF
cat > "$XDG_CONFIG_HOME/speech-dispatcher/speechd.conf" <<CONF
LogLevel 3
LogDir "$XDG_RUNTIME_DIR/speechd-log"
AddModule "textlog" "sd_generic" "$XDG_CONFIG_HOME/speech-dispatcher/modules/textlog.conf"
DefaultModule textlog
AudioOutputMethod "libao"
DefaultLanguage "en"
Timeout 30
CONF
echo "default_driver=null" > "$XDG_RUNTIME_DIR/sdhome/.libao"
: > "$out"
HOME="$XDG_RUNTIME_DIR/sdhome" speech-dispatcher -s -t 0 -l 3 -L "$XDG_RUNTIME_DIR/speechd-log" >/dev/null 2>&1 &
speechd=$!
game=""; orca=""
stop() {
    [ -n "$game" ] && { kill "$game" 2>/dev/null; wait "$game" 2>/dev/null; }
    if [ -n "$orca" ]; then
        kill -TERM "$orca" 2>/dev/null
        for _ in $(seq 50); do kill -0 "$orca" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$orca" 2>/dev/null; wait "$orca" 2>/dev/null
    fi
    kill "$speechd" 2>/dev/null; wait "$speechd" 2>/dev/null
}
trap stop EXIT
wait_for "speech-dispatcher's socket" test -S "$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock" || exit 0
gset IsEnabled true
gset ScreenReaderEnabled true
debug="$XDG_RUNTIME_DIR/orca-debug.out"
/usr/bin/python3 "$here/orca_line_buffered.py" -d braille --debug-file="$debug" -u "$XDG_RUNTIME_DIR/orca-prefs" \
    >/dev/null 2>&1 &
orca=$!
wait_for "Orca listening" grep -q "EVENT MANAGER: Activated" "$debug" || exit 0
"$@" >&2 &
game=$!
window=""
find_window() { window=$(xdotool search --onlyvisible --pid "$game" 2>/dev/null | head -1); [ -n "$window" ]; }
wait_for "the game's window" find_window || exit 0
# the window gets the keyboard, and Orca has taken it in (its log: the window activated)
focused() {
    xdotool windowfocus --sync "$window" 2>/dev/null
    grep -q "OBJECT EVENT: window:activate" "$debug"
}
wait_for "Orca reading the game's window" focused || exit 0
echo "=== keys" >> "$out"
IFS='|' read -r -a list <<<"$steps"
for step in "${list[@]}"; do
    case "$step" in
        until:*) wait_for "${step#until:}" said "${step#until:}" || exit 0 ;;
        *) echo "=== key $step" >> "$out"; xdotool key "$step" ;;
    esac
done
exit 0
