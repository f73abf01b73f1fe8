#!/usr/bin/env python3
"""What the kernel passes on when an evemu recording is played into a uinput device.

    kernel-events.py expect DESCRIPTION EVENTS   -> the events a reader should see
    kernel-events.py events FILE                 -> the events of a file (as read)
    kernel-events.py compare DESCRIPTION EVENTS RECORDED
                                                 -> compares the two; exit 1 on a difference

Lines are `TYPE CODE VALUE` in decimal. The filter follows Linux 6.1 drivers/input/input.c
(input_handle_event, input_handle_abs_event, input_defuzz_abs_event) and uinput's slot setup:
  * unsupported type/code bits are dropped;
  * a key whose state does not change is dropped (value 2, autorepeat, always passes);
  * an absolute value is defuzzed with the axis's fuzz and dropped when equal to the last one; for ABS_MT_*
    axes the last value is per slot (slots start at 0, ABS_MT_TRACKING_ID at -1); ABS_MT_SLOT is held back
    and emitted only before an MT value in a different slot than the last emitted one; protocol A
    (no ABS_MT_SLOT) MT values are never filtered;
  * a SYN_REPORT with nothing before it is dropped; a packet longer than max_vals - 2 is cut with an extra
    SYN_REPORT (input_estimate_events_per_packet).
"""
import sys

EV_SYN, EV_KEY, EV_ABS, EV_MSC = 0, 1, 3, 4
SYN_REPORT, SYN_MT_REPORT = 0, 2
ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X = 0x2F, 0x39, 0x35
MT_FIRST, MT_LAST = 0x2F, 0x3E  # ABS_MT_SLOT .. ABS_MT_TOOL_Y (kernel: ABS_MT_FIRST=TOUCH_MAJOR)


def is_mt_value(code):
    return 0x30 <= code <= 0x3E  # ABS_MT_TOUCH_MAJOR .. ABS_MT_TOOL_Y


def parse(path):
    """(bits {type: set(codes)}, absinfo {code: (min, max, fuzz)}, events [(type, code, value)])."""
    bits, absinfo, events = {}, {}, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            if fields[0] == "B:":
                kind = int(fields[1], 16)
                # B: TYPE followed by bytes; repeated lines for the same type continue the mask
                bits.setdefault(("bytes", kind), []).extend(int(b, 16) for b in fields[2:])
            elif fields[0] == "A:":
                code = int(fields[1], 16)
                absinfo[code] = (int(fields[2]), int(fields[3]), int(fields[4]))
            elif fields[0] == "E:":
                try:
                    events.append((int(fields[2], 16), int(fields[3], 16), int(fields[4])))
                except (IndexError, ValueError):
                    sys.exit(f"{path}:{number}: malformed event line")
    supported = {}
    for key, data in bits.items():
        kind = key[1]
        supported[kind] = {i * 8 + b for i, byte in enumerate(data) for b in range(8) if byte >> b & 1}
    return supported, absinfo, events


def ctrunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def defuzz(value, old, fuzz):
    if fuzz:
        if old - fuzz // 2 < value < old + fuzz // 2:
            return old
        if old - fuzz < value < old + fuzz:
            return ctrunc_div(old * 3 + value, 4)
        if old - fuzz * 2 < value < old + fuzz * 2:
            return ctrunc_div(old + value, 2)
    return value


def expect(description, events):
    supported, absinfo, _ = parse(description)
    types = supported.get(0, set())
    keys, abses, mscs = supported.get(EV_KEY, set()), supported.get(EV_ABS, set()), supported.get(EV_MSC, set())
    slotted = ABS_MT_SLOT in abses
    slots = absinfo[ABS_MT_SLOT][1] + 1 if slotted else 0
    # input_estimate_events_per_packet
    if slotted:
        mt_slots = slots
    elif ABS_MT_TRACKING_ID in abses:
        lo, hi, _ = absinfo[ABS_MT_TRACKING_ID]
        mt_slots = max(2, min(32, hi - lo + 1))
    elif ABS_MT_POSITION_X in abses:
        mt_slots = 2
    else:
        mt_slots = 0
    per_packet = mt_slots + 1 + sum(mt_slots if is_mt_value(c) or c == ABS_MT_SLOT else 1 for c in abses) + 7
    max_vals = per_packet + 2

    value = {c: 0 for c in abses}
    slot_values = [{**{c: 0 for c in abses if is_mt_value(c)}, ABS_MT_TRACKING_ID: -1} for _ in range(slots)]
    pending_slot = 0
    key_state = set()
    out, packet = [], []
    for kind, code, val in events:
        if kind not in types:
            continue
        if kind == EV_SYN:
            if code == SYN_REPORT:
                if len(packet) >= 1:
                    out.extend(packet + [(EV_SYN, SYN_REPORT, 0)])
                packet = []
                continue
            if code == SYN_MT_REPORT:
                packet.append((kind, code, 0))
            else:
                continue
        elif kind == EV_KEY:
            if code not in keys:
                continue
            if val != 2:
                if (code in key_state) == bool(val):
                    continue
                key_state ^= {code}
            packet.append((kind, code, val))
        elif kind == EV_ABS:
            if code not in abses:
                continue
            if code == ABS_MT_SLOT:
                if slotted and 0 <= val < slots:
                    pending_slot = val
                continue
            fuzz = absinfo.get(code, (0, 0, 0))[2]
            if is_mt_value(code):
                if not slotted:
                    packet.append((kind, code, val))
                    continue
                store = slot_values[pending_slot]
            else:
                store = value
            val = defuzz(val, store.get(code, 0), fuzz)
            if store.get(code, 0) == val:
                continue
            store[code] = val
            if is_mt_value(code) and slotted and pending_slot != value.get(ABS_MT_SLOT, 0):
                value[ABS_MT_SLOT] = pending_slot
                packet.append((EV_ABS, ABS_MT_SLOT, pending_slot))
            packet.append((kind, code, val))
        elif kind == EV_MSC:
            if code not in mscs:
                continue
            packet.append((kind, code, val))
        else:
            packet.append((kind, code, val))  # other types are not in our recordings
        if len(packet) >= max_vals - 2:  # dev->num_vals >= dev->max_vals - 2: the kernel cuts the packet
            out.extend(packet + [(EV_SYN, SYN_REPORT, 0)])
            packet = []
    return out


def show(events):
    return [f"{t} {c} {v}" for t, c, v in events]


def main(argv):
    if len(argv) == 4 and argv[1] == "expect":
        print("\n".join(show(expect(argv[2], parse(argv[3])[2]))))
    elif len(argv) == 3 and argv[1] == "events":
        print("\n".join(show(parse(argv[2])[2])))
    elif len(argv) == 5 and argv[1] == "compare":
        want = show(expect(argv[2], parse(argv[3])[2]))
        got = show(parse(argv[4])[2])
        played = len(parse(argv[3])[2])
        if want == got:
            print(f"{len(got)} events recorded = the {len(want)} the kernel should pass on of {played} played")
            return 0
        import difflib
        print(f"recorded {len(got)} events, expected {len(want)} (of {played} played):")
        for line in list(difflib.unified_diff(want, got, "expected", "recorded", lineterm="", n=2))[:40]:
            print("  " + line)
        return 1
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
