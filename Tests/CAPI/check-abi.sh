#!/usr/bin/env bash
# libtactile's ABI against the committed baseline (Tests/CAPI/abi/), with libabigail (Debian: abigail-tools):
#
# 1. The header and the library agree: every function tactile.h declares is exported by libtactile.so (a probe
#    that takes each one's address links with --no-undefined), and the library exports nothing else (its global
#    symbols, minus the version node, are exactly the header's functions).
# 2. Symbols: abidiff of libtactile.so against abi/libtactile.abi — a removed function, a changed symbol version
#    or SONAME fails.
# 3. Types: the library is Swift, so its DWARF does not describe the C types. The probe, built with -g from the
#    header, holds one pointer per function with that function's type; abidiff of the probe against
#    abi/tactile-types.abi fails on a changed signature, struct layout or enumerator value.
#
# Additions are compatible (abidiff exits 0 and lists them); anything that breaks a program built against the
# baseline fails. To accept a deliberate change (and bump TACTILE_VERSION_MAJOR when it breaks): --record.
#
# Usage: Tests/CAPI/check-abi.sh PREFIX [--record]     (PREFIX: where Scripts/install-libtactile.sh installed)
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix="$1"
record="${2:-}"
baseline=Tests/CAPI/abi
library=$(readlink -f "$prefix/lib/libtactile.so")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The header's functions, as the compiler reads them.
gcc -aux-info "$work/aux.txt" -fsyntax-only -x c "$prefix/include/tactile.h"
grep -o 'tactile_[a-z_]* (' "$work/aux.txt" | sed 's/ ($//' | sort -u >"$work/declared.txt"
nm -D --defined-only "$library" | awk '$2 ~ /^[TDBRW]$/ { print $3 }' | sed 's/@.*//' | grep -v '^TACTILE_' |
    sort -u >"$work/exported.txt"
if ! diff -u "$work/declared.txt" "$work/exported.txt" >"$work/symbols.diff"; then
    cat "$work/symbols.diff"
    echo "error: tactile.h and libtactile.so disagree (-: declared, not exported; +: exported, not declared)" >&2
    exit 1
fi
echo "header and library agree: $(wc -l <"$work/declared.txt") functions declared and exported, nothing else"

# The probe: one pointer per function, of its type; linking it proves each declared function exists.
{
    echo '#include <tactile.h>'
    while read -r name; do echo "__typeof__($name) *const abi_$name = $name;"; done <"$work/declared.txt"
} >"$work/probe.c"
gcc -g -shared -fPIC -I"$prefix/include" -o "$work/libtactile-probe.so" "$work/probe.c" \
    -L"$prefix/lib" -ltactile -Wl,--no-undefined
# The library's corpus is its symbols: its debug information describes Swift, not the C types (the probe's does),
# and differs between debug and release builds; it is read from a copy without it.
cp "$library" "$work/libtactile.so"
strip --strip-debug "$work/libtactile.so"
abidw --no-corpus-path --no-comp-dir-path --no-show-locs --out-file "$work/types.abi" "$work/libtactile-probe.so"
abidw --no-corpus-path --no-comp-dir-path --out-file "$work/library.abi" "$work/libtactile.so"
# The probe's one translation unit is in this run's temporary folder: the baseline keeps no path.
sed -i -E "s| path='[^']*'||" "$work/types.abi"

if [ "$record" = "--record" ]; then
    mkdir -p "$baseline"
    cp "$work/library.abi" "$baseline/libtactile.abi"
    cp "$work/types.abi" "$baseline/tactile-types.abi"
    echo "recorded $baseline/libtactile.abi and $baseline/tactile-types.abi"
    exit 0
fi

status=0
abidiff "$baseline/libtactile.abi" "$work/library.abi" >"$work/library.diff" || status=$?
cat "$work/library.diff"
types_status=0
abidiff "$baseline/tactile-types.abi" "$work/types.abi" >"$work/types.diff" || types_status=$?
cat "$work/types.diff"
# abidiff's status is a bit field: 1 and 2 are errors, 4 an ABI change, 8 an incompatible one. Its "incompatible"
# covers removed symbols but not a changed type (a parameter's type, a struct's layout, an enumerator), which it
# reports as a change: any removed or changed function, variable or symbol fails; added ones are compatible.
for s in $status $types_status; do
    if [ $((s & 3)) -ne 0 ]; then echo "error: abidiff failed (status $s)" >&2; exit 1; fi
done
if [ $((status & 8)) -ne 0 ] || [ $((types_status & 8)) -ne 0 ] ||
    grep -qE 'summary: [1-9][0-9]* Removed|, [1-9][0-9]* Changed' "$work/library.diff" "$work/types.diff"; then
    echo "error: libtactile's ABI changed incompatibly against $baseline (see above); a deliberate break needs" \
        "TACTILE_VERSION_MAJOR (and the SONAME) bumped and Tests/CAPI/check-abi.sh PREFIX --record" >&2
    exit 1
fi
if [ "$status" -ne 0 ] || [ "$types_status" -ne 0 ]; then
    echo "libtactile ABI: compatible additions against $baseline (record them: Tests/CAPI/check-abi.sh PREFIX --record)"
else
    echo "libtactile ABI: identical to $baseline"
fi
