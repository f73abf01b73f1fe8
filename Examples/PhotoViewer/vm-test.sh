#!/bin/bash
# vm-test.sh [OUTDIR] - the photo viewer live through a real kernel (Tests/Live/livevm, QEMU): a uinput
# touchscreen plays Traces/pinch-out.evemu while the app reads it live under Xvfb in the guest; its final screenshot
# must show the same photo placement as the virtual-time replay of the same trace on the host (the live screenshot
# waits until the pinch has ended, --screenshot-after-touches, however late the app reads it). Needs root (the VM
# tool's 9p export), the built app (test.sh builds it), xvfb, evemu-tools. Prints durations, the live run's frame
# time and input-to-photon (under the VM's emulation: slow), and `N passed, N failed`.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
LIVEVM=${TACTILE_LIVEVM:-$HERE/../../Tests/Live/livevm/run-in-vm.sh}
[ -x "$LIVEVM" ] || { echo "error: $LIVEVM is missing" >&2; exit 1; }
OUT=${1:-$(mktemp -d /tmp/photoviewer-vm.XXXXXX)}
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
started=$(date +%s)
APP="$(cd "$HERE" && swift build --show-bin-path)/PhotoViewer"
[ -x "$APP" ] || { echo "error: $APP is not built (run test.sh first)" >&2; exit 1; }
TRACE=$HERE/../../Traces/pinch-out.evemu
SHOT_AT=${SHOT_AT:-4}

# The reference: the same trace replayed in virtual time on the host, headless.
"$APP" --trace "$TRACE" --virtual-time --headless --screenshot-at "$SHOT_AT:$OUT/replay-after.png" 2> "$OUT/replay.err" ||
  { echo "FAIL replay: $(tail -1 "$OUT/replay.err")"; echo "0 passed, 1 failed"; exit 1; }

# -t: a guard against a hang, not a time the run must keep (~1.5 min under TCG on a quiet host, several on a busy one).
"$LIVEVM" -t 900 --install evemu-tools --install xvfb --share "$OUT" --script "$HERE/vm-guest.sh" \
  "$APP" "$TRACE" "$OUT" "$SHOT_AT"
vm_status=$?
echo "photo viewer VM: $(( $(date +%s) - started )) s (VM status $vm_status)"
echo "live (in the guest, TCG): $(grep 'frames;' "$OUT/live.err" 2>/dev/null || echo 'no summary')"
python3 "$HERE/compare.py" "$OUT/live-after.png" "$OUT/replay-after.png" "$vm_status"
