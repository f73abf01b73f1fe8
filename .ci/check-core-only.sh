#!/usr/bin/env bash
# TactileTesting (and the gesture model it shares with `tactile synth`, TactileGestures) and TactileContacts (the
# contact stream of SDL and Wayland apps) are core only: their dependency closure in the package graph has no
# system-library target (no libevdev, no mtdev, no libinput, no evemu) and no TactileInput, and they build on their
# own. TactileWayland needs libwayland-client and nothing of evdev: its closure's only system library is
# CWaylandClient. Run from anywhere; prints what it checked and how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
description="$(mktemp)"
app=$(mktemp -d)  # the app of the last check
trap 'rm -f "$description"; rm -rf "$app"' EXIT
swift package describe --type json > "$description"
python3 - "$description" <<'PY'
import json, sys
targets = {t["name"]: t for t in json.load(open(sys.argv[1]))["targets"]}
failed = False
# Each root, and the system libraries its closure may hold.
allowed_system = {"TactileTesting": set(), "TactileGestures": set(), "TactileContacts": set(),
                  "TactileContactsTests": set(), "TactileWayland": {"CWaylandClient"}}
for root, allowed in allowed_system.items():
    if root not in targets:
        print(f"error: no target {root} in the package"); failed = True; continue
    closure, stack = set(), [root]
    while stack:
        name = stack.pop()
        if name in closure or name not in targets:
            continue
        closure.add(name)
        stack += targets[name].get("target_dependencies", [])
    system = sorted(n for n in closure if targets[n].get("type") == "system-target" and n not in allowed)
    forbidden = sorted(n for n in closure
                       if n in ("TactileInput", "TactileReplay", "CLibevdev", "CMtdev", "CLibinput", "CEvemu"))
    products = sorted({p for n in closure for p in targets[n].get("product_dependencies", [])})
    print(f"{root}: targets {sorted(closure)}, products {products}")
    if system or forbidden:
        print(f"error: {root} depends on {sorted(set(system + forbidden))}, which need C libraries or evdev"); failed = True
sys.exit(1 if failed else 0)
PY
# No source file of the closures (nor the contact stream's tests) imports the input side.
if grep -nE '^\s*(@testable )?import (CLibevdev|CMtdev|CLibinput|CEvemu|TactileInput|TactileReplay)\b' \
    Sources/Tactile Sources/TactileGestures Sources/TactileTesting Sources/TactileContacts Sources/TactileWayland \
    Tests/TactileContactsTests -r; then
    echo "error: a core-only target (or TactileWayland) imports the input side (above)" >&2
    exit 1
fi
swift build --target TactileTesting
swift build --target TactileContacts

# A user's app on the TactileContacts product alone (an SDL or Wayland app that never opens a device) builds with
# pkg-config finding nothing, no command of its build names a C input library, and its binary links none. Its build
# folder is .build/contacts-only (incremental after the first run: ~45 s cold at a load of 13).
mkdir -p "$app/Sources/ContactsOnly"
cat > "$app/Package.swift" <<PACKAGE
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "ContactsOnly",
    dependencies: [.package(name: "Tactile", path: "$PWD")],
    targets: [
        .executableTarget(
            name: "ContactsOnly", dependencies: [.product(name: "TactileContacts", package: "Tactile")]),
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE
cat > "$app/Sources/ContactsOnly/main.swift" <<'MAIN'
import Tactile
import TactileContacts

var stream = ContactStream(grouping: .timestamps)
var output = stream.handle(.down(ContactReport(id: 7, timestamp: .zero, location: Point(x: 120, y: 80))))
output.append(stream.flush())
print(output.frames.count)
MAIN
log="$app/build.log"
if ! PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH='' swift build --package-path "$app" \
    --scratch-path .build/contacts-only -v >"$log" 2>&1; then
    tail -20 "$log"
    echo "error: an app on TactileContacts alone did not build without pkg-config" >&2
    exit 1
fi
binary="$(swift build --package-path "$app" --scratch-path .build/contacts-only --show-bin-path)/ContactsOnly"
if grep -iE 'evdev|mtdev|libinput|udev|wayland' "$log" || ldd "$binary" | grep -iE 'evdev|mtdev|input|udev|wayland'; then
    echo "error: an app on TactileContacts alone builds or links a C input library (above)" >&2
    exit 1
fi
[ "$("$binary")" = 1 ] || { echo "error: the app on TactileContacts alone did not make its frame" >&2; exit 1; }
echo "an app on TactileContacts alone: built without pkg-config; no C input library in its build or its binary"
echo "core-only check passed in $((SECONDS - start)) s"
