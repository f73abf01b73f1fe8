import Foundation
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

@Suite("A corpus check run as tactile check runs it")
struct CorpusCheckRunTests {
    @Test("--shard takes I/N with 1 ≤ I ≤ N", arguments: ["1/1", "1/4", "4/4", "2/3"])
    func shardAccepted(_ text: String) throws {
        let (index, count) = try CorpusCheck.parseShard(text)
        #expect("\(index)/\(count)" == text)
    }

    @Test("--shard refuses 0, an index past the count, no count and other text",
        arguments: ["0/4", "5/4", "1/0", "0/0", "4", "1/4/2", "-1/4", "a/b", "/4", "1/", ""])
    func shardRefused(_ text: String) {
        #expect(throws: OptionError.self) { try CorpusCheck.parseShard(text) }
    }

    @Test("Accepting writes the logs, the next run passes, a changed log fails with status 1; no folder: an error")
    func acceptThenCheck() throws {
        let folder = temporaryDirectory()
        let expected = folder.appendingPathComponent("expected").path
        let traces = [Package.path("Traces/tap.evemu"), Package.path("Traces/pan.evemu")]
        let check = CorpusCheck(scene: Scene.defaultScene(), expectedDirectory: expected)
        #expect(throws: TraceError.self) {
            try check.runReporting(traces, shard: nil, jobs: 2, accepting: false, quiet: true, junit: nil)
        }
        try check.runReporting(traces, shard: nil, jobs: 2, accepting: true, quiet: true, junit: nil)
        #expect(FileManager.default.fileExists(atPath: expected + "/tap.log"))
        let junit = folder.appendingPathComponent("junit.xml").path
        try check.runReporting(traces, shard: (2, 2), jobs: 1, accepting: false, quiet: true, junit: junit)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("tactile check (shard 2/2)") && report.contains("pan") && !report.contains("tap.evemu"))
        try "changed\n".write(toFile: expected + "/pan.log", atomically: true, encoding: .utf8)
        // The changed log is outside shard 1/2.
        try check.runReporting(traces, shard: (1, 2), jobs: 1, accepting: false, quiet: true, junit: nil)
        #expect(throws: ToolFailure(status: 1)) {
            try check.runReporting(traces, shard: nil, jobs: 2, accepting: false, quiet: true, junit: nil)
        }
    }
}
