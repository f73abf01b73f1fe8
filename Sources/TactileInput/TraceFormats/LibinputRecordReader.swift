import Foundation
import Tactile
import Yams

/// Reads a `libinput record` YAML file (format version 1) as a stream: the device first, then one event at a
/// time.
///
/// The file has two parts, read two ways:
/// - The header, up to the device's `events:` key (`version`, `ndevices`, `libinput`, `system`, and the
///   device's `node`, `evdev`, `hid`, `udev`, `quirks`), is small and free-form YAML; it is parsed with Yams.
///   Unknown keys are ignored, as the format's man page requires.
/// - The `events:` list can hold an hour of input, and a YAML library would load it whole. It is read line by
///   line instead, relying on the layout libinput writes: each entry is a block-sequence item `- evdev:`
///   followed by one `- [sec, usec, type, code, value]` flow sequence per line (trailing `# …` comments are
///   allowed). Entries of other kinds (`- libinput:`, `- hid:`) are skipped with everything indented under
///   them. Anything else inside an `evdev` entry is a ``TraceError`` with its line number.
///
/// A recording of several devices (`libinput record --all`, `ndevices` > 1) is read one device at a time: the
/// one chosen with ``DeviceChoice``, by default the first touchscreen (else the first touch device, else the
/// first device), so a keyboard listed first does not hide the touchscreen after it. Choosing a device other than
/// the first reads the file's headers once more (the events of the devices before it are skipped, line by line).
/// Not `Sendable`: it owns an open file.
public final class LibinputRecordReader {
    /// The device the recording was made on, from its `evdev:` section.
    public let deviceDescription: DeviceDescription
    /// The device node it was recorded from (`node:`), if given.
    public let deviceNode: String?
    /// The device's udev properties that Tactile uses (``UdevProperties/isRelevant(_:)``), from `udev:
    /// properties:`.
    public let udevProperties: UdevProperties

    private let reader: LineReader
    private let eventsIndentation: Int
    private var inEvdevEntry = false
    private var finished = false

    /// Which device of a multi-device recording to read (`tactile --record-device`).
    public enum DeviceChoice: Hashable, Sendable, CustomStringConvertible {
        /// The device at this position of the file's `devices:` list (0 is the first).
        case index(Int)
        /// The first device whose name contains this text (case-insensitive).
        case name(String)

        /// `2` is ``index(_:)``, anything else ``name(_:)``.
        public init(_ argument: String) {
            if let index = Int(argument), index >= 0 { self = .index(index) } else { self = .name(argument) }
        }

        public var description: String {
            switch self {
            case .index(let index): "\(index)"
            case .name(let name): name
            }
        }
    }

    /// The position of the device read in the file's `devices:` list (0 for a single-device recording).
    public let deviceIndex: Int
    /// The names of all the file's devices, in order.
    public let deviceNames: [String]

