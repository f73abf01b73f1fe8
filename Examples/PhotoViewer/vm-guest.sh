#!/bin/bash
# Runs INSIDE the livevm guest (see vm-test.sh): vm-guest.sh APP TRACE OUTDIR SHOT_AT
# Creates a touchscreen with evemu-device (uinput) from TRACE's description, starts the photo viewer LIVE on it
# (libevdev, its input thread, the 60 Hz loop) in a window under Xvfb, plays TRACE's events with evemu-play, and
# lets the app write its screenshot SHOT_AT seconds after the first touch event. The app's summary (frame time,
# input-to-photon) goes to OUTDIR/live.err. Then (X11_RUNS=1, the default) the same pinch reaches the app as a desktop
# app on Xorg, through XInput 2, with the guest loaded (OUTDIR/x11, and OUTDIR/x11-sdl with SDL's own stamps).
set -euo pipefail
APP=$1 TRACE=$2 OUT=$3 SHOT_AT=$4
t0=$(date +%s%N)
ms() { echo "$(( ($(date +%s%N) - t0) / 1000000 )) ms"; }
# nap SECONDS: sleep without a process (under emulation each process the guest starts costs 0.3-1 s)
NAP_FIFO=/tmp/vm-guest-nap.$$
mkfifo "$NAP_FIFO" && exec {NAP_FD}<> "$NAP_FIFO" && rm -f "$NAP_FIFO"
nap() { read -r -t "$1" -u "$NAP_FD" _ || true; }
wait_for() {  # wait_for FILE REGEX SECONDS (bash builtins only)
  local end=$((SECONDS + $3)) content
  while [ $SECONDS -lt $end ]; do
    content=; read -r -d '' content 2>/dev/null < "$1" || true
    [[ $content =~ $2 ]] && return 0
    nap 0.1
  done
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
devpid=$!; pids+=("$devpid")
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
[ "${X11_RUNS:-1}" = 1 ] || exit $status
device_status=$status
set +e  # from here on, what failed is in OUTDIR/x11*/ for the host to report; the exit status is the run above's

# As a desktop app on X11: a real X server (Xorg with the dummy video driver and the libinput input driver, which
# takes the touchscreen through udev as an XInput 2 touch device), the app with its default input (XInput 2's touch
# events with the X server's times, read from SDL's raw XEvents), no device access of its own. PHOTO_LOAD busy loops
# load the guest's CPUs while the pinch plays (the app then reads its events late); then the same with SDL's own
# finger events (--touch-times sdl), stamped when SDL read them: reported, not checked.
kill "$devpid"  # the touchscreen of the run above (each run below has its own)
/lib/systemd/systemd-udevd --daemon 2>/dev/null || { echo "systemd-udevd did not start" >&2; exit 1; }
mkdir -p "$OUT/x11" "$OUT/x11-sdl"
cat > "$OUT/x11/xorg.conf" <<'CONF'
Section "ServerFlags"
    Option "BlankTime" "0"
    Option "StandbyTime" "0"
    Option "SuspendTime" "0"
    Option "OffTime" "0"
EndSection
Section "Device"
    Identifier "dummy"
    Driver "dummy"
    VideoRam 16384
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
    Modeline "1280x720" 74.25 1280 1390 1430 1650 720 725 730 750 +hsync +vsync
EndSection
Section "Screen"
    Identifier "screen"
    Device "dummy"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Modes "1280x720"
        Virtual 1280 720
    EndSubSection
EndSection
CONF
# -displayfd: Xorg picks a free display and writes its number to fd 3 once it accepts connections.
Xorg -displayfd 3 -config "$OUT/x11/xorg.conf" -noreset -nolisten tcp -novtswitch -sharevts \
  -logfile "$OUT/x11/Xorg.log" 3> "$OUT/x11/display" > "$OUT/x11/xorg.out" 2>&1 &
pids+=($!)
wait_for "$OUT/x11/display" '[0-9]' 90 || echo "Xorg did not start" > "$OUT/x11/guest-error"
xdisplay=":$(head -1 "$OUT/x11/display")"
echo "guest: [$(ms)] Xorg on $xdisplay (dummy video driver; touchscreens through udev and its libinput driver)"
xorg_devices() { grep -c "XINPUT: Adding extended input device" "$OUT/x11/Xorg.log"; }
x11_run() {  # x11_run DIR ARG...: a new touchscreen (a replayed trace expects the kernel's slots fresh), the app
  local dir=$1 loads=() i app status=0 before device node
  shift
  before=$(xorg_devices)
  evemu-device "$TRACE" > "$OUT/$dir/device.txt" 2>&1 &
  device=$!; pids+=("$device")
  wait_for "$OUT/$dir/device.txt" /dev/input/event 30
  node=$(grep -o '/dev/input/event[0-9]*' "$OUT/$dir/device.txt" | head -1)
  for ((i = 0; i < 60; i++)); do [ "$(xorg_devices)" -gt "$before" ] && break; nap 1; done
  [ "$(xorg_devices)" -gt "$before" ] || echo "$dir: Xorg did not take $node" > "$OUT/$dir/guest-error"
  DISPLAY=$xdisplay "$APP" --software --verbose "$@" --screenshot-after-touches "$SHOT_AT:$OUT/$dir/live-after.png" \
    > "$OUT/$dir/live.out" 2> "$OUT/$dir/live.err" &
  app=$!; pids+=("$app")
  wait_for "$OUT/$dir/live.err" "touches from" 60
  nap 1
  for ((i = 0; i < ${PHOTO_LOAD:-2}; i++)); do (while :; do :; done) & loads+=($!); pids+=($!); done
  evemu-play "$node" < "$TRACE"
  wait "$app" || status=$?
  [ ${#loads[@]} -eq 0 ] || kill "${loads[@]}"
  kill "$device"; wait "$device" 2>/dev/null
  echo "$status" > "$OUT/$dir/app-status"
  echo "guest: [$(ms)] $dir ($(grep -o 'touches from.*' "$OUT/$dir/live.err")): exited with $status"
}
x11_run x11
x11_run x11-sdl --touch-times sdl
exit $device_status
