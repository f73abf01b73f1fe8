#!/bin/bash
# run-live-tests.sh [OUTDIR] - Tactile's live input through a real kernel (issue 7).
#
# Boots a Debian kernel in QEMU (Tests/Live/livevm), creates touchscreens there with evemu-device from
# real recordings in Traces/recordings and plays them with evemu-play while `tactile live --json` and
# `tactile record` read the device. On the host it then checks, per recording:
#   * live = replay: the live log equals `tactile replay --json` of what `tactile record` captured, line for
#     line, times included (both count from the first event, in the kernel's microseconds);
#   * recorded = played: the recorded events equal what the kernel passes on of the played ones
#     (kernel-events.py: repeated values, fuzz, held-back ABS_MT_SLOT, empty SYN_REPORTs);
#   * libinput agrees (unless LIBINPUT=0): per frame, the touches Tactile began, moved, ended or cancelled
#     (replay of the recording through scenes/touches.json) are the TOUCH_DOWN/MOTION/UP/CANCEL that
#     `libinput debug-events` reported, positions included, once libinput's own filtering (its hysteresis, and
#     libmtdev's default fuzz for protocol A) is modelled exactly (compare-libinput.py explains who is right);
#   * libinput backend = evdev backend (issue 25, unless LIBINPUT=0): `tactile live --backend libinput` read the same
#     play through the default scene: the same recognitions, begins, ends and cancels (compare-backends.py);
#   * the tools ran cleanly: `tactile devices` listed the device, both readers exited with status 0;
#   * issue 14 (guest-devices.sh, check-devices.py): hot-plug, two touchscreens, a palm, calibration from udev;
#   * faults (guest-faults.sh, check-faults.py): SYN_DROPPED after a SIGSTOP of the reader, the device removed
#     under `tactile live`, `tactile live --grab` released after SIGINT and after SIGTERM;
#   * latency: every live frame's `tactile live --latency` line is causal (kernel time <= read <= logged), in order,
#     not held back for the next frame, and there is one per frame of the replay (latency.py --complete); the time
#     from its kernel timestamp to the moment its entries were written is reported (median, 99th percentile), not
#     bounded: under emulation it is whatever the host's load makes it;
#   * evemu-play exited with status 0, in every run and every fault.
# Prints one PASS/FAIL/SKIP line per check, the runtime and `N passed, N failed, N skipped of 66 checks`; exits 1 on
# any failure, and when the number of checks that ran or were skipped is not EXPECTED_CHECKS (a check that
# silently stopped running is a failure: change the number with the checks).
# Needs root (the VM tool's 9p export). TACTILE=path uses that binary instead of building the debug one;
# LIVEVM_ACCEL=tcg forces emulation; PLAY_SPEED (default 1 under KVM, 0.25 under TCG) slows the plays of the
# live = replay recordings down (not the faults'), THREE_M_SPEED (default PLAY_SPEED) the 3M part;
# LIBINPUT=0 skips libinput (both its checks), LIBINPUT_BACKEND=0 only `tactile live --backend libinput`; LIVE_ONLY=N runs the first N recordings only, LIVE_CASES="NAME..." the named ones;
# LIVE_FAULTS=0 and LIVE_DEVICES=0 skip the fault and device checks;
# THREE_M_PART="FROM UNTIL" (default "0 2": the 3M session's start up to the first all-up point after 2 s: 3.2 s,
# 4 touches, 2132 events, 1876 after the kernel's filtering, so it fits the device's 4096-event kernel buffer and no
# reader, however slow, can overflow; "15 19" is the ten-finger stretch: 3.3 s, 11 touches, up to 10 at once, 17555
# events after filtering, too dense for a debug build under TCG on a busy host) sets which part of it is played.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# TRACES, LIVEVM, the recordings, check and skip, and the functions called below: shared with Tests/Desktop
source "$HERE/host-common.sh"
output_folder "${1:-}" tactile-live
started=$(date +%s)

