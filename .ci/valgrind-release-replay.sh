#!/usr/bin/env bash
# Issue 35: memory checked where the work is. The release `tactile` (what users run: the optimized dispatch,
# arena and log printer) replays a real recording under valgrind's memcheck: a pinch and pan session through the
# photo viewer's scene (recognizers, scroll view, controls), printed as the text log with --explain and as JSON.
# Any memcheck error fails (--error-exitcode). Reports inside the Swift runtime's metadata initialization and the
# log printer's enum-tag compare of release builds are suppressed, each with its reason and evidence in
# .ci/valgrind-swift.supp. Valgrind 3.19 cannot read the toolchain's DWARF 5, so the binary runs from a copy without
# debug information. Prints its time: the release build, then the replays.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
if ! command -v valgrind >/dev/null; then
    SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get install -y -qq --no-install-recommends valgrind >/dev/null
fi
swift build -c release --product tactile >/dev/null
built=$(date +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$(swift build -c release --show-bin-path)/tactile" "$work/tactile"
strip --strip-debug "$work/tactile"
trace=Traces/recordings/ep0430m09-ts__2finger-pan-vertical.evemu
scene=Traces/scenes/photo-viewer.json
for format in --explain --json; do
    if ! valgrind -q --error-exitcode=1 --track-origins=yes --suppressions=.ci/valgrind-swift.supp \
        "$work/tactile" replay "$trace" --scene "$scene" "$format" >"$work/log" 2>"$work/memcheck"; then
        grep -v '^### unhandled dwarf2' "$work/memcheck" >&2 || true
        echo "error: memcheck reported errors on the release replay of $trace ($format)" >&2
        exit 1
    fi
    # The replay did its work: the log has the touches' deliveries.
    grep -q 'began' "$work/log" || { echo "error: $trace ($format): the log has no touches" >&2; exit 1; }
done
echo "== valgrind (memcheck) of a release replay: $trace through $scene, --explain and --json, no errors;" \
    "release build $(( built - started )) s, replays $(( $(date +%s) - built )) s"
