#!/usr/bin/env python3
"""compare.py LIVE.png REPLAY.png VM_STATUS - the live run's final photo placement against the replay's.
Prints PASS/FAIL lines and `N passed, N failed`; exits 1 on any failure."""
import math, os, sys
live, replay, vm_status = sys.argv[1:4]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import screenshots as t  # noqa: E402

passed = failed = 0
def check(name, ok, detail):
    global passed, failed
    passed, failed = passed + ok, failed + (not ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
check("live run in the VM", vm_status == "0" and os.path.exists(live), f"status {vm_status}")
if os.path.exists(live):
    a, b = t.placement(t.read_png(live)), t.placement(t.read_png(replay))
    check("live final screenshot matches the replay", a is not None and b is not None
          and abs(a[1] - b[1]) < 0.03 and abs(a[2] - b[2]) < 1 and math.dist(a[0], b[0]) < 6,
          f"live {t.describe(a)}; replay {t.describe(b)}"
          + ("; identical PNGs" if open(live, "rb").read() == open(replay, "rb").read() else ""))
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
