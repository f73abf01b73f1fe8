import Tactile
import TactileInput

/// Analyses a device's events into a ``TraceAnalysis``: feed it every event with ``handle(_:)``, then call
/// ``finish()``.
///
/// Three stages, in the order an event meets them:
/// 1. The kernel's input core (Linux `input_handle_abs_event`, `input_handle_key`): an absolute value equal to
///    the last one of its axis (per slot for `ABS_MT_*` on a slotted device; protocol A's `ABS_MT_*` are passed as
///    they are, as the kernel does), and a key at the state it has, are dropped; a report with nothing left in it
///    is dropped too. One exception: a tracking id of −1 always passes, so a contact of a recording that began
///    with it down (its tracking id was set before the recording) still ends. Values start at 0 and tracking ids
///    at −1, as in a new kernel device. A recording made above the kernel (evemu-record, `libinput record`) never
///    has these, so it analyses unchanged; one made below it analyses as the device would have passed it on, like
///    the decoder (`MultitouchDecoder`).
/// 2. Protocol A goes through `ProtocolAConverter` (libmtdev), which gives its contacts slots, as libinput does.
/// 3. The slot machine, libinput's `per-slot-delta` and `touch-down-state` rules: a new tracking id begins a
///    contact, −1 ends it, a position in a slot with no contact begins one (the recording started with it down);
///    for single touch, `BTN_TOUCH` begins and ends the contact of slot 0 and `ABS_X`/`ABS_Y` move it. At each
///    report a slot that began shows as begun, one that ended as ended (one that began and ended in the same
///    report shows as ended, as in libinput), and one whose position changed as moved by the change.
///
/// Not `Sendable`: a protocol-A device's converter owns libmtdev's state.
public struct TraceAnalyzer {
    /// A slot's state, as libinput's analysis tools keep it.
    ///
    /// - `idle`: no contact. Can transition to: `began`.
    /// - `began`: a contact began in this report. Can transition to: `down` (at the report), `ended`.
    /// - `down`: a contact is down. Can transition to: `ended`, `began` (a new tracking id).
    /// - `ended`: the contact ended in this report. Can transition to: `idle` (at the report), `began`.
    enum SlotState: Hashable, Sendable { case idle, began, down, ended }

    struct Slot {
        var state = SlotState.idle
        var x: Int32 = 0
        var y: Int32 = 0
        var reportStartX: Int32 = 0
        var reportStartY: Int32 = 0
        var pressure: Int32 = 0
        var major: Int32 = 0
        var minor: Int32 = 0
        /// The contact down in this slot (an index into `contacts`).
        var contact: Int?
        /// The contact began in this report with a position, not a tracking id: a tracking id later in the same
        /// report is its own (libmtdev and some drivers send the position first); without one, the recording
        /// began with the contact down.
        var beganByPosition = false
    }

    struct Contact {
        var slot: Int
        var began: Timestamp
        var ended: Timestamp?
        var times: [Timestamp] = []
        var xs: [Int32] = []
        var ys: [Int32] = []
    }

    enum Mode { case slots, anonymous, singleTouch }

    let description: DeviceDescription
    let mode: Mode
    let device: TraceAnalysis.Device
    let pressureAxis: AbsoluteAxis?
    let converter: ProtocolAConverter?

    // Stage 1: the kernel's state.
    var kernelValues = [Int32](repeating: 0, count: 64)
    var kernelSlotValues: [[Int32]]
    var kernelSlot = 0
    var keysDown = Set<UInt16>()
    var reportHasEvents = false

    // Stage 3: the slots.
    var slots: [Slot]
    var currentSlot = 0
    var contacts: [Contact] = []
    var lastReportTime: Timestamp?
    var lastDownRowTime: Timestamp?
    var lastDown: [Int]?
    var deltaRows: [TraceAnalysis.DeltaRow] = []
    var downStateRows: [TraceAnalysis.DownStateRow] = []
    var oddities: [TraceAnalysis.Oddity] = []
    var reportTimes: [(time: Timestamp, downAfter: Bool)] = []
    var maximumDown = 0
    var pressures: [Int32] = []
    var majors: [Int32] = []
    var minors: [Int32] = []
    var firstEventTime: Timestamp?
    var lastEventTime: Timestamp?
    var eventCount = 0

