/// The range and resolution of an absolute axis (the kernel's `struct input_absinfo`, without the value).
public struct AxisInfo: Hashable, Sendable, CustomStringConvertible {
    /// The smallest value the device reports (not always 0: the Synaptics touchpad starts at 1472).
    public var minimum: Int32
    /// The largest value the device reports. The kernel does not clamp: values outside the range occur.
    public var maximum: Int32
    /// The noise the kernel filters out: changes smaller than this are smoothed or dropped.
    public var fuzz: Int32
    /// The dead zone around the centre (joysticks; 0 on touch devices).
    public var flat: Int32
    /// Units per millimetre for positions and sizes (units per radian for orientation, per gram for pressure);
    /// 0 when unknown, which is common on touchscreens.
    public var resolution: Int32

    /// Creates axis information.
    @inlinable
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The number of distinct values, `maximum − minimum + 1` (at least 1, even for an inverted range).
    @inlinable
    public var span: Double { Swift.max(1, Double(maximum) - Double(minimum) + 1) }

    /// The physical length of the axis in millimetres, or `nil` when the resolution is unknown.
    @inlinable
    public var lengthInMillimeters: Double? {
        resolution > 0 ? (Double(maximum) - Double(minimum)) / Double(resolution) : nil
    }

    /// `min..max`, with fuzz and resolution when they are not zero.
    public var description: String {
        var text = "\(minimum)...\(maximum)"
        if fuzz != 0 { text += " fuzz \(fuzz)" }
        if resolution != 0 { text += " res \(resolution)" }
        return text
    }
}
