import PropertyBased
import Tactile
import TactileTesting
import Testing

/// A window with one view `V` filling it that accepts several touches.
func makeViewScene() -> Application {
    let app = Application()
    let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let view = View(name: "V", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    app.addWindow(window)
    return app
}

@Suite("TactileTesting: scripts, sampling, generators, invariants, log assertions")
struct TactileTestingTests {
    @Test("A script's description reads like steps, and says which steps do nothing")
    func description() {
        let script: GestureScript = [
            .down(1, at: Point(x: 100, y: 200)), .hold(.milliseconds(600)),
            .move(1, to: Point(x: 140.25, y: 200), over: .milliseconds(120)), .lift(1), .lift(1), .wait(.seconds(1.5)),
        ]
        #expect(
            script.description == """
                1. finger 1 down at (100, 200)
                2. hold 600 ms
                3. move finger 1 to (140.3, 200) over 120 ms
                4. lift finger 1
                5. lift finger 1 — ignored: finger 1 is not down
                6. wait 1.5 s
                """)
        #expect(script.duration == .milliseconds(2220))
    }

    @Test("Exact sampling: a report every 1/rate s from the landing, the lift at the first report at or after it")
    func exactSampling() {
        let app = makeViewScene()
        let player = GesturePlayer(application: app, sampling: .exact(rate: 100), startingAt: .zero)
        let frames = player.play([
            .down(1, at: Point(x: 10, y: 10)), .move(1, to: Point(x: 50, y: 10), over: .milliseconds(40)),
            .hold(.milliseconds(25)), .lift(1),
        ])
        // Reports at 0, 10, 20, 30, 40 ms while moving (x 10, 20, 30, 40, 50 — the first is the landing), then
        // nothing while resting, the lift at 70 ms (the first report at or after 65 ms).
        #expect(frames.map(\.timestamp.nanoseconds) == [0, 10, 20, 30, 40, 70].map { Int64($0) * 1_000_000 })
        #expect(frames.map { $0.contacts[0].phase } == [.began, .moved, .moved, .moved, .moved, .ended])
        #expect(frames.map { $0.contacts[0].location.x } == [10, 20, 30, 40, 50, 50])
        expectLog(app, contains: "0.000s V: began{#1}", "0.040s V: moved{#1}", "0.070s V: ended{#1}")
    }

    @Test("A zero-length tap is still one began and one ended, a report apart")
    func zeroLengthTap() {
        let player = GesturePlayer(application: makeViewScene(), sampling: .exact(rate: 120))
        let frames = player.play([.down(1, at: Point(x: 5, y: 5)), .lift(1)])
        #expect(frames.map { $0.contacts.map(\.phase) } == [[.began], [.ended]])
    }

    @Test("Realistic sampling: jittered positions and intervals, reproducible by seed, new contact ids per script")
    func realisticSampling() {
        func frames(seed: UInt64) -> [TouchFrame] {
            let player = GesturePlayer(application: makeViewScene(), sampling: .realistic(seed: seed))
            return player.play(.longPress(at: Point(x: 200, y: 300), duration: .milliseconds(800)))
                + player.play(.tap(at: Point(x: 200, y: 300)))
        }
        let a = frames(seed: 1)
        let b = frames(seed: 1)
        let c = frames(seed: 2)
        #expect(a == b)
        #expect(a != c)
        let ids = Set(a.flatMap { $0.contacts.map(\.id) })
        #expect(ids.count == 2, "each script's finger is a new contact")
        // A resting finger wanders: some reports while still, all within a few points of where it landed.
        let moves = a.flatMap(\.contacts).filter { $0.phase == .moved }
        #expect(!moves.isEmpty)
        #expect(moves.allSatisfy { $0.location.distance(to: Point(x: 200, y: 300)) < 5 })
        let intervals = zip(a.dropFirst(), a).map { ($0.timestamp - $1.timestamp) }
        #expect(intervals.contains { $0 != .nanoseconds(8_333_333) && $0 < .milliseconds(9) })
    }

    @Test("Pinch and rotation scripts move two fingers together")
    func twoFingerScripts() {
        let run = SceneRun(
            scene: makeViewScene,
            playing: [
                .pinch(center: Point(x: 200, y: 400), from: 100, to: 300),
                .rotation(center: Point(x: 200, y: 400), by: .pi / 2),
            ], sampling: .exact())
        #expect(run.violations == [])
        let both = run.frames.filter { $0.contacts.count == 2 && $0.contacts.allSatisfy { $0.phase == .moved } }
        #expect(both.count > 20)
    }

    @Test("A generator shrinks a planted failure to a few steps", .shrinking)
    func shrinksPlantedFailure() async {
        // The planted failure: the property claims no two fingers are ever down together.
        var last: GestureScript?
        await withKnownIssue("planted") {
            await propertyCheck(
                count: 200,
                input: GestureGen.multitouch(in: Rect(x: 0, y: 0, width: 400, height: 800), fingers: 4, steps: 4...16)
            ) {
                script in
                let run = SceneRun(scene: makeViewScene, playing: [script], sampling: .exact())
                var down = 0
                var most = 0
                for frame in run.frames {
                    for contact in frame.contacts {
                        if contact.phase == .began { down += 1 }
                        if contact.phase == .ended || contact.phase == .cancelled { down -= 1 }
                    }
                    most = max(most, down)
                }
                if most >= 2 { last = script }
                #expect(most < 2)
            }
        }
        let shrunk = try? #require(last as GestureScript?)
        // From 4–16 steps to at most three (in practice the two landings, every other step removed), and the
        // two landings are there.
        #expect((shrunk?.steps.count ?? 99) <= 3, "\(shrunk?.description ?? "none")")
        #expect(shrunk?.steps.filter { if case .down = $0 { true } else { false } }.count == 2)
    }

    @Test("Durations near thresholds stay within the variation")
    func thresholdDurations() async {
        await propertyCheck(input: GestureGen.duration(near: [.milliseconds(350), .milliseconds(500)], variation: 20)) {
            duration in
            #expect(
                (330...370).contains(duration.components.attoseconds / 1_000_000_000_000_000)
                    || (480...520).contains(duration.components.attoseconds / 1_000_000_000_000_000))
        }
    }

    @Test("Every generator gives scripts that keep the invariants on a plain view")
    func generatorsKeepInvariants() async {
        let area = Rect(x: 0, y: 0, width: 400, height: 800)
        await propertyCheck(count: 60, input: GestureGen.any(in: area)) { script in
            expectInvariants(scene: makeViewScene, playing: [script])
        }
    }

    @Test("Log matching: ordered is a subsequence of containing lines, unordered a distinct line each")
    func logMatching() {
        let lines = ["1 V: began{#1}", "2 R: possible → began", "3 V: cancelled{#1}", "4 R: began → ended"]
        #expect(LogMatch(lines: lines, expected: ["V: began", "R: began → ended"], order: .ordered).isSuccess)
        let reversed = LogMatch(lines: lines, expected: ["R: began → ended", "V: began"], order: .ordered)
        #expect(reversed.matches == [3, nil])
        #expect(reversed.description.contains("- [2] V: began   (it appears, but not after line 4)"))
        #expect(LogMatch(lines: lines, expected: ["R: began → ended", "V: began"], order: .unordered).isSuccess)
        // "V:" could take line 1, but then "V: began" has none: the matching finds the other assignment.
        #expect(LogMatch(lines: lines, expected: ["V:", "V: began"], order: .unordered).matches == [2, 0])
        #expect(!LogMatch(lines: lines, expected: ["V: began", "V: began"], order: .unordered).isSuccess)
    }

    @Test("expectLog records a readable diff through Swift Testing")
    func expectLogFailure() {
        let app = makeViewScene()
        GesturePlayer(application: app, sampling: .exact()).play(.tap(at: Point(x: 20, y: 20)))
        withKnownIssue {
            expectLog(app, contains: "V: began{#1}", "V: cancelled{#1}")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("1 of 2 expected line(s) not found (ordered)")
                && text.contains("- [2] V: cancelled{#1}")
                && text.contains("= [1]")
        }
        expectLog(app.deliveries, doesNotContain: "cancelled")
    }

    @Test("The invariant checker reports illegal transitions, missing and stray actions, and broken touch lives")
    func checkerFindsViolations() {
        let app = makeViewScene()
        let checker = InvariantChecker(application: app)
        let t = Timestamp.zero
        let entries: [Delivery.Kind] = [
            .touches(.began, responder: "V", touches: [TouchContact.ID(1)]),
            .touches(.ended, responder: "V", touches: [TouchContact.ID(1)]),
            .touches(.moved, responder: "V", touches: [TouchContact.ID(1)]),
            .touches(.began, responder: "V", touches: [TouchContact.ID(2)]),
            .recognizerState(recognizer: "R", from: .possible, to: .changed, reason: .requested),
            .recognizerState(recognizer: "R", from: .changed, to: .ended, reason: .requested),
            .action(recognizer: "R", state: .ended),
            .action(recognizer: "R", state: .ended),
        ]
        for kind in entries { app.deliveryObserver?(Delivery(time: t, kind: kind)) }
        checker.finish()
        let text = checker.violations.joined(separator: "\n")
        #expect(text.contains("#1 delivered after its final phase"))
        #expect(text.contains("not a legal transition"))
        #expect(text.contains("no action after changed"))
        #expect(text.contains("an action for ended that is not right after entering it"))
        #expect(text.contains("#2 was delivered [began] to V"))
        #expect(app.deliveryObserver == nil, "finish() puts the previous observer back")
    }

    @Test("expectSameLog shows where two logs part")
    func sameLog() {
        let a = [Delivery(time: .zero, kind: .deadline(owner: "R"))]
        let b = [Delivery(time: .zero, kind: .deadline(owner: "S"))]
        withKnownIssue {
            expectSameLog(a, b)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("- 1  0.000s deadline: R")
        }
    }
}
