#!/usr/bin/env bash
# api-check.sh [--record] [--skip-build] - the public API of the library products against the baseline in .ci/api/.
#
# Extracts the symbol graphs of Tactile, TactileContacts, TactileInput, TactileReplay, TactileGestures, TactileTesting,
# TactileWayland, TactileUIKit and TactilePort from the debug build (`swift-symbolgraph-extract` on the modules `swift build --build-tests`
# made, the same build as the tests', so nothing is rebuilt; public and open symbols), reduces each to one sorted
# line per declaration (kind, path, declaration) and per conformance, and compares with .ci/api/MODULE.txt, which
# the repository holds, so the check needs no git history (it works in a shallow clone).
#   * A line of the baseline that is gone (a declaration removed or changed, a conformance dropped) is a breaking
#     change: the check fails and lists them.
#   * New lines (additions) pass, and are counted.
# To make a breaking change deliberately: bump the version in Sources/TactileReplay/Driving/TactileVersion.swift (the minor
# number while it is 0.x, else the major), say what broke in CHANGELOG.md, and run `.ci/api-check.sh --record`,
# which rewrites .ci/api/ from the current build; commit the result. Also run --record at a release, so that the
# baseline holds the additions.
set -euo pipefail
cd "$(dirname "$0")/.."
record=0; build=1
for argument in "$@"; do
    case "$argument" in
        --record) record=1 ;;
        --skip-build) build=0 ;;  # .ci/run: the tests have just built the modules
        *) echo "usage: .ci/api-check.sh [--record] [--skip-build]" >&2; exit 64 ;;
    esac
done
start=$SECONDS
modules=(Tactile TactileContacts TactileInput TactileReplay TactileGestures TactileTesting TactileWayland TactileUIKit TactilePort)
current=$(mktemp -d)
graphs=$(mktemp -d)
trap 'rm -rf "$current" "$graphs"' EXIT
# The tests' build (incremental: seconds when `swift test` has just run). `swift package dump-symbol-graph` would
# build without testability and so recompile every module, twice per CI run.
if [ "$build" = 1 ]; then swift build --build-tests >/dev/null; fi
modules_dir=.build/debug/Modules
[ -d "$modules_dir" ] || modules_dir="$(swift build --show-bin-path)/Modules"
# Clang modules the libraries import: the package's system libraries and its dependencies' C targets.
clang_flags=()
# C targets without a module map of their own (CXdgShell) get the one SwiftPM generates in the build folder.
for map in Sources/*/module.modulemap .build/checkouts/*/Sources/*/include/module.modulemap \
    "$(dirname "$modules_dir")"/*.build/module.modulemap; do
    if [ -f "$map" ]; then clang_flags+=(-Xcc "-fmodule-map-file=$map"); fi
done
for flag in $(pkg-config --cflags libevdev mtdev wayland-client); do clang_flags+=(-Xcc "$flag"); done
for module in "${modules[@]}"; do
    swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -target "$(uname -m)-unknown-linux-gnu" \
        -output-dir "$graphs" -minimum-access-level public -skip-synthesized-members "${clang_flags[@]}" ||
        { echo "error: swift-symbolgraph-extract failed for $module" >&2; exit 1; }
done
python3 - "$graphs" "$current" "${modules[@]}" <<'PY'
import json, os, sys
graphs, out, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
for module in modules:
    lines = set()
    files = [f for f in os.listdir(graphs) if f == f"{module}.symbols.json" or f.startswith(f"{module}@")]
    if f"{module}.symbols.json" not in files:
        sys.exit(f"error: no symbol graph for {module} in {graphs}")
    for name in files:
        graph = json.load(open(os.path.join(graphs, name)))
        names = {}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            path = ".".join(symbol["pathComponents"])
            names[symbol["identifier"]["precise"]] = path
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            lines.add(f"{symbol['kind']['identifier']} {path}: {declaration}")
        for relation in graph.get("relationships", []):
            if relation["kind"] not in ("conformsTo", "inheritsFrom") or relation["source"] not in names:
                continue
            target = names.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            lines.add(f"{relation['kind']} {names[relation['source']]}: {target}")
    with open(os.path.join(out, f"{module}.txt"), "w") as file:
        file.write("".join(line + "\n" for line in sorted(lines)))
PY
if [ "$record" = 1 ]; then
    mkdir -p .ci/api
    for module in "${modules[@]}"; do cp "$current/$module.txt" ".ci/api/$module.txt"; done
    echo "API baseline recorded in .ci/api/ ($(cat .ci/api/*.txt | wc -l) lines) in $((SECONDS - start)) s: commit it"
    exit 0
fi
broken=0; added=0
for module in "${modules[@]}"; do
    baseline=".ci/api/$module.txt"
    if [ ! -f "$baseline" ]; then
        echo "error: $baseline is missing; record the baseline with .ci/api-check.sh --record" >&2
        exit 1
    fi
    removed=$(comm -23 "$baseline" "$current/$module.txt")
    new=$(comm -13 "$baseline" "$current/$module.txt" | wc -l)
    added=$((added + new))
    if [ -n "$removed" ]; then
        broken=$((broken + $(printf '%s\n' "$removed" | wc -l)))
        echo "$module: removed or changed since the baseline:" >&2
        printf '%s\n' "$removed" | sed 's/^/  - /' >&2
        comm -13 "$baseline" "$current/$module.txt" | sed 's/^/  + /' >&2
    fi
done
if [ "$broken" -gt 0 ]; then
    cat >&2 <<MSG
error: $broken public declaration(s) or conformance(s) of the baseline in .ci/api/ are gone (above, with what is
new as '+'): a breaking change of the public API. If it is deliberate: bump the version in
Sources/TactileReplay/Driving/TactileVersion.swift (minor while 0.x, else major), say what broke in CHANGELOG.md, run
.ci/api-check.sh --record and commit .ci/api/. If it is not: keep the old declaration (deprecate it instead).
MSG
    exit 1
fi
echo "public API check passed in $((SECONDS - start)) s: nothing removed or changed since .ci/api/ ($added addition(s))"
