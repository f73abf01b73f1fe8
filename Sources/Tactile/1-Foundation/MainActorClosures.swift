// The standard library's closure-taking methods, for the core's main-actor code.
//
// The engine (dispatcher, arena, recognizers, views) is `@MainActor`, so a closure it writes inherits that isolation.
// Passed to a standard-library method (`contains(where:)`, `firstIndex(where:)`, `removeAll(where:)`, `sort(by:)`,
// `forEach`, …), such a closure checks at run time, on every call, that it runs on the main actor (SE-0423: the
// standard library is not built with strict concurrency checking, so Swift 6 mode guards what it calls back):
// `swift_task_isCurrentExecutor`, about 220 instructions a call. When the UI classes became `@MainActor` those
// checks made a frame cost 13 % (default scene) to 37 % (20 recognizers) more instructions, most of them in
// comparisons of a sort. The same closure passed to a method of this module is not checked, so the core calls
// these, which pass it on to the standard library's method unchanged (same algorithm, same order, same result):
// `Benchmarks/README.md` ("The dispatch's hot path") has the figures.

extension Sequence {
    /// `contains(where:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func containsElement(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try contains(where: predicate)
    }

    /// `first(where:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func firstElement(where predicate: (Element) throws -> Bool) rethrows -> Element? {
        try first(where: predicate)
    }

    /// `allSatisfy(_:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func allElementsSatisfy(_ predicate: (Element) throws -> Bool) rethrows -> Bool {
        try allSatisfy(predicate)
    }

    /// `filter(_:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func filterElements(_ isIncluded: (Element) throws -> Bool) rethrows -> [Element] {
        try filter(isIncluded)
    }

    /// `forEach(_:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func forEachElement(_ body: (Element) throws -> Void) rethrows {
        try forEach(body)
    }

    /// `sorted(by:)`, for a main-actor comparison without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func sortedElements(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        try sorted(by: areInIncreasingOrder)
    }
}

extension Collection {
    /// `firstIndex(where:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package func firstIndexOfElement(where predicate: (Element) throws -> Bool) rethrows -> Index? {
        try firstIndex(where: predicate)
    }
}

extension RangeReplaceableCollection {
    /// `removeAll(where:)`, for a main-actor closure without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package mutating func removeElements(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        try removeAll(where: shouldBeRemoved)
    }
}

extension MutableCollection where Self: RandomAccessCollection {
    /// `sort(by:)`, for a main-actor comparison without a run-time isolation check on every call.
    @inlinable @inline(__always)
    package mutating func sortElements(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try sort(by: areInIncreasingOrder)
    }
}
