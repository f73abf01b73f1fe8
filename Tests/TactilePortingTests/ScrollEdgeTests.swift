import Tactile
import Testing

// Issue 37, "A scroll view that stops at its edge": a fling that starts exactly on a content edge and heads out of
// the content rests on that edge (without bounces) or goes out on the rubber band and springs back to it (with
// bounces), at each of the four edges; and whatever numbers the fingers or the delegate bring, every offset the
// scroll view derives is finite and the content comes to rest inside its limits. Written as an app would: a scroll
// view with a delegate, fingers moved through the application, the clock advanced as a display link would.

/// A delegate that counts what UIKit promises about the end of a drag, and the offsets it saw.
final class EdgeRecorder: ScrollViewDelegate {
    var willDecelerate: [Bool] = []
    var willBeginDecelerating = 0
    var didEndDecelerating = 0
    var offsetAtLift: Point?
    var velocityAtLift: Point?
    var offsets: [Point] = []
    var target: ((Point) -> Point)?

    func scrollViewDidScroll(_ scrollView: ScrollView) { offsets.append(scrollView.contentOffset) }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        offsetAtLift = scrollView.contentOffset
        velocityAtLift = velocity
        if let target { targetContentOffset = target(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        willDecelerate.append(decelerate)
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { willBeginDecelerating += 1 }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { didEndDecelerating += 1 }
}

/// One edge of the content and the flick that pushes the content out through it.
enum ContentEdge: String, CaseIterable, CustomTestStringConvertible {
    case top, bottom, left, right

    var testDescription: String { rawValue }

    /// The finger's step (points per 8 ms) that scrolls the content out through this edge: dragging down shows
    /// what is above the top, so the offset goes below its minimum.
    var step: Point {
        switch self {
        case .top: Point(x: 0, y: 8)
        case .bottom: Point(x: 0, y: -8)
        case .left: Point(x: 8, y: 0)
        case .right: Point(x: -8, y: 0)
        }
    }

    /// The offset on this edge of a 400 × 800 scroll view over 1 200 × 3 000 pt of content, the other
    /// coordinate mid-way.
    var offset: Point {
        switch self {
        case .top: Point(x: 400, y: 0)
        case .bottom: Point(x: 400, y: 2200)
        case .left: Point(x: 0, y: 1100)
        case .right: Point(x: 800, y: 1100)
        }
    }
}

/// A 400 × 800 window filled with a scroll view over 1 200 × 3 000 pt of content, starting at `offset`.
func edgeScene(bounces: Bool, offset: Point) -> (Application, ScrollView, EdgeRecorder, Fingers) {
    let (application, scroll, _, fingers) = scrollPhysicsScene(contentSize: Size(width: 1200, height: 3000))
    scroll.bounces = bounces
    scroll.contentOffset = offset
    let recorder = EdgeRecorder()
    scroll.delegate = recorder
    return (application, scroll, recorder, fingers)
}

extension Fingers {
    /// Runs the timers due within `seconds` of the clock's time; returns whether none is left (the content
    /// rests). A motion that never ends would leave one.
    func settle(within seconds: Double) -> Bool {
        let limit = (application.currentTime ?? .zero) + .nanoseconds(Int64(seconds * 1e9))
        while let due = application.nextDeadline {
            guard due <= limit else { return false }
            application.advance(to: due)
        }
        return true
    }
}

/// Whether `offset` lies within the scroll view's limits (zero insets).
func isInside(_ offset: Point, _ scroll: ScrollView) -> Bool {
    let maximum = Point(x: scroll.contentSize.width - scroll.bounds.width,
                        y: scroll.contentSize.height - scroll.bounds.height)
    return offset.x >= 0 && offset.x <= maximum.x && offset.y >= 0 && offset.y <= maximum.y
}

@Suite("A scroll view stops at its edge (issue 37)")
struct ScrollEdgeTests {
    /// The flick used throughout: 12 steps of `edge.step` 8 ms apart from the middle of the screen, lifting while
    /// moving at 1 000 pt/s.
    static func flick(_ fingers: Fingers, _ edge: ContentEdge, at begin: Double = 0) {
        fingers.flick(from: Point(x: 200, y: 400), dx: edge.step.x, dy: edge.step.y, steps: 12, at: begin)
    }

    /// How far the flick moves the content by its lift, measured in the middle of the content.
    static func travel(_ edge: ContentEdge) -> Point {
        let start = Point(x: 400, y: 1100)
        let (_, _, recorder, fingers) = edgeScene(bounces: true, offset: start)
        flick(fingers, edge)
        let lift = recorder.offsetAtLift ?? start
        return Point(x: start.x - lift.x, y: start.y - lift.y)
    }

    @Test("A flick that lifts exactly on an edge, heading out, rests on it without bounces and springs back to it with them",
          arguments: ContentEdge.allCases, [false, true])
    func liftOnTheEdge(edge: ContentEdge, bounces: Bool) throws {
        // Start as far from the edge as the flick moves the content, so that it lifts exactly on the edge.
        let travel = Self.travel(edge)
        let start = Point(x: edge.offset.x + (edge.step.x == 0 ? 0 : travel.x),
                          y: edge.offset.y + (edge.step.y == 0 ? 0 : travel.y))
        let (_, scroll, recorder, fingers) = edgeScene(bounces: bounces, offset: start)
        Self.flick(fingers, edge)
        #expect(recorder.offsetAtLift == edge.offset, "the flick lifts on the edge")
        let velocity = try #require(recorder.velocityAtLift)
        #expect(abs(velocity.x) + abs(velocity.y) > 0.9, "it lifts moving, about 1 pt/ms")
        #expect(fingers.settle(within: 10), "the content comes to rest")
        #expect(scroll.contentOffset == edge.offset, "it rests on the edge")
        #expect(!scroll.isDecelerating)
        #expect(recorder.offsets.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        if bounces {
            // Out on the rubber band and back: at least one offset past the edge, then the edge.
            #expect(recorder.willDecelerate == [true])
            #expect(recorder.offsets.contains { !isInside($0, scroll) })
        } else {
            #expect(recorder.offsets.allSatisfy { isInside($0, scroll) })
        }
        // UIKit's pairing: didEndDecelerating once exactly when the lift said it would decelerate.
        #expect(recorder.willBeginDecelerating == recorder.didEndDecelerating)
        #expect(recorder.didEndDecelerating == (recorder.willDecelerate == [true] ? 1 : 0))
    }

    @Test("Without bounces, a finger dragged against an edge and flicked leaves the content on the edge",
          arguments: ContentEdge.allCases)
    func dragAgainstTheEdge(edge: ContentEdge) {
        let (_, scroll, recorder, fingers) = edgeScene(bounces: false, offset: edge.offset)
        Self.flick(fingers, edge)
        #expect(recorder.offsetAtLift == edge.offset)
        #expect(fingers.settle(within: 10))
        #expect(scroll.contentOffset == edge.offset)
        #expect(recorder.offsets.allSatisfy { isInside($0, scroll) })
        #expect(recorder.willBeginDecelerating == recorder.didEndDecelerating)
        #expect(recorder.didEndDecelerating <= 1)
    }

    @Test("A flick that lifts one point inside the edge still decelerates and stops on the edge (the other side)",
          arguments: [false, true])
    func liftJustInside(bounces: Bool) {
        let travel = Self.travel(.top)
        let (_, scroll, recorder, fingers) = edgeScene(bounces: bounces, offset: Point(x: 400, y: travel.y + 1))
        Self.flick(fingers, .top)
        #expect(recorder.offsetAtLift == Point(x: 400, y: 1))
        #expect(recorder.willDecelerate == [true])
        #expect(fingers.settle(within: 10))
        #expect(scroll.contentOffset == Point(x: 400, y: 0))
        #expect(recorder.didEndDecelerating == 1)
    }

    @Test("A flick that lifts on an edge heading into the content decelerates into it", arguments: [false, true])
    func liftOnTheEdgeHeadingIn(bounces: Bool) {
        let (_, scroll, recorder, fingers) = edgeScene(bounces: bounces, offset: Point(x: 400, y: 0))
        // Drag down against the top first (the content stays on the top or on the band), then flick up.
        fingers.down(0, (1, Point(x: 200, y: 300)))
        fingers.move(16, (1, Point(x: 200, y: 330)))
        fingers.move(32, (1, Point(x: 200, y: 300)))
        for k in 1...8 { fingers.move(32 + Double(k) * 8, (1, Point(x: 200, y: 300 - 8 * Double(k)))) }
        fingers.up(104, (1, Point(x: 200, y: 228)))
        #expect(fingers.settle(within: 10))
        #expect(scroll.contentOffset.y > 72, "it went on into the content after the lift")
        #expect(isInside(scroll.contentOffset, scroll))
        #expect(recorder.didEndDecelerating == 1)
    }

    // MARK: Hostile numbers

    @Test("A finger through a huge or tiny position: every offset is finite and the content rests inside",
          arguments: [1e308, -1e308, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
                      Double.leastNonzeroMagnitude, -Double.leastNormalMagnitude / 3], [false, true])
    func hugePosition(value: Double, bounces: Bool) {
        for vertical in [true, false] {
            let (_, scroll, recorder, fingers) = edgeScene(bounces: bounces, offset: Point(x: 400, y: 1100))
            let far = vertical ? Point(x: 200, y: value) : Point(x: value, y: 400)
            fingers.down(0, (1, Point(x: 200, y: 400)))
            fingers.move(8, (1, Point(x: 200, y: 380)))
            fingers.move(16, (1, far))
            fingers.up(24, (1, far))
            #expect(fingers.settle(within: 20), "\(value) \(vertical): the content comes to rest")
            #expect(recorder.offsets.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(value): \(recorder.offsets)")
            #expect(isInside(scroll.contentOffset, scroll), "\(value): \(scroll.contentOffset)")
            let velocity = recorder.velocityAtLift ?? .zero
            #expect(velocity.x.isFinite && velocity.y.isFinite, "the delegate is told a finite velocity")
            #expect(recorder.willBeginDecelerating == recorder.didEndDecelerating)
        }
    }

    @Test("Two fingers at ±1e308 (their centroid overflows): the offsets stay finite and the content rests inside",
          arguments: [1e308, -1e308])
    func overflowingCentroid(value: Double) {
        let (_, scroll, recorder, fingers) = edgeScene(bounces: true, offset: Point(x: 400, y: 1100))
        fingers.down(0, (1, Point(x: 200, y: 400)), (2, Point(x: 220, y: 400)))
        fingers.move(8, (1, Point(x: 200, y: 370)), (2, Point(x: 220, y: 370)))
        fingers.move(16, (1, Point(x: value, y: value)), (2, Point(x: value, y: value)))
        fingers.move(24, (1, Point(x: value, y: -value)), (2, Point(x: value, y: -value)))
        fingers.up(32, (1, Point(x: value, y: -value)), (2, Point(x: value, y: -value)))
        #expect(fingers.settle(within: 20))
        #expect(recorder.offsets.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(isInside(scroll.contentOffset, scroll))
    }

    @Test("A delegate's target that is not finite is not taken: the fling's own projection is",
          arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteTarget(value: Double) throws {
        let (_, scroll, recorder, fingers) = edgeScene(bounces: true, offset: Point(x: 400, y: 1100))
        recorder.target = { Point(x: $0.x, y: value) }
        Self.flick(fingers, .bottom)
        let lift = try #require(recorder.offsetAtLift)
        #expect(fingers.settle(within: 10))
        // 1 pt/ms at .normal: 499 pt past the lift.
        #expect(abs(scroll.contentOffset.y - lift.y - 499) < 5)
        #expect(recorder.didEndDecelerating == 1)
    }

    /// (Farther out than about 10¹⁷ pt the finger's point no longer lands inside the scroll view's bounds: the
    /// bounds' height is lost in the offset's rounding, and hit-testing finds no scroll view to touch.)
    @Test("Content the app left far past an edge springs back from any distance when a finger lets go",
          arguments: [-1e15, 1e15, -100])
    func farPastTheEdge(value: Double) {
        let (_, scroll, recorder, fingers) = edgeScene(bounces: true, offset: Point(x: 400, y: 1100))
        scroll.contentOffset = Point(x: 400, y: value)
        fingers.down(0, (1, Point(x: 200, y: 400)))
        fingers.up(50, (1, Point(x: 200, y: 400)))
        #expect(fingers.settle(within: 20))
        #expect(scroll.contentOffset == Point(x: 400, y: value < 0 ? 0 : 2200))
        #expect(recorder.offsets.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(recorder.didEndDecelerating == 1)
    }

    @Test("The fastest fling is 50 000 pt/s: the delegate is told 50 pt/ms for a faster one, in its direction")
    func fastestFling() throws {
        let (_, _, recorder, fingers) = edgeScene(bounces: true, offset: Point(x: 400, y: 1100))
        fingers.down(0, (1, Point(x: 200, y: 700)))
        fingers.move(8, (1, Point(x: 200, y: 680)))
        fingers.move(16, (1, Point(x: 200, y: -2e6)))
        fingers.up(17, (1, Point(x: 200, y: -2e6)))
        let velocity = try #require(recorder.velocityAtLift)
        #expect(velocity.y == 50)
        #expect(fingers.settle(within: 20))
    }
}
