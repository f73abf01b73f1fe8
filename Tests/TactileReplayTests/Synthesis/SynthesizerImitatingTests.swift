import Foundation
import Tactile
import TactileGestures
import TactileInput
import Testing

@testable import TactileReplay

@Suite("A synthesizer imitating a file's device, writing to a file or standard output")
struct SynthesizerImitatingTests {
    @Test("No file: the built-in touchscreen; a recording: its device; the file written is what write(to:) writes")
    func imitating() throws {
        #expect(try TraceSynthesizer(imitating: nil).device == SyntheticTouchscreen.description)
        let recording = Package.path("Traces/tap.evemu")
        let synthesizer = try TraceSynthesizer(imitating: recording)
        #expect(try synthesizer.device == TraceReader(path: recording).deviceDescription)
        let folder = temporaryDirectory()
        let viaOutput = folder.appendingPathComponent("a.evemu").path
        let viaPath = folder.appendingPathComponent("b.evemu").path
        try synthesizer.write(.tap, seed: 3, anchor: Point(x: 0.5, y: 0.5), toFileOrStandardOutput: viaOutput)
        try synthesizer.write(.tap, seed: 3, anchor: Point(x: 0.5, y: 0.5), to: viaPath)
        let written = try Data(contentsOf: URL(fileURLWithPath: viaOutput))
        #expect(try written == Data(contentsOf: URL(fileURLWithPath: viaPath)))
    }

    @Test("A touchpad's description is refused unless allowed")
    func touchpad() throws {
        let pads = try FileManager.default.contentsOfDirectory(atPath: Package.path("Traces/recordings"))
            .filter { $0.lowercased().contains("touchpad") && ($0.hasSuffix(".evemu") || $0.hasSuffix(".desc")) }
        try #require(!pads.isEmpty, "no touchpad recording in Traces/recordings")
        let pad = Package.path("Traces/recordings/" + pads[0])
        #expect(throws: TraceError.self) { try TraceSynthesizer(imitating: pad) }
        _ = try TraceSynthesizer(imitating: pad, options: TraceOptions(allowsTouchpad: true))
    }
}
