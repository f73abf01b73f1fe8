@testable import Tactile
import TactileTesting

/// Watches an application's delivery log as it is made and checks the invariants that hold for any input,
/// any recognizers, any failure requirements and any simultaneity. The ones a user can check on the public API
/// are TactileTesting's ``InvariantChecker`` (legal transitions of spec §5.2 from the state the log last
/// showed, one action right after each state that sends one and none otherwise, every touch delivered to a
/// view `began (moved)* (ended | cancelled)` to that one view, nothing left at the end); this adds what needs
/// the core's internals:
/// - a final state is reset in the dispatch that reached it;
/// - no recognizer recognizes while a recognizer it requires to fail is still undecided with touches, nor
///   while one is recognizing, nor after one recognized during its attempt (spec §5.12);
/// - at the end no touch, withheld phase, waiting recognizer or engaged recognizer is left.
final class ArenaInvariantChecker {
    private var ownProblems: [String] = []
    /// Everything found: the public checker's violations, then the internal ones.
    var problems: [String] { checker.violations + ownProblems }
    /// The log as the checker saw it.
    var log: [Delivery] { checker.log }
    private let app: Application
    private var checker: InvariantChecker!
    private var recognizers: [String: GestureRecognizer] = [:]
    /// Dependent → the names it requires to fail (static requirements).
    private var requirements: [String: [String]] = [:]
    private var finalInDispatch: [String: UInt64] = [:]
    private var doomed: Set<String> = []

    /// Starts watching `app`; `recognizers` must have distinct names; `requirements` maps a dependent's name to
    /// the names it requires to fail.
    init(app: Application, recognizers: [GestureRecognizer], requirements: [String: [String]]) {
        self.app = app
        self.requirements = requirements
        for recognizer in recognizers { self.recognizers[recognizer.logName] = recognizer }
        app.deliveryLogCapacity = 0
        app.deliveryObserver = { [unowned self] in self.observe($0) }
        // The public checker chains to the observer above.
        checker = InvariantChecker(application: app, recognizers: recognizers)
    }

    private func problem(_ text: String) {
        if ownProblems.count < 20 { ownProblems.append(text) }
    }

    private func observe(_ entry: Delivery) {
        let serial = app.dispatcher.dispatchSerial
        guard case .recognizerState(let name, _, let to, let reason) = entry.kind else { return }
        if reason == .reset {
            if finalInDispatch[name] != serial { problem("\(entry): reset in another dispatch than its final state") }
            doomed.remove(name)
        }
        switch to {
        case .recognized, .ended, .cancelled, .failed: finalInDispatch[name] = serial
        case .possible, .began, .changed: break
        }
        if to == .began || to == .recognized { checkRequirements(of: name, entry) }
    }

    private func checkRequirements(of name: String, _ entry: Delivery) {
        if doomed.contains(name) { problem("\(entry): recognized after a recognizer it requires to fail recognized") }
        for required in requirements[name] ?? [] {
            guard let other = recognizers[required], other.isEngaged else { continue }
            switch other.status {
            case .failed, .cancelled: break
            case .possible, .pending: problem("\(entry): \(required) (required to fail) is still undecided")
            case .began, .changed, .ended: problem("\(entry): \(required) (required to fail) recognized")
            }
        }
        for (dependent, required) in requirements where required.contains(name) {
            if let other = recognizers[dependent], other.isEngaged, other.status.isUndecided { doomed.insert(dependent) }
        }
    }

    /// Checks what must hold once the input is over and every deadline passed.
    func finish() {
        checker.finish()
        let arena = app.dispatcher.arena
        if app.dispatcher.followedTouchCount != 0 { problem("touches left at the end") }
        if !arena.heldTouches.isEmpty { problem("withheld touches left: \(arena.heldTouches.map(\.id))") }
        if !arena.pending.isEmpty { problem("waiting recognizers left: \(arena.pending.map(\.logName))") }
        if !arena.engaged.isEmpty { problem("engaged recognizers left: \(arena.engaged.map(\.logName))") }
    }
}
