import Tactile
import TactileInput

extension TraceAnalyzer {
    /// The intervals between consecutive reports while a contact was down after the first of the two.
    func reportIntervals() -> TraceAnalysis.Distribution? {
        var intervals: [Int64] = []
        for index in reportTimes.indices.dropFirst() where reportTimes[index - 1].downAfter {
            intervals.append(reportTimes[index].time.nanoseconds - reportTimes[index - 1].time.nanoseconds)
        }
        guard !intervals.isEmpty else { return nil }
        intervals.sort()
        func rank(_ fraction: Double) -> Duration {
            let index = max(0, Int((fraction * Double(intervals.count)).rounded(.up)) - 1)
            return .nanoseconds(intervals[min(index, intervals.count - 1)])
        }
        let mean = Double(intervals.reduce(0, +)) / Double(intervals.count)
        let variance =
            intervals.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(intervals.count)
        return TraceAnalysis.Distribution(
            count: intervals.count, minimum: .nanoseconds(intervals[0]), p5: rank(0.05), median: rank(0.5),
            p95: rank(0.95), p99: rank(0.99), maximum: .nanoseconds(intervals[intervals.count - 1]),
            mean: .nanoseconds(Int64(mean.rounded())),
            standardDeviation: .nanoseconds(Int64(variance.squareRoot().rounded())))
    }

    /// The band a resting position stays in: 1 mm where the axis has a resolution, else 1 % of its range.
    static func restBand(_ axis: AxisInfo) -> Int32 {
        if axis.resolution > 0 { return axis.resolution }
        return Int32(max(2, (axis.span / 100).rounded()))
    }

    /// The noise of resting fingers (``TraceAnalysis/Noise``).
    func noise() -> TraceAnalysis.Noise? {
        let bandX = Self.restBand(device.xAxis)
        let bandY = Self.restBand(device.yAxis)
        var stretches = 0
        var reports = 0
        var stepX: Int32 = 0
        var stepY: Int32 = 0
        var spanX: Int32 = 0
        var spanY: Int32 = 0
        for contact in contacts {
            var start = 0
            while start < contact.times.count {
                var minX = contact.xs[start]
                var maxX = minX
                var minY = contact.ys[start]
                var maxY = minY
                var end = start
                while end + 1 < contact.times.count {
                    let x = contact.xs[end + 1]
                    let y = contact.ys[end + 1]
                    let lowX = min(minX, x)
                    let highX = max(maxX, x)
                    let lowY = min(minY, y)
                    let highY = max(maxY, y)
                    guard Int64(highX) - Int64(lowX) <= Int64(bandX), Int64(highY) - Int64(lowY) <= Int64(bandY) else {
                        break
                    }
                    (minX, maxX, minY, maxY) = (lowX, highX, lowY, highY)
                    end += 1
                }
                let count = end - start + 1
                if count >= 5 && contact.times[end] - contact.times[start] >= .milliseconds(100) {
                    stretches += 1
                    reports += count
                    spanX = max(spanX, maxX - minX)
                    spanY = max(spanY, maxY - minY)
                    for index in start..<end {
                        stepX = max(
                            stepX, Int32(clamping: abs(Int64(contact.xs[index + 1]) - Int64(contact.xs[index]))))
                        stepY = max(
                            stepY, Int32(clamping: abs(Int64(contact.ys[index + 1]) - Int64(contact.ys[index]))))
                    }
                }
                start = end + 1
            }
        }
        guard stretches > 0 else { return nil }
        func axis(_ step: Int32, _ span: Int32, _ info: AxisInfo) -> TraceAnalysis.Noise.Axis {
            .init(
                maximumStep: step, peakToPeak: span, suggestedFuzz: span,
                unitsPerMillimeter: info.resolution > 0 ? info.resolution : nil)
        }
        return TraceAnalysis.Noise(
            restBandX: bandX, restBandY: bandY, stretchCount: stretches, restingReports: reports,
            x: axis(stepX, spanX, device.xAxis), y: axis(stepY, spanY, device.yAxis))
    }

    /// The range of `samples` of `axis`; `nil` when the device has no such axis or nothing was sampled.
    func range(_ samples: [Int32], _ axis: AbsoluteAxis?) -> TraceAnalysis.ValueRange? {
        guard let axis, let info = description.axes[axis], !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        return TraceAnalysis.ValueRange(
            axis: info, minimum: sorted[0], median: sorted[(sorted.count - 1) / 2], maximum: sorted[sorted.count - 1],
            sampleCount: sorted.count)
    }
}

extension TraceAnalysis {
    /// Analyses every event of `reader` (a trace of any format the tool reads).
    ///
    /// - Throws: `TraceError` for a malformed line or a device that is not a touch device, naming the file.
    public static func analyze(_ reader: TraceReader) throws(TraceError) -> TraceAnalysis {
        var analyzer: TraceAnalyzer
        do {
            analyzer = try TraceAnalyzer(description: reader.deviceDescription, udev: reader.udevProperties)
        } catch {
            throw error.traceError(file: reader.path)
        }
        while let event = try reader.nextEvent() { analyzer.handle(event) }
        return analyzer.finish()
    }
}
