#!/usr/bin/env python3
"""The photo viewer, tested like an app: it plays gestures (Traces/ and fitting real recordings from
Traces/recordings), writes screenshots at chosen moments, and each check measures the picture: the photo's
scale, rotation and centre from its two markers (a magenta and a red disk, symmetric about the photo's centre),
a button's colour during a press, the long-press menu where the finger was.

Usage: test.py PHOTOVIEWER OUTDIR   (DISPLAY must name an X server, e.g. Xvfb's; python3's standard library only)
Prints one PASS/FAIL line per check and `N passed, N failed`; exits 1 on any failure.
"""
import math, os, re, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

APP, OUT = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.join(HERE, "..", "..", "Traces")
RECORDINGS = os.path.join(TRACES, "recordings")
os.makedirs(OUT, exist_ok=True)

from screenshots import *  # noqa: F401,F403 (read_png, placement, centroid, pixel, close, colours)

passed = failed = 0


def check(name, ok, detail):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)


def run(name, trace, shots, extra=(), virtual=True):
    """Runs the app on `trace`; `shots` maps a label to seconds after the first event. Returns label → image."""
    args = [APP, "--trace", trace] + (["--virtual-time"] if virtual else []) + list(extra)
    paths = {}
    for label, seconds in shots.items():
        paths[label] = os.path.join(OUT, f"{name}-{label}.png")
        args += ["--screenshot-at", f"{seconds}:{paths[label]}"]
    started = time.monotonic()
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    ok = result.returncode == 0 and all(os.path.exists(p) for p in paths.values())
    check(f"{name}: run", ok, f"status {result.returncode} in {time.monotonic() - started:.1f} s; "
          + (result.stderr.strip().splitlines() or [""])[-1])
    return {label: read_png(path) for label, path in paths.items()} if ok else None


# The initial picture: the photo fits the well, unscaled, unturned.
shots = run("pinch-out", os.path.join(TRACES, "pinch-out.evemu"), {"start": 0, "after": 1.5})
if shots:
    start, after = placement(shots["start"]), placement(shots["after"])
    check("initial placement", start is not None and abs(start[1] - 1) < 0.01 and abs(start[2]) < 0.5
          and math.dist(start[0], HOME_CENTER) < 2, describe(start))
    # Two fingers opening about (640, 324): the photo grows by the ratio of the fingers' spans (from the trace),
    # turns as their line turned (the synthesized fingers wobble a few degrees), and its centre stays near the
    # fingers' midpoint.
    first, last = finger_pair(os.path.join(TRACES, "pinch-out.evemu"))
    expected_scale, expected_turn = last[0] / first[0], last[1] - first[1]
    check("pinch-out scales the photo with the fingers", after is not None
          and abs(after[1] / expected_scale - 1) < 0.02 and abs(after[2] - expected_turn) < 1.5
          and math.dist(after[0], HOME_CENTER) < 30,
          describe(after) + f"; fingers: span ×{expected_scale:.3f}, turned {expected_turn:+.1f}°")

shots = run("pinch-in", os.path.join(TRACES, "pinch-in.evemu"), {"after": 1.5})
if shots:
    p = placement(shots["after"])
    first, last = finger_pair(os.path.join(TRACES, "pinch-in.evemu"))
    check("pinch-in shrinks the photo with the fingers", p is not None and abs(p[1] / (last[0] / first[0]) - 1) < 0.02,
          describe(p) + f"; fingers: span ×{last[0] / first[0]:.3f}")

shots = run("rotation", os.path.join(TRACES, "rotation.evemu"), {"after": 1.5})
if shots:
    p = placement(shots["after"])
    # Two fingers turning about 60° clockwise: the photo turns with them (positive is clockwise on screen). Their
    # span changes by 3 %, 9 pt, under the pinch's 10-pt hysteresis: no pinch, the scale stays about 1.
    first, last = finger_pair(os.path.join(TRACES, "rotation.evemu"))
    check("rotation turns the photo with the fingers", p is not None and 45 < p[2] < 65
          and abs(p[2] - (last[1] - first[1])) < 1.5 and abs(p[1] - 1) < 0.05,
          describe(p) + f"; fingers: turned {last[1] - first[1]:+.1f}°, span ×{last[0] / first[0]:.3f}")

shots = run("double-tap", os.path.join(TRACES, "double-tap.evemu"), {"during": 0.35, "after": 1.0})
if shots:
    p = placement(shots["after"])
    # The second tap at ~0.3 s; the zoom animates for 0.3 s to 2.5× about the tap at (640, 324).
    check("double tap zooms to 2.5x about the tap", p is not None and abs(p[1] - 2.5) < 0.05 and abs(p[2]) < 0.5
          and math.dist(p[0], (640, 320 - 4 * 1.5)) < 20, describe(p))
    q = placement(shots["during"])
    check("the zoom is animated", q is not None and 1.0 < q[1] < 2.45, "mid-animation " + describe(q))

