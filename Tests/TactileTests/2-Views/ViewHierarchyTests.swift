import Testing
@testable import Tactile

/// A shared list of hook calls, in order.
final class HookLog {
    var entries: [String] = []
}

/// A view that records every hook into a ``HookLog``.
final class RecordingView: View {
    let log: HookLog

    init(_ name: String, log: HookLog) {
        self.log = log
        super.init(frame: .zero)
        self.name = name
    }

    override func willMove(toSuperview newSuperview: View?) {
        log.entries.append("\(logName).willMove(toSuperview: \(newSuperview?.logName ?? "nil"))")
    }
    override func didMoveToSuperview() {
        log.entries.append("\(logName).didMoveToSuperview(\(superview?.logName ?? "nil"))")
    }
    override func willMove(toWindow newWindow: Window?) {
        log.entries.append("\(logName).willMove(toWindow: \(newWindow?.logName ?? "nil"))")
    }
    override func didMoveToWindow() {
        log.entries.append("\(logName).didMoveToWindow(\(window?.logName ?? "nil"))")
    }
    override func didAddSubview(_ subview: View) {
        log.entries.append("\(logName).didAddSubview(\(subview.logName))")
    }
    override func willRemoveSubview(_ subview: View) {
        // The subview must still be there.
        let present = subviews.contains { $0 === subview }
        log.entries.append("\(logName).willRemoveSubview(\(subview.logName))\(present ? "" : " MISSING")")
    }
}

/// A window that records its hooks, to check that a window being moved keeps its window.
final class RecordingWindow: Window {
    var log: HookLog?

    override func willMove(toWindow newWindow: Window?) { log?.entries.append("\(logName).willMove(toWindow:)") }
    override func didMoveToWindow() { log?.entries.append("\(logName).didMoveToWindow") }
    override func willMove(toSuperview newSuperview: View?) {
        log?.entries.append("\(logName).willMove(toSuperview: \(newSuperview?.logName ?? "nil"))")
    }
}

@Suite struct ViewHierarchyTests {
    @Test("Adding a subtree to a view in a window runs superview hooks around pre-order window hooks")
    func addIntoWindow() {
        let log = HookLog()
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let parent = RecordingView("P", log: log)
        window.addSubview(parent)
        let v = RecordingView("V", log: log), a = RecordingView("A", log: log), b = RecordingView("B", log: log)
        let a1 = RecordingView("A1", log: log)
        v.addSubview(a); a.addSubview(a1); v.addSubview(b)
        log.entries.removeAll()

        parent.addSubview(v)
        #expect(log.entries == [
            "V.willMove(toSuperview: P)",
            "V.willMove(toWindow: W)", "A.willMove(toWindow: W)", "A1.willMove(toWindow: W)", "B.willMove(toWindow: W)",
            "V.didMoveToWindow(W)", "A.didMoveToWindow(W)", "A1.didMoveToWindow(W)", "B.didMoveToWindow(W)",
            "V.didMoveToSuperview(P)",
            "P.didAddSubview(V)",
        ])
    }

    @Test("Adding a view outside any window runs no window hooks")
    func addOutsideWindow() {
        let log = HookLog()
        let p = RecordingView("P", log: log), v = RecordingView("V", log: log)
        p.addSubview(v)
        #expect(log.entries == ["V.willMove(toSuperview: P)", "V.didMoveToSuperview(P)", "P.didAddSubview(V)"])
    }

    @Test("Removing a view from a window: willRemoveSubview, will-superview, will-window, did-window, did-superview")
    func removeFromWindow() {
        let log = HookLog()
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let p = RecordingView("P", log: log), v = RecordingView("V", log: log), c = RecordingView("C", log: log)
        window.addSubview(p); p.addSubview(v); v.addSubview(c)
        log.entries.removeAll()

        v.removeFromSuperview()
        #expect(log.entries == [
            "P.willRemoveSubview(V)",
            "V.willMove(toSuperview: nil)",
            "V.willMove(toWindow: nil)", "C.willMove(toWindow: nil)",
            "V.didMoveToWindow(nil)", "C.didMoveToWindow(nil)",
            "V.didMoveToSuperview(nil)",
        ])
        #expect(v.window == nil && c.window == nil)
    }

    @Test("Moving a view between superviews of one window runs no window hooks")
    func moveWithinWindow() {
        let log = HookLog()
        let window = Window(name: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let p = RecordingView("P", log: log), q = RecordingView("Q", log: log), v = RecordingView("V", log: log)
        window.addSubview(p); window.addSubview(q); p.addSubview(v)
        log.entries.removeAll()

        q.addSubview(v)
        #expect(log.entries == [
            "P.willRemoveSubview(V)", "V.willMove(toSuperview: Q)", "V.didMoveToSuperview(Q)", "Q.didAddSubview(V)",
        ])
    }

    @Test("Moving a view between windows tells it and its subtree about the new window")
    func moveBetweenWindows() {
        let log = HookLog()
        let w1 = Window(name: "W1", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let w2 = Window(name: "W2", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = RecordingView("V", log: log), c = RecordingView("C", log: log)
        w1.addSubview(v); v.addSubview(c)
        log.entries.removeAll()

        w2.addSubview(v)
        #expect(log.entries == [
            "V.willMove(toSuperview: W2)", "V.willMove(toWindow: W2)", "C.willMove(toWindow: W2)",
            "V.didMoveToWindow(W2)", "C.didMoveToWindow(W2)", "V.didMoveToSuperview(W2)",
        ])
        #expect(w1.subviews.isEmpty && c.window === w2)
    }

    @Test("Reordering subviews runs no hooks")
    func reorderRunsNoHooks() {
        let log = HookLog()
        let p = RecordingView("P", log: log), a = RecordingView("A", log: log), b = RecordingView("B", log: log)
        p.addSubview(a); p.addSubview(b)
        log.entries.removeAll()

        p.addSubview(a)
        p.insertSubview(a, at: 0)
        p.insertSubview(a, aboveSubview: b)
        p.insertSubview(a, belowSubview: b)
        p.exchangeSubview(at: 0, withSubviewAt: 1)
        p.bringSubviewToFront(a)
        p.sendSubviewToBack(a)
        #expect(log.entries.isEmpty)
        #expect(names(p.subviews) == ["A", "B"])
    }

    @Test("Removing a view that has no superview runs no hooks")
    func removeOrphan() {
        let log = HookLog()
        RecordingView("V", log: log).removeFromSuperview()
        #expect(log.entries.isEmpty)
    }

    @Test("A window moved into another view keeps itself as its window, and its subtree gets no window hooks")
    func nestedWindowKeepsItsWindow() {
        let log = HookLog()
        let outer = Window(name: "Outer", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = RecordingWindow(name: "Inner", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        inner.log = log
        let content = RecordingView("C", log: log)
        inner.addSubview(content)
        log.entries.removeAll()

        outer.addSubview(inner)
        #expect(log.entries == ["Inner.willMove(toSuperview: Outer)"])
        #expect(content.window === inner)

        // A view holding a nested window: the view's own subtree moves, the nested window's does not.
        let log2 = HookLog()
        let holder = RecordingView("H", log: log2)
        let innerContent = RecordingView("IC", log: log2)
        let nested = Window(name: "N", frame: .zero)
        holder.addSubview(nested); nested.addSubview(innerContent)
        log2.entries.removeAll()
        outer.addSubview(holder)
        #expect(log2.entries == [
            "H.willMove(toSuperview: Outer)", "H.willMove(toWindow: Outer)", "H.didMoveToWindow(Outer)",
            "H.didMoveToSuperview(Outer)",
        ])
    }
}
