#!/usr/bin/env bash
# run-snippet-stop-tests.sh - every program of Snippets/ stops on Ctrl-C with no device and no input (issue 34).
#
# Builds the four snippets (debug), runs snippet-stops.py's host cases (the contact stream's toolkit loop, the trace
# replay on a FIFO nobody writes, a missing trace's exit status), then its guest cases in the livevm guest
# (Tests/Live/livevm: a real kernel, systemd-udevd): libinput's udev backend on a seat without a touchscreen, then
# the evdev and libinput snippets on an evemu touchscreen nobody touches. Each signal case measures SIGINT → exit
# against the loops' 100 ms (snippet-stops.py says how). Prints PASS/FAIL lines, the latencies and the time taken;
# exits 1 on any failure. Needs root for the VM (its 9p export); SNIPPET_STOP_VM=0 runs the host's cases only.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT"
started=$SECONDS
snippets=(ContactStreamSource EvdevSource LibinputSource TraceSource)
for snippet in "${snippets[@]}"; do
    swift build --product "$snippet" >/dev/null || { echo "error: swift build --product $snippet failed" >&2; exit 1; }
done
bin=$(swift build --show-bin-path)
status=0
echo "== snippets on the host"
python3 "$HERE/snippet-stops.py" host "$bin" || status=1
if [ "${SNIPPET_STOP_VM:-1}" != 0 ]; then
    echo "== snippets in the livevm guest (a real kernel: uinput, udev)"
    LIVEVM=${TACTILE_LIVEVM:-$ROOT/Tests/Live/livevm/run-in-vm.sh}
    "$LIVEVM" --install evemu-tools --install udev --install libinput-tools --timeout 300 \
        "/lib/systemd/systemd-udevd --daemon 2>/dev/null; python3 '$HERE/snippet-stops.py' guest '$bin' \
'$ROOT/Traces/recordings/wacom-isdv4-e6-ts.desc'" || status=1
fi
echo "snippet stop tests: $(( SECONDS - started )) s, $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
