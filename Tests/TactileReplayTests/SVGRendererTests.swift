import Foundation
import FoundationXML
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

@Suite("SVG rendering")
struct SVGRendererTests {
    func render(trace: String, scene: String) throws -> (svg: String, recording: ReplayRecording) {
        let instance = try Scene.load(path: Package.path("Traces/scenes/\(scene).json"))
            .instantiate(unavailableRecognizers: .skipWithWarning)
        var recording = ReplayRecording()
        let driver = ReplayDriver(instance: instance) { recording.record($0) }
        try driver.replay(TraceReplay(path: Package.path("Traces/\(trace).evemu"), scene: instance.scene))
        return (SVGRenderer().render(recording, scene: instance, title: "\(trace) & <\(scene)>"), recording)
    }

    @Test("The picture is well-formed SVG with every view's name and one path per moving touch")
    func wellFormed() throws {
        let (svg, recording) = try render(trace: "pinch-out", scene: "photo-viewer")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        for name in ["photo", "toolbar", "share", "delete"] { #expect(svg.contains(">\(name)</text>")) }
        #expect(recording.touches.count == 2)
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(svg.contains("&amp; &lt;photo-viewer&gt;"), "the title is escaped")
        #expect(recording.touches.allSatisfy { $0.end == .ended })
    }

    @Test("The timeline has a row per touch and per view that received touches, with control events named")
    func timelineRows() throws {
        let (svg, recording) = try render(trace: "tap-share-button", scene: "photo-viewer")
        let rows = SVGRenderer().timelineRows(recording)
        let names = rows.map { row -> String in
            switch row {
            case .touch(_, let touch): "touch \(touch.id)"
            case .target(let name, _): name
            }
        }
        #expect(names == ["touch #1", "share"])
        #expect(svg.contains(">touchUpInside</text>") && svg.contains(">touchDown</text>"))
    }

    @Test("The same replay gives the same picture")
    func deterministic() throws {
        #expect(try render(trace: "rotation", scene: "photo-viewer").svg == render(trace: "rotation", scene: "photo-viewer").svg)
    }

    @Test("Tick spacing gives a readable number of ticks")
    func ticks() {
        #expect(SVGRenderer.tickStep(for: 0.12) == 0.01)
        #expect(SVGRenderer.tickStep(for: 0.9) == 0.1)
        #expect(SVGRenderer.tickStep(for: 18.5) == 2)
        #expect(SVGDocument.number(1.25) == "1.25")
        #expect(SVGDocument.number(3) == "3")
        #expect(SVGDocument.number(-2.5) == "-2.50")
    }
}
