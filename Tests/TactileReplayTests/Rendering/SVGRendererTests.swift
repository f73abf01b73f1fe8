import Foundation
import FoundationXML
import TactileTestSupport
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
        let driver = SceneDriver(instance: instance) { recording.record($0) }
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
        // Control events at one instant share one label.
        #expect(svg.contains("touchUpInside</text>") && svg.contains(">touchDown</text>"))
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

/// What `tactile render` draws since issue 15: withheld touches, values on recognizer rows, a padded axis,
/// labels that never overlap, and a bounded size for long sessions.
@Suite("tactile render pictures", .serialized)
struct RenderPictureTests {
    static func render(_ trace: String, scene: String?) throws -> String {
        let out = temporaryDirectory().appendingPathComponent("out.svg").path
        let result = try Tactile.run(["render", trace, "-o", out, "--allow-touches-down"] + (scene.map { ["--scene", $0] } ?? []))
        try #require(result.status == 0, "\(result.errors)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// The text elements: x, y, size and content.
    static func texts(_ svg: String) -> [(x: Double, y: Double, size: Double, text: String)] {
        svg.matches(of: #/<text x="([-\d.]+)" y="([-\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)</text>/#).map {
            (Double($0.1)!, Double($0.2)!, Double($0.3)!, String($0.4))
        }
    }

    @Test("Touches a scroll view withheld appear on their view's row as hollow marks")
    func withheld() throws {
        let svg = try Self.render("Traces/tap.evemu", scene: "Traces/scenes/button-list.json")
        let row2 = try #require(Self.texts(svg).first { $0.text == "row2" && $0.size == 11 && $0.x < 20 })
        #expect(Self.texts(svg).contains { $0.text == "△" && $0.y == row2.y }, "the withheld began, on row2's row")
    }

    @Test("Recognizer rows show the rotation's angle, the pinch's scale and the pan's translation and velocity")
    func values() throws {
        let rotation = Self.texts(try Self.render("Traces/rotation.evemu", scene: "Traces/scenes/photo-viewer.json"))
        #expect(rotation.contains { $0.text.wholeMatch(of: #/began -?\d+\.\d°/#) != nil })
        #expect(rotation.contains { $0.text.wholeMatch(of: #/ended -?\d+\.\d°/#) != nil })
        #expect(rotation.filter { $0.text.wholeMatch(of: #/-?\d+\.\d°/#) != nil }.count >= 3, "values while it changes")
        let pinch = Self.texts(try Self.render("Traces/pinch-out.evemu", scene: "Traces/scenes/photo-viewer.json"))
        let scale = try #require(pinch.compactMap { $0.text.firstMatch(of: #/ended ×(\d+\.\d\d)/#).map { Double($0.1)! } }.first)
        #expect(scale > 1.2, "opening fingers end with a scale above 1")
        let pan = Self.texts(try Self.render("Traces/pan.evemu", scene: "Traces/scenes/photo-viewer.json"))
        let ended = try #require(pan.compactMap { $0.text.firstMatch(of: #/ended Δ\((-?\d+),(-?\d+)\) v\((-?\d+),(-?\d+)\)/#) }.first)
        #expect(Int(ended.1)! > 200, "the synthesized pan moves about 300 pt to the right")
    }

    @Test("The time axis is padded: the 0 tick stands clear of the row labels, and no two labels overlap")
    func axisAndLabels() throws {
        let svg = try Self.render("Traces/two-finger-tap.evemu", scene: "Traces/scenes/photo-viewer.json")
        let texts = Self.texts(svg)
        let zero = try #require(texts.first { $0.text == "0.00" })
        let rowLabelEnd = 16.0 + 130
        #expect(zero.x + 8 > rowLabelEnd + 5, "0 is not at the axis's very start")
        // Labels in the timeline (more than one character) on the same line never overlap.
        let timelineTop = try #require(texts.first { $0.text == "timeline (s)" }).y
        let labels = texts.filter { $0.y > timelineTop && $0.text.count > 1 && $0.x > rowLabelEnd - 20 }
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] where a.y == b.y {
                let aEnd = a.x + Double(a.text.count) * a.size * 0.55, bEnd = b.x + Double(b.text.count) * b.size * 0.55
                #expect(aEnd <= b.x || bEnd <= a.x, "\(a.text) at \(a.x) overlaps \(b.text) at \(b.x)")
            }
        }
    }

    @Test("The 28 s ten-finger 3M session renders well under 1.2 MB")
    func longSessionSize() throws {
        let svg = try Self.render(SharedTraces.path("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu"), scene: nil)
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
        #expect(svg.components(separatedBy: "<polyline").count - 1 >= 30, "every moving touch keeps its path")
    }
}
