#!/usr/bin/env bash
# Issue 36: libtactile, the C API. Installs it to a temporary PREFIX (Scripts/install-libtactile.sh), then, from
# clean directories that know only `pkg-config --cflags --libs tactile`:
#   1. the C tests (Tests/CAPI/test_tactile.c: `N passed, N failed`), plain, under ASan + UBSan, under valgrind,
#      and linked with the static library;
#   2. the same recordings through the C API and through `tactile replay --scene` give byte-identical logs;
#   3. the ABI against the committed baseline (Tests/CAPI/check-abi.sh), and that check failing on a planted removed
#      function and on a planted changed signature;
#   4. the SDL2 example (Examples/CAPI/sdl-gestures.c) built and driven under Xvfb with synthetic finger events;
#   5. no allocation per steady frame through the C API (Benchmarks/CAPI/bench.c);
#   6. a real touchscreen read through tactile_touchscreen_* in the livevm guest (Tests/CAPI/live-touchscreen.sh:
#      evemu-device + evemu-play; its log equals `tactile replay`'s of the same events; needs root, ~20 s under KVM).
# Prints each step's time. TACTILE_C_CONFIGURATION=debug builds the library in debug (faster to build).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { echo "== c-api: $1 ($(( $(date +%s) - started )) s)"; }

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get install -y -qq --no-install-recommends gcc g++ libc6-dev pkg-config valgrind abigail-tools binutils \
    libsdl2-dev xvfb xauth python3 libevdev-dev libmtdev-dev libinput-dev libudev-dev >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
configuration="${TACTILE_C_CONFIGURATION:-release}"
PREFIX="$prefix" CONFIGURATION="$configuration" Scripts/install-libtactile.sh 2>&1 |
    grep -v -e '^\[' -e "the use of \`mktemp' is dangerous" # the toolchain's static Foundation, not ours
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
libdir=$(pkg-config --variable=libdir tactile)
step "libtactile installed ($configuration)"

# 1. The C tests, compiled from a directory of their own with pkg-config's flags only.
mkdir "$work/tests"
cp Tests/CAPI/test_tactile.c Tests/CAPI/check.h "$work/tests/"
cflags=(-std=c11 -Wall -Wextra -Werror -g)
(cd "$work/tests" && gcc "${cflags[@]}" -o test_tactile test_tactile.c $(pkg-config --cflags --libs tactile) \
    -Wl,-rpath,"$libdir" -lm -lpthread)
(cd "$work/tests" && gcc "${cflags[@]}" -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
    -o test_tactile_asan test_tactile.c $(pkg-config --cflags --libs tactile) -Wl,-rpath,"$libdir" -lm -lpthread)
