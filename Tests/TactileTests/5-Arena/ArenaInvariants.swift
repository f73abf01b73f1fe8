@testable import Tactile
import TactileTesting

/// Watches an application's delivery log as it is made and checks the invariants that hold for any input,
/// any recognizers, any failure requirements and any simultaneity: TactileTesting's ``InvariantChecker`` (legal
/// transitions of spec §5.2, one action per transition observing its state, every touch's life in one view,
/// every recognizer back in `possible` at the end) — written once, there — plus what only the core's own tests
/// can see:
/// - a final state is reset in the dispatch that reached it (spec §5.4);
/// - no recognizer recognizes while a recognizer it requires to fail is still undecided with touches, nor
///   while one is recognizing, nor after one recognized during its attempt (spec §5.12). Which recognizers have
///   touches is computed from the log, not asked of the recognizers under test: a touch's view is the one the
///   first entry naming it gives (its began, withheld began, `touchIgnored` for a view that takes no second
///   touch, a refused or taken content touch); it engages the recognizers of that view and its ancestors from
///   the start of that dispatch (spec §5.6), until each one's reset (spec §5.4). Touch identifiers must not be
///   reused (they are not in the scripts that use the checker);
/// - at the end no touch, withheld phase, waiting recognizer or engaged recognizer is left, and the records'
///   invariants hold (``TouchDispatcher/invariantViolation()``).
final class ArenaInvariantChecker {
    /// The problems found: the common checker's, then this one's.
    var problems: [String] { common.violations + ownProblems }
    /// The log as the checkers saw it.
    var log: [Delivery] { common.log }
    private var ownProblems: [String] = []
    /// The checks any user's scene gets (TactileTesting), written once.
    private var common: InvariantChecker!
    private let app: Application
    /// Dependent → the names it requires to fail (static requirements).
    private var requirements: [String: [String]] = [:]
    private var finalInDispatch: [String: UInt64] = [:]
    private var doomed: Set<String> = []
    /// The scene, read once at the start: each recognizer's view, and each view's chain up to its window.
    private var recognizerViews: [String: String] = [:]
    private var viewChains: [String: [String]] = [:]
    /// The entries of the dispatch in progress, and its serial; checked together when the next dispatch starts.
    private var batch: [Delivery] = []
    private var batchSerial: UInt64?
    /// Every touch seen in the log, and the recognizers that have touches (since their last reset).
    private var seenTouches: Set<TouchContact.ID> = []
    private var engaged: Set<String> = []
    /// Recognizer states as the log showed them, replayed with the batch.
    private var requirementStates: [String: Delivery.RecognizerState] = [:]

    /// Starts watching `app`; `recognizers` must have distinct names; `requirements` maps a dependent's name to
    /// the names it requires to fail.
    init(app: Application, recognizers: [GestureRecognizer], requirements: [String: [String]]) {
        self.app = app
        self.requirements = requirements
        for recognizer in recognizers {
            recognizerViews[recognizer.logName] = recognizer.view?.logName
        }
        func chart(_ view: View, _ chain: [String]) {
            let chain = [view.logName] + chain
            viewChains[view.logName] = chain
            view.subviews.forEach { chart($0, chain) }
        }
        app.windows.forEach { chart($0, []) }
        app.deliveryLogCapacity = 0
        app.deliveryObserver = { [unowned self] in self.observe($0) }
        // Set after this checker's observer, which it calls after its own checks.
        common = InvariantChecker(application: app, recognizers: recognizers)
    }

    private func problem(_ text: String) {
        if ownProblems.count < 20 { ownProblems.append(text) }
    }

    private func observe(_ entry: Delivery) {
        let serial = app.dispatcher.event.storage.value.dispatchSerial
        if batchSerial != serial { checkBatch() }
        batchSerial = serial
        batch.append(entry)
        guard case .recognizerState(let name, _, let to, let reason) = entry.kind else { return }
        if reason == .reset, finalInDispatch[name] != serial {
            problem("\(entry): reset in another dispatch than its final state")
        }
        switch to {
        case .recognized, .ended, .cancelled, .failed: finalInDispatch[name] = serial
        case .possible, .began, .changed: break
        }
    }

    /// The view a touch's first log entry gives it, if that entry is one: `nil` for a touch no recognizer gets.
    private func firstEntry(_ entry: Delivery) -> (touches: [TouchContact.ID], view: String?)? {
        switch entry.kind {
        case .touches(let phase, let responder, let ids): (ids, phase == .began ? responder : nil)
        case .touchIgnored(let id, let reason):
            switch reason {
            case .multipleTouchDisabled(let view): ([id], view)
            case .noView, .ignoringInteractionEvents, .exclusiveTouch, .eventDropped: ([id], nil)
            }
        case .arena(.withheld(let phase, let view, let ids, _)): (ids, phase == .began ? view : nil)
        case .arena(.joinedRecognized(let view, let ids, _)), .arena(.contentTouchesRefused(let view, let ids, _)):
            (ids, view)
        case .forwarded(_, _, _, let ids), .dropped(_, _, let ids), .arena(.discarded(_, let ids, _)):
            (ids, nil)
        default: nil
        }
    }

    /// Checks the failure requirements over one dispatch's entries: first the touches it began engage their
    /// recognizers, then the entries replay in order.
    private func checkBatch() {
        defer { batch.removeAll() }
        for entry in batch {
            guard let (ids, view) = firstEntry(entry) else { continue }
            for id in ids where !seenTouches.contains(id) {
                seenTouches.insert(id)
                guard let view else {
                    if case .touchIgnored = entry.kind { continue }
                    problem("\(entry): the first entry of \(id) does not say which view it began in")
                    continue
                }
                let chain = Set(viewChains[view] ?? [])
                for (name, recognizerView) in recognizerViews where chain.contains(recognizerView) { engaged.insert(name) }
            }
        }
        for entry in batch {
            guard case .recognizerState(let name, _, let to, let reason) = entry.kind else { continue }
            requirementStates[name] = to
            if reason == .reset {
                engaged.remove(name)
                doomed.remove(name)
            }
            if to == .began || to == .recognized { checkRequirements(of: name, entry) }
        }
    }

    private func checkRequirements(of name: String, _ entry: Delivery) {
        if doomed.contains(name) { problem("\(entry): recognized after a recognizer it requires to fail recognized") }
        for required in requirements[name] ?? [] where engaged.contains(required) {
            switch requirementStates[required] ?? .possible {
            case .failed, .cancelled: break
            case .possible: problem("\(entry): \(required) (required to fail) is still undecided")
            case .began, .changed, .recognized, .ended: problem("\(entry): \(required) (required to fail) recognized")
            }
        }
        for (dependent, required) in requirements where required.contains(name) {
            if engaged.contains(dependent), (requirementStates[dependent] ?? .possible) == .possible { doomed.insert(dependent) }
        }
    }

    /// Checks what must hold once the input is over and every deadline passed.
    func finish() {
        checkBatch()
        common.finish()
        let arena = app.dispatcher.arena
        if !app.dispatcher.storage.value.followed.inOrder.isEmpty { problem("touches left at the end") }
        let state = arena.storage.value
        if !state.viewDelivery.heldTouches.isEmpty { problem("withheld touches left: \(state.viewDelivery.heldTouches.map(\.id))") }
        if !state.resolution.pending.isEmpty { problem("waiting recognizers left: \(state.resolution.pending.map(\.logName))") }
        if !state.engaged.isEmpty { problem("engaged recognizers left: \(state.engaged.map(\.logName))") }
        if let violation = app.dispatcher.invariantViolation() { problem("records: \(violation)") }
    }
}
