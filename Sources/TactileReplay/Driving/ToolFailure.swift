/// A run of the `tactile` tool that failed after saying why on stderr: the caller ends with ``status`` and
/// prints nothing more. A device that went away during `tactile live` (status 1) and a replay that ended with
/// touches down (status 2) end this way.
public struct ToolFailure: Error, Hashable, Sendable {
    /// The exit status: 1 for a failure, 2 for a replay that ended with touches down.
    public var status: Int32

    /// A failure with exit status `status`.
    public init(status: Int32) {
        self.status = status
    }
}

/// A command-line value that the input refutes as the command runs, such as a `--target` that names nothing in the
/// scene: the tool reports it as a usage error (`Error: MESSAGE`, the usage, exit status 64).
public struct OptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the option.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
