#!/usr/bin/env bash
# Side by side with C: Debian's libevemu parsing the 10-finger 3M recording, against Tactile's
# (a) parse, (b) parse + decode to frames, (c) whole pipeline through the photo-viewer scene; and, as whole
# processes, `tactile replay --allow-touches-down TRACE >/dev/null` (the 3M recording ends with touches down: exit 2 without it) (the default scene) against `evemu-parse TRACE 1`.
#
#     Benchmarks/compare.sh [RUNS] [REPEAT]     (defaults: 15 runs, 5 reads of the file per run)
#
#     BEFORE=/work/baseline/tactile-stage      also the stages of another tactile-stage binary ("before" rows)
#     TACTILE=path/to/tactile                  the tactile binary of the process row (default: the static release build, `--static-swift-stdlib`,
#                                              of this checkout)
#     TACTILE_BEFORE=/work/baseline/tactile    a "before" process row
#     TACTILE_BEFORE_OPTIONS=--allow-touches-down  options of that row's replay (a before binary of #26 or later exits
#                                              2 on the 3M recording without it; older ones do not know it)
#     CALLGRIND=0                              no instruction counts
#     PROCESS=0                                no process rows
#     TRACE=file.evemu                         another recording
#
# Release builds. Every program runs once per round, in the same order, RUNS rounds (so load from elsewhere
# falls on all of them alike). Stage rows: each run reads the file REPEAT times and times its own loop (process
# start-up excluded); the median time per read. Process rows: the wall time of the whole process (start-up, one
# read, exit), measured by this script around it (bash's EPOCHREALTIME); the median. Ratios are to libevemu's row
# of the same kind. Instructions (callgrind, on copies without debug info): stages, one read (REPEAT=1 minus
# REPEAT=0, start-up excluded); processes, the whole process. Exact, whatever else the machine does.
set -euo pipefail
cd "$(dirname "$0")"
RUNS=${1:-15}
REPEAT=${2:-5}
TRACE=${TRACE:-../Traces/recordings/3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu}
if [ ! -r "$TRACE" ]; then
    echo "skipped: $TRACE is absent (it is part of the repository: is the clone complete?)"
    exit 0
fi

mkdir -p .build-c
cc -O2 -Wall -o .build-c/evemu-parse evemu-parse.c $(pkg-config --cflags --libs evemu)
swift build -c release --product tactile-stage >/dev/null
BIN="$(swift build -c release --show-bin-path)/tactile-stage"
BEFORE=${BEFORE:-}
PROCESS=${PROCESS:-1}
if [ "$PROCESS" != 0 ] && [ -z "${TACTILE:-}" ]; then
    # the shipped binary, as the README builds it (Swift runtime linked in); its own scratch path, so the
    # dynamic release build in ../.build stays as it is
    (cd .. && swift build -c release --static-swift-stdlib --scratch-path .build-static --product tactile >/dev/null)
    TACTILE="$(cd .. && swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)/tactile"
fi
TACTILE_BEFORE=${TACTILE_BEFORE:-}
TACTILE_BEFORE_OPTIONS=${TACTILE_BEFORE_OPTIONS:-}

echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores"
echo "load before: $(uptime | sed 's/.*load average: //')"

names=(evemu parse decode pipeline)
[ -n "$BEFORE" ] && names+=(parse@before decode@before pipeline@before)
processes=()
if [ "$PROCESS" != 0 ]; then
    processes=(evemu-process tactile-process)
    [ -n "$TACTILE_BEFORE" ] && processes+=(tactile-process@before)
fi
command_for() {  # the command of a row; stage rows take REPEAT as their last argument
    case "$1" in
        evemu) echo ".build-c/evemu-parse $TRACE" ;;
        evemu-process) echo ".build-c/evemu-parse $TRACE 1" ;;
        tactile-process) echo "$TACTILE replay --allow-touches-down $TRACE" ;;
        tactile-process@before) echo "$TACTILE_BEFORE replay $TACTILE_BEFORE_OPTIONS $TRACE" ;;
        *@before) echo "$BEFORE ${1%@before} $TRACE" ;;
        *) echo "$BIN $1 $TRACE" ;;
    esac
}

declare -A TIMES
for ((run = 1; run <= RUNS; run++)); do
    for name in "${names[@]}"; do
        out=$($(command_for "$name") "$REPEAT")
        ns=$(sed -n 's/.*ns=\([0-9]*\).*/\1/p' <<<"$out")
        TIMES[$name]+="$((ns / REPEAT)) "
    done
    for name in ${processes[@]+"${processes[@]}"}; do
        command=$(command_for "$name")
        start=$EPOCHREALTIME
        $command >/dev/null
        end=$EPOCHREALTIME
        TIMES[$name]+="$(( (${end/./} - ${start/./}) * 1000 )) "
    done
