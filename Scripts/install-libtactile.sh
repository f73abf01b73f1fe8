#!/usr/bin/env bash
# Builds and installs libtactile, the C API (Sources/CTactileAPI/tactile.h), under PREFIX (default /usr/local):
#
#   PREFIX/include/tactile.h
#   PREFIX/lib/libtactile.so.0.1.0, with the links libtactile.so.0 (its SONAME) and libtactile.so
#   PREFIX/lib/libtactile.a                 (the static library: `pkg-config --cflags --libs tactile-static`)
#   PREFIX/lib/pkgconfig/tactile.pc, tactile-static.pc
#
# then a C program builds with `cc app.c $(pkg-config --cflags --libs tactile)` (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig
# when PREFIX is not a system prefix). The shared library carries the Swift runtime inside it (--static-swift-stdlib)
# and exports only the tactile_* functions (Sources/CTactileAPI/libtactile.map, symbol version TACTILE_0): it needs
# no Swift toolchain where it runs, only libevdev, libmtdev, libinput and libudev.
#
# Usage: [PREFIX=/usr/local] [CONFIGURATION=release|debug] [DESTDIR=] Scripts/install-libtactile.sh
# The build has its own folder (.build/libtactile-CONFIGURATION): its linker flags (SONAME, version script) would
# otherwise relink the package's other products. A linker flag in Package.swift (`unsafeFlags`) would forbid the
# package as a dependency, so the flags are given here.
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX="${PREFIX:-/usr/local}"
CONFIGURATION="${CONFIGURATION:-release}"
DESTDIR="${DESTDIR:-}"
header=Sources/CTactileAPI/tactile.h
major=$(sed -n 's/^#define TACTILE_VERSION_MAJOR \([0-9]*\)$/\1/p' "$header")
minor=$(sed -n 's/^#define TACTILE_VERSION_MINOR \([0-9]*\)$/\1/p' "$header")
patch=$(sed -n 's/^#define TACTILE_VERSION_PATCH \([0-9]*\)$/\1/p' "$header")
version="$major.$minor.$patch"
scratch=".build/libtactile-$CONFIGURATION"

# The toolchain's static Swift libraries (Foundation's among them, which the linker is not told where to find
# when it links a shared library).
swift_static="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift_static/linux"
build() {
    swift build -c "$CONFIGURATION" --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -static-stdlib -Xlinker -L"$swift_static" "$@"
}
build --product TactileC \
    -Xlinker -soname -Xlinker "libtactile.so.$major" \
    -Xlinker --version-script="$PWD/Sources/CTactileAPI/libtactile.map"
build --product TactileCStatic
bin=$(build --show-bin-path)

lib="$DESTDIR$PREFIX/lib"
install -d "$lib/pkgconfig" "$DESTDIR$PREFIX/include"
install -m 644 "$header" "$DESTDIR$PREFIX/include/tactile.h"
install -m 755 "$bin/libTactileC.so" "$lib/libtactile.so.$version"
ln -sf "libtactile.so.$version" "$lib/libtactile.so.$major"
ln -sf "libtactile.so.$major" "$lib/libtactile.so"
install -m 644 "$bin/libTactileCStatic.a" "$lib/libtactile.a"

# tactile.pc links the shared library, which needs nothing else; tactile-static.pc links libtactile.a and what it
# needs: the C libraries of TactileInput, and the Swift runtime's static libraries with swiftrt.o (which registers
# the Swift metadata of the archive's objects) from the toolchain that built it.
private_libs="$(pkg-config --libs libevdev mtdev libinput libudev) -L$swift_static -Wl,--start-group"
private_libs+=" -lswiftCore -lswift_Concurrency -lswift_StringProcessing -lswift_RegexParser -lswiftSynchronization"
private_libs+=" -lswiftGlibc -lswiftDispatch -ldispatch -lBlocksRuntime -lFoundation -lCoreFoundation"
private_libs+=" -lFoundationEssentials -l_FoundationCollections -l_FoundationCShims -lFoundationInternationalization"
private_libs+=" -l_FoundationICU -lswiftSwiftOnoneSupport -Wl,--end-group -lstdc++ -lm -lpthread -ldl"
for pc in tactile tactile-static; do
    sed -e "s|@PREFIX@|$PREFIX|" -e "s|@VERSION@|$version|" -e "s|@PRIVATE_LIBS@|$private_libs|" \
        -e "s|@SWIFTRT@|$swift_static/x86_64/swiftrt.o|" Sources/CTactileAPI/$pc.pc.in >"$lib/pkgconfig/$pc.pc"
done
echo "libtactile $version installed in $DESTDIR$PREFIX ($CONFIGURATION build)"