# The ROTATE button (x 440–600, y 640–700): highlighted while the finger is on it, acts on touchUpInside.
shots = run("button", os.path.join(TRACES, "tap-share-button.evemu"), {"pressed": 0.05, "after": 1.0})
if shots:
    pressed = pixel(shots["pressed"], 450, 648)
    other = pixel(shots["pressed"], 690, 648)
    check("a pressed button shows its highlight", close(pressed, HIGHLIGHT) and close(other, BUTTON),
          f"ROTATE {pressed}, RESET {other}")
    released = pixel(shots["after"], 450, 648)
    p = placement(shots["after"])
    check("touchUpInside ran the button's action", close(released, BUTTON) and p is not None
          and abs(p[2] - 90) < 1 and abs(p[1] - 1) < 0.02, f"ROTATE {released}; photo " + describe(p))

# Only invalidated views are drawn (the display pass, Window.displayIfNeeded()): the first frame draws every
# visible view once; a frame where nothing changed draws none; the tap on ROTATE (down and up between two frames
# here) redraws that button, and while the photo turns only the heads-up display's text is redrawn — the photo
# and every other view are only composited.
def draw_log(trace, seconds):
    """Runs the app on `trace` with --log-draws; returns its status and [(frame, seconds, [drawn view names])]."""
    result = subprocess.run([APP, "--trace", trace, "--virtual-time", "--headless", "--log-draws",
                             "--exit-after", str(seconds)], capture_output=True, text=True, timeout=120)
    frames = []
    for line in result.stderr.splitlines():
        match = re.match(r"photoviewer: frame (\d+) at (-?[\d.]+) s drew (\d+)(?:: (.*))?$", line)
        if match:
            names = match.group(4).split(", ") if match.group(4) else []
            if int(match.group(3)) != len(names):
                return f"bad line: {line}", []
            frames.append((int(match.group(1)), float(match.group(2)), names))
    return result.returncode, frames

status, frames = draw_log(os.path.join(TRACES, "tap-share-button.evemu"), 1.5)
if status == 0 and len(frames) > 40:
    visible = ["window", "root", "well", "zoom", "photo", "toolbar", "rotate", "reset", "hud"]
    check("the first frame draws every visible view once, back to front", frames[0][2] == visible,
          " ".join(frames[0][2]) + " (the menu is hidden)")
    taps = [f for f in frames[1:] if "rotate" in f[2]]
    check("the tap redraws the ROTATE button once (its highlight), with the HUD",
          [f[2] for f in taps] == [["rotate", "hud"]],
          "; ".join(f"{f[1]:.3f} s: {' '.join(f[2])}" for f in taps))
    turning = [f for f in frames[1:] if f[2] == ["hud"]]
    check("while the photo turns, one view changes and one is drawn: the HUD", len(turning) >= 8,
          f"{len(turning)} frames drew only 'hud'")
    later = {name for f in frames[1:] for name in f[2]}
    check("the photo and the other views are never redrawn after the first frame", later == {"rotate", "hud"},
          "redrawn: " + " ".join(sorted(later)))
    idle = frames[-30:]
    check("an idle frame draws nothing", all(not f[2] for f in idle),
          f"the last {len(idle)} frames drew {sum(len(f[2]) for f in idle)} views; "
          f"{sum(1 for f in frames if not f[2])} of {len(frames)} frames drew none")
else:
    check("draw log run", False, f"status {status}, {len(frames)} frames logged")

# The long press at (512, 432): the menu opens at 0.5 s with its corner at the finger.
shots = run("long-press", os.path.join(TRACES, "long-press.evemu"), {"before": 0.4, "open": 0.8})
if shots:
    before, opened = pixel(shots["before"], 512 + 5, 432 + 5), pixel(shots["open"], 512 + 5, 432 + 5)
    item = pixel(shots["open"], 512 + 110, 432 + 30)
    check("long press opens the menu at the finger", not close(before, MENU) and close(opened, MENU)
          and close(item, (200, 206, 218)), f"before {before}, after {opened}, first item {item}")

# A flick right (~50 mm in ~150 ms): the photo keeps going after the lift (a fling), decelerates, and stops at the
# latest where its centre reaches the well's right edge. Measured: the photo's left edge along the row y = 320.
def left_edge(image):
    for x in range(141, 1140):
        if not close(pixel(image, x, 320), (40, 43, 52), 4):
            return x
    return None

