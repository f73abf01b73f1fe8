import Foundation
import Tactile
import TactileInput

extension TraceAnalysis {
    /// The version of the analysis's JSON schema (``json(_:trace:)``).
    public static let jsonSchemaVersion = 1

    /// The report as one JSON object (schema `tactile-analysis`, version ``jsonSchemaVersion``; the keys are in the
    /// TactileReplay documentation, *Analysing a recording*). Times are seconds with six decimals (microseconds),
    /// positions and deltas device units.
    public func json(_ report: Report, trace: String) -> String {
        var out =
            "{\"schema\":\"tactile-analysis\",\"version\":\(Self.jsonSchemaVersion),\"report\":\"\(report.rawValue)\","
        out += "\"trace\":\(JSONField.quoted(trace)),\"device\":\(deviceJSON),"
        switch report {
        case .summary:
            out += "\"summary\":\(summaryJSON)"
        case .perSlotDelta:
            out += "\"rows\":[" + deltaRows.map(Self.json).joined(separator: ",") + "]"
        case .touchDownState:
            out +=
                "\"rows\":["
                + downStateRows.map {
                    "{\"t\":\(Self.clock($0.time)),\"sincePrevious\":\(Self.microseconds(Self.nanoseconds($0.sincePreviousRow))),"
                        + "\"down\":[\($0.down.map(String.init).joined(separator: ","))]}"
                }.joined(separator: ",") + "]"
        }
        return out + "}\n"
    }

    static func axisJSON(_ axis: AxisInfo) -> String {
        "{\"minimum\":\(axis.minimum),\"maximum\":\(axis.maximum),\"fuzz\":\(axis.fuzz),\"resolution\":\(axis.resolution)}"
    }

    var deviceJSON: String {
        let kind =
            switch device.touchProtocol {
            case .slots: "slots"
            case .anonymous: "protocolA"
            case .singleTouch: "singleTouch"
            case .none: "none"
            }
        return "{\"name\":\(JSONField.quoted(device.name)),\"protocol\":\"\(kind)\",\"slots\":\(device.slotCount),"
            + "\"x\":\(Self.axisJSON(device.xAxis)),\"y\":\(Self.axisJSON(device.yAxis))}"
    }

    static func json(_ row: DeltaRow) -> String {
        let entries = row.entries.map { entry -> String in
            switch entry.change {
            case .began(let x, let y): "{\"slot\":\(entry.slot),\"state\":\"began\",\"x\":\(x),\"y\":\(y)}"
            case .moved(let dx, let dy, let x, let y):
                "{\"slot\":\(entry.slot),\"state\":\"moved\",\"dx\":\(dx),\"dy\":\(dy),\"x\":\(x),\"y\":\(y)}"
            case .ended: "{\"slot\":\(entry.slot),\"state\":\"ended\"}"
            }
        }
        return "{\"t\":\(clock(row.time)),\"sincePrevious\":\(microseconds(nanoseconds(row.sincePreviousReport))),"
            + "\"slots\":[\(entries.joined(separator: ","))]}"
    }

    static func seconds(_ duration: Duration) -> String { microseconds(nanoseconds(duration)) }

    var summaryJSON: String {
        let s = summary
        var out =
            "{\"reports\":\(s.reportCount),\"contacts\":\(s.contactCount),"
            + "\"maximumSimultaneousContacts\":\(s.maximumSimultaneousContacts),\"duration\":\(Self.seconds(s.duration)),"
        if let i = s.reportInterval {
            out +=
                "\"reportInterval\":{\"count\":\(i.count),\"minimum\":\(Self.seconds(i.minimum)),\"p5\":\(Self.seconds(i.p5)),"
                + "\"median\":\(Self.seconds(i.median)),\"p95\":\(Self.seconds(i.p95)),\"p99\":\(Self.seconds(i.p99)),"
                + "\"maximum\":\(Self.seconds(i.maximum)),\"mean\":\(Self.seconds(i.mean)),"
                + "\"standardDeviation\":\(Self.seconds(i.standardDeviation)),\"medianRate\":\(String(format: "%.3f", i.medianRate))},"
        } else {
            out += "\"reportInterval\":null,"
        }
        if let n = s.noise {
            func axis(_ a: Noise.Axis) -> String {
                "{\"maximumStep\":\(a.maximumStep),\"peakToPeak\":\(a.peakToPeak),\"suggestedFuzz\":\(a.suggestedFuzz),"
                    + "\"peakToPeakMillimeters\":\(a.peakToPeakMillimeters.map { String(format: "%.3f", $0) } ?? "null")}"
            }
            out +=
                "\"noise\":{\"restBand\":[\(n.restBandX),\(n.restBandY)],\"stretches\":\(n.stretchCount),"
                + "\"restingReports\":\(n.restingReports),\"x\":\(axis(n.x)),\"y\":\(axis(n.y))},"
        } else {
            out += "\"noise\":null,"
        }
        for (key, range) in [("pressure", s.pressure), ("touchMajor", s.touchMajor), ("touchMinor", s.touchMinor)] {
            if let r = range {
                out +=
                    "\"\(key)\":{\"minimum\":\(r.minimum),\"median\":\(r.median),\"maximum\":\(r.maximum),"
                    + "\"samples\":\(r.sampleCount),\"axisMinimum\":\(r.axis.minimum),\"axisMaximum\":\(r.axis.maximum)},"
            } else {
                out += "\"\(key)\":null,"
            }
        }
        out +=
            "\"oddities\":["
            + s.oddities.map {
                "{\"t\":\(Self.clock($0.time)),\"kind\":\"\($0.kind.rawValue)\",\"slot\":\($0.slot.map(String.init) ?? "null"),"
                    + "\"message\":\(JSONField.quoted($0.message))}"
            }.joined(separator: ",") + "]}"
        return out
    }
}
