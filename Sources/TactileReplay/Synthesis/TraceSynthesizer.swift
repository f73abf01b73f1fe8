import Tactile
import TactileGestures
import TactileInput

/// Why a trace cannot be synthesized for a device.
public struct SynthesisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public var reason: String
    public var description: String { reason }
}

/// Makes realistic evemu traces of gestures for a protocol-B touchscreen, the way its firmware and the kernel
/// would report them (``events(for:seed:anchor:)``).
///
/// What it imitates, measured on the recordings in `Traces/recordings`:
/// - **Scan rate**: one report per scan while something changes (Atmel maXTouch ≈ 72 Hz, EP0430M09 ≈ 134 Hz,
///   Wacom DTH2242 ≈ 125 Hz; the built-in device 120 Hz), with ±1 % jitter on the interval and none while
///   nothing changes: the kernel drops reports without events.
/// - **Resting jitter**: each finger wanders a few device units (a slow random walk of about 0.1 mm plus
///   0.03 mm of noise per scan), and a value is reported only when it moves by a whole unit, as firmware
///   hysteresis does; so a resting finger produces occasional one- or two-unit reports.
/// - **Contacts**: fingers land and lift tens of milliseconds apart, the first in slot 0; tracking ids count
///   up from a random start; contact size (`ABS_MT_TOUCH_MAJOR`, minor, width) and `ABS_MT_PRESSURE` ramp up
///   over the first 30 ms and fall just before the lift, on devices that have those axes.
/// - **The kernel's filtering**: only values that changed in a slot are sent (also across contacts in the same
///   slot), `ABS_MT_SLOT` only when the slot changes, then `BTN_TOUCH`, the `BTN_TOOL_*` finger count and the
///   pointer emulation (`ABS_X`/`ABS_Y`/`ABS_PRESSURE` of the oldest contact), each only when advertised and
///   changed; every event of a report carries the report's time; times are relative, starting at 1 µs as
///   `evemu-record` writes them.
///
/// Deterministic: the same gesture, device, options and seed give the same events (`SplitMix64`).
public struct TraceSynthesizer: Sendable {
    /// The device the trace is for.
    public let device: DeviceDescription
    /// Reports per second while fingers move.
    public let rate: Double
    let slotCount: Int
    let xAxis: AxisInfo
    let yAxis: AxisInfo
    /// Device units per millimetre on each axis.
    let unitsPerMillimeter: (x: Double, y: Double)
    /// The surface in millimetres.
    public let surface: Size

    /// Prepares to synthesize for `device`.
    ///
    /// - Parameters:
    ///   - device: a protocol-B multitouch device's description.
    ///   - rate: reports per second; `nil` picks the device's measured rate when it is a known device,
    ///     otherwise 100.
    /// - Throws: ``SynthesisError`` when the device is not a protocol-B multitouch device.
    /// The report rates a synthesized trace may have, in reports per second.
    public static let rates: ClosedRange<Double> = 10...1000

    public init(device: DeviceDescription, rate: Double? = nil) throws(SynthesisError) {
        guard case .slots(let count) = device.touchProtocol,
            let xAxis = device.axes[.multitouchPositionX], let yAxis = device.axes[.multitouchPositionY],
            device.supports(.multitouchTrackingID)
        else {
            throw SynthesisError(
                reason: "\"\(device.name)\" is not a protocol-B multitouch device (it needs ABS_MT_SLOT, "
                    + "ABS_MT_TRACKING_ID and ABS_MT_POSITION_X/Y); synth writes slot-based traces only")
        }
        if let rate, !Self.rates.contains(rate) {
            throw SynthesisError(reason: "the rate must be between 10 and 1000 reports per second, not \(rate)")
        }
        self.device = device
        self.rate = rate ?? Self.measuredRate(of: device.name)
        slotCount = count
        self.xAxis = xAxis
        self.yAxis = yAxis
        // Without a resolution, assume the longer axis is 250 mm (an 11–12 inch panel) and square units.
        let assumed = max(xAxis.span, yAxis.span) / 250
        let x = xAxis.resolution > 0 ? Double(xAxis.resolution) : (yAxis.resolution > 0 ? Double(yAxis.resolution) : assumed)
        let y = yAxis.resolution > 0 ? Double(yAxis.resolution) : x
        unitsPerMillimeter = (x, y)
        surface = Size(width: xAxis.span / x, height: yAxis.span / y)
    }

    /// The report rate measured on the recordings of known devices, by name; 120 for the built-in device and
    /// 100 for others.
    static func measuredRate(of name: String) -> Double {
        if name == SyntheticTouchscreen.name { return SyntheticTouchscreen.scanRate }
        if name.contains("Atmel maXTouch") { return 72.5 }
        if name.contains("EP0430M09") { return 134 }
        if name.contains("Wacom") { return 125 }
        return 100
    }

