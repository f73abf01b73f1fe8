import Foundation
import Glibc
import Synchronization
import Tactile
import Testing

@testable import TactileInput

/// How many signals the test's handler saw.
private let interruptions = Atomic<Int>(0)

/// Signals the calling thread (the test's, which then waits in `poll`) every 5 ms with `SIGURG` until told to stop
/// or for two seconds of signals at most, and writes one byte to `pipe` `writeAfter` into them when there is one.
/// Each signal interrupts the wait (`EINTR`): the input layer's waits are checked against a signal storm, as a
/// program with a `setitimer` or a busy `SIGCHLD` gets. The test runner's threads block signals: the calling thread
/// takes `SIGURG` until ``stop()``. `SIGURG` and no other: the suites run in parallel in one process, and
/// `StopSignalsTests` sends `SIGUSR2` to the process — with `SIGUSR2` unblocked on this thread and a handler of ours
/// installed, its signal was taken here and its dispatch source never saw it (a 72 s failure under load). The storm
/// runs on a thread of its own (pthreads: it only needs the kernel), and the initializer returns once its first signal
/// arrived, so a loaded machine that starts the thread late cannot let the wait under test run without signals.
private final class SignalStorm: @unchecked Sendable {
    let stopRequested = Atomic<Bool>(false)
    let finished = DispatchSemaphore(value: 0)
    let target = pthread_self()
    let writeAfter: Duration?
    let pipe: Int32
    /// When the storm wrote its byte (CLOCK_MONOTONIC), read after ``stop()`` (its semaphore orders the two).
    private(set) var wroteAt: Timestamp?
    /// The calling thread's signal mask before (only used on that thread).
    private var previousMask = sigset_t()
    /// `SIGURG`'s disposition before (its default ignores it), put back by ``stop()``.
    private var previousAction: __sighandler_t?

    init(writeAfter: Duration? = nil, to pipe: Int32 = -1) throws {
        self.writeAfter = writeAfter
        self.pipe = pipe
        previousAction = signal(SIGURG) { _ in interruptions.add(1, ordering: .relaxed) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGURG)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previousMask)
        let before = interruptions.load(ordering: .relaxed)
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<SignalStorm>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
        try #require(created == 0)
        pthread_detach(thread)
        let waitingSince = ContinuousClock.now
        while interruptions.load(ordering: .relaxed) == before, ContinuousClock.now - waitingSince < .seconds(60) {
            usleep(1000)
        }
        let reached = interruptions.load(ordering: .relaxed) > before
        if !reached { stop() }
        try #require(reached, "no signal reached the test's thread in 60 s")
    }

    private func run() {
        let start = ContinuousClock.now
        var wrote = false
        while !stopRequested.load(ordering: .relaxed), ContinuousClock.now - start < .seconds(2) {
            pthread_kill(target, SIGURG)
            if let writeAfter, !wrote, ContinuousClock.now - start >= writeAfter {
                var byte: UInt8 = 1
                wroteAt = Shim.monotonicNow()
                _ = write(pipe, &byte, 1)
                wrote = true
            }
            usleep(5000)
        }
        finished.signal()
    }

    /// Stops the signals; returns once none can arrive any more, with the calling thread's mask as it was. Call it
    /// on the thread that made the storm.
    func stop() {
        stopRequested.store(true, ordering: .relaxed)
        finished.wait()
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        signal(SIGURG, previousAction)
    }
}

@Suite("Waiting for input: a signal neither ends a wait nor stretches its deadline", .serialized)
struct PollInterruptionTests {
    /// A pipe nobody writes unless the test says: a descriptor that never becomes readable by itself.
    static func pipeDescriptors() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        return (descriptors[0], descriptors[1])
    }

    @Test("A 100 ms wait interrupted every 5 ms ends at its deadline: not before it, and not 100 ms after each signal")
    func interruptedWaitEndsAtItsDeadline() throws {
        let pipe = try Self.pipeDescriptors()
        defer { close(pipe.read); close(pipe.write) }
        let before = interruptions.load(ordering: .relaxed)
        let storm = try SignalStorm()
        let start = Shim.monotonicNow()
        let result = Shim.poll(pipe.read, until: start + .milliseconds(100))
        let elapsed = Shim.monotonicNow() - start
        storm.stop()
        #expect(try result.get() == false)
        #expect(interruptions.load(ordering: .relaxed) - before >= 5, "the signals reached the waiting thread")
        #expect(elapsed >= .milliseconds(100), "the wait ended \(elapsed) after it began, before its deadline")
        // A wait that started its 100 ms again after each signal would last until the storm ends (2 s).
        #expect(elapsed < .milliseconds(1000), "the wait ended \(elapsed) after it began, for a 100 ms deadline")
    }

    @Test("A wait without a deadline goes on through signals until the descriptor is readable")
    func waitWithoutDeadlineOutlastsSignals() throws {
        let pipe = try Self.pipeDescriptors()
        defer { close(pipe.read); close(pipe.write) }
        let before = interruptions.load(ordering: .relaxed)
        let storm = try SignalStorm(writeAfter: .milliseconds(300), to: pipe.write)
        let result = Shim.poll(pipe.read, until: nil)
        let end = Shim.monotonicNow()
        storm.stop()
        #expect(try result.get() == true)
        #expect(interruptions.load(ordering: .relaxed) - before >= 5, "the signals reached the waiting thread")
        // Measured against the write itself, not a clock read on this thread: the storm's 300 ms count from its
        // own start, a few milliseconds before this thread's (299.4 ms "elapsed" once under load).
        let wroteAt = try #require(storm.wroteAt, "the storm wrote the input")
        #expect(end >= wroteAt, "the wait ended at \(end), before the input was written at \(wroteAt)")
    }

    @Test("A deadline already passed returns at once, readable or not")
    func passedDeadline() throws {
        let pipe = try Self.pipeDescriptors()
        defer { close(pipe.read); close(pipe.write) }
        let now = Shim.monotonicNow()
        #expect(try Shim.poll(pipe.read, until: now - .milliseconds(1)).get() == false)
        var byte: UInt8 = 1
        #expect(write(pipe.write, &byte, 1) == 1)
        #expect(try Shim.poll(pipe.read, until: now - .milliseconds(1)).get() == true)
    }
}