summary() { grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1"; }
"$work/tests/test_tactile" | tee "$work/plain.out" | grep '^FAIL' || true
echo "C tests: $(summary "$work/plain.out")"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 "$work/tests/test_tactile_asan" >"$work/asan.out" 2>&1 || {
    cat "$work/asan.out"; echo "error: the C tests failed under ASan" >&2; exit 1; }
echo "C tests under ASan + UBSan (leaks checked): $(summary "$work/asan.out")"
# Valgrind 3.19 cannot read the toolchain's DWARF 5: the library runs from a copy without debug information.
mkdir "$work/valgrind"
cp -a "$libdir"/libtactile.so* "$work/valgrind/"
strip --strip-debug "$work/valgrind/libtactile.so".*.*.*
LD_LIBRARY_PATH="$work/valgrind" valgrind -q --error-exitcode=1 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
    --suppressions=.ci/valgrind-swift.supp --suppressions=Tests/CAPI/valgrind-libtactile.supp \
    "$work/tests/test_tactile" >"$work/valgrind.out" 2>&1 || {
    grep -v '^### unhandled dwarf2' "$work/valgrind.out"; echo "error: memcheck reported errors in the C tests" >&2; exit 1; }
echo "C tests under valgrind (memcheck, definite and indirect leaks are errors): $(summary "$work/valgrind.out")"
grep -q '^[0-9]* passed, 0 failed$' "$work/plain.out" || { echo "error: the C tests failed" >&2; exit 1; }
# The static library: the same tests linked with libtactile.a (tactile-static.pc: the Swift runtime's archives).
# (The link warns about `mktemp` in the toolchain's static Foundation: not ours, not shown.)
(cd "$work/tests" && gcc "${cflags[@]}" -o test_tactile_static test_tactile.c $(pkg-config --cflags --libs tactile-static) \
    >"$work/static-link.out" 2>&1) || { cat "$work/static-link.out"; echo "error: the static link failed" >&2; exit 1; }
"$work/tests/test_tactile_static" >"$work/static.out" || { cat "$work/static.out"; echo "error: the C tests failed statically linked" >&2; exit 1; }
echo "C tests linked with libtactile.a: $(summary "$work/static.out")"
# The program of Docs/c-api.md, as a reader copies it: built from the page's first C block, its output compared
# with the page's text block after it.
awk '/^```c$/ && !done { inside = 1; next } /^```$/ && inside { inside = 0; done = 1 } inside' Docs/c-api.md \
    >"$work/tests/doc-program.c"
awk '/^```text$/ && !done { inside = 1; next } /^```$/ && inside { inside = 0; done = 1 } inside' Docs/c-api.md \
    >"$work/doc-expected.txt"
(cd "$work/tests" && gcc "${cflags[@]}" -o doc-program doc-program.c $(pkg-config --cflags --libs tactile) -Wl,-rpath,"$libdir")
"$work/tests/doc-program" >"$work/doc-actual.txt"
diff -u "$work/doc-expected.txt" "$work/doc-actual.txt" || {
    echo "error: the program of Docs/c-api.md does not print what the page says" >&2; exit 1; }
echo "Docs/c-api.md's program ($(wc -l <"$work/tests/doc-program.c") lines): builds without warnings, prints what the page says"
# The same program in C++ through the RAII wrapper (Examples/CAPI/tactile.hpp): the same output.
cp Examples/CAPI/tactile.hpp Examples/CAPI/pinch.cpp "$work/tests/"
(cd "$work/tests" && g++ -std=c++17 -Wall -Wextra -Werror -o pinch-cpp pinch.cpp $(pkg-config --cflags --libs tactile) \
    -Wl,-rpath,"$libdir")
"$work/tests/pinch-cpp" >"$work/cpp-actual.txt"
diff -u "$work/doc-expected.txt" "$work/cpp-actual.txt" || {
    echo "error: the C++ example does not print what Docs/c-api.md's program prints" >&2; exit 1; }
echo "Examples/CAPI/pinch.cpp (tactile.hpp): builds without warnings with g++ -std=c++17, prints the same"
step "C tests"

# 2. Byte-identical logs: every trace of Traces/ and a few real recordings, through each scene, in each format.
swift build --product tactile >/dev/null
tactile="$(swift build --show-bin-path)/tactile"
compared=0
traces=(Traces/*.evemu Traces/recordings/3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu
    Traces/recordings/atmel-maxtouch-ts__1finger-fast-taps-x9.evemu Traces/recordings/elan-cando-ts__1finger-drag-up-down.events)
for scene in Traces/scenes/*.json; do
    for trace in "${traces[@]}"; do
        for format in text json explain; do
            options=()
            case $format in json) options=(--json) ;; explain) options=(--explain) ;; esac
            swift_status=0
            "$tactile" replay --scene "$scene" "${options[@]}" "$trace" >"$work/swift.log" 2>/dev/null || swift_status=$?
            c_status=0
            (cd "$work/tests" && ./test_tactile --replay "$OLDPWD/$scene" "$OLDPWD/$trace" $format) >"$work/c.log" \
                2>"$work/c.err" || c_status=$?
            # tactile replay exits 2 when a trace ends with touches down (cancelled, in the log); the C API logs the
            # same and returns TACTILE_OK.
            if [ "$swift_status" -ne 0 ] && [ "$swift_status" -ne 2 ] || [ "$c_status" -ne 0 ]; then
                cat "$work/c.err"
                echo "error: $trace through $scene: tactile replay exited $swift_status, the C API $c_status" >&2
                exit 1
            fi
            if ! cmp -s "$work/swift.log" "$work/c.log"; then
                diff "$work/swift.log" "$work/c.log" | head -20
                echo "error: $trace through $scene ($format): the C API's log differs from tactile replay's" >&2
                exit 1
            fi
            compared=$((compared + 1))
        done
    done
done
echo "byte-identical logs: $compared replays (${#traces[@]} traces × $(ls Traces/scenes/*.json | wc -l) scenes × text, json, explain)"
step "logs"

# 3. The ABI, then the check shown failing on planted breaks: a function removed from the header and the library
# (its symbol hidden by the version script), and a signature changed in the header.
Tests/CAPI/check-abi.sh "$prefix"
planted="$work/planted"
cp -a "$prefix" "$planted"
sed -i '/^tactile_status tactile_view_set_alpha(/d' "$planted/include/tactile.h"
# An exact name wins over the wildcard: tactile_view_set_alpha becomes local.
printf 'TACTILE_0 {\n    global:\n        tactile_*;\n    local:\n        tactile_view_set_alpha;\n        *;\n};\n' \
    >"$work/planted.map"
scratch=".build/libtactile-$configuration"
swift_static="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift_static/linux"
swift build -c "$configuration" --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -static-stdlib \
    -Xlinker -L"$swift_static" --product TactileC -Xlinker -soname -Xlinker libtactile.so.0 \
    -Xlinker --version-script="$work/planted.map" 2>&1 | grep -E 'error' || true
cp "$scratch/$configuration/libTactileC.so" "$(readlink -f "$planted/lib/libtactile.so")"
if Tests/CAPI/check-abi.sh "$planted" >"$work/planted.out" 2>&1; then
    cat "$work/planted.out"; echo "error: the ABI check passed with tactile_view_set_alpha removed" >&2; exit 1
fi
grep -q "tactile_view_set_alpha" "$work/planted.out" || { cat "$work/planted.out"; exit 1; }
echo "planted removed function: the ABI check fails, as it must:"
sed 's/^/    /' "$work/planted.out" | grep -v '^    $' | head -12
cp -a "$prefix" "$work/changed"
sed -i 's/^tactile_status tactile_view_set_alpha(tactile_view \*view, double alpha);/tactile_status tactile_view_set_alpha(tactile_view *view, float alpha);/' \
    "$work/changed/include/tactile.h"
grep -q 'float alpha' "$work/changed/include/tactile.h"
if Tests/CAPI/check-abi.sh "$work/changed" >"$work/changed.out" 2>&1; then
    cat "$work/changed.out"; echo "error: the ABI check passed with a changed signature" >&2; exit 1
fi
echo "planted changed signature (double alpha → float): the ABI check fails, as it must:"
grep -E "tactile_view_set_alpha|parameter|type of|error" "$work/changed.out" | head -8 | sed 's/^/    /'
step "ABI"

# 4. The SDL2 example, built as a user builds it (a clean directory, pkg-config), driven under Xvfb by synthetic
# finger events through SDL's queue; its screenshots are measured (Examples/CAPI/test.py). They stay in
# TACTILE_C_SCREENSHOTS when it is set.
mkdir "$work/example"
cp Examples/CAPI/sdl-gestures.c "$work/example/"
(cd "$work/example" && gcc "${cflags[@]}" -O2 -o sdl-gestures sdl-gestures.c $(pkg-config --cflags --libs tactile sdl2) \
    -Wl,-rpath,"$libdir" -lm)
screenshots="${TACTILE_C_SCREENSHOTS:-$work/screenshots}"
SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1024x768x24" python3 Examples/CAPI/test.py "$work/example/sdl-gestures" \
    "$screenshots"
step "SDL example"

# 5. No allocation per steady frame through the C API (release builds; a debug build's Swift allocates).
mkdir "$work/bench"
cp Benchmarks/CAPI/bench.c "$work/bench/"
(cd "$work/bench" && gcc "${cflags[@]}" -O2 -o bench bench.c $(pkg-config --cflags --libs tactile) -Wl,-rpath,"$libdir")
if [ "$configuration" = release ]; then
    "$work/bench/bench" allocations
else
    "$work/bench/bench" allocations || echo "(a $configuration build: not checked)"
fi
step "allocations"

# 6. A uinput touchscreen in a VM, read by a program built against the installed library (prints its own time).
$SUDO Tests/CAPI/live-touchscreen.sh "$prefix" "$tactile"
step "live touchscreen (VM)"

echo "== .ci/c-api.sh: $(( $(date +%s) - started )) s"
