/// Why a device could not be opened, queried or read.
public enum InputDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node exists but the user may not read it (`EACCES`/`EPERM`). `group` is the group that owns
    /// the node (normally `input`), whose members may read it.
    case permissionDenied(path: String, group: String?)
    /// There is no such device node (`ENOENT`).
    case notFound(path: String)
    /// The file is not an evdev device (libevdev's ioctls fail, as on `/dev/null` or a regular file).
    case notAnEvdevDevice(path: String)
    /// The device is an evdev device but not a touchscreen.
    case notATouchscreen(path: String, name: String, reason: String)
    /// The device went away while it was being read (`ENODEV`).
    case deviceRemoved(path: String)
    /// Another system error, with its errno value and message.
    case system(path: String, operation: String, errno: Int32, message: String)

    /// Maps an errno from opening `path` to the error a user can act on.
    init(opening path: String, errno: Int32) {
        switch errno {
        case EACCES_, EPERM_: self = .permissionDenied(path: path, group: Shim.owningGroupName(of: path))
        case ENOENT_: self = .notFound(path: path)
        case ENOTTY_, EINVAL_: self = .notAnEvdevDevice(path: path)
        case ENODEV_: self = .deviceRemoved(path: path)
        default:
            self = .system(path: path, operation: "open", errno: errno, message: Shim.message(forErrno: errno))
        }
    }

    public var description: String {
        switch self {
        case .permissionDenied(let path, let group) where group == "root":
            // Never advise joining 'root': that is root's power for every file the group owns.
            return "\(path): permission denied (the node belongs to the group 'root'); run as root (sudo), or let a "
                + "udev rule give it to the group 'input' (GROUP=\"input\") and add your user to that group"
        case .permissionDenied(let path, let group):
            let group = group.map { "'\($0)'" } ?? "that owns it (typically 'input')"
            return "\(path): permission denied; add your user to the group \(group) "
                + "(for example: sudo usermod -aG \(groupName(group)) $USER, then log in again) or run as root"
        case .notFound(let path): return "\(path): no such device"
        case .notAnEvdevDevice(let path): return "\(path): not an evdev input device"
        case .notATouchscreen(let path, let name, let reason): return "\(path) (\"\(name)\") is not a touchscreen: \(reason)"
        case .deviceRemoved(let path): return "\(path): the device was removed"
        case .system(let path, let operation, let errno, let message):
            return "\(path): \(operation) failed: \(message) (errno \(errno))"
        }
    }

    private func groupName(_ quoted: String) -> String {
        quoted.hasPrefix("'") && !quoted.contains(" ") ? String(quoted.dropFirst().dropLast()) : "input"
    }
}

// errno values, spelled out so this file needs no C import (Linux numbering).
let EPERM_: Int32 = 1
let ENOENT_: Int32 = 2
let EACCES_: Int32 = 13
let ENODEV_: Int32 = 19
let EINVAL_: Int32 = 22
let ENOTTY_: Int32 = 25
let EAGAIN_: Int32 = 11
