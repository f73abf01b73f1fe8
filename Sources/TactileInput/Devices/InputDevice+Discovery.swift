import Foundation

extension DeviceDescription {
    /// Why the device is not a touchscreen, or `nil` when it is one: `INPUT_PROP_DIRECT` (or, without
    /// properties, the legacy rule) and touch axes (multitouch, or `BTN_TOUCH` with position axes).
    public var notATouchscreenReason: String? {
        switch touchProtocol {
        case .none: return "it has no touch axes (no ABS_MT_POSITION_X/Y, no BTN_TOUCH with ABS_X/Y)"
        case .slots, .anonymous, .singleTouch: break
        }
        switch surfaceKind {
        case .touchscreen: return nil
        case .touchpad: return "it is a touchpad or tablet surface (INPUT_PROP_POINTER or BTN_TOOL_FINGER)"
        case .unknown: return "it has neither INPUT_PROP_DIRECT nor BTN_TOUCH"
        }
    }
}

extension InputDevice {
    /// A touchscreen found by ``discoverTouchscreens(in:)``.
    public struct Touchscreen: Hashable, Sendable, CustomStringConvertible {
        /// The device node, such as `/dev/input/event5`.
        public var path: String
        /// Everything the device advertises.
        public var deviceDescription: DeviceDescription

        /// The device's name.
        public var name: String { deviceDescription.name }

        /// `path: "name" (W×H mm or X×Y units, protocol)`.
        public var description: String {
            let size: String
            if let millimeters = deviceDescription.sizeInMillimeters {
                size = "\(Int(millimeters.width.rounded()))×\(Int(millimeters.height.rounded())) mm"
            } else {
                let x = deviceDescription.axes[.multitouchPositionX] ?? deviceDescription.axes[.x]
                let y = deviceDescription.axes[.multitouchPositionY] ?? deviceDescription.axes[.y]
                size = "\(x.map { "\($0.minimum)–\($0.maximum)" } ?? "?") × \(y.map { "\($0.minimum)–\($0.maximum)" } ?? "?") units"
            }
            return "\(path): \"\(name)\" (\(size), \(deviceDescription.touchProtocol))"
        }
    }

    /// The touchscreens among the `event*` nodes of a directory, and the nodes that could not be checked.
    public struct Discovery: Hashable, Sendable {
        /// The touchscreens found, by path.
        public var touchscreens: [Touchscreen]
        /// Nodes that could not be opened or are not evdev devices — typically
        /// ``InputDeviceError/permissionDenied(path:group:)``, which says which group grants access. Devices
        /// that were read and are simply not touchscreens are not listed.
        public var problems: [InputDeviceError]
    }

    /// Lists the touchscreens among `directory`'s `event*` nodes (default `/dev/input`), in node order.
    ///
    /// A missing directory gives an empty result (no input devices, as in a container).
    public static func discoverTouchscreens(in directory: String = "/dev/input") -> Discovery {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let nodes = names.filter { $0.hasPrefix("event") }.sorted {
            (Int($0.dropFirst(5)) ?? .max, $0) < (Int($1.dropFirst(5)) ?? .max, $1)
        }
        var discovery = Discovery(touchscreens: [], problems: [])
        for name in nodes {
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                let description = try InputDevice.open(path: path).deviceDescription
                if description.notATouchscreenReason == nil {
                    discovery.touchscreens.append(Touchscreen(path: path, deviceDescription: description))
                }
            } catch {
                discovery.problems.append(error)
            }
        }
        return discovery
    }

    /// Opens a device node and checks that it is a touchscreen.
    ///
    /// - Throws: ``InputDeviceError/notATouchscreen(path:name:reason:)`` for another kind of device, or the
    ///   errors of ``open(path:)``.
    public static func openTouchscreen(path: String) throws(InputDeviceError) -> InputDevice {
        let device = try open(path: path)
        if let reason = device.deviceDescription.notATouchscreenReason {
            throw .notATouchscreen(path: path, name: device.name, reason: reason)
        }
        return device
    }
}
