#!/usr/bin/env bash
# Two revisions of Tactile side by side: each repository's Benchmarks package built in release, the same figures
# taken from both, printed as one table with the ratio new ÷ base. Deterministic figures first (instructions
# under callgrind, allocation counts), then wall times, which depend on the machine's load (printed beside them).
#
#     Benchmarks/side-by-side.sh BASE_REPO NEW_REPO
#
#     BASE_REPO, NEW_REPO   checkouts of the two revisions (e.g. a `git worktree add /tmp/base f5f46c3` and this one)
#     RUNS=5                wall: rounds, base and new alternating in each (medians are printed)
#     CAPI=1                also the C API's allocations per steady frame (Benchmarks/CAPI/bench.c allocations)
#                           against libtactile built from each revision (Scripts/install-libtactile.sh: a release
#                           build of its own, 2–3 minutes per revision at load 4–13)
#     BENCHMARKS=0          without package-benchmark's allocation benchmarks (`swift package benchmark` in each
#                           revision's Benchmarks/: about 40 s each, plus 2 minutes to build its tool the first time)
#     OUT=dir               where the callgrind profiles and the "where" tables go
#                           (default NEW_REPO/Benchmarks/.build-c/side-by-side)
#
# Figures (the README's "Side by side of two revisions" says how each is made):
# - pipeline: callgrind instructions of `tactile-stage pipeline` on the 3M ten-finger recording through the photo
#   viewer, one read minus none (start-up excluded);
# - per frame: callgrind instructions inside `DecoderFeed.feed` (decoder and dispatch) of `tactile-latency SCENE`,
#   2000 frames minus 1000, for the default, photo-viewer and recognizers-20 scenes (measure-all.sh's P5 method);
# - allocations (malloc family, counted by CAPI/count-mallocs.c preloaded): per steady frame of ten fingers under
#   a pan (`tactile-stage steady`), per frame of the 3M recording into each scene (`tactile-stage trace`, after
#   100 frames), per frame through the Swift API as the C benchmark sends it (`tactile-capi-swift stream|frame`),
#   all 2000 frames minus 1000; per whole replay of the 3M recording (`tactile-stage pipeline`, 3 reads minus 2);
# - wall: medians over RUNS rounds of `tactile-latency`'s p50 and p99 per scene (3 × 5000 frames per round) and of
#   `tactile-stage pipeline`'s time per read (3 reads per round).
# - package-benchmark: each revision's own `swift package benchmark`, p90 of mallocCountTotal per benchmark (what
#   `thresholds check` gates against Thresholds/).
# Then, for the pipeline and each scene, the functions whose instructions changed most (self cost and inclusive,
# demangled; each side's profile with the work minus without it), in OUT/where-*.txt; the top lines are printed.
# Valgrind 3.19 cannot read the DWARF 5 of Swift 6.3 binaries: callgrind runs copies without debug information.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: Benchmarks/side-by-side.sh BASE_REPO NEW_REPO" >&2
    exit 64
fi
for repo in "$1" "$2"; do
    if [ ! -f "$repo/Benchmarks/Package.swift" ]; then
        echo "side-by-side: $repo: no Benchmarks/Package.swift (not a Tactile checkout?)" >&2
        exit 66
    fi
done
for tool in valgrind callgrind_annotate gcc swift strip; do
    command -v "$tool" >/dev/null || { echo "side-by-side: $tool is not installed (README: set-up)" >&2; exit 69; }
done
BASE=$(cd "$1" && pwd)
NEW=$(cd "$2" && pwd)
RUNS=${RUNS:-5}
CAPI=${CAPI:-0}
BENCHMARKS=${BENCHMARKS:-1}
OUT=${OUT:-$NEW/Benchmarks/.build-c/side-by-side}
HERE=$(cd "$(dirname "$0")" && pwd)
TRACE_NAME=3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu
TRACE=$NEW/Traces/recordings/$TRACE_NAME
SCENES=(default photo-viewer recognizers-20)
for repo in "$BASE" "$NEW"; do
    if [ ! -r "$repo/Traces/recordings/$TRACE_NAME" ]; then
        echo "side-by-side: $repo/Traces/recordings/$TRACE_NAME is not readable (is the clone complete?)" >&2
        exit 66
    fi
done
if ! cmp -s "$BASE/Traces/recordings/$TRACE_NAME" "$TRACE"; then
    echo "side-by-side: the two revisions' $TRACE_NAME differ; both are measured on NEW_REPO's" >&2
