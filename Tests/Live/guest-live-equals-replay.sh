#!/bin/bash
# Runs INSIDE the livevm guest (see run-live-tests.sh):
#   guest-live-equals-replay.sh TACTILE CASE...
# Each CASE is "NAME|DESCRIPTION|EVENTS" (DESCRIPTION may equal EVENTS for a self-contained .evemu file).
# For each: evemu-device creates the device, `tactile devices` finds it by name, `tactile live NODE --json`
# and `tactile record NODE` read it side by side while evemu-play plays EVENTS, then both are stopped with
# SIGINT. With LIBINPUT=1, systemd-udevd runs and `libinput debug-events --device NODE` reads the device too
# (a second opinion). Everything lands in NAME/ in the current (shared) folder; the host compares.
set -uo pipefail
TACTILE=${1:?tactile binary}; shift
t0=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - t0) / 1000000 ))ms; }
# wait_until CMD... : up to 20 s
wait_until() { for _ in $(seq 200); do "$@" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
# settled FILE... : true once none of the files has grown for 1.5 s (the readers caught up: under TCG a reader
# can be seconds behind evemu-play, and SIGINT stops it without reading what is still queued)
settled() {
  local before after
  before=$(stat -c %s "$@" | tr '\n' ' '); sleep 1.5; after=$(stat -c %s "$@" | tr '\n' ' ')
  [ "$before" = "$after" ]
}
has_open() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q -- "-> $2\$"; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
if [ "${LIBINPUT:-0}" = 1 ]; then
  /lib/systemd/systemd-udevd --daemon 2>/dev/null || echo "systemd-udevd did not start" >&2
fi

for case in "$@"; do
  IFS='|' read -r name desc events <<<"$case"
  mkdir -p "$name"; rm -f "$name"/*
  devname=$(sed -n 's/^N: //p' "$desc" | head -1)
  evemu-device "$desc" > "$name/device.txt" 2>&1 &
  devpid=$!; pids+=("$devpid")
  if ! wait_until grep -q /dev/input/event "$name/device.txt"; then
    echo "$name: evemu-device failed: $(cat "$name/device.txt")" > "$name/guest-error"; kill "$devpid"; continue
  fi
  # tactile devices must find it (by its name, not by a node number)
  "$TACTILE" devices > "$name/devices.txt" 2> "$name/devices.err"
  node=$(grep -F "\"$devname\"" "$name/devices.txt" | head -1 | cut -d: -f1)
  if [ -z "$node" ]; then
    echo "$name: tactile devices did not list \"$devname\": $(cat "$name/devices.txt" "$name/devices.err")" > "$name/guest-error"
    kill "$devpid"; wait "$devpid" 2>/dev/null; continue
  fi
  "$TACTILE" live "$node" --json > "$name/live.jsonl" 2> "$name/live.err" &
  livepid=$!; pids+=("$livepid")
  "$TACTILE" record "$node" -o "$name/recorded.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  if ! wait_until has_open "$livepid" "$node" || ! wait_until has_open "$recpid" "$node"; then
    echo "$name: readers did not open $node" > "$name/guest-error"
  fi
  if [ "${LIBINPUT:-0}" = 1 ]; then
    udevadm settle -t 10
    stdbuf -oL libinput debug-events --device "$node" > "$name/libinput.txt" 2>&1 &
    lipid=$!; pids+=("$lipid")
    wait_until grep -q DEVICE_ADDED "$name/libinput.txt" || echo "$name: libinput did not add $node" > "$name/guest-error"
  fi
  start=$(date +%s%N)
  evemu-play "$node" < "$events" 2> "$name/play.err"
  echo "$(( ($(date +%s%N) - start) / 1000000 ))" > "$name/play-ms"
  sleep 0.3
  files=("$name/live.jsonl" "$name/recorded.evemu")
  [ "${LIBINPUT:-0}" = 1 ] && files+=("$name/libinput.txt")
  for _ in $(seq 40); do settled "${files[@]}" && break; done
  kill -INT "$livepid" "$recpid"
  [ "${LIBINPUT:-0}" = 1 ] && { kill -INT "$lipid"; wait "$lipid" 2>/dev/null; }
  wait "$livepid"; echo $? > "$name/live-status"
  wait "$recpid"; echo $? > "$name/record-status"
  kill "$devpid"; wait "$devpid" 2>/dev/null
  echo "[$(ms)] $name: $node \"$devname\", played in $(cat "$name/play-ms") ms"
done
