#!/usr/bin/env bash
# A refactor's proof that it changed nothing users see: every trace of Traces/ (top level and recordings/) replayed
# through the default scene and the 4 scenes of Traces/scenes/, as `--explain` text and as `--json`, one file each
# (55 traces × 5 scenes × 2 = 550 files, ~30 s with a warm debug build; exit statuses are kept in the files).
#
#   .ci/replay-logs.sh OUT [REPO]     # REPO defaults to this checkout; uses REPO/.build/debug/tactile
#   diff -r BEFORE AFTER              # must print nothing unless behaviour changed on purpose
#
# Build the tool first: swift build --product tactile
set -u
out=${1:?usage: .ci/replay-logs.sh OUT [REPO]}
repo=$(cd "${2:-$(dirname "$0")/..}" && pwd)
bin=$repo/.build/debug/tactile
if [ ! -x "$bin" ]; then
    echo "error: $bin is not built; run: swift build --product tactile" >&2
    exit 2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
n=0
for t in "$repo"/Traces/*.evemu "$repo"/Traces/recordings/*.evemu "$repo"/Traces/recordings/*.events \
    "$repo"/Traces/recordings/*.yml; do
    [ -e "$t" ] || continue
    for s in default button-list drawing-canvas photo-viewer scroll-pager; do
        args=(--allow-touchpad --allow-touches-down)
        [ "$s" = default ] || args+=(--scene "$repo/Traces/scenes/$s.json")
        name=$(basename "$t").$s
        (cd "$repo" && "$bin" replay "${args[@]}" --explain "$t" >"$out/$name.txt" 2>&1; echo "exit $?" >>"$out/$name.txt")
        (cd "$repo" && "$bin" replay "${args[@]}" --json "$t" >"$out/$name.json" 2>&1; echo "exit $?" >>"$out/$name.json")
        n=$((n + 1))
    done
done
echo "$n trace×scene pairs in $out"