fi
mkdir -p "$OUT"
start=$SECONDS
load() { cut -d' ' -f1-3 /proc/loadavg; }
revision() { git -C "$1" log -1 --format='%h %s' 2>/dev/null | cut -c1-90 || echo "(not a git checkout)"; }

echo "base: $BASE — $(revision "$BASE")"
echo "new:  $NEW — $(revision "$NEW")"
echo "building both revisions' release benchmarks (load $(load))…"
gcc -std=c11 -O2 -shared -fPIC -o "$OUT/count-mallocs.so" "$HERE/CAPI/count-mallocs.c"
for side in base new; do
    repo=$BASE
    [ $side = new ] && repo=$NEW
    for product in tactile-stage tactile-latency tactile-capi-swift; do
        if ! swift build -c release --package-path "$repo/Benchmarks" --product $product >"$OUT/$side-build.log" 2>&1; then
            echo "side-by-side: the release build of $product failed in $repo (last lines of $OUT/$side-build.log):" >&2
            tail -20 "$OUT/$side-build.log" >&2
            exit 1
        fi
    done
    bin=$(swift build -c release --package-path "$repo/Benchmarks" --show-bin-path)
    mkdir -p "$OUT/$side"
    for product in tactile-stage tactile-latency tactile-capi-swift; do
        cp "$bin/$product" "$OUT/$side/$product"
        strip --strip-debug -o "$OUT/$side/$product-stripped" "$bin/$product"
    done
done
echo "built in $((SECONDS - start)) s"
# One hash seed for every process measured: with a random seed (the default) sets and dictionaries probe differently
# from run to run, and a count moves by up to 0.2 % (pipeline instructions) or 3 (allocations per replay).
export SWIFT_DETERMINISTIC_HASHING=1

# ---- Measurements, each printing one number ---------------------------------------------------------------------

collected() {  # callgrind's total of a command (stderr's "Collected : N")
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<<"$("$@" 2>&1 >/dev/null)"
}
pipeline_instructions() {  # side → instructions of one read; keeps both profiles
    local one zero
    one=$(collected valgrind --tool=callgrind --callgrind-out-file="$OUT/$1-pipeline-1.callgrind" \
        "$OUT/$1/tactile-stage-stripped" pipeline "$TRACE" 1)
    zero=$(collected valgrind --tool=callgrind --callgrind-out-file="$OUT/$1-pipeline-0.callgrind" \
        "$OUT/$1/tactile-stage-stripped" pipeline "$TRACE" 0)
    echo $((one - zero))
}
frame_instructions() {  # side scene → instructions per frame inside DecoderFeed.feed; keeps both profiles
    local counts=() frames
    for frames in 2000 1000; do
        counts+=("$(collected valgrind --tool=callgrind --callgrind-out-file="$OUT/$1-$2-$frames.callgrind" \
            --toggle-collect='*11DecoderFeedC4feed*' "$OUT/$1/tactile-latency-stripped" "$2" \
            --frames $frames --rounds 1 --warmup 200)")
    done
    echo $(((counts[0] - counts[1]) / 1000))
}
mallocs() {  # command… → the malloc-family calls of its run
    LD_PRELOAD="$OUT/count-mallocs.so" "$@" 2>&1 >/dev/null | sed -n 's/^mallocs: //p'
}
per_frame_allocations() {  # program arguments-before-FRAMES → (mallocs of 2000 − mallocs of 1000) ÷ 1000
    local a b
    a=$(mallocs "$@" 1000)
    b=$(mallocs "$@" 2000)
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", (b - a) / 1000 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# ---- The table ----------------------------------------------------------------------------------------------------

ratio() {  # base new → new ÷ base; "=" for two zeros, "–" without two numbers
    awk -v b="$1" -v n="$2" 'BEGIN {
        number = "^[0-9]+([.][0-9]+)?$"
        if (b !~ number || n !~ number) print "–"
        else if (b + 0 == 0) print (n + 0 == 0 ? "=" : "–")
        else printf "%.4f\n", n / b }'
}
grouped() { sed -E ':a; s/^([0-9]+)([0-9]{3})/\1,\2/; ta' <<<"$1"; }
row() {  # label base new
    printf '| %s | %s | %s | %s |\n' "$1" "$(grouped "$2")" "$(grouped "$3")" "$(ratio "$2" "$3")"
}
header() {
    echo
    echo "| $1 | base | new | new ÷ base |"
    echo "|---|---:|---:|---:|"
}

