import Testing
import Tactile

// The layout cycle as UIKit runs it (issue 37): adding and removing subviews mark the views UIKit marks (CALayer's
// setNeedsLayout: "when sublayers are added or removed"), and layoutIfNeeded lays out from the highest marked
// ancestor of an unbroken chain (CALayer's layoutIfNeeded: "the layer's super layers are traversed until an
// ancestor layer is found that does not require layout"). Counts are exact: one layout too many or too few fails.

/// A view that appends its name to a shared journal each time its `layoutSubviews` runs.
private final class LayoutJournalView: View {
    final class Journal { var names: [String] = [] }
    let journal: Journal

    init(_ name: String, _ journal: Journal) {
        self.journal = journal
        super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        self.name = name
    }

    override func layoutSubviews() { journal.names.append(name ?? "?") }
}

/// A window holding grand → parent → (child, sibling), all laid out once and the journal emptied.
private func laidOutTree() -> (
    window: Window, grand: LayoutJournalView, parent: LayoutJournalView, child: LayoutJournalView,
    sibling: LayoutJournalView, journal: LayoutJournalView.Journal
) {
    let journal = LayoutJournalView.Journal()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let grand = LayoutJournalView("grand", journal)
    let parent = LayoutJournalView("parent", journal)
    let child = LayoutJournalView("child", journal)
    let sibling = LayoutJournalView("sibling", journal)
    window.addSubview(grand)
    grand.addSubview(parent)
    parent.addSubview(child)
    parent.addSubview(sibling)
    window.layoutIfNeeded()
    journal.names.removeAll()
    return (window, grand, parent, child, sibling, journal)
}

@Suite("The layout cycle as UIKit runs it: marks from the hierarchy, layoutIfNeeded from marked ancestors")
struct LayoutCycleTests {
    @Test("A new tree lays out each view once, parents first; a second pass lays out nothing")
    func firstPass() {
        let journal = LayoutJournalView.Journal()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let grand = LayoutJournalView("grand", journal)
        let parent = LayoutJournalView("parent", journal)
        window.addSubview(grand)
        grand.addSubview(parent)
        window.layoutIfNeeded()
        #expect(journal.names == ["grand", "parent"])
        window.layoutIfNeeded()
        #expect(journal.names == ["grand", "parent"])
    }

    @Test("addSubview marks the superview and the added view, nothing else")
    func addMarks() {
        let (window, grand, parent, child, sibling, journal) = laidOutTree()
        let added = LayoutJournalView("added", journal)
        #expect(!parent.needsLayout)
        child.addSubview(added)
        #expect(child.needsLayout && added.needsLayout)
        #expect(!parent.needsLayout && !grand.needsLayout && !sibling.needsLayout)
        window.layoutIfNeeded()
        #expect(journal.names == ["child", "added"])
    }

    @Test("insertSubview (at, above, below) marks the superview and the inserted view")
    func insertMarks() {
        let (window, _, parent, child, sibling, journal) = laidOutTree()
        parent.insertSubview(LayoutJournalView("a", journal), at: 0)
        window.layoutIfNeeded()
        #expect(journal.names == ["parent", "a"])
        journal.names.removeAll()
        parent.insertSubview(LayoutJournalView("b", journal), aboveSubview: child)
        parent.insertSubview(LayoutJournalView("c", journal), belowSubview: sibling)
        window.layoutIfNeeded()
        #expect(journal.names.sorted() == ["b", "c", "parent"], "the parent once for both inserts: \(journal.names)")
        #expect(journal.names.first == "parent")
    }

    @Test("removeFromSuperview marks the superview it leaves, not the removed view")
    func removeMarks() {
        let (window, grand, parent, child, _, journal) = laidOutTree()
        child.removeFromSuperview()
        #expect(parent.needsLayout)
        #expect(!child.needsLayout && !grand.needsLayout)
        window.layoutIfNeeded()
        #expect(journal.names == ["parent"])
    }

