import Tactile

/// Turns a protocol-A stream (anonymous contacts separated by `SYN_MT_REPORT`) into protocol-B slot events
/// with libmtdev, as libinput and Qt do.
///
/// libmtdev matches contacts from frame to frame (a Euclidean bipartite matching) and hands out tracking ids.
/// It is driven without a device (`mtdev-plumbing.h`): the description's `ABS_MT_*` ranges are declared by
/// hand, so the same converter serves live devices and trace files. The fuzz given to libmtdev for positions is
/// the jitter filter's (``JitterFilter``: udev's saved fuzz, else the description's; never libmtdev's default of
/// range / 250), and the description's for the other axes.
///
/// Two guards protect libmtdev from untrusted input, found by testing libmtdev 1.1.6:
/// - it loops forever on a frame with 32 or more contacts, so at most ``contactLimit`` packets per frame are
///   passed on (the rest are dropped with a diagnostic);
/// - its queues hold 512 events, so each packet passes on only the last value of each axis.
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
    private var packets: [[(code: UInt16, value: Int32)]] = []
    private var packet: [(code: UInt16, value: Int32)] = []
    private var passThrough: [InputEvent] = []
    private var touch: Int32?
    private var droppedPackets = 0
    /// Whether the frame had a `SYN_MT_REPORT` (an empty frame `SYN_MT_REPORT, SYN_REPORT` lifts every contact).
    private var sawMultitouchReport = false

    /// Creates a converter for a device's multitouch axes; `nil` only when memory runs out.
    ///
    /// - Parameters:
    ///   - description: the device's description (its multitouch axes, ranges and fuzz).
    ///   - fuzz: the fuzz handed to libmtdev for some axes instead of the description's (negative
    ///     values count as 0).
    public init?(description: DeviceDescription, fuzz: [AbsoluteAxis: Int32] = [:]) {
        guard let mtdev = MtdevHandle() else { return nil }
        self.mtdev = mtdev
        for (axis, info) in description.axes where axis.isMultitouchContactAxis {
            var info = info
            if let value = fuzz[axis] { info.fuzz = max(0, value) }
            mtdev.enableAxis(axis.rawValue, info: info)
        }
    }

    /// Takes one protocol-A event; returns the protocol-B events it completes (at `SYN_REPORT`).
    public func convert(_ event: InputEvent) -> (events: [InputEvent], diagnostics: [MultitouchDecoder.Diagnostic]) {
        switch event.type {
        case .synchronization:
            switch SynchronizationCode(rawValue: event.code) {
            case .multitouchReport:
                sawMultitouchReport = true
                closePacket()
                return ([], [])
            case .report:
                return finishFrame(at: event.timestamp)
            case .dropped:
                packets = []
                packet = []
                passThrough = []
                touch = nil
                droppedPackets = 0
                sawMultitouchReport = false
                return ([event], [])
            default:
                return ([], [])
            }
        case .absolute:
            let axis = AbsoluteAxis(rawValue: event.code)
            if axis.isMultitouchContactAxis {
                if let index = packet.firstIndex(where: { $0.code == event.code }) {
                    packet[index].value = event.value
                } else {
                    packet.append((event.code, event.value))
                }
                return ([], [])
            }
            if axis == .multitouchSlot { return ([], []) }
        case .key:
            if event.code == Key.touch.rawValue {
                touch = event.value
                passThrough.append(event)
                return ([], [])
            }
        default:
            break
        }
        passThrough.append(event)
        return ([], [])
    }

    private func closePacket() {
        guard !packet.isEmpty else { return }
        if packets.count < Self.contactLimit {
            packets.append(packet)
        } else {
            droppedPackets += 1
        }
        packet = []
    }

    private func finishFrame(at time: Timestamp) -> (events: [InputEvent], diagnostics: [MultitouchDecoder.Diagnostic]) {
        closePacket()
        var diagnostics: [MultitouchDecoder.Diagnostic] = []
        if droppedPackets > 0 {
            diagnostics.append(
                .tooManyAnonymousContacts(count: packets.count + droppedPackets, limit: Self.contactLimit))
        }
        for packet in packets {
            for (code, value) in packet {
                mtdev.put(InputEvent(timestamp: time, type: .absolute, code: code, value: value))
            }
            mtdev.put(InputEvent(timestamp: time, .multitouchReport))
        }
        if packets.isEmpty && sawMultitouchReport { mtdev.put(InputEvent(timestamp: time, .multitouchReport)) }
        if let touch { mtdev.put(InputEvent(timestamp: time, .touch, touch)) }
        mtdev.put(InputEvent(timestamp: time, .report))
        let converted = mtdev.drain().filter { !$0.isReport && !($0.type == .key && $0.code == Key.touch.rawValue) }
        let events = passThrough + converted + [InputEvent(timestamp: time, .report)]
        packets = []
        passThrough = []
        touch = nil
        droppedPackets = 0
        sawMultitouchReport = false
        return (events, diagnostics)
    }
}

@available(*, unavailable)
extension ProtocolAConverter: Sendable {}