header "instructions (callgrind; exact)"
row "pipeline: 3M recording through the photo viewer, one read" \
    "$(pipeline_instructions base)" "$(pipeline_instructions new)"
for scene in "${SCENES[@]}"; do
    row "per frame, $scene (inside DecoderFeed.feed, 2000 − 1000 frames)" \
        "$(frame_instructions base "$scene")" "$(frame_instructions new "$scene")"
done

header "allocations (malloc family; exact)"
row "per steady frame: ten fingers under a pan in changed (tactile-stage steady)" \
    "$(per_frame_allocations "$OUT/base/tactile-stage" steady)" "$(per_frame_allocations "$OUT/new/tactile-stage" steady)"
for scene in "${SCENES[@]}"; do
    row "per frame: 3M recording into $scene (tactile-stage trace)" \
        "$(per_frame_allocations "$OUT/base/tactile-stage" trace "$scene" "$TRACE")" \
        "$(per_frame_allocations "$OUT/new/tactile-stage" trace "$scene" "$TRACE")"
done
for mode in stream frame; do
    row "per steady frame: Swift API as bench.c sends it (tactile-capi-swift $mode)" \
        "$(per_frame_allocations "$OUT/base/tactile-capi-swift" $mode)" \
        "$(per_frame_allocations "$OUT/new/tactile-capi-swift" $mode)"
done
replay_allocations() {  # side → mallocs of the third read of the 3M recording (3 reads − 2)
    echo $(($(mallocs "$OUT/$1/tactile-stage" pipeline "$TRACE" 3) - $(mallocs "$OUT/$1/tactile-stage" pipeline "$TRACE" 2)))
}
row "per whole replay of the 3M recording, photo viewer: reader, scene and replay (3 reads − 2)" \
    "$(replay_allocations base)" "$(replay_allocations new)"
if [ "$CAPI" = 1 ]; then
    capi_allocations() {  # side repo → "stream frame" allocations in 1000 frames of bench.c against its libtactile
        local prefix="$OUT/$1-libtactile"
        if ! (cd "$2" && PREFIX="$prefix" Scripts/install-libtactile.sh >"$OUT/$1-libtactile.log" 2>&1); then
            echo "side-by-side: libtactile did not build in $2 ($OUT/$1-libtactile.log)" >&2
            echo "– –"
            return
        fi
        gcc -std=c11 -Wall -Wextra -Werror -O2 -o "$OUT/$1/bench" "$HERE/CAPI/bench.c" \
            $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs tactile) -Wl,-rpath,"$prefix/lib"
        # "allocations in 1000 steady frames: S through contacts (…), F through tactile_application_send_frame"
        # (bench.c exits 1 unless both are 0)
        "$OUT/$1/bench" allocations | sed -n 's/.*frames: \([0-9]*\) through contacts.*, \([0-9]*\) through .*/\1 \2/p' || true
    }
    read -r cbs cbf <<<"$(capi_allocations base "$BASE")"
    read -r cns cnf <<<"$(capi_allocations new "$NEW")"
    row "C API, in 1000 steady frames, contacts one by one (bench.c allocations)" "$cbs" "$cns"
    row "C API, in 1000 steady frames, one frame per call (bench.c allocations)" "$cbf" "$cnf"
fi

# package-benchmark's allocation benchmarks (those `thresholds check` gates), each revision's own: per iteration,
# p90 of mallocCountTotal.
benchmark_mallocs() {  # repo → "benchmark<TAB>p90" lines, sorted
    (cd "$1/Benchmarks" && swift package benchmark --format markdown --no-progress 2>/dev/null) \
        | awk '/^### / { name = $2 } /^\| Malloc \(total\)/ { split($0, cells, "|"); p90 = cells[7]; gsub(/ /, "", p90); print name "\t" p90 }' \
        | LC_ALL=C sort
}
if [ "$BENCHMARKS" = 1 ]; then
    header "package-benchmark: mallocs per iteration, p90 (what Thresholds/ gates; names say the frames)"
    LC_ALL=C join -t $'\t' -a1 -a2 -e– -o 0,1.2,2.2 <(benchmark_mallocs "$BASE") <(benchmark_mallocs "$NEW") \
        | while IFS=$'\t' read -r name b n; do row "\`$name\`" "$b" "$n"; done
