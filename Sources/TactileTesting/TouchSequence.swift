import Tactile
import Testing

// Touch input written by hand: a digitizer's reports at exact times, as a test that names the frame a threshold is
// crossed in needs them. `GesturePlayer` samples a `GestureScript` like a touchscreen; `TouchSequence` sends exactly
// the reports it is given, nothing between them.

extension Timestamp {
    /// `value` milliseconds after the clock's origin, to the nearest nanosecond.
    public static func milliseconds(_ value: Double) -> Timestamp {
        Timestamp(nanoseconds: Int64((value * 1e6).rounded()))
    }

    /// `value` whole milliseconds after the clock's origin.
    public static func milliseconds<Integer: BinaryInteger>(_ value: Integer) -> Timestamp {
        Timestamp(nanoseconds: Int64(value) * 1_000_000)
    }
}

extension TouchContact {
    /// A contact that touches down at (`x`, `y`) in screen points, in `slot` (default: its identifier).
    public static func down(_ id: UInt64, _ x: Double, _ y: Double, slot: Int? = nil) -> TouchContact {
        TouchContact(id: ID(id), phase: .began, location: Point(x: x, y: y), slot: slot ?? Int(id))
    }

    /// A contact that moved to (`x`, `y`).
    public static func move(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .moved, location: Point(x: x, y: y), slot: Int(id))
    }

    /// A contact reported where it was, at (`x`, `y`): `UITouch.Phase.stationary`.
    public static func stationary(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .stationary, location: Point(x: x, y: y), slot: Int(id))
    }

    /// A contact that lifts at (`x`, `y`).
    public static func up(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .ended, location: Point(x: x, y: y), slot: Int(id))
    }

    /// A contact that the system cancels at (`x`, `y`) (a palm, a lost device).
    public static func cancel(_ id: UInt64, _ x: Double, _ y: Double) -> TouchContact {
        TouchContact(id: ID(id), phase: .cancelled, location: Point(x: x, y: y), slot: Int(id))
    }
}

extension TouchFrame {
    /// A report at `milliseconds` after the clock's origin holding `contacts`:
    /// `.at(16, .move(1, 110, 100), .stationary(2, 200, 100))`.
    public static func at(_ milliseconds: Double, _ contacts: TouchContact...) -> TouchFrame {
        TouchFrame(timestamp: .milliseconds(milliseconds), contacts: contacts)
    }

    /// A report at `milliseconds` (whole) after the clock's origin holding `contacts`.
    public static func at<Integer: BinaryInteger>(_ milliseconds: Integer, _ contacts: TouchContact...) -> TouchFrame {
        TouchFrame(timestamp: .milliseconds(milliseconds), contacts: contacts)
    }
}

/// A report a ``TouchSequence`` refused, and why: the script is wrong, not the application.
public struct TouchSequenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the report.
    public enum Reason: Hashable, Sendable {
        /// A contact touches down while it is down (it touched down at `since`).
        case alreadyDown(since: Timestamp)
        /// A contact moves, stays, lifts or is cancelled while it is not down; `liftedAt` is when it last lifted
        /// or was cancelled, `nil` when it never touched down.
        case notDown(liftedAt: Timestamp?)
        /// The report names the contact twice.
        case repeatedContact
        /// The report comes before the application's clock (`clock`): time only runs forward.
        case beforeClock(Timestamp)
    }

    /// When the refused report was to be sent.
    public var time: Timestamp
    /// The contact at fault, or `nil` when the whole report is.
    public var contact: TouchContact.ID?
    /// Why the report was refused.
    public var reason: Reason

    /// An error from its parts; see the properties.
    public init(time: Timestamp, contact: TouchContact.ID?, reason: Reason) {
        self.time = time
        self.contact = contact
        self.reason = reason
    }

    public var description: String {
        let at = "report at \(Self.milliseconds(time)) ms"
        let who = contact.map { "contact \($0.rawValue)" } ?? "the report"
        switch reason {
        case .alreadyDown(let since):
            return "\(at): \(who) touches down again while down since \(Self.milliseconds(since)) ms"
        case .notDown(let liftedAt?):
            return "\(at): \(who) is not down (it lifted at \(Self.milliseconds(liftedAt)) ms)"
        case .notDown(nil):
            return "\(at): \(who) is not down (it never touched down)"
        case .repeatedContact:
            return "\(at): \(who) appears twice in one report"
        case .beforeClock(let clock):
            return "\(at): comes before the application's clock, \(Self.milliseconds(clock)) ms"
        }
    }

    private static func milliseconds(_ time: Timestamp) -> String {
        let value = Double(time.nanoseconds) / 1e6
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }
}

