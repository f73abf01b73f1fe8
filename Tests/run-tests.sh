#!/usr/bin/env bash
# The README's test command: `swift test` (arguments passed on), then one summary line with how many tests ran,
# failed and were skipped, and why they were skipped (from Swift Testing's xUnit report: a skipped suite's tests
# are counted one by one). Exits with swift test's status.
set -uo pipefail
cd "$(dirname "$0")/.."
report="${TMPDIR:-/tmp}/tactile-tests-$$.xml"
swift test --xunit-output "$report" "$@"
status=$?
xml="${report%.xml}-swift-testing.xml"
if [ -f "$xml" ]; then
    header="$(grep -o '<testsuite [^>]*>' "$xml" | head -n 1)"
    attribute() { printf '%s' "$header" | sed -n "s/.* $1=\"\\([0-9]*\\)\".*/\\1/p"; }
    ran="$(attribute tests)"; skipped="$(attribute skipped)"
    # Tests with at least one failure or error (the header counts issues, several per test).
    failed="$(awk '/<testcase/ { bad = 0 } /<failure|<error/ { bad = 1 } /<\/testcase>|<testcase[^>]*\/>/ { if (bad) n++; bad = 0 } END { print n + 0 }' "$xml")"
    echo "Summary: ${ran:-?} tests ran, $failed failed, ${skipped:-?} skipped"
    grep -o '<skipped>[^<]*' "$xml" | sed 's/<skipped>//' | sort | uniq -c | sed 's/^ */  skipped: /'
    rm -f "$xml" "$report"
else
    echo "Summary: no test report (swift test exited with status $status before running tests)"
fi
exit "$status"
