import Tactile
import TactileInput

extension Scene {
    /// One touchscreen's area of the screen, for a scene driven by several touchscreens (`"screens"` in a scene
    /// file): which devices it takes, and how their surface maps onto it.
    public struct DeviceScreen: Hashable, Sendable {
        /// The device name it takes (exact), or `nil` for any name.
        public var deviceName: String?
        /// udev properties the device must have, with these values (such as `ID_PATH`), all of them.
        public var udevProperties: [String: String]
        /// The mapping: `ScreenMapping.origin` and `ScreenMapping.screenSize` are the
        /// area.
        public var mapping: ScreenMapping
        /// The entry's JSON path (`screens[1]`), for messages.
        public var path: String

        /// Creates an area.
        public init(deviceName: String? = nil, udevProperties: [String: String] = [:], mapping: ScreenMapping, path: String = "") {
            self.deviceName = deviceName
            self.udevProperties = udevProperties
            self.mapping = mapping
            self.path = path
        }

        /// Whether the device is one this area takes.
        public func matches(name: String, udev: UdevProperties) -> Bool {
            if let deviceName, deviceName != name { return false }
            return udevProperties.allSatisfy { udev[$0.key] == $0.value }
        }
    }

    /// The mapping for a touchscreen: the first ``deviceScreens`` entry that takes it, ``screen`` when the scene
    /// names no areas, `nil` when it names areas and none takes this device.
    public func mapping(forDeviceNamed name: String, udev: UdevProperties) -> ScreenMapping? {
        if deviceScreens.isEmpty { return screen }
        return deviceScreens.first { $0.matches(name: name, udev: udev) }?.mapping
    }

    /// Decodes `"screens"`: `[{"device": {"name": …, "udev": {NAME: VALUE}}, "x", "y", "width", "height",
    /// "rotation", "calibration", "jitterFilter", "pointsPerMillimeter"}]`; each area's size defaults to the window's.
    static func decodeDeviceScreens(_ reader: inout JSONObjectReader, windowSize: Size) throws(SceneError) -> [DeviceScreen] {
        var screens: [DeviceScreen] = []
        for element in try reader.optionalArray("screens") ?? [] {
            var entry = try JSONObjectReader(element.value, file: reader.file, path: element.path)
            var screen = DeviceScreen(mapping: try decodeScreen(&entry, windowSize: windowSize), path: element.path)
            screen.mapping.origin = Point(x: try entry.optionalNumber("x") ?? 0, y: try entry.optionalNumber("y") ?? 0)
            if var device = try entry.optionalObject("device") {
                screen.deviceName = try device.optionalString("name")
                if let udev = device.value("udev") {
                    guard case .object(let members) = udev else {
                        throw device.error("udev", "expected an object of udev property names and values")
                    }
                    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                        guard case .string(let text) = value else {
                            throw device.error("udev", "the value of \(name) must be a string")
                        }
                        screen.udevProperties[name] = text
                    }
                }
                try device.finish()
            } else {
                throw entry.missing("device", " (which touchscreens take this area: {\"name\": …} or {\"udev\": {…}})")
            }
            try entry.finish()
            screens.append(screen)
        }
        return screens
    }
}
