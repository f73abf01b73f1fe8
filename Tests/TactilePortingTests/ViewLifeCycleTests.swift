import Tactile
import Testing

// Issue 37, "The view life cycle real code overrides" (View Programming Guide): the layout cycle coalesced before
// input, autoresizing, sizeToFit, display invalidation and draw(_:), the members UIKit lets subclasses override,
// views equal by identity, and UIControl's editing events. Written as UIKit subclasses are written.

/// A view that counts its layout passes and draws, and records the order of layouts in `journal`.
final class CountingView: View {
    var layouts = 0
    var draws: [Rect] = []
    var journal: Journal?
    var onLayout: (() -> Void)?
    var fitting = Size(width: 120, height: 44)

    final class Journal { var entries: [String] = [] }

    override func layoutSubviews() {
        layouts += 1
        journal?.entries.append(name ?? "?")
        onLayout?()
    }

    override func draw(_ rect: Rect) { draws.append(rect) }

    override func sizeThatFits(_ size: Size) -> Size { fitting }
}

func lifeCycleScene() -> (Application, Window, Fingers) {
    let application = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    application.addWindow(window)
    return (application, window, Fingers(application))
}

@Suite("The view life cycle real code overrides (issue 37)")
struct ViewLifeCycleTests {
    // MARK: Layout

    @Test("setNeedsLayout is coalesced: layoutSubviews runs once before the next input, not before, not twice")
    func layoutCoalesced() {
        let (_, window, fingers) = lifeCycleScene()
        let view = CountingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        #expect(view.layouts == 0 && view.needsLayout)
        fingers.down(0, (1, Point(x: 10, y: 10)))
        #expect(view.layouts == 1, "a new view is laid out before its first input")
        view.setNeedsLayout()
        view.setNeedsLayout()
        view.setNeedsLayout()
        #expect(view.layouts == 1 && view.needsLayout, "nothing runs until the next input")
        fingers.move(16, (1, Point(x: 12, y: 10)))
        #expect(view.layouts == 2 && !view.needsLayout, "three marks, one layout")
        fingers.up(32, (1, Point(x: 12, y: 10)))
        #expect(view.layouts == 2, "no mark, no layout")
        fingers.wait(until: 100)
        #expect(view.layouts == 2)
        view.setNeedsLayout()
        fingers.wait(until: 200)  // a timer or advance is an input too
        #expect(view.layouts == 3)
    }

    @Test("A mark reaching a window by any path is laid out before the next input: a window added late, a tree added")
    func layoutReachesEveryWindow() {
        let (application, window, fingers) = lifeCycleScene()
        fingers.wait(until: 10)  // the application's first pass: nothing is marked afterwards
        // A window built and marked while it was not shown, added once the application has laid out.
        let second = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let late = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        second.addSubview(late)
        application.addWindow(second)
        #expect(late.layouts == 0)
        fingers.wait(until: 20)
        #expect(late.layouts == 1, "a window added after a pass is laid out before the next input")
        // A detached tree, marked before it joins, attached to the first window.
        let branch = CountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let leaf = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        branch.addSubview(leaf)
        fingers.wait(until: 30)
        #expect(branch.layouts == 0 && leaf.layouts == 0, "not in a window: not laid out")
        window.addSubview(branch)
        fingers.wait(until: 40)
        #expect(branch.layouts == 1 && leaf.layouts == 1)
        // A mark in the second window alone, with the first one clean.
        late.setNeedsLayout()
        fingers.wait(until: 50)
        #expect(late.layouts == 2 && branch.layouts == 1)
        // No mark: nothing, in either window.
        fingers.wait(until: 60)
        #expect(late.layouts == 2 && branch.layouts == 1 && leaf.layouts == 1)
    }

    @Test("A view that a layout marks after the pass went by it is laid out by the next input at the latest, once")
    func markDuringLayout() {
        let (_, window, fingers) = lifeCycleScene()
        let first = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = CountingView(frame: Rect(x: 0, y: 100, width: 100, height: 100))
        window.addSubview(first)
        window.addSubview(second)
        fingers.wait(until: 10)
        #expect(first.layouts == 1 && second.layouts == 1)
        // The second view's layout marks the first, which this pass has already passed.
        second.onLayout = { [unowned first] in first.setNeedsLayout() }
        second.setNeedsLayout()
        fingers.wait(until: 20)
        #expect(second.layouts == 2)
        second.onLayout = nil
        fingers.wait(until: 30)
        #expect(first.layouts == 2 && second.layouts == 2, "a mark made in a pass is laid out once, by the next input")
        fingers.wait(until: 40)
        #expect(first.layouts == 2 && second.layouts == 2)
    }