    @Test("Moving a view to another superview marks both superviews and the view")
    func moveMarks() {
        let (window, grand, parent, child, _, journal) = laidOutTree()
        grand.addSubview(child)
        window.layoutIfNeeded()
        #expect(journal.names == ["grand", "parent", "child"])
        #expect(parent.subviews.count == 1)
    }

    @Test("Reordering among the same superview's subviews is no add or remove: nothing is marked")
    func reorderDoesNotMark() {
        let (window, _, parent, child, _, journal) = laidOutTree()
        parent.bringSubviewToFront(child)
        #expect(!parent.needsLayout && !child.needsLayout)
        window.layoutIfNeeded()
        #expect(journal.names.isEmpty)
    }

    @Test("layoutIfNeeded lays out the marked parent first, then the receiver; the unmarked grandparent not")
    func markedParentFirst() {
        let (_, grand, parent, child, _, journal) = laidOutTree()
        parent.setNeedsLayout()
        child.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(journal.names == ["parent", "child"])
        #expect(!parent.needsLayout && !child.needsLayout && !grand.needsLayout)
    }

    @Test("A receiver that is not marked still lays out its marked parent (the walk starts at the superview)")
    func unmarkedReceiverMarkedParent() {
        let (_, _, parent, child, _, journal) = laidOutTree()
        parent.setNeedsLayout()
        #expect(!child.needsLayout)
        child.layoutIfNeeded()
        #expect(journal.names == ["parent"])
    }

    @Test("The whole subtree beneath the highest marked ancestor is laid out: a marked sibling too")
    func siblingUnderMarkedAncestor() {
        let (_, _, parent, child, sibling, journal) = laidOutTree()
        parent.setNeedsLayout()
        sibling.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(journal.names == ["parent", "sibling"])
    }

    @Test("With the parent unmarked, only the receiver's subtree: its marked sibling waits for the next pass")
    func siblingWaitsWhenParentUnmarked() {
        let (window, _, _, child, sibling, journal) = laidOutTree()
        child.setNeedsLayout()
        sibling.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(journal.names == ["child"])
        #expect(sibling.needsLayout)
        window.layoutIfNeeded()
        #expect(journal.names == ["child", "sibling"])
    }

    @Test("A marked grandparent above an unmarked parent is not laid out: the chain is broken")
    func brokenChain() {
        let (window, grand, _, child, _, journal) = laidOutTree()
        grand.setNeedsLayout()
        child.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(journal.names == ["child"])
        #expect(grand.needsLayout)
        window.layoutIfNeeded()
        #expect(journal.names == ["child", "grand"])
    }

    @Test("An unbroken chain of marks is laid out from its top, parents before subviews")
    func wholeChain() {
        let (_, grand, parent, child, _, journal) = laidOutTree()
        child.setNeedsLayout()
        parent.setNeedsLayout()
        grand.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(journal.names == ["grand", "parent", "child"])
    }

    @Test("Nothing marked: layoutIfNeeded runs nothing")
    func nothingMarked() {
        let (window, _, _, child, _, journal) = laidOutTree()
        child.layoutIfNeeded()
        window.layoutIfNeeded()
        #expect(journal.names.isEmpty)
    }

    @Test("The walk goes up to a marked window and no further: a window nested in a view keeps its outside")
    func stopsAtWindow() {
        let journal = LayoutJournalView.Journal()
        final class JournalWindow: Window {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let outer = LayoutJournalView("outer", journal)
        let window = JournalWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = LayoutJournalView("inner", journal)
        outer.addSubview(window)
        window.addSubview(inner)
        outer.layoutIfNeeded()  // the outer view's own subtree: a nested window is not part of it
        #expect(journal.names == ["outer"])
        inner.layoutIfNeeded()
        #expect(journal.names == ["outer", "inner"] && window.layouts == 1)
        outer.setNeedsLayout()
        window.setNeedsLayout()
        inner.setNeedsLayout()
        inner.layoutIfNeeded()
        #expect(journal.names == ["outer", "inner", "inner"] && window.layouts == 2, "outer stays marked")
        #expect(outer.needsLayout)
    }
}
