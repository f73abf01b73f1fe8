import Foundation
import Synchronization
import Tactile
import TactileInput

/// What the input thread hands to the display loop.
nonisolated enum InputMessage: Sendable {
    /// A touch frame, its timestamp on `CLOCK_MONOTONIC` (the kernel's time for live input; for a trace, the
    /// moment the thread released it, which is when the recording says it happened).
    case frame(TouchFrame)
    /// The input ended (trace finished, device removed); the last frames cancelled any touch still down.
    case ended(String)
    /// Reading failed: the message says where and why.
    case failed(String)
}

/// Frames waiting for the next display frame. The input thread appends; the display loop takes them all once per
/// frame, in order.
nonisolated final class InputQueue: Sendable {
    private let messages = Mutex<[InputMessage]>([])
    private let stopRequested = Atomic<Bool>(false)

    func push(_ message: InputMessage) { messages.withLock { $0.append(message) } }

    func drain() -> [InputMessage] {
        messages.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }

    /// Asks the input thread to stop (it checks at least every 100 ms).
    func requestStop() { stopRequested.store(true, ordering: .relaxed) }
    var isStopRequested: Bool { stopRequested.load(ordering: .relaxed) }
}

/// Hands a non-`Sendable` value to exactly one other thread, which is the only one to use it afterwards.
nonisolated struct Handoff<Value>: @unchecked Sendable {
    let value: Value
}

nonisolated enum InputThread {
    /// Plays a trace in real time on a thread of its own: each frame is released when its time (relative to the
    /// trace's first event) comes, with its timestamp moved onto `CLOCK_MONOTONIC`, so the display loop sees
    /// exactly what a live device would give it.
    static func startTrace(_ replay: TraceReplay, into queue: InputQueue) -> Thread {
        let handoff = Handoff(value: replay)
        let thread = Thread {
            let replay = handoff.value
            let start = MonotonicClock.now()
            var first: Timestamp?
            do {
                while let frame = try replay.nextFrame() {
                    if queue.isStopRequested { return }
                    let origin = first ?? frame.timestamp
                    first = origin
                    let due = start + (frame.timestamp - origin)
                    MonotonicClock.sleep(until: due)
                    var retimed = frame
                    retimed.timestamp = due
                    queue.push(.frame(retimed))
                }
                queue.push(.ended("the trace ended"))
            } catch {
                queue.push(.failed("\(error)"))
            }
        }
        thread.name = "trace input"
        thread.start()
        return thread
    }

    /// Reads a touchscreen on a thread of its own through ``LiveTouchInput`` (libevdev), pushing every frame as
    /// it is decoded. The frames keep the kernel's timestamps.
    static func startLive(_ input: LiveTouchInput, into queue: InputQueue) -> Thread {
        let handoff = Handoff(value: input)
        let thread = Thread {
            let input = handoff.value
            do {
                while !queue.isStopRequested {
                    // Wake at least every 100 ms to notice a stop request.
                    switch try input.next(deadline: MonotonicClock.now() + .milliseconds(100)) {
                    case .frames(let output):
                        for diagnostic in output.diagnostics {
                            FileHandle.standardError.write(Data("photoviewer: input: \(diagnostic)\n".utf8))
                        }
                        for frame in output.frames { queue.push(.frame(frame)) }
                    case .deadlinePassed:
                        continue
                    case .ended(let output):
                        for frame in output.frames { queue.push(.frame(frame)) }
                        queue.push(.ended("the device went away"))
                        return
                    }
                }
            } catch {
                queue.push(.failed("\(error)"))
            }
        }
        thread.name = "touchscreen input"
        thread.start()
        return thread
    }
}
