#!/usr/bin/env python3
"""The C example (sdl-gestures.c), tested like an app: synthetic finger events go through SDL's own queue
(`--script`), screenshots are taken at chosen moments, and each check measures the picture: its scale, rotation
and centre from its two markers (a magenta and a red disk, 200 px apart at scale 1, symmetric about its centre).

Usage: test.py APP OUTDIR   (DISPLAY must name an X server, e.g. Xvfb's; python3's standard library only)
Prints one PASS/FAIL line per check and `N passed, N failed`; exits 1 on any failure. Keeps each screenshot as
OUTDIR/NAME.png.
"""
import math, os, re, struct, subprocess, sys, zlib

APP, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
passed = failed = 0


def check(name, ok, detail):
    global passed, failed
    passed, failed = passed + ok, failed + (not ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)


def read_bmp(path):
    """A 32-bit BMP (SDL_SaveBMP) as (width, height, rows of (r, g, b)), top row first."""
    data = open(path, "rb").read()
    offset, width, height, bits = struct.unpack_from("<I", data, 10)[0], *struct.unpack_from("<iiH", data, 18)[0:2], \
        struct.unpack_from("<H", data, 28)[0]
    assert bits == 32, f"{path}: {bits}-bit BMP"
    rows = []
    for row in range(abs(height)):
        start = offset + row * width * 4
        rows.append([(data[i + 2], data[i + 1], data[i]) for i in range(start, start + width * 4, 4)])
    if height > 0:
        rows.reverse()  # bottom-up
    return width, abs(height), rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\0" + bytes(c for pixel in row for c in pixel) for row in rows)
    chunk = lambda kind, body: struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as png:
        png.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def placement(rows):
    """The picture's centre, scale and rotation (degrees, clockwise) from its markers' centroids, or None."""
    magenta, red = [], []
    for y, row in enumerate(rows):
        for x, (r, g, b) in enumerate(row):
            if r > 220 and g < 40 and b > 220:
                magenta.append((x, y))
            elif r > 220 and g < 40 and b < 40:
                red.append((x, y))
    if not magenta or not red:
        return None
    (mx, my), (rx, ry) = [(sum(p[0] for p in ps) / len(ps), sum(p[1] for p in ps) / len(ps)) for ps in (magenta, red)]
    return ((mx + rx) / 2, (my + ry) / 2), math.dist((mx, my), (rx, ry)) / 200, math.degrees(math.atan2(ry - my, rx - mx))


def describe(p):
    return "no markers" if p is None else f"centre ({p[0][0]:.1f}, {p[0][1]:.1f}), scale {p[1]:.3f}, rotation {p[2]:+.2f}°"


def shot(name):
    width, height, rows = read_bmp(os.path.join(OUT, name + ".bmp"))
    write_png(os.path.join(OUT, name + ".png"), width, height, rows)
    os.remove(os.path.join(OUT, name + ".bmp"))
    return rows


# Two fingers about (400, 300), 100 px apart on a horizontal line, spreading to 200 px while their line turns 30°
# clockwise, in 30 moves of 20 ms; the picture must follow: scale 2, rotation +30°, centre still (400, 300). Then a
# tap on RESET (10, 10, 140, 50) puts it back, and a one-finger drag of (+120, +60) moves it.
script = ["300 down 1 350 300", "300 down 2 450 300"]
for step in range(1, 31):
    t, f = 300 + 20 * step, step / 30
    span, angle = 50 + 50 * f, math.radians(30) * f
    dx, dy = span * math.cos(angle), span * math.sin(angle)
    script += [f"{t} move 1 {400 - dx:.3f} {300 - dy:.3f}", f"{t} move 2 {400 + dx:.3f} {300 + dy:.3f}"]
# The fingers rest 200 ms before lifting: a loaded machine may deliver a lift together with the move before it,
# and the lift ends the pinch without its last change.
script += ["1100 up 1 {:.3f} {:.3f}".format(400 - 100 * math.cos(math.radians(30)), 300 - 100 * math.sin(math.radians(30))),
           "1100 up 2 {:.3f} {:.3f}".format(400 + 100 * math.cos(math.radians(30)), 300 + 100 * math.sin(math.radians(30)))]
script += ["1500 down 3 80 35", "1700 up 3 80 35"]
script += ["2400 down 4 300 300"] + [f"{2400 + 20 * i} move 4 {300 + 10 * i} {300 + 5 * i}" for i in range(1, 13)]
script += ["2700 up 4 420 360"]
script_path = os.path.join(OUT, "pinch-tap-pan.script")
with open(script_path, "w") as f:
    f.write("# MS down|move|up ID X Y (sdl-gestures --script)\n" + "\n".join(script) + "\n")

shots = {"start": 100, "after-pinch": 1400, "button-pressed": 1600, "after-reset": 2000, "after-pan": 3000}
args = [APP, "--script", script_path, "--exit-after", "3200", "--verbose"]
for name, ms in shots.items():
    args += ["--screenshot-at", f"{ms}:{os.path.join(OUT, name + '.bmp')}"]
# TACTILE_LOG: the app prints the delivery log with positions at exit (for the pan's check below).
result = subprocess.run(args, capture_output=True, text=True, timeout=60, env=dict(os.environ, TACTILE_LOG="1"))
check("run", result.returncode == 0, f"status {result.returncode}; {result.stderr.strip().splitlines()[-1:] or ''}")
if result.returncode != 0:
    print(result.stderr)
    sys.exit(1)

p = placement(shot("start"))
check("start: the picture unscaled, unturned, centred", p is not None and abs(p[1] - 1) < 0.01 and abs(p[2]) < 0.5
      and math.dist(p[0], (400, 300)) < 1.5, describe(p))
p = placement(shot("after-pinch"))
check("pinch: the picture scales ×2 and turns +30° with the fingers, about their midpoint",
      p is not None and abs(p[1] - 2) < 0.03 and abs(p[2] - 30) < 1 and math.dist(p[0], (400, 300)) < 3, describe(p))
rows = shot("button-pressed")
check("the button shows its press (its touch callback)", rows[35][80] == (250, 200, 40), f"pixel (80, 35) = {rows[35][80]}")
p = placement(shot("after-reset"))
check("tap on RESET: the picture back in place", p is not None and abs(p[1] - 1) < 0.01 and abs(p[2]) < 0.5
      and math.dist(p[0], (400, 300)) < 1.5, describe(p))
p = placement(shot("after-pan"))
# The pan counts its translation from where the finger went down (UIKitSemantics.md §6.3), so the picture moves by
# the whole drag, (300, 300) to (420, 360), as the finger does, however late a loaded machine delivers the first moves.
expected = (400 + 420 - 300, 300 + 360 - 300)
check("pan: the picture moved with the finger, by the whole drag", p is not None and abs(p[1] - 1) < 0.01
      and math.dist(p[0], expected) < 2, describe(p) + f"; expected ({expected[0]:.1f}, {expected[1]:.1f})")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
