#!/usr/bin/env bash
# Side by side with C: Debian's libevemu parsing the 10-finger 3M recording, against Tactile's
# (a) parse, (b) parse + decode to frames, (c) whole pipeline through the photo-viewer scene.
#
#     Benchmarks/compare.sh [RUNS] [REPEAT]     (defaults: 7 runs, 5 reads of the file per run)
#
# Release builds. The four programs run alternately, RUNS rounds; each run reads the file REPEAT times and
# times its own loop (process start-up excluded). Prints the median time per read and its ratio to libevemu's
# parse. With valgrind, also instructions per read (callgrind; REPEAT=1 minus REPEAT=0, so start-up is
# excluded): exact, whatever else the machine does. CALLGRIND=0 skips that part.
set -euo pipefail
cd "$(dirname "$0")"
RUNS=${1:-7}
REPEAT=${2:-5}
TRACE=${TRACE:-../../shared/traces/3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu}
if [ ! -r "$TRACE" ]; then
    echo "skipped: $TRACE is absent (the shared traces are not beside this clone)"
    exit 0
fi

mkdir -p .build-c
cc -O2 -Wall -o .build-c/evemu-parse evemu-parse.c $(pkg-config --cflags --libs evemu)
swift build -c release --product tactile-stage >/dev/null
BIN="$(swift build -c release --show-bin-path)/tactile-stage"

declare -A TIMES
names=(evemu parse decode pipeline)
command_for() {
    case "$1" in
        evemu) echo ".build-c/evemu-parse $TRACE" ;;
        *) echo "$BIN $1 $TRACE" ;;
    esac
}
for ((run = 1; run <= RUNS; run++)); do
    for name in "${names[@]}"; do
        out=$($(command_for "$name") "$REPEAT")
        ns=$(sed -n 's/.*ns=\([0-9]*\).*/\1/p' <<<"$out")
        TIMES[$name]+="$((ns / REPEAT)) "
    done
done
[ "$RUNS" -gt 0 ] && echo "last run's counts: $(.build-c/evemu-parse "$TRACE" 1 | cut -d' ' -f2) | $("$BIN" pipeline "$TRACE" 1 | cut -d' ' -f2-4)"

median() {  # of the numbers in $1; nothing when there are none
    tr ' ' '\n' <<<"$1" | { grep . || true; } | sort -n \
        | awk '{a[NR]=$1} END {if (NR) print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'
}

declare -A INSTR
if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null; then
    # valgrind 3.19 cannot read the debug info of Swift 6.3 binaries ("Possibly corrupted debuginfo file"):
    # measure a copy without it (symbols kept, so callgrind_annotate still names functions).
    strip --strip-debug -o .build-c/tactile-stage "$BIN"
    instructions() {  # total instructions of one process run
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    for name in "${names[@]}"; do
        command=$(command_for "$name")
        command=${command/#$BIN/.build-c/tactile-stage}
        one=$(instructions $command 1)
        zero=$(instructions $command 0)
        INSTR[$name]=$((one - zero))
    done
fi

base_time=$(median "${TIMES[evemu]:-}")  # empty when RUNS=0 (instructions only)
printf '\n| %-40s | %12s | %8s | %16s | %8s |\n' "stage (one read of the file)" "median ms" "× evemu" "instructions" "× evemu"
printf '|%s|%s|%s|%s|%s|\n' "------------------------------------------" "-------------:" "---------:" "-----------------:" "---------:"
for name in "${names[@]}"; do
    case "$name" in
        evemu) label="libevemu: evemu_read + evemu_read_event" ;;
        parse) label="Tactile (a) parse" ;;
        decode) label="Tactile (b) parse + decode to frames" ;;
        pipeline) label="Tactile (c) whole pipeline, photo viewer" ;;
    esac
    t=$(median "${TIMES[$name]:-}")
    if [ -n "$t" ] && [ -n "$base_time" ]; then
        ratio=$(awk -v a="$t" -v b="$base_time" 'BEGIN {printf "%.2f", a / b}')
        ms=$(awk -v t="$t" 'BEGIN {printf "%.2f", t / 1e6}')
    else
        ratio="-"; ms="-"
    fi
    if [ -n "${INSTR[$name]:-}" ]; then
        i=${INSTR[$name]}
        iratio=$(awk -v a="$i" -v b="${INSTR[evemu]}" 'BEGIN {printf "%.2f", a / b}')
    else
        i="-"; iratio="-"
    fi
    printf '| %-40s | %12s | %8s | %16s | %8s |\n' "$label" \
        "$ms" "$ratio" "$i" "$iratio"
done
echo
echo "times: median of $RUNS alternating runs of $REPEAT reads each; instructions: callgrind, one read."
