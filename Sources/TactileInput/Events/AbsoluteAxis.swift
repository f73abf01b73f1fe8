/// An absolute axis code (`ABS_*`), the code of an ``EventType/absolute`` event.
///
/// Every value is representable, including codes this library does not name (the ELAN CANDO screen sends
/// code `0x1d`, which has no name and which its description does not advertise).
public struct AbsoluteAxis: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The kernel's number for the axis.
    public var rawValue: UInt16

    /// Creates an axis from the kernel's number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `ABS_X`: the single-touch (or pointer-emulation) x position.
    public static let x = AbsoluteAxis(rawValue: 0x00)
    /// `ABS_Y`: the single-touch (or pointer-emulation) y position.
    public static let y = AbsoluteAxis(rawValue: 0x01)
    /// `ABS_Z`.
    public static let z = AbsoluteAxis(rawValue: 0x02)
    /// `ABS_RX`.
    public static let rotationX = AbsoluteAxis(rawValue: 0x03)
    /// `ABS_PRESSURE`: the single-touch pressure.
    public static let pressure = AbsoluteAxis(rawValue: 0x18)
    /// `ABS_MT_SLOT`: selects the slot the following multitouch events change (protocol B).
    public static let multitouchSlot = AbsoluteAxis(rawValue: 0x2f)
    /// `ABS_MT_TOUCH_MAJOR`: the major axis of the contact ellipse, in surface units.
    public static let multitouchTouchMajor = AbsoluteAxis(rawValue: 0x30)
    /// `ABS_MT_TOUCH_MINOR`: the minor axis of the contact ellipse, in surface units.
    public static let multitouchTouchMinor = AbsoluteAxis(rawValue: 0x31)
    /// `ABS_MT_WIDTH_MAJOR`: the major axis of the approaching tool.
    public static let multitouchWidthMajor = AbsoluteAxis(rawValue: 0x32)
    /// `ABS_MT_WIDTH_MINOR`: the minor axis of the approaching tool.
    public static let multitouchWidthMinor = AbsoluteAxis(rawValue: 0x33)
    /// `ABS_MT_ORIENTATION`: the orientation of the contact ellipse.
    public static let multitouchOrientation = AbsoluteAxis(rawValue: 0x34)
    /// `ABS_MT_POSITION_X`: the x position of the contact's centre.
    public static let multitouchPositionX = AbsoluteAxis(rawValue: 0x35)
    /// `ABS_MT_POSITION_Y`: the y position of the contact's centre.
    public static let multitouchPositionY = AbsoluteAxis(rawValue: 0x36)
    /// `ABS_MT_TOOL_TYPE`: finger, pen or palm (see ``MultitouchToolType``).
    public static let multitouchToolType = AbsoluteAxis(rawValue: 0x37)
    /// `ABS_MT_BLOB_ID`: groups protocol-A packets into one shape.
    public static let multitouchBlobID = AbsoluteAxis(rawValue: 0x38)
    /// `ABS_MT_TRACKING_ID`: the contact's identity; −1 ends the contact in the slot.
    public static let multitouchTrackingID = AbsoluteAxis(rawValue: 0x39)
    /// `ABS_MT_PRESSURE`: the contact's pressure.
    public static let multitouchPressure = AbsoluteAxis(rawValue: 0x3a)
    /// `ABS_MT_DISTANCE`: the hover distance (0 = touching).
    public static let multitouchDistance = AbsoluteAxis(rawValue: 0x3b)
    /// `ABS_MT_TOOL_X`: the x position of the approaching tool.
    public static let multitouchToolX = AbsoluteAxis(rawValue: 0x3c)
    /// `ABS_MT_TOOL_Y`: the y position of the approaching tool.
    public static let multitouchToolY = AbsoluteAxis(rawValue: 0x3d)

    /// The largest absolute axis the kernel defines (`ABS_MAX`).
    public static let maximum = AbsoluteAxis(rawValue: 0x3f)

    /// Whether the axis is one of the per-contact multitouch axes (`ABS_MT_TOUCH_MAJOR` … `ABS_MT_TOOL_Y`),
    /// not counting ``multitouchSlot``.
    @inlinable
    public var isMultitouchContactAxis: Bool { rawValue >= 0x30 && rawValue <= 0x3d }

    /// `ABS_MT_FIRST` (`ABS_MT_TOUCH_MAJOR`): the first of the kernel's per-slot codes.
    static let firstMultitouchContactCode: UInt16 = 0x30
    /// `ABS_MT_LAST` (`ABS_MT_TOOL_Y`): the last of the kernel's per-slot codes.
    static let lastMultitouchContactCode: UInt16 = 0x3d

    @inlinable
    public static func < (lhs: AbsoluteAxis, rhs: AbsoluteAxis) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kernel's name, such as `ABS_MT_SLOT`, or the number in hexadecimal when it has none.
    public var description: String {
        EventCodeNames.name(of: rawValue, type: .absolute) ?? "ABS_0x" + String(rawValue, radix: 16)
    }
}

/// The values of `ABS_MT_TOOL_TYPE` (`MT_TOOL_*`).
public struct MultitouchToolType: RawRepresentable, Hashable, Sendable {
    /// The kernel's number for the tool.
    public var rawValue: Int32

    /// Creates a tool type from the kernel's number.
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `MT_TOOL_FINGER`.
    public static let finger = MultitouchToolType(rawValue: 0)
    /// `MT_TOOL_PEN`: the contact becomes a touch of type `Tactile.TouchType.pencil`.
    public static let pen = MultitouchToolType(rawValue: 1)
    /// `MT_TOOL_PALM`: the contact is cancelled (spec §1.2).
    public static let palm = MultitouchToolType(rawValue: 2)
    /// `MT_TOOL_DIAL`: a knob on the surface; treated as a finger.
    public static let dial = MultitouchToolType(rawValue: 0x0a)
}
