#!/usr/bin/env bash
# Writes the seed corpora into Fuzz/corpus/TARGET/ (generated, not committed): the project's traces and scenes
# (Traces/), the real recordings of Traces/recordings, the hostile inputs of Traces/reliability, and for FuzzDecoderDispatch the evemu recordings turned into its
# 4-byte operations. Seeds are cut at 64 KiB (libFuzzer's -max_len is set by run.sh).
set -euo pipefail
cd "$(dirname "$0")"
ROOT=..
RECORDINGS=$ROOT/Traces/recordings
RELIABILITY=$ROOT/Traces/reliability
OUT=corpus
mkdir -p "$OUT/FuzzEvemu" "$OUT/FuzzLibinputRecord" "$OUT/FuzzScene" "$OUT/FuzzDecoderDispatch" "$OUT/FuzzContactStream"

seed() { head -c 65536 "$1" > "$2"; }

# evemu: whole recordings, and .desc + .events pairs joined into one file.
for f in "$ROOT"/Traces/*.evemu; do seed "$f" "$OUT/FuzzEvemu/project-$(basename "$f")"; done
for f in "$RECORDINGS"/*.evemu; do seed "$f" "$OUT/FuzzEvemu/shared-$(basename "$f")"; done
for f in "$RECORDINGS"/*.events; do
    name=$(basename "$f" .events); device=${name%%__*}
    [ -f "$RECORDINGS/$device.desc" ] || continue
    # head may close the pipe before cat is done: that SIGPIPE is expected, not a failure under pipefail
    { cat "$RECORDINGS/$device.desc" "$f" || true; } | head -c 65536 > "$OUT/FuzzEvemu/shared-$name.evemu"
done
for f in "$RELIABILITY"/*.evemu; do seed "$f" "$OUT/FuzzEvemu/reliability-$(basename "$f")"; done
for f in "$RELIABILITY"/*.yml; do seed "$f" "$OUT/FuzzLibinputRecord/reliability-$(basename "$f")"; done
for f in "$RELIABILITY"/*.json; do
    if [ "$(stat -c %s "$f")" -le 65536 ]; then seed "$f" "$OUT/FuzzScene/reliability-$(basename "$f")"; fi
done

# libinput record: the test fixture, and each project trace rewritten as a libinput record file.
for f in "$ROOT"/Tests/TactileInputTests/Fixtures/*.yml; do seed "$f" "$OUT/FuzzLibinputRecord/fixture-$(basename "$f")"; done
python3 - "$OUT/FuzzLibinputRecord" "$ROOT"/Traces/*.evemu <<'PY'
import sys, os
out = sys.argv[1]
for path in sys.argv[2:]:
    absinfo, events = {}, []
    for line in open(path, errors="replace"):
        parts = line.split("#")[0].split()
        if line.startswith("A:") and len(parts) >= 6:
            absinfo[int(parts[1], 16)] = [int(x) for x in parts[2:7]] + [0] * (7 - len(parts))
        elif line.startswith("E:") and len(parts) == 5:
            sec, usec = parts[1].split(".")
            events.append((int(sec), int(usec), int(parts[2], 16), int(parts[3], 16), int(parts[4])))
    lines = ["# libinput record", "version: 1", "ndevices: 1", "libinput:", '  version: "1.22.1"', "devices:",
             "  - node: /dev/input/event5", "    evdev:", '      name: "Fuzz seed"', "      id: [24, 1, 2, 256]",
             "      codes:", "        0: [0, 1, 2, 3]", "        1: [330]",
             "        3: [%s]" % ", ".join(str(c) for c in sorted(absinfo)), "      absinfo:"]
    lines += ["        %d: [%s]" % (c, ", ".join(str(v) for v in absinfo[c][:5])) for c in sorted(absinfo)]
    lines += ["      properties: [1]", "    events:"]
    report = []
    for e in events[:4000]:
        report.append("          - [%d, %d, %d, %d, %d]" % e)
        if e[2] == 0 and e[3] == 0:
            lines += ["      - evdev:"] + report
            report = []
    open(os.path.join(out, "project-" + os.path.basename(path) + ".yml"), "w").write("\n".join(lines) + "\n")
PY

# Scenes.
for f in "$ROOT"/Traces/scenes/*.json; do seed "$f" "$OUT/FuzzScene/project-$(basename "$f")"; done

# Decoder + dispatch: evemu events as operations (see Sources/FuzzDecoderDispatch).
EVEMU_FILES=("$ROOT"/Traces/*.evemu)
EVEMU_FILES+=("$RECORDINGS"/*.evemu)
python3 - "$OUT/FuzzDecoderDispatch" "${EVEMU_FILES[@]}" <<'PY'
import sys, os, struct
out = sys.argv[1]
axes = {0x2f: 0, 0x39: 1, 0x35: 2, 0x36: 3, 0x37: 6, 0x3a: 7, 0x30: 8, 0x00: 9, 0x01: 10, 0x18: 11}
keys = {0x14a: 0, 0x145: 1, 0x14d: 2, 0x14e: 3, 0x14f: 4, 0x148: 5, 0x140: 6}
for path in sys.argv[2:]:
    has_slots = False
    ops, last = [], None
    for line in open(path, errors="replace"):
        parts = line.split("#")[0].split()
        if line.startswith("A:") and len(parts) > 1 and int(parts[1], 16) == 0x2f:
            has_slots = True
        if not line.startswith("E:") or len(parts) != 5:
            continue
        t, typ, code, value = float(parts[1]), int(parts[2], 16), int(parts[3], 16), int(parts[4])
        if typ == 3 and code in axes:
            v = max(-32768, min(32767, value)) & 0xffff
            ops.append(bytes([0, axes[code], v & 0xff, v >> 8]))
        elif typ == 1 and code in keys:
            ops.append(bytes([1, keys[code], min(value, 2), 0]))
        elif typ == 0 and code == 0:
            delta = 0 if last is None else int(round((t - last) * 1000))
            last = t
            ops.append(bytes([2, min(abs(delta), 255), 0x80 if delta < 0 else 0, 0]))
        elif typ == 0 and code == 2:
            ops.append(bytes([6, 0, 0, 0]))
        elif typ == 0 and code == 3:
            ops.append(bytes([7, 0, 0, 0]))
        if len(ops) >= 4096:
            break
    if not ops:
        continue
    for scene in (0, 4):
        head = bytes([(0 if has_slots else 1) | scene])
        name = "%s-%d" % (os.path.basename(path), scene)
        open(os.path.join(out, name), "wb").write(head + b"".join(ops))
PY
# Contact stream: taps, drags, two-finger pinches and cancels as a source's events (see Sources/FuzzContactStream).
python3 - "$OUT/FuzzContactStream" <<'PY'
import sys, os, math
out = sys.argv[1]
def op(kind, ident=0, x=0.0, y=0.0, extra=0):
    xs, ys = int(x * 64) & 0xffff, int(y * 64) & 0xffff
    return bytes([kind, ident, xs & 0xff, (xs >> 8) | extra, ys & 0xff, ys >> 8])
def gesture(fingers, steps, dx, dy, spread, end):
    ops = []
    for f in range(fingers):
        ops.append(op(0, f, 100 + 40 * f, 150))
    ops.append(op(6))
    for s in range(steps):
        ops.append(op(9, 0, 0, 0) [:2] + bytes([8, 0, 0, 0]))
        for f in range(fingers):
            ops.append(op(1, f, 100 + 40 * f + dx * s + (spread * s if f else 0), 150 + dy * s))
        ops.append(op(6 if s % 2 else 8))
    ops.append(op(9)[:2] + bytes([8, 0, 0, 0]))
    for f in range(fingers):
        ops.append(op(end, f, 0, 0) if end != 3 else op(3, f))
    ops.append(op(6))
    return ops
seeds = {
    "tap": (0, gesture(1, 1, 0, 0, 0, 3)),
    "drag": (0, gesture(1, 12, 6, 2, 0, 3)),
    "pinch": (1, gesture(2, 10, 0, 0, 5, 3)),
    "three-finger-cancel": (2, gesture(3, 6, 3, 0, 2, 5)),
    "palm-cancel": (3, gesture(2, 4, 0, 4, 0, 4)),
}
for name, (head, ops) in seeds.items():
    open(os.path.join(out, name), "wb").write(bytes([head]) + b"".join(ops))
PY
for target in FuzzEvemu FuzzLibinputRecord FuzzScene FuzzDecoderDispatch FuzzContactStream; do
    echo "$target: $(ls "$OUT/$target" | wc -l) seeds"
done
