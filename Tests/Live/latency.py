#!/usr/bin/env python3
"""latency.py LIVE_ERR...: the latency lines of `tactile live --latency` (`latency KERNEL LOGGED`, CLOCK_MONOTONIC
ns: a frame's SYN_REPORT time and the time right after its log entries were written). Prints, per file (named by
its folder) and over all frames, the count, median, 99th percentile and maximum of LOGGED - KERNEL in ms, and the
median without each run's first frame (which pays for the process's cold start: code paged in, lazy setup).
The last line is the summary for the check; exit 1 when there is no latency line or a negative one."""
import os
import sys


def percentile(values, p):
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def describe(values):
    values = sorted(values)
    return (f"{len(values)} frames: median {percentile(values, 50):.1f} ms, p99 {percentile(values, 99):.1f} ms, "
            f"max {values[-1]:.1f} ms")


everything, warm = [], []
for path in sys.argv[1:]:
    try:
        with open(path, errors="replace") as f:
            deltas = [(int(b) - int(a)) / 1e6 for a, b in (l.split()[1:3] for l in f if l.startswith("latency "))]
    except OSError:
        continue
    if not deltas:
        continue
    print(f"  latency {os.path.basename(os.path.dirname(path))}: {describe(deltas)}")
    everything += deltas
    warm += deltas[1:]
if not everything:
    print("no latency lines")
    sys.exit(1)
print(f"{describe(everything)}; without each run's first frame: median {percentile(sorted(warm), 50):.1f} ms, "
      f"p99 {percentile(sorted(warm), 99):.1f} ms (kernel event time to entries written)")
sys.exit(0 if min(everything) >= 0 else 1)