build_tactile
# Every check of a full run: the guest run, 6 per recording (readers, live = replay, libinput, libinput backend,
# recorded = played, evemu-play), 2 per fault (its check, evemu-play), 4 device checks (issue 14) and the latency.
EXPECTED_CHECKS=66  # 1 + 9 × 6 + 3 × 2 + 4 + 1
CHECKS_PER_RECORDING=6
skipped_recordings=()
if [ -n "${LIVE_ONLY:-}" ]; then
  skipped_recordings+=("${recordings[@]:$LIVE_ONLY}")
  recordings=("${recordings[@]:0:$LIVE_ONLY}")
fi
if [ -n "${LIVE_CASES:-}" ]; then  # LIVE_CASES="NAME ...": only these recordings
  chosen=()
  for entry in "${recordings[@]}"; do
    if [[ " $LIVE_CASES " == *" ${entry%%|*} "* ]]; then chosen+=("$entry"); else skipped_recordings+=("$entry"); fi
  done
  recordings=("${chosen[@]}")
fi
# The VM's accelerator (installs and probes once): under emulation (tcg) the recordings play at PLAY_SPEED (default
# 0.25: probe_accelerator in host-common.sh says why)
probe_accelerator --install evemu-tools --install udev --install libinput-tools
THREE_M_SPEED=${THREE_M_SPEED:-$PLAY_SPEED}
cases=()
mkdir -p "$OUT/input"
for entry in "${recordings[@]}"; do
  name=${entry%%|*}
  speed=$PLAY_SPEED; [ "$name" = 3m ] && speed=$THREE_M_SPEED
  add_case "$name" "${entry#*|}" "$speed" "${THREE_M_PART:-0 2}"
done

# faults: NAME|DESCRIPTION|EVENTS, each recording cut where fingers are still down (trace-part.py ... down)
W=$TRACES/wacom-isdv4-e6-ts
python3 "$HERE/trace-part.py" "${W}__2finger-circle.events" 1.3 --down > "$OUT/input/drop.events"
python3 "$HERE/trace-part.py" "${W}__2finger-pan-down.events" 0.5 --down > "$OUT/input/unplug.events"
faults="fault-drop|$W.desc|$OUT/input/drop.events fault-unplug|$W.desc|$OUT/input/unplug.events"
faults+=" fault-grab|$W.desc|${W}__1finger-tap.events"
[ "${LIVE_FAULTS:-1}" = 1 ] || faults=""

# issue 14 (guest-devices.sh, check-devices.py): hot-plug, two touchscreens at once, a palm, calibration from udev;
# each "DESCRIPTION|EVENTS". LIVE_DEVICES=0 skips them.
A=$TRACES/atmel-maxtouch-ts__2finger-touch-release.evemu
devices="$W.desc|$OUT/input/unplug.events $W.desc|${W}__1finger-tap.events $W.desc|${W}__2finger-tap.events $A|$A"
devices+=" $ROOT/Traces/palm.evemu|$ROOT/Traces/palm.evemu $ROOT/Traces/tap-share-button.evemu|$ROOT/Traces/tap-share-button.evemu"
[ "${LIVE_DEVICES:-1}" = 1 ] || devices=""

backend_ms=0
played_cleanly() {  # played_cleanly FILE: evemu-play's exit statuses, one per line, all 0 (and at least one)
  [ -s "$1" ] && ! grep -qv '^0$' "$1"
}
for entry in "${skipped_recordings[@]}"; do
  skip "${entry%%|*}: all $CHECKS_PER_RECORDING checks" "LIVE_ONLY=${LIVE_ONLY:-} LIVE_CASES=${LIVE_CASES:-}" "$CHECKS_PER_RECORDING"
done
[ -n "$faults" ] || skip "faults drop, unplug, grab: all 6 checks" "LIVE_FAULTS=0" 6
[ -n "$devices" ] || skip "hotplug, two-screens, palm, calibration" "LIVE_DEVICES=0" 4

