#!/usr/bin/env python3
"""compare-libinput.py RECORDED TOUCHES_JSONL LIBINPUT_TXT

A second opinion from libinput. Per frame with any touch change, compares
  * what Tactile delivered (TOUCHES_JSONL: `tactile replay RECORDED --scene scenes/touches.json --json`, one
    multitouch view, no recognizers): how many touches began, moved, ended, were cancelled;
  * what `libinput debug-events` reported (LIBINPUT_TXT): TOUCH_DOWN, TOUCH_MOTION, TOUCH_UP, TOUCH_CANCEL;
and, for a protocol-B device, libinput's positions (in mm, which for a device without resolution is device
units from the axis minimum, libinput's fake resolution of 1) with the slot state of the recorded events.
Prints a summary; exit 1 on a difference.
"""
import json
import re
import sys
from collections import OrderedDict

recorded, touches, libinput_txt = sys.argv[1:4]

# Tactile: deliveries grouped by time (each frame has its own kernel timestamp)
tactile = OrderedDict()
with open(touches) as f:
    for line in f:
        entry = json.loads(line)
        if entry.get("type") != "touches":
            continue
        counts = tactile.setdefault(entry["t"], {"down": 0, "motion": 0, "up": 0, "cancel": 0})
        key = {"began": "down", "moved": "motion", "ended": "up", "cancelled": "cancel"}[entry["phase"]]
        counts[key] += len(entry["touches"])
tactile_frames = [tuple(c[k] for k in ("down", "motion", "up", "cancel")) for c in tactile.values()]

# libinput
pattern = re.compile(r"TOUCH_(DOWN|MOTION|UP|CANCEL|FRAME)\s+\S+\s*(.*)")
libinput_frames, positions, current, pos = [], [], {"DOWN": 0, "MOTION": 0, "UP": 0, "CANCEL": 0}, []
with open(libinput_txt, errors="replace") as f:
    for line in f:
        m = pattern.search(line)
        if not m:
            continue
        kind, rest = m.groups()
        if kind == "FRAME":
            if any(current.values()):
                libinput_frames.append(tuple(current[k] for k in ("DOWN", "MOTION", "UP", "CANCEL")))
                positions.append(sorted(pos))
            current, pos = {k: 0 for k in current}, []
            continue
        current[kind] += 1
        mm = re.search(r"\((-?[\d.]+)/(-?[\d.]+)mm\)", rest)
        slot = int(rest.split()[0]) if rest.split() else -1
        if mm:
            pos.append((slot, round(float(mm.group(1))), round(float(mm.group(2)))))

# the recorded events' slot state (protocol B only)
desc_axes, events = {}, []
with open(recorded) as f:
    for line in f:
        fields = line.split()
        if fields[:1] == ["A:"]:
            desc_axes[int(fields[1], 16)] = int(fields[2])
        elif fields[:1] == ["E:"]:
            events.append((int(fields[2], 16), int(fields[3], 16), int(fields[4])))
reference = []
if 0x2F in desc_axes:
    slot, state, changed = 0, {}, set()
    for kind, code, value in events:
        if kind == 3 and code == 0x2F:
            slot = value
        elif kind == 3 and code == 0x39:
            state.setdefault(slot, {})["id"] = value
            changed.add(slot)
        elif kind == 3 and code in (0x35, 0x36):
            state.setdefault(slot, {})[code] = value
            changed.add(slot)
        elif kind == 0 and code == 0:
            frame = sorted((s, state[s].get(0x35, 0) - desc_axes.get(0x35, 0), state[s].get(0x36, 0) - desc_axes.get(0x36, 0))
                           for s in changed if state[s].get("id", -1) >= 0)
            if changed:
                reference.append(frame)
            changed = set()

failures = []
if tactile_frames != libinput_frames:
    for i, (a, b) in enumerate(zip(tactile_frames, libinput_frames)):
        if a != b:
            failures.append(f"frame {i}: Tactile (began, moved, ended, cancelled) = {a}, libinput = {b}")
            break
    else:
        failures.append(f"Tactile has {len(tactile_frames)} frames with touch changes, libinput {len(libinput_frames)}")
checked = 0
if reference:
    libinput_positions = [p for p in positions]
    ref_nonempty = [r for r in reference if r]
    lib_nonempty = [p for p in libinput_positions if p]
    for i, (r, p) in enumerate(zip(ref_nonempty, lib_nonempty)):
        if [(x, y) for _, x, y in r] != [(x, y) for _, x, y in p]:
            failures.append(f"positions of frame {i}: recorded {r}, libinput {p}")
            break
        checked += 1
    if len(ref_nonempty) != len(lib_nonempty) and not failures:
        failures.append(f"{len(ref_nonempty)} recorded frames with contacts down or moving, libinput {len(lib_nonempty)}")
if failures:
    print("; ".join(failures))
    sys.exit(1)
total = sum(sum(f) for f in tactile_frames)
print(f"{len(tactile_frames)} frames, {total} touch changes agree"
      + (f"; libinput positions = recorded slot state in {checked} frames" if reference else " (protocol A: counts only)"))
