#!/usr/bin/env bash
# Instructions per tap for the scaling scenes: deterministic, whatever else the machine does.
#
#     Benchmarks/scaling-instructions.sh [KIND...]    (default: recognizers chains deep deep-recognizers balanced10 flat)
#
# For each size, callgrind counts a run of `tactile-scaling taps KIND SIZE COUNT` and one with COUNT=0 (same
# scene, same 2 warm-up taps); the difference divided by COUNT is one tap (2 frames and its deadlines).
# "× per size" divides by the size: flat from one row to the next means linear. Needs valgrind; runs a copy
# without debug info (valgrind 3.19 cannot read Swift 6.3's).
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "skipped: valgrind is not installed"; exit 0; }
swift build -c release --product tactile-scaling >/dev/null
BIN="$(swift build -c release --show-bin-path)/tactile-scaling"
mkdir -p .build-c
strip --strip-debug -o .build-c/tactile-scaling "$BIN"

# The deep scenes recurse once per level, on the main thread: its stack is sized by this limit (tactile-scaling
# would otherwise raise it and run itself again, out of callgrind's sight); valgrind gives its client a main stack
# of at most 16 MB unless told (--main-stacksize).
ulimit -s 1048576
instructions() {
    valgrind --tool=callgrind --main-stacksize=1073741824 --callgrind-out-file=/dev/null .build-c/tactile-scaling taps "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
sizes_for() {
    case "$1" in
        recognizers) echo "1 10 100 1000" ;;
        chains) echo "1 10 100 1000" ;;
        deep|flat) echo "10 100 1000 10000 100000" ;;
        deep-recognizers) echo "10 100 1000 3000" ;;
        balanced10) echo "1 2 3 4 5" ;;
        balanced4) echo "1 2 4 6 8" ;;
        *) echo "unknown kind $1" >&2; exit 64 ;;
    esac
}
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(recognizers chains deep deep-recognizers balanced10 flat)
for kind in "${kinds[@]}"; do
    printf '\n%s\n\n| size | taps counted | instructions per tap | per tap ÷ size |\n|---:|---:|---:|---:|\n' "$kind"
    for size in $(sizes_for "$kind"); do
        count=$(( 20000 / size )); [ "$count" -gt 20 ] && count=20; [ "$count" -lt 3 ] && count=3
        one=$(instructions "$kind" "$size" "$count")
        zero=$(instructions "$kind" "$size" 0)
        per=$(( (one - zero) / count ))
        printf '| %s | %s | %s | %s |\n' "$size" "$count" "$(printf "%'d" "$per")" "$(printf "%'d" $(( per / size )))"
    done
done
