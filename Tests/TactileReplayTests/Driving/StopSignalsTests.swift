import Glibc
import Testing

@testable import TactileReplay

/// Polls `condition` until it holds or `limit` passes (generous: the machine may be busy); no fixed wait decides
/// the outcome.
func eventually(within limit: Duration = .seconds(30), _ condition: () -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while !condition() {
        guard clock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(1))
    }
    return true
}

@Suite("Stop signals", .serialized)
struct StopSignalsTests {
    @Test("SIGUSR2 sets the stop flag without running code in a signal handler")
    func stopSignals() async throws {
        let signals = StopSignals(signals: [SIGUSR2])
        defer { signals.cancel() }
        #expect(!signals.isRequested && signals.receivedSignal == nil)
        // Ready once the dispatch source is registered; one signal then sets the flag.
        #expect(try await eventually { signals.isWatching }, "the signal source never registered")
        kill(getpid(), SIGUSR2)
        #expect(try await eventually { signals.isRequested })
        #expect(signals.receivedSignal == SIGUSR2, "tactile check ends by the signal that arrived")
    }

    @Test("By default SIGTERM sets the stop flag too, instead of killing the process (tactile live releases its grab)")
    func sigtermStops() async throws {
        let signals = StopSignals()
        defer { signals.cancel() }
        #expect(!signals.isRequested)
        #expect(try await eventually { signals.isWatching }, "the signal sources never registered")
        kill(getpid(), SIGTERM)
        #expect(try await eventually { signals.isRequested })
        #expect(signals.receivedSignal == SIGTERM)
    }

    @Test("Before its source is registered a signal is ignored, not fatal (the default action is off from the start)")
    func earlySignalIsHarmless() async throws {
        let signals = StopSignals(signals: [SIGUSR2])
        defer { signals.cancel() }
        kill(getpid(), SIGUSR2)  // may come before or after the registration: either way the process lives on
        #expect(try await eventually { signals.isWatching })
    }
}
