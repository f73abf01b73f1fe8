import PropertyBased
import TactileTestSupport
import Testing
@testable import Tactile

/// Names of `views`, for comparing subview orders.
func names(_ views: [View]) -> [String] { views.map(\.logName) }

@Suite struct ViewTests {
    @Test("A new view has UIKit's defaults")
    func defaults() {
        let v = View()
        #expect(v.frame == .zero && v.bounds == .zero && v.center == .zero)
        #expect(v.transform == .identity && v.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(!v.isHidden && v.alpha == 1 && v.isUserInteractionEnabled && !v.clipsToBounds)
        #expect(!v.isMultipleTouchEnabled && !v.isExclusiveTouch && v.tag == 0)
        #expect(v.superview == nil && v.subviews.isEmpty && v.window == nil)
    }

    @Test("init(frame:) sets the center and the bounds size, with the bounds origin at zero")
    func initWithFrame() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test("Subviews are kept back to front in the order they were added")
    func addOrder() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), c = View(name: "C")
        p.addSubview(a); p.addSubview(b); p.addSubview(c)
        #expect(names(p.subviews) == ["A", "B", "C"])
        #expect(a.superview === p && b.superview === p && c.superview === p)
    }

    @Test("Adding a view that is already a subview moves it to the front")
    func addExistingMovesToFront() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), c = View(name: "C")
        p.addSubview(a); p.addSubview(b); p.addSubview(c)
        p.addSubview(a)
        #expect(names(p.subviews) == ["B", "C", "A"])
    }

    @Test("Adding a view to another superview removes it from the first")
    func addReparents() {
        let p = View(name: "P"), q = View(name: "Q"), a = View(name: "A")
        p.addSubview(a)
        q.addSubview(a)
        #expect(p.subviews.isEmpty)
        #expect(names(q.subviews) == ["A"] && a.superview === q)
    }

    @Test("insertSubview(at:) puts the view at that index of the result, clamped, also when reordering")
    func insertAtIndex() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), c = View(name: "C"), d = View(name: "D")
        p.addSubview(a); p.addSubview(b); p.addSubview(c)
        p.insertSubview(d, at: 1)
        #expect(names(p.subviews) == ["A", "D", "B", "C"])
        p.insertSubview(a, at: 2)
        #expect(names(p.subviews) == ["D", "B", "A", "C"])
        p.insertSubview(c, at: 0)
        #expect(names(p.subviews) == ["C", "D", "B", "A"])
        p.insertSubview(c, at: 99)
        #expect(names(p.subviews) == ["D", "B", "A", "C"])
        p.insertSubview(View(name: "E"), at: -5)
        #expect(names(p.subviews) == ["E", "D", "B", "A", "C"])
    }

    @Test("insertSubview(aboveSubview:) and (belowSubview:) place the view next to its sibling, also when reordering")
    func insertAboveBelow() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), c = View(name: "C")
        p.addSubview(a); p.addSubview(b); p.addSubview(c)
        p.insertSubview(a, aboveSubview: b)
        #expect(names(p.subviews) == ["B", "A", "C"])
        p.insertSubview(c, belowSubview: b)
        #expect(names(p.subviews) == ["C", "B", "A"])
        p.insertSubview(c, aboveSubview: a)
        #expect(names(p.subviews) == ["B", "A", "C"])
        p.insertSubview(b, belowSubview: b)
        #expect(names(p.subviews) == ["B", "A", "C"])
        let d = View(name: "D"), e = View(name: "E")
        p.insertSubview(d, belowSubview: a)
        #expect(names(p.subviews) == ["B", "D", "A", "C"])
        p.insertSubview(e, aboveSubview: a)
        #expect(names(p.subviews) == ["B", "D", "A", "E", "C"])
    }

    @Test("Inserting next to a view that is not a subview goes to the front (above) or the back (below)")
    func insertNextToStranger() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), stranger = View(name: "S")
        p.addSubview(a); p.addSubview(b)
        p.insertSubview(View(name: "X"), aboveSubview: stranger)
        p.insertSubview(View(name: "Y"), belowSubview: stranger)
        #expect(names(p.subviews) == ["Y", "A", "B", "X"])
    }

    @Test("exchangeSubview, bringSubviewToFront and sendSubviewToBack reorder subviews")
    func reorder() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), c = View(name: "C")
        p.addSubview(a); p.addSubview(b); p.addSubview(c)
        p.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(names(p.subviews) == ["C", "B", "A"])
        p.bringSubviewToFront(b)
        #expect(names(p.subviews) == ["C", "A", "B"])
        p.sendSubviewToBack(a)
        #expect(names(p.subviews) == ["A", "C", "B"])
        p.bringSubviewToFront(View(name: "S"))
        p.sendSubviewToBack(View(name: "T"))
        #expect(names(p.subviews) == ["A", "C", "B"])
    }

    @Test("removeFromSuperview detaches the view and keeps its own subtree")
    func remove() {
        let p = View(name: "P"), a = View(name: "A"), b = View(name: "B"), child = View(name: "child")
        p.addSubview(a); p.addSubview(b); a.addSubview(child)
        a.removeFromSuperview()
        #expect(names(p.subviews) == ["B"])
        #expect(a.superview == nil && child.superview === a)
        a.removeFromSuperview()
        #expect(a.superview == nil)
    }

    @Test("A view is a descendant of itself and of every ancestor, and of nothing else")
    func descendants() {
        let root = View(), mid = View(), leaf = View(), other = View()
        root.addSubview(mid); mid.addSubview(leaf); root.addSubview(other)
        #expect(leaf.isDescendant(of: leaf) && leaf.isDescendant(of: mid) && leaf.isDescendant(of: root))
        #expect(!leaf.isDescendant(of: other) && !root.isDescendant(of: leaf) && !mid.isDescendant(of: leaf))
    }

    @Test("viewWithTag searches depth first from the receiver, subviews back to front")
    func tags() {
        let root = View(name: "root"), a = View(name: "A"), a1 = View(name: "A1"), b = View(name: "B")
        root.addSubview(a); a.addSubview(a1); root.addSubview(b)
        a1.tag = 7; b.tag = 7; a.tag = 3
        #expect(root.viewWithTag(7) === a1)
        #expect(root.viewWithTag(3) === a)
        #expect(root.viewWithTag(0) === root)
        #expect(b.viewWithTag(7) === b)
        #expect(root.viewWithTag(42) == nil)
    }

    @Test("window is the nearest Window among the view and its ancestors")
    func windowProperty() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = View(), child = View()
        v.addSubview(child)
        #expect(child.window == nil)
        window.addSubview(v)
        #expect(child.window === window && v.window === window && window.window === window)
    }

    @Test("A view's next responder is its view controller when it is a root view, else its superview")
    func nextResponder() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let controller = ViewController()
        window.rootViewController = controller
        let child = View()
        controller.view.addSubview(child)
        #expect(child.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(controller.view.frame == window.bounds)
    }

    /// One operation of the random tree scripts below, on a pool of views named by index.
    enum Operation: Sendable, CustomStringConvertible {
        case add(Int, to: Int), insert(Int, into: Int, at: Int), above(Int, into: Int, sibling: Int)
        case below(Int, into: Int, sibling: Int), toFront(Int, in: Int), toBack(Int, in: Int), remove(Int)

        var description: String {
            switch self {
            case let .add(v, p): "add(\(v) to \(p))"
            case let .insert(v, p, i): "insert(\(v) into \(p) at \(i))"
            case let .above(v, p, s): "above(\(v) into \(p) over \(s))"
            case let .below(v, p, s): "below(\(v) into \(p) under \(s))"
            case let .toFront(v, p): "toFront(\(v) in \(p))"
            case let .toBack(v, p): "toBack(\(v) in \(p))"
            case let .remove(v): "remove(\(v))"
            }
        }
    }

    @Test("For random scripts of tree operations, subviews match a model of arrays and links stay consistent")
    func randomTreeScripts() async {
        let pool = 6
        let operation = zip(
            Gen.int(in: 0...6), Gen.int(in: 0..<pool), Gen.int(in: 0..<pool), Gen.int(in: -1...6), Gen.int(in: 0..<pool)
        ).map { kind, v, p, i, s -> Operation in
            switch kind {
            case 0: .add(v, to: p)
            case 1: .insert(v, into: p, at: i)
            case 2: .above(v, into: p, sibling: s)
            case 3: .below(v, into: p, sibling: s)
            case 4: .toFront(v, in: p)
            case 5: .toBack(v, in: p)
            default: .remove(v)
            }
        }
        await propertyCheck(count: PropertyCases.count(200), input: operation.array(of: 0...25)) { script in
            let views = (0..<pool).map { View(name: "\($0)") }
            // The model: each view's children by index, and its parent.
            var children = Array(repeating: [Int](), count: pool)
            var parent = [Int?](repeating: nil, count: pool)
            func isAncestor(_ a: Int, of b: Int) -> Bool {
                var x: Int? = b
                while let y = x { if y == a { return true }; x = parent[y] }
                return false
            }
            func place(_ v: Int, into p: Int, at index: (_ others: [Int]) -> Int) {
                if let old = parent[v] { children[old].removeAll { $0 == v } }
                let i = Swift.max(0, Swift.min(index(children[p]), children[p].count))
                children[p].insert(v, at: i)
                parent[v] = p
            }
            for op in script {
                switch op {
                case let .add(v, p):
                    guard !isAncestor(v, of: p) else { continue }
                    views[p].addSubview(views[v])
                    place(v, into: p) { $0.filter { $0 != v }.count }
                case let .insert(v, p, i):
                    guard !isAncestor(v, of: p) else { continue }
                    views[p].insertSubview(views[v], at: i)
                    place(v, into: p) { _ in i }
                case let .above(v, p, s):
                    guard !isAncestor(v, of: p), s != v || parent[v] != p else { continue }
                    views[p].insertSubview(views[v], aboveSubview: views[s])
                    place(v, into: p) { all in
                        let others = all.filter { $0 != v }
                        return others.firstIndex(of: s).map { $0 + 1 } ?? others.count
                    }
                case let .below(v, p, s):
                    guard !isAncestor(v, of: p), s != v || parent[v] != p else { continue }
                    views[p].insertSubview(views[v], belowSubview: views[s])
                    place(v, into: p) { all in all.filter { $0 != v }.firstIndex(of: s) ?? 0 }
                case let .toFront(v, p):
                    views[p].bringSubviewToFront(views[v])
                    if parent[v] == p { place(v, into: p) { $0.count } }
                case let .toBack(v, p):
                    views[p].sendSubviewToBack(views[v])
                    if parent[v] == p { place(v, into: p) { _ in 0 } }
                case let .remove(v):
                    views[v].removeFromSuperview()
                    if let old = parent[v] { children[old].removeAll { $0 == v } }
                    parent[v] = nil
                }
            }
            for i in 0..<pool {
                #expect(names(views[i].subviews) == children[i].map { "\($0)" }, "children of \(i) after \(script)")
                #expect(views[i].superview.map(\.logName) == parent[i].map { "\($0)" }, "parent of \(i)")
                for child in views[i].subviews { #expect(child.superview === views[i]) }
            }
        }
    }
}
