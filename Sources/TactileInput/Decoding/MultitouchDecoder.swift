import Tactile
import TactileContacts

/// Turns evdev events into the core's touch frames: protocol-B slots, single-touch devices, and (after
/// ``ProtocolAConverter``) protocol-A devices.
///
/// A pure state machine shared by live input and replay: feed it every event with ``handle(_:)``; it returns
/// frames at each `SYN_REPORT` (spec §1.2). It does no I/O and reads no clock: every timestamp comes from the
/// events.
///
/// The rules, in the order the kernel documentation gives them:
/// - Events are applied in order. A slot keeps its values across contacts (the kernel sends only changes), and
///   events before the first `ABS_MT_SLOT` belong to slot 0.
/// - A tracking id appearing in a slot begins a contact, −1 ends it; a different id without −1 ends the old
///   contact and begins a new one in the same frame.
/// - A frame lists every contact that is down or changed: `began`, `moved` (its position in points changed),
///   `stationary`, `ended` (at its last position) or `cancelled`. A report in which nothing began, ended,
///   was cancelled or moved produces no frame (spec §1.2.3: pressure-only changes are dropped).
/// - A contact that begins and ends within one report gives two frames with the report's time: one where it
///   began, one where it ended — never a lost touch.
/// - `MT_TOOL_PALM` cancels a contact; a contact that is a palm from its first report is never reported. The
///   slot then stays ignored until its tracking id changes. `MT_TOOL_PEN` makes the contact a `TouchContact.Tool.pen`.
/// - `SYN_DROPPED` in the stream (a replay): events up to and including the next `SYN_REPORT` are discarded;
///   at that report every active contact is cancelled and its slot ignored until the tracking id changes,
///   because the real state is unknown. Live input repairs instead: see ``beginResynchronization()``.
/// - Codes the description does not advertise are ignored, as the kernel would (one diagnostic per code).
/// - An absolute value equal to the last one of its axis (per slot for the `ABS_MT_*` contact axes) is dropped,
///   as the kernel's input core drops it (`input_handle_abs_event`): a recording made below the input
///   core decodes as the kernel would have passed it on.
/// - Frame times never go backwards: an earlier report time is clamped to the previous one, with a diagnostic.
///   We clamp rather than fail because recordings made with `CLOCK_REALTIME` can step back with the wall clock.
/// - ``end(at:)`` (device removed, trace finished) cancels every active contact in one frame.
///
/// Touchpads (`INPUT_PROP_POINTER`) decode the same way, their surface mapped onto the screen; a semi-MT pad's
/// second "contact" is a corner of the bounding box, as the kernel reports it. Choosing what to do with
/// indirect devices is the caller's business (``DeviceDescription/surfaceKind``).
public struct MultitouchDecoder: Sendable {
    /// Options fixed when the decoder is created.
    public struct Configuration: Sendable {
        /// How device coordinates become screen points, and how positions are held against jitter
        /// (``ScreenMapping/jitterFilter``).
        public var mapping: ScreenMapping
        /// The device's udev properties: `LIBINPUT_FUZZ_*` for the jitter filter and
        /// `LIBINPUT_CALIBRATION_MATRIX` for the calibration (``ScreenMapping/applying(_:)``). Default: none.
        public var udevProperties: UdevProperties
        /// The position axes of a single-touch device; `nil` (the default) takes
        /// ``DeviceDescription/singleTouchPositionAxes``.
        public var singleTouchPositionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)?
        /// The fraction of the pressure range that counts as an average touch (force 1.0, spec §1.3).
        /// Default 0.25, so `TouchContact.maximumPossibleForce` is 4.
        public var typicalForceFraction: Double

