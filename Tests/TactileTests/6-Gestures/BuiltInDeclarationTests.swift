import Foundation
import Testing
import TactileTestSupport
@testable import Tactile

/// A subclass of each built-in, as an application writes one: it inherits the built-in's declaration, which is not
/// its own class, so it gets its touch methods called.
private final class TapSubclass: TapGestureRecognizer {}
private final class LongPressSubclass: LongPressGestureRecognizer {}
private final class PanSubclass: PanGestureRecognizer {}
private final class ScreenEdgePanSubclass: ScreenEdgePanGestureRecognizer {}
private final class SwipeSubclass: SwipeGestureRecognizer {}
private final class PinchSubclass: PinchGestureRecognizer {}
private final class RotationSubclass: RotationGestureRecognizer {}
private final class PlainRecognizer: GestureRecognizer {}

@Suite("Built-in recognizers declare themselves in their own files")
struct BuiltInDeclarationTests {
    @Test("Each built-in class is exactly built-in; its subclass, a scroll view's pinch and a plain subclass are not")
    func exactlyBuiltIn() {
        let builtIns: [GestureRecognizer] = [
            TapGestureRecognizer(), LongPressGestureRecognizer(), PanGestureRecognizer(),
            ScreenEdgePanGestureRecognizer(), SwipeGestureRecognizer(), PinchGestureRecognizer(),
            RotationGestureRecognizer(), ScrollView().panGestureRecognizer,
        ]
        for recognizer in builtIns {
            #expect(recognizer.isExactlyBuiltIn, "\(type(of: recognizer))")
        }
        let others: [GestureRecognizer] = [
            TapSubclass(), LongPressSubclass(), PanSubclass(), ScreenEdgePanSubclass(), SwipeSubclass(),
            PinchSubclass(), RotationSubclass(), PlainRecognizer(), GestureRecognizer(),
        ]
        for recognizer in others {
            #expect(!recognizer.isExactlyBuiltIn, "\(type(of: recognizer))")
        }
    }

    /// The files of `Sources/Tactile/6-Gestures`, by path relative to it.
    private static func gestureSources() throws -> [(path: String, text: String)] {
        let folder = SharedTraces.packageDirectory.appendingPathComponent("Sources/Tactile/6-Gestures")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var files: [(String, String)] = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            files.append((path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// Matches of `pattern`'s first group in `text`.
    private static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("Every built-in machine run by MachineGestureRecognizer's machineInput is in its @_specialize list")
    func specializationListNamesEveryBuiltInMachine() throws {
        let sources = try Self.gestureSources()
        // A built-in declares itself (`override class var builtInClass`); one that subclasses
        // MachineGestureRecognizer directly runs the generic machineInput with its machine.
        var machines: Set<String> = []
        for (_, text) in sources where text.contains("override class var builtInClass") {
            machines.formUnion(try Self.captures(#"class \w+: MachineGestureRecognizer<(\w+)>"#, in: text))
        }
        #expect(machines.count >= 6, "found \(machines.sorted())")
        let base = try #require(sources.first { $0.path == "MachineGestureRecognizer.swift" }?.text)
        let specialized = Set(try Self.captures(#"@_specialize\([^)]*where Machine == (\w+)\)"#, in: base))
        let missing = machines.subtracting(specialized).sorted(), extra = specialized.subtracting(machines).sorted()
        #expect(missing.isEmpty, "missing from the @_specialize list: \(missing)")
        #expect(extra.isEmpty, "specialized but no built-in's machine: \(extra)")
    }

    @Test("Every class in 6-Gestures that subclasses MachineGestureRecognizer directly declares itself a built-in")
    func everyMachineClassDeclaresItself() throws {
        for (path, text) in try Self.gestureSources() {
            let classes = try Self.captures(#"class (\w+): MachineGestureRecognizer<\w+>"#, in: text)
            for name in classes {
                #expect(
                    text.contains("override class var builtInClass: GestureRecognizer.Type? { \(name).self }"),
                    "\(path): \(name) does not declare itself")
            }
        }
    }
}
