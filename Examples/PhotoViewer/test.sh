#!/bin/bash
# test.sh [OUTDIR] - builds the photo viewer and tests it like an app under Xvfb (test.py: gestures from Traces/ and
# fitting real recordings, screenshots measured). Needs libsdl2-dev, zlib1g-dev, xvfb and python3. Prints each
# step's duration and `N passed, N failed`; exits non-zero on any failure.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$(mktemp -d /tmp/photoviewer-test.XXXXXX)}
mkdir -p "$OUT"
started=$(date +%s)

cd "$HERE"
if ! swift build > "$OUT/build.log" 2>&1; then
  tail -n 30 "$OUT/build.log" >&2; echo "error: the photo viewer did not build" >&2; exit 1
fi
tail -n 1 "$OUT/build.log"
if grep -E "warning:" "$OUT/build.log" >&2; then echo "error: the build has warnings (above)" >&2; exit 1; fi
APP="$(swift build --show-bin-path)/PhotoViewer"
built=$(date +%s)
echo "photo viewer: built in $((built - started)) s"

# One X server for every run; -displayfd picks a free display number.
# -displayfd: Xvfb picks a free display and writes its number to fd 3, here a file.
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$OUT/display" >"$OUT/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null' EXIT
display=""
for _ in $(seq 100); do
  display=$(head -1 "$OUT/display" 2>/dev/null)
  [ -n "$display" ] && break
  sleep 0.1
done
[ -n "$display" ] || { echo "error: Xvfb did not start (see $OUT/xvfb.log)" >&2; exit 1; }
DISPLAY=":$display" python3 "$HERE/test.py" "$APP" "$OUT"
status=$?
echo "photo viewer: tests in $(( $(date +%s) - built )) s, total $(( $(date +%s) - started )) s; screenshots in $OUT"
exit $status
