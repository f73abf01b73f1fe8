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
