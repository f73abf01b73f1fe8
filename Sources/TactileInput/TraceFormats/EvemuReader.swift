import Tactile

/// Reads an evemu recording (`evemu-record`, `evemu-describe`) as a stream: the device description first,
/// then one event at a time.
///
/// Handles format versions 1.0 to 1.3 with or without the `# EVEMU` line, whole-line and trailing `#` comments,
/// blank lines, absolute (epoch) and relative timestamps (kept as written; only differences matter), values
/// with zero padding (`-001`) or without, and a description split into a `.desc` file with the events in an
/// `.events` file. Only the current line is held in memory, so a recording of any length streams.
///
/// Strict where the reference reader is silent: a line that is neither a comment, a description line nor a
/// well-formed `E:` line is a ``TraceError`` naming the file, the line and the reason. Not `Sendable`: it owns
/// an open file.
public final class EvemuReader {
    /// The device the recording was made on.
    public let deviceDescription: DeviceDescription
    /// The format version from the `# EVEMU major.minor` line, or 1.0 when the file has none.
    public let formatVersion: (major: Int, minor: Int)
    /// The udev properties written by `tactile record` as `# udev: NAME=VALUE` comments before the first event
    /// (``UdevProperties``); empty for other recordings.
    public let udevProperties: UdevProperties

    let events: LineReader
    private var pendingLine: Substring?
    private var finished = false

    /// Opens a recording that holds its own description (a `.evemu` file, or a description-only `.desc` file).
    ///
    /// - Throws: ``TraceError`` when the file cannot be read, has no `N:` line, or has a malformed line.
    public convenience init(path: String) throws(TraceError) {
        let reader = try LineReader(path: path)
        let (description, version, firstEvent, udev) = try Self.readDescription(reader)
        guard let description else {
            throw TraceError(file: path, reason: "no device description (no N: line); pass the matching .desc file")
        }
        self.init(description: description, version: version, udev: udev, events: reader, pendingLine: firstEvent)
    }

    /// Opens a recording split into a description file (`.desc`) and an events file (`.events`).
    ///
    /// A description in the events file, if any, is ignored in favour of `descriptionPath`.
    ///
    /// - Throws: ``TraceError`` when either file cannot be read or has a malformed line.
    public convenience init(descriptionPath: String, eventsPath: String) throws(TraceError) {
        let descriptionReader = try LineReader(path: descriptionPath)
        let (description, version, _, udev) = try Self.readDescription(descriptionReader)
        guard let description else {
            throw TraceError(file: descriptionPath, reason: "no device description (no N: line)")
        }
        let reader = try LineReader(path: eventsPath)
        let (_, _, firstEvent, eventsUdev) = try Self.readDescription(reader)
        var properties = udev
        properties.values.merge(eventsUdev.values) { _, events in events }
        self.init(description: description, version: version, udev: properties, events: reader, pendingLine: firstEvent)
    }

    private init(
        description: DeviceDescription, version: (Int, Int), udev: UdevProperties, events: LineReader,
        pendingLine: Substring?
    ) {
        deviceDescription = description
        formatVersion = version
        udevProperties = udev
        self.events = events
        self.pendingLine = pendingLine
    }

