#!/bin/bash
# Runs INSIDE the livevm guest (see run-live-tests.sh):
#   guest-live-equals-replay.sh TACTILE CASE...
# Each CASE is "NAME|DESCRIPTION|EVENTS" (DESCRIPTION may equal EVENTS for a self-contained .evemu file).
# For each: evemu-device creates the device, `tactile devices` finds it by name, `tactile live NODE --json`
# and `tactile record NODE` read it side by side while evemu-play plays EVENTS, then both are stopped with
# SIGINT. With LIBINPUT=1, systemd-udevd runs and `libinput debug-events --device NODE` reads the device too
# (a second opinion), and `tactile live --backend libinput --json --latency` too (NAME/libinput-live.*).
# `tactile live --latency` writes its latency lines to NAME/live.err. The readers are stopped
# only once they caught up (guest-common.sh: each seen blocked in poll after evemu-play ended). Everything lands in
# NAME/ in the current (shared) folder; the host compares. With FAULTS set, guest-faults.sh runs afterwards.
set -uo pipefail
TACTILE=${1:?tactile binary}; shift
. "${LIVE_HERE:?the folder of this script}/guest-common.sh"
t0=$(now_ms)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
if [ "${LIBINPUT:-0}" = 1 ]; then
  /lib/systemd/systemd-udevd --daemon 2>/dev/null || echo "systemd-udevd did not start" >&2
fi

for case in "$@"; do
  IFS='|' read -r name desc events <<<"$case"
  mkdir -p "$name"
  create_device "$name" "$desc" || continue
  node=$NODE; devpid=$DEVPID
  "$TACTILE" live "$node" --json --latency > "$name/live.jsonl" 2> "$name/live.err" &
  livepid=$!; pids+=("$livepid")
  "$TACTILE" record "$node" -o "$name/recorded.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  if ! wait_until has_open "$livepid" "$node" || ! wait_until has_open "$recpid" "$node"; then
    echo "$name: readers did not open $node" > "$name/guest-error"
  fi
  if [ "${LIBINPUT:-0}" = 1 ]; then
    stdbuf -oL libinput debug-events --device "$node" > "$name/libinput.txt" 2>&1 &
    lipid=$!; pids+=("$lipid")
    wait_until file_has "$name/libinput.txt" DEVICE_ADDED || echo "$name: libinput did not add $node" > "$name/guest-error"
  fi
  if [ "${LIBINPUT:-0}" = 1 ] && [ "${LIBINPUT_BACKEND:-1}" = 1 ]; then
    # issue 25: the same device through `tactile live --backend libinput` (libinput's path backend)
    "$TACTILE" live "$node" --backend libinput --json --latency > "$name/libinput-live.jsonl" 2> "$name/libinput-live.err" &
    blpid=$!; pids+=("$blpid")
    # libinput drains what the node had when it opened it (evdev_drain_fd): play only once the reader sits in poll
    { wait_until has_open "$blpid" "$node" && wait_until caught_up "$blpid"; } ||
      echo "$name: tactile live --backend libinput did not open $node" > "$name/guest-error"
  fi
  start=${EPOCHREALTIME/./}
  evemu-play "$node" < "$events" 2> "$name/play.err"
  echo $? > "$name/play-status"
  played=$(( (${EPOCHREALTIME/./} - start) / 1000 ))
  readers=("$livepid" "$recpid")
  [ "${LIBINPUT:-0}" = 1 ] && readers+=("$lipid")
  [ "${LIBINPUT:-0}" = 1 ] && [ "${LIBINPUT_BACKEND:-1}" = 1 ] && readers+=("$blpid")
  wait_caught_up "${readers[@]}" || echo "$name: the readers did not catch up in 90 s" > "$name/guest-error"
  # The replay runs every deadline the trace leaves pending (a double tap's 0.35 s interval after the last lift):
  # live must run them too before SIGINT cancels what is still withheld, or the two logs differ by a race (a
  # faster `tactile live` caught up before the double tap's deadline and was stopped first).
  nap 1
  kill -INT "$livepid" "$recpid"
  [ "${LIBINPUT:-0}" = 1 ] && { kill -INT "$lipid"; wait "$lipid" 2>/dev/null; }
  [ "${LIBINPUT:-0}" = 1 ] && [ "${LIBINPUT_BACKEND:-1}" = 1 ] && { kill -INT "$blpid"; wait "$blpid"; echo $? > "$name/libinput-live-status"; }
  wait "$livepid"; echo $? > "$name/live-status"
  wait "$recpid"; echo $? > "$name/record-status"
  kill "$devpid"; wait "$devpid" 2>/dev/null
  echo "[$(( $(now_ms) - t0 )) ms] $name: $node \"$(device_name "$desc")\", played in $played ms"
done

if [ -n "${FAULTS:-}" ]; then
  # shellcheck disable=SC2086
  "$LIVE_HERE/guest-faults.sh" "$TACTILE" $FAULTS || echo "guest-faults.sh exited with $?" >&2
fi
if [ -n "${DEVICES:-}" ]; then
  # shellcheck disable=SC2086
  "$LIVE_HERE/guest-devices.sh" "$TACTILE" $DEVICES || echo "guest-devices.sh exited with $?" >&2
fi
