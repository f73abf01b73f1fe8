import Testing
@testable import Tactile

// Spec §4.5 [SPEC] and §5.10 rule 2: when a recognizer tries to leave `possible`, `gestureRecognizerShouldBegin(_:)`
// is asked of every view on the path from each of its touches' views up to, but excluding, its own view — the
// path as it is when the view is asked — after its delegate and its own view. These pin that rule down on deep
// paths and on paths that change between and during the questions, as app code with view subclasses sees it.

/// A view that overrides `gestureRecognizerShouldBegin(_:)`: records the name of each recognizer it is asked
/// about, runs `onAsk`, and refuses the recognizers `refuses` picks.
final class AskedView: View {
    var asked: [String] = []
    var refuses: (GestureRecognizer) -> Bool = { _ in false }
    var onAsk: ((GestureRecognizer) -> Void)?

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        asked.append(gestureRecognizer.name ?? "?")
        onAsk?(gestureRecognizer)
        return !refuses(gestureRecognizer)
    }
}

/// A delegate that runs `onShouldBegin` when asked, and lets the recognizer begin.
final class HookDelegate: GestureRecognizerDelegate {
    let onShouldBegin: (GestureRecognizer) -> Void
    init(_ onShouldBegin: @escaping (GestureRecognizer) -> Void) { self.onShouldBegin = onShouldBegin }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        onShouldBegin(gestureRecognizer)
        return true
    }
}

@Suite("The view veto along a touch's path (spec §4.5, §5.10 rule 2)")
struct GateViewPathTests {
    /// Adds `views` to `scene` as a chain, each filling the window and under the one before (the first under the
    /// window).
    static func stack(_ views: [(String, View)], in scene: inout GestureScene) {
        var parent: View?
        for (name, view) in views {
            view.frame = Rect(x: 0, y: 0, width: 400, height: 800)
            scene.add(view, name, to: parent)
            parent = view
        }
    }

    /// A chain of `depth` full-window views under the window, `V0` (outermost) to `V<depth-1>` (the hit view);
    /// the views `tapsOn` have a single tap `tap<k>` whose action appends its name to `fired`; `V<vetoAt>` is an
    /// ``AskedView``.
    final class Chain {
        var scene = GestureScene()
        var fired: [String] = []
        let vetoer: AskedView

        init(depth: Int, vetoAt: Int, tapsOn: ClosedRange<Int>? = nil) {
            let vetoer = AskedView()
            GateViewPathTests.stack((0..<depth).map { k in ("V\(k)", k == vetoAt ? vetoer : View()) }, in: &scene)
            self.vetoer = vetoer
            for k in tapsOn ?? 0...(depth - 1) {
                let tap = scene.attach(TapGestureRecognizer(), "tap\(k)", to: scene[view: "V\(k)"])
                _ = tap.addAction { [unowned self] in self.fired.append($0.name ?? "?") }
            }
        }

        func tap() -> [String] {
            runScenario(scene, [.at(0, .down(1, 200, 400)), .at(80, .up(1, 200, 400))])
        }
    }

    @Test("A view in the middle of a deep chain that refuses taps vetoes its own tap and every tap above it")
    func middleViewVetoesTapsAbove() {
        let chain = Chain(depth: 60, vetoAt: 30, tapsOn: 0...30)
        chain.vetoer.refuses = { $0 is TapGestureRecognizer }
        let log = chain.tap()
        // Asked about its own tap (the recognizer's own view), then about each tap above it, in the order the
        // taps try to recognize: deepest view first (step 3).
        #expect(chain.vetoer.asked == (0...30).reversed().map { "tap\($0)" })
        #expect(chain.fired.isEmpty)
        for k in 0...30 {
            #expect(log.contains { $0.hasSuffix("tap\(k): possible → failed (V30 declined to let it begin)") })
        }
    }

