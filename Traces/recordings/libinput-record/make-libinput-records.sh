#!/bin/bash
# make-libinput-records.sh - remakes the `libinput record` YAML files beside this script from the evemu recordings
# in Traces/recordings: each is played into a uinput device under a real Linux kernel (the livevm guest of
# Tests/Live, Linux 6.1, udevd with libinput's rules) by evemu-play while `libinput record` reads the device
# (guest-libinput-record.sh). Needs root (the VM tool). AnalyzeLibinputComparisonTests runs libinput's analysis
# tools on these files and compares them with `tactile analyze`.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
LIVEVM=${TACTILE_LIVEVM:-$ROOT/Tests/Live/livevm/run-in-vm.sh}
R=$ROOT/Traces/recordings
# DESCRIPTION:EVENTS; an .evemu file is both.
PAIRS=(
  "$R/atmel-maxtouch-ts__2finger-touch-release.evemu:$R/atmel-maxtouch-ts__2finger-touch-release.evemu"
  "$R/wacom-cintiq13hd-ts__1finger-short-drag.evemu:$R/wacom-cintiq13hd-ts__1finger-short-drag.evemu"
  "$R/ep0430m09-ts__2finger-pan-vertical.evemu:$R/ep0430m09-ts__2finger-pan-vertical.evemu"
  "$R/quanta-optical-ts.desc:$R/quanta-optical-ts__1finger-long-press.events"
  "$R/ntrig-multitouch-ts.desc:$R/ntrig-multitouch-ts__typeA-2finger-touch-release.events"
  "$R/egalax-usb-singletouch-ts.desc:$R/egalax-usb-singletouch-ts__no-mt-2-touches.events"
)
OUT=$(mktemp -d /tmp/tactile-libinput-record.XXXXXX)
"$LIVEVM" --install evemu-tools --install udev --install libinput-tools -e LIVE_HERE="$ROOT/Tests/Live" \
  --share "$OUT" --timeout 500 --script "$HERE/guest-libinput-record.sh" "${PAIRS[@]}" || exit 1
for pair in "${PAIRS[@]}"; do
  name=$(basename "${pair#*:}"); name=${name%.*}
  [ -s "$OUT/$name.yml" ] || { echo "$name: no recording (see $OUT/work/$name)" >&2; exit 1; }
  cp "$OUT/$name.yml" "$HERE/$name.yml"
done
ls -l "$HERE"/*.yml
