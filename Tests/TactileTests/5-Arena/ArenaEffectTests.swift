import Testing

@testable import Tactile

/// The arena returns effects and the dispatcher performs them (ARCHITECTURE.md, house style 2): the arena's
/// deciding code never sends an action or calls a view itself, and debug builds check it.
@Suite("Arena effects")
struct ArenaEffectTests {
    @Test("The buffer keeps each responder call's touches by range, in order, and drops a call with none")
    func bufferRanges() {
        let (application, window, view) = makeSinkScreen(multipleTouch: true)
        application.send(.at(0, .down(1, 10, 10), .down(2, 20, 20)))
        let touches = application.dispatcher.event.storage.value.touchList
        #expect(touches.count == 2)
        var effects = ArenaEffects(capacity: 4)
        var start = effects.nextTouchIndex
        effects.appendTouch(touches[0], presentation: .asWhenDown)
        effects.appendTouch(touches[1])
        effects.appendDelivery(.began, to: view, from: start)
        effects.appendDelivery(.moved, to: view, from: effects.nextTouchIndex)  // no touch: no call
        start = effects.nextTouchIndex
        effects.appendTouch(touches[1])
        effects.appendDelivery(.cancelled, to: window, from: start)
        #expect(effects.list.count == 2)
        guard case .deliver(.began, let first, let firstRange) = effects.list[0],
            case .deliver(.cancelled, let second, let secondRange) = effects.list[1]
        else {
            Issue.record("expected two responder calls, got \(effects.list)")
            return
        }
        #expect(first.object === view && second.object === window)
        #expect(effects.touches[firstRange].map(\.touch.object) == [touches[0], touches[1]])
        #expect(effects.touches[firstRange].map(\.presentation) == [.asWhenDown, .current])
        #expect(effects.touches[secondRange].map(\.touch.object) == [touches[1]])
        effects.removeAll()
        #expect(effects.isEmpty && effects.touches.isEmpty)
    }

    @Test("Between inputs, every effect was performed and step 4 is not half way")
    func nothingLeftBetweenInputs() {
        let (application, _, view) = makeSinkScreen()
        let pan = PanGestureRecognizer()
        var actions = 0
        _ = pan.addAction { _ in actions += 1 }
        view.addGestureRecognizer(pan)
        application.send(.at(0, .down(1, 100, 100)), .at(10, .move(1, 160, 100)), .at(20, .move(1, 200, 100)))
        #expect(actions == 2)
        #expect(application.dispatcher.invariantViolation() == nil)
        #expect(application.dispatcher.arena.storage.value.resolution.progress.isIdle)
        #expect(application.dispatcher.storage.value.performing.isIdle)
    }

    #if DEBUG
    @Test("Debug builds stop an action sent while the arena decides (a planted direct call)")
    func plantedDirectActionIsCaught() async {
        await #expect(processExitsWith: .failure) {
            // An exit test's body is nonisolated: the UI objects it makes are used on the main actor.
            await MainActor.run {
                let (application, window) = makeScreen()
                let pan = PanGestureRecognizer()
                window.addGestureRecognizer(pan)
                application.send(.at(0, .down(1, 100, 100)), .at(10, .move(1, 160, 100)))
                application.dispatcher.arena.storage.value.resolution.isDeciding = true
                pan.sendActions()
            }
        }
    }
    #endif
}