    @Test("layoutIfNeeded lays out at once, only when marked; parents before subviews, in one pass")
    func layoutIfNeeded() {
        let (_, window, _) = lifeCycleScene()
        let journal = CountingView.Journal()
        let parent = CountingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let child = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let late = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        parent.name = "parent"; child.name = "child"; late.name = "late"
        for v in [parent, child, late] { v.journal = journal }
        window.addSubview(parent)
        parent.addSubview(child)
        child.addSubview(late)
        window.layoutIfNeeded()
        #expect(journal.entries == ["parent", "child", "late"])
        window.layoutIfNeeded()
        #expect(journal.entries.count == 3, "nothing marked: nothing runs")
        // A parent that marks its subview during its own layout: the subview is laid out in the same pass.
        parent.onLayout = { late.setNeedsLayout() }
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(journal.entries == ["parent", "child", "late", "parent", "late"])
        #expect(child.layouts == 1)
    }

    @Test("A bounds size change marks the view; an origin change does not, except a scroll view's scrolling")
    func boundsMarks() {
        let (_, window, _) = lifeCycleScene()
        let view = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        window.layoutIfNeeded()
        view.bounds.origin = Point(x: 5, y: 5)
        #expect(!view.needsLayout)
        view.frame.size = Size(width: 101, height: 100)
        #expect(view.needsLayout)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        scroll.contentSize = Size(width: 400, height: 2000)
        window.addSubview(scroll)
        window.layoutIfNeeded()
        scroll.contentOffset = Point(x: 0, y: 30)
        #expect(scroll.needsLayout)
    }

