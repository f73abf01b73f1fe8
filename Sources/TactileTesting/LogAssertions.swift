import Tactile
import Testing

/// Whether expected log lines must appear in the order given.
public enum LogOrder: Hashable, Sendable {
    /// In the order given, with any other lines between them.
    case ordered
    /// In any order, each on a different line.
    case unordered
}

/// How expected lines matched a delivery log: which line each matched, and a readable report.
///
/// An expected line matches a log line that contains it, so it can be written as the log reads, with or
/// without the time: `"V: began{#1}"`, `"tap: possible → recognized"`, `"0.120s long press: action(began)"`. The
/// log's lines are the text `tactile replay` prints for the same run (`Delivery.logLines(_:)`), so a line
/// copied from the tool matches.
public struct LogMatch: Hashable, Sendable, CustomStringConvertible {
    /// The log's lines (`Delivery.logLines(_:)`: `tactile replay`'s text, responder chains on one line).
    public var lines: [String]
    /// The expected lines.
    public var expected: [String]
    /// The order asked for.
    public var order: LogOrder
    /// For each expected line, the index of the log line it matched, or `nil`.
    public var matches: [Int?]

    /// Matches `expected` against `lines`.
    public init(lines: [String], expected: [String], order: LogOrder) {
        self.lines = lines
        self.expected = expected
        self.order = order
        switch order {
        case .ordered:
            var next = 0
            var matches: [Int?] = []
            for text in expected {
                if let index = lines[next...].firstIndex(where: { $0.contains(text) }) {
                    matches.append(index)
                    next = index + 1
                } else {
                    matches.append(nil)
                }
            }
            self.matches = matches
        case .unordered:
            self.matches = Self.bipartite(lines: lines, expected: expected)
        }
    }

    /// A largest set of distinct log lines for the expected lines (augmenting paths; logs in tests are small).
    private static func bipartite(lines: [String], expected: [String]) -> [Int?] {
        let candidates = expected.map { text in lines.indices.filter { lines[$0].contains(text) } }
        var owner: [Int: Int] = [:]  // line → expected
        func augment(_ e: Int, _ seen: inout Set<Int>) -> Bool {
            for line in candidates[e] where seen.insert(line).inserted {
                if let other = owner[line] {
                    guard augment(other, &seen) else { continue }
                }
                owner[line] = e
                return true
            }
            return false
        }
        for e in expected.indices {
            var seen: Set<Int> = []
            _ = augment(e, &seen)
        }
        var result = [Int?](repeating: nil, count: expected.count)
        for (line, e) in owner { result[e] = line }
        return result
    }

    /// Whether every expected line matched.
    public var isSuccess: Bool { matches.allSatisfy { $0 != nil } }

    /// The expected lines that did not match.
    public var missing: [String] { expected.indices.filter { matches[$0] == nil }.map { expected[$0] } }

    /// A diff-like report: the expected lines that are missing (`-`), then the log with each matched line marked
    /// by its expected line's number (`=`); a log of more than 40 lines shows the matched lines with three lines
    /// around each, and its first and last five.
    public var description: String {
        var text = ""
        let missingIndices = expected.indices.filter { matches[$0] == nil }
        if missingIndices.isEmpty {
            text += "all \(expected.count) expected line(s) found (\(order))\n"
        } else {
            text += "\(missingIndices.count) of \(expected.count) expected line(s) not found (\(order)):\n"
            for index in missingIndices {
                var note = ""
                if order == .ordered, let previous = expected[..<index].indices.last(where: { matches[$0] != nil }),
                    let line = matches[previous], lines.contains(where: { $0.contains(expected[index]) })
                {
                    note = "   (it appears, but not after line \(line + 1))"
                }
                text += "  - [\(index + 1)] \(expected[index])\(note)\n"
            }
        }
        text += "the log (\(lines.count) line\(lines.count == 1 ? "" : "s")):\n"
        var byLine: [Int: Int] = [:]
        for (e, line) in matches.enumerated() { if let line { byLine[line] = e } }
        let width = String(lines.count).count
        // A long log shows the matched lines with three lines around each, and the first and last lines.
        let shown: Set<Int> =
            lines.count <= 40
            ? Set(lines.indices)
            : Set(byLine.keys.flatMap { max(0, $0 - 3)...min(lines.count - 1, $0 + 3) })
                .union(0..<min(5, lines.count)).union(max(0, lines.count - 5)..<lines.count)
        var skipped = 0
        for (index, line) in lines.enumerated() {
            guard shown.contains(index) else {
                skipped += 1
                continue
            }
            if skipped > 0 {
                text += "        ⋮ (\(skipped) more)\n"
                skipped = 0
            }
            let number = String(index + 1)
            let padded = String(repeating: " ", count: width - number.count) + number
            let mark = byLine[index].map { "= [\($0 + 1)]" } ?? "     "
            text += "  \(mark) \(padded)  \(line)\n"
        }
        if lines.isEmpty { text += "  (empty)\n" }
        return text
    }
}

/// Records an issue unless every line of `expected` appears in `log` (each as part of a log line), in
/// `order`; the issue shows a diff of the expected lines against the log.
///
/// ```swift
/// expectLog(app.deliveries, contains: "V: began{#1}", "long press: possible → began", "V: cancelled{#1}")
/// ```
public func expectLog(
    _ log: [Delivery], contains expected: String..., order: LogOrder = .ordered,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectLog(Delivery.logLines(log), contains: expected, order: order, sourceLocation: sourceLocation)
}

/// ``expectLog(_:contains:order:sourceLocation:)`` over the application's stored log
/// (`Application.deliveries`).
@preconcurrency @MainActor
public func expectLog(
    _ application: Application, contains expected: String..., order: LogOrder = .ordered,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectLog(
        Delivery.logLines(application.deliveries), contains: expected, order: order, sourceLocation: sourceLocation)
}

/// ``expectLog(_:contains:order:sourceLocation:)`` over log lines, with the expected lines as an array.
public func expectLog(
    _ lines: [String], contains expected: [String], order: LogOrder = .ordered,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let match = LogMatch(lines: lines, expected: expected, order: order)
    if !match.isSuccess {
        Issue.record(
            Comment(rawValue: "expectLog(contains:) failed: " + match.description), sourceLocation: sourceLocation)
    }
}

/// Records an issue for each line of `log` that contains one of `unexpected`, showing the log.
public func expectLog(
    _ log: [Delivery], doesNotContain unexpected: String..., sourceLocation: SourceLocation = #_sourceLocation
) {
    let lines = log.map(\.description)
    for text in unexpected {
        let found = lines.indices.filter { lines[$0].contains(text) }
        guard !found.isEmpty else { continue }
        let match = LogMatch(lines: lines, expected: [text], order: .ordered)
        Issue.record(
            Comment(
                rawValue: "expectLog(doesNotContain:) failed: \"\(text)\" is on line(s) "
                    + found.map { String($0 + 1) }.joined(separator: ", ") + "\n" + match.description),
            sourceLocation: sourceLocation)
    }
}