done
[ "$RUNS" -gt 0 ] && echo "last run's counts: $(.build-c/evemu-parse "$TRACE" 1 | cut -d' ' -f2) | $("$BIN" pipeline "$TRACE" 1 | cut -d' ' -f2-4)"
echo "load after: $(uptime | sed 's/.*load average: //')"

median() {  # of the numbers in $1; nothing when there are none
    tr ' ' '\n' <<<"$1" | { grep . || true; } | sort -n \
        | awk '{a[NR]=$1} END {if (NR) print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'
}

declare -A INSTR
if [ "${CALLGRIND:-1}" != 0 ] && command -v valgrind >/dev/null; then
    # valgrind 3.19 cannot read the debug info of Swift 6.3 binaries ("Possibly corrupted debuginfo file"):
    # measure copies without it (symbols kept, so callgrind_annotate still names functions).
    strip --strip-debug -o .build-c/tactile-stage "$BIN"
    [ -n "$BEFORE" ] && strip --strip-debug -o .build-c/tactile-stage-before "$BEFORE"
    [ "$PROCESS" != 0 ] && strip --strip-debug -o .build-c/tactile "$TACTILE"
    [ -n "$TACTILE_BEFORE" ] && strip --strip-debug -o .build-c/tactile-before "$TACTILE_BEFORE"
    instructions() {  # total instructions of one process run
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    for name in "${names[@]}"; do
        command=$(command_for "$name")
        command=${command/#$BIN/.build-c/tactile-stage}
        [ -n "$BEFORE" ] && command=${command/#$BEFORE/.build-c/tactile-stage-before}
        one=$(instructions $command 1)
        zero=$(instructions $command 0)
        INSTR[$name]=$((one - zero))
    done
    for name in ${processes[@]+"${processes[@]}"}; do
        command=$(command_for "$name")
        case "$name" in
            tactile-process) command=".build-c/tactile replay --allow-touches-down $TRACE" ;;
            tactile-process@before) command=".build-c/tactile-before replay $TACTILE_BEFORE_OPTIONS $TRACE" ;;
        esac
        INSTR[$name]=$(instructions $command)
    done
fi

label_of() {
    case "$1" in
        evemu) echo "libevemu: evemu_read + evemu_read_event" ;;
        parse) echo "Tactile (a) parse" ;;
        decode) echo "Tactile (b) parse + decode to frames" ;;
        pipeline) echo "Tactile (c) whole pipeline, photo viewer" ;;
        *@before) echo "$(label_of "${1%@before}") (before)" ;;
        evemu-process) echo "process: evemu-parse TRACE 1" ;;
        tactile-process) echo "process: tactile replay TRACE (default scene)" ;;
    esac
}
row() {  # name, reference name
    local name=$1 reference=$2 t base_time ratio ms i iratio
    t=$(median "${TIMES[$name]:-}")
    base_time=$(median "${TIMES[$reference]:-}")  # empty when RUNS=0 (instructions only)
    if [ -n "$t" ] && [ -n "$base_time" ]; then
        ratio=$(awk -v a="$t" -v b="$base_time" 'BEGIN {printf "%.2f", a / b}')
        ms=$(awk -v t="$t" 'BEGIN {printf "%.2f", t / 1e6}')
    else
        ratio="-"; ms="-"
    fi
    if [ -n "${INSTR[$name]:-}" ]; then
        i=${INSTR[$name]}
        iratio=$(awk -v a="$i" -v b="${INSTR[$reference]}" 'BEGIN {printf "%.2f", a / b}')
    else
        i="-"; iratio="-"
    fi
    printf '| %-56s | %10s | %8s | %14s | %8s |\n' "$(label_of "$name")" "$ms" "$ratio" "$i" "$iratio"
}
printf '\n| %-56s | %10s | %8s | %14s | %8s |\n' "row" "median ms" "× evemu" "instructions" "× evemu"
printf '|%s|%s|%s|%s|%s|\n' "----------------------------------------------------------" "-----------:" "---------:" "---------------:" "---------:"
for name in evemu parse decode pipeline; do
    row "$name" evemu
    [ -n "$BEFORE" ] && [ "$name" != evemu ] && row "$name@before" evemu
done
if [ "$PROCESS" != 0 ]; then
    row evemu-process evemu-process
    row tactile-process evemu-process
    [ -n "$TACTILE_BEFORE" ] && row tactile-process@before evemu-process
fi
echo
echo "stages: median of $RUNS alternating runs of $REPEAT reads each, instructions of one read (callgrind);"
echo "processes: median wall time of $RUNS runs in the same alternation, instructions of the whole process."
