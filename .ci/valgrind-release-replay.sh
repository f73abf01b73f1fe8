#!/usr/bin/env bash
# Issue 35: memory checked where the work is. The release `tactile` (what users run: the optimized dispatch,
# arena and log printer) replays a real recording under valgrind's memcheck: a two-finger vertical pan on an
# EP0430M09 touchscreen through the photo viewer's scene (recognizers, scroll view, controls), printed as the text
# log with --explain and as JSON.
# Any memcheck error fails (--error-exitcode). Reports inside the Swift runtime's metadata initialization and the
# log printer's enum-tag compare of release builds are suppressed, each with its reason and evidence in
# .ci/valgrind-swift.supp. The binary runs from a copy without debug information (.ci/memcheck-lib.sh). Prints its
# time: the release build, then the replays. Measured at a load of 22 on 2 cores: a cold release build 673 s (seconds
# when the release build is there), the two replays 24 s.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
source .ci/memcheck-lib.sh
# The release build of libtactile (.ci/c-api.sh, Scripts/install-libtactile.sh: the same scratch folder and flags)
# has every module `tactile` needs: only the executable is compiled and linked here (a cold build on its own took
# 673 s at a load of 22).
swift_static="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift_static/linux"
memcheck_tactile -c release --scratch-path .build/libtactile-release --static-swift-stdlib -Xswiftc -static-stdlib \
    -Xlinker -L"$swift_static"
built=$(date +%s)
trace=Traces/recordings/ep0430m09-ts__2finger-pan-vertical.evemu
scene=Traces/scenes/photo-viewer.json
for format in --explain --json; do
    memcheck_replay "the release replay of $trace ($format)" "$trace" --scene "$scene" "$format"
    # The replay did its work: the log has the touches' deliveries.
    grep -q 'began' "$work/log" || { echo "error: $trace ($format): the log has no touches" >&2; exit 1; }
done
echo "== valgrind (memcheck) of a release replay: $trace through $scene, --explain and --json, no errors;" \
    "release build $(( built - started )) s, replays $(( $(date +%s) - built )) s"
