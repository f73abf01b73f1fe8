#!/bin/bash
# Runs INSIDE the livevm guest (see capture-kernel-path.sh): guest-capture-kernel-path.sh TACTILE INPUT...
# For each INPUT (an .evemu file): evemu-device creates the device (udevd runs, so libinput's fuzz rule applies),
# `tactile record` (what the kernel passes on), `libinput debug-events` and `tactile record --backend libinput`
# read it while evemu-play plays INPUT; the results land in NAME/ of the current (shared) folder.
set -uo pipefail
TACTILE=${1:?tactile binary}; shift
LIBINPUT=1
. "${LIVE_HERE:?the folder of this script}/guest-common.sh"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
/lib/systemd/systemd-udevd --daemon 2>/dev/null || echo "systemd-udevd did not start" >&2
for input in "$@"; do
  name=$(basename "$input" .evemu)
  mkdir -p "$name"
  create_device "$name" "$input" || continue
  node=$NODE; devpid=$DEVPID
  "$TACTILE" record "$node" -o "$name/kernel.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  stdbuf -oL libinput debug-events --device "$node" > "$name/libinput.txt" 2>&1 &
  lipid=$!; pids+=("$lipid")
  "$TACTILE" record "$node" --backend libinput -o "$name/libinput-record.evemu" 2> "$name/libinput-record.err" &
  lrpid=$!; pids+=("$lrpid")
  # libinput's reader counts once it said so (libinput added the device and was asked for events once)
  # libinput drains what the node had when it opened it (evdev_drain_fd): play only once the reader said it
  # records and sits in poll
  { wait_until file_has "$name/libinput-record.err" "recording" && wait_until caught_up "$lrpid"; } ||
    echo "$name: tactile record --backend libinput did not start" > "$name/guest-error"
  wait_until has_open "$recpid" "$node" || echo "$name: tactile record did not open $node" > "$name/guest-error"
  wait_until file_has "$name/libinput.txt" DEVICE_ADDED || echo "$name: libinput did not add $node" > "$name/guest-error"
  evemu-play "$node" < "$input" 2> "$name/play.err"
  echo $? > "$name/play-status"
  wait_caught_up "$recpid" "$lipid" "$lrpid" || echo "$name: the readers did not catch up" > "$name/guest-error"
  kill -INT "$recpid" "$lipid" "$lrpid"; wait "$recpid" "$lipid" 2>/dev/null; wait "$lrpid"; echo $? > "$name/libinput-record-status"
  kill "$devpid"; wait "$devpid" 2>/dev/null
  echo "$name: $node captured"
done
