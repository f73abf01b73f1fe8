import TactilePort
import Testing

/// Ports `source` as one file (its own context) and checks the result ports to itself: every test is an
/// idempotence test too.
func port(_ source: String, names: PortNames = .uikit) throws -> PortedSource {
    let porter = Porter(names: names, context: PortContext(sources: [source]))
    let ported = try porter.port(source, fileName: "App.swift")
    let again = try Porter(names: names, context: PortContext(sources: [ported.text])).port(
        ported.text, fileName: "App.swift")
    #expect(again.text == ported.text, "a second run changed the port")
    #expect(again.rewrites.isEmpty, "a second run rewrote: \(again.rewrites)")
    #expect(!again.changed)
    return ported
}

@Suite struct ImportTests {
    @Test func uikitBecomesTheUIKitSpelledModule() throws {
        let ported = try port("import UIKit\n\nclass A {}\n")
        #expect(ported.text == "import TactileUIKit\n\nclass A {}\n")
        #expect(ported.rewrites.map(\.line) == [1])
        #expect(ported.rewrites[0].what == "import UIKit → import TactileUIKit")
    }

    @Test func tactileNamesImportTactile() throws {
        #expect(try port("import UIKit\n", names: .tactile).text == "import Tactile\n")
    }

    @Test func subclassImportIsRemovedBesideUIKitAndReplacedAlone() throws {
        #expect(
            try port("import UIKit\nimport UIKit.UIGestureRecognizerSubclass\nclass A {}\n").text
                == "import TactileUIKit\nclass A {}\n")
        #expect(
            try port("import UIKit.UIGestureRecognizerSubclass\nclass A {}\n").text
                == "import TactileUIKit\nclass A {}\n")
        // Before `import UIKit` too: the file imports UIKit, so the subclass import goes.
        #expect(
            try port("import Foundation\nimport UIKit.UIGestureRecognizerSubclass\nimport UIKit\n").text
                == "import TactileUIKit\n")
    }

    /// TactileUIKit re-exports Foundation, as UIKit does: a sibling `import Foundation` goes (both imports make the
    /// face's CGFloat, CGPoint… ambiguous with Foundation's on Linux). Tactile (`--names tactile`) does not re-export
    /// Foundation: there it stays.
    @Test func foundationBesideUIKitGoesUnderUIKitNamesOnly() throws {
        let ported = try port("import Foundation\nimport UIKit\n\nclass A: UIView {}\n")
        #expect(ported.text == "import TactileUIKit\n\nclass A: UIView {}\n")
        #expect(ported.rewrites.map(\.what) == ["import Foundation removed", "import UIKit → import TactileUIKit"])
        #expect(ported.rewrites.map(\.line) == [1, 2])
        #expect(
            try port("import UIKit.UIGestureRecognizerSubclass\nimport Foundation\n").text == "import TactileUIKit\n")
        #expect(
            try port("import Foundation\nimport UIKit\n", names: .tactile).text == "import Foundation\nimport Tactile\n"
        )
        #expect(try port("import Foundation\nlet d = Date()\n").changed == false)
    }

    /// A framework's Swift file sees UIKit through the umbrella header without importing it; ported into a package,
    /// it must import the module: the tool adds it and says which UIKit name made it.
    @Test func aFileUsingUIKitNamesWithoutImportingUIKitGetsTheImport() throws {
        let foundationOnly =
            "// Header\n\nimport Foundation\n\npublic class V: UIView {\n    var t: Set<UITouch> = []\n}\n"
        let ported = try port(foundationOnly)
        #expect(
            ported.text == foundationOnly.replacingOccurrences(of: "import Foundation", with: "import TactileUIKit"))
        #expect(ported.rewrites.count == 1)
        #expect(ported.rewrites[0].what == "import Foundation → import TactileUIKit")
        #expect(ported.rewrites[0].line == 3)
        #expect(ported.rewrites[0].why.hasPrefix("the file uses UIView (line 5) without importing UIKit"))
        // Under Tactile's names the Foundation import stays and Tactile's is added before the first statement.
        #expect(
            try port(foundationOnly, names: .tactile).text
                == "// Header\n\nimport Tactile\nimport Foundation\n\npublic class V: View {\n    var t: "
                    + "Set<Touch> = []\n}\n"
        )
        // No import at all: the import goes before the first statement, after the header comment.
        let bare = try port("// Header\nfinal class R: UIGestureRecognizer {}\n")
        #expect(bare.text == "// Header\nimport TactileUIKit\nfinal class R: UIGestureRecognizer {}\n")
        #expect(bare.rewrites.map(\.what) == ["import TactileUIKit added"])
        // A UI-prefixed name that is not UIKit's (the app's own type) adds nothing.
        #expect(try port("import Foundation\nclass UIThing {}\nlet t = UIThing()\n").changed == false)
    }

    @Test func coreGraphicsGoesOrBecomesFoundation() throws {
        #expect(
            try port("import UIKit\nimport CoreGraphics\nlet x: CGFloat = 1\n").text
                == "import TactileUIKit\nlet x: CGFloat = 1\n")
        #expect(try port("import CoreGraphics\nlet x: CGFloat = 1\n").text == "import Foundation\nlet x: CGFloat = 1\n")
        #expect(try port("import Foundation\nimport QuartzCore\n").text == "import Foundation\n")
    }

    @Test func otherImportsStay() throws {
        let source = "import Foundation\nimport UIKitExtras\n@testable import MyApp\n"
        let ported = try port(source)
        #expect(ported.text == source)
        #expect(!ported.changed)
    }
}