    /// Opens a recording, reading the device `device` chooses (by default the first touchscreen).
    ///
    /// - Throws: ``TraceError`` when the file cannot be read, is not version 1, lacks a device, has a
    ///   malformed header, or has no device `device` names.
    public init(path: String, device: DeviceChoice? = nil) throws(TraceError) {
        var reader = try LineReader(path: path)
        var header = ""
        var eventsLine: (number: Int, indentation: Int)?
        while let line = try reader.nextLine() {
            let indentation = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indentation)
            if content.hasPrefix("events:") || content.hasPrefix("- events:") {
                let afterKey = content.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
                guard afterKey.isEmpty || afterKey.hasPrefix("#") else {
                    throw reader.error("events must be a block list ('events:' alone on its line), one entry per line")
                }
                eventsLine = (reader.lineNumber, indentation + (content.hasPrefix("- ") ? 2 : 0))
                break
            }
            header += line + "\n"
            guard header.utf8.count <= Self.maximumHeaderLength else {
                throw reader.error("the header is longer than \(Self.maximumHeaderLength) bytes before the device's 'events:'")
            }
        }
        if let depth = Self.flowNestingDepth(header, above: Self.maximumFlowNesting) {
            throw TraceError(
                file: path, line: depth.line,
                reason: "the header nests '[' or '{' more than \(Self.maximumFlowNesting) levels deep")
        }
        var root: Node
        do {
            guard let node = try Yams.compose(yaml: header) else {
                throw TraceError(file: path, reason: "the file is empty")
            }
            root = node
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: path, reason: "the header is not valid YAML: \(error)")
        }
        guard let version = root["version"]?.int else {
            throw TraceError(file: path, reason: "no 'version' key: not a libinput record file")
        }
        guard version == 1 else {
            throw TraceError(file: path, reason: "libinput record version \(version) is not supported (1 is)")
        }
        var chosen = 0
        var eventsLines = eventsLine.map { [$0] } ?? []
        if let eventsLine, (root["ndevices"]?.int ?? 1) > 1 || device != nil {
            // Every device's header: the rest of the file, without the events lists.
            (header, eventsLines) = try Self.allHeaders(reader, first: header, eventsLine: eventsLine)
            if let depth = Self.flowNestingDepth(header, above: Self.maximumFlowNesting) {
                throw TraceError(
                    file: path, reason: "the devices' headers nest '[' or '{' more than \(Self.maximumFlowNesting) levels deep (header line \(depth.line))")
            }
            do {
                guard let node = try Yams.compose(yaml: header) else { throw TraceError(file: path, reason: "the file is empty") }
                root = node
            } catch let error as TraceError {
                throw error
            } catch {
                throw TraceError(file: path, reason: "the header is not valid YAML: \(error)")
            }
        }
        guard let devices = root["devices"]?.sequence, !devices.isEmpty else {
            throw TraceError(file: path, reason: "no 'devices' list with an 'evdev' section")
        }
        var descriptions: [DeviceDescription] = []
        for (index, entry) in devices.enumerated() {
            guard let evdev = entry["evdev"] else {
                throw TraceError(file: path, reason: "device \(index) of 'devices' has no 'evdev' section")
            }
            descriptions.append(try Self.description(from: evdev, path: path))
        }
        deviceNames = descriptions.map(\.name)
        let listing = descriptions.enumerated().map { "\($0.offset): \"\($0.element.name)\"" }.joined(separator: ", ")
        switch device {
        case .index(let index)?:
            guard index < descriptions.count else {
                throw TraceError(file: path, reason: "no device \(index) in this recording (it has \(listing)); choose one with --record-device N")
            }
            chosen = index
        case .name(let text)?:
            guard let index = descriptions.firstIndex(where: { $0.name.lowercased().contains(text.lowercased()) }) else {
                throw TraceError(file: path, reason: "no device named like \"\(text)\" in this recording (it has \(listing)); choose one with --record-device N")
            }
            chosen = index
        case nil:
            chosen = descriptions.firstIndex { $0.touchProtocol != .none && $0.surfaceKind == .touchscreen }
                ?? descriptions.firstIndex { $0.touchProtocol != .none } ?? 0
        }
        if descriptions.count > 1, descriptions[chosen].touchProtocol == .none {
            throw TraceError(file: path, reason: "device \(chosen) \"\(descriptions[chosen].name)\" is not a touch device (this recording has \(listing)); choose one with --record-device N")
        }
        deviceIndex = chosen
        let device = devices[chosen]
        deviceDescription = descriptions[chosen]
        deviceNode = device["node"]?.string
        // `udev: properties: [NAME=VALUE, …]`, as libinput record writes them.
        var properties: [String: String] = [:]
        if case .sequence(let list)? = device["udev"]?["properties"] {
            for item in list {
                guard let text = item.string, let equals = text.firstIndex(of: "=") else { continue }
                let name = String(text[..<equals])
                if UdevProperties.isRelevant(name) { properties[name] = String(text[text.index(after: equals)...]) }
            }
        }
        udevProperties = UdevProperties(properties)
        let chosenEvents = chosen < eventsLines.count ? eventsLines[chosen] : nil
        if let chosenEvents, reader.lineNumber != chosenEvents.number {
            // Back to the chosen device's `events:` line.
            reader = try LineReader(path: path)
            while reader.lineNumber < chosenEvents.number, try reader.withNextLine({ _ in () }) != nil {}
        }
        self.reader = reader
        eventsIndentation = chosenEvents?.indentation ?? 0
        finished = chosenEvents == nil
    }

    /// Reads the rest of a multi-device file after the first device's `events:` line: the devices' headers are
    /// kept (each `events:` line as an empty key), their events lists skipped. Returns the whole header and each
    /// device's `events:` line, in order.
    private static func allHeaders(
        _ reader: LineReader, first: String, eventsLine: (number: Int, indentation: Int)
    ) throws(TraceError) -> (String, [(number: Int, indentation: Int)]) {
        var header = first + String(repeating: " ", count: max(0, eventsLine.indentation)) + "events:\n"
        var lines = [eventsLine]
        var current = eventsLine
        var inEvents = true
        while let line = try reader.nextLine() {
            let indentation = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indentation)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if inEvents {
                let ends = indentation <= current.indentation && !content.hasPrefix("- ") || indentation < current.indentation
                if !ends { continue }
                inEvents = false
            }
            if content.hasPrefix("events:") || content.hasPrefix("- events:") {
                current = (reader.lineNumber, indentation + (content.hasPrefix("- ") ? 2 : 0))
                lines.append(current)
                inEvents = true
            }
            header += line + "\n"
            guard header.utf8.count <= maximumHeaderLength else {
                throw reader.error("the devices' headers are longer than \(maximumHeaderLength) bytes")
            }
        }
        return (header, lines)
    }

    /// The next event, or `nil` at the end of the device's events.
    ///
    /// - Throws: ``TraceError`` for a malformed line, naming its number.
    public func nextEvent() throws(TraceError) -> InputEvent? {
        guard !finished else { return nil }
        while true {
            // An event line's bytes are scanned in place (``fastEvent(_:)``): no String per event line.
            let outcome = try reader.withNextLine { (bytes) throws(TraceError) -> LineOutcome in
                if let event = fastEvent(bytes) { return .event(event) }
                return try line(String(decoding: bytes, as: UTF8.self))
            }
            switch outcome {
            case .event(let event)?: return event
            case .skip?: continue
            case .endOfEvents?, nil:
                finished = true
                return nil
            }
        }
    }

    /// What one line of the events list holds.
    private enum LineOutcome {
        case event(InputEvent)
        case skip
        case endOfEvents
    }

    /// Reads one line of the events list, every form the format allows, naming what is wrong otherwise.
    private func line(_ line: String) throws(TraceError) -> LineOutcome {
        let indentation = line.prefix { $0 == " " }.count
        let content = line.dropFirst(indentation)
        if content.isEmpty || content.hasPrefix("#") { return .skip }
        if indentation <= eventsIndentation && !content.hasPrefix("- ") || indentation < eventsIndentation {
            // The next key of the device, or the next device: this device's events are over.
            return .endOfEvents
        }
        guard content.hasPrefix("-") else {
            if inEvdevEntry { throw error("expected '- [sec, usec, type, code, value]'") }
            return .skip
        }
        let item = content.dropFirst().drop { $0 == " " }
        if item.hasPrefix("[") {
            guard inEvdevEntry else { return .skip }
            return .event(try parseEvent(item))
        }
        let key = item.prefix { $0 != ":" }
        if item.count > key.count && (indentation == eventsIndentation || indentation == eventsIndentation + 2) {
            // A new entry of the events list: `- evdev:`, `- libinput:`, `- hid:`, …
            inEvdevEntry = key == "evdev"
            if inEvdevEntry {
                let rest = item.dropFirst(key.count + 1).drop { $0 == " " }
                guard rest.isEmpty || rest.hasPrefix("#") else {
                    throw error("an evdev entry's events must follow on their own lines")
                }
            }
            return .skip
        }
        if inEvdevEntry { throw error("expected '- [sec, usec, type, code, value]'") }
        return .skip
    }

    /// The event of a common evdev event line — indented below `events:`, `- [sec, usec, type, code, value]`
    /// in plain decimal (only the value signed), an optional `#` comment — or `nil` for any other line, which
    /// ``line(_:)`` then reads (and reports, if it is malformed). Accepts only lines ``line(_:)`` reads the same.
    private func fastEvent(_ bytes: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        guard inEvdevEntry else { return nil }
        var scanner = ByteScanner(bytes)
        while scanner.consume(0x20) {}
        guard scanner.position > eventsIndentation, scanner.consume(UInt8(ascii: "-")) else { return nil }
        while scanner.consume(0x20) {}
        guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        var fields: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        for index in 0..<5 {
            scanner.skipSpaces()
            let signed = index == 4
            guard let byte = scanner.peek(), byte >= 0x30 && byte <= 0x39 || signed && byte == UInt8(ascii: "-"),
                let number = scanner.decimal()
            else { return nil }
            scanner.skipSpaces()
            guard scanner.consume(index == 4 ? UInt8(ascii: "]") : UInt8(ascii: ",")) else { return nil }
            switch index {
            case 0: fields.0 = number
            case 1: fields.1 = number
            case 2: fields.2 = number
            case 3: fields.3 = number
            default: fields.4 = number
            }
        }
        // A `#` that a combining mark follows is another character: ``line(_:)`` says what is wrong.
        guard scanner.isAtEndOrComment(), scanner.position + 1 >= bytes.count || bytes[scanner.position + 1] < 0x80
        else { return nil }
        let (seconds, microseconds, type, code, value) = fields
        guard seconds < InputEvent.secondsLimit, microseconds < 1_000_000, type <= Int64(EventType.maximum.rawValue),
            code <= 0xffff, let value = Int32(exactly: value)
        else { return nil }
        return InputEvent(
            timestamp: Timestamp(seconds: seconds, microseconds: microseconds), type: EventType(rawValue: UInt16(type)),
            code: UInt16(code), value: value)
    }

    private func error(_ reason: String) -> TraceError { reader.error(reason) }

    private func parseEvent(_ item: Substring) throws(TraceError) -> InputEvent {
        guard let close = item.firstIndex(of: "]") else { throw error("an event list is not closed with ']'") }
        let rest = item[item.index(after: close)...].drop { $0 == " " || $0 == "\t" }
        guard rest.isEmpty || rest.hasPrefix("#") else { throw error("unexpected text after the event list") }
        let fields = item[item.index(after: item.startIndex)..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard fields.count == 5 else {
            throw error("an event needs 5 numbers [sec, usec, type, code, value], found \(fields.count)")
        }
        guard let seconds = Int64(fields[0]), seconds >= 0 else {
            throw error("seconds '\(Self.bounded(fields[0]))' are not a whole number")
        }
        guard seconds < InputEvent.secondsLimit else {
            throw error(
                "seconds '\(fields[0])' are out of range (they must be below \(InputEvent.secondsLimit), about 136 years)")
        }
        guard let microseconds = Int64(fields[1]), (0..<1_000_000).contains(microseconds) else {
            throw error("microseconds '\(Self.bounded(fields[1]))' are not 0–999999")
        }
        guard let type = UInt16(fields[2]), type <= EventType.maximum.rawValue else {
            throw error("event type '\(Self.bounded(fields[2]))' is not 0–31")
        }
        guard let code = UInt16(fields[3]) else { throw error("event code '\(Self.bounded(fields[3]))' is not 0–65535") }
        guard let value = Int32(fields[4]) else { throw error("value '\(Self.bounded(fields[4]))' is not a 32-bit integer") }
        return InputEvent(
            timestamp: Timestamp(seconds: seconds, microseconds: microseconds), type: EventType(rawValue: type),
            code: code, value: value)
    }

    /// The most bytes of YAML before the device's `events:` (a real header is a few KiB).
    static let maximumHeaderLength = 4 << 20
    /// The deepest `[`/`{` nesting accepted in the header (a real one nests 2 deep): the YAML parser
    /// recurses per level.
    static let maximumFlowNesting = 64

    /// The line on which `[`/`{` nesting first goes deeper than `limit` (outside quotes and comments), or `nil`.
    static func flowNestingDepth(_ header: String, above limit: Int) -> (line: Int, depth: Int)? {
        var depth = 0
        var line = 1
        var quote: UInt8?
        var inComment = false
        for byte in header.utf8 {
            if byte == 0x0a {
                line += 1
                inComment = false
                continue
            }
            if inComment { continue }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "#"): inComment = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return (line, depth) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// A field for an error message: at most 40 characters of it, then `…`.
    private static func bounded(_ field: String) -> String {
        field.count > 40 ? field.prefix(40) + "… (\(field.utf8.count) bytes)" : field
    }

    private static func description(from evdev: Node, path: String) throws(TraceError) -> DeviceDescription {
        func fail(_ reason: String) -> TraceError { TraceError(file: path, reason: "evdev: " + reason) }
        guard let name = evdev["name"]?.string else { throw fail("no 'name'") }
        var identity = DeviceDescription.Identity()
        if let id = evdev["id"] {
            let numbers = id.array().compactMap(\.int)
            guard numbers.count == 4, numbers.allSatisfy({ (0...0xffff).contains($0) }) else {
                throw fail("'id' must be [bustype, vendor, product, version]")
            }
            identity = .init(
                bus: UInt16(numbers[0]), vendor: UInt16(numbers[1]), product: UInt16(numbers[2]),
                version: UInt16(numbers[3]))
        }
        var codes: [EventType: Set<UInt16>] = [:]
        var eventTypes: Set<EventType> = []
        if let codesNode = evdev["codes"], codesNode.mapping == nil {
            throw fail("'codes' must be a mapping from event type to a list of codes, such as '3: [0, 1, 53, 54, 57]'")
        }
        if let absinfoNode = evdev["absinfo"], absinfoNode.mapping == nil {
            throw fail("'absinfo' must be a mapping from axis code to [min, max, fuzz, flat, resolution]")
        }
        if let propertiesNode = evdev["properties"], propertiesNode.sequence == nil {
            throw fail("'properties' must be a list of property numbers, such as [1]")
        }
        if let mapping = evdev["codes"]?.mapping {
            for (key, value) in mapping {
                guard let type = key.int, (0...Int(EventType.maximum.rawValue)).contains(type) else {
                    throw fail("'codes' key '\(key.string ?? "?")' is not an event type")
                }
                guard value.sequence != nil else { throw fail("'codes' for type \(type) must be a list of numbers") }
                let list = value.array()
                let numbers = list.compactMap(\.int).filter { (0...0xffff).contains($0) }
                guard numbers.count == list.count else { throw fail("'codes' for type \(type) must be numbers") }
                eventTypes.insert(EventType(rawValue: UInt16(type)))
                codes[EventType(rawValue: UInt16(type))] = Set(numbers.map { UInt16($0) })
            }
        }
        var axes: [AbsoluteAxis: AxisInfo] = [:]
        if let mapping = evdev["absinfo"]?.mapping {
            for (key, value) in mapping {
                guard let code = key.int, (0...Int(AbsoluteAxis.maximum.rawValue)).contains(code) else {
                    throw fail("'absinfo' key '\(key.string ?? "?")' is not an axis code")
                }
                let numbers = value.array().compactMap { $0.int.flatMap(Int32.init(exactly:)) }
                guard numbers.count == 5, value.array().count == 5 else {
                    throw fail("'absinfo' for axis \(code) must be [min, max, fuzz, flat, resolution]")
                }
                axes[AbsoluteAxis(rawValue: UInt16(code))] = AxisInfo(
                    minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                    resolution: numbers[4])
            }
        }
        var properties: Set<DeviceProperty> = []
        if let list = evdev["properties"] {
            for item in list.array() {
                guard let bit = item.int, (0...0xffff).contains(bit) else { throw fail("'properties' must be numbers") }
                properties.insert(DeviceProperty(rawValue: UInt16(bit)))
            }
        }
        return DeviceDescription(
            name: name, identity: identity, properties: properties, eventTypes: eventTypes, codes: codes, axes: axes)
    }
}

@available(*, unavailable)
extension LibinputRecordReader: Sendable {}
