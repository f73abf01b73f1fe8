#!/usr/bin/env python3
"""compare-backends.py EVDEV.jsonl LIBINPUT.jsonl - the same played recording read live by `tactile live`
(evdev backend) and `tactile live --backend libinput`, both through the default scene: do they give the same
recognitions, begins, ends and cancels?

Compared, in order: every touches entry that begins, ends or cancels touches (target, phase, how many touches;
contact numbers renamed by first appearance, since the evdev decoder also numbers contacts it never reports),
and every recognizer state change except into `changed` (which follows the motion count). Moves are not
compared: libinput's filtering may pass a different number of motions (its hysteresis is modelled by Tactile's
jitter filter, but for protocol A it also applies libmtdev's default fuzz, which Tactile's replay does not).
Prints one line (counts, or the first difference) and exits 1 on a difference or an empty log."""
import json
import sys


def facts(path):
    out, names = [], {}
    for line in open(path):
        line = line.strip()
        if not line.startswith("{"):
            continue
        entry = json.loads(line)
        kind = entry.get("type")
        if kind == "touches" and entry.get("phase") in ("began", "ended", "cancelled"):
            touches = [names.setdefault(t, len(names) + 1) for t in entry.get("touches", [])]
            out.append(("touches", entry.get("target"), entry["phase"], tuple(touches)))
        elif kind == "recognizer" and entry.get("to") != "changed":
            out.append(("recognizer", entry.get("target"), entry.get("from"), entry.get("to")))
    return out


def main():
    evdev, libinput = facts(sys.argv[1]), facts(sys.argv[2])
    if not evdev:
        print("the evdev log has no begins, ends or recognitions")
        return 1
    if evdev == libinput:
        counts = {}
        for fact in evdev:
            key = fact[2] if fact[0] == "touches" else "recognizer " + str(fact[3])
            counts[key] = counts.get(key, 0) + 1
        print("%d facts identical (%s)" % (len(evdev), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
        return 0
    index = next((i for i, (a, b) in enumerate(zip(evdev, libinput)) if a != b), min(len(evdev), len(libinput)))
    print("differ at fact %d of %d/%d: evdev %s, libinput %s" % (
        index, len(evdev), len(libinput), evdev[index] if index < len(evdev) else "-",
        libinput[index] if index < len(libinput) else "-"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
