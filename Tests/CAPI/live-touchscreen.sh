#!/usr/bin/env bash
# live-touchscreen.sh PREFIX TACTILE [OUTDIR] - libtactile reading a real touchscreen (issue 36), in the livevm guest
# (Tests/Live/livevm: a real kernel, uinput, evdev).
#
# Builds Tests/CAPI/live_touchscreen.c against the libtactile installed in PREFIX (pkg-config, as a user builds it),
# then in the guest (guest-live-touchscreen.sh): its contract checks on an evemu touchscreen and an evemu touchpad,
# and per case a run of the program on an evemu touchscreen while evemu-play plays a trace into it, with `tactile
# record` reading the same node. On the host, per case:
#   * C = replay: the program's JSON log equals `tactile replay --scene SCENE --json` of what `tactile record`
#     captured, line for line, times included (the live suite's rule: both count from the first event, in the
#     kernel's microseconds, so no timing tolerance is needed);
#   * the same lines as the trace: the log equals the replay of the played trace itself once times are set aside
#     (the kernel stamps events when evemu-play writes them, not at the trace's times);
#   * "unplug" (the trace cut with a finger down, then evemu-device killed): the program ends by itself, told
#     TACTILE_DEVICE_REMOVED, and its log cancels the touch;
#   * the application's deadlines ran in the read they fell in (the logs cannot show it: the program's stop runs the
#     deadlines left at their own times, as a replay's end does): none was still pending after a read that began
#     after it;
#   * the readers and evemu-play exited with status 0.
# TACTILE is the `tactile` binary (any build). Needs root (the VM tool's 9p export). Prints PASS/FAIL lines, its time
# and `N passed, N failed`; exits 1 on any failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PREFIX=${1:?usage: live-touchscreen.sh PREFIX TACTILE [OUTDIR]}
TACTILE=${2:?usage: live-touchscreen.sh PREFIX TACTILE [OUTDIR]}
started=$(date +%s)
passed=0; failed=0
check() {  # check NAME STATUS DETAIL
  if [ "$2" -eq 0 ]; then echo "PASS $1${3:+: $3}"; passed=$((passed + 1))
  else echo "FAIL $1${3:+: $3}"; failed=$((failed + 1)); fi
}
if [ "$(id -u)" -ne 0 ]; then
  echo "error: live-touchscreen.sh needs root (the VM tool's 9p export of /)" >&2; exit 1
fi
OUT=${3:-$(mktemp -d /tmp/tactile-c-live.XXXXXX)}
mkdir -p "$OUT/input"; OUT=$(cd "$OUT" && pwd)
LIVEVM=${TACTILE_LIVEVM:-$ROOT/Tests/Live/livevm/run-in-vm.sh}
SCENE=$ROOT/Traces/scenes/photo-viewer.json

export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
libdir=$(pkg-config --variable=libdir tactile) || { echo "error: no libtactile in $PREFIX" >&2; exit 1; }
mkdir -p "$OUT/build"
cp "$HERE/live_touchscreen.c" "$HERE/check.h" "$OUT/build/"
(cd "$OUT/build" && gcc -std=c11 -Wall -Wextra -Werror -O2 -o live_touchscreen live_touchscreen.c \
    $(pkg-config --cflags --libs tactile) -Wl,-rpath,"$libdir") || { echo "error: live_touchscreen.c did not build" >&2; exit 1; }

# NAME|TRACE|END: a tap and a double tap (the photo viewer's double-tap recognizer waits for a second tap: deadlines
# run during the reads), and a long press cut while the finger is down, then unplugged.
python3 "$ROOT/Tests/Live/trace-part.py" "$ROOT/Traces/long-press.evemu" 0.3 --down > "$OUT/input/unplug.evemu"
cases=("tap|$ROOT/Traces/tap.evemu|stop" "double-tap|$ROOT/Traces/double-tap.evemu|stop" "unplug|$OUT/input/unplug.evemu|unplug")
vm_start=$(date +%s)
"$LIVEVM" --install evemu-tools -e LIVE_HERE="$ROOT/Tests/Live" --share "$OUT" --timeout 300 \
  --script "$HERE/guest-live-touchscreen.sh" "$OUT/build/live_touchscreen" "$TACTILE" "$SCENE" \
  "$ROOT/Traces/recordings/synaptics-ps2-touchpad.desc" "$ROOT/Traces/tap.evemu" "${cases[@]}" \
  > "$OUT/guest.log" 2> "$OUT/guest.err"
vm_status=$?
sed 's/^/  guest: /' "$OUT/guest.log"
check "guest run" "$vm_status" "exit $vm_status, $(( $(date +%s) - vm_start )) s"
[ "$vm_status" -eq 0 ] || tail -20 "$OUT/guest.err"

