#!/usr/bin/env python3
"""check-faults.py KIND DIR [PLAYED]: checks what guest-faults.sh left in DIR; prints a summary, exit 1 on a failure.

    drop DIR PLAYED TACTILE
                      SYN_DROPPED: the live log misses frames that `tactile record` (never paused, so it saw no drop)
                      captured, i.e. the kernel dropped events for it; every touch that began ends or is cancelled exactly
                      once; the touches alive when the reader was finally stopped (cancelled by that stop, the log's
                      last time) are as many as the contacts down at the end of PLAYED (the device's state after the
                      resync); `tactile record`, never paused, saw no drop; both readers exited with 0.
    unplug DIR PLAYED the device was removed with contacts down: `tactile live` cancelled every touch still down (as
                      many as the contacts down at the end of PLAYED), each touch ends or is cancelled exactly once,
                      it reported the removal on stderr and exited with status 1.
    grab DIR PLAYED DESCRIPTION (the device as evemu-describe saw it)
                      while `tactile live --grab` ran (phases 1, 3), evemu-record saw no event and tactile did; after
                      SIGINT (phase 2) and after SIGTERM (phase 4) evemu-record saw the played events again, as
                      many as the kernel passes on (kernel-events.py); both `tactile live` exited with 0.
"""
import importlib.util
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("kernel_events", os.path.join(HERE, "kernel-events.py"))
kernel_events = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kernel_events)


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return default


def contacts_down_at_end(played):
    """Slots holding a contact after the last event of an evemu events file (protocol B)."""
    slot, down = 0, set()
    for kind, code, value in kernel_events.parse(played)[2]:
        if kind == 3 and code == 0x2F:
            slot = value
        elif kind == 3 and code == 0x39:
            (down.discard if value < 0 else down.add)(slot)
    return len(down)


def touch_lifecycles(live_jsonl):
    """{touch id: [(t, phase), ...]} from the `touches` lines of a live log, plus its decoder messages."""
    touches, decoder = {}, []
    for line in read(live_jsonl).splitlines():
        entry = json.loads(line)
        if entry.get("type") == "touches":
            for touch in entry["touches"]:
                touches.setdefault(touch, []).append((entry["t"], entry["phase"]))
        elif entry.get("type") == "decoder":
            decoder.append(entry["message"])
    return touches, decoder


def lifecycle_failures(touches):
    failures = []
    for touch, phases in touches.items():
        kinds = [p for _, p in phases]
        ends = [k for k in kinds if k in ("ended", "cancelled")]
        if kinds[0] != "began" or kinds.count("began") != 1 or len(ends) != 1 or kinds[-1] not in ("ended", "cancelled"):
            failures.append(f"touch {touch}: {' '.join(kinds[:3])} … {' '.join(kinds[-3:])}")
    return failures


def alive_at_stop(touches):
    """Touches cancelled at the log's last time (the stop, after every frame)."""
    last = max(t for phases in touches.values() for t, _ in phases)
    return sorted(touch for touch, phases in touches.items() if phases[-1] == (last, "cancelled"))