    /// The next event, or `nil` at the end of the recording.
    ///
    /// - Throws: ``TraceError`` for a malformed line, naming its number.
    public func nextEvent() throws(TraceError) -> InputEvent? {
        if let line = pendingLine {
            pendingLine = nil
            return try parseEvent(line)
        }
        guard !finished else { return nil }
        while true {
            // The bytes of the line are scanned in place: no String per event line (the hot path of a replay).
            let outcome = try events.withNextLine { (bytes) throws(TraceError) -> InputEvent? in
                var first = 0
                while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
                if first == bytes.count || bytes[first] == UInt8(ascii: "#") { return nil }
                let line = UnsafeBufferPointer(rebasing: bytes[first...])
                if line.count >= 2, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":") {
                    return try parseEvent(line)
                }
                if EvemuDescriptionParser.isDescriptionLine(Substring(String(decoding: line, as: UTF8.self))) {
                    throw error("a description line after the first event")
                }
                throw error("not an event line (expected 'E: seconds.microseconds type code value')")
            }
            switch outcome {
            case .some(.some(let event)): return event
            case .some(.none): continue  // a blank line or a comment
            case .none:
                finished = true
                return nil
            }
        }
    }

    private func error(_ reason: String) -> TraceError { events.error(reason) }

    private func parseEvent(_ line: Substring) throws(TraceError) -> InputEvent {
        var text = String(line)
        let result = text.withUTF8 { bytes in
            Result { () throws(TraceError) -> InputEvent in try parseEvent(bytes) }
        }
        return try result.get()
    }

    /// Parses an `E:` line from its bytes (starting at the `E`).
    @inline(__always) private func parseEvent(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceError) -> InputEvent {
        if let event = EvemuEventLine.parse(bytes) { return event }
        switch Self.parseEventCarefully(bytes) {
        case .success(let event): return event
        case .failure(let problem): throw error(problem.reason)
        }
    }

    /// Parses an `E:` line from its bytes (starting at the `E`), every form evemu accepts, naming what is wrong
    /// otherwise. (``EvemuEventLine`` takes the common form first.)
    static func parseEventCarefully(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<InputEvent, LineProblem> {
        var scanner = ByteScanner(bytes, from: 2)
        scanner.skipSpaces()
        let secondsFieldStart = scanner.position
        var digits = 0
        guard let seconds = scanner.decimal(digits: &digits), seconds >= 0, scanner.consume(UInt8(ascii: "."))
        else {
            return .failure(LineProblem("time '\(scanner.field(at: secondsFieldStart))' is not seconds.microseconds"))
        }
        guard seconds < InputEvent.secondsLimit else {
            return .failure(LineProblem(
                "time '\(scanner.field(at: secondsFieldStart))' is out of range (seconds must be below "
                    + "\(InputEvent.secondsLimit), about 136 years)"))
        }
        guard let microseconds = scanner.decimal(digits: &digits), microseconds >= 0, digits <= 6 else {
            return .failure(LineProblem("time '\(scanner.field(at: secondsFieldStart))': the microseconds are not 0–999999"))
        }
        scanner.skipSpaces()
        let typeFieldStart = scanner.position
        guard let type = scanner.hexadecimal(), type <= UInt32(EventType.maximum.rawValue) else {
            return .failure(LineProblem("event type '\(scanner.field(at: typeFieldStart))' is not a hex number 0000–001f"))
        }
        scanner.skipSpaces()
        let codeFieldStart = scanner.position
        guard let code = scanner.hexadecimal(), code <= 0xffff else {
            return .failure(LineProblem("event code '\(scanner.field(at: codeFieldStart))' is not a 16-bit hex number"))
        }
        scanner.skipSpaces()
        let valueFieldStart = scanner.position
        guard let value = scanner.decimal().flatMap(Int32.init(exactly:)) else {
            return .failure(LineProblem(
                scanner.field(at: valueFieldStart).isEmpty
                    ? "an E: line needs 4 fields (time type code value)"
                    : "value '\(scanner.field(at: valueFieldStart))' is not a 32-bit decimal integer"))
        }
        guard scanner.isAtEndOrComment() else {
            return .failure(LineProblem("unexpected '\(scanner.currentField())' after the value"))
        }
        return .success(
            InputEvent(
                timestamp: Timestamp(seconds: seconds, microseconds: microseconds),
                type: EventType(rawValue: UInt16(type)), code: UInt16(code), value: value))
    }

    /// Reads description lines up to the first event line; returns the description (if any), the version and
    /// the first event line.
    private static func readDescription(
        _ reader: LineReader
    ) throws(TraceError) -> (DeviceDescription?, (Int, Int), Substring?, UdevProperties) {
        var parser = EvemuDescriptionParser()
        var version = (1, 0)
        var udev = UdevProperties()
        var isFirstLine = true
        while let text = try reader.nextLine() {
            let line = Substring(text)
            defer { isFirstLine = false }
            if line.hasPrefix("# EVEMU ") {
                guard isFirstLine else { continue }
                let number = line.dropFirst(8).split(separator: ".")
                guard number.count == 2, let major = Int(number[0]), let minor = Int(number[1].prefix { $0.isNumber })
                else {
                    throw reader.error("malformed '# EVEMU' version line")
                }
                guard major == 1 else { throw reader.error("evemu format \(major).\(minor) is not supported (1.x is)") }
                version = (major, minor)
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let (name, value) = UdevProperties.parseComment(trimmed), UdevProperties.isRelevant(name) {
                udev.values[name] = value
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("E:") { return (parser.description(), version, trimmed, udev) }
            guard EvemuDescriptionParser.isDescriptionLine(trimmed) else {
                throw reader.error("not an evemu line (expected N:, I:, P:, B:, A:, L:, S:, E: or a # comment)")
            }
            if let problem = parser.apply(trimmed) { throw reader.error(problem) }
        }
        return (parser.description(), version, nil, udev)
    }
}

@available(*, unavailable)
extension EvemuReader: Sendable {}
