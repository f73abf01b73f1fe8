import Foundation
import TactilePort
import Testing

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
        let source =
            "let x = " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + "\n"
        #expect {
            try Porter().port(source, fileName: "Deep.swift")
        } throws: { error in
            (error as? PortSyntaxError)?.line == 1
        }
    }

    /// swift-syntax's parser takes exponential time on `[[[…` (16 levels: seconds; 20: a minute): a run of more than
    /// 12 is refused before parsing, at the 13th bracket; 12 still port, in types and in literals.
    @Test func directlyNestedBracketsAreBoundedOnBothSidesOfTheLimit() throws {
        let twelveType =
            "let x: " + String(repeating: "[", count: 12) + "Int" + String(repeating: "]", count: 12) + " = []\n"
        let twelveLiteral =
            "let y = " + String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12) + "\n"
        for source in [twelveType, twelveLiteral] {
            #expect(
                try Porter().port("@objc class A {}\n" + source, fileName: "N.swift").text == "class A {}\n" + source)
        }
        let thirteen =
            "// [[[[[[[[[[[[[[ in a comment\nlet s = \"[[[[[[[[[[[[[[\"\nlet x = [ [\n"
            + String(repeating: "[", count: 11) + "1"
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
        let source =
            "@objc class A { func f() { let x = " + String(repeating: "(", count: depth) + "1"
            + String(repeating: ")", count: depth) + " } }\n"
        let ported = try Porter().port(source, fileName: "Deep.swift")
        #expect(ported.text == String(source.dropFirst(6)))
    }

    /// Real code: `count` classes, each with an `@objc` handler and a `#selector` to it, and how the port changes
    /// the file's size.
    static func handlers(_ count: Int) -> (source: String, portedSize: Int) {
        var source = "import UIKit\n"
        for index in 0..<count {
            source += """
                class Handler\(index): UIView {
                    // A comment that makes the file large, as generated code does: \(String(repeating: "x", count: 40))
                    @objc func handle(_ pan: UIPanGestureRecognizer) { print(pan.translation(in: self)) }
                    func setUp() { addGestureRecognizer(UIPanGestureRecognizer(target: self, \
                action: #selector(handle))) }
                }

                """
        }
        let size =
            source.utf8.count + "TactileUIKit".utf8.count - "UIKit".utf8.count - count * "@objc ".utf8.count
            + count * ("Selector(\"handle(_:)\", Self.handle)".utf8.count - "#selector(handle)".utf8.count)
        return (source, size)
    }

    /// A large file of real code (256 KiB: larger than any hand-written file of the corpus by 15 times) ports every
    /// occurrence, in seconds even in a debug build (a quadratic pass would take minutes).
    @Test func aLargeFileUnderTheLimitPortsEveryOccurrence() throws {
        let classes = 256 << 10 / 330
        let (source, portedSize) = Self.handlers(classes)
        #expect(source.utf8.count > 256 << 10 && source.utf8.count < PortRun.defaultMaximumFileSize)
        let ported = try Porter(context: PortContext(sources: [source])).port(source, fileName: "Big.swift")
        #expect(ported.rewrites.count == 1 + 2 * classes)
        #expect(ported.text.utf8.count == portedSize)
        let diff = unifiedDiff(from: source, to: ported.text, oldName: "a", newName: "b")
        let added = diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        #expect(added.count == 1 + 2 * classes)
    }

    /// The run's size limit, on both sides, at the default: a file of exactly 1 MiB is read and ported, one more
    /// byte is refused before parsing with the file, the size and the limit. (Mostly a comment, so that the file at
    /// the limit parses in a moment in a debug build.)
    @Test func theDefaultSizeLimitAdmitsItsSizeAndRefusesOneByteMore() throws {
        let box = Sandbox()
        let head = "import UIKit\n@objc class A: UIView {}\n"
        let filler = PortRun.defaultMaximumFileSize - head.utf8.count - "/*".utf8.count - "*/\n".utf8.count
        let atLimit = head + "/*" + String(repeating: "x", count: filler) + "*/\n"
        #expect(atLimit.utf8.count == 1 << 20)
        box.write("AtLimit.swift", atLimit)
        box.write("OverLimit.swift", atLimit + " ")
        let files = try PortRun(inputs: [box.path("AtLimit.swift")]).port().files
        #expect(files.count == 1 && files[0].ported.rewrites.count == 2)
        let before = box.snapshot()
        #expect {
            try PortRun(inputs: [box.path("AtLimit.swift"), box.path("OverLimit.swift")], output: .inPlace).port()
        } throws: { error in
            (error as? PortRun.Failure)?.description == box.path("OverLimit.swift")
                + ": error: 1048577 bytes, more than tactile port reads (limit 1048576 bytes): hand-written Swift is "
                + "smaller; nothing written"
        }
        #expect(box.snapshot() == before)
    }

    /// A 5 MB file (the issue's hostile size) is refused before it is parsed: parsing it would take minutes in a
    /// debug build (measured: 200–243 s at a load of 22), so a refusal in well under that proves no parse ran.
    @Test func aFiveMegabyteFileIsRefusedBeforeParsing() throws {
        let box = Sandbox()
        let (source, _) = Self.handlers(5 << 20 / 330)
        #expect(source.utf8.count > 5_000_000)
        box.write("Huge.swift", source)
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try PortRun(inputs: [box.path("Huge.swift")], output: .directory(box.path("Out"))).port()
        } throws: { error in
            (error as? PortRun.Failure)?.description.hasPrefix(
                box.path("Huge.swift") + ": error: \(source.utf8.count) bytes") == true
        }
        #expect(clock.now - start < .seconds(30))
        #expect(!FileManager.default.fileExists(atPath: box.path("Out")))
    }

    @Test func binaryGarbageIsAnErrorNotACrash() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let source = String(decoding: bytes, as: UTF8.self)
        // Whatever the parser makes of it: an error, or a port; never a crash.
        _ = try? Porter().port(source, fileName: "Garbage.swift")
    }
}