    @Test("Autoresizing: flexible width follows the superview; flexible margins share the change; fixed stays")
    func autoresizing() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let wide = View(frame: Rect(x: 20, y: 10, width: 360, height: 50))
        wide.autoresizingMask = .flexibleWidth
        let centered = View(frame: Rect(x: 100, y: 100, width: 200, height: 50))
        centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let fixed = View(frame: Rect(x: 30, y: 200, width: 50, height: 50))
        let tall = View(frame: Rect(x: 0, y: 0, width: 10, height: 100))
        tall.autoresizingMask = [.flexibleHeight, .flexibleBottomMargin]
        for v in [wide, centered, fixed, tall] { parent.addSubview(v) }
        parent.frame = Rect(x: 0, y: 0, width: 600, height: 500)
        #expect(wide.frame == Rect(x: 20, y: 10, width: 560, height: 50))
        #expect(centered.frame == Rect(x: 200, y: 100, width: 200, height: 50))
        #expect(fixed.frame == Rect(x: 30, y: 200, width: 50, height: 50))
        // Height 100 and bottom margin 200 share +200 in proportion: +66.7 and +133.3.
        #expect(abs(tall.frame.height - (100 + 200.0 / 3)) < 1e-9 && tall.frame.minY == 0)
        parent.autoresizesSubviews = false
        parent.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        #expect(wide.frame.width == 560, "autoresizesSubviews off: untouched")
    }

    @Test("Autoresizing with zero-length flexible parts shares the change equally")
    func autoresizingZeroParts() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        parent.addSubview(child)
        parent.frame.size = Size(width: 200, height: 100)
        #expect(child.frame == Rect(x: 50, y: 0, width: 100, height: 100))
    }

    @Test("sizeToFit takes sizeThatFits of the bounds size and keeps the frame's origin")
    func sizeToFit() {
        let view = CountingView(frame: Rect(x: 30, y: 40, width: 10, height: 10))
        view.sizeToFit()
        #expect(view.frame == Rect(x: 30, y: 40, width: 120, height: 44))
        #expect(View(frame: Rect(x: 0, y: 0, width: 7, height: 9)).sizeThatFits(Size(width: 100, height: 100))
            == Size(width: 7, height: 9))
    }

    // MARK: Display

    @Test("setNeedsDisplay marks dirty; the pass draws each dirty visible view once with the union, back to front")
    func display() {
        let (_, window, _) = lifeCycleScene()
        let back = CountingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let front = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let hidden = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        hidden.isHidden = true
        window.addSubview(back)
        window.addSubview(front)
        window.addSubview(hidden)
        // The first pass draws every visible view whole (as UIKit draws a view when it first shows).
        let first = window.displayIfNeeded()
        #expect(first.map { ObjectIdentifier($0.view) }.contains(ObjectIdentifier(front)))
        #expect(back.draws == [Rect(x: 0, y: 0, width: 400, height: 400)] && hidden.draws.isEmpty)
        #expect(window.displayIfNeeded().isEmpty, "nothing dirty: nothing drawn")
        back.setNeedsDisplay(Rect(x: 10, y: 10, width: 20, height: 20))
        back.setNeedsDisplay(Rect(x: 50, y: 40, width: 10, height: 10))
        front.setNeedsDisplay()
        front.setNeedsDisplay(Rect(x: 0, y: 0, width: 0, height: 10))  // empty: no mark
        #expect(back.dirtyRect == Rect(x: 10, y: 10, width: 50, height: 40))
        let drawn = window.displayIfNeeded()
        #expect(drawn.map { $0.view } == [back, front], "back to front, once each")
        #expect(back.draws.last == Rect(x: 10, y: 10, width: 50, height: 40))
        #expect(front.draws.count == 2 && back.dirtyRect == nil)
        hidden.setNeedsDisplay()
        #expect(window.displayIfNeeded().isEmpty, "a hidden view keeps its mark")
        hidden.isHidden = false
        #expect(window.displayIfNeeded().map { $0.view } == [hidden])
    }

    // MARK: Overrides, identity, events

    @Test("Subclasses override frame, center, bounds, removeFromSuperview and a control's isHighlighted as in UIKit")
    func overrides() {
        final class Observing: Control {
            var frames: [Rect] = []
            var highlights: [Bool] = []
            var removed = 0
            override var frame: Rect { didSet { frames.append(frame) } }
            override var isHighlighted: Bool { didSet { highlights.append(isHighlighted) } }
            override func removeFromSuperview() {
                removed += 1
                super.removeFromSuperview()
            }
        }
        let (_, window, fingers) = lifeCycleScene()
        let control = Observing(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        control.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        #expect(control.frames.last == Rect(x: 10, y: 10, width: 100, height: 100))
        fingers.down(0, (1, Point(x: 50, y: 50)))
        fingers.up(50, (1, Point(x: 50, y: 50)))
        #expect(control.highlights == [true, false])
        control.removeFromSuperview()
        #expect(control.removed == 1 && control.superview == nil)
    }

    @Test("A view written for Interface Builder compiles: required init?(coder:) calling super, or fatalError")
    func initCoder() throws {
        /// Stands for `NSCoder` (the UIKit-spelled face brings Foundation's).
        final class Archive {}
        final class Designed: View {
            var configured = false
            override init(frame: Rect) {
                super.init(frame: frame)
                configured = true
            }
            required init?(coder: Archive) {
                super.init(coder: coder)
                configured = true
            }
        }
        final class CodeOnly: Control {
            override init(frame: Rect) { super.init(frame: frame) }
            required init?(coder: Archive) { fatalError("init(coder:) has not been implemented") }
        }
        let designed = try #require(Designed(coder: Archive()))
        #expect(designed.configured && designed.frame == .zero)
        #expect(CodeOnly(frame: Rect(x: 0, y: 0, width: 10, height: 10)).bounds.width == 10)
    }

    @Test("Views are equal when identical and hash by identity, as NSObjects")
    func identity() {
        let a = View(), b = View()
        #expect(a == a && a != b)
        let set: Set<View> = [a, b, a]
        #expect(set.count == 2)
        var names: [View: String] = [a: "a"]
        names[b] = "b"
        #expect(names[a] == "a" && names[b] == "b")
        let touchView: View? = a
        #expect(touchView == a)
    }

    @Test("Control.Events has UIKit's editing events and bits; a target for one hears only it")
    func editingEvents() {
        #expect(Control.Events.editingDidBegin.rawValue == 1 << 16)
        #expect(Control.Events.editingChanged.rawValue == 1 << 17)
        #expect(Control.Events.editingDidEnd.rawValue == 1 << 18)
        #expect(Control.Events.editingDidEndOnExit.rawValue == 1 << 19)
        #expect(Control.Events.allEditingEvents == [.editingDidBegin, .editingChanged, .editingDidEnd,
                                                    .editingDidEndOnExit])
        #expect(Control.Events.allEditingEvents.isDisjoint(with: .allTouchEvents))
        #expect(Control.Events.allEditingEvents.elements.map { "\($0)" }.count == 4)
        let field = Control()
        var heard: [String] = []
        field.addAction(for: .editingChanged) { _ in heard.append("changed") }
        field.addAction(for: .valueChanged) { _ in heard.append("value") }
        field.sendActions(for: .editingChanged)
        #expect(heard == ["changed"])
    }
}