/// Touch input by hand: each call is one digitizer report at an exact time, sent to an `Application` after every
/// timer due by then has run — as on a device, where a timer due at or before a report fires first.
///
/// Times are milliseconds on the application's clock. Contacts not named in a report stay where they are
/// (stationary), as a digitizer reports only what changed:
///
/// ```swift
/// let fingers = TouchSequence(application)
/// fingers.down(0, (1, Point(x: 100, y: 100)))
/// fingers.move(16, (1, Point(x: 112, y: 100)))
/// fingers.up(80, (1, Point(x: 112, y: 100)))
/// fingers.settle()  // a double tap's wait, a long press's delay…
/// ```
///
/// Nothing is interpolated or sampled: the application sees exactly the reports written, which is what a test
/// of a threshold (the frame a pan's hysteresis is crossed in, a press held 1 ms short of its duration) needs.
/// For touchscreen-like input from a gesture's shape, use ``GesturePlayer``.
///
/// A report that cannot come from a touchscreen — a contact lifted twice, moved while up, put down while down,
/// named twice, or a time before the application's clock — is not sent: it is recorded as a Swift Testing issue
/// (a ``TouchSequenceError``) at the line of the call. ``check(_:)`` tells without sending. To feed an
/// application malformed input on purpose, call `Application.send(_:)` directly.
@preconcurrency @MainActor
public final class TouchSequence {
    /// The application the reports go to.
    public let application: Application
    /// Every report sent so far, in order.
    public private(set) var sentFrames: [TouchFrame] = []
    /// The contacts down now, with where each was last reported.
    public private(set) var contactsDown: [TouchContact.ID: Point] = [:]
    /// When each contact down now touched down.
    private var landed: [TouchContact.ID: Timestamp] = [:]
    /// When each contact up now last lifted or was cancelled.
    private var lifted: [TouchContact.ID: Timestamp] = [:]

    /// A sequence of reports to `application`.
    public init(_ application: Application) {
        self.application = application
    }

    // MARK: Reports

    /// Contacts touch down at `milliseconds`: `(identifier, location)` pairs.
    public func down(
        _ milliseconds: Double, _ touches: (UInt64, Point)..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(milliseconds, .began, touches, sourceLocation)
    }

    /// Contacts move to new locations at `milliseconds`.
    public func move(
        _ milliseconds: Double, _ touches: (UInt64, Point)..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(milliseconds, .moved, touches, sourceLocation)
    }

    /// Contacts lift at `milliseconds`, at the given locations.
    public func up(
        _ milliseconds: Double, _ touches: (UInt64, Point)..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(milliseconds, .ended, touches, sourceLocation)
    }

    /// The system cancels contacts at `milliseconds` (a palm, a lost device), at the given locations.
    public func cancel(
        _ milliseconds: Double, _ touches: (UInt64, Point)..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        report(milliseconds, .cancelled, touches, sourceLocation)
    }

    /// A tap of contact `id` at `point`: down at `milliseconds`, up `holding` milliseconds later (default 80).
    public func tap(
        _ milliseconds: Double, _ id: UInt64, at point: Point, holding: Double = 80,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        down(milliseconds, (id, point), sourceLocation: sourceLocation)
        up(milliseconds + holding, (id, point), sourceLocation: sourceLocation)
    }

    /// Sends `frame` after running every timer due at or before its time; a report that ``check(_:)`` refuses is
    /// recorded as an issue at `sourceLocation` instead.
    public func send(_ frame: TouchFrame, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try check(frame)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
            return
        }
        runTimers(through: frame.timestamp)
        application.send(frame)
        sentFrames.append(frame)
        for contact in frame.contacts {
            switch contact.phase {
            case .began:
                contactsDown[contact.id] = contact.location
                landed[contact.id] = frame.timestamp
                lifted[contact.id] = nil
            case .moved, .stationary:
                contactsDown[contact.id] = contact.location
            case .ended, .cancelled:
                contactsDown[contact.id] = nil
                landed[contact.id] = nil
                lifted[contact.id] = frame.timestamp
            }
        }
    }

    /// Sends `frames` in order, each as ``send(_:sourceLocation:)``.
    public func send(_ frames: [TouchFrame], sourceLocation: SourceLocation = #_sourceLocation) {
        for frame in frames { send(frame, sourceLocation: sourceLocation) }
    }

    /// Throws the ``TouchSequenceError`` for which `frame` cannot follow the reports sent so far; returns when
    /// it can.
    public func check(_ frame: TouchFrame) throws(TouchSequenceError) {
        let time = frame.timestamp
        if let clock = application.currentTime, time < clock {
            throw TouchSequenceError(time: time, contact: nil, reason: .beforeClock(clock))
        }
        var seen: Set<TouchContact.ID> = []
        for contact in frame.contacts {
            guard seen.insert(contact.id).inserted else {
                throw TouchSequenceError(time: time, contact: contact.id, reason: .repeatedContact)
            }
            let isDown = contactsDown[contact.id] != nil
            if contact.phase == .began, isDown {
                let since = landed[contact.id]!
                throw TouchSequenceError(time: time, contact: contact.id, reason: .alreadyDown(since: since))
            }
            if contact.phase != .began, !isDown {
                let liftedAt = lifted[contact.id]
                throw TouchSequenceError(time: time, contact: contact.id, reason: .notDown(liftedAt: liftedAt))
            }
        }
    }

    // MARK: Time

    /// Lets the clock run to `milliseconds`, firing every timer due until then.
    public func wait(until milliseconds: Double) {
        let time = Timestamp.milliseconds(milliseconds)
        runTimers(through: time)
        application.advance(to: time)
    }

    /// Runs every pending timer, however far ahead (a scroll view's deceleration to its end, a double tap's
    /// wait).
    public func settle() {
        while let due = application.nextDeadline { application.advance(to: due) }
    }

    private func report(
        _ milliseconds: Double, _ phase: TouchContact.Phase, _ touches: [(UInt64, Point)],
        _ sourceLocation: SourceLocation
    ) {
        let contacts = touches.map { TouchContact(id: .init($0.0), phase: phase, location: $0.1, slot: Int($0.0)) }
        send(TouchFrame(timestamp: .milliseconds(milliseconds), contacts: contacts), sourceLocation: sourceLocation)
    }

    /// Runs the timers due at or before `time`, one at a time, each at its own time.
    private func runTimers(through time: Timestamp) {
        while let due = application.nextDeadline, due <= time { application.advance(to: due) }
    }
}
