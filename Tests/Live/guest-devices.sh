#!/bin/bash
# Runs INSIDE the livevm guest, after the other guest scripts (see run-live-tests.sh), with systemd-udevd running:
#   guest-devices.sh TACTILE HOTPLUG_A HOTPLUG_B LEFT RIGHT PALM CALIBRATION     (each "DESCRIPTION|EVENTS")
# Issue 14's checks through the real kernel; the host checks what each leaves in its folder (check-devices.py).
#   * hotplug: `tactile live --all` starts with no touchscreen; device A appears, plays a two-finger pan cut with
#     both fingers down and is destroyed (evemu-device killed); device B appears and plays a tap; SIGINT.
#   * two-screens: two touchscreens (Wacom, Atmel) at once under `tactile live --all` with scenes/two-screens.json
#     (each on its half), both recordings played at the same time.
#   * palm: Traces/palm.evemu (a finger turning palm mid-touch) under `tactile live NODE`, and libinput.
#   * calibration: a udev rule sets LIBINPUT_CALIBRATION_MATRIX=-1 0 1 0 1 0 (mirrored) for the synthetic device;
#     Traces/tap-share-button.evemu (x = 0.41) under `tactile live NODE --scene scenes/halves.json` and
#     `tactile record NODE`.
set -uo pipefail
TACTILE=${1:?tactile binary}; shift
. "${LIVE_HERE:?the folder of the scripts}/guest-common.sh"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
t0=$(now_ms)
ms() { echo "$(( $(now_ms) - t0 )) ms"; }
SCENES=$LIVE_HERE/scenes

# occurrences FILE TEXT N: FILE has at least N lines containing TEXT
occurrences() {
  local line n=0
  while IFS= read -r line; do [[ $line == *"$2"* ]] && n=$((n + 1)); done < "$1"
  [ "$n" -ge "$3" ]
}

# stop_live PID FOLDER: SIGINT once caught up, then the exit status into FOLDER/live-status
stop_live() {
  wait_caught_up "$1" || echo "tactile live did not catch up" >> "$2/guest-error"
  kill -INT "$1"; wait "$1"; echo $? > "$2/live-status"
}

# --- hot-plug ---
name=hotplug; mkdir -p "$name/a" "$name/b"
IFS='|' read -r desc_a events_a <<<"$1"
IFS='|' read -r desc_b events_b <<<"$2"
"$TACTILE" live --all --scene "$SCENES/touches.json" --json > "$name/live.jsonl" 2> "$name/live.err" &
livepid=$!; pids+=("$livepid")
wait_until file_has "$name/live.err" "waiting for touchscreens" || echo "no 'waiting' line" >> "$name/guest-error"
if create_device "$name/a" "$desc_a"; then
  wait_until occurrences "$name/live.err" "added $NODE" 1 || echo "device A was not added" >> "$name/guest-error"
  evemu-play "$NODE" < "$events_a" 2> "$name/a/play.err"
  wait_caught_up "$livepid"
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
  wait_until occurrences "$name/live.err" "removed" 1 || echo "the removal of A was not reported" >> "$name/guest-error"
fi
if create_device "$name/b" "$desc_b"; then
  wait_until occurrences "$name/live.err" "added" 2 || echo "device B was not added" >> "$name/guest-error"
  evemu-play "$NODE" < "$events_b" 2> "$name/b/play.err"
  stop_live "$livepid" "$name"
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
else
  kill -INT "$livepid"; wait "$livepid"; echo $? > "$name/live-status"
fi
echo "[$(ms)] $name: A plugged, played, removed; B plugged, played"

# --- two touchscreens at once ---
name=two-screens; mkdir -p "$name/left" "$name/right"
IFS='|' read -r desc_l events_l <<<"$3"
IFS='|' read -r desc_r events_r <<<"$4"
if create_device "$name/left" "$desc_l"; then
  node_l=$NODE; dev_l=$DEVPID
  if create_device "$name/right" "$desc_r"; then
    node_r=$NODE; dev_r=$DEVPID
    "$TACTILE" live --all --scene "$SCENES/two-screens.json" --json > "$name/live.jsonl" 2> "$name/live.err" &
    livepid=$!; pids+=("$livepid")
    wait_until occurrences "$name/live.err" "added" 2 || echo "the two devices were not added" >> "$name/guest-error"
    wait_caught_up "$livepid"
    evemu-play "$node_l" < "$events_l" 2> "$name/left/play.err" &
    play_l=$!
    evemu-play "$node_r" < "$events_r" 2> "$name/right/play.err"
    wait "$play_l"
    stop_live "$livepid" "$name"
    kill "$dev_r"; wait "$dev_r" 2>/dev/null
  fi
  kill "$dev_l"; wait "$dev_l" 2>/dev/null
fi
echo "[$(ms)] $name: ${node_l:-?} and ${node_r:-?} played at once"

# --- a palm turning mid-touch ---
name=palm; mkdir -p "$name"
IFS='|' read -r desc events <<<"$5"
if create_device "$name" "$desc"; then
  "$TACTILE" live "$NODE" --scene "$SCENES/touches.json" --json > "$name/live.jsonl" 2> "$name/live.err" &
  livepid=$!; pids+=("$livepid")
  stdbuf -oL libinput debug-events --device "$NODE" > "$name/libinput.txt" 2>&1 &
  lipid=$!; pids+=("$lipid")
  wait_until has_open "$livepid" "$NODE"; wait_until file_has "$name/libinput.txt" DEVICE_ADDED
  wait_caught_up "$livepid" "$lipid"
  evemu-play "$NODE" < "$events" 2> "$name/play.err"
  wait_caught_up "$livepid" "$lipid"
  kill -INT "$lipid"; wait "$lipid" 2>/dev/null
  stop_live "$livepid" "$name"
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
fi
echo "[$(ms)] $name: played"

# --- calibration from a udev property ---
name=calibration; mkdir -p "$name"
IFS='|' read -r desc events <<<"$6"
echo 'ACTION=="add|change", KERNEL=="event*", ATTRS{name}=="Tactile Synthetic Touchscreen", ENV{LIBINPUT_CALIBRATION_MATRIX}="-1 0 1 0 1 0"' \
  > /etc/udev/rules.d/99-tactile-calibration.rules
udevadm control --reload
if create_device "$name" "$desc"; then
  "$TACTILE" live "$NODE" --scene "$SCENES/halves.json" --json > "$name/live.jsonl" 2> "$name/live.err" &
  livepid=$!; pids+=("$livepid")
  "$TACTILE" record "$NODE" -o "$name/recorded.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  wait_until has_open "$livepid" "$NODE" && wait_until has_open "$recpid" "$NODE" && wait_caught_up "$livepid" "$recpid"
  evemu-play "$NODE" < "$events" 2> "$name/play.err"
  wait_caught_up "$livepid" "$recpid"
  kill -INT "$recpid"; wait "$recpid"; echo $? > "$name/record-status"
  stop_live "$livepid" "$name"
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
fi
rm -f /etc/udev/rules.d/99-tactile-calibration.rules
echo "[$(ms)] $name: played"
