#!/usr/bin/env bash
# The fuzz smoke of .ci/run: every target for SECONDS (default 8) each; prints each one's time (build included).
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH=${1:-8}
# Each target is built by run.sh (one product at a time: linking all five in one `swift build` trips an
# internal error of ld.gold); the first build compiles the shared modules, the others only link.
for target in FuzzEvemu FuzzLibinputRecord FuzzScene FuzzDecoderDispatch FuzzContactStream; do
    start=$(date +%s)
    mkdir -p artifacts
    status=0
    ./run.sh "$target" "$SECONDS_EACH" > "artifacts/smoke-$target.log" 2>&1 || status=$?
    grep -E "^(stat::number_of_executed_units|ok:|FAIL|INVARIANT|==[0-9]+==ERROR)" "artifacts/smoke-$target.log" || true
    if [ "$status" -ne 0 ]; then tail -n 40 "artifacts/smoke-$target.log"; fi
    echo "== fuzz smoke: $target $(($(date +%s) - start)) s"
    [ "$status" -eq 0 ] || exit "$status"
done
