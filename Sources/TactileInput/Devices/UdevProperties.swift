import Foundation

/// The udev properties of an input device that change how Tactile reads it, as libinput reads them:
/// `LIBINPUT_FUZZ_xx` (the kernel's position fuzz, saved by libinput's udev rule before it sets the kernel's to 0)
/// and `LIBINPUT_CALIBRATION_MATRIX`.
///
/// Live, they come from udev's database (``read(deviceNumber:directory:)``); in a recording made by
/// `tactile record` they are `# udev: NAME=VALUE` comment lines after the description (other evemu readers skip
/// them), so a replay applies the same jitter filter and calibration as the live session did.
public struct UdevProperties: Hashable, Sendable {
    /// The properties by name.
    public var values: [String: String]

    /// The names Tactile uses, the ones a recording keeps: `LIBINPUT_FUZZ_` followed by an axis code in two
    /// lower-case hexadecimal digits, and `LIBINPUT_CALIBRATION_MATRIX`.
    public static func isRelevant(_ name: String) -> Bool {
        name == "LIBINPUT_CALIBRATION_MATRIX" || name.hasPrefix("LIBINPUT_FUZZ_")
    }

    /// The comment prefix of a property in an evemu recording.
    public static let commentPrefix = "# udev: "

    /// Creates a set of properties.
    public init(_ values: [String: String] = [:]) { self.values = values }

    /// The property's value, or `nil`.
    public subscript(name: String) -> String? { values[name] }

    /// Whether there are no properties.
    public var isEmpty: Bool { values.isEmpty }

    /// The fuzz udev saved for an axis (`LIBINPUT_FUZZ_35` for `ABS_MT_POSITION_X`), or `nil` when there is
    /// none or it is not a non-negative integer (libinput ignores such a value too).
    public func fuzz(for axis: AbsoluteAxis) -> Int32? {
        let hex = String(axis.rawValue, radix: 16)
        let name = "LIBINPUT_FUZZ_" + (hex.count < 2 ? "0" + hex : hex)
        guard let text = values[name]?.trimmingCharacters(in: .whitespaces), let value = Int32(text), value >= 0
        else { return nil }
        return value
    }

    /// `LIBINPUT_CALIBRATION_MATRIX` as a matrix: six numbers separated by spaces, in libinput's order; `nil`
    /// when absent or malformed (libinput then applies none either).
    public var calibrationMatrix: ScreenMapping.CalibrationMatrix? {
        guard let text = values["LIBINPUT_CALIBRATION_MATRIX"] else { return nil }
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0) }
        guard numbers.count == 6, numbers.allSatisfy({ $0?.isFinite == true }) else { return nil }
        let n = numbers.map { $0! }
        return ScreenMapping.CalibrationMatrix(n[0], n[1], n[2], n[3], n[4], n[5])
    }

    /// The relevant properties (``isRelevant(_:)``) as evemu comment lines, sorted by name.
    public var commentLines: [String] {
        values.filter { Self.isRelevant($0.key) }.sorted { $0.key < $1.key }.map { Self.commentPrefix + "\($0.key)=\($0.value)" }
    }

    /// Parses a `# udev: NAME=VALUE` comment; `nil` for any other line.
    public static func parseComment<S: StringProtocol>(_ line: S) -> (name: String, value: String)? {
        guard line.hasPrefix(commentPrefix) else { return nil }
        let body = line.dropFirst(commentPrefix.count)
        guard let equals = body.firstIndex(of: "="), equals != body.startIndex else { return nil }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]).trimmingCharacters(in: .newlines))
    }

    /// Reads udev's record of a character device from its database: the `E:` lines of
    /// `DIRECTORY/c<major>:<minor>`, the file libudev's `udev_device_get_property_value` reads. Every property is
    /// kept (a scene may match a device by any of them, such as `ID_PATH`); recordings keep only the relevant
    /// ones (``commentLines``).
    ///
    /// We read the file rather than link libudev so that `TactileInput` needs no library beyond libevdev and
    /// libmtdev; the format (`E:NAME=VALUE` lines) has been stable since udev 174.
    ///
    /// - Returns: the properties, or `nil` when udev has no record of the device (udev is not running, or has
    ///   not processed the device yet).
    public static func read(deviceNumber: (major: UInt32, minor: UInt32), directory: String = "/run/udev/data")
        -> UdevProperties?
    {
        let path = "\(directory)/c\(deviceNumber.major):\(deviceNumber.minor)"
        guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 20 else { return nil }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("E:") {
            let body = line.dropFirst(2)
            guard let equals = body.firstIndex(of: "=") else { continue }
            values[String(body[..<equals])] = String(body[body.index(after: equals)...])
        }
        return UdevProperties(values)
    }
}
