import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

/// One view of a random scene: its parent (0 = the window, k = view k-1, taken modulo the views made so far),
/// its frame and flags.
nonisolated struct RandomViewSpec: Sendable, CustomStringConvertible {
    var parent: Int
    var x: Int, y: Int, width: Int, height: Int
    /// Bits: 1 handles its touches, 2 multiple touch, 4 exclusive touch, 8 control, 16 rotated.
    var flags: Int

    var description: String { "(\(parent) \(x),\(y) \(width)×\(height) f\(flags))" }
}

/// One step of a random touch script for five fingers (see ``RandomTouchScript/inputs(offsetMilliseconds:)``).
nonisolated struct RandomTouchStep: Sendable, CustomStringConvertible {
    /// Milliseconds since the previous step; 0 joins the previous frame, negative goes back in time.
    var dt: Int
    var finger: Int
    /// 0 down (or move), 1 move (or down), 2 up, 3 cancel, 4 listed stationary, 5 phase for an unknown
    /// contact, 6 duplicate began, 7 contact listed twice.
    var action: Int
    var x: Int, y: Int

    var description: String { "\(dt)ms f\(finger) a\(action) (\(x),\(y))" }
}

/// A scene and a touch script, generated from plain integers so that shrinking works.
nonisolated struct RandomTouchScript: Sendable, CustomStringConvertible {
    var views: [RandomViewSpec]
    var steps: [RandomTouchStep]
    /// Whether the script ends with a device loss (`cancelAllTouches`) rather than lifting every finger.
    var endsWithDeviceLoss: Bool

    var description: String { "views \(views) steps \(steps) deviceLoss \(endsWithDeviceLoss)" }

    /// An input of the script.
    enum Input {
        case frame(TouchFrame)
        case cancelAll(Timestamp)
    }

    /// The script as inputs, with every time moved by `offset` milliseconds. Every touch that begins is
    /// finished by the end.
    func inputs(offsetMilliseconds offset: Int64) -> [Input] {
        var fingers: [(id: UInt64, location: Point)?] = Array(repeating: nil, count: 5)
        var nextID: UInt64 = 1
        var time: Int64 = 0
        var contacts: [TouchContact] = []
        var result: [Input] = []
        func stamp(_ ms: Int64) -> Timestamp { Timestamp(nanoseconds: (offset + ms) * 1_000_000) }
        func flush() {
            if !contacts.isEmpty { result.append(.frame(TouchFrame(timestamp: stamp(time), contacts: contacts))) }
            contacts = []
        }
        func add(_ id: UInt64, _ phase: TouchContact.Phase, _ location: Point, slot: Int) {
            if contacts.contains(where: { $0.id.rawValue == id }) { flush() }
            contacts.append(TouchContact(id: TouchContact.ID(id), phase: phase, location: location, slot: slot))
        }
        for (index, step) in steps.enumerated() {
            if step.dt != 0 {
                flush()
                time += Int64(step.dt)
            }
            let k = step.finger
            let point = Point(x: Double(step.x), y: Double(step.y))
            switch (step.action, fingers[k]) {
            case (0, nil), (1, nil), (6, nil):
                fingers[k] = (nextID, point)
                add(nextID, .began, point, slot: k)
                nextID += 1
            case (0, let finger?), (1, let finger?):
                fingers[k] = (finger.id, point)
                add(finger.id, .moved, point, slot: k)
            case (2, let finger?):
                fingers[k] = nil
                add(finger.id, .ended, finger.location, slot: k)
            case (3, let finger?):
                fingers[k] = nil
                add(finger.id, .cancelled, finger.location, slot: k)
            case (4, let finger?):
                add(finger.id, .stationary, finger.location, slot: k)
            case (5, _):
                contacts.append(TouchContact(id: TouchContact.ID(9000 + UInt64(index)), phase: .moved, location: point))
            case (6, let finger?):
                fingers[k] = (finger.id, point)
                add(finger.id, .began, point, slot: k)
            case (7, let finger?):
                add(finger.id, .moved, point, slot: k)
                contacts.append(TouchContact(id: TouchContact.ID(finger.id), phase: .ended, location: point, slot: k))
                fingers[k] = (finger.id, point)
            default:
                break  // lifting, cancelling or holding a finger that is not down
            }
        }
        flush()
        time += 10
        if endsWithDeviceLoss {
            result.append(.cancelAll(stamp(time)))
        } else {
            for (k, finger) in fingers.enumerated() {
                if let finger { contacts.append(TouchContact(id: TouchContact.ID(finger.id), phase: .ended,
                                                             location: finger.location, slot: k)) }
            }
            flush()
        }
        return result
    }

    /// Sends the script's inputs (times moved by `offset` ms) to `app`; returns the time of the last one.
    @discardableResult
    @MainActor func send(to app: Application, offsetMilliseconds offset: Int64) -> Timestamp {
        var last = Timestamp(nanoseconds: offset * 1_000_000)
        for input in inputs(offsetMilliseconds: offset) {
            switch input {
            case .frame(let frame):
                app.send(frame)
                last = frame.timestamp
            case .cancelAll(let time):
                app.cancelAllTouches(at: time)
                last = time
            }
        }
        return last
    }

    /// Builds the scene: an application with a 400×800 window `W` and the views `V0`…
    @MainActor func makeScene() -> Application {
        let (app, window) = makeScreen()
        var made: [View] = []
        for (index, spec) in views.enumerated() {
            let frame = Rect(
                x: Double(spec.x), y: Double(spec.y), width: Double(spec.width), height: Double(spec.height)
            )
            let view: View
            if spec.flags & 8 != 0 {
                view = Control(frame: frame)
            } else if spec.flags & 1 != 0 {
                view = TouchSinkView(frame: frame)
            } else {
                view = View(frame: frame)
            }
            view.name = "V\(index)"
            view.isMultipleTouchEnabled = spec.flags & 2 != 0
            view.isExclusiveTouch = spec.flags & 4 != 0
            if spec.flags & 16 != 0 { view.transform = AffineTransform(rotationAngle: 0.5) }
            let parentIndex = spec.parent % (made.count + 1)
            (parentIndex == 0 ? window : made[parentIndex - 1]).addSubview(view)
            made.append(view)
        }
        return app
    }
}

