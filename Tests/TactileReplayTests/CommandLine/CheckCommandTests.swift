import Foundation
import Glibc
import TactileTestSupport
import Testing

@testable import TactileReplay

/// `tactile check`: a regression corpus replayed in parallel against expected logs.
@Suite("tactile check", .serialized)
struct CheckCommandTests {
    /// A corpus folder with copies of some of `Traces/`.
    static func corpus(_ names: [String]) throws -> URL {
        let folder = temporaryDirectory().appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: Package.path("Traces/\(name)"), toPath: folder.appendingPathComponent(name).path)
        }
        return folder
    }

    @Test("New logs fail the check; --accept writes them as tactile replay prints them; then the check passes")
    func acceptThenPass() throws {
        let names = ["tap.evemu", "pan.evemu", "double-tap.evemu", "rotation.evemu", "two-finger-tap.evemu"]
        let folder = try Self.corpus(names)
        let expected = folder.deletingLastPathComponent().appendingPathComponent("expected").path
        try FileManager.default.createDirectory(atPath: expected, withIntermediateDirectories: true)
        let scene = "Traces/scenes/photo-viewer.json"
        let first = try Tactile.run(["check", folder.path, "--scene", scene, "--expected", expected])
        #expect(first.status == 1)
        #expect(first.outputLines.filter { $0.hasPrefix("new: ") }.count == names.count)
        #expect(first.errorLines.last?.hasPrefix("5 traces: 0 unchanged, 0 changed, 5 new, 0 failed (") == true, "\(first.errors)")
        let accepted = try Tactile.run(["check", folder.path, "--scene", scene, "--expected", expected, "--accept", "--jobs", "3"])
        #expect(accepted.status == 0, "\(accepted.errors)")
        for name in names {
            let base = (name as NSString).deletingPathExtension
            let stored = try String(contentsOfFile: "\(expected)/\(base).log", encoding: .utf8)
            let replay = try Tactile.run(["replay", "Traces/\(name)", "--scene", scene])
            #expect(stored == replay.output, "\(name): the parallel log is the replay's")
        }
        let again = try Tactile.run(["check", folder.path, "--scene", scene, "--expected", expected, "--jobs", "1"])
        #expect(again.status == 0 && again.output.isEmpty)
        #expect(again.errorLines.last?.hasPrefix("5 traces: 5 unchanged, 0 changed, 0 new, 0 failed (") == true)
    }

    @Test("A changed log prints a unified diff naming both files and fails; a broken trace fails with its line")
    func changedAndBroken() throws {
        let folder = try Self.corpus(["tap.evemu", "swipe.evemu"])
        let expected = folder.deletingLastPathComponent().appendingPathComponent("expected").path
        #expect(try Tactile.run(["check", folder.path, "--expected", expected, "--accept"]).status == 0)
        // Someone's change to the library: the swipe log's recognized line differs from the stored one.
        let swipeLog = "\(expected)/swipe.log"
        var lines = try String(contentsOfFile: swipeLog, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("swipe: possible → recognized") })
        let original = lines[index]
        lines[index] = original.replacingOccurrences(of: "recognized", with: "failed")
        try (lines.joined(separator: "\n") + "\n").write(toFile: swipeLog, atomically: true, encoding: .utf8)
        try "E: 0.1 0003 zz 1\n".write(toFile: folder.appendingPathComponent("broken.evemu").path, atomically: true, encoding: .utf8)
        let result = try Tactile.run(["check", folder.path, "--expected", expected])
        #expect(result.status == 1)
        #expect(result.outputLines.prefix(3).elementsEqual(["--- \(swipeLog)", "+++ \(folder.path)/swipe.evemu", result.outputLines[2]]))
        #expect(result.outputLines[2].hasPrefix("@@ -"))
        #expect(result.outputLines.contains("-" + lines[index]) && result.outputLines.contains("+" + original))
        #expect(result.errorLines.contains { $0.hasPrefix("\(folder.path)/broken.evemu") }, "\(result.errors)")
        #expect(result.errorLines.last?.hasPrefix("3 traces: 1 unchanged, 1 changed, 0 new, 1 failed (") == true, "\(result.errors)")
    }

    /// A run's summary line without its timing: `55 traces: … 1 failed`.
    static func counts(_ result: Tactile.Result) -> String? {
        result.errorLines.last.map { String($0[..<($0.firstIndex(of: "(") ?? $0.endIndex)]) }
    }

    @Test("--jobs 2 (two worker processes) prints, writes as JUnit and exits as --jobs 1 on the repository's corpus")
    func processesMatchOneProcess() throws {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        let corpus = ["check", "Traces", "Traces/recordings", "--allow-touchpad", "--expected", expected]
        let accepted = try Tactile.run(corpus + ["--accept", "--jobs", "2"])
        #expect(accepted.status == 0, "\(accepted.errors)")
        // Someone's change: one log differs from the stored one, another has none yet.
        let tapLog = "\(expected)/tap.log"
        let tap = try String(contentsOfFile: tapLog, encoding: .utf8)
        let changed = tap.replacingOccurrences(of: "recognized", with: "failed")
        #expect(changed != tap)
        try changed.write(toFile: tapLog, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: "\(expected)/pan.log")
        let junit = temporaryDirectory().path
        let one = try Tactile.run(corpus + ["--jobs", "1", "--junit", junit + "/1.xml"])
        let two = try Tactile.run(corpus + ["--jobs", "2", "--junit", junit + "/2.xml"])
        #expect(one.status == 1 && two.status == 1)
        #expect(one.output == two.output)
        #expect(one.outputLines.contains("+++ Traces/tap.evemu"))
        #expect(one.outputLines.contains { $0.hasPrefix("new: Traces/pan.evemu") })
        #expect(one.errorLines.dropLast() == two.errorLines.dropLast())
        #expect(Self.counts(one) == Self.counts(two))
        #expect(Self.counts(one)?.hasSuffix(" 1 changed, 1 new, 0 failed ") == true, "\(one.errors)")
        #expect(one.errorLines.last?.hasSuffix(" 1 job)") == true && two.errorLines.last?.hasSuffix(" 2 jobs)") == true)
        let timeless = { (name: String) in
            try String(contentsOfFile: junit + "/" + name, encoding: .utf8)
                .replacingOccurrences(of: #"time="[0-9.]+""#, with: "time", options: .regularExpression)
        }
        #expect(try timeless("1.xml") == timeless("2.xml"))
        #expect(try timeless("1.xml").contains(#"<testcase name="Traces/recordings/"#))
    }

    @Test("SIGTERM to check --jobs 2 kills and reaps its workers, and the check ends by SIGTERM")
    func terminatedCheckReapsWorkers() throws {
        let expected = temporaryDirectory().appendingPathComponent("expected").path
        let process = Process()
        process.executableURL = Tactile.executable
        process.arguments = [
            "check", "Traces", "Traces/recordings", "--allow-touchpad", "--expected", expected, "--accept",
            "--jobs", "2",
        ]
        process.currentDirectoryURL = Package.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The workers: the processes whose parent is the check.
        var children: [pid_t] = []
        let deadline = Date().addingTimeInterval(30)
        while children.count < 2, Date() < deadline {
            children = Self.children(of: process.processIdentifier)
            usleep(1_000)
        }
        #expect(children.count == 2, "the two workers started")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
            "\(process.terminationReason) \(process.terminationStatus)")
        for child in children { #expect(kill(child, 0) == -1 && errno == ESRCH, "worker \(child) is gone, reaped") }
    }

    @Test(
        "A worker given a number that names no trace says so (usage error) instead of guessing",
        arguments: ["1", "-1", "x"])
    func workerRejectsBadNumber(_ line: String) throws {
        let expected = temporaryDirectory().path
        let process = Process()
        process.executableURL = Tactile.executable
        process.arguments = ["check", "Traces/tap.evemu", "--expected", expected, "--worker"]
        process.currentDirectoryURL = Package.root
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("0\n\(line)\n".utf8))
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(printed.hasPrefix(#"{"lines":["#), "trace 0 answered: \(printed)")
        #expect(printed.filter { $0 == "\n" }.count == 1, "one answer: \(printed)")
        #expect(said.hasPrefix("Error: --worker reads trace numbers from 0 to 0, one a line (got \(line))"), "\(said)")
    }

    /// The processes whose parent is `parent` (from `/proc/PID/stat`).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && pid_t(fields[1]) == parent ? pid : nil
        }
    }

    @Test("The line diff keeps context, shows replacements as - then +, and is empty for equal logs")
    func lineDiff() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h"]
        var new = old
        new[4] = "E"
        new.insert("x", at: 1)
        #expect(LineDiff.unified(old, old, from: "o", to: "n").isEmpty)
        #expect(LineDiff.unified(old, new, from: "o", to: "n") == [
            "--- o", "+++ n", "@@ -1,8 +1,9 @@", " a", "+x", " b", " c", " d", "-e", "+E", " f", " g", " h",
        ])
        // A bounded diff for a log that changed everywhere.
        let many = LineDiff.unified((0..<5000).map(String.init), (0..<5000).map { "\($0)!" }, from: "o", to: "n")
        #expect(many.count == 3 + 200 + 1 && many.last == "… 9800 more lines")
    }
}
