import Foundation
import Tactile
import TactileGestures
import TactileInput
import Testing

@testable import TactileReplay

/// The default scene (issue 15, item 6): every gesture `tactile synth` makes, replayed without `--scene`, is
/// recognized as itself.
@Suite("The default scene")
struct DefaultSceneTests {
    /// The recognizer that must recognize (or begin) first for each gesture, and the ones that may join it
    /// because the scene lets them recognize simultaneously; `nil` where nothing may recognize (a finger that
    /// turns palm is cancelled before any recognizer decides).
    static let expected: [SynthesizedGesture: (own: String?, companions: Set<String>)] = [
        .tap: ("tap", []), .doubleTap: ("doubleTap", []), .longPress: ("longPress", []), .pan: ("pan", []),
        .swipe: ("swipe", []), .pinchIn: ("pinch", ["rotation"]), .pinchOut: ("pinch", ["rotation"]),
        .rotation: ("rotation", ["pinch"]), .twoFingerTap: ("twoFingerTap", []), .edgePan: ("edgePan", []),
        // A pen's stroke is a drag; a resting palm never becomes a touch, so the tap beside it is a tap.
        // (a pen's 40 mm stroke in about half a second is a swipe when it is quick enough for the scene's
        // 150 pt in 0.35 s: the one gesture that is either, by its speed).
        .pen: ("pan", ["swipe"]), .palm: (nil, []), .palmAndTap: ("tap", []),
    ]

    /// The recognizers that reached `recognized` or `began`, in order, for a synthesized gesture.
    static func recognized(_ gesture: SynthesizedGesture, seed: UInt64) throws -> [String] {
        let path = temporaryDirectory().appendingPathComponent("\(gesture.rawValue)-\(seed).evemu").path
        try TraceSynthesizer(device: SyntheticTouchscreen.description).write(gesture, seed: seed, to: path)
        let instance = try Scene.defaultScene().instantiate()
        var names: [String] = []
        let driver = SceneDriver(instance: instance) { event in
            if case .delivery(let delivery) = event, case .recognizerState(let name, _, let to, _) = delivery.kind,
                to == .recognized || to == .began
            {
                names.append(name)
            }
        }
        try driver.replay(TraceReplay(path: path, scene: instance.scene))
        return names
    }

    @Test("Each synthesized gesture is recognized as itself, for several seeds", arguments: SynthesizedGesture.allCases)
    func gestureRecognizedAsItself(gesture: SynthesizedGesture) throws {
        let (own, companions) = try #require(Self.expected[gesture])
        for seed: UInt64 in 1...6 {
            let names = try Self.recognized(gesture, seed: seed)
            if gesture == .pen {
                #expect(names.count == 1 && ["pan", "swipe"].contains(names[0]), "seed \(seed): \(names)")
            } else {
                #expect(names.first == own, "seed \(seed): \(names)")
            }
            #expect(Set(names).isSubset(of: companions.union(own.map { [$0] } ?? [])), "seed \(seed): \(names)")
        }
    }

    @Test("The scene has the recognizers the README lists, with UIKit's requirements between them")
    func recognizerSet() throws {
        let scene = Scene.defaultScene()
        let specs = try #require(scene.views.first?.recognizers)
        #expect(specs.compactMap(\.name) == ["tap", "doubleTap", "twoFingerTap", "longPress", "edgePan", "swipe", "pan", "pinch", "rotation"])
        let requirements = Dictionary(uniqueKeysWithValues: specs.map { ($0.name ?? "", $0.requireToFail) })
        #expect(requirements["tap"] == ["doubleTap"])
        #expect(requirements["pan"] == ["edgePan", "swipe"])
        #expect(requirements["swipe"] == ["edgePan"])
        // The README's table names the same recognizers.
        let readme = try String(contentsOfFile: Package.path("README.md"), encoding: .utf8)
        for name in specs.compactMap(\.name) { #expect(readme.contains("`\(name)`"), "README lists \(name)") }
    }
}
