#!/bin/bash
# Runs INSIDE the livevm guest (see vm-test.sh): vm-guest.sh APP TRACE OUTDIR SHOT_AT
# Creates a touchscreen with evemu-device (uinput) from TRACE's description, starts the photo viewer LIVE on it
# (libevdev, its input thread, the 60 Hz loop) in a window under Xvfb, plays TRACE's events with evemu-play, and
# lets the app write its screenshot SHOT_AT seconds after the first touch event. The app's summary (frame time,
# input-to-photon) goes to OUTDIR/live.err.
set -euo pipefail
APP=$1 TRACE=$2 OUT=$3 SHOT_AT=$4
t0=$(date +%s%N)
ms() { echo "$(( ($(date +%s%N) - t0) / 1000000 )) ms"; }
wait_for() {  # wait_for FILE PATTERN SECONDS
  for _ in $(seq $(( $3 * 10 ))); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  echo "timed out waiting for '$2' in $1" >&2; cat "$1" >&2; return 1
}
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
echo "guest: kernel $(uname -r)"

# -displayfd: Xvfb picks a free display and writes its number to fd 3, here a file.
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3> "$OUT/display" > "$OUT/xvfb.log" 2>&1 &
pids+=($!)
wait_for "$OUT/display" '[0-9]' 60
display=$(head -1 "$OUT/display")
echo "guest: [$(ms)] Xvfb on :$display"

evemu-device "$TRACE" > "$OUT/device.txt" 2>&1 &
pids+=($!)
wait_for "$OUT/device.txt" /dev/input/event 30
NODE=$(grep -o '/dev/input/event[0-9]*' "$OUT/device.txt" | head -1)
echo "guest: [$(ms)] $(head -1 "$OUT/device.txt")"

DISPLAY=":$display" "$APP" --device "$NODE" --software --verbose \
  --screenshot-after-touches "$SHOT_AT:$OUT/live-after.png" > "$OUT/live.out" 2> "$OUT/live.err" &
app=$!
pids+=("$app")
wait_for "$OUT/live.err" "renderer" 60
sleep 1  # the window's first frames
echo "guest: [$(ms)] the app reads $NODE live; playing $(basename "$TRACE")"
evemu-play "$NODE" < "$TRACE"
echo "guest: [$(ms)] evemu-play done"
status=0
wait "$app" || status=$?
echo "guest: [$(ms)] the app exited with status $status"
exit $status
