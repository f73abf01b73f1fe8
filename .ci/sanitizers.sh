#!/usr/bin/env bash
# The core's and the input layer's test suites under AddressSanitizer with LeakSanitizer (issue 12): no memory
# error and no leak. Builds into .build-asan (kept apart from the ordinary build) and prints each step's time.
#   .ci/sanitizers.sh            # TactileTests, TactileContactsTests (the contact stream) and TactileInputTests
#   .ci/sanitizers.sh FILTER     # another `swift test --filter` expression (e.g. '.' for the whole suite)
set -euo pipefail
cd "$(dirname "$0")/.."
FILTER=${1:-'^(TactileTests|TactileContactsTests|TactileInputTests)\.'}
# Without tactile port's rewriter and its tests (Package.swift): a memory-safe source rewriter over swift-syntax,
# whose cold ASan build alone would take longer than this job's budget. (It rewrites Package.resolved without the
# swift-syntax pin, which is `exact:` in Package.swift, so the next ordinary build resolves the same version.)
export TACTILE_WITHOUT_PORT=1
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# XCTest's runner keeps a few objects until exit (see the file); everything of Tactile's must be freed.
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

start=$(date +%s)
swift build --build-tests --sanitize=address --scratch-path .build-asan
echo "== sanitizers: build $(($(date +%s) - start)) s"

start=$(date +%s)
swift test --skip-build --sanitize=address --scratch-path .build-asan --filter "$FILTER" 2>&1 | tee .build-asan/test.log | tail -3
status=${PIPESTATUS[0]}
echo "== sanitizers: tests $(($(date +%s) - start)) s"
if grep -q "ERROR: \(Address\|Leak\)Sanitizer" .build-asan/test.log; then
    grep -A20 "ERROR: \(Address\|Leak\)Sanitizer" .build-asan/test.log | head -60 >&2
    echo "error: the sanitizers reported a problem (.build-asan/test.log)" >&2
    exit 1
fi
exit "$status"
