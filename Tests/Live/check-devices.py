#!/usr/bin/env python3
"""check-devices.py KIND FOLDER TACTILE [EXTRA] - issue 14's checks of what guest-devices.sh left in FOLDER.

KIND is hotplug, two-screens, palm or calibration (guest-devices.sh explains each run). Prints a one-line summary;
exit 1 with the failures on a problem.
  * hotplug: `tactile live --all` exited 0; stderr reports both arrivals and the removal; A's two touches were
    cancelled at the removal (each touch began once and ended or was cancelled once); B's tap then began and ended;
    no touch identifier was used twice.
  * two-screens: both devices were added; the left view got the Wacom's touches, the right view the Atmel's, two
    each, every one began and ended once, and no identifier is shared between the views.
  * palm: one touch, began then cancelled (never ended) when the contact turned MT_TOOL_PALM; libinput's own
    report (TOUCH_DOWN … TOUCH_CANCEL) is printed beside it.
  * calibration (EXTRA: the played trace): udev's LIBINPUT_CALIBRATION_MATRIX mirrored the tap from the left half
    (where the trace replays without it) to the right one; the recording keeps the property as a `# udev:` comment
    and replays to the live log exactly.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return default


def entries(path):
    result = []
    for line in read(path).splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("type") == "touches":
            result.append(entry)
    return result


def lifecycles(items):
    """{touch: [(time, phase, target)]}"""
    touches = {}
    for entry in items:
        for touch in entry["touches"]:
            touches.setdefault(touch, []).append((entry["t"], entry["phase"], entry["target"]))
    return touches


def lifecycle_failures(touches):
    failures = []
    for touch, phases in touches.items():
        kinds = [p for _, p, _ in phases]
        ends = [k for k in kinds if k in ("ended", "cancelled")]
        if kinds[0] != "began" or kinds.count("began") != 1 or len(ends) != 1 or kinds[-1] not in ("ended", "cancelled"):
            failures.append(f"touch {touch}: {' '.join(kinds[:3])} … {' '.join(kinds[-3:])}")
    return failures


def status(folder):
    return read(os.path.join(folder, "live-status")).strip()


def check_hotplug(folder, tactile, extra):
    failures = []
    err = read(os.path.join(folder, "live.err"))
    added = [l for l in err.splitlines() if l.startswith("added ")]
    removed = [l for l in err.splitlines() if l.startswith("removed ")]
    if len(added) != 2:
        failures.append(f"{len(added)} arrivals reported, expected 2")
    if len(removed) != 1 or "2 touches cancelled" not in removed[0]:
        failures.append(f"removal lines: {removed}")
    touches = lifecycles(entries(os.path.join(folder, "live.jsonl")))
    failures += lifecycle_failures(touches)
    ends = {touch: phases[-1][1] for touch, phases in touches.items()}
    cancelled = sorted(t for t, e in ends.items() if e == "cancelled")
    ended = sorted(t for t, e in ends.items() if e == "ended")
    if len(cancelled) != 2 or len(ended) < 1:
        failures.append(f"cancelled {cancelled}, ended {ended}: expected A's two touches cancelled, B's tap ended")
    elif min(ended) <= max(cancelled):
        failures.append(f"B's tap {ended} does not come after A's touches {cancelled}")
    if status(folder) != "0":
        failures.append(f"exit status {status(folder)}, expected 0")
    return failures, (f"{len(added)} arrivals, \"{removed[0] if removed else ''}\", then {len(ended)} touch(es) of "
                      f"the new device began and ended; {len(touches)} distinct touches, exit {status(folder)}")


def check_two_screens(folder, tactile, extra):
    failures = []
    err = read(os.path.join(folder, "live.err"))
    added = [l for l in err.splitlines() if l.startswith("added ")]
    if len(added) != 2:
        failures.append(f"{len(added)} arrivals reported, expected 2: {err.strip()[:200]!r}")
    touches = lifecycles(entries(os.path.join(folder, "live.jsonl")))
    failures += lifecycle_failures(touches)
    by_view = {}
    for touch, phases in touches.items():
        views = {target for _, _, target in phases}
        if len(views) != 1:
            failures.append(f"touch {touch} went to {sorted(views)}")
        by_view.setdefault(sorted(views)[0], set()).add(touch)
    left, right = by_view.get("left", set()), by_view.get("right", set())
    if len(left) != 2 or len(right) != 2:
        failures.append(f"left view got touches {sorted(left)}, right view {sorted(right)}: expected two each")
    if left & right:
        failures.append(f"identifiers shared: {sorted(left & right)}")
    if any(phases[-1][1] != "ended" for phases in touches.values()):
        failures.append("a touch did not end")
    if status(folder) != "0":
        failures.append(f"exit status {status(folder)}, expected 0")
    return failures, (f"Wacom → left view: touches {sorted(left)}; Atmel → right view: touches {sorted(right)}; "
                      f"every touch began and ended once, exit {status(folder)}")


def check_palm(folder, tactile, extra):
    failures = []
    touches = lifecycles(entries(os.path.join(folder, "live.jsonl")))
    failures += lifecycle_failures(touches)
    kinds = [[p for _, p, _ in phases] for phases in touches.values()]
    if len(touches) != 1 or kinds[0][0] != "began" or kinds[0][-1] != "cancelled" or "ended" in kinds[0]:
        failures.append(f"touches {kinds}: expected one touch, began … cancelled")
    if status(folder) != "0":
        failures.append(f"exit status {status(folder)}, expected 0")
    libinput = [l.split()[1] for l in read(os.path.join(folder, "libinput.txt")).splitlines()
                if len(l.split()) > 1 and l.split()[1].startswith("TOUCH_") and l.split()[1] != "TOUCH_FRAME"]
    seen = []
    for kind in libinput:
        if not seen or seen[-1] != kind:
            seen.append(kind)
    return failures, (f"one touch: began, {len(kinds[0]) - 2 if kinds else 0} moves, cancelled when the contact turned "
                      f"palm; libinput: {' → '.join(k.replace('TOUCH_', '') for k in seen)}")


def check_calibration(folder, tactile, played):
    failures = []
    scene = os.path.join(HERE, "scenes", "halves.json")
    live = entries(os.path.join(folder, "live.jsonl"))
    views = sorted({e["target"] for e in live})
    recorded = os.path.join(folder, "recorded.evemu")
    comment = "# udev: LIBINPUT_CALIBRATION_MATRIX=-1 0 1 0 1 0"
    if comment not in read(recorded):
        failures.append(f"the recording lacks '{comment}'")
    replay = subprocess.run([tactile, "replay", recorded, "--scene", scene, "--json"], capture_output=True, text=True)
    if replay.stdout != read(os.path.join(folder, "live.jsonl")):
        failures.append(f"the replay of the recording differs from the live log ({replay.stderr.strip()[:100]})")
    plain = subprocess.run([tactile, "replay", played, "--scene", scene, "--json"], capture_output=True, text=True)
    plain_views = sorted({json.loads(l)["target"] for l in plain.stdout.splitlines() if '"touches"' in l})
    if views != ["right"] or plain_views != ["left"]:
        failures.append(f"live touches went to {views}, the trace without calibration to {plain_views}")
    if status(folder) != "0" or read(os.path.join(folder, "record-status")).strip() != "0":
        failures.append("a reader did not exit with 0")
    return failures, (f"the tap lands in {views} live (mirrored by udev's matrix), in {plain_views} without it; "
                      f"the recording keeps the matrix and replays to the live log")


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    kind, folder, tactile = argv[1:4]
    extra = argv[4] if len(argv) > 4 else None
    guest_error = "".join(read(os.path.join(folder, sub, "guest-error"))
                          for sub in ["."] + sorted(os.listdir(folder)) if os.path.isdir(os.path.join(folder, sub)))
    checks = {"hotplug": check_hotplug, "two-screens": check_two_screens, "palm": check_palm,
              "calibration": check_calibration}
    failures, summary = checks[kind](folder, tactile, extra)
    if guest_error:
        failures.insert(0, "guest: " + guest_error.strip().replace("\n", "; "))
    if failures:
        print("; ".join(failures)[:600])
        return 1
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
