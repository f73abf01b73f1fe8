#!/usr/bin/env python3
"""latency-table.py OUTDIR NAME... - issue 25: the delay from a frame's kernel timestamp to its log entries being
written, per backend, from the `latency KERNEL LOGGED RECEIVED` lines of the live = replay runs (NAME/live.err:
`tactile live`, evdev; NAME/libinput-live.err: `tactile live --backend libinput`), both readers on the same
plays. RECEIVED is when the frame came out of the decoder (evdev) or out of libinput and the contact stream, so
the delay splits into reading (KERNEL → RECEIVED: the kernel's queue, libevdev or libinput, the decoder or the
stream) and the library's own share (RECEIVED → LOGGED: dispatch, recognizers, their actions, the log written).
Each run's first frame (the process's cold start) is left out. Prints a Markdown table; a report, not a check."""
import os
import sys


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")


def read(path):
    total, reading, library = [], [], []
    try:
        lines = [l.split() for l in open(path, errors="replace") if l.startswith("latency ")]
    except OSError:
        return total, reading, library
    for fields in lines[1:]:
        kernel, logged = int(fields[1]), int(fields[2])
        total.append((logged - kernel) / 1e6)
        if len(fields) > 3:
            received = int(fields[3])
            reading.append((received - kernel) / 1e6)
            library.append((logged - received) / 1e6)
    return total, reading, library


out, names = sys.argv[1], sys.argv[2:]
print("| backend | frames | kernel → logged p50 / p99 | reading p50 / p99 | library's share p50 / p99 |")
print("|---|---:|---|---|---|")
for backend, file in (("evdev", "live.err"), ("libinput", "libinput-live.err")):
    total, reading, library = [], [], []
    for name in names:
        t, r, l = read(os.path.join(out, name, file))
        total += t
        reading += r
        library += l
    if not total:
        continue
    cell = lambda v: f"{percentile(v, 50):.1f} / {percentile(v, 99):.1f} ms" if v else "-"
    print(f"| {backend} | {len(total)} | {cell(total)} | {cell(reading)} | {cell(library)} |")
