import TactileTesting
import TactileUIKit
import Testing

// UIKit app code that hops to the main actor, as apps write it, compiled with only `import UIKit` changed to
// `import TactileUIKit`. This target is in Swift 5 language mode without default isolation (most app code
// today); TactileUIKitPortingTests compiles the same file in Swift 6 mode with main-actor default isolation (new
// Xcode app targets). Both compile it with no diagnostic, as iOS does: the views are `@MainActor`.

/// A counter that updates itself later on the main queue and in a main-actor task, as UIKit code does after a
/// network reply or an animation.
final class DeferredCounterView: UIView {
    private(set) var count = 0
    private(set) var lastCenter: CGPoint = .zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        DispatchQueue.main.async {
            self.count += 1
            self.center = CGPoint(x: self.center.x + 1, y: self.center.y)
        }
        DispatchQueue.main.asyncAfter(deadline: .now()) { [weak self] in
            self?.count += 10
        }
        Task { @MainActor in
            self.count += 100
            self.lastCenter = self.center
        }
    }
}

/// A subclass the app marks `@MainActor` itself, overriding a touch method.
@MainActor
final class MarkedView: UIView {
    private(set) var began = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        began += touches.count
        super.touchesBegan(touches, with: event)
    }
}

/// A synchronous helper that builds views, with no isolation written on it. (It cannot build `MarkedView`: the
/// app marked that class `@MainActor` itself, without `@preconcurrency`, so a nonisolated caller is an error in
/// both modes, as on iOS.)
func makeHopScene() -> (UIApplication, UIWindow, DeferredCounterView) {
    let application = UIApplication(configuration: .init())
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    application.addWindow(window)
    let counter = DeferredCounterView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
    window.addSubview(counter)
    return (application, window, counter)
}

/// Waits until the main queue has run what was queued before this call (blocks and main-actor jobs share it).
@MainActor
func drainMainQueue() async {
    for _ in 0..<3 {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }
}

@Suite("UIKit code that hops to the main actor compiles as written and runs there")
@MainActor
struct MainActorHopTests {
    @Test("A touch's deferred updates run later on the main actor: main.async, asyncAfter and a main-actor task")
    func deferredUpdatesRun() async {
        let (application, _, counter) = makeHopScene()
        let fingers = TouchSequence(application)
        fingers.down(0, (1, CGPoint(x: 50, y: 50)))
        #expect(counter.count == 0, "nothing runs inside the touch method's call")
        await drainMainQueue()
        #expect(counter.count == 111)
        #expect(counter.center.x == 101)
        fingers.up(50, (1, CGPoint(x: 50, y: 50)))
    }

    @Test("An app's @MainActor subclass gets its touches; the other view's are its own")
    func markedSubclassGetsTouches() {
        let (application, window, counter) = makeHopScene()
        let marked = MarkedView(frame: CGRect(x: 200, y: 0, width: 200, height: 400))
        window.addSubview(marked)
        let fingers = TouchSequence(application)
        fingers.down(0, (1, CGPoint(x: 300, y: 50)))
        fingers.up(50, (1, CGPoint(x: 300, y: 50)))
        fingers.down(100, (2, CGPoint(x: 350, y: 60)))
        fingers.up(150, (2, CGPoint(x: 350, y: 60)))
        #expect(marked.began == 2)
        #expect(counter.count == 0)
    }
}
