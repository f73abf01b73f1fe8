import Foundation
import Tactile
import TactileInput

extension TraceAnalysis {
    /// The analysis's reports, as the command line names them (`tactile analyze REPORT TRACE`), after libinput's
    /// `libinput analyze FEATURE`.
    public enum Report: String, CaseIterable, Hashable, Sendable {
        /// The report rate and its jitter, noise at rest, pressure and size ranges, odd contacts.
        case summary
        /// Each slot's change in each report, as `libinput analyze per-slot-delta`.
        case perSlotDelta = "per-slot-delta"
        /// The slots down over time, as `libinput analyze touch-down-state`.
        case touchDownState = "touch-down-state"

        /// The report and the trace of `tactile analyze [REPORT] TRACE`'s one or two operands: `TRACE` alone is
        /// the summary of `TRACE`.
        ///
        /// - Throws: ``OptionError`` without a trace (none given, or only a report's name), or for an unknown
        ///   report.
        public static func operands(
            _ first: String?, _ second: String?
        ) throws(OptionError) -> (Report, trace: String) {
            let reports = commaSeparated(allCases.map(\.rawValue))
            guard let first else {
                throw OptionError("give a trace, or a report and a trace: tactile analyze [\(reports)] TRACE")
            }
            guard let second else {
                if let report = Report(rawValue: first) {
                    throw OptionError(
                        "give the trace to analyze after the report: tactile analyze \(report.rawValue) TRACE")
                }
                return (.summary, first)
            }
            guard let report = Report(rawValue: first) else {
                throw OptionError("unknown report \"\(first)\"; reports: \(reports)")
            }
            return (report, second)
        }
    }

    /// `time` as libinput prints it: seconds and microseconds, `12.345678`.
    static func clock(_ time: Timestamp) -> String {
        microseconds(time.nanoseconds)
    }

