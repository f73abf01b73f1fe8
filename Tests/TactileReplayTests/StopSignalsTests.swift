import Glibc
import Testing

@testable import TactileReplay

@Suite("Stop signals")
struct StopSignalsTests {
    @Test("SIGUSR2 sets the stop flag without running code in a signal handler")
    func stopSignals() async throws {
        let signals = StopSignals(signals: [SIGUSR2])
        defer { signals.cancel() }
        #expect(!signals.isRequested)
        // The dispatch source registers asynchronously; a signal in that short window is ignored, not fatal.
        try await Task.sleep(for: .milliseconds(100))
        kill(getpid(), SIGUSR2)
        for _ in 0..<100 where !signals.isRequested { try await Task.sleep(for: .milliseconds(10)) }
        #expect(signals.isRequested)
    }

    @Test("By default SIGTERM sets the stop flag too, instead of killing the process (tactile live releases its grab)")
    func sigtermStops() async throws {
        let signals = StopSignals()
        defer { signals.cancel() }
        #expect(!signals.isRequested)
        // SIG_IGN is in place from the start, so a SIGTERM before the source is registered is ignored, not fatal.
        for _ in 0..<100 where !signals.isRequested {
            kill(getpid(), SIGTERM)
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(signals.isRequested)
    }
}