echo "output folder: $OUT"
vm_start=$(date +%s)
LIBINPUT=${LIBINPUT:-1}
LIBINPUT_BACKEND=${LIBINPUT_BACKEND:-$LIBINPUT}
echo "accelerator: ${accel:-unknown} (LIVEVM_ACCEL=${LIVEVM_ACCEL:-auto}), recordings played at speed $PLAY_SPEED (3M: $THREE_M_SPEED)"
"$LIVEVM" --smp "${LIVE_SMP:-2}" --install evemu-tools --install udev --install libinput-tools -e LIBINPUT="$LIBINPUT" -e LIBINPUT_BACKEND="$LIBINPUT_BACKEND" -e LIVE_HERE="$HERE" \
  -e FAULTS="$faults" -e DEVICES="$devices" --share "$OUT" --timeout 800 \
  --script "$HERE/guest-live-equals-replay.sh" "$TACTILE" "${cases[@]}" > "$OUT/guest.log" 2> "$OUT/guest.err"
vm_status=$?
sed 's/^/  guest: /' "$OUT/guest.log"
check "guest run (live = replay)" "$vm_status" "exit $vm_status, $(( $(date +%s) - vm_start )) s"
[ "$vm_status" -eq 0 ] || tail -20 "$OUT/guest.err"

for entry in "${cases[@]}"; do
  IFS='|' read -r name desc events <<<"$entry"
  dir=$OUT/$name
  if [ -f "$dir/guest-error" ]; then check "$name: guest" 1 "$(cat "$dir/guest-error")"; continue; fi
  if [ ! -f "$dir/live-status" ]; then check "$name: guest" 1 "no result (see $OUT/guest.err)"; continue; fi
  status="live $(cat "$dir/live-status" 2>/dev/null) record $(cat "$dir/record-status" 2>/dev/null)"
  [ "$status" = "live 0 record 0" ]; check "$name: readers exited cleanly" $? "$status"
  played_cleanly "$dir/play-status"
  check "$name: evemu-play exited cleanly" $? "status $(tr '\n' ' ' < "$dir/play-status" 2>/dev/null)$(head -c 200 "$dir/play.err" 2>/dev/null)"

  "$TACTILE" replay "$dir/recorded.evemu" --json > "$dir/replay.jsonl" 2> "$dir/replay.err"
  if [ ! -s "$dir/live.jsonl" ]; then
    check "$name: live = replay" 1 "the live log is empty ($(head -c 300 "$dir/live.err"))"
  elif diff "$dir/live.jsonl" "$dir/replay.jsonl" > "$dir/live-vs-replay.diff"; then
    check "$name: live = replay" 0 "$(wc -l < "$dir/live.jsonl") JSON lines identical, times included"
  else
    check "$name: live = replay" 1 "$(wc -l < "$dir/live-vs-replay.diff") diff lines, first: $(head -4 "$dir/live-vs-replay.diff" | tr '\n' ' ' | cut -c1-400)"
  fi

  # every frame's touches, one view and no recognizers: libinput's check and the latency check's frame times
  "$TACTILE" replay "$dir/recorded.evemu" --scene "$HERE/scenes/touches.json" --json > "$dir/touches.jsonl" 2>&1
  if [ "$LIBINPUT" = 1 ]; then
    detail=$(python3 "$HERE/compare-libinput.py" "$TACTILE" "$dir/recorded.evemu" "$dir/udev.txt" "$dir/touches.jsonl" "$dir/libinput.txt")
    check "$name: libinput agrees" $? "$detail"
  else
    skip "$name: libinput agrees" "LIBINPUT=0"
  fi

  # issue 25: `tactile live --backend libinput` read the same play beside `tactile live`: the same recognitions,
  # begins, ends and cancels (compare-backends.py; moves are libinput's to filter)
  if [ "$LIBINPUT_BACKEND" = 1 ]; then
    compare_start=${EPOCHREALTIME/./}
    detail=$(python3 "$HERE/compare-backends.py" "$dir/live.jsonl" "$dir/libinput-live.jsonl")
    status=$?
    [ "$(cat "$dir/libinput-live-status" 2>/dev/null)" = 0 ] || { status=1; detail="exit $(cat "$dir/libinput-live-status" 2>/dev/null): $(head -c 300 "$dir/libinput-live.err") $detail"; }
    backend_ms=$(( backend_ms + (${EPOCHREALTIME/./} - compare_start) / 1000 ))
    check "$name: libinput backend = evdev backend" $status "$detail"
  else
    skip "$name: libinput backend = evdev backend" "LIBINPUT=0 or LIBINPUT_BACKEND=0"
  fi

  # the kernel's fuzz as the device had it (recorded.evemu's A: lines): with udevd running, libinput's udev
  # rule (60-libinput-fuzz) sets the kernel's fuzz to 0, so the recording's own fuzz no longer applies
  detail=$(python3 "$HERE/kernel-events.py" compare "$dir/recorded.evemu" "$events" "$dir/recorded.evemu")
  check "$name: recorded = played" $? "$detail"
