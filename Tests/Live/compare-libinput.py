#!/usr/bin/env python3
"""compare-libinput.py TACTILE RECORDED UDEV_PROPERTIES TOUCHES_JSONL LIBINPUT_TXT

A second opinion from libinput, exact, with libinput's own filtering modelled rather than tolerated.

Per frame with any touch change, it compares
  * what Tactile delivered (TOUCHES_JSONL: `tactile replay RECORDED --scene scenes/touches.json --json`, one
    multitouch view, no recognizers): how many touches began, moved, ended, were cancelled;
  * what `libinput debug-events` reported (LIBINPUT_TXT): TOUCH_DOWN, TOUCH_MOTION, TOUCH_UP, TOUCH_CANCEL, and
    for a protocol-B device where (libinput prints mm; a device without resolution gets libinput's fake resolution
    of 1 unit/mm, so mm are device units from the axis minimum).

libinput filters positions in two places (sources: libinput 1.22 src/evdev.c
evdev_extract_abs_axes, src/evdev-fallback.c fallback_dispatch_init_slots / fallback_filter_defuzz_touch,
src/evdev.h evdev_hysteresis, udev/90-libinput-fuzz-override.rules, libinput-fuzz-extract/-to-zero; mtdev 1.1.6
src/caps.c default_fuzz, src/core.c defuzz / filter_data):
  * protocol B: libinput applies an elliptical hysteresis of margin f/2 to every touch motion, f being the fuzz of
    ABS_MT_POSITION_X/Y (for a multitouch device its absinfo_x/y are the MT axes, not ABS_X/ABS_Y). udev's libinput
    rule saves the kernel's fuzz in LIBINPUT_FUZZ_00/01/35/36 and sets the kernel's fuzz to 0, so the kernel no
    longer smooths; libinput takes f from LIBINPUT_FUZZ_35/36. A motion within the margin of the hysteresis center is
    dropped; a larger one is reported at the finger's raw point, and the point dragged along by the margin becomes
    the new center and the slot's point (an axis the next frame does not update keeps that filtered value). Devices
    whose MT fuzz is 0 (Wacom ISDv4: only ABS_X/Y have fuzz 4) get no hysteresis; the 3M (MT fuzz 15) gets margin 7.
    (Kernel side, the Wacom's ABS_X/Y fuzz is zeroed too, so ABS_X/Y arrive raw; Tactile reads the MT axes.)
  * protocol A: libinput reads through libmtdev opened on the device (mtdev_new_open), and libmtdev replaces a
    kernel fuzz of 0 with range/250 for positions (range/100 for sizes, range/10 for orientation) and defuzzes every
    matched contact with the kernel's EWMA filter; jitter of a few units is never reported.
Since issue 14 Tactile's jitter filter (the default, `--jitter-filter auto`) is libinput's hysteresis with the same
fuzz (LIBINPUT_FUZZ_35/36, kept by `tactile record` as `# udev:` comments), so on protocol B they agree exactly; for
protocol A Tactile hands libmtdev udev's saved fuzz (or the description's), where libinput's libmtdev invents range/250
when the kernel's is 0 (Tests/Live/README.md explains both). The check is exact about it:
  * protocol B: a model of libinput's fallback touch path (slot states, dirty flags, hysteresis with the fuzz
    libinput found: LIBINPUT_FUZZ_35/36 from UDEV_PROPERTIES, `udevadm info --query=property` of the device in the
    guest, else RECORDED's MT fuzz) is run on RECORDED: its frames must equal Tactile's and libinput's, libinput's
    positions included (the count of motions the hysteresis held back is printed);
  * protocol A: RECORDED is replayed by TACTILE once more with libmtdev's default fuzz written into its description
    and --jitter-filter off (the same libmtdev then filters as libinput's does, and libinput has no hysteresis on a
    device whose kernel fuzz is 0); those frames must equal libinput's.
Prints a summary; exit 1 on a difference.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from collections import OrderedDict

ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0, 1, 0x2F, 0x35, 0x36, 0x39
KINDS = ("down", "motion", "up", "cancel")


def parse_evemu(path):
    """({code: [min, max, fuzz, ...]}, [(type, code, value)], [lines])"""
    axes, events, lines = {}, [], []
    with open(path, errors="replace") as f:
        for line in f:
            lines.append(line)
            fields = line.split()
            if fields[:1] == ["A:"]:
                axes[int(fields[1], 16)] = [int(v) for v in fields[2:]]
            elif fields[:1] == ["E:"]:
                events.append((int(fields[2], 16), int(fields[3], 16), int(fields[4])))
    return axes, events, lines


def tactile_frames(touches_jsonl):
    """Tactile's deliveries grouped by time (each frame has its own kernel timestamp): [(down, motion, up, cancel)]."""
    frames = OrderedDict()
    with open(touches_jsonl) as f:
        for line in f:
            entry = json.loads(line)
            if entry.get("type") != "touches":
                continue
            counts = frames.setdefault(entry["t"], dict.fromkeys(KINDS, 0))
            key = {"began": "down", "moved": "motion", "ended": "up", "cancelled": "cancel"}[entry["phase"]]
            counts[key] += len(entry["touches"])
    return [tuple(c[k] for k in KINDS) for c in frames.values()]