@Suite struct AttributeTests {
    @Test func objcOnTheSameLineGoesWithItsSpace() throws {
        let ported = try port("class A {\n    @objc func tap() {}\n    @objc private func pan() {}\n}\n")
        #expect(ported.text == "class A {\n    func tap() {}\n    private func pan() {}\n}\n")
        #expect(ported.rewrites.map(\.line) == [2, 3])
        #expect(ported.rewrites.allSatisfy { $0.what == "@objc removed" })
    }

    @Test func objcAloneOnItsLineTakesTheLine() throws {
        let source = "class A {\n    // Handles taps.\n    @objc\n    func tap() {}\n}\n"
        #expect(try port(source).text == "class A {\n    // Handles taps.\n    func tap() {}\n}\n")
    }

    @Test func objcWithANameAndObjcMembersGo() throws {
        #expect(
            try port("@objcMembers class A {\n    @objc(tapWithSender:) func tap(_ s: A) {}\n}\n").text
                == "class A {\n    func tap(_ s: A) {}\n}\n")
    }

    @Test func dynamicGoesWithObjcOnly() throws {
        let ported = try port("class A {\n    @objc dynamic var x = 0\n    dynamic var y = 0\n}\n")
        // A lone `dynamic` compiles on Linux (dynamic replacement) and means something else: it stays.
        #expect(ported.text == "class A {\n    var x = 0\n    dynamic var y = 0\n}\n")
        #expect(ported.rewrites.map(\.what) == ["@objc removed", "dynamic removed"])
    }

    @Test func outletsGoActionsAndInspectablesStay() throws {
        let ported = try port(
            "class A {\n    @IBOutlet weak var v: A!\n    @IBInspectable var w = 1\n    @IBAction func t(_ s: "
                + "A) {}\n}\n"
        )
        #expect(
            ported.text
                == "class A {\n    weak var v: A!\n    @IBInspectable var w = 1\n    @IBAction func t(_ s: A) {}\n}\n")
    }

    @Test func commentsAndTriviaStay() throws {
        let source = "class A {\n\t@objc /* keep */ func tap() {} // trailing\n\n\n    @objc func b() {}\r\n}\n"
        #expect(
            try port(source).text == "class A {\n\t/* keep */ func tap() {} // trailing\n\n\n    func b() {}\r\n}\n")
    }

    @Test func crlfLinesAreRemovedWhole() throws {
        #expect(
            try port("class A {\r\n    @objc\r\n    func t() {}\r\n}\r\n").text
                == "class A {\r\n    func t() {}\r\n}\r\n")
    }

    @Test func codeWithoutUIKitIsUntouched() throws {
        let source =
            "import Foundation\n\n/// Docs with @objc and #selector(x) in them.\nstruct S {\n    let s = "
                + "\"@objc #selector(a)\"\n}\n"
        let ported = try port(source)
        #expect(ported.text == source)
        #expect(ported.rewrites.isEmpty && ported.warnings.isEmpty && !ported.changed)
    }
}

@Suite struct SelectorTests {
    @Test func compoundNameKeepsItsSpelling() throws {
        let ported = try port(
            "class A {\n    func setUp() { g.addTarget(self, action: #selector(handlePan(_:))) }\n    func "
                + "handlePan(_ p: A) {}\n}\n"
        )
        #expect(ported.text.contains("action: Selector(\"handlePan(_:)\", Self.handlePan(_:)))"))
    }

