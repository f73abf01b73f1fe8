#!/usr/bin/env python3
"""latency.py LIVE_ERR...: the latency lines of `tactile live --latency` (`latency KERNEL LOGGED`, CLOCK_MONOTONIC
ns: a frame's SYN_REPORT time and the time right after its log entries were written). Prints, per file (named by
its folder) and over all frames, the count, median, 99th percentile and maximum of LOGGED - KERNEL in ms, and the
median without each run's first frame (which pays for the process's cold start: code paged in, lazy setup).

The bound: in each run, the 99th percentile without the first frame must not exceed 2 × REPLAY + 100 ms, where
REPLAY (the folder's `replay-ms`, measured in the guest right after the live run) is how long the same binary took
there to start and handle every recorded frame of the run (`tactile replay recorded.evemu --json`), alone. The live
reader shared the guest's two CPUs with `tactile record`, libinput and evemu-play, so it had at least half the CPU:
a reader further behind than twice the time to redo the whole run from a cold start was not held up by the work but
waited for something else (output held in a buffer, a poll timeout, a lost wakeup). The bound scales with emulation
and host load, as the replay runs on the same guest at nearly the same moment. (Measured with factor 1 at host load
16 on 2 cores: the 3M run's p99 7655 ms against a replay of 7095 ms; every other run far within.)
The last line is the summary for the check; exit 1 when there is no latency line, a negative one, a run without
its replay time, or a run over its bound."""
import os
import sys

SLACK_MS = 100.0
FACTOR = 2.0


def percentile(values, p):
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def describe(values):
    values = sorted(values)
    return (f"{len(values)} frames: median {percentile(values, 50):.1f} ms, p99 {percentile(values, 99):.1f} ms, "
            f"max {values[-1]:.1f} ms")


everything, warm, over = [], [], []
for path in sys.argv[1:]:
    try:
        with open(path, errors="replace") as f:
            deltas = [(int(b) - int(a)) / 1e6 for a, b in (l.split()[1:3] for l in f if l.startswith("latency "))]
    except OSError:
        continue
    if not deltas:
        continue
    name = os.path.basename(os.path.dirname(path))
    try:
        with open(os.path.join(os.path.dirname(path), "replay-ms")) as f:
            replay = float(f.read().strip())
    except (OSError, ValueError):
        replay = None
    rest = sorted(deltas[1:]) or sorted(deltas)
    p99 = percentile(rest, 99)
    if replay is None:
        verdict = "no replay time: unbounded"
        over.append(f"{name} (no replay time)")
    else:
        bound = FACTOR * replay + SLACK_MS
        verdict = f"p99 without the first frame {p99:.1f} ms {'≤' if p99 <= bound else '>'} bound {bound:.0f} ms"
        if p99 > bound:
            over.append(f"{name} {p99:.0f} > {bound:.0f} ms")
    print(f"  latency {name}: {describe(deltas)}; {verdict}")
    everything += deltas
    warm += deltas[1:]
if not everything:
    print("no latency lines")
    sys.exit(1)
summary = (f"{describe(everything)}; without each run's first frame: median {percentile(sorted(warm), 50):.1f} ms, "
           f"p99 {percentile(sorted(warm), 99):.1f} ms (kernel event time to entries written); bound per run: "
           f"{FACTOR:.0f} × the replay of the same frames + {SLACK_MS:.0f} ms")
print(summary + ("; over: " + ", ".join(over) if over else "; every run within"))
sys.exit(0 if min(everything) >= 0 and not over else 1)
