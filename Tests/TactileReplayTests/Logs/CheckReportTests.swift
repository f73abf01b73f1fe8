import Foundation
import TactileReplay
import TactileTestSupport
import Testing

/// Issue 26, "check for CI systems": `--junit FILE` writes a JUnit XML report valid against the Jenkins/Ant
/// schema (`Schemas/junit.xsd`), and `--shard I/N` splits a corpus so that the shards' results together are the
/// whole run's, test by test.
@Suite("tactile check --junit and --shard", .serialized)
struct CheckReportTests {
    nonisolated static let xmllint = "/usr/bin/xmllint"
    /// xmllint (Debian's libxml2-utils, installed by .ci/run) validates the reports; without it (a developer's
    /// machine) the schema test is skipped with that reason, and with CI set it runs and fails.
    nonisolated static let canValidate = FileManager.default.isExecutableFile(atPath: xmllint) || ProcessInfo.processInfo.environment["CI"] != nil

    /// A corpus with every outcome: the project's traces with accepted logs, one log changed, one trace without
    /// a log, and one trace that cannot be read.
    static func corpus() throws -> (traces: String, expected: String) {
        let directory = temporaryDirectory()
        let traces = directory.appendingPathComponent("traces").path
        let expected = directory.appendingPathComponent("expected").path
        try FileManager.default.copyItem(atPath: Package.path("Traces"), toPath: traces)
        try FileManager.default.removeItem(atPath: traces + "/scenes")
        #expect(try Tactile.run(["check", traces, "--expected", expected, "--accept"]).status == 0)
        // Changed: an expected line that the replay does not print (with characters XML must escape).
        let tap = expected + "/tap.log"
        try (try String(contentsOfFile: tap, encoding: .utf8) + "0.999s screen: <ended> & \"done\"\n")
            .write(toFile: tap, atomically: true, encoding: .utf8)
        // New: a trace without an expected log.
        try FileManager.default.copyItem(atPath: traces + "/pan.evemu", toPath: traces + "/pan-again.evemu")
        // Failed: a malformed event line.
        try "N: Broken\nE: 0.1 0003 zz 1\n".write(toFile: traces + "/broken.evemu", atomically: true, encoding: .utf8)
        return (traces, expected)
    }

