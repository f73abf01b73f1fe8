#!/usr/bin/env bash
# Every figure of the README's goal tables in one command (issue #13: P1, P2, P5, scaling, one hour), for the
# "after" column; run it on a quiet machine. Prints each section, how long it took, and the total; keeps a copy
# in .build-c/measure-all.txt.
#
#     Benchmarks/measure-all.sh                     all sections (about 12 minutes on 2 cores, more while
#                                                   recognizers along a deep path stay quadratic as at
#                                                   c4980b5: its deep-recognizers 3000 alone then takes
#                                                   several minutes under callgrind)
#     SECTIONS="p1 p2 p5" Benchmarks/measure-all.sh    some of them: p1 p2 p5 scaling longrun
#
# Environment passed on to compare.sh (P1): RUNS (default 15), REPEAT (5), BEFORE, TACTILE, TACTILE_BEFORE,
# CALLGRIND=0. P5: LATENCY_FRAMES (10000 per round), LATENCY_ROUNDS (3).
#
# - p1: ./compare.sh RUNS REPEAT — stages and whole processes against libevemu, wall (medians of RUNS
#   alternating runs) and instructions (callgrind).
# - p2: swift package benchmark thresholds check (exit 0 equal; 1 with benchmarkThresholdRegression or
#   benchmarkThresholdImprovement named), then
#   mallocs per frame of every allocation benchmark (p50 of its mallocCountTotal ÷ the frames or taps in its name).
# - p5: tactile-latency --noise (p50/p99 per scene, the machine's own noise beside it), then instructions per
#   frame under callgrind, counted inside DecoderFeed.feed only (the decoder and the dispatch, not the making of
#   the events), --frames 2000 minus --frames 1000 in one round.
# - scaling: tactile-scaling --svg-dir plots (wall, rewrites the plots) and ./scaling-instructions.sh (4 min).
# - longrun: tactile-longrun --minutes 60 in each log mode (stored, off, observer), checkpoints every 10 min.
set -uo pipefail
cd "$(dirname "$0")"
mkdir -p .build-c
SECTIONS=${SECTIONS:-p1 p2 p5 scaling longrun}
RUNS=${RUNS:-15}
REPEAT=${REPEAT:-5}
exec > >(tee .build-c/measure-all.txt) 2>&1

total_start=$SECONDS
section() {  # name, then the command's words
    local name=$1 start=$SECONDS
    shift
    echo
    echo "=== $name ($(date -u +%H:%M:%S) UTC, load $(uptime | sed 's/.*load average: //'))"
    "$@"
    echo "--- $name: $((SECONDS - start)) s (load after: $(uptime | sed 's/.*load average: //'))"
}

echo "measure-all: $(git log -1 --format='%h %s' 2>/dev/null | cut -c1-100)"
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
echo "building the release binaries…"
swift build -c release --product tactile-stage >/dev/null
swift build -c release --product tactile-latency >/dev/null
swift build -c release --product tactile-scaling >/dev/null
swift build -c release --product tactile-longrun >/dev/null
BIN=$(swift build -c release --show-bin-path)

p1() { ./compare.sh "$RUNS" "$REPEAT"; }

p2() {
    local check
    check=$(swift package benchmark thresholds check 2>&1)
    local status=$?
    grep -av 'ETA:' <<<"$check" | grep -av '^\[' | tail -20
    # The plugin exits 1 for a regression and for an improvement alike; its error names which.
    echo "thresholds check: exit $status ($(grep -ao 'benchmarkThreshold[A-Za-z]*' <<<"$check" | head -1 || true))"
    echo
    echo "| benchmark | mallocs per iteration (p50) | per frame |"
    echo "|---|---:|---:|"
    swift package benchmark --format markdown --no-progress 2>/dev/null | awk '
        /^### / { name = $2 }
        /^\| Malloc \(total\)/ {
            split($0, cells, "|"); p50 = cells[5]; gsub(/ /, "", p50)
            per = "–"
            if (match(name, /x[0-9]+/)) {
                count = substr(name, RSTART + 1, RLENGTH - 1)
                per = sprintf("%.2f", p50 / count)
                if (name ~ /taps/) per = per " per tap"
            } else if (name ~ /^replay-3m/) per = sprintf("%.2f (3,330 frames)", p50 / 3330)
            printf "| `%s` | %s | %s |\n", name, p50, per
        }'
}

p5() {
    "$BIN/tactile-latency" --noise --frames "${LATENCY_FRAMES:-10000}" --rounds "${LATENCY_ROUNDS:-3}"
    if command -v valgrind >/dev/null; then
        strip --strip-debug -o .build-c/tactile-latency "$BIN/tactile-latency"
        echo
        echo "| scene | instructions per frame (callgrind inside DecoderFeed.feed, 2000 − 1000 frames) |"
        echo "|---|---:|"
        for scene in default photo-viewer recognizers-20; do
            counts=()
            for frames in 2000 1000; do
                # Only inside DecoderFeed.feed (decoder and dispatch), not the making of the events around it.
                counts+=("$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
                    --toggle-collect='*11DecoderFeedC4feed*' .build-c/tactile-latency "$scene" \
                    --frames "$frames" --rounds 1 --warmup 200 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')")
            done
            printf '| %s | %s |\n' "$scene" "$(( (counts[0] - counts[1]) / 1000 ))"
        done
    fi
}

scaling() {
    "$BIN/tactile-scaling" --svg-dir plots
    ./scaling-instructions.sh
}

longrun() {
    for mode in stored off observer; do
        echo "--log $mode"
        "$BIN/tactile-longrun" --minutes 60 --log "$mode" --checkpoints 1,10,20,30,40,50,60
    done
}

for name in $SECTIONS; do
    case "$name" in
        p1|p2|p5|scaling|longrun) section "$name" "$name" ;;
        *) echo "unknown section $name (p1 p2 p5 scaling longrun)"; exit 64 ;;
    esac
done
echo
echo "=== measure-all: $((SECONDS - total_start)) s in all"
