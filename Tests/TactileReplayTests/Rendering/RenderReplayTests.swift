import Foundation
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

@Suite("Rendering a trace's replay to a file")
struct RenderReplayTests {
    @Test("The picture is written, titled with the trace's name and the scene's title")
    func picture() throws {
        let instance = try Scene.defaultScene().instantiate()
        let output = temporaryDirectory().appendingPathComponent("tap.svg").path
        let source = try TraceSource(path: Package.path("Traces/tap.evemu"))
        try SVGRenderer(width: 400).renderReplay(
            of: source, named: "some/folder/tap.evemu", through: instance, options: TraceOptions(), to: output)
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("tap.evemu through \(instance.scene.title ?? instance.scene.file)"))
        #expect(!svg.contains("some/folder"))
    }

    @Test("Touches down at the end: the picture is written, then status 2 unless allowed; no events: no picture")
    func touchesDownAndNoEvents() throws {
        let instance = try Scene.defaultScene().instantiate()
        let folder = temporaryDirectory()
        let cut = temporaryFile(try ToolEntryPointTests.cutTap(events: true), name: "cut.evemu")
        let refused = folder.appendingPathComponent("refused.svg").path
        #expect(throws: ToolFailure(status: 2)) {
            try SVGRenderer().renderReplay(
                of: try TraceSource(path: cut), named: cut, through: instance, options: TraceOptions(), to: refused)
        }
        #expect(FileManager.default.fileExists(atPath: refused))
        let allowed = folder.appendingPathComponent("allowed.svg").path
        try SVGRenderer().renderReplay(
            of: try TraceSource(path: cut), named: cut, through: instance,
            options: TraceOptions(allowsTouchesDown: true), to: allowed)
        #expect(FileManager.default.fileExists(atPath: allowed))
        let empty = temporaryFile(try ToolEntryPointTests.cutTap(events: false), name: "description-only.evemu")
        let none = folder.appendingPathComponent("none.svg").path
        #expect(throws: TraceError.self) {
            try SVGRenderer().renderReplay(
                of: try TraceSource(path: empty), named: empty, through: instance,
                options: TraceOptions(allowsTouchesDown: true), to: none)
        }
        #expect(!FileManager.default.fileExists(atPath: none))
    }
}
