import Tactile
import Testing

/// One run of scripts on a fresh scene, with the invariants checked: what a property test asserts on.
///
/// ```swift
/// await propertyCheck(input: GestureGen.multitouch(in: photo.frame)) { script in
///     let run = SceneRun(scene: makeScene, playing: [script])
///     #expect(run.violations == [])
/// }
/// ```
@preconcurrency @MainActor
public struct SceneRun {
    /// The delivery log.
    public var log: [Delivery]
    /// What the ``InvariantChecker`` found.
    public var violations: [String]
    /// The frames sent.
    public var frames: [TouchFrame]
    /// The application after the run, to inspect the scene.
    public var application: Application

    /// Builds a scene with `scene`, plays `scripts` one after another with a ``GesturePlayer``, and checks the
    /// invariants.
    ///
    /// - Parameters:
    ///   - scene: makes the application and its windows, views and recognizers (called once).
    ///   - scripts: what to play.
    ///   - sampling: how the scripts are sampled (default ``Sampling/realistic(rate:seed:)``).
    ///   - settle: how long the clock runs after each script (default 1 s).
    public init(
        scene: () -> Application, playing scripts: [GestureScript], sampling: Sampling = .realistic(),
        settle: Duration = .seconds(1)
    ) {
        let application = scene()
        let checker = InvariantChecker(application: application)
        let player = GesturePlayer(application: application, sampling: sampling, settle: settle)
        for script in scripts { player.play(script) }
        checker.finish()
        log = checker.log
        violations = checker.violations
        frames = player.sentFrames
        self.application = application
    }
}

/// Plays `scripts` on a scene made by `scene`, records an issue for each invariant that fails
/// (``InvariantChecker``), and — unless `checkingDeterminism` is false — plays them again on a second scene
/// and records an issue when the two logs differ (same input, same log). Returns the first run.
@discardableResult @preconcurrency @MainActor
public func expectInvariants(
    scene: () -> Application, playing scripts: [GestureScript], sampling: Sampling = .realistic(),
    checkingDeterminism: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) -> SceneRun {
    let run = SceneRun(scene: scene, playing: scripts, sampling: sampling)
    for violation in run.violations {
        Issue.record(Comment(rawValue: "invariant: \(violation)"), sourceLocation: sourceLocation)
    }
    if checkingDeterminism {
        let again = SceneRun(scene: scene, playing: scripts, sampling: sampling)
        expectSameLog(run.log, again.log, sourceLocation: sourceLocation)
    }
    return run
}

/// Records an issue when two logs differ, showing the first line where they part and a few lines around it.
public func expectSameLog(
    _ first: [Delivery], _ second: [Delivery], sourceLocation: SourceLocation = #_sourceLocation
) {
    let a = Delivery.logLines(first)
    let b = Delivery.logLines(second)
    guard a != b else { return }
    let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    var text =
        "the same input gave different logs (\(a.count) and \(b.count) lines); first difference at line \(index + 1):\n"
    for line in max(0, index - 3)..<index { text += "    \(line + 1)  \(a[line])\n" }
    text += "  - \(index + 1)  \(index < a.count ? a[index] : "(end of log)")\n"
    text += "  + \(index + 1)  \(index < b.count ? b[index] : "(end of log)")\n"
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}