shots = run("fling", os.path.join(TRACES, "swipe.evemu"), {"lift": 0.15, "coasting": 0.2, "stop1": 3.0, "stop2": 3.5})
if shots:
    xs = {label: left_edge(image) for label, image in shots.items()}
    ok = None not in xs.values() and xs["coasting"] - xs["lift"] > 20 and xs["stop1"] >= xs["coasting"] \
        and xs["stop2"] == xs["stop1"] and xs["stop1"] <= 140 + 1000 - 400 + 1
    check("a fling keeps the photo moving after the lift, then stops", ok,
          "photo's left edge: " + ", ".join(f"{k} x={v}" for k, v in xs.items()))

# The same pinch in real time (a thread plays the trace; the loop runs at 60 Hz on the monotonic clock): the
# same end state as the virtual-time run.
shots = run("pinch-out-realtime", os.path.join(TRACES, "pinch-out.evemu"), {"after": 1.5}, virtual=False)
if shots:
    virtual = read_png(os.path.join(OUT, "pinch-out-after.png"))
    p, q = placement(shots["after"]), placement(virtual)
    check("real time ends where virtual time does", p is not None and q is not None
          and abs(p[1] - q[1]) < 0.03 and abs(p[2] - q[2]) < 1 and math.dist(p[0], q[0]) < 4,
          f"real time {describe(p)}; virtual {describe(q)}")

# Headless (SDL's off-screen driver, no X server) draws the same pixels as the window under Xvfb.
shots = run("pinch-out-headless", os.path.join(TRACES, "pinch-out.evemu"), {"after": 1.5}, extra=["--headless"])
if shots:
    same = shots["after"][2] == read_png(os.path.join(OUT, "pinch-out-after.png"))[2]
    check("headless screenshots equal the window's", same, "identical pixels" if same else "pixels differ")

# Real recordings that fit (Traces/recordings, part of the repository).
shots = run("real-2finger-pan", os.path.join(RECORDINGS, "wacom-isdv4-e6-ts__2finger-pan-down.events"),
            {"start": 0, "after": 0.3})
if shots:
    a, b = centroid(shots["start"], is_magenta)[0], centroid(shots["after"], is_magenta)[0]
    check("real two-finger pan (Wacom ISDv4) moves the photo down", a is not None and b is not None
          and b[1] - a[1] > 40 and abs(b[0] - a[0]) < 40,
          f"magenta marker ({a[0]:.0f}, {a[1]:.0f}) → ({b[0]:.0f}, {b[1]:.0f})" if a and b else "marker hidden")
shots = run("real-double-tap", os.path.join(RECORDINGS, "wacom-isdv4-e6-ts__1finger-double-tap.events"),
            {"after": 1.5})
if shots:
    p = placement(shots["after"])
    check("real double tap (Wacom ISDv4) zooms to 2.5x", p is not None and abs(p[1] - 2.5) < 0.05, describe(p))


# Live, the touches come from the window system with its own times where SDL lets the app read them: under X11
# XInput 2's touch events from SDL's raw XEvents (the server's times), elsewhere SDL's finger events (the fallback,
# stamped when SDL read them). Xvfb has no touch device, so these check the choice (the --verbose line), not touches.
def live_source(extra=(), env=None):
    """Starts the app live, returns the `touches from …` line of its --verbose output (then stops it)."""
    proc = subprocess.Popen([APP, "--verbose", "--software"] + list(extra), stderr=subprocess.PIPE, text=True,
                            env=env)
    line = ""
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = proc.stderr.readline()
            if not text:
                break
            if "touches from" in text:
                line = text.strip()
                break
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return line

line = live_source()
check("live under X11: XInput 2 touch events with the X server's times", "XInput 2 touch events" in line
      and "the X server's times" in line, line or "no 'touches from' line")
line = live_source(["--touch-times", "sdl"])
check("live with --touch-times sdl: SDL's finger events", "SDL's finger events (x11; times when SDL read them)" in line,
      line or "no 'touches from' line")
line = live_source(["--headless"])
check("live headless (no window system): SDL's finger events, the fallback",
      "SDL's finger events (offscreen; times when SDL read them)" in line, line or "no 'touches from' line")
for bad, expected in ((["--touch-times", "kernel"], "--touch-times: expected source or sdl, got 'kernel'"),
                      (["--touch-times", "sdl", "--trace", os.path.join(TRACES, "pinch-out.evemu")],
                       "--touch-times is for the window system's touches: not with --trace or --device")):
    result = subprocess.run([APP] + bad, capture_output=True, text=True, timeout=60)
    check(f"{' '.join(bad[:2])} … refused (usage, status 2)", result.returncode == 2 and expected in result.stderr,
          f"status {result.returncode}: {(result.stderr.strip().splitlines() or [''])[0]}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
