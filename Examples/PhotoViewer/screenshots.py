"""Measuring the photo viewer's screenshots: a PNG decoder (python3's standard library only) and the photo's
placement recovered from its two markers. Shared by test.py and compare.py."""
import math, struct, zlib

# The photo: 800 × 450 points at scale 1, markers at (0.35, 0.4) and (0.65, 0.6) of it (Photo.swift).
MARKER_VECTOR = (0.3 * 800, 0.2 * 450)
HOME_CENTER = (640.0, 320.0)  # the well's centre on screen: (140 + 500, 40 + 280)
HIGHLIGHT = (255, 160, 0)     # Color.buttonHighlighted
BUTTON = (84, 92, 112)        # Color.button
MENU = (236, 238, 242)        # Color.menu


def read_png(path):
    """Decodes an 8-bit RGB, non-interlaced PNG (what the app writes); returns (width, height, rows)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 2, 0), f"{path}: expected 8-bit RGB, not interlaced"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 3] if i >= 3 else 0
            up = previous[i]
            upleft = previous[i - 3] if i >= 3 else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def pixel(image, x, y):
    _, _, rows = image
    return tuple(rows[y][x * 3:x * 3 + 3])


def centroid(image, test):
    """The centre of the pixels that pass `test`, and their count."""
    width, height, rows = image
    sx = sy = n = 0
    for y in range(height):
        row = rows[y]
        for x in range(width):
            r, g, b = row[x * 3], row[x * 3 + 1], row[x * 3 + 2]
            if test(r, g, b):
                sx += x; sy += y; n += 1
    return ((sx / n, sy / n) if n else None), n


def is_magenta(r, g, b): return r > 200 and g < 80 and b > 200
def is_red(r, g, b): return r > 200 and g < 80 and b < 80


def placement(image):
    """The photo's (centre, scale, rotation in degrees clockwise) from its markers, or None if one is hidden."""
    magenta, n1 = centroid(image, is_magenta)
    red, n2 = centroid(image, is_red)
    if magenta is None or red is None or n1 < 50 or n2 < 50:
        return None
    vx, vy = red[0] - magenta[0], red[1] - magenta[1]
    scale = math.hypot(vx, vy) / math.hypot(*MARKER_VECTOR)
    rotation = math.degrees(math.atan2(vy, vx) - math.atan2(MARKER_VECTOR[1], MARKER_VECTOR[0]))
    rotation = (rotation + 180) % 360 - 180
    return ((magenta[0] + red[0]) / 2, (magenta[1] + red[1]) / 2), scale, rotation


def close(colour, expected, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def describe(p):
    return "markers hidden" if p is None else \
        f"centre ({p[0][0]:.0f}, {p[0][1]:.0f}), scale {p[1]:.3f}, rotation {p[2]:+.1f}°"


def finger_pair(trace, width=1280, height=720):
    """For a protocol-B evemu trace: the two fingers' span (points) and angle (degrees) at the first and the last
    report with exactly two contacts down, mapped onto the screen as the app maps them (the axis range onto the
    window). The expected facts of a pinch or a rotation, taken from the input rather than from the app."""
    ranges, slots, slot, pairs = {}, {}, 0, []
    for line in open(trace):
        fields = line.split()
        if line.startswith("A:"):
            ranges[int(fields[1], 16)] = (int(fields[2]), int(fields[3]))
        if not line.startswith("E:"):
            continue
        kind, code, value = int(fields[2], 16), int(fields[3], 16), int(fields[4])
        if kind == 3 and code == 0x2F:
            slot = value
        elif kind == 3 and code == 0x39:
            if value == -1:
                slots.pop(slot, None)
            else:
                slots[slot] = dict(slots.get(slot, {}))
        elif kind == 3 and code in (0x35, 0x36) and slot in slots:
            slots[slot][code] = value
        elif kind == 0 and code == 0:
            points = []
            for contact in slots.values():
                if 0x35 in contact and 0x36 in contact:
                    (x0, x1), (y0, y1) = ranges[0x35], ranges[0x36]
                    points.append(((contact[0x35] - x0) * width / (x1 - x0 + 1),
                                   (contact[0x36] - y0) * height / (y1 - y0 + 1)))
            if len(points) == 2:
                (ax, ay), (bx, by) = sorted(points)
                pairs.append((math.hypot(bx - ax, by - ay), math.degrees(math.atan2(by - ay, bx - ax))))
    return pairs[0], pairs[-1]
