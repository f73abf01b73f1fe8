import Foundation
import TactileTestSupport
import Testing

/// The same input gives the same log in every process: Swift seeds `Set` and `Dictionary` hashing per process
/// (unless `SWIFT_DETERMINISTIC_HASHING` is set), so a log that depended on their iteration order would differ
/// from one run to the next.
@Suite("Determinism: the same log in every process")
struct DeterminismTests {
    /// The environment without the variable that would fix the hash seed.
    static var randomSeedEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SWIFT_DETERMINISTIC_HASHING")
        return environment
    }

    nonisolated static let multiFingerTraces = [
        "3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu",
        "dell-canvas-27-ts__session-2-4-5-fingers.evemu",
        "wacom-dth2242-ts__session-taps-to-10-fingers.evemu",
        "ntrig-dell-xt2-ts__typeA-3to4finger-hold-release.evemu",
    ]

    func expectSameLogs(_ arguments: [String], processes: Int = 4) throws {
        var logs: [String] = []
        for _ in 0..<processes {
            // The 3M session ends with two fingers down: status 2 without --allow-touches-down (issue 26).
            let result = try Tactile.run(arguments + ["--allow-touches-down"], environment: Self.randomSeedEnvironment)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            logs.append(result.output)
        }
        #expect(!(logs.first ?? "").isEmpty)
        #expect(Set(logs).count == 1, "\(arguments) gave \(Set(logs).count) different logs in \(processes) processes")
    }

    @Test("The project's multi-finger traces replay to the same JSON log in 4 processes", arguments: [
        ["Traces/two-finger-tap.evemu", "--scene", "Traces/scenes/photo-viewer.json"],
        ["Traces/pinch-in.evemu", "--scene", "Traces/scenes/photo-viewer.json"],
        ["Traces/rotation.evemu", "--scene", "Traces/scenes/drawing-canvas.json"],
    ])
    func projectTraces(_ arguments: [String]) throws {
        try expectSameLogs(["replay"] + arguments + ["--json"])
    }

    @Test("Real recordings of up to 10 fingers replay to the same log in 4 processes", arguments: multiFingerTraces)
    func sharedTraces(_ name: String) throws {
        try expectSameLogs(["replay", SharedTraces.path(name), "--scene", "Traces/scenes/photo-viewer.json", "--json"])
    }
}
