import Tactile

/// Watches an application's delivery log while it runs and checks what must hold for any input, any scene and
/// any recognizers — the invariants Tactile's own suite checks, for a user's scene.
///
/// - **Touches** (per view): every touch delivered to a view goes `began (moved)* (ended | cancelled)` to that
///   one view — it ends or is cancelled exactly once, and nothing reaches a view after that.
/// - **Recognizer states** follow the legal transitions of spec §5.2 (`possible → began | recognized |
///   failed`, `began → changed | ended | cancelled`, `changed → changed | ended | cancelled`, and a final state
///   back to `possible` only by the runtime's reset), each from the state the log last showed.
/// - **Actions**: each transition to `began`, `changed`, `recognized`, `ended` or `cancelled` is followed by
///   exactly one action for that state, and there is no action in `possible` or `failed` or after a final state
///   (an action that ran was seen through an action the checker registers on each recognizer, so it catches
///   a recognizer that sends actions outside the runtime too).
/// - **At the end** (``finish()``): no touch is left unfinished, every recognizer is back in `possible` with no
///   touches, and no action is owed.
///
/// A touch that a recognizer stops tracking (it failed, or ignored the touch) is not given to it again, as in
/// UIKit; the check per recognizer is that it holds no touch once the input is over.
///
/// ```swift
/// let checker = InvariantChecker(application: app)
/// GesturePlayer(application: app).play(script)
/// checker.finish()
/// #expect(checker.violations == [])
/// ```
@preconcurrency @MainActor
public final class InvariantChecker {
    /// What went wrong, one sentence each, in the order found (at most ``maximumViolations``).
    public private(set) var violations: [String] = []
    /// The log as the checker saw it.
    public private(set) var log: [Delivery] = []
    /// The most violations kept (default 20).
    public var maximumViolations = 20

    private let application: Application
    private let recognizers: [GestureRecognizer]
    private let previousObserver: ((Delivery) -> Void)?
    private var states: [String: Delivery.RecognizerState] = [:]
    private var awaitingAction: [String: Delivery.RecognizerState] = [:]
    private var phases: [TouchContact.ID: [TouchPhase]] = [:]
    private var views: [TouchContact.ID: String] = [:]
    private var actionIdentifiers: [(GestureRecognizer, GestureRecognizer.ActionIdentifier)] = []
    private var finished = false

    /// Starts watching `application`.
    ///
    /// - Parameters:
    ///   - application: the application; the checker becomes its `Application.deliveryObserver` (and calls
    ///     the observer that was set before it).
    ///   - recognizers: the recognizers whose actions to watch; by default every recognizer attached to a view
    ///     of the application's windows now. Their `GestureRecognizer.logName`s should be distinct.
    public init(application: Application, recognizers: [GestureRecognizer]? = nil) {
        self.application = application
        self.recognizers = recognizers ?? Self.allRecognizers(in: application)
        previousObserver = application.deliveryObserver
        for recognizer in self.recognizers {
            let identifier = recognizer.addAction { [unowned self] in self.actionRan($0) }
            actionIdentifiers.append((recognizer, identifier))
        }
        application.deliveryObserver = { [unowned self] entry in
            self.observe(entry)
            self.previousObserver?(entry)
        }
    }

    /// Every recognizer attached to the views of `application`'s windows, depth first.
    public static func allRecognizers(in application: Application) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        func visit(_ view: View) {
            result += view.gestureRecognizers
            view.subviews.forEach(visit)
        }
        application.windows.forEach(visit)
        return result
    }

    private func violation(_ text: String) {
        if violations.count < maximumViolations { violations.append(text) }
    }

    private func observe(_ entry: Delivery) {
        log.append(entry)
        switch entry.kind {
        case .recognizerState(let name, let from, let to, let reason):
            let current = states[name] ?? .possible
            if from != current { violation("\(entry): the log last showed \(name) \(current)") }
            if !Self.isLegal(from, to, reason) { violation("\(entry): not a legal transition (spec §5.2)") }
            if let pending = awaitingAction[name] { violation("\(entry): no action after \(pending)") }
            states[name] = to
            switch to {
            case .began, .changed, .recognized, .ended, .cancelled: awaitingAction[name] = to
            case .possible, .failed: break
            }
        case .action(let name, let state):
            if awaitingAction[name] != state {
                let shown = states[name] ?? .possible
                violation("\(entry): an action for \(state) that is not right after entering it (log shows \(shown))")
            }
            awaitingAction[name] = nil
        case .touches(let phase, let responder, let ids):
            for id in ids {
                let before = phases[id, default: []]
                if before.contains(where: \.isFinal) { violation("\(entry): \(id) delivered after its final phase") }
                if before.isEmpty, phase != .began { violation("\(entry): \(id) delivered \(phase) before began") }
                if !before.isEmpty, phase == .began { violation("\(entry): \(id) began twice") }
                if let view = views[id], view != responder { violation("\(entry): \(id) changed view from \(view)") }
                views[id] = responder
                phases[id, default: []].append(phase)
            }
        case .forwarded, .dropped, .controlEvent, .touchIgnored, .deadline, .inputDiagnostic, .arena, .scroll:
            break
        }
    }

    /// An action ran: it must observe the state the log just showed, one that sends actions.
    private func actionRan(_ recognizer: GestureRecognizer) {
        let shown = states[recognizer.logName] ?? .possible
        let expected: GestureRecognizer.State? =
            switch shown {
            case .began: .began
            case .changed: .changed
            case .recognized, .ended: .ended
            case .cancelled: .cancelled
            case .possible, .failed: nil
            }
        if let expected, recognizer.state == expected { return }
        violation("\(recognizer.logName)'s action ran in \(recognizer.state) (the log shows \(shown))")
    }

    /// Whether `from → to` for `reason` is a legal transition (spec §5.2).
    public static func isLegal(
        _ from: Delivery.RecognizerState, _ to: Delivery.RecognizerState, _ reason: Delivery.RecognizerReason
    ) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .recognized), (.possible, .failed),
            (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            reason != .reset
        case (.recognized, .possible), (.ended, .possible), (.cancelled, .possible), (.failed, .possible):
            reason == .reset
        default:
            false
        }
    }

    /// Checks what must hold once the input is over and every timer ran, and stops watching (the observer that
    /// was set before the checker is put back, and the checker's actions are removed).
    public func finish() {
        guard !finished else { return }
        finished = true
        for (id, sequence) in phases.sorted(by: { $0.key < $1.key }) {
            let finals = sequence.filter(\.isFinal).count
            let middle = sequence.dropFirst().dropLast().allSatisfy { $0 == .moved }
            if finals != 1 || sequence.last?.isFinal != true || !middle {
                violation("\(id) was delivered \(sequence) to \(views[id] ?? "?")")
            }
        }
        for (name, pending) in awaitingAction.sorted(by: { $0.key < $1.key }) {
            violation("\(name): no action after \(pending)")
        }
        for recognizer in recognizers {
            if recognizer.state != .possible { violation("\(recognizer.logName) left in \(recognizer.state)") }
            if recognizer.numberOfTouches != 0 {
                violation("\(recognizer.logName) still holds \(recognizer.numberOfTouches) touch(es)")
            }
        }
        application.deliveryObserver = previousObserver
        for (recognizer, identifier) in actionIdentifiers { recognizer.removeAction(identifier) }
    }
}
