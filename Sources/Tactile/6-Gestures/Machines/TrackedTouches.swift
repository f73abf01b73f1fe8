/// The touches a recognition machine follows: where each began and where it is now.
///
/// Entries are kept sorted by touch identifier, so every sum (the centroid) and every "first touch that …"
/// is the same whatever order the owner's collection (a `Set<Touch>`) iterates in: a replay gives the same
/// numbers to the last bit.
///
/// Besides the centroid, the table keeps a *centroid path*: the centroid plus an offset that is adjusted
/// whenever a touch is added or removed, so the path never jumps when a finger lands or lifts (spec §6.3
/// rule 4). Displacements and velocities are measured on the path.
///
/// Storage is one array whose capacity is reserved up front and kept across ``removeAll()``; updating
/// locations (the move path) never allocates.
struct TrackedTouches: Hashable, Sendable {
    /// One tracked touch.
    struct Entry: Hashable, Sendable {
        /// The touch's identity.
        var id: TouchContact.ID
        /// Where the touch began, in window coordinates.
        var began: Point
        /// Where the touch is now, in window coordinates.
        var location: Point
    }

    /// The tracked touches, sorted by identifier.
    private(set) var entries: [Entry]
    /// Added to the centroid to form the path; changes only when the set of touches changes.
    private var pathOffset: Point = .zero
    /// The centroid just before the last tracked touch was removed (not by ``removeAll()``); `nil`
    /// while touches are tracked and after ``removeAll()``. Lets a gesture report its location in the action
    /// sent at the final lift.
    private(set) var lastCentroid: Point?
    /// The storage of the identifiers ``add(_:limit:)`` last returned, reused once the caller let go of them.
    private var spareIgnored: SpareArray<TouchContact.ID>

    /// Creates an empty table with room for `capacity` touches before it has to grow (and as many
    /// identifiers returned by ``add(_:limit:)``).
    init(capacity: Int = 10) {
        entries = []
        entries.reserveCapacity(capacity)
        spareIgnored = SpareArray(capacity: capacity)
    }

    /// The number of tracked touches.
    var count: Int { entries.count }
    /// Whether no touch is tracked.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether the touch is tracked.
    func contains(_ id: TouchContact.ID) -> Bool { index(of: id) != nil }

    /// The position of the touch in ``entries``, or `nil` when it is not tracked.
    func index(of id: TouchContact.ID) -> Int? {
        for i in entries.indices where entries[i].id == id { return i }
        return nil
    }

    /// Whether any of `samples` is a tracked touch.
    func containsAny(of samples: some Collection<TouchSample>) -> Bool {
        samples.containsSample { contains($0.id) }
    }

    /// The mean of the current locations, or `nil` when no touch is tracked.
    var centroid: Point? {
        guard !entries.isEmpty else { return nil }
        var sum = Point.zero
        for entry in entries { sum = sum + entry.location }
        return sum / Double(entries.count)
    }

    /// The mean of the began locations, or `nil` when no touch is tracked.
    var beganCentroid: Point? {
        guard !entries.isEmpty else { return nil }
        var sum = Point.zero
        for entry in entries { sum = sum + entry.began }
        return sum / Double(entries.count)
    }

    /// The centroid path: the centroid shifted so that adding or removing a touch does not move it; `nil`
    /// when no touch is tracked. It starts at the centroid when the first touch is added.
    var path: Point? { centroid.map { $0 + pathOffset } }

    /// Starts tracking a touch at its sample's location; returns `false` (and changes nothing) when the touch
    /// is already tracked.
    @discardableResult
    mutating func add(_ sample: TouchSample) -> Bool {
        let before = centroid
        guard insert(sample) else { return false }
        rebase(from: before)
        return true
    }

    /// Starts tracking the samples' touches that are not tracked yet.
    ///
    /// The path is rebased once for all of them, so it does not depend on the order `samples` iterates in (one
    /// rebase per touch would sum rounding errors of intermediate centroids in that order).
    mutating func add(_ samples: some Collection<TouchSample>) {
        let before = centroid
        var added = false
        samples.forEachSample { if insert($0) { added = true } }
        if added { rebase(from: before) }
    }