def libinput_frames(libinput_txt):
    """libinput's TOUCH_* events grouped by frame: [(counts, sorted positions)]. A frame ends at TOUCH_FRAME or where
    the event time changes: a lagging libinput (under emulation) was seen printing the motions of several SYN_REPORTs,
    each with its own time, before one TOUCH_FRAME; every kernel frame has its own time (printed to the ms)."""
    pattern = re.compile(r"TOUCH_(DOWN|MOTION|UP|CANCEL|FRAME)\s+(\S+)\s*(.*)")
    frames, current, positions, current_time = [], dict.fromkeys(KINDS, 0), [], None
    names = {"DOWN": "down", "MOTION": "motion", "UP": "up", "CANCEL": "cancel"}

    def close():
        if any(current.values()):
            frames.append((tuple(current[k] for k in KINDS), sorted(positions)))
        return dict.fromkeys(KINDS, 0), []

    with open(libinput_txt, errors="replace") as f:
        for line in f:
            m = pattern.search(line)
            if not m:
                continue
            kind, time, rest = m.groups()
            if kind == "FRAME" or time != current_time:
                current, positions = close()
                current_time = time
                if kind == "FRAME":
                    continue
            current[names[kind]] += 1
            mm = re.search(r"\((-?[\d.]+)/(-?[\d.]+)mm\)", rest)
            if mm:
                positions.append((round(float(mm.group(1))), round(float(mm.group(2)))))
    close()
    return frames


def hysteresis(point, center, margin):
    """libinput's evdev_hysteresis (src/evdev.h): the center of a margin ellipse dragged along by the finger."""
    (x, y), (cx, cy), (a, b) = point, center, margin
    dx, dy = x - cx, y - cy
    if not a or not b:
        return point
    normalized = math.sqrt(dx * dx / (a * a) + dy * dy / (b * b))
    if normalized < 1.0:
        return center
    distance = math.sqrt(dx * dx + dy * dy)
    margin_distance = distance / normalized
    if dx:
        gradient = dy / dx
        lag_x = margin_distance / math.sqrt(gradient * gradient + 1)
        lag_y = math.sqrt((margin_distance + lag_x) * (margin_distance - lag_x))
    else:
        lag_x, lag_y = 0.0, margin_distance
    # C assigns the double to an int: truncation toward zero
    return (int(x - lag_x if dx >= 0 else x + lag_x), int(y - lag_y if dy >= 0 else y + lag_y))


def libinput_model(events, axes, margin):
    """libinput's fallback touch path for a protocol-B device (src/evdev-fallback.c): per SYN_REPORT, each dirty slot
    gives a down (new tracking id), a motion (position changed, unless the hysteresis swallows it) or an up."""
    minimum = (axes.get(ABS_MT_POSITION_X, [0])[0], axes.get(ABS_MT_POSITION_Y, [0])[0])
    slots, current, frames = {}, 0, []
    for kind, code, value in events:
        slot = slots.setdefault(current, {"state": None, "dirty": False, "point": [0, 0], "center": (0, 0)})
        if kind == 3 and code == ABS_MT_SLOT:
            current = value
        elif kind == 3 and code == ABS_MT_TRACKING_ID:
            slot["state"] = "begin" if value >= 0 else "end"
            slot["dirty"] = True
        elif kind == 3 and code in (ABS_MT_POSITION_X, ABS_MT_POSITION_Y):
            slot["point"][code - ABS_MT_POSITION_X] = value
            slot["dirty"] = True
        elif kind == 0 and code == 0:
            counts, positions = dict.fromkeys(KINDS, 0), []
            for index in sorted(slots):
                s = slots[index]
                if not s["dirty"]:
                    continue
                s["dirty"] = False
                point = tuple(s["point"])
                if s["state"] == "begin":
                    s["center"], s["state"] = point, "update"
                    counts["down"] += 1
                    positions.append(point)
                elif s["state"] == "update":
                    # fallback_filter_defuzz_touch: the filtered point replaces the slot's point (an axis the next
                    # frame does not update keeps it) and, if it moved, becomes the new center; the motion is
                    # reported at the raw point, which fallback_flush_mt_motion copied before filtering
                    filtered = hysteresis(point, s["center"], margin)
                    s["point"] = list(filtered)
                    if filtered == s["center"]:
                        continue
                    s["center"] = filtered
                    counts["motion"] += 1
                    positions.append(point)
                elif s["state"] == "end":
                    s["state"] = None
                    counts["up"] += 1
            if any(counts.values()):
                frames.append((tuple(counts[k] for k in KINDS),
                               sorted((x - minimum[0], y - minimum[1]) for x, y in positions)))
    return frames


