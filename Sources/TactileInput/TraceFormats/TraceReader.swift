import Foundation

/// Opens a trace file of either format — evemu or `libinput record` YAML — and streams its events.
///
/// The format is chosen by extension (`.yml`/`.yaml` is libinput record; `.evemu`, `.desc`, `.events` are
/// evemu) and otherwise by the first line that is not blank. For an evemu `.events` file without a
/// description, the description is looked for beside it: `NAME.desc` for `NAME.events`, then `DEVICE.desc`
/// for `DEVICE__GESTURE.events` (the naming of `Traces/recordings`). Not `Sendable`: it owns an open file.
public final class TraceReader {
    /// The two trace formats.
    public enum Format: Hashable, Sendable {
        /// evemu (`evemu-record`), format 1.0–1.3.
        case evemu
        /// `libinput record`, YAML version 1.
        case libinputRecord
    }

    private enum Source {
        case evemu(EvemuReader)
        case libinputRecord(LibinputRecordReader)
    }

    /// The path the events come from.
    public let path: String
    /// The file's format.
    public let format: Format
    private let source: Source

    /// The device the trace was recorded on.
    public var deviceDescription: DeviceDescription {
        switch source {
        case .evemu(let reader): reader.deviceDescription
        case .libinputRecord(let reader): reader.deviceDescription
        }
    }

    /// The device's udev properties the trace keeps (``UdevProperties``): `# udev:` comments of an evemu file
    /// written by `tactile record`, or a libinput record file's `udev: properties:`.
    public var udevProperties: UdevProperties {
        switch source {
        case .evemu(let reader): reader.udevProperties
        case .libinputRecord(let reader): reader.udevProperties
        }
    }

    /// Opens a trace file; of a multi-device `libinput record` file, the device `recordDevice` chooses (by
    /// default the first touchscreen; ``LibinputRecordReader/DeviceChoice``). `recordDevice` does not apply to
    /// evemu files, which hold one device.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read, has no device description, or its first lines are
    ///   malformed.
    public init(path: String, recordDevice: LibinputRecordReader.DeviceChoice? = nil) throws(TraceError) {
        self.path = path
        try Self.requireContent(path)
        let format = try Self.detectFormat(path)
        self.format = format
        switch format {
        case .libinputRecord:
            source = .libinputRecord(try LibinputRecordReader(path: path, device: recordDevice))
        case .evemu:
            if path.hasSuffix(".events"), let descriptionPath = Self.descriptionPath(forEvents: path),
                !(try Self.hasOwnDescription(path))
            {
                source = .evemu(try EvemuReader(descriptionPath: descriptionPath, eventsPath: path))
            } else {
                source = .evemu(try EvemuReader(path: path))
            }
        }
    }

    /// Opens an evemu events file with its description given explicitly (`tactile replay --description`): a
    /// description in the events file, if any, is ignored in favour of `descriptionPath`.
    ///
    /// - Throws: ``TraceError`` when either file cannot be read or has a malformed line.
    public init(eventsPath: String, descriptionPath: String) throws(TraceError) {
        path = eventsPath
        format = .evemu
        try Self.requireContent(descriptionPath)
        try Self.requireContent(eventsPath)
        source = .evemu(try EvemuReader(descriptionPath: descriptionPath, eventsPath: eventsPath))
    }

    /// The next event, or `nil` at the end of the trace.
    ///
    /// - Throws: ``TraceError`` for a malformed line, naming its number.
    public func nextEvent() throws(TraceError) -> InputEvent? {
        var next: InputEvent?
        _ = try readEvents { event in
            next = event
            return false
        }
        return next
    }

    /// Hands the next events to `body`, one at a time, until `body` returns `false` (then returns `true`: the
    /// trace goes on) or the trace ends (then returns `false`).
    ///
    /// ``nextEvent()`` is one step of it. For a loop that reads many events: the format's reader is chosen once
    /// per call rather than once per event (and so retained once, not per event).
    ///
    /// - Throws: ``TraceError`` for a malformed line; the events before it were handed to `body`.
    func readEvents(while body: (InputEvent) -> Bool) throws(TraceError) -> Bool {
        switch source {
        case .evemu(let reader):
            while let event = try reader.nextEvent() { if !body(event) { return true } }
        case .libinputRecord(let reader):
            while let event = try reader.nextEvent() { if !body(event) { return true } }
        }
        return false
    }

    /// The `.desc` file for an `.events` file, if one exists beside it.
    static func descriptionPath(forEvents path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let base = url.deletingPathExtension().lastPathComponent
        let directory = url.deletingLastPathComponent()
        var candidates = [directory.appendingPathComponent(base + ".desc").path]
        if let range = base.range(of: "__") {
            candidates.append(directory.appendingPathComponent(String(base[..<range.lowerBound]) + ".desc").path)
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static func hasOwnDescription(_ path: String) throws(TraceError) -> Bool {
        let reader = try LineReader(path: path)
        while let line = try reader.nextLine() {
            if line.hasPrefix("N:") { return true }
            if line.hasPrefix("E:") { return false }
        }
        return false
    }

    /// Refuses a file with nothing but blank lines (an empty file) as empty, whatever its name says it holds.
    private static func requireContent(_ path: String) throws(TraceError) {
        let reader = try LineReader(path: path)
        while let line = try reader.nextLine() {
            if line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) { return }
        }
        throw TraceError(file: path, reason: "the file is empty")
    }

    private static func detectFormat(_ path: String) throws(TraceError) -> Format {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".yml") || lowercased.hasSuffix(".yaml") { return .libinputRecord }
        if lowercased.hasSuffix(".evemu") || lowercased.hasSuffix(".desc") || lowercased.hasSuffix(".events") {
            return .evemu
        }
        let reader = try LineReader(path: path)
        var headings = 0
        while let line = try reader.nextLine() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("# libinput record") { return .libinputRecord }
            if trimmed.hasPrefix("#") {
                if trimmed.hasPrefix("# ") || trimmed.hasPrefix("## ") { headings += 1 }
                continue
            }
            if EvemuDescriptionParser.isDescriptionLine(trimmed) || trimmed.hasPrefix("E:") { return .evemu }
            if let kind = Self.otherKind(trimmed, afterHeadings: headings) {
                throw TraceError(
                    file: path, line: reader.lineNumber,
                    reason: "not an evemu or libinput record file: looks like \(kind)")
            }
            return .libinputRecord
        }
        throw TraceError(file: path, reason: "the file is empty")
    }

    /// What a file whose first line of content is `line` is, when it is plainly neither trace format: `JSON`
    /// (a `{` or `[`), `Markdown` (a fence, a table row, a list item or prose after `# ` headings), `text`; `nil`
    /// when it may be YAML (a `key:` line or a document marker), which the libinput record reader judges.
    static func otherKind(_ line: Substring, afterHeadings headings: Int) -> String? {
        if line.hasPrefix("{") || line.hasPrefix("[") { return "JSON" }
        if line.hasPrefix("---") || line.hasPrefix("%YAML") { return nil }
        if line.hasPrefix("```") || line.hasPrefix("|") || line.hasPrefix("* ") || line.hasPrefix("> ") {
            return "Markdown"
        }
        let key = line.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let rest = line.dropFirst(key.count)
        if !key.isEmpty, rest.hasPrefix(":"), rest.dropFirst().first.map({ $0 == " " }) ?? true { return nil }
        return headings > 0 || line.hasPrefix("- ") ? "Markdown" : "text"
    }
}

@available(*, unavailable)
extension TraceReader: Sendable {}
