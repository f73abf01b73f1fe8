/// How touch positions are held against a digitizer's jitter: libinput's hysteresis, with one policy for live
/// input and replay.
///
/// A resting finger's reported position wanders by a few device units. The kernel filters some of it when the
/// device declares a position *fuzz*; but on a system with libinput's udev rules the kernel's fuzz is moved into
/// the `LIBINPUT_FUZZ_*` udev properties and set to 0, so every evdev reader gets the raw jitter and libinput
/// filters it itself. Tactile does what libinput does for touchscreens (libinput 1.22 `evdev_hysteresis`,
/// `fallback_filter_defuzz_touch`), with the fuzz taken where it survives in both cases — the udev property when
/// udev has one, else the description's axis fuzz — so a live session and the replay of its recording deliver
/// the same positions, and a recording made on a system without libinput replays as one made with it:
///
/// - Each contact has a *center*, its position when it began. A report that moves the contact inside the
///   ellipse of half-axes `fuzz_x / 2`, `fuzz_y / 2` (integer halves, as libinput) around the center is no
///   motion: the touch stays where it was (`TouchContact.Phase.stationary`).
/// - A report outside the ellipse is a motion to the reported point; the ellipse is dragged along until the
///   point lies on its edge, and that dragged center becomes the new center *and* the slot's stored position,
///   so an axis that the next report does not update keeps its filtered value (as libinput's slot point does).
/// - A contact ends or is cancelled at the position of its last reported motion.
///
/// It applies to multitouch slots (protocol B, and protocol A after libmtdev), not to single-touch devices
/// (libinput has no hysteresis there either). For protocol A, libmtdev's smoothing (``ProtocolAConverter``) gets
/// the fuzz of ``automatic`` — udev's saved fuzz, else the description's — whatever the filter is set to, so it too
/// is the same whatever udev did. libinput differs in two cases: on a system *without* its udev rule it uses no
/// hysteresis when the kernel has a fuzz (the kernel already smooths), where Tactile still applies it; and for
/// protocol A under its udev rule, libinput's libmtdev sees the zeroed kernel fuzz and invents its own (range /
/// 250), where Tactile hands libmtdev the saved one. Both keep Tactile's policy the same everywhere.
public enum JitterFilter: Hashable, Sendable, CustomStringConvertible {
    /// No hysteresis.
    case off
    /// The fuzz of `ABS_MT_POSITION_X/Y`: `LIBINPUT_FUZZ_35/36` from udev when present, else the description's.
    case automatic
    /// This fuzz in device units on both position axes (the margin is half of it).
    case fuzz(Int32)

    public var description: String {
        switch self {
        case .off: "off"
        case .automatic: "automatic"
        case .fuzz(let value): "fuzz \(value)"
        }
    }

    /// Parses `off`, `auto`/`automatic` or a non-negative integer fuzz, as the command line and scenes write it.
    public init?(argument: String) {
        switch argument {
        case "off": self = .off
        case "auto", "automatic": self = .automatic
        default:
            guard let value = Int32(argument), value >= 0 else { return nil }
            self = .fuzz(value)
        }
    }

    /// The fuzz this filter uses for a position axis of `description`, with the device's udev properties.
    public func fuzz(for axis: AbsoluteAxis, description: DeviceDescription, udev: UdevProperties) -> Int32 {
        switch self {
        case .off: 0
        case .fuzz(let value): Swift.max(0, value)
        case .automatic: udev.fuzz(for: axis) ?? Swift.max(0, description.axes[axis]?.fuzz ?? 0)
        }
    }
}

/// libinput's `evdev_hysteresis`: where the center of an ellipse of half-axes `margin` ends up when a point at
/// `point` drags it (the center itself when the point is inside the ellipse). Coordinates are truncated toward
/// zero, as libinput's assignment of a double to an int.
func hysteresis(
    _ point: (x: Int32, y: Int32), center: (x: Int32, y: Int32), margin: (x: Int32, y: Int32)
) -> (x: Int32, y: Int32) {
    let a = Double(margin.x), b = Double(margin.y)
    guard margin.x != 0 && margin.y != 0 else { return point }
    let dx = Double(point.x) - Double(center.x), dy = Double(point.y) - Double(center.y)
    let normalized = (dx * dx / (a * a) + dy * dy / (b * b)).squareRoot()
    if normalized < 1 { return center }
    let distance = (dx * dx + dy * dy).squareRoot()
    let marginDistance = distance / normalized
    let lagX: Double, lagY: Double
    if dx != 0 {
        let gradient = dy / dx
        lagX = marginDistance / (gradient * gradient + 1).squareRoot()
        lagY = Swift.max(0, (marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
    } else {
        lagX = 0
        lagY = marginDistance
    }
    let x = dx >= 0 ? Double(point.x) - lagX : Double(point.x) + lagX
    let y = dy >= 0 ? Double(point.y) - lagY : Double(point.y) + lagY
    return (clampedTruncation(x), clampedTruncation(y))
}

/// A double truncated toward zero into `Int32`, clamped (never a trap, whatever the input; NaN gives 0).
private func clampedTruncation(_ value: Double) -> Int32 {
    guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? .max : .min) }
    return Int32(Swift.max(Double(Int32.min), Swift.min(Double(Int32.max), value.rounded(.towardZero))))
}