def check_drop(folder, played, tactile):
    failures = []
    touches, _ = touch_lifecycles(os.path.join(folder, "live.jsonl"))
    # what the live log would be without the drop: the same scene replaying what `tactile record` captured
    scene = os.path.join(HERE, "scenes", "touches.json")
    # (the recording stops with fingers down, on purpose: --allow-touches-down, or replay exits with status 2)
    replay = subprocess.run([tactile, "replay", os.path.join(folder, "recorded.evemu"), "--scene", scene, "--json",
                             "--allow-touches-down"], capture_output=True, text=True)
    # (the first line of a JSON log states its schema and has no time)
    live_times = {e["t"] for e in map(json.loads, read(os.path.join(folder, "live.jsonl")).splitlines()) if "t" in e}
    replay_times = {e["t"] for e in map(json.loads, replay.stdout.splitlines()) if "t" in e}
    missing = len(replay_times - live_times)
    if replay.returncode != 0 or missing == 0:
        failures.append(f"the live log has every frame of the recording ({replay.stderr.strip()[:100]}): nothing dropped")
    failures += lifecycle_failures(touches)
    down = contacts_down_at_end(played)
    alive = alive_at_stop(touches) if touches else []
    if len(alive) != down:
        failures.append(f"{len(alive)} touches alive after the resync, the device has {down} contacts down")
    recorded = kernel_events.parse(os.path.join(folder, "recorded.evemu"))[2]
    if any(kind == 0 and code == 3 for kind, code, _ in recorded):
        failures.append("tactile record, never paused, saw SYN_DROPPED too")
    status = (read(os.path.join(folder, "live-status")).strip(), read(os.path.join(folder, "record-status")).strip())
    if status != ("0", "0"):
        failures.append(f"exit statuses live {status[0]}, record {status[1]}")
    summary = (f"{missing} frames dropped by the kernel, {len(touches)} touches each began and ended or was cancelled once, "
               f"{len(alive)} alive after the resync = {down} contacts down on the device")
    return failures, summary


def check_unplug(folder, played):
    failures = []
    touches, _ = touch_lifecycles(os.path.join(folder, "live.jsonl"))
    failures += lifecycle_failures(touches)
    down = contacts_down_at_end(played)
    alive = alive_at_stop(touches) if touches else []
    if len(alive) != down or down < 2:
        failures.append(f"{len(alive)} touches cancelled at the removal, {down} contacts were down")
    err = read(os.path.join(folder, "live.err"))
    if "removed" not in err:
        failures.append(f"stderr does not report the removal: {err.strip()[:200]!r}")
    status = read(os.path.join(folder, "live-status")).strip()
    if status != "1":
        failures.append(f"exit status {status}, expected 1")
    summary = f"{len(alive)} touches cancelled at the removal ({down} contacts were down), \"{err.strip()}\", exit {status}"
    return failures, summary


def check_grab(folder, played, description):
    failures = []
    # the kernel's filter state carries over from play to play (a repeated value is dropped): phase N is play N
    events = kernel_events.parse(played)[2]
    total = [len(kernel_events.expect(description, events * n)) for n in range(5)]
    expected = [total[n] - total[n - 1] for n in range(1, 5)]
    counts = [int(read(os.path.join(folder, f"other-{n}"), "-1").strip() or -1) for n in range(5)]
    seen = [b - a for a, b in zip(counts, counts[1:])]
    if seen != [0, expected[1], 0, expected[3]]:
        failures.append(f"evemu-record saw {seen} events in phases 1-4, expected [0, {expected[1]}, 0, {expected[3]}]")
    for n in (1, 3):
        if not read(os.path.join(folder, f"live-{n}.jsonl")).strip():
            failures.append(f"the grabbing tactile live of phase {n} logged nothing")
        status = read(os.path.join(folder, f"live-{n}-status")).strip()
        if status != "0":
            failures.append(f"tactile live --grab of phase {n} exited with {status}")
    summary = (f"evemu-record saw {seen[0]} events while grabbed, {seen[1]} after SIGINT, {seen[2]} while grabbed, "
               f"{seen[3]} after SIGTERM (= what the kernel passes on of the played events)")
    return failures, summary


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    kind, folder, played = argv[1], argv[2], argv[3]
    if not os.path.exists(os.path.join(folder, "device.txt")):
        print(f"no result in {folder} (see guest.err)")
        return 1
    if os.path.exists(os.path.join(folder, "guest-error")):
        print(read(os.path.join(folder, "guest-error")).strip())
        return 1
    if kind == "drop":
        failures, summary = check_drop(folder, played, argv[4])
    elif kind == "unplug":
        failures, summary = check_unplug(folder, played)
    elif kind == "grab":
        failures, summary = check_grab(folder, played, argv[4])
    else:
        sys.exit(__doc__)
    print("; ".join(failures) if failures else summary)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
