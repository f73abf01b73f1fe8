@testable import Tactile
import Testing

/// A delegate that calls back into the runtime from inside the question it is asked: it adds a failure
/// requirement to the recognizer it is asked about (legal when the runtime asks between its accesses).
private final class ReenteringDelegate: GestureRecognizerDelegate {
    let other = TapGestureRecognizer()
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.require(toFail: other)
        return true
    }
}

@Suite("UncheckedCell's safety argument, checked")
struct UncheckedCellTests {
    #if DEBUG
    @Test("Debug builds stop a planted re-entrant write: runtime code that calls user code mid-write, which writes back")
    func plantedReentrantWriteIsCaught() async {
        await #expect(processExitsWith: .failure) {
            // An exit test's body is nonisolated: the UI objects it makes are used on the main actor.
            await MainActor.run {
                let recognizer = TapGestureRecognizer()
                let delegate = ReenteringDelegate()
                recognizer.delegate = delegate
                recognizer.require(toFail: TapGestureRecognizer())
                // The plant: a mutation of the recognizer's record (its failure requirements, in place) whose body
                // asks the delegate — user code — which calls back into the runtime and writes the same record.
                recognizer.storage.value.failureRequirements.removeAll { _ in
                    !(recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true)
                }
            }
        }
    }

    @Test("Debug builds stop a read of a record that is being written, too")
    func plantedReentrantReadIsCaught() async {
        await #expect(processExitsWith: .failure) {
            // An exit test's body is nonisolated: the UI objects it makes are used on the main actor.
            await MainActor.run {
                let recognizer = TapGestureRecognizer()
                recognizer.require(toFail: TapGestureRecognizer())
                recognizer.storage.value.failureRequirements.removeAll { _ in recognizer.name == "never" }
            }
        }
    }
    #endif

    @Test("The same calls made one after the other, as the runtime makes them, are accesses that do not overlap")
    func sequentialAccessesPass() {
        let recognizer = TapGestureRecognizer()
        let delegate = ReenteringDelegate()
        recognizer.delegate = delegate
        let asked = recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? false
        recognizer.storage.value.failureRequirements.removeAll { $0.recognizer == nil }
        #expect(asked)
        #expect(recognizer.storage.value.failureRequirements.count == 1)
    }

    @Test("After every input the records' invariants hold, and a broken record is named")
    func invariantsHoldAndABrokenRecordIsNamed() {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        application.addWindow(window)
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        window.addGestureRecognizer(pan)
        application.send(.at(0, .down(1, 100, 100)), .at(10, .move(1, 130, 100)))
        #expect(pan.state == .began)
        #expect(application.dispatcher.invariantViolation() == nil)
        // Break a record on purpose: the pan claims to be queued while the arena's queue does not list it.
        pan.record.isQueued = true
        #expect(application.dispatcher.invariantViolation() == "pan says isQueued true, the queue disagrees")
        pan.record.isQueued = false
        application.send(.at(20, .up(1, 130, 100)))
        #expect(application.dispatcher.invariantViolation() == nil)
    }
}
