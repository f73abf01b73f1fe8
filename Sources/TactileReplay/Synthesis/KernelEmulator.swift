import Tactile
import TactileGestures
import TactileInput

/// Turns finger strokes into the events a protocol-B touchscreen and the kernel would deliver: scans at the
/// device's rate, firmware noise and hysteresis, and the kernel's filtering of repeated values (see
/// ``TraceSynthesizer``).
struct KernelEmulator {
    let synthesizer: TraceSynthesizer
    private var nextTrackingID: Int32

    /// The values the kernel last passed on for a slot (kept across contacts, as the kernel does).
    private struct SlotState {
        var trackingID: Int32 = -1
        /// `ABS_MT_TOOL_TYPE` starts at 0 (`MT_TOOL_FINGER`) in every slot, so a finger never sends it.
        var values: [AbsoluteAxis: Int32] = [.multitouchToolType: 0]
    }

    /// One finger's firmware state: its noise and the positions it last reported.
    private struct FingerNoise {
        var jitter = FingerJitter()
        var reported: (x: Int32, y: Int32)?
        /// Size and pressure values last reported.
        var reportedValues: [AbsoluteAxis: Int32] = [:]
    }

    private var slots: [SlotState]
    private var currentSlot = 0
    /// Keys and single-touch axes as the kernel last passed them on.
    private var keys: [Key: Int32] = [:]
    private var pointer: [AbsoluteAxis: Int32] = [:]

    init(synthesizer: TraceSynthesizer, firstTrackingID: Int32) {
        self.synthesizer = synthesizer
        nextTrackingID = firstTrackingID
        slots = Array(repeating: SlotState(), count: synthesizer.slotCount)
    }

    /// The scan-by-scan events for `strokes` (stroke `i` uses slot `i`).
    mutating func run(_ strokes: [FingerStroke], random: inout SplitMix64) -> [InputEvent] {
        guard let first = strokes.map(\.down).min(), let last = strokes.map(\.up).max() else { return [] }
        var noise = Array(repeating: FingerNoise(), count: strokes.count)
        var events: [InputEvent] = []
        var origin: Double?
        // Scans run continuously; the first one that sees a finger is somewhere within a period of its landing.
        var clock = ReportClock(rate: synthesizer.rate, start: first, random: &random)
        while true {
            let time = clock.time
            var slotEvents: [InputEvent] = []
            let down = strokes.indices.filter { strokes[$0].down <= time && time < strokes[$0].up }
            for index in strokes.indices {
                let stroke = strokes[index]
                if down.contains(index) {
                    let values = contactValues(stroke, at: time, noise: &noise[index], random: &random)
                    report(slot: index, values: values, into: &slotEvents)
                } else if slots[index].trackingID >= 0 {
                    select(slot: index, into: &slotEvents)
                    slotEvents.append(.init(timestamp: .zero, .multitouchTrackingID, -1))
                    slots[index].trackingID = -1
                    noise[index] = FingerNoise()
                }
            }
            slotEvents += pointerEvents(activeSlots: down)
            if !slotEvents.isEmpty {
                let start = origin ?? time
                origin = start
                let stamp = Timestamp(nanoseconds: Int64(((time - start) * 1e6).rounded()) * 1000 + 1000)
                for event in slotEvents {
                    var stamped = event
                    stamped.timestamp = stamp
                    events.append(stamped)
                }
                events.append(InputEvent(timestamp: stamp, .report))
            }
            if time >= last && down.isEmpty && slots.allSatisfy({ $0.trackingID < 0 }) { break }
            clock.advance(random: &random)
        }
        return events
    }

