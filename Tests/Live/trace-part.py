#!/usr/bin/env python3
"""trace-part.py FILE UNTIL [--from FROM] [--down]: the description and a part of the events of FILE.

The part starts at the first event after the first SYN_REPORT at or after FROM seconds (from the first event;
default 0: the first event) at which no slot holds a contact, and ends with the first SYN_REPORT at or after UNTIL
seconds at which no slot holds a contact, so that it begins and ends with every finger up. With --down it ends at
the first SYN_REPORT at or after UNTIL at which a contact is down instead (a part that ends mid-gesture, for the
fault tests). Protocol B only (slots are followed through ABS_MT_SLOT and ABS_MT_TRACKING_ID)."""
import argparse
import sys

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("file")
parser.add_argument("until", type=float)
parser.add_argument("--from", dest="start", type=float, default=0.0)
parser.add_argument("--down", action="store_true")
args = parser.parse_args()

first, slot, active = None, 0, set()
started = args.start <= 0
with open(args.file, encoding="utf-8", errors="replace") as f:
    for number, line in enumerate(f, 1):
        if not line.startswith("E:"):
            if first is None:
                sys.stdout.write(line)
            continue
        fields = line.split()
        try:
            time, kind, code, value = float(fields[1]), int(fields[2], 16), int(fields[3], 16), int(fields[4])
        except (IndexError, ValueError):
            sys.exit(f"{args.file}:{number}: malformed event line")
        first = time if first is None else first
        if started:
            sys.stdout.write(line)
        if kind == 3 and code == 0x2F:
            slot = value
        elif kind == 3 and code == 0x39:
            (active.discard if value < 0 else active.add)(slot)
        elif kind == 0 and code == 0:
            if not started:
                started = time - first >= args.start and not active
            elif time - first >= args.until and bool(active) == args.down:
                break