        /// Creates a configuration.
        public init(
            mapping: ScreenMapping = ScreenMapping(),
            singleTouchPositionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)? = nil,
            typicalForceFraction: Double = 0.25,
            udevProperties: UdevProperties = UdevProperties()
        ) {
            self.mapping = mapping
            self.udevProperties = udevProperties
            self.singleTouchPositionAxes = singleTouchPositionAxes
            self.typicalForceFraction = typicalForceFraction
        }
    }

    /// The error for a description that has neither multitouch axes nor `BTN_TOUCH` with position axes.
    public struct UnsupportedDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The device's name.
        public var deviceName: String
        public var description: String {
            "\"\(deviceName)\" is not a touch device: it has no ABS_MT_POSITION_X/Y and no BTN_TOUCH with ABS_X/Y"
        }
    }

    /// The decoder's phase.
    enum State: Sendable {
        /// Applying events and emitting frames at each `SYN_REPORT`.
        /// Can transition to: ``discarding(unreported:)``, ``resynchronizing``, ``ended``.
        case decoding
        /// After `SYN_DROPPED` in the stream, until the next `SYN_REPORT`; carries the contacts that closed in
        /// the interrupted report but were not yet reported, so they can be cancelled.
        /// Can transition to: ``decoding``, ``ended``.
        case discarding(unreported: [ClosedContact])
        /// Applying a live device's repair events (libevdev's sync frames); vanished contacts are cancelled.
        /// Can transition to: ``decoding``, ``ended``.
        case resynchronizing
        /// The device went away or the trace finished; every input is ignored.
        /// Can transition to: nothing.
        case ended
    }

    /// Which events carry contacts.
    enum Mode: Sendable {
        /// Protocol B (or protocol A after libmtdev): `ABS_MT_*` events in slots.
        case slots
        /// `BTN_TOUCH` with two position axes in slot 0.
        case singleTouch(x: AbsoluteAxis, y: AbsoluteAxis)
    }

    /// A contact the decoder reports to the core.
    struct Contact: Sendable {
        var id: TouchContact.ID
        /// Whether the contact began in the report being collected (and was not yet reported).
        var isNew: Bool
        var lastLocation: Point
    }

    /// What occupies a slot.
    enum Occupant: Sendable {
        /// No tracked contact.
        case free
        /// A contact reported to the core.
        case contact(Contact)
        /// A contact that is not reported (a palm, or one cancelled by `SYN_DROPPED`) until the tracking id
        /// changes.
        case ignored
    }

    /// The values a slot keeps across contacts, in device units.
    struct SlotValues: Sendable {
        var positionX: Int32 = 0
        var positionY: Int32 = 0
        var touchMajor: Int32 = 0
        var pressure: Int32 = 0
        var toolType: Int32 = 0
    }

    struct Slot: Sendable {
        var values = SlotValues()
        var trackingID: Int32 = -1
        var occupant = Occupant.free
        /// The jitter filter's center (``JitterFilter``), in device units.
        var center: (x: Int32, y: Int32) = (0, 0)
        /// Whether a position event changed the slot in the report being collected.
        var positionChanged = false
    }

    /// A contact that ended, or was cancelled, in the report being collected.
    struct ClosedContact: Sendable {
        var slot: Int
        var contact: Contact
        var values: SlotValues
        var phase: TouchContact.Phase
    }

    let description: DeviceDescription
    let configuration: Configuration
    let mode: Mode
    /// The jitter filter's margin in device units (half the fuzz on each axis), or `nil` when there is no
    /// filtering (off, a fuzz below 2 on an axis, or a single-touch device).
    public let hysteresisMargin: (x: Int32, y: Int32)?
    /// Reports in which a contact's position changed but the jitter filter kept the touch where it was.
    public internal(set) var filteredMotionCount = 0
    let xAxis: AxisInfo
    let yAxis: AxisInfo
    /// Points per unit of the size axis (``ScreenMapping/pointsPerSizeUnit(sizeAxis:xAxis:yAxis:)``), or `nil`
    /// when the device reports no size.
    let pointsPerSizeUnit: Double?
    /// The pressure axis's minimum, the pressure of force 1.0 above it, and the maximum force (spec §1.3), or
    /// `nil` when the device reports no pressure (or the typical force fraction is 0).
    let forceScale: (minimum: Double, typical: Double, maximumForce: Double)?
    /// Codes accepted in addition to the description's (the slot axes libmtdev adds for protocol A).
    let extraCodes: Set<UInt16>
    /// The description's codes and ``extraCodes`` as a bit set, tested for every event.
    let acceptedCodes: EventCodeSet

    var state = State.decoding
    var slots: [Slot]
    /// The slot the next `ABS_MT_*` event changes, or `nil` after an out-of-range `ABS_MT_SLOT`.
    var currentSlot: Int? = 0
    /// The contacts that closed in the current report (room for every slot, kept between reports).
    var closedInReport: [ClosedContact] = []
    var nextContactID: UInt64 = 1
    var lastReportTime: Timestamp?
    var reportedUnadvertised: Set<UInt32> = []
    /// The finger count of the `BTN_TOOL_*` keys that are down.
    var toolFingerKeys: Set<Key> = []
    /// The number of fingers the device says are down through `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP`
    /// (0 when it sends none): the largest finger count among `toolFingerKeys`, kept up to date by key
    /// events. Can exceed the number of contacts on a device with fewer slots than fingers.
    public private(set) var toolFingerCount = 0
    var lastFingerCountDiagnosed = 0
    /// A counter for single-touch contacts, which have no tracking id of their own.
    var singleTouchSerial: Int32 = 0
    /// The last value the kernel would have passed on for each absolute axis (`isKernelRepeat(code:value:)`):
    /// ``absoluteCodeCount`` device-wide values, then ``multitouchCodeCount`` per slot.
    var kernelValues: [Int32]
    /// `ABS_CNT`: the absolute codes.
    static let absoluteCodeCount = 0x40
    /// `ABS_MT_TOUCH_MAJOR` … `ABS_MT_TOOL_Y`: the kernel's per-slot codes.
    static let multitouchCodeCount = Int(AbsoluteAxis.lastMultitouchContactCode - AbsoluteAxis.firstMultitouchContactCode) + 1
    /// Reused storage for ``finishReport(at:into:)``: the frames of a report are built in it.
    var reportFrames = FrameBuilder()

    /// Creates a decoder for a device.
    ///
    /// For a protocol-A device (``DeviceDescription/TouchProtocol/anonymous``) the decoder expects events that
    /// went through ``ProtocolAConverter`` first; ``TouchInputDecoder`` does that.
    ///
    /// - Throws: ``UnsupportedDeviceError`` when the description has no touch axes.
    public init(description: DeviceDescription, configuration: Configuration = Configuration()) throws {
        self.description = description
        var configuration = configuration
        configuration.mapping = configuration.mapping.applying(configuration.udevProperties)
        self.configuration = configuration
        let slotCount: Int
        switch description.touchProtocol {
        case .slots(let count):
            mode = .slots
            slotCount = count
            extraCodes = []
        case .anonymous:
            mode = .slots
            slotCount = ProtocolAConverter.slotCount
            extraCodes = [AbsoluteAxis.multitouchSlot.rawValue, AbsoluteAxis.multitouchTrackingID.rawValue]
        case .singleTouch:
            let axes = configuration.singleTouchPositionAxes ?? description.singleTouchPositionAxes
            mode = .singleTouch(x: axes.x, y: axes.y)
            slotCount = 1
            extraCodes = []
        case .none:
            throw UnsupportedDeviceError(deviceName: description.name)
        }
        slots = Array(repeating: Slot(), count: slotCount)
        kernelValues = Array(repeating: 0, count: Self.absoluteCodeCount + slotCount * Self.multitouchCodeCount)
        let trackingID = Int(AbsoluteAxis.multitouchTrackingID.rawValue - AbsoluteAxis.firstMultitouchContactCode)
        for slot in 0..<slotCount {
            kernelValues[Self.absoluteCodeCount + slot * Self.multitouchCodeCount + trackingID] = -1
        }
        closedInReport.reserveCapacity(slotCount)
        switch mode {
        case .slots:
            let filter = configuration.mapping.jitterFilter
            let udev = configuration.udevProperties
            let margin = (
                x: filter.fuzz(for: .multitouchPositionX, description: description, udev: udev) / 2,
                y: filter.fuzz(for: .multitouchPositionY, description: description, udev: udev) / 2)
            hysteresisMargin = margin.x > 0 && margin.y > 0 ? margin : nil
        case .singleTouch:
            hysteresisMargin = nil
        }
        acceptedCodes = EventCodeSet(description, extraAbsolute: extraCodes)
        reportFrames = FrameBuilder(capacity: slotCount)
        let fallback = AxisInfo(minimum: 0, maximum: 0)
        let sizeAxis: AxisInfo?
        let pressureAxis: AxisInfo?
        switch mode {
        case .slots:
            xAxis = description.axes[.multitouchPositionX] ?? fallback
            yAxis = description.axes[.multitouchPositionY] ?? fallback
            sizeAxis = description.axes[.multitouchTouchMajor]
            pressureAxis = description.axes[.multitouchPressure]
        case .singleTouch(let x, let y):
            xAxis = description.axes[x] ?? fallback
            yAxis = description.axes[y] ?? fallback
            sizeAxis = nil
            pressureAxis = description.axes[.pressure]
        }
        pointsPerSizeUnit = sizeAxis.map { [xAxis, yAxis] in
            configuration.mapping.pointsPerSizeUnit(sizeAxis: $0, xAxis: xAxis, yAxis: yAxis)
        }
        let fraction = configuration.typicalForceFraction
        if let pressureAxis, fraction > 0,
            case let typical = (Double(pressureAxis.maximum) - Double(pressureAxis.minimum)) * fraction, typical > 0
        {
            forceScale = (Double(pressureAxis.minimum), typical, 1 / fraction)
        } else {
            forceScale = nil
        }
    }

    /// The number of contacts currently reported as down.
    public var activeContactCount: Int {
        slots.reduce(0) { count, slot in
            if case .contact(let contact) = slot.occupant, !contact.isNew { return count + 1 }
            return count
        }
    }

    /// Applies one event; returns the frames it completes (at `SYN_REPORT`) and any diagnostics.
    public mutating func handle(_ event: InputEvent) -> Output {
        var output = Output()
        handle(event, into: &output)
        return output
    }

    /// Applies one event and appends the frames it completes (at `SYN_REPORT`) and any diagnostics to
    /// `output`: the form for a caller that reuses one output's storage for every event (a replay).
    public mutating func handle(_ event: InputEvent, into output: inout Output) {
        switch state {
        case .ended:
            return
        case .discarding(let unreported):
            guard event.isReport else { return }
            state = .decoding
            output.append(cancelAfterDrop(unreported: unreported, at: event.timestamp))
            return
        case .decoding, .resynchronizing:
            break
        }
        switch event.type {
        case .synchronization:
            switch SynchronizationCode(rawValue: event.code) {
            case .report:
                finishReport(at: event.timestamp, into: &output)
            case .dropped:
                // Contacts closed earlier in this report were never reported as ended: cancel them at the
                // next report. Contacts that began in it were never reported at all.
                let unreported = closedInReport.filter { !$0.contact.isNew }
                closedInReport = []
                state = .discarding(unreported: unreported)
                output.diagnostics.append(.eventsDropped(at: event.timestamp))
            default:
                break
            }
            return
        default:
            break
        }
        guard acceptedCodes.contains(event.type, code: event.code)
            || (!EventCodeSet.covers(event.type, code: event.code) && description.supports(event.type, code: event.code))
        else {
            let key = UInt32(event.type.rawValue) << 16 | UInt32(event.code)
            if reportedUnadvertised.insert(key).inserted {
                output.diagnostics.append(.unadvertisedCode(type: event.type, code: event.code))
            }
            return
        }
        switch event.type {
        case .key:
            applyKey(Key(rawValue: event.code), value: event.value)
        case .absolute:
            if isKernelRepeat(code: event.code, value: event.value) { return }
            applyAxis(AbsoluteAxis(rawValue: event.code), value: event.value, diagnostics: &output.diagnostics)
        default:
            break
        }
    }

    /// Whether the kernel's input core would drop this absolute value as a repeat (Linux `input_handle_abs_event`):
    /// a value equal to the last one passed on for the axis — per slot for `ABS_MT_TOUCH_MAJOR` … `ABS_MT_TOOL_Y`,
    /// per device for the other axes — is not passed on; `ABS_MT_SLOT` never counts (the kernel stages it). Records
    /// the value otherwise.
    ///
    /// A live device never sends a repeat (the kernel dropped it), so this only changes replays of recordings made
    /// below the input core (hid-replay, hand-made traces): they now decode as the kernel would have passed them
    /// on. Values start at 0 and tracking ids at −1, as in a new kernel device. During a live repair (libevdev's
    /// sync events) values are recorded but nothing is dropped.
    @inline(__always) mutating func isKernelRepeat(code: UInt16, value: Int32) -> Bool {
        let index: Int
        if code >= AbsoluteAxis.firstMultitouchContactCode && code <= AbsoluteAxis.lastMultitouchContactCode {
            guard let slot = currentSlot, case .slots = mode else { return false }
            index = Self.absoluteCodeCount
                + slot * Self.multitouchCodeCount + Int(code - AbsoluteAxis.firstMultitouchContactCode)
        } else if code != AbsoluteAxis.multitouchSlot.rawValue && Int(code) < Self.absoluteCodeCount {
            index = Int(code)
        } else {
            return false
        }
        let repeated = kernelValues[index] == value
        kernelValues[index] = value
        switch state {
        case .decoding: return repeated
        case .resynchronizing, .discarding, .ended: return false
        }
    }

    /// Starts a live repair after `SYN_DROPPED`: the events that follow (libevdev's sync frames) describe the
    /// device's real state, and contacts whose tracking id vanished are cancelled rather than ended (spec
    /// §1.2.4). The partial report before the drop is kept, because libevdev's repair is relative to it.
    ///
    /// Called while the decoder discards after a `SYN_DROPPED` in the stream, the contacts that closed before
    /// the drop without being reported stay owed a cancellation: it comes with the next report.
    public mutating func beginResynchronization() {
        switch state {
        case .decoding, .resynchronizing: state = .resynchronizing
        case .discarding(let unreported):
            // Keep the pending cancels: the next report (a sync frame's) sends them.
            var owed = unreported
            for index in owed.indices { owed[index].phase = .cancelled }
            closedInReport = owed + closedInReport
            state = .resynchronizing
        case .ended: break
        }
    }

    /// Ends a live repair: events are ordinary again.
    public mutating func endResynchronization() {
        switch state {
        case .resynchronizing: state = .decoding
        case .decoding, .discarding, .ended: break
        }
    }

    /// Ends decoding — the device went away or the trace finished — and cancels every active contact in one
    /// frame at `timestamp` (or the last report's time, if later). Later input is ignored.
    public mutating func end(at timestamp: Timestamp) -> Output {
        var unreported: [ClosedContact] = []
        switch state {
        case .ended: return Output()
        case .discarding(let pending): unreported = pending
        case .decoding, .resynchronizing: unreported = closedInReport.filter { !$0.contact.isNew }
        }
        closedInReport = []
        // The end is never earlier than the last report: no time diagnostic for it (the input's own reports
        // already had theirs).
        let end = lastReportTime.map { Swift.max($0, timestamp) } ?? timestamp
        let output = cancelAll(unreported: unreported, at: end)
        state = .ended
        return output
    }

    // MARK: Applying events

    mutating func applyKey(_ key: Key, value: Int32) {
        if key.fingerCount != nil {
            if value != 0 { toolFingerKeys.insert(key) } else { toolFingerKeys.remove(key) }
            var count = 0
            for down in toolFingerKeys { count = Swift.max(count, down.fingerCount ?? 0) }
            toolFingerCount = count
            return
        }
        guard case .singleTouch = mode, key == .touch else { return }
        let down = value != 0
        let wasDown = slots[0].trackingID >= 0
        guard down != wasDown else { return }
        if down {
            singleTouchSerial = singleTouchSerial == Int32.max ? 0 : singleTouchSerial + 1
        }
        var ignored: [Diagnostic] = []
        setTrackingID(down ? singleTouchSerial : -1, slot: 0, diagnostics: &ignored)
    }

    /// Applies an absolute-axis event; appends what it noticed to `diagnostics`.
    @inline(__always) mutating func applyAxis(_ axis: AbsoluteAxis, value: Int32, diagnostics: inout [Diagnostic]) {
        switch mode {
        case .singleTouch(let x, let y):
            if axis == x { slots[0].values.positionX = value }
            if axis == y { slots[0].values.positionY = value }
            if axis == .pressure { slots[0].values.pressure = value }
            return
        case .slots:
            break
        }
        if axis == .multitouchSlot {
            if value >= 0 && Int(value) < slots.count {
                currentSlot = Int(value)
                return
            }
            currentSlot = nil
            diagnostics.append(.slotOutOfRange(slot: value, slotCount: slots.count))
            return
        }
        guard let slot = currentSlot else { return }
        switch axis {
        case .multitouchTrackingID: setTrackingID(value, slot: slot, diagnostics: &diagnostics)
        case .multitouchPositionX:
            slots[slot].values.positionX = value
            slots[slot].positionChanged = true
        case .multitouchPositionY:
            slots[slot].values.positionY = value
            slots[slot].positionChanged = true
        case .multitouchTouchMajor: slots[slot].values.touchMajor = value
        case .multitouchPressure: slots[slot].values.pressure = value
        case .multitouchToolType: slots[slot].values.toolType = value
        default: break
        }
    }

    /// Gives slot `index` a new tracking id (−1: none), closing its contact and beginning a new one; appends
    /// what it noticed to `diagnostics`.
    mutating func setTrackingID(_ trackingID: Int32, slot index: Int, diagnostics: inout [Diagnostic]) {
        let old = slots[index].trackingID
        guard trackingID != old else { return }
        if old >= 0 && trackingID >= 0 {
            diagnostics.append(.trackingIDChangedWithoutLift(slot: index, from: old, to: trackingID))
        }
        if case .contact(let contact) = slots[index].occupant {
            let phase: TouchContact.Phase =
                switch state {
                case .resynchronizing: .cancelled
                case .decoding, .discarding, .ended: .ended
                }
            closedInReport.append(
                ClosedContact(slot: index, contact: contact, values: slots[index].values, phase: phase))
        }
        slots[index].trackingID = trackingID
        if trackingID >= 0 {
            let id = TouchContact.ID(nextContactID)
            nextContactID += 1
            slots[index].occupant = .contact(Contact(id: id, isNew: true, lastLocation: .zero))
        } else {
            slots[index].occupant = .free
        }
    }
}

extension MultitouchDecoder.State: CustomStringConvertible {
    /// The state's name, for transition logs.
    var description: String {
        switch self {
        case .decoding: "decoding"
        case .discarding(let unreported): "discarding (\(unreported.count) unreported)"
        case .resynchronizing: "resynchronizing"
        case .ended: "ended"
        }
    }
}
