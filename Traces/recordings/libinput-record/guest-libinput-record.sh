#!/bin/bash
# Runs INSIDE the livevm guest (see make-libinput-records.sh): guest-libinput-record.sh DESC:EVENTS...
# For each pair, evemu-device creates the device from DESC (udevd runs, as on a desktop), `libinput record` reads it
# while evemu-play plays EVENTS into it, and the YAML lands in NAME.yml of the current (shared) folder, NAME being
# EVENTS' file name without its extension.
set -uo pipefail
. "${LIVE_HERE:?the folder of Tests/Live}/guest-common.sh"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
/lib/systemd/systemd-udevd --daemon 2>/dev/null || echo "systemd-udevd did not start" >&2
for pair in "$@"; do
  desc=${pair%%:*}; events=${pair#*:}
  name=$(basename "$events"); name=${name%.*}
  mkdir -p "work/$name"
  evemu-device "$desc" > "work/$name/device.txt" 2>&1 &
  devpid=$!; pids+=("$devpid")
  wait_until file_has "work/$name/device.txt" /dev/input/event || { echo "$name: evemu-device failed" >&2; continue; }
  udevadm settle -t 10
  node=$(grep -o '/dev/input/event[0-9]*' "work/$name/device.txt" | head -1)
  libinput record --output-file "work/$name/record.yml" "$node" 2> "work/$name/record.err" &
  recpid=$!; pids+=("$recpid")
  wait_until has_open "$recpid" "$node" || echo "$name: libinput record did not open $node" >&2
  wait_until caught_up "$recpid"
  evemu-play "$node" < "$events" 2> "work/$name/play.err"
  wait_caught_up "$recpid" || echo "$name: libinput record did not catch up" >&2
  kill -INT "$recpid"; wait "$recpid" 2>/dev/null
  kill "$devpid"; wait "$devpid" 2>/dev/null
  cp "work/$name/record.yml" "$name.yml" && echo "$name: recorded from $node"
done
