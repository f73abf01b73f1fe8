import Testing
@testable import Tactile

/// A recognizer that notes when it gets touches, and fails at the lift (so it is reset between sequences).
private final class OrderProbe: GestureRecognizer {
    var onBegan: () -> Void = {}
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { onBegan() }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { state = .failed }
}

@Suite("Recognizers get their touches deepest view first, also after the view tree changed")
struct RecognizerOrderTests {
    /// Two fingers in one frame, one on `V1` (under `P` > `Q`) and one on `V2` (under `S`): each recognizer sees
    /// only its own finger, and the two calls come deepest view first. Moving `S` (not `V2` itself) under two
    /// new containers makes `V2` the deeper one: the order follows at the next sequence, and again when the
    /// containers go away.
    @Test("A view's depth follows moves of its ancestors between sequences")
    func orderFollowsAncestorMoves() {
        let (app, window) = makeScreen()
        let p = View(name: "P", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let q = View(name: "Q", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let v1 = View(name: "V1", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        let s = View(name: "S", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        let v2 = View(name: "V2", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        window.addSubview(p)
        p.addSubview(q)
        q.addSubview(v1)
        window.addSubview(s)
        s.addSubview(v2)
        var order: [String] = []
        let r1 = OrderProbe()
        r1.onBegan = { order.append("R1") }
        let r2 = OrderProbe()
        r2.onBegan = { order.append("R2") }
        v1.addGestureRecognizer(r1)
        v2.addGestureRecognizer(r2)
        var serial: Int64 = 0
        func sequence() -> [String] {
            order = []
            serial += 100
            app.send(.at(serial, .down(1, 100, 100), .down(2, 300, 100)),
                     .at(serial + 10, .up(1, 100, 100), .up(2, 300, 100)))
            return order
        }

        #expect(sequence() == ["R1", "R2"])  // V1 at depth 3, V2 at depth 2
        #expect(sequence() == ["R1", "R2"])  // unchanged tree

        var t1: View? = View(name: "T1", frame: Rect(x: 200, y: 0, width: 200, height: 800))
        let t2 = View(name: "T2", frame: Rect(x: 0, y: 0, width: 200, height: 800))
        window.addSubview(t1!)
        t1!.addSubview(t2)
        s.frame = Rect(x: 0, y: 0, width: 200, height: 800)
        t2.addSubview(s)
        #expect(v2.superview === s)
        #expect(sequence() == ["R2", "R1"])  // V2 now at depth 4
        #expect(sequence() == ["R2", "R1"])

        // The containers go away: `T1` is removed and freed, `S` moves back to the window.
        t1!.removeFromSuperview()
        t1 = nil
        s.frame = Rect(x: 200, y: 0, width: 200, height: 800)
        window.addSubview(s)
        #expect(sequence() == ["R1", "R2"])
    }

    /// Two recognizers on one view go in the order added; removing and adding one again puts it last; moving
    /// one to a subview puts it first (deeper), and freeing that subview leaves the other alone.
    @Test("Order follows recognizers added, removed and moved between sequences")
    func orderFollowsRecognizerChanges() {
        let (app, window) = makeScreen()
        let outer = View(name: "O", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        var inner: View? = View(name: "I", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        window.addSubview(outer)
        var order: [String] = []
        let a = OrderProbe()
        a.onBegan = { order.append("A") }
        let b = OrderProbe()
        b.onBegan = { order.append("B") }
        outer.addGestureRecognizer(a)
        outer.addGestureRecognizer(b)
        var time: Int64 = 0
        func sequence() -> [String] {
            order = []
            time += 100
            app.send(.at(time, .down(1, 100, 100)), .at(time + 10, .up(1, 100, 100)))
            return order
        }

        #expect(sequence() == ["A", "B"])
        outer.removeGestureRecognizer(a)
        outer.addGestureRecognizer(a)
        #expect(sequence() == ["B", "A"])
        outer.addSubview(inner!)
        inner!.addGestureRecognizer(a)
        #expect(sequence() == ["A", "B"])
        inner!.addGestureRecognizer(b)
        outer.addGestureRecognizer(a)
        #expect(sequence() == ["B", "A"])
        inner!.removeFromSuperview()
        inner = nil  // freed with `b` on it: `b` has no view and gets no touches
        #expect(b.view == nil)
        #expect(sequence() == ["A"])
    }
}