    /// Creates an analyzer for a device.
    ///
    /// - Parameters:
    ///   - description: the device's description (its protocol and axes).
    ///   - udev: the device's udev properties (a protocol-A device's position fuzz for libmtdev, as the decoder
    ///     takes it: `LIBINPUT_FUZZ_*`, else the description's).
    /// - Throws: ``TraceAnalyzer/NotATouchDevice`` when the device has no touch axes.
    public init(description: DeviceDescription, udev: UdevProperties = UdevProperties([:])) throws(NotATouchDevice) {
        self.description = description
        let slotCount: Int
        let axes: (x: AbsoluteAxis, y: AbsoluteAxis)
        switch description.touchProtocol {
        case .slots(let count):
            mode = .slots
            slotCount = count
            axes = (.multitouchPositionX, .multitouchPositionY)
            converter = nil
        case .anonymous:
            mode = .anonymous
            slotCount = ProtocolAConverter.slotCount
            axes = (.multitouchPositionX, .multitouchPositionY)
            var fuzz: [AbsoluteAxis: Int32] = [:]
            for axis in [AbsoluteAxis.multitouchPositionX, .multitouchPositionY] {
                fuzz[axis] = JitterFilter.automatic.fuzz(for: axis, description: description, udev: udev)
            }
            converter = ProtocolAConverter(description: description, fuzz: fuzz)
        case .singleTouch:
            mode = .singleTouch
            slotCount = 1
            axes = description.singleTouchPositionAxes
            converter = nil
        case .none:
            throw NotATouchDevice(deviceName: description.name)
        }
        guard let xAxis = description.axes[axes.x], let yAxis = description.axes[axes.y] else {
            throw NotATouchDevice(deviceName: description.name)
        }
        device = TraceAnalysis.Device(
            name: description.name, touchProtocol: description.touchProtocol, slotCount: slotCount,
            xAxis: xAxis, yAxis: yAxis)
        switch mode {
        case .slots, .anonymous:
            pressureAxis = description.supports(.multitouchPressure) ? .multitouchPressure : nil
        case .singleTouch:
            pressureAxis = description.supports(.pressure) ? .pressure : nil
        }
        slots = Array(repeating: Slot(), count: slotCount)
        var initial = [Int32](repeating: 0, count: 14)
        initial[Int(AbsoluteAxis.multitouchTrackingID.rawValue - 0x30)] = -1
        kernelSlotValues = Array(repeating: initial, count: mode == .slots ? slotCount : 0)
    }

    /// The error for a device with no touch axes (a keyboard, a mouse).
    public struct NotATouchDevice: Error, Hashable, Sendable, CustomStringConvertible {
        /// The device's name.
        public var deviceName: String
        public var description: String {
            "\"\(deviceName)\" is not a touch device: no ABS_MT_POSITION_X/Y, and no ABS_X/ABS_Y with BTN_TOUCH"
        }
    }

    /// Applies one event of the device.
    public mutating func handle(_ event: InputEvent) {
        if firstEventTime == nil { firstEventTime = event.timestamp }
        lastEventTime = event.timestamp
        eventCount += 1
        guard passesKernel(event) else { return }
        if let converter {
            for converted in converter.convert(event).events { apply(converted) }
            if event.isReport { reportTimes.append((event.timestamp, slots.contains { $0.contact != nil })) }
        } else {
            apply(event)
            if event.isReport { reportTimes.append((event.timestamp, slots.contains { $0.contact != nil })) }
        }
    }

    /// Stage 1: whether the kernel's input core passes `event` on (and records its value).
    mutating func passesKernel(_ event: InputEvent) -> Bool {
        switch event.type {
        case .synchronization:
            if event.code == SynchronizationCode.report.rawValue {
                defer { reportHasEvents = false }
                return reportHasEvents
            }
            if event.code == SynchronizationCode.dropped.rawValue {
                oddities.append(
                    .init(
                        time: event.timestamp, kind: .eventsDropped, slot: nil,
                        message: "SYN_DROPPED: the device's buffer overflowed and events were lost"))
                return false
            }
            reportHasEvents = true
            return true
        case .key:
            let isDown = keysDown.contains(event.code)
            if (event.value != 0) == isDown && event.value != 2 { return false }
            if event.value == 0 { keysDown.remove(event.code) } else { keysDown.insert(event.code) }
            reportHasEvents = true
            return true
        case .absolute:
            let code = event.code
            if code == AbsoluteAxis.multitouchSlot.rawValue {
                kernelSlot = Int(event.value)
                return true  // staged: counts only with the slot's events
            }
            if code >= 0x30 && code <= 0x3d {
                guard mode == .slots else {
                    reportHasEvents = true
                    return true
                }
                guard kernelSlot >= 0 && kernelSlot < kernelSlotValues.count else { return false }
                let index = Int(code - 0x30)
                // A lift is never dropped: a recording that began with a finger down has a tracking id the new
                // device never had, and its lift must still end the contact.
                let isLift = code == AbsoluteAxis.multitouchTrackingID.rawValue && event.value < 0
                if kernelSlotValues[kernelSlot][index] == event.value && !isLift { return false }
                kernelSlotValues[kernelSlot][index] = event.value
                reportHasEvents = true
                return true
            }
            guard Int(code) < kernelValues.count else { return false }
            if kernelValues[Int(code)] == event.value { return false }
            kernelValues[Int(code)] = event.value
            reportHasEvents = true
            return true
        default:
            reportHasEvents = true
            return true
        }
    }

