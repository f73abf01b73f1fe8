#!/usr/bin/env bash
# Issue 26: the protocol-A path (TraceReader → ProtocolAConverter → libmtdev → decoder → scene) under valgrind's
# memcheck. libmtdev reads a packet's ABS_MT_TOUCH_MAJOR whether or not the packet set it; the fixture's packets
# carry positions only, so an uninitialised read there fails this check (--error-exitcode). Prints its time.
# The binary runs from a copy without debug information (.ci/memcheck-lib.sh); reports inside the Swift runtime's
# metadata initialization are suppressed (.ci/valgrind-swift.supp).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
source .ci/memcheck-lib.sh
memcheck_tactile
traces=(Tests/TactileInputTests/Fixtures/typeA-missing-touch-major.evemu)
for trace in "${traces[@]}"; do
    memcheck_replay "the protocol-A replay of $trace" "$trace"
    grep -q 'began{#1,#2}' "$work/log" || { echo "error: $trace: both packets of the first frame are touches" >&2; exit 1; }
done
echo "== valgrind (memcheck) of the protocol-A path: ${#traces[@]} trace(s), no errors, $(( $(date +%s) - started )) s"
