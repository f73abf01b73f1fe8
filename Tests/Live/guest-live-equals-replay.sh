#!/bin/bash
# Runs INSIDE the livevm guest (see run-live-tests.sh):
#   guest-live-equals-replay.sh TACTILE CASE...
# Each CASE is "NAME|DESCRIPTION|EVENTS" (DESCRIPTION may equal EVENTS for a self-contained .evemu file).
# For each: evemu-device creates the device, `tactile devices` finds it by name, `tactile live NODE --json`
# and `tactile record NODE` read it side by side while evemu-play plays EVENTS, then both are stopped with
# SIGINT. Everything lands in NAME/ in the current (shared) folder; the host compares.
set -uo pipefail
TACTILE=${1:?tactile binary}; shift
t0=$(date +%s%N)
ms() { echo $(( ($(date +%s%N) - t0) / 1000000 ))ms; }
# wait_until CMD... : up to 20 s
wait_until() { for _ in $(seq 200); do "$@" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
has_open() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q -- "-> $2\$"; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT

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
  start=$(date +%s%N)
  evemu-play "$node" < "$events" 2> "$name/play.err"
  echo "$(( ($(date +%s%N) - start) / 1000000 ))" > "$name/play-ms"
  sleep 0.5
  kill -INT "$livepid" "$recpid"
  wait "$livepid"; echo $? > "$name/live-status"
  wait "$recpid"; echo $? > "$name/record-status"
  kill "$devpid"; wait "$devpid" 2>/dev/null
  echo "[$(ms)] $name: $node \"$devname\", played in $(cat "$name/play-ms") ms"
done