    @Test func bareNameGetsTheMethodsFullNameSoPairsCompareEqual() throws {
        let source = """
            class A {
                func setUp() {
                    g.addTarget(self, action: #selector(handlePan))
                    g.removeTarget(self, action: #selector(A.handlePan(_:)))
                    h.addTarget(self, action: #selector(self.save))
                }
                func handlePan(_ p: A) {}
                func save() {}
            }
            """
        let ported = try port(source)
        #expect(ported.text.contains("#selector") == false)
        #expect(ported.text.contains("Selector(\"handlePan(_:)\", Self.handlePan)"))
        #expect(ported.text.contains("Selector(\"handlePan(_:)\", A.handlePan(_:))"))
        #expect(ported.text.contains("Selector(\"save\", Self.save)"))
    }

    @Test func overloadedOrUnknownBareNameStaysAsWrittenAndSaysWhy() throws {
        let source =
            "class A {\n    func f() { g.addTarget(self, action: #selector(tap)); g.addTarget(self, action: "
                + "#selector(gone)) }\n    func tap(_ a: A) {}\n    func tap(_ a: A, b: Int) {}\n}\n"
        let ported = try port(source)
        #expect(ported.text.contains("Selector(\"tap\", Self.tap)"))
        #expect(ported.text.contains("Selector(\"gone\", Self.gone)"))
        #expect(ported.rewrites[0].why.contains("declares 2 methods named tap"))
        #expect(ported.rewrites[1].why.contains("not declared in the ported files"))
    }

    @Test func methodsInExtensionsCount() throws {
        let ported = try port(
            "class A { let g = TapGestureRecognizer(target: A.self, action: #selector(tap)) }\nextension A { "
                + "func tap(_ x: A) {} }\n"
        )
        #expect(ported.text.contains("Selector(\"tap(_:)\", Self.tap)"))
    }

    @Test func getterSelectorsAreReportedNotRewritten() throws {
        let source = "class A {\n    func f() { g.addTarget(self, action: #selector(getter: A.x)) }\n    var x = 0\n}\n"
        let ported = try port(source)
        #expect(ported.text == source)
        #expect(ported.warnings.count == 1)
        #expect(ported.warnings[0].line == 2 && ported.warnings[0].api == "#selector(getter: A.x)")
    }

    @Test func selectorsForOtherRuntimeAPIsAreReportedNotRewritten() throws {
        let source = """
            class A {
                func f() {
                    NotificationCenter.default.addObserver(self, selector: #selector(rotated), name: nil, object: nil)
                    let s = #selector(rotated)
                    g.addTarget(self, action: #selector(rotated))
                }
                func rotated() {}
            }
            """
        let ported = try port(source)
        // The observer's selector form becomes its block form (FoundationSelectorAPITests); a selector value is
        // reported.
        #expect(ported.warnings.map(\.line) == [4])
        #expect(ported.warnings[0].message.contains("only the `action:` of a target-action pair"))
        #expect(ported.text.contains("addObserver(forName: nil, object: nil, queue: nil)"))
        #expect(ported.text.contains("let s = #selector(rotated)"))
        #expect(ported.text.contains("action: Selector(\"rotated\", Self.rotated)"))
    }
}

