import Tactile
import TactileInput
import TactileReplay

/// Follows touches through a delivery log and a decoder's frames and reports any break of the lifecycle
/// invariant: every touch that began ends or is cancelled exactly once, nothing happens to it before its
/// began or after its end.
public struct TouchLedger {
    public let name: String
    private var open: Set<UInt64> = []
    private var closed: Set<UInt64> = []

    public init(_ name: String) { self.name = name }

    public mutating func began(_ id: UInt64) {
        guard !closed.contains(id), open.insert(id).inserted else { violation("\(name): #\(id) began twice") }
    }

    public mutating func changed(_ id: UInt64, _ what: String) {
        guard open.contains(id) else { violation("\(name): #\(id) \(what) while not down") }
    }

    public mutating func finished(_ id: UInt64, _ what: String) {
        guard open.remove(id) != nil else { violation("\(name): #\(id) \(what) while not down (or twice)") }
        closed.insert(id)
    }

    /// Forgets the open touches without an end (a recognizer's reset detaches them).
    public mutating func reset() { open.removeAll() }

    /// Stops with a violation when a touch is still open.
    public func expectAllFinished(_ context: String) {
        if let id = open.min() { violation("\(name): #\(id) never ended or was cancelled (\(context))") }
    }

    /// Follows a decoder frame's contacts.
    public mutating func observe(_ frame: TouchFrame) {
        for contact in frame.contacts {
            switch contact.phase {
            case .began: began(contact.id.rawValue)
            case .moved, .stationary: changed(contact.id.rawValue, "\(contact.phase)")
            case .ended, .cancelled: finished(contact.id.rawValue, "\(contact.phase)")
            }
        }
    }
}

/// The lifecycle of touches in views (from the delivery log), per view.
@MainActor
public final class ViewLedger {
    private var ledgers: [String: TouchLedger] = [:]

    public init() {}

    public func observe(_ event: ReplayEvent) {
        guard case .delivery(let delivery) = event, case .touches(let phase, let view, let touches) = delivery.kind else {
            return
        }
        var ledger = ledgers[view] ?? TouchLedger("view \(view)")
        for id in touches {
            switch phase {
            case .began: ledger.began(id.rawValue)
            case .moved, .stationary: ledger.changed(id.rawValue, "\(phase)")
            case .ended, .cancelled: ledger.finished(id.rawValue, "\(phase)")
            }
        }
        ledgers[view] = ledger
    }

    public func expectAllFinished(_ context: String) {
        for name in ledgers.keys.sorted() { ledgers[name]?.expectAllFinished(context) }
    }
}

/// A recognizer that never recognizes and checks the touches it is given: each began once, then moves, then
/// exactly one ended or cancelled — unless it is reset first (which detaches its touches).
public final class LedgerRecognizer: GestureRecognizer {
    public var ledger: TouchLedger

    public init(name: String) {
        ledger = TouchLedger("recognizer \(name)")
        super.init()
        self.name = name
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { ledger.began(touch.id.rawValue) }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { ledger.changed(touch.id.rawValue, "moved") }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { ledger.finished(touch.id.rawValue, "ended") }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        for touch in touches { ledger.finished(touch.id.rawValue, "cancelled") }
    }

    public override func reset() { ledger.reset() }
}

/// A scene instance driven with the ledgers attached: views through the log, recognizers through a
/// ``LedgerRecognizer`` on every view that has a name.
@MainActor
public final class CheckedScene {
    public let driver: SceneDriver
    public let views = ViewLedger()
    public private(set) var recognizers: [LedgerRecognizer] = []

    public init(_ instance: SceneInstance) {
        driver = SceneDriver(instance: instance) { _ in }
        let views = self.views
        driver.observer = { event in views.observe(event) }
        for name in instance.views.keys.sorted() {
            guard let view = instance.views[name] else { continue }
            let recognizer = LedgerRecognizer(name: "ledger@\(name)")
            view.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
    }

    /// Checks that nothing is left open: call after the input ended and ``SceneDriver/finish(at:)``.
    public func expectAllFinished(_ context: String) {
        views.expectAllFinished(context)
        for recognizer in recognizers { recognizer.ledger.expectAllFinished(context) }
    }
}
