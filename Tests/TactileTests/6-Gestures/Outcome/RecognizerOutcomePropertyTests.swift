import Foundation
import PropertyBased
import TactileTestSupport
import Testing

@testable import Tactile

/// A 4000×4000 window with one multitouch view `V` filling it, recognizers attached by name, and what their actions
/// saw.
final class OutcomeScene {
    let app = Application()
    let view = View(name: "V", frame: Rect(x: 0, y: 0, width: 4000, height: 4000))
    private(set) var recognizers: [String: GestureRecognizer] = [:]
    /// Each action: when, whose, the state it saw, and `measure` of the recognizer then (scale, translation…).
    private(set) var actions: [(time: Timestamp, name: String, state: GestureRecognizer.State, value: [Double])] = []
    private var measures: [String: (GestureRecognizer) -> [Double]] = [:]

    init() {
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 4000, height: 4000))
        app.addWindow(window)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
    }

    /// Attaches `recognizer` as `name`; its actions record `measure(recognizer)`.
    @discardableResult
    func attach<R: GestureRecognizer>(_ recognizer: R, _ name: String, measure: @escaping (R) -> [Double] = { _ in [] }) -> R {
        recognizer.name = name
        view.addGestureRecognizer(recognizer)
        recognizers[name] = recognizer
        recognizer.addAction { [unowned self] in
            actions.append((app.currentTime ?? .milliseconds(-1), name, $0.state, measure($0 as! R)))
        }
        return recognizer
    }

    /// Sends the frames, lets 3 s pass so every timer fires, and returns the log.
    func run(_ frames: [TouchFrame]) -> [Delivery] {
        for frame in frames { app.send(frame) }
        if let last = frames.last { app.advance(to: last.timestamp + .seconds(3)) }
        return app.drainDeliveries()
    }
}

/// The state changes of `name` in `log`, resets left out.
func transitions(of name: String, in log: [Delivery]) -> [(time: Timestamp, to: Delivery.RecognizerState)] {
    log.compactMap { entry in
        guard case .recognizerState(let recognizer, _, let to, let reason) = entry.kind, recognizer == name, reason != .reset
        else { return nil }
        return (entry.time, to)
    }
}

/// What a replay decided, comparable across rigid motions: every state change (with its time, without its reason,
/// whose numbers move) and every delivery of touches to a view.
func outcome(of log: [Delivery]) -> [String] {
    log.compactMap { entry in
        switch entry.kind {
        case .recognizerState(let name, let from, let to, _): "\(entry.time) \(name): \(from) → \(to)"
        case .touches(let phase, let view, let ids): "\(entry.time) \(view): \(phase)\(ids)"
        default: nil
        }
    }
}

func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

@Suite("Recognizer outcomes from the spec's thresholds (§6.0–§6.7), for generated gestures of one to three fingers")
struct RecognizerOutcomePropertyTests {
    // MARK: Taps (§6.1): within 45 pt, lifted within 0.75 s → recognized at the lift.