    @Test("A tap on each view of a chain: the deepest wins; the middle view is asked about its own and those above",
          arguments: [true, false])
    func deepestTapWins(refusesTaps: Bool) {
        let chain = Chain(depth: 60, vetoAt: 30)
        chain.vetoer.refuses = { refusesTaps ? $0 is TapGestureRecognizer : $0 is PanGestureRecognizer }
        let log = chain.tap()
        #expect(chain.vetoer.asked == (0...30).reversed().map { "tap\($0)" })
        #expect(chain.fired == ["tap59"])  // spec §5.13 rule 2: the deeper view's tap goes first and excludes
        // The excluded ones read `failed` first (the arena decides the deepest tap first), vetoed or not.
        #expect(log.filter { $0.contains("possible → failed (excluded by tap59)") }.count == 59)
        #expect(!log.contains { $0.contains("declined") })
    }

    @Test("A view on the hit view's path refuses for every recognizer above it, whatever their number")
    func vetoAtTheHitView() {
        let chain = Chain(depth: 40, vetoAt: 39)
        chain.vetoer.refuses = { $0.name != "tap39" }
        _ = chain.tap()
        #expect(chain.vetoer.asked == (0...39).reversed().map { "tap\($0)" })
        #expect(chain.fired == ["tap39"])
    }

    @Test("A view moved into the path between two recognizers' questions is asked about the second")
    func viewInsertedBetweenQuestions() {
        var scene = GestureScene()
        let (r, a, h) = (View(), View(), View())
        Self.stack([("R", r), ("A", a), ("H", h)], in: &scene)
        let x = AskedView(name: "X", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        x.refuses = { _ in true }
        scene.attach(TapGestureRecognizer(), "tapH", to: h)
        scene.attach(TapGestureRecognizer(), "tapR", to: r)
        scene.setDelegate(TestDelegate(simultaneous: true), on: "tapH")  // so that only a veto fails tapR
        // tapH tries first (deeper view) and passes; then tapR's delegate puts X between A and H.
        scene.setDelegate(HookDelegate { _ in
            a.addSubview(x)
            x.addSubview(h)
        }, on: "tapR")
        let log = runScenario(scene, [.at(0, .down(1, 200, 400)), .at(80, .up(1, 200, 400))])
        #expect(x.asked == ["tapR"])
        #expect(log.contains { $0.hasSuffix("tapR: possible → failed (X declined to let it begin)") })
        #expect(log.contains { $0.hasSuffix("tapH: action(recognized)") })
    }

    @Test("A view that moves itself out of the path while it answers: the views it left are not asked")
    func pathChangedWhileAsking() {
        var scene = GestureScene()
        let (r, b, c) = (View(), AskedView(), AskedView())
        Self.stack([("R", r), ("B", b), ("C", c), ("H", View())], in: &scene)
        b.refuses = { _ in true }
        c.onAsk = { [unowned r, unowned c] _ in r.addSubview(c) }  // C now hangs from R directly: B is off the path
        var fired = 0
        _ = scene.attach(TapGestureRecognizer(), "tapR", to: r).addAction { _ in fired += 1 }
        let log = runScenario(scene, [.at(0, .down(1, 200, 400)), .at(80, .up(1, 200, 400))])
        #expect(c.asked == ["tapR"])
        #expect(b.asked.isEmpty)
        #expect(fired == 1)
        #expect(!log.contains { $0.contains("declined") })
    }

    @Test("Each touch's path is asked, touch by touch: a view on the second touch's path vetoes a two-finger tap")
    func everyTouchPath() {
        var scene = GestureScene()
        let root = scene.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "Root")
        let left = scene.add(AskedView(frame: Rect(x: 0, y: 0, width: 200, height: 800)), "L", to: root)
        let right = scene.add(AskedView(frame: Rect(x: 200, y: 0, width: 200, height: 800)), "Rt", to: root)
        right.refuses = { _ in true }
        let tap = scene.attach(TapGestureRecognizer(), "tap2", to: root)
        tap.numberOfTouchesRequired = 2
        let log = runScenario(scene, [
            .at(0, .down(1, 100, 400), .down(2, 300, 400)), .at(80, .up(1, 100, 400), .up(2, 300, 400)),
        ])
        #expect(left.asked == ["tap2"])
        #expect(right.asked == ["tap2"])
        #expect(log.contains { $0.hasSuffix("tap2: possible → failed (Rt declined to let it begin)") })
    }
}
