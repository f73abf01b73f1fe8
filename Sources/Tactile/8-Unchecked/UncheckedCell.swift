/// The engine state of one of the core's objects, in memory the cell owns, read and written in place without
/// Swift's run-time exclusivity checks.
///
/// This folder (`8-Unchecked/`) is the core's only unsafe code: this cell, ``RecordTable``, ``RecordSlot``,
/// ``UnretainedReference`` and ``UnretainedList``. Everything else is plain Swift.
///
/// **Where it is used.** Each of the core's classes — ``Touch``, ``Event``, ``View``, ``GestureRecognizer``, the arena,
/// the dispatcher, ``Application`` and its ``DeliveryRecorder`` — keeps the state the runtime reads and writes on every
/// input in one struct (`TouchStorage`, `ViewStorage`, …, declared beside the class), held in a cell in a `let`
/// (`storage`); its public properties are accessors to those fields (`get`/`set`), and the runtime reads and writes its
/// internal fields where they lie (`touch.storage.value.screenLocation`), with no internal property in between
/// (ARCHITECTURE.md, *Forwarders*). The dispatcher's and the arena's state, one value per step, has no accessors: their
/// code reaches each step's value through the cell's own addressor (`storage.value.resolution.queued`), because a
/// `_read` or `_modify` coroutine that a release build leaves out of line allocates its frame on every call (81 bytes
/// per contact per frame, found through the C API's allocation count). The runtime's bookkeeping about a touch or a
/// recognizer is not on the object: it is the touch's ``TouchRecord`` in the dispatcher's ``RecordTable``
/// (``TouchDispatcher/touchRecords``) and the recognizer's ``RecognizerRecord`` in the arena's
/// (``GestureArena/recognizerRecords``), each reached through the object's ``RecordSlot``, under the same argument. The
/// built-in recognizers keep their recognition machine's driver in a cell the same way (`driver`). Weak references live
/// in those structs too (``View/superview``, ``GestureRecognizer/view``, the event's application): the cell reaches a
/// field in place, so a weak field is loaded where it lies, never copied with its struct.
///
/// **Why.** A class's stored `var` is checked at run time on every access (properties visible to other modules
/// keep the checks even in optimized builds): an access begins and ends with a call into the runtime that records
/// it in a per-thread set. Measured on one read of the 3M ten-finger recording, with every such property checked,
/// a replay took 175.1 M instructions instead of 117.7 M (599,278 `swift_beginAccess` calls instead of 27,867) and
/// a steady ten-finger frame 44.1 k instead of 21.7 k (issue #13). A `let` is never checked, and neither is memory
/// reached through a pointer.
///
/// **Safety — the one argument for every cell.** Two rules make every access one that Swift's checks would
/// have let through:
/// 1. *Confinement: the main actor.* The objects that own cells — an application, its windows, views,
///    recognizers, touches, events, and the dispatcher, arena and recorder behind them — are `@MainActor`, as
///    UIKit's are, so two accesses never run at once: every access runs on the main actor. The compiler checks it
///    for callers that adopt concurrency checking (Swift 6 mode: a call from another isolation is an error, from a
///    nonisolated synchronous function a warning, because the classes are `@preconcurrency` as UIKit's imported
///    ones; Swift 5 mode's minimal checking reports only what it reports for UIKit). Code that leaves the checks —
///    `nonisolated(unsafe)`, an `@unchecked Sendable` wrapper, a C callback, `MainActor.assumeIsolated` on another
///    thread (which stops the program) — breaks the rule unseen or stops; libtactile refuses calls from other
///    threads. One exception runs off the main actor: the nonisolated `deinit` of ``View`` and
///    ``GestureRecognizer`` (open classes: an app's subclass must be able to write its own `deinit`), which touch
///    only their own cell and, for a recognizer, remove its record from the arena's table — the last release of a
///    view or a recognizer belongs on the main actor, as in UIKit. See <doc:MainActorDecision>.
/// 2. *No access spans a call out.* Every access to a cell's value is an instant read or write, or an in-place
///    mutation (`_modify`) whose body runs only the runtime's own code — never a touch method, an action, a
///    delegate, an override of an open method or anything else an application wrote. User code may call back
///    into the runtime (set `state`, `ignore(_:for:)`, `require(toFail:)`, move a view) and so write cells, but
///    never while an access to the same cell is in progress, so no access overlaps another.
///
/// **Checked in debug builds.** Rule 2 is what the run-time exclusivity check would trap on, and debug builds
/// check it instead: ``value``'s mutation marks the cell as being written until it ends, and a read or a
/// write of the same cell meanwhile — the runtime re-entered from code it called while writing — stops the
/// process with a message. After every input the arena and the dispatcher check their records' invariants
/// (`GestureArena.checkInvariants()`, `TouchDispatcher.checkInvariants()`). Release builds do neither.
///
/// The fields applications write themselves are a view's geometry values (``View/center``, ``View/bounds``,
/// ``View/transform``, ``View/anchorPoint``), ``GestureRecognizer/name`` and ``Application/inputDispatch``, whose
/// accessors only copy a value in or out (no access lasts while other code runs); every other property
/// applications set (delegates, flags, names of views) stays a checked stored property of its class. The memory
/// is the cell's alone: it is allocated and initialized when the cell is made, the cell cannot be copied
/// (`~Copyable`), and the value is destroyed and the memory freed when the cell goes away with its object; no
/// pointer to it leaves this type.
struct UncheckedCell<Value>: ~Copyable {
    private let pointer: UnsafeMutablePointer<Value>
    #if DEBUG
    /// Whether a mutation of the value is in progress (debug builds: rule 2 of the safety argument).
    private let isWriting: UnsafeMutablePointer<Bool>
    #endif

