#!/usr/bin/env python3
"""make-kernel-path-inputs.py OUTDIR - the two small inputs of issue 25's kernel-path fixtures
(Tests/TactileInputTests/Fixtures/KernelPath; captured in the VM by capture-kernel-path.sh):

* repeats.evemu: a protocol-B touchscreen with fuzz 16 on its MT positions (libinput's hysteresis: margin 8)
  whose recording repeats absolute values the kernel's input core drops (input_handle_abs_event): an X that
  equals the slot's last X arrives with a small change of Y, which alone stays inside the hysteresis margin;
* protocol-a-jitter.evemu: a protocol-A touchscreen (no slots) that reports no fuzz, two fingers jittering by up
  to 3 units for 0.25 s, then moving 160 units apart, then lifting: libmtdev (as libinput opens it) gives
  such a device range/250 = 16 units of fuzz, which swallows the jitter."""
import os
import sys

HEADER = """# EVEMU 1.3
# Input device name: "{name}"
# Written by make-kernel-path-inputs.py (issue 25)
N: {name}
I: 0018 7ac7 {product:04x} 0100
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 03 {abs_mask}
{axes}
################################
#      Waiting for events      #
################################
"""


def line(t, typ, code, value):
    return "E: %d.%06d %04x %04x %s\n" % (t // 1_000_000, t % 1_000_000, typ, code, "%04d" % value if value >= 0 else value)


def repeats():
    axes = "A: 00 0 4095 0 0 0\nA: 01 0 4095 0 0 0\nA: 2f 0 9 0 0 0\nA: 35 0 4095 16 0 0\nA: 36 0 4095 16 0 0\nA: 39 0 65535 0 0 0"
    out = HEADER.format(name="Tactile Kernel Path Repeats", product=0x25, abs_mask="03 00 00 00 00 80 60 02", axes=axes)
    t = 1_000_000
    x, y = 1000, 1000
    out += line(t, 3, 0x39, 7) + line(t, 3, 0x35, x) + line(t, 3, 0x36, y) + line(t, 1, 0x14a, 1)
    out += line(t, 3, 0, x) + line(t, 3, 1, y) + line(t, 0, 0, 0)
    for step in range(12):
        t += 8000
        # a real move to the right: outside the margin
        x += 20
        out += line(t, 3, 0x35, x) + line(t, 3, 0, x) + line(t, 0, 0, 0)
        t += 8000
        # the same X again (the kernel drops it) with Y 6 units off: inside the margin alone, outside it with the
        # raw X that the repeat would put back in place of the filtered one
        y += 6 if step % 2 == 0 else -6
        out += line(t, 3, 0x35, x) + line(t, 3, 0x36, y) + line(t, 3, 0, x) + line(t, 3, 1, y) + line(t, 0, 0, 0)
        t += 8000
        # nothing but repeats: the kernel passes on no event at all (and drops the empty report)
        out += line(t, 3, 0x35, x) + line(t, 3, 0x36, y) + line(t, 0, 0, 0)
    t += 8000
    out += line(t, 3, 0x39, -1) + line(t, 1, 0x14a, 0) + line(t, 0, 0, 0)
    return out


def protocol_a():
    axes = "A: 00 0 4095 0 0 0\nA: 01 0 4095 0 0 0\nA: 35 0 4095 0 0 0\nA: 36 0 4095 0 0 0"
    out = HEADER.format(name="Tactile Kernel Path Type A", product=0x26, abs_mask="03 00 00 00 00 00 60 00", axes=axes)
    t = 1_000_000
    jitter = [0, 2, -1, 3, -3, 1, -2, 2, 0, -1, 3, -2, 1, 0, -3, 2, -1, 1, 3, -2, 0, 2, -3, 1, -1, 2, 0, -2, 3, 1]
    fingers = [(1200, 2000), (2400, 2000)]
    for frame in range(len(jitter) + 12):
        if frame < len(jitter):
            d, spread = jitter[frame], 0
        else:
            d, spread = 0, (frame - len(jitter) + 1) * 8
        for index, (fx, fy) in enumerate(fingers):
            px = fx + d + (spread if index else -spread)
            py = fy - d
            out += line(t, 3, 0x35, px) + line(t, 3, 0x36, py) + line(t, 0, 2, 0)
        out += line(t, 1, 0x14a, 1) + line(t, 3, 0, fingers[0][0] + d) + line(t, 3, 1, fingers[0][1] - d) + line(t, 0, 0, 0)
        t += 8000
    out += line(t, 0, 2, 0) + line(t, 1, 0x14a, 0) + line(t, 0, 0, 0)
    return out


folder = sys.argv[1]
with open(os.path.join(folder, "repeats.evemu"), "w") as f:
    f.write(repeats())
with open(os.path.join(folder, "protocol-a-jitter.evemu"), "w") as f:
    f.write(protocol_a())
