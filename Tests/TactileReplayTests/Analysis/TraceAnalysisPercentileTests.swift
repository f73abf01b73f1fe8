import Tactile
import TactileInput
import Testing

@testable import TactileReplay

/// The report interval's percentiles are nearest-rank, as ``TraceAnalysis/Distribution`` documents: the p-th
/// percentile of n sorted intervals is the one at rank ⌈p·n/100⌉ (1-based). These pin the rule where it is easiest to
/// get wrong: where p·n is a whole number (the rank itself, not the one after it) and where it is not (rounded up).
@Suite("Analysing a recording: nearest-rank percentiles")
struct TraceAnalysisPercentileTests {
    /// One finger down for `intervals.count` reports after the first, the reports `intervals` milliseconds apart
    /// (in that order), then a lift.
    static func analysis(intervals: [Int64]) throws -> TraceAnalysis.Distribution {
        var events = TraceAnalysisTests.report(
            0, [(.multitouchTrackingID, 1), (.multitouchPositionX, 100), (.multitouchPositionY, 100)])
        var time: Int64 = 0
        for (step, interval) in intervals.enumerated() {
            time += interval
            events += TraceAnalysisTests.report(time, [(.multitouchPositionX, 101 + Int32(step % 500))])
        }
        // The lift is one more interval while down: make it the longest so it is the maximum and ranks last.
        let lift = (intervals.max() ?? 0) + 1000
        events += TraceAnalysisTests.report(time + lift, [(.multitouchTrackingID, -1)])
        let analysis = try TraceAnalysisTests.analyze(TraceAnalysisTests.screen(), events)
        return try #require(analysis.summary.reportInterval)
    }

    @Test("100 intervals of 1…100 ms (+ the lift): p5, median, p95 and p99 are the 5th, 50th, 95th and 99th")
    func wholeNumberRanksOf100() throws {
        // 99 intervals 1…99 ms, shuffled so sorting matters, and the lift's: 100 intervals, ranks 5, 50, 95, 99
        // exactly (whole numbers), so the percentile is that interval and not the next one.
        let intervals = (1...99).map { Int64(($0 * 37) % 99 + 1) }
        #expect(Set(intervals).count == 99)
        let distribution = try Self.analysis(intervals: intervals)
        #expect(distribution.count == 100)
        #expect(distribution.p5 == .milliseconds(5))
        #expect(distribution.median == .milliseconds(50))
        #expect(distribution.p95 == .milliseconds(95))
        #expect(distribution.p99 == .milliseconds(99))
        #expect(distribution.minimum == .milliseconds(1))
        #expect(distribution.maximum == .milliseconds(1099))
    }

    @Test("20 intervals: p95's rank 19 is whole, so the 19th, not the 20th; p5's rank 1 is the minimum")
    func wholeNumberRankOf20() throws {
        let distribution = try Self.analysis(intervals: (1...19).map { Int64($0) * 2 })
        #expect(distribution.count == 20)
        #expect(distribution.p5 == .milliseconds(2))  // rank ⌈1⌉ = 1
        #expect(distribution.median == .milliseconds(20))  // rank 10
        #expect(distribution.p95 == .milliseconds(38))  // rank 19
        #expect(distribution.p99 == .milliseconds(1038))  // rank ⌈19.8⌉ = 20: the lift's
    }

    @Test("21 intervals: ranks that are not whole round up (p95: ⌈19.95⌉ = 20, median: ⌈10.5⌉ = 11)")
    func fractionalRanksRoundUp() throws {
        let distribution = try Self.analysis(intervals: (1...20).map { Int64($0) })
        #expect(distribution.count == 21)
        #expect(distribution.p5 == .milliseconds(2))  // ⌈1.05⌉ = 2
        #expect(distribution.median == .milliseconds(11))
        #expect(distribution.p95 == .milliseconds(20))
        #expect(distribution.p99 == .milliseconds(1020))  // ⌈20.79⌉ = 21
    }

    @Test("One interval: every percentile is it")
    func singleInterval() throws {
        let distribution = try Self.analysis(intervals: [])
        #expect(distribution.count == 1)
        #expect([distribution.p5, distribution.median, distribution.p95, distribution.p99] == Array(
            repeating: .milliseconds(1000), count: 4))
    }
}
