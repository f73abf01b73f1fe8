#!/bin/bash
# Runs INSIDE the livevm guest (see live-touchscreen.sh):
#   guest-live-touchscreen.sh PROGRAM TACTILE SCENE TOUCHPAD_DESC CHECKS_DESC CASE...
# PROGRAM is live_touchscreen (Tests/CAPI/live_touchscreen.c) built against the installed libtactile.
#   * checks: an evemu touchscreen (CHECKS_DESC) and an evemu touchpad (TOUCHPAD_DESC); `PROGRAM checks` → checks.out.
#   * each CASE "NAME|TRACE|END": evemu-device makes a touchscreen from TRACE (a self-contained evemu file), `PROGRAM
#     run SCENE NODE` and `tactile record NODE` read it side by side while evemu-play plays TRACE; END "stop":
#     both are stopped with SIGINT once they caught up (and 1 s more, for the deadlines the trace leaves), END
#     "unplug": evemu-device is killed instead (the device goes away under the readers) and they must end by
#     themselves. Everything lands in NAME/ in the current (shared) folder; the host compares.
set -uo pipefail
PROGRAM=${1:?program}; TACTILE=${2:?tactile}; SCENE=${3:?scene}; PAD=${4:?touchpad description}; CHECKS=${5:?description}
shift 5
. "${LIVE_HERE:?the folder of Tests/Live}/guest-common.sh"
t0=$(now_ms)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT

# evemu_node FOLDER DESC LABEL: evemu-device in the background (DEVPID), its node from what it prints into
# FOLDER/LABEL.txt (NODE)
evemu_node() {
  local line out=$1/$3.txt
  evemu-device "$2" > "$out" 2>&1 &
  DEVPID=$!; pids+=("$DEVPID")
  wait_until file_has "$out" /dev/input/event || { echo "$1: evemu-device failed: $(< "$out")" > "$1/guest-error"; return 1; }
  read -r line < "$out"
  NODE=/dev/input/${line##*/dev/input/}
}

mkdir -p checks
if evemu_node checks "$CHECKS" touchscreen; then
  screen=$NODE; screenpid=$DEVPID
  if evemu_node checks "$PAD" touchpad; then
    "$PROGRAM" checks "$screen" "$NODE" > checks/checks.out 2>&1
    echo $? > checks/status
    kill "$DEVPID"
  fi
  kill "$screenpid"
fi
echo "[$(( $(now_ms) - t0 )) ms] checks"

for case in "$@"; do
  IFS='|' read -r name trace end <<<"$case"
  mkdir -p "$name"
  create_device "$name" "$trace" || continue
  node=$NODE; devpid=$DEVPID
  "$PROGRAM" run "$SCENE" "$node" > "$name/c.jsonl" 2> "$name/c.err" &
  cpid=$!; pids+=("$cpid")
  "$TACTILE" record "$node" -o "$name/recorded.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  if ! wait_until has_open "$cpid" "$node" || ! wait_until has_open "$recpid" "$node"; then
    echo "$name: readers did not open $node" > "$name/guest-error"
  fi
  # Both sit in poll before the play starts (the program reads with 100 ms timeouts: it is in poll nearly always).
  wait_until caught_up "$cpid" "$recpid"
  evemu-play "$node" < "$trace" 2> "$name/play.err"
  echo $? > "$name/play-status"
  wait_caught_up "$cpid" "$recpid" || echo "$name: the readers did not catch up in 90 s" > "$name/guest-error"
  if [ "$end" = unplug ]; then
    kill "$devpid"; wait "$devpid" 2>/dev/null
    # The program ends by itself on TACTILE_DEVICE_REMOVED; `tactile record` too (the device is gone).
    for ((i = 0; i < 100; i++)); do kill -0 "$cpid" 2>/dev/null || break; nap 0.1; done
    kill -0 "$cpid" 2>/dev/null && { echo "$name: the program did not end after the device's removal" > "$name/guest-error"; kill -INT "$cpid"; }
    wait "$cpid"; echo $? > "$name/c-status"
    kill -INT "$recpid" 2>/dev/null; wait "$recpid"; echo $? > "$name/record-status"
  else
    nap 1
    kill -INT "$cpid" "$recpid"
    wait "$cpid"; echo $? > "$name/c-status"
    wait "$recpid"; echo $? > "$name/record-status"
    kill "$devpid"; wait "$devpid" 2>/dev/null
  fi
  echo "[$(( $(now_ms) - t0 )) ms] $name: $node"
done
