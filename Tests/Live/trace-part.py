#!/usr/bin/env python3
"""trace-part.py FILE SECONDS [down]: the description and the events of FILE up to the first SYN_REPORT at or after
SECONDS (from the first event) at which no slot holds a contact, so that the part ends with every finger up.
With `down`, up to the first SYN_REPORT at or after SECONDS at which a contact is down (a part that ends mid-gesture,
for the fault tests)."""
import sys

path, seconds = sys.argv[1], float(sys.argv[2])
want_down = sys.argv[3:4] == ["down"]
first, slot, active = None, 0, set()
with open(path, encoding="utf-8", errors="replace") as f:
    for line in f:
        if not line.startswith("E:"):
            sys.stdout.write(line)
            continue
        fields = line.split()
        time, kind, code, value = float(fields[1]), int(fields[2], 16), int(fields[3], 16), int(fields[4])
        first = time if first is None else first
        sys.stdout.write(line)
        if kind == 3 and code == 0x2F:
            slot = value
        elif kind == 3 and code == 0x39:
            (active.discard if value < 0 else active.add)(slot)
        elif kind == 0 and code == 0 and time - first >= seconds and bool(active) == want_down:
            break