    /// Each test case of a report: its name and its outcome (`passed`, `failure:TYPE` or `error:TYPE`).
    static func testCases(_ xml: String) -> [String: String] {
        var cases: [String: String] = [:]
        let pattern = /<testcase name="([^"]*)" classname="tactile.check" time="[0-9.]+"(\/>|>\s*<(failure|error) [^>]*type="([a-z]+)")/
        for match in xml.matches(of: pattern) {
            let outcome = match.output.3.map { "\($0):\(match.output.4 ?? "")" } ?? "passed"
            cases[String(match.output.1)] = outcome
        }
        return cases
    }

    @Test("The report is valid JUnit XML with one test per trace and the right outcome each",
          .enabled(if: canValidate, "xmllint (libxml2-utils) is not installed"))
    func junit() throws {
        let (traces, expected) = try Self.corpus()
        let report = temporaryDirectory().appendingPathComponent("report.xml").path
        let result = try Tactile.run(["check", traces, "--expected", expected, "--junit", report])
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        let validation = try shell("\(Self.xmllint) --noout --schema Tests/TactileReplayTests/Schemas/junit.xsd '\(report)'")
        #expect(validation.status == 0, "\(validation.errors)")
        let cases = Self.testCases(xml)
        #expect(cases.count == 16, "\(cases)")
        #expect(cases[traces + "/tap.evemu"] == "failure:changed")
        #expect(cases[traces + "/pan-again.evemu"] == "failure:new")
        #expect(cases[traces + "/broken.evemu"] == "error:failed")
        #expect(cases.values.filter { $0 == "passed" }.count == 13)
        #expect(xml.contains(#"tests="16" failures="2" errors="1" skipped="0""#))
        #expect(xml.contains("+0.999s screen: &lt;ended&gt; &amp; &quot;done&quot;") == false)
        #expect(xml.contains("-0.999s screen: &lt;ended&gt; &amp; &quot;done&quot;"), "the diff, escaped")
        // --accept: changed and new logs are written, and pass.
        let accepted = temporaryDirectory().appendingPathComponent("accepted.xml").path
        #expect(try Tactile.run(["check", traces, "--expected", expected, "--accept", "--junit", accepted]).status == 1)
        let afterAccept = Self.testCases(try String(contentsOfFile: accepted, encoding: .utf8))
        #expect(afterAccept.values.filter { $0 == "passed" }.count == 15 && afterAccept[traces + "/broken.evemu"] == "error:failed")
        #expect(try shell("\(Self.xmllint) --noout --schema Tests/TactileReplayTests/Schemas/junit.xsd '\(accepted)'").status == 0)
    }

    @Test("A report that breaks the schema is refused by the same validation (the check can fail)",
          .enabled(if: canValidate, "xmllint (libxml2-utils) is not installed"))
    func schemaRejects() throws {
        let bad = temporaryFile(#"<testsuites><testsuite name="x" tests="one"><testcase name="a"/></testsuite></testsuites>"#, name: "bad.xml")
        #expect(try shell("\(Self.xmllint) --noout --schema Tests/TactileReplayTests/Schemas/junit.xsd '\(bad)'").status != 0)
    }

    @Test("The shards' results together equal the whole run's, test by test", arguments: [1, 2, 3, 5, 20])
    func shards(count: Int) throws {
        let (traces, expected) = try Self.corpus()
        let whole = temporaryDirectory().appendingPathComponent("whole.xml").path
        _ = try Tactile.run(["check", traces, "--expected", expected, "--junit", whole])
        let wholeCases = Self.testCases(try String(contentsOfFile: whole, encoding: .utf8))
        #expect(wholeCases.count == 16)
        var union: [String: String] = [:]
        var total = 0
        for index in 1...count {
            let report = temporaryDirectory().appendingPathComponent("shard.xml").path
            let result = try Tactile.run(["check", traces, "--expected", expected, "--junit", report, "--shard", "\(index)/\(count)"])
            let cases = Self.testCases(try String(contentsOfFile: report, encoding: .utf8))
            #expect(result.status == (cases.values.allSatisfy { $0 == "passed" } ? 0 : 1))
            #expect(result.errorLines.last?.hasPrefix("shard \(index)/\(count) of 16 traces: \(cases.count) trace\(cases.count == 1 ? "" : "s")") == true, "\(result.errors)")
            total += cases.count
            union.merge(cases) { first, _ in first }
        }
        #expect(total == union.count, "no trace is in two shards")
        #expect(union == wholeCases)
    }

    @Test("--shard outside 1 ≤ I ≤ N: a usage error", arguments: ["0/3", "4/3", "2", "a/b", "1/0"])
    func badShard(value: String) throws {
        expectUsageError(
            try Tactile.run(["check", "Traces/tap.evemu", "--expected", temporaryDirectory().path, "--shard", value]),
            "--shard takes I/N with 1 ≤ I ≤ N, such as 2/4 for the second of four machines (got \(value))")
    }

    @Test("Shards split a list into disjoint parts that cover it")
    func shardFunction() {
        let traces = (1...10).map { "t\($0)" }
        #expect(CorpusCheck.shard(traces, index: 1, count: 3) == ["t1", "t4", "t7", "t10"])
        #expect(CorpusCheck.shard(traces, index: 3, count: 3) == ["t3", "t6", "t9"])
        #expect(CorpusCheck.shard(traces, index: 12, count: 12).isEmpty)
        #expect(Set((1...4).flatMap { CorpusCheck.shard(traces, index: $0, count: 4) }) == Set(traces))
    }
}
