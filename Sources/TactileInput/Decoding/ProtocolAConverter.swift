import Tactile

/// Turns a protocol-A stream (anonymous contacts separated by `SYN_MT_REPORT`) into protocol-B slot events
/// with libmtdev, as libinput and Qt do.
///
/// libmtdev matches contacts from frame to frame (a Euclidean bipartite matching) and hands out tracking ids.
/// It is driven without a device (`mtdev-plumbing.h`): the description's `ABS_MT_*` ranges are declared by
/// hand, so the same converter serves live devices and trace files. The fuzz given to libmtdev for positions is
/// the jitter filter's (``JitterFilter``: udev's saved fuzz, else the description's), and the description's for
/// the other axes; an axis left with no fuzz gets libmtdev's default (range / 250 for
/// positions), as under libinput, which opens the device with libmtdev.
///
/// Two guards protect libmtdev from untrusted input, found by testing libmtdev 1.1.6:
/// - it loops forever on a frame with 32 or more contacts, so at most ``contactLimit`` packets per frame are
///   passed on (the rest are dropped with a diagnostic);
/// - its queues hold 512 events, so each packet passes on only the last value of each axis.
///
/// libmtdev reads two axes of a packet whether or not the packet set them (it keeps a frame's packets in a stack
/// array it does not clear; libmtdev 1.1.5–1.1.6 `src/core.c`): `ABS_MT_TOUCH_MAJOR`, when the device declares
/// it (a packet whose major is 0 is not a touch: `istouch`), and `ABS_MT_TRACKING_ID`, when declared (the
/// driver's identities are then used instead of libmtdev's matching). A packet that lacked them was read
/// uninitialised (valgrind's memcheck reported it) and the same input could decode differently from run to run.
/// So: a packet without `ABS_MT_TOUCH_MAJOR` is given the smallest touching size, 1 clamped to the axis's
/// range (``missingTouchMajor(_:)``): a packet is a contact the driver reported; and `ABS_MT_TRACKING_ID` is
/// never declared to libmtdev, which then gives identities by matching positions from frame to frame, as for
/// every protocol-A device without identities (all the shared protocol-A recordings).
///
/// A last packet that is not closed by `SYN_MT_REPORT` before `SYN_REPORT` (allowed when the driver also sends
/// `BTN_TOUCH`) is closed by the converter; libmtdev alone would drop it. Non-multitouch events pass through
/// unchanged, before the converted ones. Not `Sendable`: it owns libmtdev's state.
public final class ProtocolAConverter {
    /// The number of slots libmtdev reports contacts in (its `DIM_FINGER`).
    public static let slotCount = 32
    /// The most contacts per frame passed to libmtdev.
    public static let contactLimit = 31

    private let mtdev: MtdevHandle
    /// The axes libmtdev reads in every packet (``missingTouchMajor(_:)``), each with the value a packet that
    /// lacks it is given.
    private let completion: [(code: UInt16, value: Int32)]
    /// The frame's packets, one after the other: `(code, value)` pairs, the closed packets first (each ends at
    /// its entry in ``packetEnds``), then the open one. Flat and reused from frame to frame: no allocation per
    /// packet or per frame.
    private var packetValues: [(code: UInt16, value: Int32)] = []
    private var packetEnds: [Int] = []
    private var passThrough: [InputEvent] = []
    private var touch: Int32?
    private var droppedPackets = 0
    /// Whether the frame had a `SYN_MT_REPORT` (an empty frame `SYN_MT_REPORT, SYN_REPORT` lifts every contact).
    private var sawMultitouchReport = false

    /// Where the open packet starts in ``packetValues``.
    private var openPacketStart: Int { packetEnds.last ?? 0 }

    /// Creates a converter for a device's multitouch axes; `nil` only when memory runs out.
    ///
    /// - Parameters:
    ///   - description: the device's description (its multitouch axes, ranges and fuzz).
    ///   - fuzz: the fuzz handed to libmtdev for some axes instead of the description's (negative
    ///     values count as 0).
    public init?(description: DeviceDescription, fuzz: [AbsoluteAxis: Int32] = [:]) {
        guard let mtdev = MtdevHandle() else { return nil }
        self.mtdev = mtdev
        var completion: [(code: UInt16, value: Int32)] = []
        for (axis, info) in description.axes where axis.isMultitouchContactAxis && axis != .multitouchTrackingID {
            var info = info
            if let value = fuzz[axis] { info.fuzz = max(0, value) }
            if info.fuzz == 0 { info.fuzz = Self.defaultFuzz(for: axis, info) }
            mtdev.enableAxis(axis.rawValue, info: info)
            if axis == .multitouchTouchMajor { completion.append((axis.rawValue, Self.missingTouchMajor(info))) }
        }
        self.completion = completion
    }