    /// Stage 3: one event of the slot machine.
    mutating func apply(_ event: InputEvent) {
        if event.isReport {
            finishReport(at: event.timestamp)
            return
        }
        switch mode {
        case .slots, .anonymous: applyMultitouch(event)
        case .singleTouch: applySingleTouch(event)
        }
    }

    mutating func applyMultitouch(_ event: InputEvent) {
        guard let axis = event.absoluteAxis else { return }
        if axis == .multitouchSlot {
            currentSlot = Int(event.value)
            if currentSlot < 0 || currentSlot >= slots.count {
                oddities.append(
                    .init(
                        time: event.timestamp, kind: .slotOutOfRange, slot: nil,
                        message:
                            "ABS_MT_SLOT \(event.value) is beyond the device's \(slots.count) slots; its events are ignored"
                    ))
            }
            return
        }
        guard currentSlot >= 0 && currentSlot < slots.count else { return }
        switch axis {
        case .multitouchTrackingID:
            if event.value < 0 {
                lift(currentSlot, at: event.timestamp)
            } else {
                begin(currentSlot, at: event.timestamp)
            }
        case .multitouchPositionX: move(currentSlot, x: event.value, at: event.timestamp)
        case .multitouchPositionY: move(currentSlot, y: event.value, at: event.timestamp)
        case .multitouchPressure: slots[currentSlot].pressure = event.value
        case .multitouchTouchMajor: slots[currentSlot].major = event.value
        case .multitouchTouchMinor: slots[currentSlot].minor = event.value
        default: break
        }
    }

    mutating func applySingleTouch(_ event: InputEvent) {
        if event.key == .touch {
            if event.value != 0 { begin(0, at: event.timestamp) } else { lift(0, at: event.timestamp) }
            return
        }
        guard let axis = event.absoluteAxis else { return }
        let axes = description.singleTouchPositionAxes
        if axis == axes.x {
            setPosition(0, x: event.value)
        } else if axis == axes.y {
            setPosition(0, y: event.value)
        } else if axis == pressureAxis {
            slots[0].pressure = event.value
        }
    }

    /// A single-touch position: it moves the contact when one is down, and is kept for the next one otherwise
    /// (a pen or finger hovering).
    mutating func setPosition(_ index: Int, x: Int32? = nil, y: Int32? = nil) {
        if let x { slots[index].x = x }
        if let y { slots[index].y = y }
        if slots[index].state == .idle || slots[index].state == .ended {
            slots[index].reportStartX = slots[index].x
            slots[index].reportStartY = slots[index].y
        }
    }

    mutating func begin(_ index: Int, at time: Timestamp) {
        if slots[index].beganByPosition {
            slots[index].beganByPosition = false
            return
        }
        switch slots[index].state {
        case .began, .down:
            oddities.append(
                .init(
                    time: time, kind: .trackingIDReused, slot: index,
                    message: "slot \(index) got a new contact while its contact was down: that one ended without a lift"
                ))
            closeContact(index, at: time)
        case .idle, .ended:
            break
        }
        slots[index].state = .began
        slots[index].contact = contacts.count
        contacts.append(Contact(slot: index, began: time))
    }

    mutating func lift(_ index: Int, at time: Timestamp) {
        switch slots[index].state {
        case .began, .down:
            slots[index].state = .ended
            closeContact(index, at: time)
        case .idle, .ended:
            oddities.append(
                .init(
                    time: time, kind: .liftWithoutContact, slot: index,
                    message: "slot \(index) lifted a contact it did not have"))
        }
    }

    mutating func move(_ index: Int, x: Int32? = nil, y: Int32? = nil, at time: Timestamp) {
        if slots[index].state == .idle {
            slots[index].beganByPosition = true
            slots[index].state = .began
            slots[index].contact = contacts.count
            contacts.append(Contact(slot: index, began: time))
        }
        if let x { slots[index].x = x }
        if let y { slots[index].y = y }
    }

    mutating func closeContact(_ index: Int, at time: Timestamp) {
        guard let contact = slots[index].contact else { return }
        contacts[contact].ended = time
        slots[index].contact = nil
    }