done

for fault in $faults; do
  IFS='|' read -r name desc events <<<"$fault"
  kind=${name#fault-}
  extra=$OUT/$name/describe.txt; [ "$kind" = drop ] && extra=$TACTILE
  detail=$(python3 "$HERE/check-faults.py" "$kind" "$OUT/$name" "$events" "$extra")
  check "fault $kind" $? "$detail"
  played_cleanly "$OUT/$name/play-status"
  check "fault $kind: evemu-play exited cleanly" $? "status $(tr '\n' ' ' < "$OUT/$name/play-status" 2>/dev/null)$(head -c 200 "$OUT/$name/play.err" 2>/dev/null)"
done

if [ -n "$devices" ]; then
  read -r hotplug_a hotplug_b left right palm calibration <<<"$devices"
  for kind in hotplug two-screens palm calibration; do
    detail=$(python3 "$HERE/check-devices.py" "$kind" "$OUT/$kind" "$TACTILE" "${calibration#*|}")
    check "$kind" $? "$detail"
  done
fi

# latency: every frame of every live = replay run (per run, then the summary)
if [ "${#cases[@]}" -gt 0 ]; then
  latency_files=()
  for entry in "${cases[@]}"; do latency_files+=("$OUT/${entry%%|*}/live.err"); done
  python3 "$HERE/latency.py" --complete "${latency_files[@]}" > "$OUT/latency.txt"
  status=$?
  head -n -1 "$OUT/latency.txt"
  detail=$(tail -1 "$OUT/latency.txt")
  check "latency" $status "$detail"
else
  skip "latency" "no live = replay run"
fi
# issue 25: the delay per backend (latency-table.py; a report), and what the backend check cost
if [ "${#cases[@]}" -gt 0 ] && [ "$LIBINPUT_BACKEND" = 1 ]; then
  names=()
  for entry in "${cases[@]}"; do names+=("${entry%%|*}"); done
  python3 "$HERE/latency-table.py" "$OUT" "${names[@]}" | tee "$OUT/latency-table.md"
  echo "libinput backend: its checks took $backend_ms ms on the host; in the guest its reader ran beside the others (no extra play)"
fi

counted=$((passed + failed + skipped))
[ "$counted" -eq "$EXPECTED_CHECKS" ]
check "check count" $? "$counted of $EXPECTED_CHECKS checks ran or were skipped"
echo "runtime $(( $(date +%s) - started )) s (VM part included)"
echo "$passed passed, $failed failed, $skipped skipped of $EXPECTED_CHECKS checks (+ the count)"
[ "$failed" -eq 0 ]