/// What one run of a script produced, and what the run's checks found.
struct ScriptRun {
    var log: [Delivery] = []
    var problems: [String] = []
}

/// Runs `script` with times moved by `offset` ms and checks the invariants that hold for any input:
/// - the log has, for each touch, view deliveries `began (moved)* (ended|cancelled)` (exactly one final),
///   all to the same view, and nothing for a touch it reports as ignored;
/// - a touch is delivered at most once per dispatch, only in its current phase (never stationary);
/// - every touch object seen goes `began (moved|stationary)* (ended|cancelled)` and keeps its view;
/// - at the end no touch is left.
/// `scene` replaces the script's own scene (``RandomTouchScript/makeScene()``).
func runScript(_ script: RandomTouchScript, offsetMilliseconds offset: Int64, in scene: Application? = nil)
    -> ScriptRun
{
    let app = scene ?? script.makeScene()
    var run = ScriptRun()
    var observed: [ObjectIdentifier: (touch: Touch, serial: UInt64, phase: TouchPhase, view: View?)] = [:]
    var deliveredThisDispatch: (serial: UInt64, ids: Set<TouchContact.ID>) = (0, [])
    app.deliveryLogCapacity = 0
    app.deliveryObserver = { [unowned app] entry in  // unowned: app → observer → app would be a cycle
        run.log.append(entry)
        guard case .touches(let phase, let responder, let ids) = entry.kind else { return }
        let serial = app.dispatcher.event.storage.value.dispatchSerial
        if deliveredThisDispatch.serial != serial { deliveredThisDispatch = (serial, []) }
        for id in ids where !deliveredThisDispatch.ids.insert(id).inserted {
            run.problems.append("\(id) delivered twice in one dispatch")
        }
        for touch in app.dispatcher.event.storage.value.touchList {
            if ids.contains(touch.id) {
                if touch.phase != phase { run.problems.append("\(touch.id) is \(touch.phase), delivered as \(phase)") }
                if touch.view?.logName != responder { run.problems.append("\(touch.id) delivered to \(responder)") }
            }
            let key = ObjectIdentifier(touch)
            if let last = observed[key] {
                guard last.serial != serial else { continue }
                let legal: Bool
                switch (last.phase, touch.phase) {
                case (.began, .moved), (.began, .stationary), (.began, .ended), (.began, .cancelled),
                    (.moved, .moved), (.moved, .stationary), (.moved, .ended), (.moved, .cancelled),
                    (.stationary, .moved), (.stationary, .stationary), (.stationary, .ended),
                    (.stationary, .cancelled):
                    legal = true
                default:
                    legal = false
                }
                if !legal { run.problems.append("\(touch.id) went \(last.phase) → \(touch.phase)") }
                if last.view !== touch.view { run.problems.append("\(touch.id) changed its view") }
            }
            observed[key] = (touch, serial, touch.phase, touch.view)
        }
    }
    script.send(to: app, offsetMilliseconds: offset)
    // Per touch, the phases delivered to views, and the views.
    var delivered: [TouchContact.ID: [TouchPhase]] = [:]
    var views: [TouchContact.ID: Set<String>] = [:]
    var ignored: Set<TouchContact.ID> = []
    for entry in run.log {
        switch entry.kind {
        case .touches(let phase, let responder, let ids):
            for id in ids {
                delivered[id, default: []].append(phase)
                views[id, default: []].insert(responder)
            }
        case .touchIgnored(let id, _):
            ignored.insert(id)
        case .forwarded, .dropped, .controlEvent, .deadline, .inputDiagnostic, .recognizerState, .action, .arena, .scroll:
            break
        }
    }
    for (id, phases) in delivered {
        let finals = phases.filter(\.isFinal).count
        let shapeOK = phases.first == .began && phases.last?.isFinal == true
            && phases.dropFirst().dropLast().allSatisfy { $0 == .moved }
        if finals != 1 || !shapeOK { run.problems.append("\(id) was delivered \(phases)") }
        if views[id, default: []].count != 1 { run.problems.append("\(id) went to \(views[id] ?? [])") }
        if ignored.contains(id) { run.problems.append("\(id) was ignored and delivered") }
    }
    if !app.dispatcher.storage.value.followed.inOrder.isEmpty || !app.dispatcher.event.storage.value.touchList.isEmpty {
        run.problems.append("touches left at the end")
    }
    return run
}

