#!/bin/bash
# Runs INSIDE the livevm guest, after guest-live-equals-replay.sh (see run-live-tests.sh):
#   guest-faults.sh TACTILE DROP_CASE UNPLUG_CASE GRAB_CASE      (each "NAME|DESCRIPTION|EVENTS")
# Faults through the real kernel; the host checks the files each leaves in NAME/. `tactile live` runs the
# touches scene (scenes/touches.json: no recognizers, so only input ends or cancels a touch).
#   * drop: `tactile live` is stopped (SIGSTOP) as soon as it logged a touch, while evemu-play goes on, so the
#     kernel's buffer for it overflows (SYN_DROPPED); it is resumed (SIGCONT) after the play, read to the end and
#     stopped with SIGINT. `tactile record` reads alongside without pause. The recording ends with fingers down.
#   * unplug: the recording (fingers still down at its end) is played, then evemu-device is killed, which
#     destroys the uinput device under `tactile live` (live.jsonl, live.err, live-status).
#   * grab: evemu-record reads the device throughout (other.txt). `tactile live --grab` runs while EVENTS is
#     played (phase 1), is stopped with SIGINT, EVENTS is played again (phase 2); a second `tactile live --grab`
#     (phase 3) is stopped with SIGTERM and EVENTS is played once more (phase 4). other-N counts the events
#     evemu-record printed by the end of phase N.
set -uo pipefail
TACTILE=${1:?tactile binary}; shift
. "${LIVE_HERE:?the folder of the scripts}/guest-common.sh"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
t0=$(now_ms)
ms() { echo "$(( $(now_ms) - t0 )) ms"; }
prepare() { mkdir -p "$1"; }

# --- SYN_DROPPED ---
IFS='|' read -r name desc events <<<"$1"
prepare "$name"
if create_device "$name" "$desc"; then
  "$TACTILE" live "$NODE" --scene "$LIVE_HERE/scenes/touches.json" --json > "$name/live.jsonl" 2> "$name/live.err" &
  livepid=$!; pids+=("$livepid")
  "$TACTILE" record "$NODE" -o "$name/recorded.evemu" 2> "$name/record.err" &
  recpid=$!; pids+=("$recpid")
  wait_until has_open "$livepid" "$NODE" && wait_until has_open "$recpid" "$NODE" && wait_caught_up "$livepid" "$recpid"
  evemu-play "$NODE" < "$events" 2> "$name/play.err" &
  playpid=$!
  wait_until file_has "$name/live.jsonl" '"began"' || echo "$name: no touch began in 20 s" > "$name/guest-error"
  kill -STOP "$livepid"
  wait "$playpid"; echo $? > "$name/play-status"
  kill -CONT "$livepid"
  wait_caught_up "$livepid" "$recpid" || echo "$name: the readers did not catch up" > "$name/guest-error"
  kill -INT "$livepid" "$recpid"
  wait "$livepid"; echo $? > "$name/live-status"
  wait "$recpid"; echo $? > "$name/record-status"
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
  echo "[$(ms)] $name: $NODE, reader stopped during the play"
fi

# --- unplug ---
IFS='|' read -r name desc events <<<"$2"
prepare "$name"
if create_device "$name" "$desc"; then
  "$TACTILE" live "$NODE" --scene "$LIVE_HERE/scenes/touches.json" --json > "$name/live.jsonl" 2> "$name/live.err" &
  livepid=$!; pids+=("$livepid")
  wait_until has_open "$livepid" "$NODE" && wait_caught_up "$livepid"
  evemu-play "$NODE" < "$events" 2> "$name/play.err"; echo $? > "$name/play-status"
  wait_caught_up "$livepid" || echo "$name: tactile live did not catch up" > "$name/guest-error"
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
  for ((i = 0; i < 100; i++)); do kill -0 "$livepid" 2>/dev/null || break; nap 0.1; done
  if kill -0 "$livepid" 2>/dev/null; then
    echo "$name: tactile live still runs 10 s after the device was removed" > "$name/guest-error"
    kill -INT "$livepid"
  fi
  wait "$livepid"; echo $? > "$name/live-status"
  echo "[$(ms)] $name: $NODE removed under tactile live"
fi

# --- grab ---
IFS='|' read -r name desc events <<<"$3"
prepare "$name"
if create_device "$name" "$desc"; then
  evemu-describe "$NODE" > "$name/describe.txt" 2>&1
  stdbuf -oL evemu-record "$NODE" > "$name/other.txt" 2> "$name/other.err" &
  otherpid=$!; pids+=("$otherpid")
  wait_until has_open "$otherpid" "$NODE"
  play_phase() {  # play_phase N READER...: play EVENTS, wait until the readers caught up, count the other's events
    local n=$1; shift
    evemu-play "$NODE" < "$events" 2>> "$name/play.err"; echo $? >> "$name/play-status"
    wait_caught_up "$@" || echo "$name: phase $n: the readers did not catch up" > "$name/guest-error"
    count_events "$name/other.txt" > "$name/other-$n"
  }
  grabbed() {  # grabbed N SIGNAL: a `tactile live --grab` runs during phase N, then gets SIGNAL
    "$TACTILE" live "$NODE" --grab --json > "$name/live-$1.jsonl" 2> "$name/live-$1.err" &
    local pid=$!; pids+=("$pid")
    wait_until has_open "$pid" "$NODE" && wait_caught_up "$pid"  # in its poll loop: the grab is taken
    play_phase "$1" "$pid" "$otherpid"
    kill "-$2" "$pid"; wait "$pid"; echo $? > "$name/live-$1-status"
  }
  count_events "$name/other.txt" > "$name/other-0"
  grabbed 1 INT
  play_phase 2 "$otherpid"
  grabbed 3 TERM
  play_phase 4 "$otherpid"
  kill -INT "$otherpid"; wait "$otherpid" 2>/dev/null
  kill "$DEVPID"; wait "$DEVPID" 2>/dev/null
  echo "[$(ms)] $name: $NODE grabbed, released on SIGINT and on SIGTERM"
fi
