#!/bin/bash
# orca_check.sh OUT KEYS -- GAME_CMD...: inside headless.sh, start speech-dispatcher with a
# "synthesizer" that appends every utterance to OUT, then Orca, then the game; send KEYS
# (xdotool key names, "sleep:S" waits S seconds) and stop everything it started.
set -u
out=$1; keys=$2; shift 3
here=$(cd "$(dirname "$0")" && pwd)
gset() { gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
    --method org.freedesktop.DBus.Properties.Set org.a11y.Status "$1" "<$2>" >/dev/null; }
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
for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock" ] && break; sleep 0.05; done
gset IsEnabled true
gset ScreenReaderEnabled true
debug="$XDG_RUNTIME_DIR/orca-debug.out"
/usr/bin/python3 "$here/orca_line_buffered.py" -d braille --debug-file="$debug" -u "$XDG_RUNTIME_DIR/orca-prefs" \
    >/dev/null 2>&1 &
orca=$!
for _ in $(seq 300); do grep -q "EVENT MANAGER: Activated" "$debug" 2>/dev/null && break; sleep 0.1; done
sleep 1
"$@" >&2 &
game=$!
window=""
for _ in $(seq 200); do
    window=$(xdotool search --pid "$game" 2>/dev/null | head -1)
    [ -n "$window" ] && break
    sleep 0.1
done
sleep 2
[ -n "$window" ] && xdotool windowfocus --sync "$window"
sleep 2
echo "=== keys" >> "$out"
for k in $keys; do
    case "$k" in
        sleep:*) sleep "${k#sleep:}" ;;
        *) echo "=== key $k" >> "$out"; xdotool key "$k"; sleep 1.5 ;;
    esac
done
sleep 1
kill "$game"; wait "$game" 2>/dev/null
kill -TERM "$orca"; for _ in $(seq 50); do kill -0 "$orca" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$orca" 2>/dev/null; wait "$orca" 2>/dev/null
kill "$speechd"; wait "$speechd" 2>/dev/null
exit 0
