import Foundation
import TactilePort
import Testing

/// The `tactile-port` executable (what `tactile port` runs): its output, errors and exit statuses.
@Suite struct PortToolTests {
    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tactile-port")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/tactile-port")
    }()

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test func diffPrintsTheReportTheDiffAndTheSummaryAndWritesNothing() throws {
        let box = Sandbox()
        let file = box.write("Canvas.swift", uikitFile)
        let before = box.snapshot()
        let result = try Self.run([file, "--diff"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let expected =
            [
                file + ":1: import UIKit → import TactileUIKit, the UIKit-spelled module over Tactile (it re-exports "
                    + "Foundation, as UIKit does)",
                file
                    + ":4: @objc removed, Swift on Linux has no Objective-C runtime (Tactile's selectors and "
                        + "delegates need none)",
            ].joined(separator: "\n") + "\n"
            + unifiedDiff(from: uikitFile, to: portedFile, oldName: "a/" + file, newName: "b/" + file)
            + "1 file(s), 2 rewrite(s) in 1, 0 not ported (warnings); nothing written (--in-place or -o DIR writes)\n"
        #expect(result.output == expected)
        #expect(box.snapshot() == before)
    }

    @Test func aFileThatIsNotSwiftFailsWithItsLocationAndStatusOne() throws {
        let box = Sandbox()
        let good = box.write("Good.swift", uikitFile)
        let bad = box.write("Bad.swift", "import UIKit\nclass A {\n    func f( {\n}\n")
        let result = try Self.run([good, bad, "--in-place"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix(bad + ":3:"))
        #expect(result.errors.hasSuffix("nothing written: 1 file(s) are not valid Swift\n"))
        #expect(box.read("Good.swift") == uikitFile)
    }

    @Test func conflictingOptionsAreAUsageError() throws {
        let result = try Self.run(["A.swift", "--in-place", "-o", "Out"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("Error: --in-place and --output exclude each other"))
        let names = try Self.run(["A.swift", "--names", "appkit"])
        #expect(names.status == 64)
        #expect(names.errors.hasPrefix("Error: --names must be uikit or tactile, not 'appkit'"))
    }
}
