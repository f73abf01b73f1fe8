/// A key or button code (`KEY_*`, `BTN_*`), the code of an ``EventType/key`` event.
public struct Key: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The kernel's number for the key.
    public var rawValue: UInt16

    /// Creates a key from the kernel's number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `BTN_LEFT`: the physical click of a clickpad.
    public static let leftButton = Key(rawValue: 0x110)
    /// `BTN_TOOL_PEN`: a pen is in range.
    public static let toolPen = Key(rawValue: 0x140)
    /// `BTN_TOOL_RUBBER`: a pen's eraser is in range.
    public static let toolRubber = Key(rawValue: 0x141)
    /// `BTN_TOOL_FINGER`: one finger on a touchpad.
    public static let toolFinger = Key(rawValue: 0x145)
    /// `BTN_TOOL_QUINTTAP`: five fingers.
    public static let toolQuintupleTap = Key(rawValue: 0x148)
    /// `BTN_TOUCH`: a tool is in meaningful contact with the surface.
    public static let touch = Key(rawValue: 0x14a)
    /// `BTN_TOOL_DOUBLETAP`: two fingers.
    public static let toolDoubleTap = Key(rawValue: 0x14d)
    /// `BTN_TOOL_TRIPLETAP`: three fingers.
    public static let toolTripleTap = Key(rawValue: 0x14e)
    /// `BTN_TOOL_QUADTAP`: four fingers.
    public static let toolQuadrupleTap = Key(rawValue: 0x14f)

    /// The largest key code the kernel defines (`KEY_MAX`).
    public static let maximum = Key(rawValue: 0x2ff)

    /// The number of fingers a `BTN_TOOL_*` finger-count key stands for (1 for `BTN_TOOL_FINGER` … 5 for
    /// `BTN_TOOL_QUINTTAP`), or `nil` for any other key.
    @inlinable
    public var fingerCount: Int? {
        switch rawValue {
        case 0x145: 1
        case 0x14d: 2
        case 0x14e: 3
        case 0x14f: 4
        case 0x148: 5
        default: nil
        }
    }

    @inlinable
    public static func < (lhs: Key, rhs: Key) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kernel's name, such as `BTN_TOUCH`, or the number in hexadecimal when it has none.
    public var description: String {
        EventCodeNames.name(of: rawValue, type: .key) ?? "KEY_0x" + String(rawValue, radix: 16)
    }
}
