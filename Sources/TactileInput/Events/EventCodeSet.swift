/// The event codes a device advertises, as a bit set: a constant-time membership test for the decoder's hot
/// path, which checks every event (a dictionary of sets hashed twice per event before).
///
/// Covers types 0…`EV_MAX` (0x1f) and codes 0…0x3ff (`KEY_MAX` is 0x2ff, `ABS_MAX` 0x3f); a code outside that
/// range is never a member (callers fall back to ``DeviceDescription/supports(_:code:)``).
struct EventCodeSet: Sendable {
    /// The largest code the set holds.
    static let maximumCode: UInt16 = 0x3ff
    private static let wordsPerType = (Int(maximumCode) + 1) / 64

    private var words: [UInt64]

    /// The codes of `description` (``DeviceDescription/codes``, every type up to `EV_MAX`), plus `extraAbsolute`
    /// absolute codes.
    init(_ description: DeviceDescription, extraAbsolute: Set<UInt16> = []) {
        words = Array(repeating: 0, count: (Int(EventType.maximum.rawValue) + 1) * Self.wordsPerType)
        for (type, codes) in description.codes {
            for code in codes { insert(type, code: code) }
        }
        for code in extraAbsolute { insert(.absolute, code: code) }
    }

    /// Whether the code can be held: type ≤ `EV_MAX`, code ≤ ``maximumCode``.
    static func covers(_ type: EventType, code: UInt16) -> Bool {
        type.rawValue <= EventType.maximum.rawValue && code <= maximumCode
    }

    private mutating func insert(_ type: EventType, code: UInt16) {
        guard Self.covers(type, code: code) else { return }
        let bit = Int(type.rawValue) * Self.wordsPerType * 64 + Int(code)
        words[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// Whether the set holds the code; `false` for one outside the covered range.
    func contains(_ type: EventType, code: UInt16) -> Bool {
        guard Self.covers(type, code: code) else { return false }
        let bit = Int(type.rawValue) * Self.wordsPerType * 64 + Int(code)
        return words.withUnsafeBufferPointer { $0[bit >> 6] } & (1 << UInt64(bit & 63)) != 0
    }
}
