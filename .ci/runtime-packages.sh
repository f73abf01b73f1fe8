#!/usr/bin/env bash
# Issue 34: the Debian packages README.md says a copied `tactile` needs at run time, against what the binary loads.
#   .ci/runtime-packages.sh BINARY [README]
# The list is the backticked, space-separated names after "at run time it needs these Debian packages" in README.md.
# Each library `ldd BINARY` resolves is mapped to its package (`dpkg -S`); it fails when such a package is neither
# listed nor pulled in by a listed one (the Depends/Pre-Depends closure, `apt-cache depends --recurse`), and when a
# listed package owns none of the libraries (the list names something the binary does not need).
# Libraries inside the Swift toolchain (a debug build loads the Swift runtime and Foundation from it) are left out:
# the release binary the README describes (`--static-swift-stdlib`) has them linked in, and otherwise loads the
# same system libraries. Needs ldd (libc-bin), dpkg and apt-cache, which every Debian has.
set -euo pipefail
binary=${1:?usage: $0 BINARY [README]}
readme=${2:-"$(dirname "$0")/../README.md"}
anchor='at run time it needs these Debian packages'

listed=$(tr '\n' ' ' <"$readme" | sed -n "s/.*$anchor[^\`]*\`\\([^\`]*\\)\`.*/\\1/p")
[ -n "$listed" ] || { echo "error: $readme: no \`…\` list of packages after \"$anchor\"" >&2; exit 1; }
read -r -a listed <<<"$listed"

toolchain=""
if command -v swift >/dev/null; then
    toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
fi

loaded=$(ldd "$binary")
if grep -q 'not found' <<<"$loaded"; then
    echo "error: ldd $binary: $(grep 'not found' <<<"$loaded" | tr -s ' \t' ' ')" >&2; exit 1
fi
libraries=$(awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' <<<"$loaded" | sort -u)
[ -n "$libraries" ] || { echo "error: ldd $binary lists no libraries" >&2; exit 1; }
# Each library under the names dpkg may have registered it by (bookworm registers most under /lib, some under
# /usr/lib), looked up in one `dpkg -S` (one read of its database): lines "package[:arch]: path".
declare -A owners=()
candidates() { local path=$1; printf '%s\n' "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr${path#/usr}"; }
while IFS= read -r line; do
    [[ $line == *": /"* ]] || continue
    package=${line%%: /*}; package=${package%%:*}; package=${package%%,*}
    owners[/${line#*: /}]=$package
done < <(while read -r library; do candidates "$library"; done <<<"$libraries" | sort -u | xargs dpkg -S 2>/dev/null || true)
declare -A needed=()   # package -> its libraries
while read -r library; do
    if [ -n "$toolchain" ] && [[ $(readlink -f "$library") == "$toolchain"/* ]]; then continue; fi
    package=""
    while read -r candidate; do package=${owners[$candidate]:-}; [ -z "$package" ] || break; done < <(candidates "$library")
    [ -n "$package" ] || { echo "error: no Debian package owns $library (ldd $binary)" >&2; exit 1; }
    needed[$package]+="${needed[$package]:+ }$(basename "$library")"
done <<<"$libraries"

closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances "${listed[@]}" | grep -v '^ ' | sed 's/:.*//' | sort -u)

status=0
for package in $(printf '%s\n' "${!needed[@]}" | sort); do
    if ! grep -qxF "$package" <<<"$closure"; then
        echo "error: $binary loads ${needed[$package]} from $package, which README.md's run-time list (${listed[*]}) neither names nor pulls in" >&2
        status=1
    fi
done
for package in "${listed[@]}"; do
    if [ -z "${needed[$package]+set}" ]; then
        echo "error: README.md's run-time list names $package, which owns none of the libraries $binary loads" >&2
        status=1
    fi
done
if [ "$status" -eq 0 ]; then
    echo "run-time packages: $binary loads libraries of ${#needed[@]} Debian packages, all named or pulled in by README.md's ${listed[*]}"
    for package in $(printf '%s\n' "${!needed[@]}" | sort); do echo "  $package: ${needed[$package]}"; done
fi
exit "$status"