def first_difference(a, b, what_a, what_b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"frame {i}: {what_a} {x}, {what_b} {y}"
    if len(a) != len(b):
        return f"{what_a} has {len(a)} frames with touch changes, {what_b} {len(b)}"
    return None


def mtdev_fuzz_replay(tactile, recorded, lines, axes):
    """Tactile's frames for RECORDED with libmtdev's default fuzz (src/caps.c) in the description."""
    sn = {0x35: 250, 0x36: 250, 0x30: 100, 0x31: 100, 0x32: 100, 0x33: 100, 0x34: 10}
    out = []
    for line in lines:
        fields = line.split()
        if fields[:1] == ["A:"] and int(fields[1], 16) in sn and int(fields[4]) == 0:
            code = int(fields[1], 16)
            fields[4] = str((axes[code][1] - axes[code][0]) // sn[code])
            line = " ".join(fields) + "\n"
        out.append(line)
    scene = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenes", "touches.json")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mtdev-fuzz.evemu")
        with open(path, "w") as f:
            f.writelines(out)
        # --jitter-filter off: libinput applies no hysteresis here (the kernel's MT fuzz is 0, so udev saved none)
        result = subprocess.run([tactile, "replay", path, "--scene", scene, "--json", "--jitter-filter", "off"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"tactile replay failed: {result.stderr.strip()}")
        touches = os.path.join(folder, "touches.jsonl")
        with open(touches, "w") as f:
            f.write(result.stdout)
        return tactile_frames(touches)


def main(argv):
    if len(argv) != 6:
        sys.exit(__doc__)
    tactile, recorded, udev_properties, touches, libinput_txt = argv[1:6]
    axes, events, lines = parse_evemu(recorded)
    with open(udev_properties, errors="replace") as f:
        properties = dict(line.strip().split("=", 1) for line in f if "=" in line)
    ours, theirs = tactile_frames(touches), libinput_frames(libinput_txt)
    their_counts = [counts for counts, _ in theirs]
    total = sum(sum(f) for f in ours)
    if ABS_MT_SLOT in axes:
        # the fuzz libinput's hysteresis uses (evdev_extract_abs_axes): for a multitouch device absinfo_x/y are
        # ABS_MT_POSITION_X/Y, whose fuzz is replaced by LIBINPUT_FUZZ_35/36 (the kernel's fuzz before udev's rule
        # zeroed it) when that property is nonzero, and otherwise stays the kernel's (as RECORDED has it)
        fuzz = tuple(int(properties.get(f"LIBINPUT_FUZZ_{code:02x}", 0)) or axes.get(code, [0, 0, 0])[2]
                     for code in (ABS_MT_POSITION_X, ABS_MT_POSITION_Y))
        margin = (fuzz[0] // 2, fuzz[1] // 2)
        plain, filtered = libinput_model(events, axes, (0, 0)), libinput_model(events, axes, margin)
        # Tactile's jitter filter (issue 14) is libinput's hysteresis with the same fuzz (LIBINPUT_FUZZ_35/36, which
        # `tactile record` keeps in RECORDED as `# udev:` comments): its frames equal the filtered model
        failure = (first_difference(ours, [c for c, _ in filtered], "Tactile (began, moved, ended, cancelled)",
                                    f"the model with libinput's hysteresis {margin}")
                   or first_difference(theirs, filtered, "libinput (counts, positions)",
                                       f"the model with libinput's hysteresis {margin}"))
        if failure:
            print(failure)
            return 1
        swallowed = sum(c[1] for c, _ in plain) - sum(c[1] for c, _ in filtered)
        print(f"{len(ours)} frames, {total} touch changes = libinput's, through the same hysteresis (fuzz "
              f"{fuzz[0]}/{fuzz[1]}, margin {margin[0]}/{margin[1]}): {swallowed} motions held back by both, "
              f"libinput's positions equal the model's in {len(filtered)} frames")
        return 0
    smoothed = mtdev_fuzz_replay(tactile, recorded, lines, axes)
    failure = first_difference(their_counts, smoothed, "libinput (down, motion, up, cancel)",
                               "Tactile with libmtdev's default fuzz")
    if failure:
        print(failure)
        return 1
    swallowed = sum(f[1] for f in ours) - sum(f[1] for f in smoothed)
    print(f"protocol A: {len(ours)} frames, {total} touch changes in Tactile; libinput = Tactile with libmtdev's "
          f"default fuzz ({len(smoothed)} frames, {swallowed} motions fewer: jitter libmtdev smooths away)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
