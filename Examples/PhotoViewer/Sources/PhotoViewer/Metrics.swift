/// Durations collected by the display loop, in milliseconds.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ duration: Duration) { values.append(duration.seconds * 1000) }

    /// The `fraction` quantile (nearest rank), or `nil` with no samples.
    func percentile(_ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// `p50 X ms, p99 Y ms (N)`.
    var summary: String {
        guard let p50 = percentile(0.5), let p99 = percentile(0.99) else { return "no samples" }
        return "p50 \(format(p50)) ms, p99 \(format(p99)) ms, max \(format(values.max() ?? 0)) ms (\(values.count))"
    }

    private func format(_ value: Double) -> String {
        let tenths = (value * 100).rounded() / 100
        return "\(tenths)"
    }
}
