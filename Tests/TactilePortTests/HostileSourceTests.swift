import Foundation
import Testing
import TactilePort

@Suite struct HostileSourceTests {
    @Test func invalidSwiftIsAnErrorAtItsLineAndColumn() {
        let source = "import UIKit\n\nclass A {\n    func f( {\n}\n"
        #expect {
            try Porter().port(source, fileName: "Bad.swift")
        } throws: { error in
            guard let error = error as? PortSyntaxError else { return false }
            return error.file == "Bad.swift" && error.line == 4 && error.column > 0
                && error.description.hasPrefix("Bad.swift:4:\(error.column): error: ")
        }
    }

    @Test func anUnterminatedStringIsAnError() {
        #expect(throws: PortSyntaxError.self) { try Porter().port("let s = \"abc\n", fileName: "S.swift") }
    }

    @Test(arguments: [("(", ")"), ("{", "}"), ("[", "]")])
    func tenThousandNestedBracketsAreAnErrorNotACrash(open: String, close: String) {
        let depth = 10_000
        let source = "let x = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + "\n"
        #expect {
            try Porter().port(source, fileName: "Deep.swift")
        } throws: { error in
            (error as? PortSyntaxError)?.line == 1
        }
    }

    /// swift-syntax's parser takes exponential time on `[[[…` (16 levels: seconds; 20: a minute): a run of more than
    /// 12 is refused before parsing, at the 13th bracket; 12 still port, in types and in literals.
    @Test func directlyNestedBracketsAreBoundedOnBothSidesOfTheLimit() throws {
        let twelveType = "let x: " + String(repeating: "[", count: 12) + "Int" + String(repeating: "]", count: 12) + " = []\n"
        let twelveLiteral = "let y = " + String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12) + "\n"
        for source in [twelveType, twelveLiteral] {
            #expect(try Porter().port("@objc class A {}\n" + source, fileName: "N.swift").text == "class A {}\n" + source)
        }
        let thirteen = "// [[[[[[[[[[[[[[ in a comment\nlet s = \"[[[[[[[[[[[[[[\"\nlet x = [ [\n" + String(repeating: "[", count: 11) + "1"
            + String(repeating: "]", count: 13) + "\n"
        #expect {
            try Porter().port(thirteen, fileName: "N.swift")
        } throws: { error in
            guard let error = error as? PortSyntaxError else { return false }
            return error.line == 4 && error.column == 11 && error.message.contains("exponential")
        }
    }

    @Test func nestingJustUnderTheParsersLimitPorts() throws {
        // 100 parentheses is under the port's nesting limit (256 levels; an expression in parentheses takes more
        // than one), in debug builds of the parser too (whose own default is 20): real code, however deep, ports.
        let depth = 100
        let source = "@objc class A { func f() { let x = " + String(repeating: "(", count: depth) + "1"
            + String(repeating: ")", count: depth) + " } }\n"
        let ported = try Porter().port(source, fileName: "Deep.swift")
        #expect(ported.text == String(source.dropFirst(6)))
    }

    @Test func aFiveMegabyteFilePortsEveryOccurrence() throws {
        var source = "import UIKit\n"
        var classes = 0
        while source.utf8.count < 5 << 20 {
            source += """
                class Handler\(classes): UIView {
                    // A comment that makes the file large, as generated code does: \(String(repeating: "x", count: 40))
                    @objc func handle(_ pan: UIPanGestureRecognizer) { print(pan.translation(in: self)) }
                    func setUp() { addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handle))) }
                }

                """
            classes += 1
        }
        let clock = ContinuousClock()
        let start = clock.now
        let ported = try Porter(context: PortContext(sources: [source])).port(source, fileName: "Big.swift")
        let elapsed = clock.now - start
        #expect(ported.rewrites.count == 1 + 2 * classes)
        #expect(ported.text.utf8.count == source.utf8.count + "TactileUIKit".utf8.count - "UIKit".utf8.count
            - classes * "@objc ".utf8.count
            + classes * ("Selector(\"handle(_:)\", Self.handle)".utf8.count - "#selector(handle)".utf8.count))
        // Generous (debug build, loaded machine): a hang or a quadratic pass would take minutes.
        #expect(elapsed < .seconds(900), "5 MB took \(elapsed)")  // measured: 243 s (debug swift-syntax, load ≈ 22)
        let diff = unifiedDiff(from: source, to: ported.text, oldName: "a", newName: "b")
        let added = diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        #expect(added.count == 1 + 2 * classes)
    }

    @Test func binaryGarbageIsAnErrorNotACrash() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let source = String(decoding: bytes, as: UTF8.self)
        // Whatever the parser makes of it: an error, or a port; never a crash.
        _ = try? Porter().port(source, fileName: "Garbage.swift")
    }
}
