#!/bin/bash
# capture-kernel-path.sh [OUTDIR] - remakes issue 25's kernel-path fixtures (Tests/TactileInputTests/Fixtures/
# KernelPath): the inputs of make-kernel-path-inputs.py played into uinput devices in the livevm guest (Linux 6.1,
# udevd with libinput's rules), with what the kernel passed on (`tactile record`: kernel.evemu) and what libinput
# reported (`libinput debug-events`: libinput.txt) and what `tactile record --backend libinput` wrote
# (libinput-record.evemu). Needs root (the VM tool). Copies NAME.kernel.evemu and
# NAME.libinput.txt beside the inputs; KernelPathTests compares Tactile's replay of each input with them.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
LIVEVM=${TACTILE_LIVEVM:-$HERE/livevm/run-in-vm.sh}
FIXTURES=$ROOT/Tests/TactileInputTests/Fixtures/KernelPath
OUT=${1:-$(mktemp -d /tmp/tactile-kernel-path.XXXXXX)}
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
(cd "$ROOT" && swift build --product tactile) >&2 || exit 1
TACTILE="$(cd "$ROOT" && swift build --show-bin-path)/tactile"
python3 "$HERE/make-kernel-path-inputs.py" "$FIXTURES"
"$LIVEVM" --install evemu-tools --install udev --install libinput-tools -e LIVE_HERE="$HERE" --share "$OUT" \
  --timeout 300 --script "$HERE/guest-capture-kernel-path.sh" "$TACTILE" "$FIXTURES"/repeats.evemu \
  "$FIXTURES"/protocol-a-jitter.evemu || exit 1
for name in repeats protocol-a-jitter; do
  [ -f "$OUT/$name/guest-error" ] && { cat "$OUT/$name/guest-error"; exit 1; }
  cp "$OUT/$name/kernel.evemu" "$FIXTURES/$name.kernel.evemu"
  cp "$OUT/$name/libinput.txt" "$FIXTURES/$name.libinput.txt"
  cp "$OUT/$name/libinput-record.evemu" "$FIXTURES/$name.libinput-record.evemu"
done
ls -l "$FIXTURES"