    static func checkTap(_ gesture: GeneratedGesture) {
        let scene = OutcomeScene()
        let tap = scene.attach(TapGestureRecognizer(), "tap") { [$0.location(in: nil).x, $0.location(in: nil).y] }
        tap.numberOfTouchesRequired = gesture.fingerCount
        let log = scene.run(gesture.touchFrames())
        let changes = transitions(of: "tap", in: log)
        #expect(changes.map(\.to) == [.recognized], "\(changes)")
        #expect(changes.first?.time == .milliseconds(gesture.liftTime), "recognized when the last finger lifts")
        // §6.1 rule 7: the location is the centroid of where the fingers began.
        let began = gesture.centroid(at: -1)
        #expect(scene.actions.count == 1)
        if let action = scene.actions.first {
            #expect(action.state == .ended && abs(action.value[0] - began.x) < 1e-9 && abs(action.value[1] - began.y) < 1e-9,
                    "\(action) vs the centroid \(began)")
        }
    }

    @Test("A press of n fingers (n = 1, 2, 3) that stays within 45 pt and lifts within 0.75 s is an n-finger tap",
          arguments: 1...3)
    func tapRecognized(fingers: Int) async {
        await propertyCheck(count: PropertyCases.count(100), input: OutcomeGen.press(fingers: fingers, within: 44.9, hold: 1...749)) {
            Self.checkTap($0)
        }
    }

    // MARK: Long press (§6.2): held still (within 10 pt) past 0.5 s → began at 0.5 s, ended at the lift.

    /// The log of `gesture` on a view with a long press `press` and a tap `tap`, both for its number of fingers.
    static func pressLog(_ gesture: GeneratedGesture) -> [Delivery] {
        let scene = OutcomeScene()
        scene.attach(LongPressGestureRecognizer(), "press").numberOfTouchesRequired = gesture.fingerCount
        scene.attach(TapGestureRecognizer(), "tap").numberOfTouchesRequired = gesture.fingerCount
        return scene.run(gesture.touchFrames())
    }

    static func checkLongPress(_ gesture: GeneratedGesture) {
        let log = pressLog(gesture)
        let changes = transitions(of: "press", in: log)
        #expect(changes.first?.to == .began && changes.first?.time == .milliseconds(500), "\(changes)")
        #expect(changes.last?.to == .ended && changes.last?.time == .milliseconds(gesture.liftTime), "\(changes)")
        #expect(changes.dropFirst().dropLast().allSatisfy { $0.to == .changed }, "\(changes)")
        // The tap is excluded when the long press begins (or fails past its 0.75 s): it never recognizes.
        #expect(!transitions(of: "tap", in: log).contains { $0.to == .recognized })
    }

    @Test("n fingers (n = 1, 2, 3) held within 10 pt past 0.5 s begin the long press at 0.5 s; it ends at the lift",
          arguments: 1...3)
    func longPressBegins(fingers: Int) async {
        await propertyCheck(count: PropertyCases.count(100), input: OutcomeGen.press(fingers: fingers, within: 9.9, hold: 501...1500)) {
            Self.checkLongPress($0)
        }
    }

    static func checkShortPress(_ gesture: GeneratedGesture) {
        let log = pressLog(gesture)
        #expect(transitions(of: "press", in: log).map(\.to) == [.failed])
        #expect(transitions(of: "tap", in: log).map(\.to) == [.recognized])
    }

    @Test("n fingers (n = 1, 2, 3) lifted before 0.5 s fail the long press and make a tap", arguments: 1...3)
    func shortPressTaps(fingers: Int) async {
        await propertyCheck(count: PropertyCases.count(60), input: OutcomeGen.press(fingers: fingers, within: 9.9, hold: 1...499)) {
            Self.checkShortPress($0)
        }
    }

    // MARK: Pan (§6.3): the centroid moves 10 pt along x or y → began in that frame; taps fail; ended at the lift.

    static func checkDrag(_ gesture: GeneratedGesture) {
        let scene = OutcomeScene()
        scene.attach(PanGestureRecognizer(), "pan") { [$0.translation(in: nil).x, $0.translation(in: nil).y] }
        let tap = scene.attach(TapGestureRecognizer(), "tap")
        tap.numberOfTouchesRequired = gesture.fingerCount
        let press = scene.attach(LongPressGestureRecognizer(), "press")
        press.numberOfTouchesRequired = gesture.fingerCount
        let log = scene.run(gesture.touchFrames())
        let start = gesture.centroid(at: -1)
        guard let crossing = gesture.frames.indices.first(where: {
            let c = gesture.centroid(at: $0)
            return max(abs(c.x - start.x), abs(c.y - start.y)) >= 10
        }) else {
            Issue.record("the generator made a drag that never crosses 10 pt: \(gesture)")
            return
        }
        let changes = transitions(of: "pan", in: log)
        #expect(changes.first?.to == .began && changes.first?.time == .milliseconds(gesture.frames[crossing].time), "\(changes)")
        #expect(changes.last?.to == .ended && changes.last?.time == .milliseconds(gesture.liftTime))
        #expect(transitions(of: "tap", in: log).map(\.to) == [.failed])
        #expect(transitions(of: "press", in: log).map(\.to) == [.failed])
        // §6.3 rule 3: the translation is measured from the centroid at touch-down (issue 37).
        let end = gesture.centroid(at: gesture.frames.count - 1), atBegin = Point(
            x: gesture.origins.map(\.x).reduce(0, +) / Double(gesture.origins.count),
            y: gesture.origins.map(\.y).reduce(0, +) / Double(gesture.origins.count))
        if let last = scene.actions.last(where: { $0.name == "pan" }) {
            #expect(last.state == .ended)
            #expect(abs(last.value[0] - (end.x - atBegin.x)) < 1e-6 && abs(last.value[1] - (end.y - atBegin.y)) < 1e-6,
                    "translation \(last.value) vs \(end.x - atBegin.x), \(end.y - atBegin.y)")
        }
    }

    @Test("n fingers (n = 1, 2, 3) dragged past 10 pt begin the pan in that frame and fail the taps and the long press",
          arguments: 1...3)
    func dragBeginsPan(fingers: Int) async {
        await propertyCheck(count: PropertyCases.count(100), input: OutcomeGen.drag(fingers: fingers)) { Self.checkDrag($0) }
    }

    // MARK: Pinch and rotation (§6.6, §6.7): scale = span / span at landing; rotation = the turn since landing.

    static func checkPinch(_ gesture: GeneratedGesture) {
        let scene = OutcomeScene()
        scene.attach(PinchGestureRecognizer(), "pinch") { [$0.scale] }
        let log = scene.run(gesture.touchFrames())
        func span(_ index: Int) -> Double { let p = gesture.locations(at: index); return distance(p[0], p[1]) }
        let initial = span(-1)
        let crossing = gesture.frames.indices.first { abs(span($0) - initial) >= 10 }
        let changes = transitions(of: "pinch", in: log)
        if let crossing {
            #expect(changes.first?.to == .began && changes.first?.time == .milliseconds(gesture.frames[crossing].time), "\(changes)")
            #expect(changes.last?.to == .ended)
        } else {
            #expect(changes.map(\.to) == [.failed])
        }
        for action in scene.actions where action.state != .ended {
            guard let index = gesture.frames.firstIndex(where: { .milliseconds($0.time) == action.time }) else {
                Issue.record("an action at \(action.time), when no frame came")
                continue
            }
            let expected = span(index) / initial
            #expect(abs(action.value[0] - expected) <= 1e-9 * max(1, expected), "scale \(action.value[0]) at \(action.time), spans say \(expected)")
        }
    }

    @Test("Two fingers: the pinch begins in the frame where the span has changed by 10 pt, and its scale is the ratio of spans")
    func pinchScale() async {
        await propertyCheck(count: PropertyCases.count(150), input: OutcomeGen.twoFingers()) { Self.checkPinch($0) }
    }

    static func checkRotation(_ gesture: GeneratedGesture) {
        let scene = OutcomeScene()
        scene.attach(RotationGestureRecognizer(), "rotation") { [$0.rotation] }
        let log = scene.run(gesture.touchFrames())
        func angle(_ index: Int) -> Double { let p = gesture.locations(at: index); return atan2(p[1].y - p[0].y, p[1].x - p[0].x) }
        func turn(_ index: Int) -> Double { remainder(angle(index) - angle(-1), 2 * .pi) }
        let crossing = gesture.frames.indices.first { abs(turn($0)) >= 0.05 }
        let changes = transitions(of: "rotation", in: log)
        if let crossing {
            #expect(changes.first?.to == .began && changes.first?.time == .milliseconds(gesture.frames[crossing].time), "\(changes)")
        } else {
            #expect(changes.map(\.to) == [.failed])
        }
        for action in scene.actions where action.state != .ended {
            guard let index = gesture.frames.firstIndex(where: { .milliseconds($0.time) == action.time }) else { continue }
            #expect(abs(remainder(action.value[0] - turn(index), 2 * .pi)) < 1e-9, "rotation \(action.value[0]), turn \(turn(index))")
        }
    }

    @Test("Two fingers: the rotation begins in the frame where they have turned 0.05 rad, and reads the turn since they landed")
    func rotationAngle() async {
        await propertyCheck(count: PropertyCases.count(150), input: OutcomeGen.twoFingers()) { Self.checkRotation($0) }
    }

    // MARK: Invariance: the same gesture moved or turned as a whole has the same outcome.

    /// Every recognizer kind whose thresholds do not depend on the direction (`withPan`: the pan's hysteresis is
    /// per axis, so it only survives translations and quarter turns; swipes and edge pans are directional).
    static func invarianceScene(withPan: Bool) -> OutcomeScene {
        let scene = OutcomeScene()
        let single = scene.attach(TapGestureRecognizer(), "singleTap")
        let double = scene.attach(TapGestureRecognizer(), "doubleTap")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        scene.attach(TapGestureRecognizer(), "twoFingerTap").numberOfTouchesRequired = 2
        scene.attach(LongPressGestureRecognizer(), "press")
        scene.attach(LongPressGestureRecognizer(), "threeFingerPress").numberOfTouchesRequired = 3
        if withPan { scene.attach(PanGestureRecognizer(), "pan") }
        scene.attach(PinchGestureRecognizer(), "pinch")
        scene.attach(RotationGestureRecognizer(), "rotation")
        return scene
    }

    /// Checks the property; returns whether some recognizer began or recognized (so the property is not vacuous).
    @discardableResult
    static func checkInvariance(_ gesture: GeneratedGesture, _ motion: RigidMotion, withPan: Bool) -> Bool {
        let reference = outcome(of: invarianceScene(withPan: withPan).run(gesture.touchFrames()))
        let moved = outcome(of: invarianceScene(withPan: withPan).run(gesture.touchFrames(transform: motion.apply)))
        #expect(moved == reference, "\(motion)")
        return reference.contains { $0.hasSuffix("→ began") || $0.hasSuffix("→ recognized") }
    }

    @Test("The invariance properties are not vacuous: most generated gestures make some recognizer begin or recognize")
    func invarianceIsNotVacuous() async {
        var committed = 0, cases = 0
        await propertyCheck(count: 100, input: OutcomeGen.any()) { gesture in
            cases += 1
            if Self.checkInvariance(gesture, RigidMotion(angle: 0, dx: 0, dy: 0), withPan: true) { committed += 1 }
        }
        #expect(committed * 2 > cases, "\(committed) of \(cases) gestures made a recognizer begin or recognize")
    }

    @Test("Translating a gesture changes no outcome (every recognizer kind but the directional ones)")
    func translationInvariance() async {
        await propertyCheck(count: PropertyCases.count(100), input: OutcomeGen.any(), RigidMotion.translation) {
            Self.checkInvariance($0, $1, withPan: true)
        }
    }

    @Test("Turning a gesture by any angle changes no outcome of taps, long presses, pinches and rotations")
    func rotationInvariance() async {
        await propertyCheck(count: PropertyCases.count(100), input: OutcomeGen.any(), RigidMotion.rotation) {
            Self.checkInvariance($0, $1, withPan: false)
        }
    }

    @Test("Turning a gesture by quarter turns changes no outcome, pans included")
    func quarterTurnInvariance() async {
        await propertyCheck(count: PropertyCases.count(60), input: OutcomeGen.any(), RigidMotion.quarterTurn) {
            Self.checkInvariance($0, $1, withPan: true)
        }
    }
}
