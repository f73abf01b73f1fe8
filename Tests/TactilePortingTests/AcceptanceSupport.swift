import Tactile
import TactileTesting

// Black-box acceptance harness: what a test of a ported UIKit app would write against the public API only. A
// shared log records, in order, what views heard through their touch methods and what recognizers sent to
// their actions, so that a test can assert the documented sequence (UIKit's "touchesCancelled, then the
// action" for example) exactly.

/// An ordered record of touch-method calls and recognizer actions.
final class AcceptanceLog {
    var entries: [String] = []
    /// `tapCount` of each touch as its view saw it in `touchesBegan`, by contact number.
    var tapCounts: [UInt64: Int] = [:]

    func clear() { entries.removeAll() }

    /// Entries of one responder or recognizer (by its label prefix).
    func entries(of label: String) -> [String] { entries.filter { $0.hasPrefix(label + " ") } }
}

/// The contact numbers of `touches`, sorted, as "#1,#2".
func contactList(_ touches: Set<Touch>) -> String {
    touches.map(\.id.rawValue).sorted().map { "#\($0)" }.joined(separator: ",")
}

/// A view that overrides the four touch methods and logs them as "label began #1".
class RecordingView: View {
    let log: AcceptanceLog
    let label: String
    /// Whether the touch methods also call `super` (forwarding up the responder chain).
    var forwards = false
    /// Called with the method's name ("began", "moved", "ended", "cancelled") and its arguments.
    var inspect: ((String, Set<Touch>, Event?) -> Void)?

    init(_ label: String, frame: Rect, log: AcceptanceLog) {
        self.log = log
        self.label = label
        super.init(frame: frame)
        name = label
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.entries.append("\(label) began \(contactList(touches))")
        inspect?("began", touches, event)
        for touch in touches { log.tapCounts[touch.id.rawValue] = touch.tapCount }
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        log.entries.append("\(label) moved \(contactList(touches))")
        inspect?("moved", touches, event)
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.entries.append("\(label) ended \(contactList(touches))")
        inspect?("ended", touches, event)
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.entries.append("\(label) cancelled \(contactList(touches))")
        inspect?("cancelled", touches, event)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// Logs every action of `recognizer` as "label state".
@discardableResult
func recordActions<R: GestureRecognizer>(_ recognizer: R, _ label: String, in log: AcceptanceLog) -> R {
    recognizer.name = label
    _ = recognizer.addAction { log.entries.append("\(label) \($0.state)") }
    return recognizer
}

/// Input by hand, in milliseconds: TactileTesting's ``TouchSequence`` (each call one digitizer report, timers
/// due before a report run first), under the name these tests have always used.
typealias Fingers = TouchSequence

/// A window of 400 × 800 pt holding one full-screen recording view, as in the spec's scenarios.
func acceptanceScene(viewFrame: Rect = Rect(x: 0, y: 0, width: 400, height: 800), label: String = "V")
    -> (Application, Window, RecordingView, AcceptanceLog, Fingers)
{
    let log = AcceptanceLog()
    let application = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    application.addWindow(window)
    let view = RecordingView(label, frame: viewFrame, log: log)
    window.addSubview(view)
    return (application, window, view, log, Fingers(application))
}

/// A delegate whose every answer is configurable.
final class ConfigurableDelegate: GestureRecognizerDelegate {
    var shouldBegin: (GestureRecognizer) -> Bool = { _ in true }
    var simultaneous: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var requireFailure: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var beRequiredToFail: (GestureRecognizer, GestureRecognizer) -> Bool = { _, _ in false }
    var shouldBeginAsked = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBeginAsked += 1
        return shouldBegin(gestureRecognizer)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { simultaneous(gestureRecognizer, otherGestureRecognizer) }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
    ) -> Bool { requireFailure(gestureRecognizer, otherGestureRecognizer) }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
    ) -> Bool { beRequiredToFail(gestureRecognizer, otherGestureRecognizer) }
}

nonisolated func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// The spec's S2/S3 scene: V holds `single` (1 tap) then `double` (2 taps), logged under those names; the
/// single tap requires the double tap to fail when `singleWaits`.
func tapPairScene(singleWaits: Bool)
    -> (view: RecordingView, log: AcceptanceLog, fingers: Fingers, single: TapGestureRecognizer,
        double: TapGestureRecognizer)
{
    let (_, _, view, log, fingers) = acceptanceScene()
    let single = recordActions(TapGestureRecognizer(), "single", in: log)
    let double = recordActions(TapGestureRecognizer(), "double", in: log)
    double.numberOfTapsRequired = 2
    if singleWaits { _ = single.require(toFail: double) }
    view.addGestureRecognizer(single)
    view.addGestureRecognizer(double)
    return (view, log, fingers, single, double)
}

/// The spec's S8 scene: V holds a swipe (direction right) and a pan that requires it to fail, logged as "swipe"
/// and "pan".
func swipeThenPanScene() -> (view: RecordingView, log: AcceptanceLog, fingers: Fingers, pan: PanGestureRecognizer) {
    let (_, _, view, log, fingers) = acceptanceScene()
    let swipe = recordActions(SwipeGestureRecognizer(), "swipe", in: log)
    let pan = recordActions(PanGestureRecognizer(), "pan", in: log)
    _ = pan.require(toFail: swipe)
    view.addGestureRecognizer(swipe)
    view.addGestureRecognizer(pan)
    return (view, log, fingers, pan)
}

/// The spec's S11 scene: views A (0, 0, 200, 100), exclusive, and B (200, 0, 200, 100) side by side in a window.
func exclusivePairScene() -> (a: RecordingView, b: RecordingView, log: AcceptanceLog, fingers: Fingers) {
    let log = AcceptanceLog()
    let application = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    application.addWindow(window)
    let a = RecordingView("A", frame: Rect(x: 0, y: 0, width: 200, height: 100), log: log)
    let b = RecordingView("B", frame: Rect(x: 200, y: 0, width: 200, height: 100), log: log)
    a.isExclusiveTouch = true
    window.addSubview(a)
    window.addSubview(b)
    return (a, b, log, Fingers(application))
}
