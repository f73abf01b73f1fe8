import Foundation
import TactileInput

/// What `tactile devices` prints for a discovery: the touchscreens on stdout; on stderr the nodes that could
/// not be read (with what to do about it) and, when there is no touchscreen, why the command fails.
public struct DeviceListing: Hashable, Sendable {
    /// Lines for stdout: one per touchscreen.
    public var output: [String]
    /// Lines for stderr.
    public var errors: [String]
    /// Whether at least one touchscreen was found (the exit status).
    public var succeeded: Bool

    /// The listing when `directory` does not exist at all: no input devices on this machine, or none passed
    /// into the container it runs in.
    public static func missingDirectory(_ directory: String) -> DeviceListing {
        DeviceListing(output: [], errors: [
            "\(directory) does not exist: this machine has no input devices, or they are not visible here "
                + "(in a container, pass the device in, for example docker run --device /dev/input/event5)"
        ], succeeded: false)
    }

    /// The listing of `directory`'s touchscreens (`tactile devices`), or ``missingDirectory(_:)`` when it is not a
    /// folder.
    public init(directory: String) {
        self = Self.isDirectory(directory)
            ? DeviceListing(InputDevice.discoverTouchscreens(in: directory), directory: directory)
            : Self.missingDirectory(directory)
    }

    /// Whether `path` is an existing folder.
    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The touchscreen a command that reads one (`tactile record`) uses when none is named: the only one in
    /// `directory`. With none or several, `nil` and the lines to print: the listing's problems, the
    /// touchscreens, and how to name one (`tactile COMMAND DEVICE`, as `tactile devices` lists them).
    public static func onlyTouchscreen(in directory: String, command: String) -> (path: String?, errors: [String]) {
        guard isDirectory(directory) else { return (nil, missingDirectory(directory).errors) }
        let discovery = InputDevice.discoverTouchscreens(in: directory)
        if discovery.touchscreens.count == 1 { return (discovery.touchscreens[0].path, []) }
        let listing = DeviceListing(discovery, directory: directory)
        if discovery.touchscreens.isEmpty {
            return (nil, listing.errors + ["give the device node to read: tactile \(command) DEVICE (tactile devices lists the touchscreens)"])
        }
        return (
            nil,
            listing.errors + ["\(discovery.touchscreens.count) touchscreens; give the one to read: tactile \(command) DEVICE, one of:"]
                + listing.output.map { "  " + $0 }
        )
    }

    private init(output: [String], errors: [String], succeeded: Bool) {
        self.output = output
        self.errors = errors
        self.succeeded = succeeded
    }

    /// The listing for a discovery of `directory`.
    public init(_ discovery: InputDevice.Discovery, directory: String) {
        output = discovery.touchscreens.map(\.description)
        errors = []
        let denied = discovery.problems.filter {
            if case .permissionDenied = $0 { return true }
            return false
        }
        for problem in discovery.problems { errors.append("warning: \(problem)") }
        succeeded = !discovery.touchscreens.isEmpty
        if !succeeded {
            var message = "no touchscreen found in \(directory)"
            if !denied.isEmpty {
                message += " (\(denied.count) device\(denied.count == 1 ? "" : "s") could not be opened: see the permission warnings above)"
            }
            errors.append(message)
        }
    }
}
