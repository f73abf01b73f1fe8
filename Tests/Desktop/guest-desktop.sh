#!/bin/bash
# Runs INSIDE the livevm guest (see run-desktop-tests.sh):
#   guest-desktop.sh TACTILE SCENE CASE...
# Brings up a real Wayland desktop on the guest's kernel: systemd-udevd (libinput reads devices only once udev has
# tagged them ID_INPUT_TOUCHSCREEN), seatd (the seat: it opens /dev/input/eventN for the compositor), and sway 1.7
# (wlroots 0.15) as an ordinary user with its headless output (1280 × 800 pixels at scale 2: 640 × 400 points)
# and its libinput backend, rendering with pixman. Each CASE is "NAME|DESCRIPTION|EVENTS": evemu-device creates the
# touchscreen (uinput), sway's libinput picks it up (hot-plug), then three readers start — `tactile live --wayland`
# as the ordinary user, a client of sway (wl_touch); `tactile live NODE` on the device (the direct evdev path); and
# `tactile record NODE` (what the kernel passed on) — and evemu-play plays EVENTS. Once sway and the readers caught
# up they are stopped with SIGINT and the device is destroyed. Everything lands in NAME/ in the current (shared)
# folder; the host compares. With PHOTO_VIEWER="APP|DESCRIPTION|EVENTS|SHOT_AT", the photo viewer then runs on the
# same sway through SDL's Wayland backend while PHOTO_LOAD busy loops load the guest (photo/), and again with SDL's
# own finger events unless PHOTO_SDL_RUN=0 (photo-sdl/).
set -uo pipefail
TACTILE=${1:?tactile binary}; SCENE=${2:?scene}; shift 2
. "${LIVE_HERE:?the folder of Tests/Live}/guest-common.sh"
t0=$(now_ms)
log() { echo "[$(( $(now_ms) - t0 )) ms] $*"; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
USER_ID=1500
RUNTIME=/tmp/desktop-runtime
# as_user CMD...: become CMD, run as the ordinary user in the desktop session. It execs (setpriv and env exec too),
# so `as_user CMD &` leaves CMD itself at $! (its /proc entries, its signals); in the foreground: `(as_user CMD)`.
as_user() {
  exec setpriv --reuid=$USER_ID --regid=$USER_ID --clear-groups -- \
    env XDG_RUNTIME_DIR=$RUNTIME WAYLAND_DISPLAY="${WAYLAND_DISPLAY_NAME:-}" HOME=$RUNTIME "$@"
}

/lib/systemd/systemd-udevd --daemon 2>/dev/null || { echo "systemd-udevd did not start" >&2; exit 1; }
useradd -M -u $USER_ID -s /bin/false tactile-desktop 2>/dev/null
mkdir -p $RUNTIME && chown $USER_ID:$USER_ID $RUNTIME && chmod 700 $RUNTIME
# seatd: the seat for an unprivileged compositor; not bound to a VT (the guest has none).
SEATD_VTBOUND=0 seatd -g tactile-desktop > seatd.log 2>&1 &
pids+=($!)
wait_until test -S /run/seatd.sock || { echo "seatd did not start: $(< seatd.log)" >&2; exit 1; }
# A keyboard (uinput) for the whole session: wlroots' libinput backend refuses to start when it finds no input device
# ("libinput initialization failed, no input devices": sway exits), and each recording's touchscreen is made only
# after sway runs. Without it sway started only when it was slow enough to find the first touchscreen already there
# (a run with no recording before the photo viewer, 18:52 UTC, lost that race).
/usr/bin/python3 -c '
import libevdev, signal
device = libevdev.Device()
device.name = "Tactile placeholder keyboard"
for key in (libevdev.EV_KEY.KEY_ESC, libevdev.EV_KEY.KEY_A):
    device.enable(key)
uinput = device.create_uinput_device()
print(uinput.devnode, flush=True)
signal.pause()' > placeholder.txt 2>&1 &
pids+=($!)
wait_until file_has placeholder.txt /dev/input/event || { echo "no placeholder keyboard: $(< placeholder.txt)" >&2; exit 1; }
udevadm settle -t 10
cat > $RUNTIME/sway.conf <<'CONF'
output HEADLESS-1 resolution 1280x800 scale 2
default_border none
xwayland disable
CONF
chown $USER_ID $RUNTIME/sway.conf
# WLR_LIBINPUT_NO_DEVICES is NOT set: with it, wlroots 0.15 does not read libinput's first events at start, so the
# device (created before sway) would appear only when the first touch wakes libinput up, and that touch is lost.
as_user env WLR_BACKENDS=headless,libinput WLR_RENDERER=pixman LIBSEAT_BACKEND=seatd sway -d -c $RUNTIME/sway.conf \
  > sway.log 2>&1 &
swaypid=$!; pids+=("$swaypid")
socket_ready() { local s; for s in $RUNTIME/wayland-?; do [ -S "$s" ] && { WAYLAND_DISPLAY_NAME=${s##*/}; return 0; }; done; return 1; }
wait_until socket_ready || { echo "sway did not start: $(< sway.log)" >&2; exit 1; }
log "sway runs on $WAYLAND_DISPLAY_NAME (pid $swaypid)"

for case in "$@"; do
  IFS='|' read -r name desc events <<<"$case"
  mkdir -p "$name"
  LIBINPUT=1 create_device "$name" "$desc" || continue
  node=$NODE; devpid=$DEVPID
  # sway has the device once seatd handed it the node (the descriptor shows in its /proc/PID/fd)
  wait_until has_open "$swaypid" "$node" || echo "$name: sway did not open $node" > "$name/guest-error"
  as_user "$TACTILE" live --wayland --json --latency --scene "$SCENE" --deadline-grace "${DEADLINE_GRACE:-600000}" \
    > "$name/wayland.jsonl" 2> "$name/wayland.err" &
  waypid=$!; pids+=("$waypid")
  "$TACTILE" live "$node" --json --latency --scene "$SCENE" > "$name/evdev.jsonl" 2> "$name/evdev.err" &
  evpid=$!; pids+=("$evpid")
  "$TACTILE" record "$node" -o "$name/recorded.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  if ! wait_until file_has "$name/wayland.err" "wl_touch version" || ! wait_until has_open "$evpid" "$node" \
    || ! wait_until has_open "$recpid" "$node"; then
    echo "$name: the readers did not start: $(< "$name/wayland.err")" > "$name/guest-error"
  fi
  start=${EPOCHREALTIME/./}
  evemu-play "$node" < "$events" 2> "$name/play.err"
  echo $? > "$name/play-status"
  played=$(( (${EPOCHREALTIME/./} - start) / 1000 ))
  wait_caught_up "$swaypid" "$waypid" "$evpid" "$recpid" || echo "$name: the readers did not catch up in 90 s" > "$name/guest-error"
  # The deadlines the trace leaves pending (a double tap's 0.35 s interval after the last lift) run at the stop, each
  # at its own time, before anything still withheld is cancelled: the stop must come after them (as in Tests/Live).
  nap 1
  kill -INT "$waypid" "$evpid" "$recpid"
  wait "$waypid"; echo $? > "$name/wayland-status"
  wait "$evpid"; echo $? > "$name/evdev-status"
  wait "$recpid"; echo $? > "$name/record-status"
  kill "$devpid"; wait "$devpid" 2>/dev/null
  log "$name: $node \"$(device_name "$desc")\", played in $played ms"
done

if [ -n "${PHOTO_VIEWER:-}" ]; then
  IFS='|' read -r app desc events shot_at <<<"$PHOTO_VIEWER"
  mkdir -p photo photo-sdl && chmod 777 photo photo-sdl
  # The photo viewer's 1280 × 720 window, unscaled, so its screenshot compares with the replay's pixel for pixel.
  # Until it succeeds: right after sway's start (no recording before it, DESKTOP_CASES) its IPC may not answer yet,
  # and a window at scale 2 draws the photo into a quarter of the screenshot.
  unscaled_output() {
    local swaysock
    swaysock=$(echo $RUNTIME/sway-ipc.*.sock)
    (as_user env SWAYSOCK="$swaysock" swaymsg output HEADLESS-1 resolution 1280x720 scale 1) > photo/swaymsg.txt 2>&1
  }
  wait_until unscaled_output || echo "photo: swaymsg failed: $(< photo/swaymsg.txt)" > photo/guest-error
  # sway (debug log) says "Container … entered output" once it has arranged a window: under emulation that is
  # seconds after the app drew its first frame, and a touch before it reaches no window.
  arranged() { local n; n=$(grep -c "entered output" sway.log); [ "$n" -gt "$1" ]; }
  # photo_run DIR ARG...: a new touchscreen (a replayed trace expects the kernel's slots fresh), the app on sway with
  # ARG..., the pinch played into the touchscreen while PHOTO_LOAD busy loops load the guest's CPUs (the app's frames
  # then take seconds, and it reads the compositor's events late).
  photo_run() {
    local dir=$1 before apppid i loads=() node devpid
    shift
    LIBINPUT=1 create_device "$dir" "$desc" || return
    node=$NODE; devpid=$DEVPID
    wait_until has_open "$swaypid" "$node" || echo "$dir: sway did not open $node" > "$dir/guest-error"
    before=$(grep -c "entered output" sway.log)
    # SDL's Wayland backend draws through EGL (Mesa's llvmpipe without a GPU) even with the software renderer.
    as_user env SDL_VIDEODRIVER=wayland "$app" --software --verbose "$@" \
      --screenshot-after-touches "$shot_at:$RUNTIME/$dir-after.png" > "$dir/live.out" 2> "$dir/live.err" &
    apppid=$!; pids+=("$apppid")
    for ((i = 0; i < 90; i++)); do file_has "$dir/live.err" "renderer" && arranged "$before" && break; nap 1; done
    arranged "$before" || echo "$dir: sway did not show the app's window: $(< "$dir/live.err")" > "$dir/guest-error"
    nap 1
    for ((i = 0; i < ${PHOTO_LOAD:-2}; i++)); do (while :; do :; done) & loads+=($!); pids+=($!); done
    evemu-play "$node" < "$events" 2> "$dir/play.err"
    echo $? > "$dir/play-status"
    wait "$apppid"; echo $? > "$dir/app-status"
    [ ${#loads[@]} -eq 0 ] || kill "${loads[@]}"
    cp "$RUNTIME/$dir-after.png" "$dir/live-after.png" 2>/dev/null
    kill "$devpid"; wait "$devpid" 2>/dev/null
    log "photo viewer ($dir, guest load ${PHOTO_LOAD:-2}): exited with $(< "$dir/app-status")"
  }
  # Its default input: the compositor's wl_touch on SDL's connection, with the compositor's times (the check).
  photo_run photo
  # The same under the same load with SDL's finger events, stamped when SDL read them (reported: what they cost).
  [ "${PHOTO_SDL_RUN:-1}" = 1 ] && photo_run photo-sdl --touch-times sdl
fi
kill -INT "$swaypid"; wait "$swaypid" 2>/dev/null
log "done"
