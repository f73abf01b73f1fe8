import Foundation
import TactileTestSupport
import Testing

/// Issue 34: the tool names the window and the application as an app's unnamed ones are logged
/// (`Responder.logName`); `Tests/TactileTestingTests/LogNamingTests.swift` matches these lines against an app built
/// in code with `expectLog`.
@Suite("The tool's window and application names", .serialized)
struct LogNamingCommandTests {
    @Test("tactile replay of GettingStarted.md's scene prints the lines LogNamingTests copies")
    func toolPrintsTheCopiedLines() throws {
        let scene = temporaryFile(
            #"{"version": 1, "window": {"width": 400, "height": 800}, "views": [{"name": "canvas", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}}]}"#,
            name: "canvas.json")
        let result = try shell("'\(Tactile.executable.path)' synth tap | '\(Tactile.executable.path)' replay - --scene '\(scene)'")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.outputLines.first == "0.000s canvas: began{#1} → window → application (dropped at the end of the responder chain)")
        #expect(result.outputLines.last?.hasSuffix(" canvas: ended{#1} → window → application (dropped at the end of the responder chain)") == true)
        // --target takes the names the log uses.
        let targeted = try shell("'\(Tactile.executable.path)' synth tap | '\(Tactile.executable.path)' replay - --scene '\(scene)' --target window")
        #expect(targeted.status == 0 && targeted.outputLines.count == result.outputLines.count)
    }
}
