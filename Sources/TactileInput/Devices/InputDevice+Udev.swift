import Glibc

extension InputDevice {
    /// The device number (`st_rdev`) of the node, or `nil` for a description without a device or a node that
    /// cannot be examined.
    public var deviceNumber: (major: UInt32, minor: UInt32)? { path.flatMap(Self.deviceNumber(ofNode:)) }

    /// The device number of a character device node, or `nil` when it is not one or cannot be examined.
    public static func deviceNumber(ofNode path: String) -> (major: UInt32, minor: UInt32)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return nil }
        // glibc's gnu_dev_major/minor (macros Swift does not import): the Linux dev_t encoding
        let device = UInt64(info.st_rdev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        return (UInt32(truncatingIfNeeded: major), UInt32(truncatingIfNeeded: minor))
    }

    /// The device's udev properties that Tactile uses (``UdevProperties``), from udev's database under
    /// `directory`; empty when udev has no record of the device.
    public func udevProperties(directory: String = "/run/udev/data") -> UdevProperties {
        guard let number = deviceNumber else { return UdevProperties() }
        return UdevProperties.read(deviceNumber: number, directory: directory) ?? UdevProperties()
    }
}