    mutating func finishReport(at time: Timestamp) {
        let interval = lastReportTime.map { time - $0 } ?? .zero
        if interval < .zero, let last = lastReportTime {
            oddities.append(
                .init(
                    time: time, kind: .timeWentBackwards, slot: nil,
                    message: "the report's time is \(Self.milliseconds(.zero - interval)) ms before the previous report's (\(last))"))
        }
        lastReportTime = time
        var entries: [TraceAnalysis.SlotEntry] = []
        var down: [Int] = []
        for index in slots.indices {
            if slots[index].beganByPosition {
                slots[index].beganByPosition = false
                oddities.append(
                    .init(
                        time: time, kind: .downAtStart, slot: index,
                        message: "slot \(index) had a position but no tracking id: the recording began with it down"))
            }
            let slot = slots[index]
            switch slot.state {
            case .idle:
                continue
            case .began:
                entries.append(.init(slot: index, change: .began(x: slot.x, y: slot.y)))
                if let contact = slot.contact, contacts[contact].times.isEmpty {
                    noteBegin(contacts[contact], x: slot.x, y: slot.y)
                }
            case .ended:
                entries.append(.init(slot: index, change: .ended))
            case .down:
                let dx = slot.x &- slot.reportStartX
                let dy = slot.y &- slot.reportStartY
                if dx != 0 || dy != 0 {
                    entries.append(.init(slot: index, change: .moved(dx: dx, dy: dy, x: slot.x, y: slot.y)))
                }
            }
            if let contact = slot.contact {
                down.append(index)
                contacts[contact].times.append(time)
                contacts[contact].xs.append(slot.x)
                contacts[contact].ys.append(slot.y)
                if pressureAxis != nil { pressures.append(slot.pressure) }
                if description.supports(.multitouchTouchMajor) && mode != .singleTouch { majors.append(slot.major) }
                if description.supports(.multitouchTouchMinor) && mode != .singleTouch { minors.append(slot.minor) }
            }
            switch slot.state {
            case .began: slots[index].state = .down
            case .ended: slots[index].state = .idle
            case .idle, .down: break
            }
            slots[index].reportStartX = slots[index].x
            slots[index].reportStartY = slots[index].y
        }
        if !entries.isEmpty {
            deltaRows.append(.init(time: time, sincePreviousReport: interval, entries: entries))
        }
        if down != lastDown {
            downStateRows.append(
                .init(time: time, sincePreviousRow: lastDownRowTime.map { time - $0 } ?? .zero, down: down))
            lastDown = down
            lastDownRowTime = time
        }
        maximumDown = max(maximumDown, down.count)
    }

    /// Notes a contact that began within 2 % of an edge.
    mutating func noteBegin(_ contact: Contact, x: Int32, y: Int32) {
        func nearEdge(_ value: Int32, _ axis: AxisInfo) -> Bool {
            let margin = axis.span * 0.02
            return Double(value) - Double(axis.minimum) < margin || Double(axis.maximum) - Double(value) < margin
        }
        if nearEdge(x, device.xAxis) || nearEdge(y, device.yAxis) {
            oddities.append(
                .init(
                    time: contact.began, kind: .beganAtEdge, slot: contact.slot,
                    message: "slot \(contact.slot) began at (\(x), \(y)), within 2 % of the surface's edge"))
        }
    }

    /// The analysis of every event handled: contacts still down are noted (they are not ended).
    public mutating func finish() -> TraceAnalysis {
        let end = lastEventTime ?? .zero
        for contact in contacts {
            guard let ended = contact.ended else {
                oddities.append(
                    .init(
                        time: end, kind: .downAtEnd, slot: contact.slot,
                        message: "slot \(contact.slot) was still down when the trace ended (began at \(contact.began))")
                )
                continue
            }
            if ended - contact.began < .milliseconds(20) {
                let length = Self.milliseconds(ended - contact.began)
                oddities.append(
                    .init(
                        time: contact.began, kind: .veryShort, slot: contact.slot,
                        message: "slot \(contact.slot) was down for \(length) ms only (\(contact.times.count) reports)")
                )
            }
        }
        // Stable: oddities at the same time keep the order they were found in.
        oddities = oddities.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element)
        let summary = TraceAnalysis.Summary(
            eventCount: eventCount, reportCount: reportTimes.count, contactCount: contacts.count,
            maximumSimultaneousContacts: maximumDown,
            duration: firstEventTime.map { end - $0 } ?? .zero, reportInterval: reportIntervals(),
            noise: noise(), pressure: range(pressures, pressureAxis), touchMajor: range(majors, .multitouchTouchMajor),
            touchMinor: range(minors, .multitouchTouchMinor), oddities: oddities)
        return TraceAnalysis(device: device, deltaRows: deltaRows, downStateRows: downStateRows, summary: summary)
    }

    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let tenths = (microseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension TraceAnalyzer.NotATouchDevice {
    /// As a trace error naming `file`.
    public func traceError(file: String) -> TraceError { TraceError(file: file, reason: description) }
}
