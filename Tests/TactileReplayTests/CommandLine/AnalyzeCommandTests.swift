import Foundation
import TactileTestSupport
import Testing

/// `tactile analyze` through the built command: its reports, its errors and their exit statuses (README's table).
@Suite("The tactile analyze command", .serialized)
struct AnalyzeCommandTests {
    static let atmel = "Traces/recordings/atmel-maxtouch-ts__2finger-touch-release.evemu"

    @Test("The summary is the default report; per-slot-delta and touch-down-state print libinput's tables")
    func reports() throws {
        let summary = try Tactile.run(["analyze", Self.atmel])
        #expect(summary.status == 0, "\(summary.errors)")
        #expect(summary.output == (try Tactile.run(["analyze", "summary", Self.atmel])).output)
        #expect(summary.outputLines.first == "device: Atmel maXTouch Touchscreen, protocol B (10 slots)")
        #expect(summary.output.contains("contacts: 2, at most 2 at once"))
        let deltas = try Tactile.run(["analyze", "per-slot-delta", Self.atmel])
        #expect(deltas.outputLines.first == "    0.000001     +0ms |    +++++++    |")
        #expect(deltas.outputLines.filter { $0.contains("+++++++") }.count == 2)
        #expect(deltas.outputLines.filter { $0.contains("-------") }.count == 2)
        let down = try Tactile.run(["analyze", "touch-down-state", Self.atmel])
        #expect(down.outputLines.count == 2 + 4, "\(down.output)")
        #expect(down.errors.isEmpty)
    }

    @Test("--svg writes the picture, - to standard output; --json one object")
    func outputs() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-analyze-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = try Tactile.run(["analyze", Self.atmel, "--svg", file.path])
        #expect(written.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("<svg "))
        let piped = try Tactile.run(["analyze", Self.atmel, "--svg", "-"])
        #expect(piped.output.hasPrefix("<svg "))
        let json = try Tactile.run(["analyze", "touch-down-state", Self.atmel, "--json"])
        #expect(json.outputLines.count == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
    }

    @Test("Usage errors exit with 64, input errors with 1 and one line naming the file")
    func errors() throws {
        #expect(try Tactile.run(["analyze"]).status == 64)
        #expect(try Tactile.run(["analyze", "per-slot-deltas", Self.atmel]).status == 64)
        #expect(try Tactile.run(["analyze", "summary", Self.atmel, "extra"]).status == 64)
        expectOneLineError(try Tactile.run(["analyze", "Traces/no-such-trace.evemu"]), "Traces/no-such-trace.evemu: no such file")
        let description = try Tactile.run(["analyze", "Traces/recordings/quanta-optical-ts.desc"])
        #expect(description.status == 1)
        #expect(description.errors.contains("has no events"))
        let malformed = try Tactile.run(["analyze", "Traces/reliability/crash-seconds-overflow-trap.evemu"])
        #expect(malformed.status == 1)
        #expect(malformed.errorLines.first?.hasPrefix("Traces/reliability/crash-seconds-overflow-trap.evemu:26: time") == true)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-analyze-empty-\(getpid()).evemu")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try Tactile.run(["analyze", empty.path])
        #expect(nothing.status == 1)
        #expect(nothing.errorLines.count == 1)
    }
}

extension AnalyzeCommandTests {
    /// `tactile synth --rate HZ` scans at HZ with a 1 % standard deviation on each interval (`ReportModel`); the
    /// analysis of its trace must find that rate.
    @Test("The report rate of a synthesized trace is the rate it was made at", arguments: [60, 120, 240])
    func synthesizedRate(rate: Int) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-analyze-rate-\(getpid()).evemu")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Tactile.run(["synth", "pan", "--rate", "\(rate)", "--seed", "7", "-o", file.path]).status == 0)
        let result = try Tactile.run(["analyze", file.path, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let interval = try #require((object?["summary"] as? [String: Any])?["reportInterval"] as? [String: Any])
        let period = 1 / Double(rate)
        let median = try #require(interval["median"] as? Double)
        #expect(abs(median - period) / period < 0.01, "median \(median) s for \(rate) Hz")
        #expect(abs((interval["medianRate"] as? Double ?? 0) - Double(rate)) / Double(rate) < 0.01)
        // The short side only: a scan in which the finger moved less than a unit repeats its position, and the
        // kernel's rule drops that report, so multiples of the period appear where the pan is slow (at 240 Hz).
        let p5 = try #require(interval["p5"] as? Double)
        #expect(p5 > period * 0.95 && p5 < period, "p5 \(p5) for a period of \(period)")
    }
}
