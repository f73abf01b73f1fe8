import Tactile
import Testing

// Porting gaps that apps meet: what a delegate's gestureRecognizer(_:shouldReceive:) for the event can read, the
// rule that a finger joining a recognized gesture never reaches the view (spec §5.7 rule 4), and UIControl's
// tracking margin on each of its four edges (spec §4.9).

/// A delegate that records, when asked about an event, which touches the event holds and where.
private final class EventInspector: GestureRecognizerDelegate {
    var seen: [[String]] = []
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        seen.append(event.allTouches.map { touch in
            let p = touch.location(in: nil)
            return "#\(touch.id.rawValue)@(\(Int(p.x)),\(Int(p.y))) \(touch.phase)"
        }.sorted())
        return true
    }
}

@Suite("Acceptance: porting gaps (shouldReceive event, §5.7 rule 4, the tracking margin)")
struct AcceptancePortingGapsTests {
    @Test("gestureRecognizer(_:shouldReceive:) for the event sees the event already holding the new touch")
    func shouldReceiveEventHoldsTheTouch() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let inspector = EventInspector()
        let tap = recordActions(TapGestureRecognizer(), "T", in: log)
        tap.delegate = inspector
        view.addGestureRecognizer(tap)
        fingers.down(0, (1, pt(100, 100)))
        #expect(inspector.seen == [["#1@(100,100) began"]])
        fingers.down(20, (2, pt(200, 300)))
        // Asked again for the event in which #2 begins: it holds #2 (and #1, still down).
        #expect(inspector.seen.last == ["#1@(100,100) stationary", "#2@(200,300) began"])
        withExtendedLifetime(inspector) {}
    }

    @Test("§5.7 rule 4: a finger landing on a multi-touch view after its pan has recognized never reaches the view")
    func laterTouchJoinsRecognizedGesture() {
        let (_, _, view, log, fingers) = acceptanceScene()
        view.isMultipleTouchEnabled = true
        let pan = recordActions(PanGestureRecognizer(), "P", in: log)
        view.addGestureRecognizer(pan)
        fingers.down(0, (1, pt(100, 400)))
        fingers.move(16, (1, pt(120, 400)))  // 20 pt: the pan begins and cancels #1 in V
        #expect(log.entries == ["V began #1", "V cancelled #1", "P began"])
        log.clear()
        fingers.down(32, (2, pt(200, 400)))  // lands on V while the pan is recognized
        fingers.move(48, (1, pt(130, 400)), (2, pt(210, 400)))
        #expect(pan.numberOfTouches == 2, "the new finger joins the pan")
        fingers.up(64, (1, pt(130, 400)), (2, pt(210, 400)))
        #expect(log.entries(of: "V").isEmpty, "V never hears of #2: \(log.entries)")
        #expect(log.entries.last == "P ended")
    }

    /// A control (100, 100, 200 × 60) whose tracked touch goes to `point`, then lifts there.
    func trackTo(_ point: Point) -> [String] {
        let (_, window, _, log, fingers) = acceptanceScene()
        let button = Control(frame: Rect(x: 100, y: 100, width: 200, height: 60))
        window.addSubview(button)
        for (event, label) in [(Control.Events.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
                                (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside")]
        {
            _ = button.addAction(for: event) { _ in log.entries.append(label) }
        }
        fingers.down(0, (1, pt(200, 130)))
        fingers.move(16, (1, point))
        fingers.up(32, (1, point))
        return log.entries
    }

    @Test("The tracking margin is 70 pt beyond every edge: just inside is inside, 70 pt past the far edges is out",
          arguments: [
              ("left", pt(30, 130), pt(29, 130)), ("right", pt(369, 130), pt(370, 130)),
              ("top", pt(200, 30), pt(200, 29)), ("bottom", pt(200, 229), pt(200, 230)),
          ])
    func trackingMarginOnEachEdge(edge: String, inside: Point, outside: Point) {
        #expect(trackTo(inside) == ["dragInside", "upInside"], "\(edge) edge, inside the margin")
        #expect(trackTo(outside) == ["dragOutside", "upOutside"], "\(edge) edge, outside the margin")
    }
}