@Suite struct ProtocolTests {
    @Test func objcOptionalRequirementsGetDefaults() throws {
        let source = """
            import UIKit

            @objc protocol SliderDelegate: NSObjectProtocol {
                @objc optional func sliderDidBegin(_ slider: Slider)
                func sliderChanged(_ slider: Slider)
                @objc optional func title(for slider: Slider) -> String?
            }

            class Slider {
                weak var delegate: SliderDelegate?
                func begin() {
                    delegate?.sliderDidBegin?(self)
                    _ = delegate?.title?(for: self)
                    delegate?.sliderChanged(self)
                }
            }
            """
        let ported = try port(source)
        #expect(
            ported.text == """
                import TactileUIKit

                protocol SliderDelegate: AnyObject {
                    func sliderDidBegin(_ slider: Slider)
                    func sliderChanged(_ slider: Slider)
                    func title(for slider: Slider) -> String?
                }

                extension SliderDelegate {
                    func sliderDidBegin(_ slider: Slider) {}
                    func title(for slider: Slider) -> String? { nil }
                }

                class Slider {
                    weak var delegate: SliderDelegate?
                    func begin() {
                        delegate?.sliderDidBegin(self)
                        _ = delegate?.title(for: self)
                        delegate?.sliderChanged(self)
                    }
                }
                """)
    }

    @Test func aValueRequirementDefaultsToItsCallersCommonFallback() throws {
        let source = """
            @objc public protocol P {
                @objc optional func shouldSnap(_ x: Int) -> Bool
            }
            func f(_ p: P) -> Bool { p.shouldSnap?(1) ?? true }
            func g(_ p: P?) -> Bool { p?.shouldSnap?(2) ?? true }
            """
        let ported = try port(source)
        #expect(ported.text.contains("public protocol P: AnyObject {\n    func shouldSnap(_ x: Int) -> Bool\n}"))
        #expect(ported.text.contains("extension P {\n    public func shouldSnap(_ x: Int) -> Bool { true }\n}"))
        #expect(ported.text.contains("p.shouldSnap(1) ?? true"))
        #expect(ported.warnings.isEmpty)
    }

    @Test func disagreeingFallbacksGiveAWarningNotAGuess() throws {
        let source = """
            @objc protocol P {
                @objc optional func shouldSnap() -> Bool
            }
            func f(_ p: P) -> Bool { (p.shouldSnap?() ?? true) && (p.shouldSnap?() ?? false) }
            """
        let ported = try port(source)
        #expect(!ported.text.contains("extension P"))
        #expect(ported.warnings.map(\.api) == ["optional func shouldSnap"])
        #expect(ported.warnings[0].line == 2)
    }

    @Test func classBoundsBecomeAnyObject() throws {
        #expect(
            try port("protocol P: class {}\nprotocol Q: NSObjectProtocol, P {}\nprotocol R: AnyObject {}\n").text
                == "protocol P: AnyObject {}\nprotocol Q: AnyObject, P {}\nprotocol R: AnyObject {}\n")
        #expect(try port("@objc protocol P: Q {}\n").text == "protocol P: AnyObject, Q {}\n")
        #expect(try port("protocol P: class, NSObjectProtocol {}\n").text == "protocol P: AnyObject {}\n")
    }

    @Test func optionalCallsOfOtherProtocolsStay() throws {
        // UIKit's own delegates' optional methods are TactileUIKit's to make callable; only the ported files'
        // protocols change.
        let source =
            "import TactileUIKit\nclass A { weak var d: UIScrollViewDelegate?\n    func f() { "
                + "d?.scrollViewDidScroll?(s) }\n}\n"
        #expect(try port(source).text == source)
    }
}

@Suite struct NamesAndUnavailableAPITests {
    @Test func tactileNamesRenameTypesNotMembers() throws {
        let source = """
            import UIKit
            class Knob: UIControl {
                var center: CGPoint = .zero
                var radius: CGFloat = 2
                let events: UIControl.Event = .valueChanged
                override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { model.UIView == nil }
            }
            """
        let ported = try port(source, names: .tactile)
        #expect(
            ported.text == """
                import Tactile
                class Knob: Control {
                    var center: Point = .zero
                    var radius: Double = 2
                    let events: Control.Events = .valueChanged
                    override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { model.UIView == nil }
                }
                """)
    }

    @Test func uikitNamesAreKeptUnderUIKitNames() throws {
        let source = "import TactileUIKit\nclass Knob: UIControl { var p: CGPoint = .zero }\n"
        #expect(try port(source).text == source)
    }

    @Test func unavailableAPIsAreNamedNotChanged() throws {
        let source = """
            import TactileUIKit
            class A {
                func f() {
                    UIView.animate(withDuration: 0.3) { self.alpha = 0 }
                    let link = CADisplayLink(target: self, selector: #selector(step))
                    UIImpactFeedbackGenerator(style: .light).impactOccurred()
                }
                func step() {}
            }
            """
        let ported = try port(source)
        #expect(
            ported.warnings.map(\.api) == [
                "UIView.animate", "CADisplayLink", "#selector(step)", "UIImpactFeedbackGenerator",
            ])
        #expect(ported.warnings.map(\.line) == [4, 5, 5, 6])
        #expect(ported.text.contains("UIView.animate(withDuration: 0.3)"))
        #expect(ported.text == source)
    }
}

@Suite struct DeterminismTests {
    @Test func sameInputSameOutputAndReport() throws {
        let source =
            "import UIKit\n@objc protocol P { @objc optional func a(); @objc optional func b() }\n"
            + "class C { @objc func x() {}; func z() { g.addTarget(self, action: #selector(x)) }; func y() { "
                + "UIView.animate(withDuration: 1) {} } }\n"
        let first = try Porter().port(source, fileName: "A.swift")
        for _ in 0..<5 {
            #expect(try Porter().port(source, fileName: "A.swift") == first)
        }
    }
}

