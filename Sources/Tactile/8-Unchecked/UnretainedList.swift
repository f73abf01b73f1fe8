/// A reused list of objects that does not retain them: the per-dispatch lists of the hot path, whose elements
/// something else holds for longer than the list does, so that filling, searching and walking them costs no
/// reference counting (an atomic retain and release per element and pass, otherwise).
///
/// **Safety — the one argument for every list of this type.** Each list holds, from the moment an object is
/// appended until the list is emptied, only objects that another owner holds strongly for at least that long,
/// and the code that fills and reads it runs no step that could drop that owner:
/// - ``RecognizerRecord/changedTouches``: touches of the event (``EventStorage/touchList``), gathered at the start of
///   step 3 and emptied before ``GestureArena/deliverTouches()`` returns. Step 3 never removes a touch from the
///   event (inputs sent from a touch method are queued; touches leave in step 6).
/// - ``GestureArena/receivers``: recognizers listed by those touches (``TouchRecord/recognizerList``, which only
///   ``GestureRecognizer/stopTracking(_:reason:)`` and step 6 shorten), and held by
///   ``GestureArenaStorage/engaged`` from
///   their first touch on: a recognizer that stops tracking a touch during step 3 was engaged when it began
///   receiving it. Emptied at the end of step 3.
///
/// The static ``forEach(in:_:)`` and ``sort(_:by:)`` walk and reorder strong arrays the same way, for loops that
/// run no outside code and change no element's owner: the array itself holds every element meanwhile.
///
/// Elements are only reached inside ``withElement(at:_:)``, ``forEach(_:)`` and the searches, as guaranteed
/// references that cannot outlive the call. This type, its two lists and ``UnretainedReference`` (the recognizer's
/// arena, the arena's effects) are the only unretained references of the core (see ``UncheckedCell`` for this folder's other unsafe code).
struct UnretainedList<Element: AnyObject> {
    /// The elements are `storage[0..<count]`; entries past `count` are left over from before the last
    /// ``removeAll()`` and are never read (emptying the list is setting `count`, not the generic, per-element
    /// array removal).
    private var storage: [Unmanaged<Element>] = []
    private(set) var count = 0

    init(capacity: Int) { storage.reserveCapacity(capacity) }

    var isEmpty: Bool { count == 0 }

    /// Appends `element` without retaining it (see the safety argument above).
    mutating func append(_ element: Element) {
        if count < storage.count {
            storage[count] = .passUnretained(element)
        } else {
            storage.append(.passUnretained(element))
        }
        count += 1
    }

    /// Empties the list, keeping its storage.
    mutating func removeAll() { count = 0 }

    /// Removes the element at `index`.
    mutating func remove(at index: Int) {
        precondition(index >= 0 && index < count, "UnretainedList index out of range")
        storage.remove(at: index)
        count -= 1
    }

    /// Calls `body` with the element at `index`.
    func withElement<Result>(at index: Int, _ body: (Element) throws -> Result) rethrows -> Result {
        precondition(index >= 0 && index < count, "UnretainedList index out of range")
        return try storage[index]._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with each element, in order.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        for index in 0..<count { try storage[index]._withUnsafeGuaranteedRef(body) }
    }

    /// Calls `body` with each element of `array`, in order, as a guaranteed reference that is not retained: for
    /// step 3's gathering loop over ``EventStorage/touchList`` and each touch's ``TouchRecord/recognizerList``,
    /// which runs no outside code and changes neither array (the argument keeps `array` itself alive).
    static func forEach(in array: [Element], _ body: (Element) throws -> Void) rethrows {
        try array.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                try Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Whether an element satisfies `predicate`.
    func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        for index in 0..<count where try storage[index]._withUnsafeGuaranteedRef(predicate) { return true }
        return false
    }

    /// The index of `element` (by identity), or `nil`.
    func firstIndex(of element: Element) -> Int? {
        let target = Unmanaged.passUnretained(element).toOpaque()
        return storage[..<count].firstIndex { $0.toOpaque() == target }
    }

    /// Sorts the list by `precedes`, stably and in place: an insertion sort (the lists are short, usually in
    /// order already, and it never allocates).
    mutating func sort(by precedes: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        for i in 1..<count {
            var j = i
            while j > 0, Self.compare(storage[j], storage[j - 1], precedes) {
                storage.swapAt(j, j - 1)
                j -= 1
            }
        }
    }

    /// Sorts `array` (a strong array) by `precedes` in the same way, moving its references without retaining
    /// or releasing them; `precedes` must run no outside code (the arena's ordering keys).
    static func sort(_ array: inout [Element], by precedes: (Element, Element) -> Bool) {
        array.withUnsafeMutableBufferPointer { buffer in
            guard buffer.count > 1 else { return }
            for i in 1..<buffer.count {
                var j = i
                while j > 0, compare(.passUnretained(buffer[j]), .passUnretained(buffer[j - 1]), precedes) {
                    buffer.swapAt(j, j - 1)
                    j -= 1
                }
            }
        }
    }

    private static func compare(
        _ a: Unmanaged<Element>, _ b: Unmanaged<Element>, _ precedes: (Element, Element) -> Bool
    ) -> Bool {
        a._withUnsafeGuaranteedRef { a in b._withUnsafeGuaranteedRef { b in precedes(a, b) } }
    }
}