    /// The axis values of a finger at `time`, with noise, hysteresis and the size and pressure ramps.
    private func contactValues(
        _ stroke: FingerStroke, at time: Double, noise: inout FingerNoise, random: inout SplitMix64
    ) -> [(AbsoluteAxis, Int32)] {
        let device = synthesizer.device
        // A slow random walk (about 0.1 mm) plus 0.03 mm of noise per scan, in millimetres.
        let noisy = noise.jitter.apply(to: stroke.position(at: time), random: &random)
        let raw = synthesizer.units(noisy)
        // Firmware hysteresis: a coordinate changes only when it moved by a whole unit.
        func hysteresis(_ value: Double, _ previous: Int32?, _ axis: AxisInfo) -> Int32 {
            let clamped = min(max(value, Double(axis.minimum)), Double(axis.maximum))
            if let previous, abs(clamped - Double(previous)) < 1 { return previous }
            return Int32(clamped.rounded())
        }
        let x = hysteresis(raw.x, noise.reported?.x, synthesizer.xAxis)
        let y = hysteresis(raw.y, noise.reported?.y, synthesizer.yAxis)
        noise.reported = (x, y)
        var values: [(AbsoluteAxis, Int32)] = [(.multitouchPositionX, x), (.multitouchPositionY, y)]
        let isPalm = stroke.palmFrom.map { time >= $0 } ?? false
        if device.supports(.multitouchToolType) {
            values.append((.multitouchToolType, (isPalm ? MultitouchToolType.palm : stroke.tool.multitouchToolType).rawValue))
        }

        // Contact size and pressure grow over the first 30 ms and fall in the last 25 ms.
        let age = time - stroke.down, remaining = stroke.up - time
        var ramp = min(1, 0.5 + age / 0.06)
        if remaining < 0.025 { ramp *= 0.7 + 0.3 * remaining / 0.025 }
        // Sizes and pressure jitter a little and, like positions, change only by a whole step (two units of
        // pressure), so a resting finger does not produce a report on every scan.
        func scaled(_ axis: AbsoluteAxis, _ value: Double, step: Double = 1) -> (AbsoluteAxis, Int32)? {
            guard let info = device.axes[axis] else { return nil }
            let raw = min(max(value * ramp + random.gaussian(sigma: 0.3), Double(info.minimum)), Double(info.maximum))
            if let previous = noise.reportedValues[axis], abs(raw - Double(previous)) < step { return (axis, previous) }
            let reported = Int32(raw.rounded())
            noise.reportedValues[axis] = reported
            return (axis, reported)
        }
        if let major = device.axes[.multitouchTouchMajor] {
            let perMillimeter = major.resolution > 0 ? Double(major.resolution) : synthesizer.unitsPerMillimeter.x
            let size = (isPalm ? stroke.palmSize : stroke.contactSize) * perMillimeter
            for (axis, factor) in [
                (AbsoluteAxis.multitouchTouchMajor, 1.0), (.multitouchTouchMinor, 0.8), (.multitouchWidthMajor, 1.1),
                (.multitouchWidthMinor, 0.9),
            ] {
                if let value = scaled(axis, size * factor) { values.append(value) }
            }
        }
        if let pressure = device.axes[.multitouchPressure],
            let value = scaled(.multitouchPressure, stroke.pressure * Double(pressure.maximum), step: 2)
        {
            values.append(value)
        }
        return values
    }

    /// Emits a contact's values in its slot: a new tracking id if the slot was free, then every value that
    /// differs from what the kernel last passed on for the slot.
    private mutating func report(slot: Int, values: [(AbsoluteAxis, Int32)], into events: inout [InputEvent]) {
        var changes: [InputEvent] = []
        if slots[slot].trackingID < 0 {
            slots[slot].trackingID = nextTrackingID
            changes.append(.init(timestamp: .zero, .multitouchTrackingID, nextTrackingID))
            nextTrackingID = nextTrackingID == 65535 ? 0 : nextTrackingID + 1
        }
        for (axis, value) in values where slots[slot].values[axis] != value {
            slots[slot].values[axis] = value
            changes.append(.init(timestamp: .zero, axis, value))
        }
        guard !changes.isEmpty else { return }
        select(slot: slot, into: &events)
        events += changes
    }

    /// `ABS_MT_SLOT`, when the slot is not the current one.
    private mutating func select(slot: Int, into events: inout [InputEvent]) {
        guard slot != currentSlot else { return }
        currentSlot = slot
        events.append(.init(timestamp: .zero, .multitouchSlot, Int32(slot)))
    }

    /// `BTN_TOUCH`, the `BTN_TOOL_*` finger count and the pointer emulation (the oldest contact's position and
    /// pressure), each only when advertised and changed (the kernel's `input_mt_report_pointer_emulation`).
    private mutating func pointerEvents(activeSlots: [Int]) -> [InputEvent] {
        let device = synthesizer.device
        var events: [InputEvent] = []
        func key(_ key: Key, _ value: Int32) {
            guard device.supports(key), keys[key, default: 0] != value else { return }
            keys[key] = value
            events.append(.init(timestamp: .zero, key, value))
        }
        func axis(_ axis: AbsoluteAxis, _ value: Int32?) {
            guard let value, device.supports(axis), pointer[axis] != value else { return }
            pointer[axis] = value
            events.append(.init(timestamp: .zero, axis, value))
        }
        let count = activeSlots.count
        key(.touch, count > 0 ? 1 : 0)
        for (tool, fingers) in [
            (Key.toolFinger, 1), (.toolDoubleTap, 2), (.toolTripleTap, 3), (.toolQuadrupleTap, 4), (.toolQuintupleTap, 5),
        ] {
            key(tool, count == fingers ? 1 : 0)
        }
        let oldest = activeSlots.min { slots[$0].trackingID < slots[$1].trackingID }
        if let oldest {
            let values = slots[oldest].values
            axis(.x, values[.multitouchPositionX])
            axis(.y, values[.multitouchPositionY])
            axis(.pressure, values[.multitouchPressure])
        } else {
            axis(.pressure, 0)
        }
        return events
    }
}

extension StrokeTool {
    /// The `ABS_MT_TOOL_TYPE` value of the tool.
    var multitouchToolType: MultitouchToolType {
        switch self {
        case .finger: .finger
        case .pen: .pen
        }
    }
}