checks_summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$OUT/checks/checks.out" 2>/dev/null)
[ "$(cat "$OUT/checks/status" 2>/dev/null)" = 0 ] && [ -n "$checks_summary" ]
contract=$?
check "contract on a live device (live_touchscreen checks)" $contract "${checks_summary:-no result} $(grep -E '^(FAIL|not a touchscreen)' "$OUT/checks/checks.out" 2>/dev/null | head -5 | tr '\n' ' ')"

# A log's lines without their times (the key "t", and every key that names a time), for the comparisons where the
# kernel's times differ.
untimed() {
  python3 -c 'import json, sys
def strip(value):
    if isinstance(value, dict): return {k: strip(v) for k, v in value.items() if k != "t" and "time" not in k.lower()}
    if isinstance(value, list): return [strip(v) for v in value]
    return value
for line in open(sys.argv[1]): print(json.dumps(strip(json.loads(line)), sort_keys=True))' "$1"
}

for entry in "${cases[@]}"; do
  IFS='|' read -r name trace end <<<"$entry"
  dir=$OUT/$name
  if [ -f "$dir/guest-error" ]; then check "$name: guest" 1 "$(cat "$dir/guest-error")"; continue; fi
  if [ ! -f "$dir/c-status" ]; then check "$name: guest" 1 "no result (see $OUT/guest.err)"; continue; fi
  status="program $(cat "$dir/c-status") record $(cat "$dir/record-status") evemu-play $(cat "$dir/play-status")"
  [ "$status" = "program 0 record 0 evemu-play 0" ]
  clean=$?
  check "$name: the program, tactile record and evemu-play exited cleanly" $clean "$status; $(tail -1 "$dir/c.err")"
  grep -q ' 0 deadlines overdue after a read$' "$dir/c.err"
  on_time=$?
  check "$name: the application's deadlines ran in the reads that they fell in" $on_time "$(tail -1 "$dir/c.err")"
  "$TACTILE" replay --scene "$SCENE" --json "$dir/recorded.evemu" > "$dir/replay.jsonl" 2> "$dir/replay.err"
  if [ ! -s "$dir/c.jsonl" ]; then
    check "$name: C = replay of the recording" 1 "the program's log is empty ($(head -c 300 "$dir/c.err"))"
  elif [ "$end" = unplug ]; then
    # The device went away with the finger down: the program cancels it at the removal, a replay of the recording
    # at its last event — the same lines, the cancel's time aside.
    # (The replay also notes that its trace ended with the finger down; the device's removal is no such note.)
    grep -v '"the trace ends with #' "$dir/replay.jsonl" > "$dir/replay-untruncated.jsonl"
    diff <(untimed "$dir/c.jsonl") <(untimed "$dir/replay-untruncated.jsonl") > "$dir/c-vs-replay.diff"
    same=$?
    check "$name: C = replay of the recording (times aside: the cancel comes at the removal)" $same \
      "$(wc -l < "$dir/c.jsonl") lines; $(head -4 "$dir/c-vs-replay.diff" | tr '\n' ' ' | cut -c1-300)"
    grep -q 'the device was removed; its touches were cancelled' "$dir/c.err" && grep -q '"cancelled"' "$dir/c.jsonl"
    removed=$?
    check "$name: TACTILE_DEVICE_REMOVED, the touch cancelled" $removed "$(grep -c '"cancelled"' "$dir/c.jsonl") cancelled entries; $(head -1 "$dir/c.err")"
  else
    diff "$dir/c.jsonl" "$dir/replay.jsonl" > "$dir/c-vs-replay.diff"
    same=$?
    check "$name: C = replay of the recording" $same \
      "$(wc -l < "$dir/c.jsonl") JSON lines; $(head -4 "$dir/c-vs-replay.diff" | tr '\n' ' ' | cut -c1-300)"
  fi
  if [ "$end" != unplug ]; then
    "$TACTILE" replay --scene "$SCENE" --json "$trace" > "$dir/trace.jsonl" 2> "$dir/trace.err"
    diff <(untimed "$dir/c.jsonl") <(untimed "$dir/trace.jsonl") > "$dir/c-vs-trace.diff"
    same=$?
    check "$name: the same lines as the replay of $(basename "$trace") (times aside)" $same \
      "$(grep -c . "$dir/trace.jsonl") lines; $(head -4 "$dir/c-vs-trace.diff" | tr '\n' ' ' | cut -c1-300)"
  fi
done
echo "output folder: $OUT"
echo "live touchscreen (C API, VM): $passed passed, $failed failed in $(( $(date +%s) - started )) s"
[ "$failed" -eq 0 ]
