/// Reads one JSON object key by key, remembering which keys were used, so that ``finish()`` can reject the
/// rest by name; every error carries the file and the JSON path.
///
/// ```swift
/// var reader = try JSONObjectReader(value, file: "scene.json", path: "views[0]")
/// let name = try reader.optionalString("name")
/// try reader.finish()   // `scene.json:4:7: views[0]: unknown key "nmae" (did you mean "name"?)`
/// ```
///
/// A key that is unknown only by a slip of the keyboard (``closeMatch(to:among:)``: one or two letters added,
/// missing, changed or swapped) is reported with the key the reader knows (`did you mean "frame"?`), and a
/// required key that is missing while such a key is present is reported as that key. The error locates the key
/// by ``SceneError/keyPath``; ``Scene/decode(_:file:)`` adds its line and column.
struct JSONObjectReader {
    let file: String
    let path: String
    private let members: [String: JSONValue]
    private var used: Set<String> = []

    init(_ value: JSONValue, file: String, path: String) throws(SceneError) {
        guard case .object(let members) = value else {
            throw SceneError(file: file, path: path, reason: "expected an object, found \(value.kindName)")
        }
        self.file = file
        self.path = path
        self.members = members
    }

    /// Whether the object has `key` (not counting it as used).
    func has(_ key: String) -> Bool { members[key] != nil }

    /// The path of a member.
    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about a member.
    func error(_ key: String, _ reason: String) -> SceneError {
        SceneError(file: file, path: path(of: key), reason: reason)
    }

    /// An error about the object itself.
    func error(_ reason: String) -> SceneError { SceneError(file: file, path: path, reason: reason) }

    /// The raw member, marked as used; `nil` when absent or `null`.
    mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    mutating func optionalNumber(_ key: String) throws(SceneError) -> Double? {
        guard let value = value(key) else { return nil }
        return try Self.number(value, file: file, path: path(of: key))
    }

    /// The number `value` holds, within ``Scene/maximumMagnitude``.
    ///
    /// - Throws: ``SceneError`` at `path` when `value` is not a number, or is a number beyond the bound (no size,
    ///   position, time or factor of a scene is that large; its coordinates would lose their fraction).
    static func number(_ value: JSONValue, file: String, path: String) throws(SceneError) -> Double {
        guard case .number(let number) = value, number.isFinite else {
            throw SceneError(file: file, path: path, reason: "expected a number, found \(value.kindName)")
        }
        guard number.magnitude <= Scene.maximumMagnitude else {
            throw SceneError(
                file: file, path: path,
                reason: "\(number) is out of range: a scene's numbers lie within ±1000000000 (10⁹)")
        }
        return number
    }

    mutating func number(_ key: String) throws(SceneError) -> Double {
        guard let number = try optionalNumber(key) else { throw missing(key) }
        return number
    }

    /// A whole number within `range`.
    mutating func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(SceneError) -> Int? {
        guard let number = try optionalNumber(key) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            throw error(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(number)")
        }
        return Int(number)
    }

    /// A number that is at least `minimum` (`exclusive`: strictly above it).
    mutating func optionalNumber(_ key: String, atLeast minimum: Double, exclusive: Bool = false) throws(SceneError)
        -> Double?
    {
        guard let number = try optionalNumber(key) else { return nil }
        if exclusive ? number <= minimum : number < minimum {
            throw error(key, "expected a number \(exclusive ? "above" : "of at least") \(minimum), found \(number)")
        }
        return number
    }

    mutating func optionalBool(_ key: String) throws(SceneError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let bool) = value else { throw error(key, "expected true or false, found \(value.kindName)") }
        return bool
    }

    mutating func optionalString(_ key: String) throws(SceneError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw error(key, "expected a string, found \(value.kindName)") }
        return string
    }

    mutating func string(_ key: String) throws(SceneError) -> String {
        guard let string = try optionalString(key) else { throw missing(key) }
        return string
    }

    /// An array's elements with their paths (`key[i]`); `nil` when absent.
    mutating func optionalArray(_ key: String) throws(SceneError) -> [(value: JSONValue, path: String)]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw error(key, "expected an array, found \(value.kindName)") }
        let base = path(of: key)
        return elements.enumerated().map { ($0.element, "\(base)[\($0.offset)]") }
    }

    /// An array of strings.
    mutating func optionalStrings(_ key: String) throws(SceneError) -> [String]? {
        guard let elements = try optionalArray(key) else { return nil }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element.value else {
                throw SceneError(file: file, path: element.path, reason: "expected a string, found \(element.value.kindName)")
            }
            strings.append(string)
        }
        return strings
    }

    /// A nested object's reader; `nil` when absent.
    mutating func optionalObject(_ key: String) throws(SceneError) -> JSONObjectReader? {
        guard let value = value(key) else { return nil }
        return try JSONObjectReader(value, file: file, path: path(of: key))
    }

    /// One of `choices` (a string), reported with the allowed values when it is none of them.
    mutating func optionalChoice<T>(_ key: String, _ choices: KeyValuePairs<String, T>) throws(SceneError) -> T? {
        guard let string = try optionalString(key) else { return nil }
        guard let match = choices.first(where: { $0.key == string }) else {
            let allowed = choices.map { "\"\($0.key)\"" }.joined(separator: ", ")
            throw error(key, "unknown value \"\(string)\" (expected one of \(allowed))")
        }
        return match.value
    }

    /// Fails on the first key (in sorted order) that was never read, suggesting the known key it is close to.
    func finish() throws(SceneError) {
        if let unknown = members.keys.sorted().first(where: { !used.contains($0) }) {
            throw unknownKey(unknown, suggesting: Self.closeMatch(to: unknown, among: used.sorted()))
        }
    }

    /// The error for the required `key`, absent: when an unread key is a slip for it (`"frmae"` for `"frame"`),
    /// that key is named as unknown with `key` suggested; otherwise `missing key "KEY"` and `detail`.
    func missing(_ key: String, _ detail: String = "") -> SceneError {
        let unread = members.keys.sorted().filter { !used.contains($0) }
        if let slip = unread.first(where: { Self.closeMatch(to: $0, among: [key]) != nil }) {
            return unknownKey(slip, suggesting: key)
        }
        return error("missing key \"\(key)\"\(detail)")
    }

    /// `unknown key "KEY"`, with `(did you mean "SUGGESTION"?)`, located at the key.
    private func unknownKey(_ key: String, suggesting suggestion: String?) -> SceneError {
        var error = error("unknown key \"\(key)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""))
        error.keyPath = path(of: key)
        return error
    }

    /// The key among `candidates` that `key` is a slip for: the nearest within two edits (a letter added,
    /// removed or changed, or two neighbours swapped: optimal string alignment distance), and fewer edits than
    /// either key has letters, so that short keys are not matched to anything. Ties go to the first candidate.
    static func closeMatch(to key: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != key {
            let distance = editDistance(Array(key), Array(candidate))
            guard distance <= 2, distance < min(key.count, candidate.count) else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, table[i - 2][j - 2] + 1) }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