    /// The events of one gesture.
    ///
    /// - Parameters:
    ///   - gesture: what to perform.
    ///   - seed: the random seed; the same seed gives the same events.
    ///   - anchor: where the gesture happens, as a fraction of the surface (default the middle, `(0.5, 0.5)`).
    /// - Throws: ``SynthesisError`` when the gesture needs more fingers than the device has slots.
    public func events(for gesture: SynthesizedGesture, seed: UInt64, anchor: Point = Point(x: 0.5, y: 0.5))
        throws(SynthesisError) -> [InputEvent]
    {
        if gesture.needsToolType && !device.supports(.multitouchToolType) {
            throw SynthesisError(
                reason: "\(gesture.rawValue) needs ABS_MT_TOOL_TYPE (pens and palms) but \"\(device.name)\" does not report it")
        }
        guard gesture.fingerCount <= slotCount else {
            throw SynthesisError(
                reason: "\(gesture.rawValue) needs \(gesture.fingerCount) fingers but \"\(device.name)\" has \(slotCount) slot\(slotCount == 1 ? "" : "s")")
        }
        var random = SplitMix64(seed: seed)
        let anchorMillimeters = Point(x: anchor.x * surface.width, y: anchor.y * surface.height)
        let strokes = gesture.strokes(surface: surface, anchor: anchorMillimeters, random: &random)
        var emulator = KernelEmulator(synthesizer: self, firstTrackingID: Int32(random.uniform(0...40)))
        return emulator.run(strokes, random: &random)
    }

    /// Writes the device description and the gesture's events to an evemu file.
    ///
    /// - Throws: ``SynthesisError`` as ``events(for:seed:anchor:)``; `TraceError` when the file cannot be
    ///   written.
    public func write(
        _ gesture: SynthesizedGesture, seed: UInt64, anchor: Point = Point(x: 0.5, y: 0.5), to path: String
    ) throws {
        try write(gesture, seed: seed, anchor: anchor, to: EvemuWriter(path: path, description: device))
    }

    /// Writes the device description and the gesture's events with `writer` (standard output for
    /// `tactile synth` without `-o`), then closes it.
    ///
    /// - Throws: ``SynthesisError`` as ``events(for:seed:anchor:)``; `TraceError` when writing fails.
    public func write(
        _ gesture: SynthesizedGesture, seed: UInt64, anchor: Point = Point(x: 0.5, y: 0.5), to writer: EvemuWriter
    ) throws {
        let events = try events(for: gesture, seed: seed, anchor: anchor)
        for event in events { try writer.write(event) }
        try writer.close()
    }

    /// The device units of a point in millimetres, before rounding.
    func units(_ point: Point) -> (x: Double, y: Double) {
        (Double(xAxis.minimum) + point.x * unitsPerMillimeter.x, Double(yAxis.minimum) + point.y * unitsPerMillimeter.y)
    }
}

extension TraceSynthesizer {
    /// The synthesizer that imitates the device a trace or device description at `path` is from (the device
    /// `options.recordDevice` chooses in a `libinput record` file), or without a path the built-in
    /// ``SyntheticTouchscreen``; `rate`: reports per second, default the device's measured rate.
    ///
    /// - Throws: `TraceError` when the file cannot be read, or is from a touchpad without `options.allowsTouchpad`;
    ///   ``SynthesisError`` for a device or rate it cannot imitate.
    public init(imitating path: String?, options: TraceOptions = TraceOptions(), rate: Double? = nil) throws {
        let description = try path.map { path throws(TraceError) in
            let description = try TraceReader(path: path, recordDevice: options.recordDevice).deviceDescription
            if !options.allowsTouchpad, let refusal = description.touchpadRefusal(file: path) { throw refusal }
            return description
        } ?? SyntheticTouchscreen.description
        try self.init(device: description, rate: rate)
    }

    /// Writes the device description and the gesture's events to the evemu file `output`, or to standard output
    /// when it is `nil` or `-` (`tactile synth`).
    ///
    /// - Throws: ``SynthesisError`` as ``events(for:seed:anchor:)``; `TraceError` when writing fails.
    public func write(
        _ gesture: SynthesizedGesture, seed: UInt64, anchor: Point, toFileOrStandardOutput output: String?
    ) throws {
        if let output, output != "-" {
            try write(gesture, seed: seed, anchor: anchor, to: output)
        } else {
            try write(
                gesture, seed: seed, anchor: anchor,
                to: EvemuWriter(handle: .standardOutput, name: "<stdout>", description: device))
        }
    }
}
