import Foundation

/// A value handed from a thread to the one waiting for it.
private final class Handoff<T>: @unchecked Sendable {
    // Written by the thread before it signals, read after the wait: the semaphore orders the two.
    var value: T?
}

/// Runs `body` on a new thread with a 256 MiB stack and returns its result: the parser and the visitors recurse
/// once per nesting level of the source, and a caller's thread (a test runner's, a task's) may have a small stack.
func runWithLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let handoff = Handoff<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        handoff.value = body()
        done.signal()
    }
    thread.stackSize = 256 << 20
    thread.start()
    done.wait()
    return handoff.value!
}
