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
            .instantiate()
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

    @Test("The timeline has a row per touch, per view that received touches and per recognizer of the scene")
    func timelineRows() throws {
        let (svg, recording) = try render(trace: "tap-share-button", scene: "photo-viewer")
        let instance = try Scene.load(path: Package.path("Traces/scenes/photo-viewer.json")).instantiate()
        let rows = SVGRenderer().timelineRows(recording, recognizers: SVGRenderer.recognizerNames(in: instance.window))
        let names = rows.map { row -> String in
            switch row {
            case .touch(_, let touch): "touch \(touch.id)"
            case .target(let name, _): name
            case .recognizer(let name, let deliveries): "\(name) (\(deliveries.count))"
            }
        }
        #expect(names == [
            "touch #1", "share", "pan (0)", "pinch (0)", "rotation (0)", "doubleTap (0)", "singleTap (0)", "twoFingerTap (0)",
        ])
        #expect(svg.contains(">touchUpInside</text>") && svg.contains(">touchDown</text>"))
        #expect(svg.contains(">twoFingerTap</text>"), "a recognizer that never left possible still has its row")
    }

    @Test("A recognizer's row shows its states over time: began and changed bands, final-state labels, actions")
    func recognizerStates() throws {
        let (svg, recording) = try render(trace: "rotation", scene: "photo-viewer")
        let rotation = recording.deliveries.filter { SVGRenderer.recognizer(of: $0) == "rotation" }
        let bands = SVGRenderer.stateBands(rotation, end: recording.endTime)
        #expect(bands.map(\.colour) == ["#bbf7d0", "#4ade80"], "began, then changed until it ended")
        let began = try #require(rotation.first { if case .recognizerState(_, _, .began, _) = $0.kind { true } else { false } })
        let ended = try #require(rotation.last { if case .recognizerState(_, _, .ended, _) = $0.kind { true } else { false } })
        #expect(bands.first?.start == began.time && bands.last?.end == ended.time)
        #expect(svg.contains(">began</text>") && svg.contains(">ended</text>") && svg.contains(">◆</text>"))
        // A waiting single tap gets a yellow band until the double tap fails.
        let (tapSVG, tapRecording) = try render(trace: "tap", scene: "photo-viewer")
        let singleTap = tapRecording.deliveries.filter { SVGRenderer.recognizer(of: $0) == "singleTap" }
        #expect(SVGRenderer.stateBands(singleTap, end: tapRecording.endTime).map(\.colour) == ["#fde68a"])
        #expect(tapSVG.contains(">recognized</text>") && tapSVG.contains(">failed</text>"))
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
