import Testing
@testable import Tactile

/// A scroll view `S` filling the window with a content view `V` (handles its touches) or a button `B`.
func scrollScene(content: View, delays: Bool = true, canCancel: Bool = true) -> (GestureScene, ScrollView) {
    var scene = GestureScene()
    let scrollView = scene.add(ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "S")
    scrollView.panGestureRecognizer.name = "P"
    scrollView.delaysContentTouches = delays
    scrollView.canCancelContentTouches = canCancel
    scrollView.contentSize = Size(width: 400, height: 2000)
    scene.add(content, content is Control ? "B" : "V", to: scrollView)
    return (scene, scrollView)
}

/// Rest 200 ms at (150,120), then drag up 30 pt in three frames, lift at 300.
let restThenDragUp: [TouchFrame] = [
    .at(0, .down(1, 150, 120)), .at(216, .move(1, 150, 110)), .at(232, .move(1, 150, 100)),
    .at(248, .move(1, 150, 90)), .at(300, .up(1, 150, 90)),
]

@Suite("ScrollView: content offset from its pan, delayed and cancellable content touches (spec §4.6)")
struct ScrollViewTests {
    @Test("Resting on plain content, then dragging: the content gets began at 150 ms, then cancelled, and it scrolls")
    func plainContentCancelled() {
        let (scene, scrollView) = scrollScene(content: TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        #expect(runScenario(scene, restThenDragUp) == [
            "0.000s V: began{#1} withheld while P decides",
            "0.150s deadline: P",
            "0.150s V: began{#1}",
            "0.216s P: possible → began (moved 10 pt in y ≥ 10 pt)",
            "0.216s V: cancelled{#1}",
            "0.216s P: action(began)",
            "0.216s S: dragging from (0, 0)",
            "0.232s P: began → changed",
            "0.232s P: action(changed)",
            "0.248s P: changed → changed",
            "0.248s P: action(changed)",
            "0.300s P: changed → ended (all touches lifted)",
            "0.300s P: action(ended)",
            "0.300s S: dragging ended at (0, 20)",  // rested 52 ms: no velocity, nothing to decelerate
            "0.300s P: ended → possible (reset)",
        ])
        #expect(scrollView.contentOffset == Point(x: 0, y: 20))
        #expect(!scrollView.isDragging)
    }

    @Test("With canCancelContentTouches off, content that tracks its touch keeps it and nothing scrolls")
    func cannotCancel() {
        let (scene, scrollView) = scrollScene(
            content: TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 400)), canCancel: false)
        let log = runScenario(scene, restThenDragUp)
        #expect(log.contains("0.216s P: possible → failed (the touches in V cannot be cancelled)"))
        #expect(log.contains("0.300s V: ended{#1}"))
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("Without delaysContentTouches the content gets began at once and is cancelled when scrolling starts")
    func noDelay() {
        let (scene, scrollView) = scrollScene(
            content: TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 400)), delays: false)
        let log = runScenario(scene, drag(from: Point(x: 150, y: 300), dx: 0, dy: -15, moves: 2, liftAt: 60))
        #expect(Array(log.prefix(4)) == [
            "0.000s V: began{#1}",
            "0.016s P: possible → began (moved 15 pt in y ≥ 10 pt)",
            "0.016s V: cancelled{#1}",
            "0.016s P: action(began)",
        ])
        // The lift at 60 ms comes with the drag's speed: the content follows the finger to 15 pt, then flings on.
        #expect(log.contains { $0.hasPrefix("0.060s S: dragging ended at (0, 15), velocity") })
        #expect(scrollView.contentOffset.y > 15)
    }

    @Test("touchesShouldBegin returning false keeps the touch from the content for good")
    func touchesShouldBeginRefuses() {
        final class Picky: ScrollView {
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { false }
        }
        var scene = GestureScene()
        let scrollView = scene.add(Picky(frame: Rect(x: 0, y: 0, width: 400, height: 800)), "S")
        scrollView.panGestureRecognizer.name = "P"
        scene.add(TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 400)), "V", to: scrollView)
        #expect(runScenario(scene, [.at(0, .down(1, 10, 10)), .at(80, .up(1, 10, 10))]) == [
            "0.000s V: began{#1} withheld while P decides",
            "0.080s P: possible → failed (lifted before recognition)",
            "0.080s V: {#1} not delivered, S refused them (touchesShouldBegin)",
            "0.080s P: failed → possible (reset)",
        ])
    }

    @Test("Turning scrolling off disables the pan; a touch on the scroll view itself is never delayed")
    func scrollEnabledAndOwnTouches() {
        let (scene, scrollView) = scrollScene(content: TouchSinkView(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        scrollView.isScrollEnabled = false
        #expect(!scrollView.panGestureRecognizer.isEnabled)
        #expect(runScenario(scene, drag(from: Point(x: 10, y: 10), dx: 0, dy: 20, moves: 1, liftAt: 40)) == [
            "0.000s V: began{#1}",
            "0.016s V: moved{#1}",
            "0.040s V: ended{#1}",
        ])
        scrollView.isScrollEnabled = true
        let log = runScenario(scene, drag(from: Point(x: 10, y: 600), dx: 0, dy: 20, moves: 2, startAt: 3000, liftAt: 3040))
        #expect(log.first == "3.000s S: began{#1}")  // S's own touch is not content: never delayed
        #expect(log.contains("3.016s P: possible → began (moved 20 pt in y ≥ 10 pt)"))
        // Pulled 20 pt down past the top: drawn on the rubber band, (1 − 1/(20 · 0.55/800 + 1)) · 800 = 10.85 pt,
        // then back to the top after the lift.
        #expect(log.contains { $0.hasPrefix("3.040s S: dragging ended at (0, -10.85), velocity") })
        #expect(log.last?.hasSuffix("S: came to rest at (0, 0)") == true)
        #expect(scrollView.contentOffset == .zero)
    }
}
