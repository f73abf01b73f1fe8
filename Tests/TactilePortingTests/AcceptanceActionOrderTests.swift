import Tactile
import Testing

// The order inside one commit, as app code observes it: spec §5.3 (the action is sent inside the dispatch, after
// the touch cancellation of §5.7, and observes the new state), §5.7 (touchesCancelled for the recognizer's
// touches), §5.11 rule 1 (then the recognizers it prevents fail). What the action does is seen by the decisions
// that follow it in the same dispatch.

@Suite("Acceptance: the order of a commit (cancel in views, action, exclusion)")
struct AcceptanceActionOrderTests {
    /// A view with a pan (added first) and a pinch; one finger lands and drags past the pan's threshold.
    private func panAndPinch() -> (view: RecordingView, log: AcceptanceLog, fingers: Fingers,
                                   pan: PanGestureRecognizer, pinch: PinchGestureRecognizer)
    {
        let (_, _, view, log, fingers) = acceptanceScene()
        let pan = recordActions(PanGestureRecognizer(), "pan", in: log)
        let pinch = recordActions(PinchGestureRecognizer(), "pinch", in: log)
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(pinch)
        return (view, log, fingers, pan, pinch)
    }

    @Test("The view's touchesCancelled comes before the action, and the action reads the new state")
    func cancelThenAction() {
        let (_, log, fingers, pan, _) = panAndPinch()
        var stateInAction: GestureRecognizer.State?
        _ = pan.addAction { recognizer in
            if stateInAction == nil { stateInAction = recognizer.state }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(160, 100)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "pan began"])
        #expect(stateInAction == .began)
    }

    @Test("In the winner's action, a recognizer it will prevent is still possible; it fails after the action")
    func exclusionAfterAction() {
        let (_, log, fingers, pan, pinch) = panAndPinch()
        var pinchStateInPanAction: GestureRecognizer.State?
        _ = pan.addAction { _ in
            if pinchStateInPanAction == nil { pinchStateInPanAction = pinch.state }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(160, 100)))
        #expect(pinchStateInPanAction == .possible)
        // The pinch failed in that dispatch: a second finger spreading later does not make it recognize.
        fingers.down(32, (2, pt(300, 300)))
        for step in 1...6 { fingers.move(32 + Double(step) * 16, (2, pt(300 + Double(step) * 30, 300 + Double(step) * 30))) }
        #expect(log.entries(of: "pinch").isEmpty)
    }

    @Test("What the action changes is seen by the exclusion that follows it: allowed together, the pinch recognizes")
    func actionChangesTheNextDecision() {
        let (_, log, fingers, pan, pinch) = panAndPinch()
        let delegate = ConfigurableDelegate()
        pan.delegate = delegate
        // Only once the pan began does its delegate allow the pinch beside it.
        _ = pan.addAction { recognizer in
            if recognizer.state == .began {
                delegate.simultaneous = { a, b in (a === pan && b === pinch) || (a === pinch && b === pan) }
            }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(160, 100)))
        #expect(log.entries(of: "pan") == ["pan began"])
        fingers.down(32, (2, pt(300, 300)))
        for step in 1...6 {
            let delta = Double(step) * 30
            fingers.move(32 + Double(step) * 16, (1, pt(160 - delta, 100 - delta / 2)), (2, pt(300 + delta, 300 + delta)))
        }
        #expect(log.entries(of: "pinch").first == "pinch began")
    }

    @Test("Without that change the pan's commit excludes the pinch (the same input)")
    func exclusionWithoutChange() {
        let (_, log, fingers, _, _) = panAndPinch()
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(160, 100)))
        fingers.down(32, (2, pt(300, 300)))
        for step in 1...6 {
            let delta = Double(step) * 30
            fingers.move(32 + Double(step) * 16, (1, pt(160 - delta, 100 - delta / 2)), (2, pt(300 + delta, 300 + delta)))
        }
        #expect(log.entries(of: "pinch").isEmpty)
        #expect(log.entries(of: "pan").first == "pan began")
    }

    @Test("A request made in an action is settled in the same dispatch: disabling the pan in its began action cancels it")
    func requestFromAction() {
        let (_, log, fingers, pan, _) = panAndPinch()
        _ = pan.addAction { recognizer in
            if recognizer.state == .began { recognizer.isEnabled = false }
        }
        fingers.down(0, (1, pt(100, 100)))
        fingers.move(16, (1, pt(160, 100)))
        #expect(log.entries == ["V began #1", "V cancelled #1", "pan began", "pan cancelled"])
        // The finger's later moves reach neither the cancelled pan nor the view that had the touch cancelled.
        fingers.move(32, (1, pt(200, 100)))
        fingers.up(48, (1, pt(200, 100)))
        #expect(log.entries.count == 4)
    }
}