    /// Starts tracking the samples' touches, at most `limit` in total; returns the identifiers of the new
    /// touches that did not fit, sorted. When not all fit, the lowest identifiers (the earliest contacts) are
    /// taken. Touches already tracked are left alone. Allocates only when some touches do not fit and the
    /// array it returned the last time is still held (or too small).
    mutating func add(_ samples: some Collection<TouchSample>, limit: Int) -> [TouchContact.ID] {
        let room = Swift.max(0, limit - count)
        var newCount = 0
        samples.forEachSample { if !contains($0.id) { newCount += 1 } }
        guard newCount > room else {
            add(samples)
            return []
        }
        // The new touches' identifiers, sorted: the first `room` are taken, the rest returned (in place), in the
        // storage of the previous call's result when its verdict is gone (then nothing else holds it).
        var fresh = spareIgnored.take()
        fresh.removeAll(keepingCapacity: true)
        fresh.reserveCapacity(newCount)
        samples.forEachSample { if !contains($0.id) { fresh.append($0.id) } }
        fresh.sort()
        let firstIgnored = fresh[room]
        add(samples.lazy.filter { $0.id < firstIgnored })  // tracked ones among them are left alone by `add`
        fresh.removeFirst(room)
        spareIgnored.storage = fresh
        return fresh
    }

    /// Inserts an entry for the sample's touch in identifier order without rebasing the path; returns `false`
    /// when the touch is already tracked.
    private mutating func insert(_ sample: TouchSample) -> Bool {
        var position = entries.endIndex
        for i in entries.indices {
            if entries[i].id == sample.id { return false }
            if entries[i].id > sample.id { position = i; break }
        }
        entries.insert(Entry(id: sample.id, began: sample.location, location: sample.location), at: position)
        return true
    }

    /// Moves the tracked touches among `samples` to their sample locations; returns whether any was tracked.
    @discardableResult
    mutating func update(_ samples: some Collection<TouchSample>) -> Bool {
        var any = false
        samples.forEachSample { sample in
            if let i = index(of: sample.id) {
                entries[i].location = sample.location
                any = true
            }
        }
        return any
    }

    /// Stops tracking the touch and returns its entry, or `nil` when it was not tracked.
    @discardableResult
    mutating func remove(_ id: TouchContact.ID) -> Entry? {
        guard let i = index(of: id) else { return nil }
        let before = centroid
        let entry = entries.remove(at: i)
        rebase(from: before)
        return entry
    }

    /// Stops tracking the samples' touches; returns how many were tracked. When that removes the last touches,
    /// ``lastCentroid`` is the centroid of all of them (the fingers lifted together).
    @discardableResult
    ///
    /// As when adding several, the path is rebased once, whatever order `samples` iterates in.
    mutating func remove(_ samples: some Collection<TouchSample>) -> Int {
        let before = centroid
        var removed = 0
        samples.forEachSample { sample in
            guard let i = index(of: sample.id) else { return }
            entries.remove(at: i)
            removed += 1
        }
        if removed > 0 { rebase(from: before) }
        return removed
    }

    /// Stops tracking every touch, keeping the storage for the next gesture.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        pathOffset = .zero
        lastCentroid = nil
    }

    /// The first touch (by identifier) that is farther than `limit` from where it began, with that distance.
    func firstTouch(fartherThan limit: Double) -> (id: TouchContact.ID, distance: Double)? {
        for entry in entries {
            let distance = entry.began.distance(to: entry.location)
            if distance > limit { return (entry.id, distance) }
        }
        return nil
    }

    /// Keeps the path continuous across a change of the touch set whose centroid was `before`.
    private mutating func rebase(from before: Point?) {
        guard let after = centroid else {
            pathOffset = .zero
            lastCentroid = before
            return
        }
        lastCentroid = nil
        if let before { pathOffset = pathOffset + (before - after) }
    }
}

extension Collection<TouchSample> {
    /// Calls `body` with each sample, in order, without allocating.
    ///
    /// Iterating a collection through an unspecialized generic (a caller in another module, or any debug build)
    /// reads each element through the collection's `subscript` accessor coroutine, which heap-allocates its
    /// frame: one allocation per sample per call, measured with valgrind. Contiguous collections (arrays,
    /// buffers) are therefore walked through their storage; others fall back to plain iteration, which is
    /// allocation-free too once specialized (callers in this module, in release builds).
    func forEachSample(_ body: (TouchSample) -> Void) {
        let walked: Void? = withContiguousStorageIfAvailable { (buffer: UnsafeBufferPointer<TouchSample>) in
            for sample in buffer { body(sample) }
        }
        if walked != nil { return }
        for sample in self { body(sample) }
    }

    /// Whether any sample satisfies `predicate`, without allocating (see ``forEachSample(_:)``).
    func containsSample(where predicate: (TouchSample) -> Bool) -> Bool {
        if let found = withContiguousStorageIfAvailable({ $0.contains(where: predicate) }) { return found }
        return contains(where: predicate)
    }
}
