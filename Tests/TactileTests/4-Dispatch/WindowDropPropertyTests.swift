import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

/// A window whose `sendEvent` drops the events its pattern says: the k-th event it is sent is dropped when
/// `pattern[k % pattern.count]` is true.
private final class PatternWindow: Window {
    var pattern: [Bool] = [false]
    private var sent = 0

    override func sendEvent(_ event: Event) {
        defer { sent += 1 }
        if !pattern[sent % pattern.count] { super.sendEvent(event) }
    }
}

/// Two windows side by side, L (0–200) and R (200–400), each dropping events by its own pattern, and the script's
/// views spread over them: a view spec whose parent is 0 goes in L, 1 in R, k ≥ 2 in view k − 2. Flag 32 adds a tap
/// to the view, flag 64 a pan (neither cancels touches in views).
private func twoWindowScene(_ script: RandomTouchScript, left: [Bool], right: [Bool]) -> Application {
    let app = Application()
    let windows = [PatternWindow(name: "L", frame: Rect(x: 0, y: 0, width: 200, height: 800)),
                   PatternWindow(name: "R", frame: Rect(x: 200, y: 0, width: 200, height: 800))]
    windows[0].pattern = left
    windows[1].pattern = right
    for window in windows { app.addWindow(window) }
    var made: [View] = []
    for (index, spec) in script.views.enumerated() {
        let frame = Rect(x: Double(spec.x % 200), y: Double(spec.y), width: Double(spec.width),
                         height: Double(spec.height))
        let view: View = spec.flags & 8 != 0 ? Control(frame: frame)
            : spec.flags & 1 != 0 ? TouchSinkView(frame: frame) : View(frame: frame)
        view.name = "V\(index)"
        view.isMultipleTouchEnabled = spec.flags & 2 != 0
        view.isExclusiveTouch = spec.flags & 4 != 0
        // The recognizers hold ends back (both delay touches ended) but take no touch from its view and withhold no
        // began (a flushed began comes with a second phase in its dispatch), as ``runScript``'s checks require.
        if spec.flags & 32 != 0 {
            let tap = TapGestureRecognizer()
            tap.cancelsTouchesInView = false
            view.addGestureRecognizer(tap)
        }
        if spec.flags & 64 != 0 {
            let pan = PanGestureRecognizer()
            pan.cancelsTouchesInView = false
            view.addGestureRecognizer(pan)
        }
        let parent = spec.parent % (made.count + 2)
        (parent < 2 ? windows[parent] : made[parent - 2]).addSubview(view)
        made.append(view)
    }
    return app
}

@Suite("Windows that drop events: every delivered touch still ends once (spec §4.1)")
struct WindowDropPropertyTests {
    static let viewSpec = zip(
        Gen.int(in: 0...9), Gen.int(in: 0...199), Gen.int(in: 0...750), Gen.int(in: 10...200),
        Gen.int(in: 10...800), Gen.int(in: 0...127)
    ).map { RandomViewSpec(parent: $0.0, x: $0.1, y: $0.2, width: $0.3, height: $0.4, flags: $0.5) }

    static let script = zip(TouchDispatcherPropertyTests.script, viewSpec.array(of: 1...6))
        .map { RandomTouchScript(views: $0.1, steps: $0.0.steps, endsWithDeviceLoss: $0.0.endsWithDeviceLoss) }

    @Test("Any script, any drop patterns: one final delivery per delivered touch, legal phases, nothing left over")
    func invariants() async {
        await propertyCheck(
            count: PropertyCases.count(250), input: Self.script, Gen.bool.array(of: 1...5), Gen.bool.array(of: 1...5)
        ) { script, left, right in
            let run = runScript(script, offsetMilliseconds: 0, in: twoWindowScene(script, left: left, right: right))
            #expect(run.problems == [])
        }
    }
}
