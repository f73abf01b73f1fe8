import Foundation
import Glibc
import Synchronization
import Tactile
import TactileInput

/// A trace as the command line names it: a file, `-` for standard input, or a pipe such as `/dev/stdin`, with an
/// optional description file for an evemu `.events` file.
///
/// Readers look at a file more than once (the format from its first lines, then the events), so input that can be
/// read only once — standard input or a pipe — is first copied, in one pass, to a temporary file that has no name:
/// it is made unlinked (`O_TMPFILE`, else removed the moment it is made) and read back through
/// `/proc/self/fd/N`, so nothing is left in `$TMPDIR` whichever way the process ends (an error, Ctrl-C, `SIGTERM`,
/// `timeout`, `SIGKILL`). The copy is bounded (``streamLimit``): longer input fails at that size with one line.
/// Character devices other than a terminal and `/dev/null` are refused before a byte is read: `/dev/zero` and
/// `/dev/urandom` never end, and an evdev node is a live device (`tactile live`). Errors name the input as the
/// user did (`<stdin>` for `-`).
///
/// A file that is not text (a NUL byte or invalid UTF-8 in its first 4 KB) is refused with one short line before
/// any reader sees it, so that no bytes of it reach the terminal.
public struct TraceSource: Sendable {
    /// The name errors use: the path, or `<stdin>` for `-`.
    public let displayName: String
    /// The file to read (the path, or `/proc/self/fd/N` for the nameless copy of a stream).
    public let path: String
    /// The description file given with `--description`, if any.
    public let descriptionPath: String?
    /// The nameless copy of a stream, closed by ``removeTemporaryCopy()``.
    private let spool: SpoolFile?

    /// The most bytes read from a stream (`-`, a pipe): 256 MiB, hours of a ten-finger evemu recording.
    public static let streamLimit = 256 << 20