@Suite struct FoundationSelectorAPITests {
    @Test func timerWithTheTimerArgumentBecomesTheBlockFormCallingTheMethod() throws {
        let source = """
            class Stepper {
                var timer: Timer?
                func schedule() {
                    timer = Timer.scheduledTimer(timeInterval: 0.1, target: self, selector: #selector(Stepper.fire),
                                             userInfo: nil, repeats: true)
                }
                @objc func fire(timer: Timer) {}
            }
            """
        let ported = try port(source)
        #expect(
            ported.text.contains(
                "timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [target = WeakTarget(self)] "
                    + "timer in target.onMainActor(timer) { $0.fire(timer: $1) } }\n"))
        #expect(!ported.text.contains("#selector"))
        // Still named: a Foundation timer runs on the wall clock, not on the input's time.
        #expect(ported.warnings.map(\.api) == ["Timer.scheduledTimer"], "\(ported.warnings)")
        let rewrite = try #require(ported.rewrites.first { $0.what.hasPrefix("Timer.scheduledTimer") })
        #expect(rewrite.line == 4)
        #expect(rewrite.what.hasSuffix("calling self.fire(timer:)"))
        #expect(rewrite.why.contains("holds self weakly"))
    }

    @Test func timerWithoutArgumentAndAnotherTargetPassesNothing() throws {
        let source = """
            class Model { func tick() {} }
            class A {
                let model = Model()
                func go(_ other: Model) {
                    Timer.scheduledTimer(timeInterval: 1, target: other, selector: #selector(Model.tick),
                                     userInfo: nil, repeats: false)
                }
            }
            """
        let ported = try port(source)
        #expect(
            ported.text.contains(
                "Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [target = WeakTarget(other)] _ in "
                    + "target.onMainActor { $0.tick() } }\n"))
    }

    @Test func timerWithUserInfoIsReportedNotRewritten() throws {
        let source = """
            class A {
                func go() {
                Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(A.tick), userInfo: 3,
                                     repeats: false)
            }
                func tick() {}
            }
            """
        let ported = try port(source)
        #expect(ported.text.contains("selector: #selector(A.tick), userInfo: 3,"))
        #expect(!ported.rewrites.contains { $0.what.hasPrefix("Timer") })
        let warnings = ported.warnings.filter { $0.api == "#selector(A.tick)" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("userInfo") == true)
    }

    @Test func observerWithTheNotificationArgumentGetsIt() throws {
        let source = """
            class A {
                func start() {
                    NotificationCenter.default.addObserver(
                    self, selector: #selector(A.changed(_:)), name: Note.name, object: nil)
                }
                @objc func changed(_ notification: Notification) {}
            }
            """
        let ported = try port(source)
        #expect(
            ported.text.contains(
                "        _ = NotificationCenter.default.addObserver(\n        forName: Note.name, object: nil, "
                    + "queue: nil) { [target = WeakTarget(self)] notification in target.onMainActor(notification) { "
                    + "$0.changed($1) } }\n"))
        let rewrite = try #require(ported.rewrites.first { $0.what.hasPrefix("NotificationCenter") })
        #expect(rewrite.line == 3)
        #expect(rewrite.why.contains("removeObserver(self) no longer ends it"))
        #expect(ported.warnings.isEmpty, "\(ported.warnings)")
    }

    @Test func observerOfABareMethodWithoutArgumentAndAnotherTarget() throws {
        let source = """
            class A {
                let b = B()
                func start() {
                    let token = center.addObserver(b, selector: #selector(B.reset), name: .x, object: self)
                }
            }
            class B { func reset() {} }
            """
        let ported = try port(source)
        #expect(
            ported.text.contains(
                "let token = center.addObserver(forName: .x, object: self, queue: nil) { [target = WeakTarget(b)] _ "
                    + "in target.onMainActor { $0.reset() } }\n"))
    }

    @Test func observerOfAnUnknownOrOverloadedMethodIsReportedOnce() throws {
        let source = """
            class A {
                func start() {
                    NotificationCenter.default.addObserver(self, selector: #selector(A.gone), name: .x, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(A.two), name: .x, object: nil)
                }
                func two() {}
                func two(_ n: Notification) {}
            }
            """
        let ported = try port(source)
        #expect(ported.text.contains("addObserver(self, selector: #selector(A.gone)"))
        #expect(ported.text.contains("addObserver(self, selector: #selector(A.two)"))
        #expect(ported.warnings.map(\.line) == [3, 4])
        #expect(ported.warnings[0].message.contains("not declared in the ported files"))
        #expect(ported.warnings[1].message.contains("declares 2 methods named two"))
    }

    @Test func otherSelectorAPIsAndOtherLabelsStayReported() throws {
        let source = """
            class A {
                func start() {
                    NotificationCenter.default.addObserver(self, selector: #selector(A.f), name: .x)
                    perform(#selector(A.f))
                }
                func f() {}
            }
            """
        let ported = try port(source)
        #expect(ported.text == source)
        #expect(ported.warnings.count == 2)
    }
}
