import Foundation
import Tactile
import TactileInput

/// A trace as the command line names it: a file, `-` for standard input, or a pipe or device such as
/// `/dev/stdin`, with an optional description file for an evemu `.events` file.
///
/// Readers look at a file more than once (the format from its first lines, then the events), so input that can be
/// read only once — standard input, a pipe, a character device — is first copied, in one pass, to a temporary
/// file that is removed as soon as it is open. Errors name the input as the user did (`<stdin>` for `-`).
///
/// A file that is not text (a NUL byte or invalid UTF-8 in its first 4 KB) is refused with one short line before
/// any reader sees it, so that no bytes of it reach the terminal.
public struct TraceSource: Sendable {
    /// The name errors use: the path, or `<stdin>` for `-`.
    public let displayName: String
    /// The file to read (the path, or the temporary copy of the input).
    public let path: String
    /// The description file given with `--description`, if any.
    public let descriptionPath: String?
    private let isTemporary: Bool

    /// Resolves `path` (`-` is standard input); copies input that cannot be read twice.
    ///
    /// - Throws: `TraceError` when the input cannot be read or is not text.
    public init(path: String, descriptionPath: String? = nil) throws(TraceError) {
        self.descriptionPath = descriptionPath
        if path == "-" || Self.isStream(path) {
            displayName = path == "-" ? "<stdin>" : path
            self.path = try Self.spool(path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path),
                                       name: displayName)
            isTemporary = true
        } else {
            displayName = path
            self.path = path
            isTemporary = false
        }
        do {
            try Self.requireText(self.path, name: displayName)
            if let descriptionPath { try Self.requireText(descriptionPath, name: descriptionPath) }
        } catch {
            removeTemporaryCopy()
            throw error
        }
    }

    /// Opens the trace for replay through `scene`; a temporary copy is removed once it is open.
    ///
    /// - Throws: `TraceError` (naming ``displayName``) when the trace cannot be read or is not from a touch
    ///   device; for evemu events without a description, the error says to pass `--description FILE`; when it
    ///   is from a touchpad (`DeviceDescription/touchpadRefusal(file:)`) and `allowingTouchpad` is false.
    public func open(scene: Scene, allowingTouchpad: Bool = false) throws(TraceError) -> TraceReplay {
        defer { removeTemporaryCopy() }
        do throws(TraceError) {
            let reader: TraceReader
            if let descriptionPath {
                reader = try TraceReader(eventsPath: path, descriptionPath: descriptionPath)
            } else {
                reader = try TraceReader(path: path)
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

    /// Removes the temporary copy (the open reader keeps reading it).
    public func removeTemporaryCopy() {
        if isTemporary { try? FileManager.default.removeItem(atPath: path) }
    }

    // MARK: -

    /// Whether `path` is something other than a regular file or a directory (a pipe, a character device, a socket).
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Copies everything readable from `handle` to a fresh temporary file, in 64 KB chunks.
    static func spool(_ handle: FileHandle?, name: String) throws(TraceError) -> String {
        guard let handle else { throw TraceError(file: name, reason: "cannot be opened for reading") }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-input-\(getpid())-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let out = FileHandle(forWritingAtPath: url.path)
        else { throw TraceError(file: name, reason: "cannot copy the input to a temporary file in \(url.deletingLastPathComponent().path)") }
        defer { try? out.close() }
        do {
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty { try out.write(contentsOf: chunk) }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw TraceError(file: name, reason: "cannot be read (\(error.localizedDescription))")
        }
        return url.path
    }

    /// Refuses a file whose first 4 KB hold a NUL byte or are not UTF-8 (a truncated last character is fine).
    static func requireText(_ path: String, name: String) throws(TraceError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }  // the reader reports it
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), !head.isEmpty else { return }
        if let zero = head.firstIndex(of: 0) {
            throw TraceError(file: name, reason: "not a text trace (a NUL byte at offset \(zero)); expected an evemu recording or a libinput record file")
        }
        // Allow a character cut by the 4 KB boundary: drop up to 3 trailing bytes of a sequence.
        var trimmed = Array(head)
        var valid = String(validating: trimmed, as: UTF8.self) != nil
        var cut = 0
        while !valid, head.count == 4096, cut < 3, let last = trimmed.last, last >= 0x80 {
            trimmed.removeLast()
            cut += 1
            valid = String(validating: trimmed, as: UTF8.self) != nil
        }
        guard valid else {
            throw TraceError(file: name, reason: "not a text trace (not UTF-8 in its first 4 KB); expected an evemu recording or a libinput record file")
        }
    }
}
