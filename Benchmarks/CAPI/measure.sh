#!/usr/bin/env bash
# The C boundary's cost per frame, side by side with the Swift API (issue 36): ten fingers moving under a pan in
# `changed` whose action reads its values, each frame either as a toolkit reports it (ten motions and a frame
# event: a contact stream) or as one frame. Release builds on both sides.
#
#   C:     Benchmarks/CAPI/bench.c against libtactile installed by Scripts/install-libtactile.sh (PREFIX)
#   Swift: Benchmarks/Sources/tactile-capi-swift (the same frames through ContactStream and Application.send)
#
# Wall: the median of RUNS runs of FRAMES frames (ns per frame). Instructions: callgrind's total for 2×N frames
# minus N frames, over N (exact, whatever the machine's load). Allocations: bench.c's own malloc counter over
# 1000 steady frames. Usage: Benchmarks/CAPI/measure.sh PREFIX [FRAMES] [RUNS]   (needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix="$1"
frames="${2:-20000}"
runs="${3:-7}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
gcc -std=c11 -Wall -Wextra -Werror -O2 -o "$work/bench" Benchmarks/CAPI/bench.c $(pkg-config --cflags --libs tactile) \
    -Wl,-rpath,"$(pkg-config --variable=libdir tactile)"
swift build -c release --package-path Benchmarks --product tactile-capi-swift >/dev/null
swift_bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/tactile-capi-swift"

gcc -std=c11 -O2 -shared -fPIC -o "$work/count-mallocs.so" Benchmarks/CAPI/count-mallocs.c
# Valgrind 3.19 cannot read the toolchain's DWARF 5: callgrind runs copies without debug information.
mkdir "$work/stripped"
cp -a "$(pkg-config --variable=libdir tactile)"/libtactile.so* "$work/stripped/"
cp "$swift_bench" "$work/stripped/tactile-capi-swift"
strip --strip-debug "$work/stripped/tactile-capi-swift" "$work/stripped/libtactile.so".*.*.*
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
wall() { # binary mode → median ns per frame
    for _ in $(seq "$runs"); do "$1" "$2" "$frames" | sed -E 's/.*, ([0-9]+) ns per frame.*/\1/'; done | median
}
instructions() { # binary mode → instructions per frame
    local n=2000 a b
    LD_LIBRARY_PATH="$work/stripped" valgrind --tool=callgrind --callgrind-out-file="$work/cg.a" "$1" "$2" "$n" \
        >/dev/null 2>&1
    LD_LIBRARY_PATH="$work/stripped" valgrind --tool=callgrind --callgrind-out-file="$work/cg.b" "$1" "$2" $((2 * n)) \
        >/dev/null 2>&1
    a=$(sed -n 's/^summary: //p' "$work/cg.a")
    b=$(sed -n 's/^summary: //p' "$work/cg.b")
    echo $(((b - a) / n))
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
printf '| per steady frame (10 fingers, pan action) | Swift API | C API | C − Swift |\n|---|---|---|---|\n'
for mode in stream frame; do
    sw=$(wall "$swift_bench" $mode); cw=$(wall "$work/bench" $mode)
    si=$(instructions "$work/stripped/tactile-capi-swift" $mode); ci=$(instructions "$work/bench" $mode)
    label=$([ $mode = stream ] && echo "contacts one by one (stream)" || echo "one frame per call")
    printf '| %s: wall (ns, median of %d × %d) | %s | %s | %+d |\n' "$label" "$runs" "$frames" "$sw" "$cw" $((cw - sw))
    printf '| %s: instructions (callgrind) | %s | %s | %+d |\n' "$label" "$si" "$ci" $((ci - si))
done
swift_allocations() { # mode → allocations per steady frame of the Swift side
    local n=1000 a b
    a=$(LD_PRELOAD="$work/count-mallocs.so" "$swift_bench" "$1" "$n" 2>&1 >/dev/null | sed -n 's/^mallocs: //p')
    b=$(LD_PRELOAD="$work/count-mallocs.so" "$swift_bench" "$1" $((2 * n)) 2>&1 >/dev/null | sed -n 's/^mallocs: //p')
    awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { printf "%.2f", (b - a) / n }'
}
echo "Swift side, allocations per steady frame: $(swift_allocations stream) through ContactStream, $(swift_allocations frame) per Application.send"
"$work/bench" allocations