    /// A signed count of nanoseconds as seconds with six decimals (truncated to the microsecond).
    static func microseconds(_ nanoseconds: Int64) -> String {
        let micro = nanoseconds / 1000
        let sign = micro < 0 ? "-" : ""
        let magnitude = micro.magnitude
        let fraction = String(magnitude % 1_000_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - text.count))
        return right ? pad + text : text + pad
    }

    /// The slots the tables show: up to the highest slot that was ever used, at least one.
    var shownSlotCount: Int {
        var highest = 0
        for row in deltaRows { for entry in row.entries { highest = max(highest, entry.slot) } }
        for row in downStateRows { for slot in row.down { highest = max(highest, slot) } }
        return highest + 1
    }

    /// The report as text, the way libinput's tool prints it (without colour).
    public func text(_ report: Report) -> String {
        switch report {
        case .summary: summaryText
        case .perSlotDelta: perSlotDeltaText
        case .touchDownState: touchDownStateText
        }
    }

    /// The report as text, with the per-slot deltas in millimetres when `deltasInMillimeters` (libinput's
    /// `per-slot-delta --use-mm`: each axis's delta divided by its resolution, two decimals).
    ///
    /// Only `per-slot-delta` has deltas; the other reports are the same either way.
    ///
    /// - Returns: `nil` when millimetres are asked for per-slot deltas and the position axes have no resolution.
    public func text(_ report: Report, deltasInMillimeters: Bool) -> String? {
        guard deltasInMillimeters, report == .perSlotDelta else { return text(report) }
        guard device.xAxis.resolution > 0, device.yAxis.resolution > 0 else { return nil }
        return perSlotDeltaTable(millimeters: true)
    }

    /// One line per report that changed a slot: time, time since the previous report, then a column per slot:
    /// `+++++++` began, `-------` ended, `dx/dy` moved (device units), blank unchanged.
    var perSlotDeltaText: String { perSlotDeltaTable(millimeters: false) }

    func perSlotDeltaTable(millimeters: Bool) -> String {
        let columns = shownSlotCount
        var lines: [String] = []
        for row in deltaRows {
            var cells = Array(repeating: String(repeating: " ", count: 13), count: columns)
            for entry in row.entries {
                switch entry.change {
                case .began: cells[entry.slot] = "   +++++++   "
                case .ended: cells[entry.slot] = "   -------   "
                case .moved(let dx, let dy, _, _):
                    let x = millimeters ? Self.millimeterDelta(dx, device.xAxis) : Self.signed(dx)
                    let y = millimeters ? Self.millimeterDelta(dy, device.yAxis) : Self.signed(dy)
                    cells[entry.slot] = Self.padded(
                        Self.padded(x, millimeters ? 6 : 5, right: true) + "/"
                            + Self.padded(y, millimeters ? 6 : 5, right: true), 13)
                }
            }
            let ms = Self.nanoseconds(row.sincePreviousReport) / 1_000_000
            lines.append(
                Self.padded(Self.clock(row.time), 12, right: true) + " " + Self.padded("+\(ms)ms", 8, right: true)
                    + " | "
                    + cells.joined(separator: " | "))
        }
        return lines.map { Self.trimmed($0) + "\n" }.joined()
    }

    /// A delta in millimetres with two decimals and a sign, as libinput's `{:+3.2f}`.
    static func millimeterDelta(_ units: Int32, _ axis: AxisInfo) -> String {
        String(format: "%+.2f", Double(units) / Double(axis.resolution))
    }

    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line.removeLast() }
        return String(line)
    }

    static func signed(_ value: Int32) -> String { value < 0 ? "\(value)" : "+\(value)" }

    /// libinput's table: time, time since the previous row, a column per slot with `+` for down.
    var touchDownStateText: String {
        let columns = max(shownSlotCount, min(5, device.slotCount))
        let header = "   Timestamp |  Rel time | Slots"
        var lines = [header, String(repeating: "-", count: header.count + 4 * columns - 6)]
        for row in downStateRows {
            let down = Set(row.down)
            let cells = (0..<columns).map { down.contains($0) ? "+" : " " }
            let ms = Self.nanoseconds(row.sincePreviousRow) / 1_000_000
            let rel = "+\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)s"
            lines.append(
                Self.padded(Self.clock(row.time), 12, right: true) + " | " + Self.padded(rel, 9, right: true) + " | "
                    + cells.joined(separator: " | "))
        }
        return lines.map { Self.trimmed($0) + "\n" }.joined()
    }

    static func milliseconds(_ duration: Duration) -> String {
        let micro = nanoseconds(duration) / 1000
        let hundredths = (micro + 5) / 10
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }

    static func millimeters(_ units: Int32, _ perMillimeter: Int32?) -> String {
        guard let perMillimeter, perMillimeter > 0 else { return "" }
        let hundredths = (Double(units) / Double(perMillimeter) * 100).rounded()
        return String(format: " (%.2f mm)", hundredths / 100)
    }

    /// The summary, one fact per line.
    var summaryText: String {
        var lines: [String] = []
        let s = summary
        lines.append(
            "device: \(device.name), \(device.touchProtocol)"
                + (device.touchProtocol == .anonymous ? ", analysed in libmtdev's slots" : ""))
        for (name, axis) in [("x", device.xAxis), ("y", device.yAxis)] {
            lines.append(
                "  \(name): \(axis.minimum)…\(axis.maximum), fuzz \(axis.fuzz)"
                    + (axis.resolution > 0 ? ", \(axis.resolution) units/mm" : ", no resolution"))
        }
        lines.append(
            "reports: \(s.reportCount) in \(Self.microseconds(Self.nanoseconds(s.duration))) s; "
                + "contacts: \(s.contactCount), at most \(s.maximumSimultaneousContacts) at once")
        if let interval = s.reportInterval {
            lines.append(
                "report rate: \(String(format: "%.1f", interval.medianRate)) Hz (median interval "
                    + "\(Self.milliseconds(interval.median)), while a contact is down; \(interval.count) intervals)")
            lines.append(
                "  interval min \(Self.milliseconds(interval.minimum)), p5 \(Self.milliseconds(interval.p5)), "
                    + "p95 \(Self.milliseconds(interval.p95)), p99 \(Self.milliseconds(interval.p99)), max \(Self.milliseconds(interval.maximum))"
            )
            lines.append(
                "  jitter: mean \(Self.milliseconds(interval.mean)), standard deviation \(Self.milliseconds(interval.standardDeviation))"
            )
        } else {
            lines.append("report rate: unknown (fewer than two reports with a contact down)")
        }
        if let noise = s.noise {
            lines.append(
                "noise at rest: \(noise.stretchCount) resting stretches, \(noise.restingReports) reports "
                    + "(a position within \(noise.restBandX)×\(noise.restBandY) units for 100 ms or more)")
            for (name, axis) in [("x", noise.x), ("y", noise.y)] {
                lines.append(
                    "  \(name): peak-to-peak \(axis.peakToPeak)\(Self.millimeters(axis.peakToPeak, axis.unitsPerMillimeter)), "
                        + "largest step \(axis.maximumStep); LIBINPUT_FUZZ_\(name == "x" ? "00" : "01")=\(axis.suggestedFuzz) would hold it still"
                )
            }
        } else {
            lines.append("noise at rest: no contact rested (100 ms within 1 mm)")
        }
        for (name, range) in [("pressure", s.pressure), ("touch major", s.touchMajor), ("touch minor", s.touchMinor)] {
            guard let range else { continue }
            lines.append(
                "\(name): \(range.minimum)…\(range.maximum), median \(range.median) "
                    + "(axis \(range.axis.minimum)…\(range.axis.maximum), \(range.sampleCount) samples)")
        }
        if s.oddities.isEmpty {
            lines.append("odd contacts: none")
        } else {
            lines.append("odd contacts: \(s.oddities.count)")
            for oddity in s.oddities {
                lines.append("  \(Self.clock(oddity.time)) \(oddity.kind.rawValue): \(oddity.message)")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
