#!/usr/bin/env python3
"""latency.py [--complete] ERR...: checks and reports the latency lines of `tactile live --latency` (`latency KERNEL
LOGGED [RECEIVED]`, CLOCK_MONOTONIC ns: a frame's SYN_REPORT time, the time right after its log entries were written,
and the time the frame came out of the decoder or the contact stream), one ERR file (stderr of one live run) each.

The check asserts what the latency lines mean, in an order no host load can change:
  * causal: per frame, KERNEL <= RECEIVED <= LOGGED (read after the kernel stamped it, logged after it was read);
  * in order: the frames' KERNEL times never go backwards;
  * nothing held back: a frame's entries were written before the next output (the next frames) came out of the
    decoder: LOGGED of one frame <= RECEIVED of the next one handed on in another output (frames of one output
    share RECEIVED and LOGGED). A reader that waited for the next frame, or kept entries in a buffer, breaks this;
  * complete (--complete, Tests/Live): every frame has its line and no line is extra: the KERNEL times, counted
    from the run's first one, are exactly the times of the touches in the replay of what `tactile record` captured
    beside the reader through scenes/touches.json (ERR's folder: touches.jsonl), counted from its first one.
How long it took is reported, not bounded: per file and over all, the count, median, 99th percentile and maximum
of LOGGED - KERNEL in ms (and without each run's first frame, which pays for the process's cold start), and with
RECEIVED the split into reading (KERNEL -> RECEIVED) and the library's share (RECEIVED -> LOGGED). Under emulation
on a loaded host these are seconds, and no bound on them would mean anything the host's load does not decide.
The last line is the summary; exit 1 when a file has no latency line or breaks a rule above."""
import json
import os
import sys


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def describe(values):
    return (f"{len(values)} frames: median {percentile(values, 50):.1f} ms, p99 {percentile(values, 99):.1f} ms, "
            f"max {max(values):.1f} ms")


def touch_times(path):
    """The distinct times (µs from the first) of the touches entries of a replay's JSON log."""
    times = set()
    with open(path) as f:
        for line in f:
            if line.startswith("{"):
                entry = json.loads(line)
                if entry.get("type") == "touches":
                    times.add(round(entry["t"] * 1e6))
    first = min(times) if times else 0
    return {t - first for t in times}


def check(lines, complete_with):
    """The rules a run's lines break (an empty list when they keep every one)."""
    broken = []
    for index, (kernel, logged, received) in enumerate(lines):
        if not kernel <= (received if received is not None else kernel) <= logged:
            broken.append(f"frame {index}: KERNEL {kernel} RECEIVED {received} LOGGED {logged} out of order")
        if index == 0:
            continue
        previous = lines[index - 1]
        if kernel < previous[0]:
            broken.append(f"frame {index}: KERNEL {kernel} before the previous frame's {previous[0]}")
        new_output = (received, logged) != (previous[2], previous[1])
        if received is not None and previous[2] is not None and new_output and previous[1] > received:
            broken.append(f"frame {index - 1}: logged at {previous[1]}, after the next output came in at {received}")
    if complete_with is not None:
        first = lines[0][0]
        live = {round((kernel - first) / 1000) for kernel, _, _ in lines}
        try:
            expected = touch_times(complete_with)
        except (OSError, ValueError, KeyError) as error:
            return broken + [f"no replay to count the frames against: {error}"]
        missing, extra = sorted(expected - live), sorted(live - expected)
        if missing:
            broken.append(f"{len(missing)} frame times of the replay without a latency line, first at {missing[0]} µs")
        if extra:
            broken.append(f"{len(extra)} latency lines at no frame time of the replay, first at {extra[0]} µs")
    return broken


complete = "--complete" in sys.argv[1:]
paths = [a for a in sys.argv[1:] if a != "--complete"]
everything, warm, reading, library, problems = [], [], [], [], []
for path in paths:
    name = os.path.basename(os.path.dirname(path))
    try:
        with open(path, errors="replace") as f:
            lines = []
            for fields in (l.split() for l in f if l.startswith("latency ")):
                lines.append((int(fields[1]), int(fields[2]), int(fields[3]) if len(fields) > 3 else None))
    except (OSError, ValueError) as error:
        problems.append(f"{name}: {error}")
        continue
    if not lines:
        problems.append(f"{name}: no latency line")
        continue
    broken = check(lines, os.path.join(os.path.dirname(path), "touches.jsonl") if complete else None)
    deltas = [(logged - kernel) / 1e6 for kernel, logged, _ in lines]
    split = ""
    if all(received is not None for _, _, received in lines):
        r = [(received - kernel) / 1e6 for kernel, _, received in lines[1:]]
        l = [(logged - received) / 1e6 for _, logged, received in lines[1:]]
        reading += r
        library += l
        if r:
            split = f"; reading p50 {percentile(r, 50):.1f} ms, library's share p50 {percentile(l, 50):.1f} ms"
    verdict = "; ".join(broken[:2]) if broken else ("in order, complete" if complete else "in order")
    print(f"  latency {name}: {describe(deltas)}{split}; {verdict}")
    if broken:
        problems.append(f"{name}: {broken[0]}")
    everything += deltas
    warm += deltas[1:]
if not everything:
    print("no latency lines" + ("; " + "; ".join(problems) if problems else ""))
    sys.exit(1)
summary = describe(everything)
if warm:
    summary += f"; without each run's first frame: median {percentile(warm, 50):.1f} ms, p99 {percentile(warm, 99):.1f} ms"
summary += " (kernel event time to entries written; reported, not bounded)"
if reading:
    summary += (f"; reading p50 / p99 {percentile(reading, 50):.1f} / {percentile(reading, 99):.1f} ms, library's share "
                f"{percentile(library, 50):.1f} / {percentile(library, 99):.1f} ms")
rules = "causal, in order, none held back" + (", complete" if complete else "")
print(summary + (f"; broken: {'; '.join(problems)}" if problems else f"; every run {rules}"))
sys.exit(1 if problems else 0)
