/// The views that may refuse a recognizer on the path up from a touch's view (spec §4.5, §5.10 rule 2), walked
/// once and reused by the gates that follow while the tree stays as it was: a recognizer on each view of a path
/// n deep costs O(n) to gate at the lift, not O(n²).
///
/// **What is skipped.** Every recognizer that tries to leave `possible` asks
/// ``View/gestureRecognizerShouldBegin(_:)`` of each view from its touches' views up to, not including, its
/// own view, when its state is set (``GestureArena/gate(_:)``) — with a tap on each of n nested views, all n at
/// the lift, n²/2 views. A view whose class is exactly ``View`` or ``Window`` answers `true` and runs no code of
/// the application, so it is not asked; every other view (a ``Control``, any subclass of the application's) is a
/// *vetoer* and is asked in the same order as the walk would.
///
/// **When a walked path holds.** It is walked once (the weak `superview` loads that made the gate quadratic)
/// and reused while no view anywhere got another superview (``View/superviewChanges``) and its top view is
/// alive: then every view on it is alive — each is held by the next one up, and the top is checked through a
/// weak reference — and has the superview it had. Nothing else can change a superview: ``View/move(_:to:at:)``
/// counts every change, and a superview only goes away (its weak reference reading `nil`) when it is
/// deallocated, which for a view on the path means the top was, or a view on the path was moved. A vetoer's
/// answer runs the application's code, so the count, the top and the recognizer's view are checked again after
/// each one; when one changed, the caller walks on from the vetoer's current superview, as without the cache.
@MainActor
final class GatePaths {
    /// A vetoer on a path and its position (0: the touch's view).
    struct Vetoer {
        weak var view: View?
        var position: Int
    }

    /// One walked path (a class: a path is looked up on every gate, and a struct with weak references is
    /// copied out of the array to be read).
    final class Path {
        /// The view it starts from (a touch's view).
        var start: ObjectIdentifier
        /// ``View/superviewChanges`` when it was walked.
        var changes: UInt64 = 0
        /// Its top view (no superview when walked).
        weak var top: View?
        /// The views that may refuse, in path order.
        var vetoers: [Vetoer] = []
        /// The position of every view on the path, when there are vetoers (otherwise nobody is asked).
        var positions: [ObjectIdentifier: Int] = [:]

        init(start: ObjectIdentifier) { self.start = start }
    }

    /// What asking the vetoers of a path said.
    enum Answer {
        /// None refused.
        case allowed
        /// This one refused.
        case declined(View)
        /// The tree or the recognizer's view changed while this one answered (`true`): go on asking from its
        /// current superview the way ``GestureArena/gate(_:)`` walks without a path.
        case changed(after: View)
    }

    /// At most this many paths are kept (one per touch's view in use): a new one replaces the oldest beyond it.
    static let capacity = 16
    private var paths: [Path] = []
    private var replaced = 0
    /// Reused storage: the views of the path being walked.
    private var walked: [ObjectIdentifier] = []

    /// Asks `gestureRecognizerShouldBegin(_:)` of the vetoers on the path from `start` up to, not including,
    /// the view of `recognizer` (the whole path when its view is not on it), in that order.
    func askVetoers(from start: View, for recognizer: GestureRecognizer) -> Answer {
        let changes = View.superviewChanges.load(ordering: .relaxed)
        let path = path(from: start, changes: changes)
        guard !path.vetoers.isEmpty else { return .allowed }
        let stopView = recognizer.view
        let stop = stopView.flatMap { path.positions[ObjectIdentifier($0)] } ?? Int.max
        weak let top = path.top
        // A copy: answering runs the application's code, which may gate again and walk this path again.
        let vetoers = path.vetoers
        for vetoer in vetoers {
            guard vetoer.position < stop, let view = vetoer.view else { break }  // alive: the path holds
            if !view.gestureRecognizerShouldBegin(recognizer) { return .declined(view) }
            if View.superviewChanges.load(ordering: .relaxed) != changes || top == nil || recognizer.view !== stopView {
                return .changed(after: view)
            }
        }
        return .allowed
    }

    /// The path from `start`, walked again unless it still holds.
    private func path(from start: View, changes: UInt64) -> Path {
        let key = ObjectIdentifier(start)
        let path: Path
        if let found = paths.firstElement(where: { $0.start == key }) {
            if found.changes == changes, found.top != nil { return found }
            path = found
        } else if paths.count < Self.capacity {
            path = Path(start: key)
            paths.append(path)
        } else {
            path = paths[replaced]
            replaced = (replaced + 1) % Self.capacity
        }
        walk(from: start, into: path, changes: changes)
        return path
    }

    /// Walks up from `start` (no outside code runs: the tree cannot change meanwhile).
    private func walk(from start: View, into path: Path, changes: UInt64) {
        path.start = ObjectIdentifier(start)
        path.changes = changes
        path.vetoers.removeAll(keepingCapacity: true)
        path.positions.removeAll(keepingCapacity: true)
        var view = start
        var position = 0
        while true {
            walked.append(ObjectIdentifier(view))
            if !Self.answersTrue(view) { path.vetoers.append(Vetoer(view: view, position: position)) }
            guard let superview = view.superview else { break }
            view = superview
            position += 1
        }
        path.top = view
        if !path.vetoers.isEmpty {
            for (position, id) in walked.enumerated() { path.positions[id] = position }
        }
        walked.removeAll(keepingCapacity: true)
    }

    /// Whether `view` answers `gestureRecognizerShouldBegin(_:)` with ``View``'s own `true`: its class is
    /// exactly ``View`` or ``Window`` (neither overrides it).
    static func answersTrue(_ view: View) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: view))
        return type == ObjectIdentifier(View.self) || type == ObjectIdentifier(Window.self)
    }
}
