#!/usr/bin/env python3
"""mtdev-fuzz.py RECORDING.evemu: the recording with libmtdev's default fuzz in its description, on stdout.

libinput reads a protocol-A device (no ABS_MT_SLOT) through libmtdev, which replaces a kernel fuzz of 0 by a fraction
of the axis range (mtdev 1.1.6 src/caps.c default_fuzz: range/250 for positions, /100 for sizes and pressure, /10
for orientation) and smooths every contact with it; Tactile uses the device's own fuzz (Tests/Live/README.md:
"Differences with libinput"). Replaying this copy with `--jitter-filter off` gives what a compositor on libinput
delivers for such a device. A protocol-B recording is printed unchanged."""
import sys

FRACTION = {0x35: 250, 0x36: 250, 0x30: 100, 0x31: 100, 0x32: 100, 0x33: 100, 0x34: 10, 0x3a: 100}
lines = open(sys.argv[1]).readlines()
axes = {int(l.split()[1], 16) for l in lines if l.startswith("A:")}
protocol_a = 0x2f not in axes and 0x35 in axes
for line in lines:
    fields = line.split()
    if protocol_a and fields[:1] == ["A:"] and int(fields[1], 16) in FRACTION and int(fields[4]) == 0:
        code, low, high = int(fields[1], 16), int(fields[2]), int(fields[3])
        fields[4] = str((high - low) // FRACTION[code])
        line = " ".join(fields) + "\n"
    sys.stdout.write(line)
sys.exit(0 if protocol_a else 3)
