#!/usr/bin/env bash
# Builds one fuzz target (release, -sanitize=fuzzer,address) and runs it for SECONDS on its corpus; exits
# non-zero on a crash, a leak (LeakSanitizer), a timeout, an out-of-memory or a broken invariant.
#   Fuzz/run.sh TARGET SECONDS [extra libFuzzer options]
# TARGET: FuzzEvemu, FuzzLibinputRecord, FuzzScene, FuzzDecoderDispatch or FuzzContactStream. Crashing inputs are written to
# Fuzz/artifacts/; new coverage is added to Fuzz/corpus/TARGET/ (both ignored by git).
# Environment: JOBS (libFuzzer -fork count; default 0 = no fork), MAX_LEN (default 65536).
set -euo pipefail
cd "$(dirname "$0")"
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET SECONDS [libFuzzer options]" >&2
    exit 2
fi
TARGET=$1
SECONDS_TO_RUN=$2
shift 2
case "$TARGET" in
    FuzzEvemu | FuzzLibinputRecord | FuzzScene | FuzzDecoderDispatch | FuzzContactStream) ;;
    *) echo "error: unknown target '$TARGET' (FuzzEvemu, FuzzLibinputRecord, FuzzScene, FuzzDecoderDispatch, FuzzContactStream)" >&2; exit 2 ;;
esac

start=$(date +%s)
swift build -c release --product "$TARGET" -Xswiftc -sanitize=fuzzer,address -Xswiftc -g >&2
echo "build: $(($(date +%s) - start)) s" >&2
BIN="$(swift build -c release --show-bin-path)/$TARGET"

[ -d "corpus/$TARGET" ] && [ -n "$(ls -A "corpus/$TARGET")" ] || ./make-corpora.sh >&2
mkdir -p artifacts

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
options=(
    -max_total_time="$SECONDS_TO_RUN" -print_final_stats=1 -detect_leaks=1 -timeout=10 -rss_limit_mb=2048
    -max_len="${MAX_LEN:-65536}" -artifact_prefix="artifacts/$TARGET-"
)
if [ "${JOBS:-0}" -gt 0 ]; then options+=(-fork="$JOBS" -ignore_crashes=0); fi
set +e
"$BIN" "${options[@]}" "$@" "corpus/$TARGET"
status=$?
set -e
if [ $status -ne 0 ]; then
    echo "FAIL: $TARGET exited with $status (see Fuzz/artifacts/$TARGET-*)" >&2
    exit 1
fi
echo "ok: $TARGET ran ${SECONDS_TO_RUN}s with no crash, leak or violation" >&2
