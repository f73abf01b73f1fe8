#!/usr/bin/env python3
"""retime.py FILE SPEED: FILE (an evemu recording or events file) with every event time t replaced by
first + (t - first) / SPEED, so evemu-play plays it SPEED times as fast (0.25: four times slower). Only the E: lines
change; the events, their order and their grouping into frames stay. The live tests play slower under emulation
(TCG), where a debug `tactile live` is several times slower than the device's report rate and would fall behind
until the kernel's buffer overflows; the kernel stamps events when they are played, so live and recorded logs stay
comparable."""
import sys

path, speed = sys.argv[1], float(sys.argv[2])
if speed <= 0:
    sys.exit(f"{path}: SPEED must be positive, not {speed}")
first = None
with open(path, encoding="utf-8", errors="replace") as f:
    for number, line in enumerate(f, 1):
        if not line.startswith("E:"):
            sys.stdout.write(line)
            continue
        fields = line.split(None, 2)
        try:
            time = float(fields[1])
        except (IndexError, ValueError):
            sys.exit(f"{path}:{number}: malformed event line")
        first = time if first is None else first
        sys.stdout.write(f"E: {first + (time - first) / speed:.6f} {fields[2]}")