/// The log of a run with times moved back by `offset` ms (including the times inside diagnostics).
func shiftedBack(_ log: [Delivery], by offset: Int64) -> [Delivery] {
    let shift = Duration.milliseconds(offset)
    return log.map { entry in
        var entry = entry
        entry.time = entry.time - shift
        if case .inputDiagnostic(.timeWentBackwards(let frame, let clock)) = entry.kind {
            entry.kind = .inputDiagnostic(.timeWentBackwards(frame: frame - shift, clock: clock - shift))
        }
        return entry
    }
}

@Suite("TouchDispatcher properties: random scenes and touch scripts")
struct TouchDispatcherPropertyTests {
    static let viewSpec = zip(
        Gen.int(in: 0...9), Gen.int(in: 0...350), Gen.int(in: 0...750), Gen.int(in: 10...400),
        Gen.int(in: 10...800), Gen.int(in: 0...31)
    ).map { RandomViewSpec(parent: $0.0, x: $0.1, y: $0.2, width: $0.3, height: $0.4, flags: $0.5) }

    static let step = zip(
        Gen.int(in: -5...60), Gen.int(in: 0...4), Gen.int(in: 0...7), Gen.int(in: -20...420), Gen.int(in: -20...820)
    ).map { RandomTouchStep(dt: $0.0, finger: $0.1, action: $0.2, x: $0.3, y: $0.4) }

    static let script = zip(viewSpec.array(of: 0...6), step.array(of: 1...60), Gen.bool)
        .map { RandomTouchScript(views: $0.0, steps: $0.1, endsWithDeviceLoss: $0.2) }

    @Test("Any script: one final delivery per delivered touch, legal phases, fixed views, nothing left over")
    func invariants() async {
        await propertyCheck(count: PropertyCases.count(250), input: Self.script) { script in
            let run = runScript(script, offsetMilliseconds: 0)
            #expect(run.problems == [])
        }
    }

    @Test("Shifting every time by a constant shifts the log's times and changes nothing else")
    func timeShiftInvariance() async {
        await propertyCheck(count: PropertyCases.count(150), input: Self.script, Gen.int64(in: -1_000_000_000...1_000_000_000)) {
            script, offset in
            let reference = runScript(script, offsetMilliseconds: 0)
            let shifted = runScript(script, offsetMilliseconds: offset)
            #expect(shiftedBack(shifted.log, by: offset) == reference.log)
            #expect(shifted.problems == [])
        }
    }

    @Test("Every single-finger script of up to four inputs keeps the invariants (exhaustive)")
    func exhaustiveSingleFinger() {
        // down, move, up, cancel, stationary, unknown contact, duplicate began, listed twice; each 20 ms apart.
        let alphabet = (0...7).map { RandomTouchStep(dt: 20, finger: 0, action: $0, x: 100 + $0 * 7, y: 100) }
        let scene = [RandomViewSpec(parent: 0, x: 50, y: 50, width: 200, height: 200, flags: 8)]  // a control
        var scripts: [[RandomTouchStep]] = [[]]
        var checked = 0, failures = 0
        for _ in 1...4 {
            scripts = scripts.flatMap { prefix in alphabet.map { prefix + [$0] } }
            for steps in scripts {
                for deviceLoss in [false, true] {
                    let run = runScript(
                        RandomTouchScript(views: scene, steps: steps, endsWithDeviceLoss: deviceLoss),
                        offsetMilliseconds: 0
                    )
                    if !run.problems.isEmpty {
                        failures += 1
                        if failures <= 5 { Issue.record("\(steps) deviceLoss \(deviceLoss): \(run.problems)") }
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 2 * (8 + 64 + 512 + 4096))
        #expect(failures == 0)
    }
}