    /// The `ABS_MT_TOUCH_MAJOR` given to libmtdev for a packet that lacks it: 1, the smallest size libmtdev
    /// counts as a touch, clamped to the axis's range.
    public static func missingTouchMajor(_ info: AxisInfo) -> Int32 {
        min(max(1, info.minimum), max(info.minimum, info.maximum))
    }

    /// libmtdev's fuzz for an axis whose device reports none (mtdev `src/caps.c` `default_fuzz`, applied by
    /// `mtdev_configure` when libinput opens a protocol-A device; the plumbing interface used here skips it):
    /// the range divided by 250 for positions, by 100 for sizes, by 10 for the orientation (integer division);
    /// 0 for the other axes.
    static func defaultFuzz(for axis: AbsoluteAxis, _ info: AxisInfo) -> Int32 {
        let signalToNoise: Int64
        switch axis {
        case .multitouchPositionX, .multitouchPositionY: signalToNoise = 250
        case .multitouchTouchMajor, .multitouchTouchMinor, .multitouchWidthMajor, .multitouchWidthMinor:
            signalToNoise = 100
        case .multitouchOrientation: signalToNoise = 10
        default: return 0
        }
        return Int32(clamping: (Int64(info.maximum) - Int64(info.minimum)) / signalToNoise)
    }

    /// Takes one protocol-A event; returns the protocol-B events it completes (at `SYN_REPORT`).
    public func convert(_ event: InputEvent) -> (events: [InputEvent], diagnostics: [MultitouchDecoder.Diagnostic]) {
        var events: [InputEvent] = []
        var diagnostics: [MultitouchDecoder.Diagnostic] = []
        convert(event) { output in
            switch output {
            case .event(let event): events.append(event)
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (events, diagnostics)
    }

    /// What ``convert(_:_:)`` hands on, in order.
    enum Converted {
        case event(InputEvent)
        case diagnostic(MultitouchDecoder.Diagnostic)
    }

    /// Takes one protocol-A event and gives each protocol-B event it completes (at `SYN_REPORT`), and each
    /// diagnostic, to `body` in order: the form that allocates nothing per frame.
    func convert(_ event: InputEvent, _ body: (Converted) -> Void) {
        switch event.type {
        case .synchronization:
            switch SynchronizationCode(rawValue: event.code) {
            case .multitouchReport:
                sawMultitouchReport = true
                closePacket()
            case .report:
                finishFrame(at: event.timestamp, body)
            case .dropped:
                reset()
                body(.event(event))
            default:
                break
            }
            return
        case .absolute:
            let axis = AbsoluteAxis(rawValue: event.code)
            if axis.isMultitouchContactAxis {
                if let index = packetValues[openPacketStart...].firstIndex(where: { $0.code == event.code }) {
                    packetValues[index].value = event.value
                } else {
                    packetValues.append((event.code, event.value))
                }
                return
            }
            if axis == .multitouchSlot { return }
        case .key:
            if event.code == Key.touch.rawValue { touch = event.value }
        default:
            break
        }
        passThrough.append(event)
    }

    private func closePacket() {
        let start = openPacketStart
        guard packetValues.count > start else { return }
        if packetEnds.count < Self.contactLimit {
            packetEnds.append(packetValues.count)
        } else {
            droppedPackets += 1
            packetValues.removeSubrange(start...)
        }
    }

    private func finishFrame(at time: Timestamp, _ body: (Converted) -> Void) {
        closePacket()
        if droppedPackets > 0 {
            body(.diagnostic(
                .tooManyAnonymousContacts(count: packetEnds.count + droppedPackets, limit: Self.contactLimit)))
        }
        var start = 0
        for end in packetEnds {
            let packet = packetValues[start..<end]
            for (code, value) in packet {
                mtdev.put(InputEvent(timestamp: time, type: .absolute, code: code, value: value))
            }
            for (code, value) in completion where !packet.contains(where: { $0.code == code }) {
                mtdev.put(InputEvent(timestamp: time, type: .absolute, code: code, value: value))
            }
            mtdev.put(InputEvent(timestamp: time, .multitouchReport))
            start = end
        }
        if packetEnds.isEmpty && sawMultitouchReport { mtdev.put(InputEvent(timestamp: time, .multitouchReport)) }
        if let touch { mtdev.put(InputEvent(timestamp: time, .touch, touch)) }
        mtdev.put(InputEvent(timestamp: time, .report))
        for event in passThrough { body(.event(event)) }
        mtdev.drain { converted in
            if !converted.isReport && !(converted.type == .key && converted.code == Key.touch.rawValue) {
                body(.event(converted))
            }
        }
        body(.event(InputEvent(timestamp: time, .report)))
        reset()
    }

    /// Forgets the frame collected so far, keeping the storage.
    private func reset() {
        packetValues.empty()
        packetEnds.empty()
        passThrough.empty()
        touch = nil
        droppedPackets = 0
        sawMultitouchReport = false
    }
}

@available(*, unavailable)
extension ProtocolAConverter: Sendable {}