    /// Resolves `path` (`-` is standard input); copies input that cannot be read twice, up to `streamLimit`
    /// bytes.
    ///
    /// - Throws: `TraceError` when the input cannot be read, is a character device that is not a trace, is longer
    ///   than `streamLimit`, or is not text.
    public init(path: String, descriptionPath: String? = nil, streamLimit: Int = TraceSource.streamLimit)
        throws(TraceError)
    {
        self.descriptionPath = descriptionPath
        let name = path == "-" ? "<stdin>" : path
        displayName = name
        if path == "-" {
            try Self.refuseDevice(descriptor: STDIN_FILENO, name: name)
            let spool = try SpoolFile(copying: STDIN_FILENO, name: name, limit: streamLimit)
            self.spool = spool
            self.path = spool.path
        } else if Self.isStream(path) {
            var descriptor: Int32
            repeat { descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else {
                throw TraceError(file: name, reason: "cannot be opened for reading (\(String(cString: strerror(errno))))")
            }
            defer { close(descriptor) }
            try Self.refuseDevice(descriptor: descriptor, name: name)
            let spool = try SpoolFile(copying: descriptor, name: name, limit: streamLimit)
            self.spool = spool
            self.path = spool.path
        } else {
            spool = nil
            self.path = path
        }
        do {
            try Self.requireText(self.path, name: displayName)
            if let descriptionPath { try Self.requireText(descriptionPath, name: descriptionPath) }
        } catch {
            removeTemporaryCopy()
            throw error
        }
    }

    /// Opens the trace for replay through `scene`; a temporary copy is removed once it is open. `recordDevice`
    /// chooses the device of a multi-device `libinput record` file.
    ///
    /// - Throws: `TraceError` (naming ``displayName``) when the trace cannot be read or is not from a touch
    ///   device; for evemu events without a description, the error says to pass `--description FILE`; when it
    ///   is from a touchpad (`DeviceDescription/touchpadRefusal(file:)`) and `allowingTouchpad` is false.
    public func open(
        scene: Scene, allowingTouchpad: Bool = false, recordDevice: LibinputRecordReader.DeviceChoice? = nil
    ) throws(TraceError) -> TraceReplay {
        defer { removeTemporaryCopy() }
        do throws(TraceError) {
            let reader: TraceReader
            if let descriptionPath {
                reader = try TraceReader(eventsPath: path, descriptionPath: descriptionPath)
            } else {
                reader = try TraceReader(path: path, recordDevice: recordDevice)
            }
            if !allowingTouchpad, let refusal = reader.deviceDescription.touchpadRefusal(file: displayName) {
                throw refusal
            }
            return try TraceReplay(reader: reader, configuration: MultitouchDecoder.Configuration(mapping: scene.screen))
        } catch {
            throw renamed(error)
        }
    }

    /// The trace's duration, from its first and last evemu event lines (for a progress bar); `nil` when unknown.
    public var duration: Timestamp? { TraceExtent.duration(ofEvemuFile: path) }

    /// An error about the copy, renamed for the input it came from (`TraceReplay` errors during the replay too).
    public func renamed(_ error: TraceError) -> TraceError {
        var error = error
        if error.file == path { error.file = displayName }
        if error.reason.hasPrefix("no device description"), descriptionPath == nil {
            error.reason = "no device description (no N: line); give the matching .desc file with --description FILE"
        }
        return error
    }

    /// The error for this trace when it was read whole and held no events, saying what it likely is: for an evemu
    /// file without `--description`, a device description alone (its events file is replayed with it,
    /// `tactile COMMAND FILE.events --description NAME`); for a `libinput record` file, a recording during which
    /// the device was not touched. `command` is the subcommand that read it (`replay`, `analyze`).
    public func noEventsError(_ format: TraceReader.Format, command: String) -> TraceError {
        switch format {
        case .libinputRecord:
            return TraceError(
                file: displayName,
                reason: "has no events: libinput record wrote the device but no event (touch it while it records)")
        case .evemu where descriptionPath != nil:
            return TraceError(file: displayName, reason: "has no events (no E: line)")
        case .evemu:
            let verb = command == "analyze" ? "analyse" : command
            return TraceError(
                file: displayName,
                reason: "has no events (a device description alone?); \(verb) the recording's events file with it: "
                    + "tactile \(command) FILE.events --description \(displayName)")
        }
    }

    /// Closes the nameless copy of a stream (the open reader keeps reading it; the system frees it with the
    /// last descriptor). Safe to call more than once.
    public func removeTemporaryCopy() {
        spool?.close()
    }

    // MARK: -

    /// Whether `path` is something other than a regular file or a directory (a pipe, a character device, a socket).
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// The major number of the Linux device `device` (glibc's `gnu_dev_major`).
    static func major(_ device: dev_t) -> UInt64 {
        let value = UInt64(device)
        return ((value >> 8) & 0xfff) | ((value >> 32) & ~0xfff)
    }

    /// Refuses a character device that is not a trace before anything is read from it: an evdev node (major 13)
    /// belongs to `tactile live`; any other except a terminal and `/dev/null` (`/dev/zero`, `/dev/urandom`)
    /// never ends.
    static func refuseDevice(descriptor: Int32, name: String) throws(TraceError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFCHR, isatty(descriptor) == 0 else { return }
        let isNull = major(info.st_rdev) == 1 && (UInt64(info.st_rdev) & 0xff) == 3
        if isNull { return }
        if major(info.st_rdev) == 13 {
            throw TraceError(
                file: name,
                reason: "an input device node, not a trace; follow it with tactile live \(name == "<stdin>" ? "DEVICE" : name), or record it with tactile record")
        }
        throw TraceError(
            file: name,
            reason: "a character device, not a trace (it may never end, as /dev/zero and /dev/urandom); give a trace file, a pipe, or - for standard input")
    }

    /// How many bytes at the start of a trace are checked for text (``requireText(_:name:)``).
    static let textCheckLength = 4096

    /// Refuses a file whose first 4 KB hold a NUL byte or are not UTF-8 (a truncated last character is fine).
    static func requireText(_ path: String, name: String) throws(TraceError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }  // the reader reports it
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: textCheckLength), !head.isEmpty else { return }
        try requireText(Array(head), continues: head.count == textCheckLength, name: name)
    }

    /// Refuses `head`, the first bytes of a trace (at most ``textCheckLength``), when it holds a NUL byte or is not
    /// UTF-8. `continues`: more bytes follow, so a character cut at its end is fine (up to 3 trailing bytes of a
    /// sequence). A stream is checked this way as it is read, so that binary input (`cat /dev/urandom`) is
    /// refused at its first bytes, with the words a file with the same bytes gets.
    static func requireText(_ head: [UInt8], continues: Bool, name: String) throws(TraceError) {
        if let zero = head.firstIndex(of: 0) {
            throw TraceError(file: name, reason: "not a text trace (a NUL byte at offset \(zero)); expected an evemu recording or a libinput record file")
        }
        var trimmed = head
        var valid = String(validating: trimmed, as: UTF8.self) != nil
        var cut = 0
        while !valid, continues, cut < 3, let last = trimmed.last, last >= 0x80 {
            trimmed.removeLast()
            cut += 1
            valid = String(validating: trimmed, as: UTF8.self) != nil
        }
        guard valid else {
            throw TraceError(file: name, reason: "not a text trace (not UTF-8 in its first 4 KB); expected an evemu recording or a libinput record file")
        }
    }
}

