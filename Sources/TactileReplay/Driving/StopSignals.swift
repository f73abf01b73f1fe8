import Dispatch
import Glibc
import Synchronization

/// Turns SIGINT and SIGTERM into a flag that a poll loop checks (``isRequested``), so `tactile live` and
/// `tactile record` can ungrab the device and close their files before exiting, and `tactile check` can stop its
/// worker processes before ending by the signal that arrived (``receivedSignal``).
///
/// The signals' default action is disabled (`SIG_IGN`) and a `DispatchSource` on its own queue sets an atomic
/// flag: no code runs inside a signal handler. Loops poll with a short timeout (100 ms) and look at the flag
/// between waits. ``cancel()`` restores the default actions.
public final class StopSignals {
    /// The signal that arrived (0 before one did), shared with the signal sources' queue.
    private final class Flag: Sendable {
        let value = Atomic<Int32>(0)
    }

    private let requested = Flag()
    /// How many of the sources have been registered with the system (``isWatching``).
    private let registered = Counter()

    /// A count shared with the signal sources' queue.
    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// Starts watching `signals` (default SIGINT and SIGTERM).
    public init(signals: [Int32] = [SIGINT, SIGTERM]) {
        self.signals = signals
        let queue = DispatchQueue(label: "tactile.stop-signals")
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for (source, number) in zip(sources, signals) {
            source.setEventHandler { [requested] in requested.value.store(number, ordering: .sequentiallyConsistent) }
            source.setRegistrationHandler { [registered] in registered.value.add(1, ordering: .sequentiallyConsistent) }
            source.resume()
        }
    }

    /// Whether every signal source is registered, so a signal sent from now on sets ``isRequested``. (Before, a
    /// signal is ignored: the default action is already off.) Tests wait for this instead of sleeping.
    public var isWatching: Bool { registered.value.load(ordering: .sequentiallyConsistent) == sources.count }

    /// Whether one of the signals arrived.
    public var isRequested: Bool { receivedSignal != nil }

    /// The signal that arrived last (`SIGINT`, `SIGTERM`), `nil` before one did.
    public var receivedSignal: Int32? {
        let number = requested.value.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    /// Stops watching and restores the signals' default actions.
    public func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}

@available(*, unavailable)
extension StopSignals: Sendable {}
