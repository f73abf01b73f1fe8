/// The type of an evdev event (`EV_SYN`, `EV_KEY`, `EV_ABS`, …), as in `<linux/input-event-codes.h>`.
///
/// A small wrapper over the kernel's number: every value is representable, including types this library does
/// not name. ``name`` and ``init(name:)`` translate to and from the kernel's names through libevdev.
public struct EventType: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The kernel's number for the type.
    public var rawValue: UInt16

    /// Creates a type from the kernel's number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Frame markers and flow control (`EV_SYN`).
    public static let synchronization = EventType(rawValue: 0x00)
    /// Keys and buttons, including `BTN_TOUCH` and the `BTN_TOOL_*` finger counts (`EV_KEY`).
    public static let key = EventType(rawValue: 0x01)
    /// Relative axes such as mouse motion (`EV_REL`).
    public static let relative = EventType(rawValue: 0x02)
    /// Absolute axes, including every multitouch axis (`EV_ABS`).
    public static let absolute = EventType(rawValue: 0x03)
    /// Miscellaneous data such as `MSC_SCAN` and `MSC_TIMESTAMP` (`EV_MSC`).
    public static let miscellaneous = EventType(rawValue: 0x04)
    /// Binary switches such as a lid or tablet-mode switch (`EV_SW`).
    public static let `switch` = EventType(rawValue: 0x05)
    /// LEDs (`EV_LED`).
    public static let led = EventType(rawValue: 0x11)
    /// Sounds (`EV_SND`).
    public static let sound = EventType(rawValue: 0x12)
    /// Key auto-repeat settings (`EV_REP`).
    public static let autorepeat = EventType(rawValue: 0x14)
    /// Force feedback (`EV_FF`).
    public static let forceFeedback = EventType(rawValue: 0x15)
    /// Power buttons and switches (`EV_PWR`).
    public static let power = EventType(rawValue: 0x16)
    /// Force-feedback status (`EV_FF_STATUS`).
    public static let forceFeedbackStatus = EventType(rawValue: 0x17)

    /// The largest event type the kernel defines (`EV_MAX`).
    public static let maximum = EventType(rawValue: 0x1f)

    @inlinable
    public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kernel's name, such as `EV_ABS`, or the number in hexadecimal when libevdev has no name for it.
    public var description: String { name ?? "EV_0x" + String(rawValue, radix: 16) }
}
