#!/usr/bin/env python3
"""compare-logs.py NAME LIVE.jsonl REPLAY.jsonl [--exact]: the begins, ends, cancels, recognizer state changes and
actions of a live delivery log (`tactile live --json`, through the compositor or the device) against the evdev
replay of the same recording (`tactile replay --json` of what `tactile record` captured), in order.

Compared per entry: its kind, target, phase and touch numbers (touch entries: began, ended, cancelled), the state
change (recognizer entries: from, to, and the reason with its numbers taken out: a distance in the reason follows
the position), the action's state; the time since the first event within TIME_MS (Wayland's times are the kernel's
in whole milliseconds); each touch's window position on began/ended/cancelled within POINTS. Moves are not
compared one by one (libinput's hysteresis and the compositor may merge or drop small motions): they are counted.
With --exact (the direct evdev path), times and positions must be equal. Prints one line: PASS or FAIL, the counts,
the largest time and position differences; on a failure, the first entries that differ. Exit 1 on a failure."""
import json
import re
import sys

TIME_MS = 2.0
POINTS = 1.0

name, live_path, replay_path = sys.argv[1:4]
exact = "--exact" in sys.argv[4:]


def load(path):
    entries, moves = [], 0
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            e = json.loads(line)
            kind = e.get("type")
            if kind == "touches":
                if e["phase"] == "moved":
                    moves += 1
                    continue
                if e["phase"] == "stationary":
                    continue
                key = ("touches", e["target"], e["phase"], tuple(e["touches"]))
                entries.append((key, e["t"], e.get("locations", [])))
            elif kind == "recognizer":
                key = ("recognizer", e["target"], e["from"], e["to"], re.sub(r"-?[0-9][0-9.]*", "#", e["reason"]))
                entries.append((key, e["t"], []))
            elif kind == "action":
                entries.append((("action", e["target"], e["state"]), e["t"], []))
    return entries, moves


try:
    live, live_moves = load(live_path)
    replay, replay_moves = load(replay_path)
except (OSError, ValueError, KeyError) as error:
    print(f"FAIL {name}: cannot read the logs: {error}")
    sys.exit(1)

problems = []
worst_time = worst_point = 0.0
for index in range(max(len(live), len(replay))):
    if index >= len(live) or index >= len(replay):
        problems.append(f"entry {index}: live {live[index][0] if index < len(live) else 'ends'}, "
                        f"replay {replay[index][0] if index < len(replay) else 'ends'}")
        break
    (lkey, lt, lloc), (rkey, rt, rloc) = live[index], replay[index]
    if lkey != rkey:
        problems.append(f"entry {index}: live {lkey} at {lt:.3f}s, replay {rkey} at {rt:.3f}s")
        break
    dt = abs(lt - rt) * 1000
    worst_time = max(worst_time, dt)
    if dt > (0 if exact else TIME_MS):
        problems.append(f"entry {index} {lkey}: live at {lt:.4f}s, replay at {rt:.4f}s")
    for (lx, ly), (rx, ry) in zip(lloc, rloc):
        d = max(abs(lx - rx), abs(ly - ry))
        worst_point = max(worst_point, d)
        if d > (0 if exact else POINTS):
            problems.append(f"entry {index} {lkey}: live at ({lx:.2f}, {ly:.2f}), replay at ({rx:.2f}, {ry:.2f})")

count = lambda kind, phase=None: sum(1 for k, _, _ in replay if k[0] == kind and (phase is None or k[2] == phase))
summary = (f"{len(replay)} entries (began {count('touches', 'began')}, ended {count('touches', 'ended')}, "
           f"cancelled {count('touches', 'cancelled')}, recognizer changes {count('recognizer')}, "
           f"actions {count('action')}), moves live {live_moves} / replay {replay_moves}, "
           f"times within {worst_time:.2f} ms, positions within {worst_point:.3f} pt")
if not replay:
    problems.insert(0, "the replay logged no touch")
if problems:
    print(f"FAIL {name}: {summary}")
    for problem in problems[:5]:
        print(f"    {problem}")
    sys.exit(1)
print(f"PASS {name}: {summary}")