fi
echo
echo "wall ($RUNS rounds, base and new alternating; depends on the load: $(load) before, $(nproc) cores)"
declare -A WALL
for ((round = 1; round <= RUNS; round++)); do
    for side in base new; do
        while IFS='|' read -r _ scene _ _ p50 _ p99 _; do
            scene=${scene// /}
            WALL[$side-$scene-p50]+="${p50// /} "
            WALL[$side-$scene-p99]+="${p99// /} "
        done < <("$OUT/$side/tactile-latency" "${SCENES[@]}" --frames 5000 --rounds 3 --warmup 1000 \
            | grep -E "^\| ($(IFS='|'; echo "${SCENES[*]}")) \|")
        ns=$("$OUT/$side/tactile-stage" pipeline "$TRACE" 3 | sed -n 's/.*ns=\([0-9]*\).*/\1/p')
        WALL[$side-pipeline]+="$(awk -v ns="$ns" 'BEGIN { printf "%.2f", ns / 3e6 }') "
    done
done
wall_row() {  # label key
    local b n
    b=$(tr ' ' '\n' <<<"${WALL[base-$2]}" | grep . | median)
    n=$(tr ' ' '\n' <<<"${WALL[new-$2]}" | grep . | median)
    printf '| %s | %s | %s | %s |\n' "$1" "$b" "$n" "$(ratio "$b" "$n")"
}
header "wall, medians (load-dependent)"
wall_row "pipeline: one read of the 3M recording, ms" pipeline
for scene in "${SCENES[@]}"; do
    wall_row "per frame, $scene: p50 µs (tactile-latency)" "$scene-p50"
    wall_row "per frame, $scene: p99 µs" "$scene-p99"
done
echo "load after: $(load)"

# ---- Where the instructions changed ------------------------------------------------------------------------------

# callgrind_annotate's lines "1,234 (0.5%)  file:function [object]" → "count<TAB>demangled function"
functions() {  # profile, yes|no (inclusive)
    callgrind_annotate --inclusive="$2" --threshold=100 "$1" \
        | sed -n -E 's/^ *([0-9,]+) \([ 0-9.]+%\)  [^:]*:(.*) \[[^]]*\]$/\1\t\2/p' \
        | tr -d ',' | swift demangle --simplified
}
costs() {  # profile, yes|no → "function<TAB>instructions", summed by demangled name, in join's order
    functions "$1" "$2" | awk -F'\t' '{ s[$2] += $1 } END { for (f in s) print f "\t" s[f] }' | LC_ALL=C sort -t $'\t' -k1,1
}
work() {  # profile with the work, profile without, yes|no → each function's instructions of the work alone
    LC_ALL=C join -t $'\t' -a1 -a2 -e0 -o 0,1.2,2.2 <(costs "$1" "$3") <(costs "$2" "$3") \
        | awk -F'\t' '$2 != $3 { print $1 "\t" $2 - $3 }'
}
where() {  # title, unit, divisor, base with, base without, new with, new without → OUT/where-title.txt
    local file="$OUT/where-$1.txt" kind
    {
        echo "$1: the functions whose instructions $2 changed most, base → new (callgrind, each side's profile"
        echo "with the work minus without it, ÷ $3; demangled names: a renamed function shows as two lines)"
        for kind in no yes; do
            echo
            [ $kind = no ] && echo "self cost" || echo "inclusive"
            printf '%14s %14s %12s  %s\n' base new change function
            LC_ALL=C join -t $'\t' -a1 -a2 -e0 -o 0,1.2,2.2 <(work "$4" "$5" $kind) <(work "$6" "$7" $kind) \
                | awk -F'\t' -v d="$3" '$2 != $3 {
                    change = ($3 - $2) / d; a = change < 0 ? -change : change
                    printf "%s\t%14.1f %14.1f %+12.1f  %s\n", a, $2 / d, $3 / d, change, $1 }' \
                | sort -t $'\t' -k1,1gr | cut -f2- | awk 'NR <= 40'
        done
    } >"$file"
    echo
    echo "where: $file (its first lines)"
    sed -n '5,16p' "$file"
}
where pipeline "per read" 1 "$OUT"/{base,new}-pipeline-{1,0}.callgrind
for scene in "${SCENES[@]}"; do
    where "$scene" "per frame" 1000 "$OUT"/{base,new}-"$scene"-{2000,1000}.callgrind
done
echo
echo "side-by-side: $((SECONDS - start)) s in all"
