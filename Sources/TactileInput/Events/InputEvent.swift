import Tactile

/// One evdev event — a type, a code and a value at a time — from a device or a trace file.
///
/// The Swift form of the kernel's `struct input_event`, so that the decoder never sees a C type. Live input,
/// evemu files and `libinput record` files all produce these; ``MultitouchDecoder`` consumes them.
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// When the kernel stamped the event: the device's clock for live input (`CLOCK_MONOTONIC` once
    /// ``InputDevice`` has switched it), the recorded time for a trace.
    public var timestamp: Timestamp
    /// The event's type.
    public var type: EventType
    /// The event's code, whose meaning depends on ``type`` (see ``absoluteAxis``, ``key``,
    /// ``synchronizationCode``).
    public var code: UInt16
    /// The event's value (signed: −1 ends a multitouch contact).
    public var value: Int32

    /// The trace readers' limit on an event's seconds (exclusive): 2³² s, about 136 years — every clock an evdev
    /// device stamps with (`CLOCK_MONOTONIC`, `CLOCK_BOOTTIME`, `CLOCK_REALTIME` until 2106) stays below it. A
    /// later time is an error rather than a `Timestamp` that wraps: nanoseconds since the origin must fit
    /// an `Int64` with room left for the deadlines computed from them.
    public static let secondsLimit: Int64 = 1 << 32

    /// Creates an event from its four parts.
    @inlinable
    public init(timestamp: Timestamp, type: EventType, code: UInt16, value: Int32) {
        self.timestamp = timestamp
        self.type = type
        self.code = code
        self.value = value
    }

    /// Creates an absolute-axis event (`EV_ABS`).
    @inlinable
    public init(timestamp: Timestamp, _ axis: AbsoluteAxis, _ value: Int32) {
        self.init(timestamp: timestamp, type: .absolute, code: axis.rawValue, value: value)
    }

    /// Creates a key event (`EV_KEY`); `value` is 1 for down and 0 for up.
    @inlinable
    public init(timestamp: Timestamp, _ key: Key, _ value: Int32) {
        self.init(timestamp: timestamp, type: .key, code: key.rawValue, value: value)
    }

    /// Creates a synchronization event (`EV_SYN`) with value 0.
    @inlinable
    public init(timestamp: Timestamp, _ code: SynchronizationCode) {
        self.init(timestamp: timestamp, type: .synchronization, code: code.rawValue, value: 0)
    }

    /// The axis, when this is an absolute-axis event.
    @inlinable
    public var absoluteAxis: AbsoluteAxis? { type == .absolute ? AbsoluteAxis(rawValue: code) : nil }

    /// The key, when this is a key event.
    @inlinable
    public var key: Key? { type == .key ? Key(rawValue: code) : nil }

    /// The synchronization code, when this is a synchronization event.
    @inlinable
    public var synchronizationCode: SynchronizationCode? {
        type == .synchronization ? SynchronizationCode(rawValue: code) : nil
    }

    /// Whether this is `SYN_REPORT`, the end of a frame.
    @inlinable
    public var isReport: Bool { type == .synchronization && code == SynchronizationCode.report.rawValue }

    /// The event as evemu prints it in a comment: time, type name, code name and value.
    public var description: String {
        let codeName = EventCodeNames.name(of: code, type: type) ?? "0x" + String(code, radix: 16)
        return "\(timestamp) \(type) / \(codeName) \(value)"
    }
}
