/// A device property bit (`INPUT_PROP_*`), read with `EVIOCGPROP`.
public struct DeviceProperty: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The kernel's bit number for the property.
    public var rawValue: UInt16

    /// Creates a property from the kernel's bit number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `INPUT_PROP_POINTER`: not mapped onto the screen; needs an on-screen pointer (touchpads, tablets).
    public static let pointer = DeviceProperty(rawValue: 0)
    /// `INPUT_PROP_DIRECT`: coordinates map straight onto the screen (touchscreens, pen displays).
    public static let direct = DeviceProperty(rawValue: 1)
    /// `INPUT_PROP_BUTTONPAD`: a button under the pad (clickpad).
    public static let buttonPad = DeviceProperty(rawValue: 2)
    /// `INPUT_PROP_SEMI_MT`: only the bounding rectangle of the contacts is known.
    public static let semiMultitouch = DeviceProperty(rawValue: 3)
    /// `INPUT_PROP_TOPBUTTONPAD`: soft buttons along the top edge.
    public static let topButtonPad = DeviceProperty(rawValue: 4)
    /// `INPUT_PROP_POINTING_STICK`: a trackpoint.
    public static let pointingStick = DeviceProperty(rawValue: 5)
    /// `INPUT_PROP_ACCELEROMETER`: the axes are accelerometer data.
    public static let accelerometer = DeviceProperty(rawValue: 6)

    /// The largest property bit the kernel defines (`INPUT_PROP_MAX`).
    public static let maximum = DeviceProperty(rawValue: 0x1f)

    @inlinable
    public static func < (lhs: DeviceProperty, rhs: DeviceProperty) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kernel's name, such as `INPUT_PROP_DIRECT`, or the number when libevdev has none.
    public var description: String { name ?? "INPUT_PROP_\(rawValue)" }
}