    /// A cell holding `value`.
    init(_ value: Value) {
        pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        #if DEBUG
        isWriting = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        isWriting.initialize(to: false)
        #endif
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        #if DEBUG
        isWriting.deallocate()
        #endif
    }

    #if DEBUG
    /// The value, read and written in place (a field is reached without copying the rest). Debug builds check
    /// that no read or write of it begins while a mutation of it is in progress.
    var value: Value {
        unsafeAddress {
            precondition(!isWriting.pointee, Self.reentered)
            return UnsafePointer(pointer)
        }
        nonmutating _modify {
            precondition(!isWriting.pointee, Self.reentered)
            isWriting.pointee = true
            defer { isWriting.pointee = false }
            yield &pointer.pointee
        }
    }

    private static var reentered: String {
        "UncheckedCell<\(Value.self)>: an access began while the value was being written (the runtime was "
            + "re-entered from code it called mid-write; see UncheckedCell's safety argument, rule 2)"
    }
    #else
    /// The value, read and written in place (a field is reached without copying the rest).
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
    #endif
}

/// A reference that neither retains its object nor checks that it still exists when read.
///
/// Used for one reference, ``GestureRecognizer/arena``: a weak reference would give the arena a side table, and
/// every retain and release of an object with a side table takes the runtime's slow path (≈ 75–95 instructions
/// and a pointer chase; the arena is retained tens of thousands of times per replay); a checked `unowned` one
/// costs nothing measurable (117.57 M instructions per replay against 117.51 M) but the arena's `deinit` compares
/// it with `self`, and reading a checked `unowned` reference to an object being deinitialized traps.
///
/// **Safety.** The arena clears it: ``GestureArena/engage(_:)`` lists every recognizer it sets this on in
/// ``GestureArenaStorage/engaged`` (held strongly), ``GestureArena/resetFinished()`` sets it back to `nil`, and the
/// arena's `deinit` sets it to `nil` on every recognizer that still names it; so it never names an arena that is
/// gone.
///
/// Also used by the arena's effects (``ArenaEffect``) for the views, recognizers and touches they name, each held
/// strongly by one of the arena's lists (or the event) until the dispatcher has performed them: the argument is
/// on ``ArenaEffect``.
struct UnretainedReference<Object: AnyObject> {
    private unowned(unsafe) let reference: Object

    /// A reference to `object` that does not retain it.
    init(_ object: Object) { reference = object }

    /// The object.
    var object: Object { reference }

    /// Calls `body` with the object as a guaranteed reference, neither retained nor released (an object with a
    /// side table would take the runtime's slow path for both): it must not outlive the call.
    func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try Unmanaged.passUnretained(reference)._withUnsafeGuaranteedRef(body)
    }
}
