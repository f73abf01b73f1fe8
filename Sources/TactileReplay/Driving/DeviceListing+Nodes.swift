import Foundation

extension DeviceListing {
    /// A device argument as a path: a bare node name such as `event3` is the node in `/dev/input` (as
    /// `libinput debug-events --device` users type it); anything with a slash is a path as given.
    public static func nodePath(_ argument: String) -> String {
        argument.contains("/") ? argument : "/dev/input/" + argument
    }

    /// Fails with one line on stderr when `directory` (`/dev/input`, or the folder of a device node in it) does not
    /// exist (a container without devices), saying what to do, instead of "no such device" or a failed watch. A
    /// folder elsewhere is left to the device's own error.
    ///
    /// - Throws: a ``ToolFailure`` with status 1.
    public static func requireInputDirectory(_ directory: String) throws(ToolFailure) {
        guard directory == "/dev/input" || directory.hasPrefix("/dev/input/") else { return }
        if !isDirectory(directory) {
            StandardStreams.writeError(missingDirectory(directory).errors[0] + "\n")
            throw ToolFailure(status: 1)
        }
    }

    /// ``requireInputDirectory(_:)`` for the folder of the node at `path`.
    public static func requireInputDirectory(ofNode path: String) throws(ToolFailure) {
        try requireInputDirectory((path as NSString).deletingLastPathComponent)
    }

    /// The node a command reads (`tactile record`): the one named by `argument` (``nodePath(_:)``), else the only
    /// touchscreen of `directory`, said on stderr; with none or several, the lines that say how to name one.
    ///
    /// - Throws: a ``ToolFailure`` with status 1 (said on stderr).
    public static func node(_ argument: String?, in directory: String, command: String) throws(ToolFailure) -> String {
        if let argument {
            let path = nodePath(argument)
            try requireInputDirectory(ofNode: path)
            return path
        }
        let (only, errors) = onlyTouchscreen(in: directory, command: command)
        for line in errors { StandardStreams.writeError(line + "\n") }
        guard let only else { throw ToolFailure(status: 1) }
        StandardStreams.writeError("recording the only touchscreen, \(only)\n")
        return only
    }
}
