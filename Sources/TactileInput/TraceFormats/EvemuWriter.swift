import Foundation
import Glibc
import Tactile

/// Writes an evemu recording (format 1.3, as Debian's `evemu-record` 2.7 does): the description, then one
/// `E:` line per event, streamed to the file as they come.
///
/// The output reads back with ``EvemuReader`` and with Debian's libevemu (`evemu_read` and
/// `evemu_read_event`, also `evemu-play`). Event lines carry evemu's padding (`%04d`: `0018`, `-001`) and a
/// trailing comment with the type and code names. Timestamps are written to the microsecond (finer parts are
/// dropped) and must not be negative. A device name with line breaks is written with spaces instead, since
/// the `N:` line ends at the line break. Not `Sendable`: it owns an open file.
public final class EvemuWriter {
    /// The path being written.
    public let path: String
    private let handle: FileHandle
    private var buffer = ""
    private var lastReport: Timestamp?
    private var isClosed = false

    /// Creates (or truncates) the file at `path` and writes the description, then the relevant udev properties
    /// as `# udev: NAME=VALUE` comments (``UdevProperties/commentLines``; other evemu readers skip them).
    ///
    /// - Throws: ``TraceError`` when the file cannot be created.
    public convenience init(
        path: String, description: DeviceDescription, udevProperties: UdevProperties = UdevProperties()
    ) throws(TraceError) {
        let handle = try Self.openForWriting(path)
        try self.init(handle: handle, name: path, description: description, udevProperties: udevProperties)
    }

    /// Writes to an open file such as standard output (`tactile synth` and `record` without `-o`); `name` is
    /// used in errors (`<stdout>`). ``close()`` writes what is buffered and closes the handle.
    ///
    /// - Throws: ``TraceError`` when writing the description fails.
    public init(
        handle: FileHandle, name: String, description: DeviceDescription,
        udevProperties: UdevProperties = UdevProperties()
    ) throws(TraceError) {
        path = name
        self.handle = handle
        buffer = Self.descriptionText(description)
        for line in udevProperties.commentLines { buffer += line + "\n" }
        buffer += "################################\n#      Waiting for events      #\n################################\n"
        try flush()
    }

    deinit { if !isClosed { try? handle.close() } }

    /// Appends one event.
    ///
    /// - Throws: ``TraceError`` for a negative timestamp or when writing fails.
    public func write(_ event: InputEvent) throws(TraceError) {
        guard event.timestamp.nanoseconds >= 0 else {
            throw TraceError(file: path, reason: "cannot write the negative timestamp \(event.timestamp)")
        }
        var comment = ""
        if event.isReport {
            let milliseconds = lastReport.map { (event.timestamp - $0).nanoseconds / 1_000_000 } ?? 0
            comment = "# ------------ SYN_REPORT (0) ---------- +\(milliseconds)ms"
            lastReport = event.timestamp
        } else {
            let typeName = event.type.name ?? "EV_\(event.type.rawValue)"
            let codeName = EventCodeNames.name(of: event.code, type: event.type) ?? "\(event.code)"
            comment = "# \(typeName) / \(codeName) \(event.value)"
        }
        buffer += Self.eventLine(event) + "\t" + comment + "\n"
        if buffer.utf8.count >= 64 * 1024 { try flush() }
    }

    /// Writes what is buffered and closes the file. Further writes are errors.
    public func close() throws(TraceError) {
        guard !isClosed else { return }
        try flush()
        isClosed = true
        do { try handle.close() } catch { throw TraceError(file: path, reason: "close failed: \(error)") }
    }

