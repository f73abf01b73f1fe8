/// Collects an evemu description (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:` lines) into a ``DeviceDescription``.
///
/// Accepts format versions 1.0 to 1.3: `A:` lines with 5 fields (≤ 1.1) or 6 (≥ 1.2, resolution), any number
/// of `P:` and `B:` lines (bitmask bytes accumulate per line and per type), and trailing `# …` comments.
struct EvemuDescriptionParser {
    private(set) var name: String?
    private var identity = DeviceDescription.Identity()
    private var propertyBytes: [UInt8] = []
    private var typeBytes: [UInt16: [UInt8]] = [:]
    private var axes: [AbsoluteAxis: AxisInfo] = [:]
    private var leds: [UInt16: Int32] = [:]
    private var switches: [UInt16: Int32] = [:]

    /// Whether `line` (without its terminator) is a description line this parser takes.
    static func isDescriptionLine(_ line: Substring) -> Bool {
        guard line.count >= 2, line[line.index(after: line.startIndex)] == ":" else { return false }
        return "NIPBALS".contains(line[line.startIndex])
    }

    /// Applies one description line; returns the reason when the line is malformed.
    mutating func apply(_ line: Substring) -> String? {
        let kind = line[line.startIndex]
        let rest = line.dropFirst(2)
        if kind == "N" {
            // The name runs to the end of the line; a '#' is part of it.
            name = String(rest.drop { $0 == " " })
            return nil
        }
        let fields = Self.fields(rest)
        switch kind {
        case "I":
            guard fields.count == 4 else { return "I: needs 4 hexadecimal fields, found \(fields.count)" }
            var ids: [UInt16] = []
            for field in fields {
                guard let value = UInt16(field, radix: 16) else { return "I: field '\(field)' is not a 16-bit hex number" }
                ids.append(value)
            }
            identity = .init(bus: ids[0], vendor: ids[1], product: ids[2], version: ids[3])
        case "P":
            guard !fields.isEmpty else { return "P: needs bitmask bytes" }
            for field in fields {
                guard let byte = UInt8(field, radix: 16) else { return "P: '\(field)' is not a hex byte" }
                propertyBytes.append(byte)
            }
        case "B":
            guard fields.count >= 2 else { return "B: needs an event type and bitmask bytes" }
            guard let type = UInt8(fields[0], radix: 16), type <= EventType.maximum.rawValue else {
                return "B: '\(fields[0])' is not an event type (00–1f)"
            }
            for field in fields.dropFirst() {
                guard let byte = UInt8(field, radix: 16) else { return "B: '\(field)' is not a hex byte" }
                typeBytes[UInt16(type), default: []].append(byte)
            }
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                return "A: needs 5 or 6 fields (code min max fuzz flat [resolution]), found \(fields.count)"
            }
            guard let code = UInt16(fields[0], radix: 16), code <= AbsoluteAxis.maximum.rawValue else {
                return "A: '\(fields[0])' is not an absolute axis code (00–3f)"
            }
            var numbers: [Int32] = []
            for field in fields.dropFirst() {
                guard let value = Int32(field) else { return "A: '\(field)' is not a 32-bit integer" }
                numbers.append(value)
            }
            axes[AbsoluteAxis(rawValue: code)] = AxisInfo(
                minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count == 5 ? numbers[4] : 0)
        case "L", "S":
            guard fields.count == 2 else { return "\(kind): needs a code and a state" }
            guard let code = UInt16(fields[0], radix: 16), let state = Int32(fields[1]) else {
                return "\(kind): '\(fields[0]) \(fields[1])' is not a hex code and a decimal state"
            }
            if kind == "L" { leds[code] = state } else { switches[code] = state }
        default:
            return "unknown description line"
        }
        return nil
    }

    /// The description, or `nil` when no `N:` line was seen.
    func description() -> DeviceDescription? {
        guard let name else { return nil }
        var properties: Set<DeviceProperty> = []
        for bit in Self.bits(propertyBytes) { properties.insert(DeviceProperty(rawValue: bit)) }
        var eventTypes: Set<EventType> = []
        var codes: [EventType: Set<UInt16>] = [:]
        for (type, bytes) in typeBytes {
            if type == 0 {
                for bit in Self.bits(bytes) where bit <= EventType.maximum.rawValue {
                    eventTypes.insert(EventType(rawValue: bit))
                }
            } else {
                let set = Set(Self.bits(bytes))
                if !set.isEmpty { codes[EventType(rawValue: type)] = set }
            }
        }
        // evemu gives an axis set in `B: 03` but without an `A:` line the range 0..1; so do we.
        var axes = self.axes
        for code in codes[.absolute] ?? [] where axes[AbsoluteAxis(rawValue: code)] == nil {
            axes[AbsoluteAxis(rawValue: code)] = AxisInfo(minimum: 0, maximum: 1)
        }
        var result = DeviceDescription(
            name: name, identity: identity, properties: properties, eventTypes: eventTypes, codes: codes,
            axes: axes, ledStates: leds, switchStates: switches)
        // `DeviceDescription.init` adds the types of all codes; keep the file's type mask as written.
        if !typeBytes.isEmpty, typeBytes[0] != nil { result.eventTypes = eventTypes.union([.synchronization]) }
        return result
    }

    /// The whitespace-separated fields of a data line, up to a `#` comment.
    static func fields(_ text: Substring) -> [Substring] {
        let data = text.firstIndex(of: "#").map { text[..<$0] } ?? text
        return data.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// The numbers of the set bits in a little-endian bitmask (byte i, bit k is `8·i + k`).
    static func bits(_ bytes: [UInt8]) -> [UInt16] {
        var result: [UInt16] = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                guard let code = UInt16(exactly: index * 8 + bit) else { return result }
                result.append(code)
            }
        }
        return result
    }
}
