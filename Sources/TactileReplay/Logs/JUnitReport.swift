import Foundation

/// A `tactile check` run as a JUnit XML report, the format GitLab, Jenkins and GitHub test reporters show
/// natively (the Ant `junit` task's, with a `<testsuites>` root).
///
/// One `<testsuite>` (named `tactile check`, or `tactile check (shard I/N)`) with one `<testcase>` per trace:
/// its `name` is the trace's path as given, its `classname` `tactile.check`, its `time` the trace's replay time.
/// An unchanged log passes; a changed log is a `<failure type="changed">` holding the unified diff; a new trace
/// (no expected log) is a `<failure type="new">` unless the run accepts new logs; a trace that could not be
/// replayed is an `<error type="failed">` with the one-line error.
public enum JUnitReport {
    /// The report of a run.
    ///
    /// - Parameters:
    ///   - results: the traces' results, in the order to report them.
    ///   - elapsed: the run's duration in seconds.
    ///   - accepting: whether the run writes new and changed logs as expected (`--accept`): they then pass.
    ///   - shard: the run's shard (`index` of `count`, 1-based), named in the suite's name.
    public static func xml(
        _ results: [CorpusCheck.Result], elapsed: Double, accepting: Bool = false,
        shard: (index: Int, count: Int)? = nil
    ) -> String {
        var failures = 0, errors = 0
        var cases = ""
        for result in results {
            let name = escaped(result.trace)
            let time = seconds(result.seconds)
            var body = ""
            switch result.outcome {
            case .unchanged:
                break
            case .changed(let diff) where !accepting:
                failures += 1
                body = "<failure message=\"the log differs from \(escaped(result.expectedPath))\" type=\"changed\">"
                    + escaped(diff.joined(separator: "\n")) + "</failure>"
            case .new where !accepting:
                failures += 1
                body = "<failure message=\"no expected log: \(escaped(result.expectedPath))\" type=\"new\"></failure>"
            case .changed, .new:
                break
            case .failed(let message):
                errors += 1
                body = "<error message=\"\(escaped(message))\" type=\"failed\"></error>"
            }
            cases += "    <testcase name=\"\(name)\" classname=\"tactile.check\" time=\"\(time)\""
            cases += body.isEmpty ? "/>\n" : ">\n      \(body)\n    </testcase>\n"
        }
        let suite = escaped("tactile check" + (shard.map { " (shard \($0.index)/\($0.count))" } ?? ""))
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(suite)" \(counts) time="\(seconds(elapsed))">
              <testsuite name="\(suite)" \(counts) time="\(seconds(elapsed))">

            """ + cases + """
              </testsuite>
            </testsuites>

            """
    }

    /// Seconds with 6 decimals, never negative or in exponent form (`xs:decimal`).
    static func seconds(_ value: Double) -> String {
        let micro = value.isFinite && value > 0 ? min(Int64(value * 1_000_000), Int64(1) << 50) : 0
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `text` as XML attribute or element content: the five special characters escaped, and characters XML 1.0
    /// does not allow (control characters other than tab, newline and carriage return) written as `?`.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "?"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension CorpusCheck {
    /// The traces of shard `index` of `count` (1-based): every `count`-th trace of `traces`, starting at the
    /// `index`-th. The shards of a list are disjoint and together hold every trace once, in any CI matrix, as
    /// long as each machine is given the same list (the folders' traces are sorted by name).
    public static func shard(_ traces: [String], index: Int, count: Int) -> [String] {
        precondition(count >= 1 && (1...count).contains(index), "a shard is I/N with 1 ≤ I ≤ N")
        return traces.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