    private func flush() throws(TraceError) {
        guard !isClosed else { throw TraceError(file: path, reason: "the writer is closed") }
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: Data(buffer.utf8))
        } catch {
            throw TraceError(file: path, reason: "write failed: \(error.localizedDescription)")
        }
        buffer = ""
    }

    /// An event as an evemu `E:` line without comment: `E: 12.000345 0003 0035 0018`.
    public static func eventLine(_ event: InputEvent) -> String {
        let microseconds = max(0, event.timestamp.nanoseconds / 1000)
        let value = event.value
        let valueText =
            value < 0 ? "-" + padded(String(value.magnitude), to: 3) : padded(String(value), to: 4)
        return "E: \(microseconds / 1_000_000).\(padded(String(microseconds % 1_000_000), to: 6)) "
            + "\(padded(String(event.type.rawValue, radix: 16), to: 4)) \(padded(String(event.code, radix: 16), to: 4)) "
            + valueText
    }

    /// The description as evemu 1.3 lines, from `# EVEMU 1.3` to the last `S:` line.
    public static func descriptionText(_ description: DeviceDescription) -> String {
        let name = String(description.name.map { $0.isNewline ? " " : $0 })
        let id = description.identity
        var text = "# EVEMU 1.3\n"
        text += "# Input device name: \"\(name)\"\n"
        text += "# Input device ID: bus 0x\(hex(id.bus)) vendor 0x\(hex(id.vendor)) product 0x\(hex(id.product)) "
            + "version 0x\(hex(id.version))\n"
        text += "# Written by Tactile\n"
        text += "N: \(name)\n"
        text += "I: \(hex(id.bus, 4)) \(hex(id.vendor, 4)) \(hex(id.product, 4)) \(hex(id.version, 4))\n"
        for line in bitmaskLines(description.properties.map(\.rawValue)) { text += "P:" + line + "\n" }
        for line in bitmaskLines(description.eventTypes.map(\.rawValue)) { text += "B: 00" + line + "\n" }
        for (type, codes) in description.codes.sorted(by: { $0.key < $1.key }) where type != .synchronization {
            for line in bitmaskLines(Array(codes)) { text += "B: \(hex(type.rawValue, 2))" + line + "\n" }
        }
        for (axis, info) in description.axes.sorted(by: { $0.key < $1.key }) {
            text += "A: \(hex(axis.rawValue, 2)) \(info.minimum) \(info.maximum) \(info.fuzz) \(info.flat) \(info.resolution)\n"
        }
        for (code, state) in description.ledStates.sorted(by: { $0.key < $1.key }) {
            text += "L: \(hex(code, 2)) \(state)\n"
        }
        for (code, state) in description.switchStates.sorted(by: { $0.key < $1.key }) {
            text += "S: \(hex(code, 2)) \(state)\n"
        }
        return text
    }

    /// Bitmask bytes in lines of 8 (`" 0b 00 00 …"`), at least one line.
    static func bitmaskLines(_ bits: [UInt16]) -> [String] {
        let highest = Int(bits.max() ?? 0)
        let lineCount = highest / 64 + 1
        var bytes = [UInt8](repeating: 0, count: lineCount * 8)
        for bit in bits { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
        return (0..<lineCount).map { line in
            bytes[line * 8..<(line + 1) * 8].map { " " + hex(UInt16($0), 2) }.joined()
        }
    }

    private static func hex(_ value: UInt16, _ width: Int = 0) -> String {
        padded(String(value, radix: 16), to: width)
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

@available(*, unavailable)
extension EvemuWriter: Sendable {}

extension EvemuWriter {
    /// Opens `path` for writing in place — created with mode 0644 or truncated — with `open(2)`, never by
    /// writing a new file and renaming it over `path` (Foundation's `createFile` does that): `-o /dev/null` or a
    /// FIFO stays what it is (run as root, a rename replaced `/dev/null` with a regular file).
    ///
    /// - Throws: ``TraceError`` naming `path` when it cannot be opened.
    public static func openForWriting(_ path: String) throws(TraceError) -> FileHandle {
        var descriptor: Int32
        repeat {
            descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw TraceError(file: path, reason: "cannot be created for writing (\(String(cString: strerror(errno))))")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