/// The nameless temporary copy of a stream: a file in `$TMPDIR` that is never linked into it (`O_TMPFILE`; where
/// the file system lacks it, a `mkstemp` file unlinked at once), read back through `/proc/self/fd/N`. The system
/// frees it when its last descriptor closes, which is also what happens when the process is killed.
final class SpoolFile: Sendable {
    /// `/proc/self/fd/N`.
    let path: String
    private let descriptor: Atomic<Int32>

    /// Copies `source` to the end, up to `limit` bytes.
    ///
    /// - Throws: `TraceError` naming `name` when the copy cannot be made, `source` cannot be read, or it holds more
    ///   than `limit` bytes.
    init(copying source: Int32, name: String, limit: Int) throws(TraceError) {
        let directory = FileManager.default.temporaryDirectory.path
        var file = open(directory, O_RDWR | O_CLOEXEC | O_DIRECTORY | 0o20000000, 0o600)  // O_TMPFILE
        if file < 0 {
            var template = Array((directory + "/tactile-input-XXXXXX").utf8CString)
            file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if file >= 0 { _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) } }
        }
        guard file >= 0 else {
            throw TraceError(
                file: name, reason: "cannot make a temporary copy in \(directory) (\(String(cString: strerror(errno))))")
        }
        descriptor = Atomic(file)
        path = "/proc/self/fd/\(file)"
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { chunk.deallocate() }
        var total = 0
        // The first bytes, checked for text as they arrive (`TraceSource.requireText`).
        var head: [UInt8] = []
        do throws(TraceError) {
            while true {
                let count = read(source, chunk.baseAddress!, chunk.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw TraceError(file: name, reason: "cannot be read (\(String(cString: strerror(errno))))")
                }
                if count == 0 { break }
                if head.count < TraceSource.textCheckLength {
                    let taken = min(count, TraceSource.textCheckLength - head.count)
                    head += UnsafeRawBufferPointer(rebasing: chunk[0..<taken])
                    try TraceSource.requireText(head, continues: true, name: name)
                }
                total += count
                guard total <= limit else {
                    throw TraceError(
                        file: name,
                        reason: "longer than \(limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"), the most read from a stream; save it to a file and replay the file")
                }
                var offset = 0
                while offset < count {
                    let written = write(file, chunk.baseAddress! + offset, count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw TraceError(
                            file: name,
                            reason: "cannot be copied to a temporary file in \(directory) (\(String(cString: strerror(errno))))")
                    }
                    offset += written
                }
            }
        } catch {
            self.close()
            throw error
        }
    }

    /// Closes the copy; the second and later calls do nothing.
    func close() {
        let file = descriptor.exchange(-1, ordering: .sequentiallyConsistent)
        if file >= 0 { Glibc.close(file) }
    }

    deinit { close() }
}

/// How a trace is read, as the command line's input options say (`--description`, `--allow-touchpad`,
/// `--record-device`): the same for every command that reads traces.
public struct TraceOptions: Hashable, Sendable {
    /// The description file for evemu events files (`--description`).
    public var descriptionPath: String?
    /// Whether a touchpad's recording maps onto the screen (`--allow-touchpad`).
    public var allowsTouchpad: Bool
    /// The device of a multi-device `libinput record` file (`--record-device`).
    public var recordDevice: LibinputRecordReader.DeviceChoice?
    /// Whether a replay that ends with touches down succeeds (`--allow-touches-down`;
    /// ``TraceSource/finish(_:format:command:options:)``).
    public var allowsTouchesDown: Bool

    public init(
        descriptionPath: String? = nil, allowsTouchpad: Bool = false,
        recordDevice: LibinputRecordReader.DeviceChoice? = nil
    ) {
        self.init(
            descriptionPath: descriptionPath, allowsTouchpad: allowsTouchpad, recordDevice: recordDevice,
            allowsTouchesDown: false)
    }

    /// The options with ``allowsTouchesDown`` given.
    public init(
        descriptionPath: String? = nil, allowsTouchpad: Bool = false,
        recordDevice: LibinputRecordReader.DeviceChoice? = nil, allowsTouchesDown: Bool
    ) {
        self.descriptionPath = descriptionPath
        self.allowsTouchpad = allowsTouchpad
        self.recordDevice = recordDevice
        self.allowsTouchesDown = allowsTouchesDown
    }
}
