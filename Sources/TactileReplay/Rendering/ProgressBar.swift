import Tactile

/// A one-line progress bar for long replays: `[#########-----------]  45%  12.3 s / 27.0 s`.
///
/// Pure formatting: the caller decides where the line goes (stderr, and only when stderr is a terminal) and
/// redraws it with a carriage return. ``update(_:)`` returns a line only when the shown percentage changes, so a
/// replay of thousands of frames redraws at most a hundred times.
public struct ProgressBar: Sendable {
    /// The trace's duration (time of its last event relative to its first).
    public let total: Timestamp
    /// The bar's width in characters between the brackets.
    public let width: Int
    private var shownPercent = -1

    /// Creates a bar for a trace lasting `total`.
    public init(total: Timestamp, width: Int = 30) {
        self.total = total
        self.width = max(1, width)
    }

    /// A bar whose lines fit in `columns` characters less one (so that the cursor never wraps on a terminal that
    /// wide), or `nil` when the terminal is too narrow for a bar of at least 5 characters.
    public init?(total: Timestamp, columns: Int) {
        // "[" + bar + "] 100%  " + time + " / " + total, with time as long as total (plus one digit of slack).
        let fixed = 1 + 8 + 3 + 2 * Self.seconds(total).count + 1
        let width = min(60, columns - 1 - fixed)
        guard width >= 5 else { return nil }
        self.init(total: total, width: width)
    }

    /// The line for `time`, or `nil` when the shown percentage did not change.
    public mutating func update(_ time: Timestamp) -> String? {
        let fraction = total.nanoseconds > 0 ? min(1, max(0, time.seconds / total.seconds)) : 1
        let percent = Int((fraction * 100).rounded(.down))
        guard percent != shownPercent else { return nil }
        shownPercent = percent
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let padded = String(repeating: " ", count: 3 - String(percent).count) + String(percent)
        return "[\(bar)] \(padded)%  \(Self.seconds(time)) / \(Self.seconds(total))"
    }

    private static func seconds(_ time: Timestamp) -> String {
        let tenths = max(0, time.nanoseconds / 100_000_000)
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
