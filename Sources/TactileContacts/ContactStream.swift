import Tactile

/// Touch input from any source that reports contacts one by one — a Wayland compositor's `wl_touch`, SDL's
/// finger events, GTK, libinput — assembled into the same `TouchFrame`s the evdev decoder makes.
///
/// Feed it the source's events in order with ``handle(_:)``; it returns the frames they complete. Everything
/// after the frames is shared with evdev input and trace replay: dispatch, hit-testing, recognizers, the
/// delivery log. It does no I/O and reads no clock: every time comes from the events (spec §1.2).
///
/// ```swift
/// var stream = ContactStream(grouping: .frameEvents)        // Wayland: wl_touch.frame ends each frame
/// let output = stream.handle(.down(ContactReport(id: 0, timestamp: t, location: Point(x: 120, y: 80))))
///     + stream.handle(.frame(at: nil))
/// for frame in output.frames { application.send(frame) }
/// ```
///
/// ## Frames
///
/// A frame is everything that happened between two frame boundaries, as one device report is for the
/// decoder. The boundaries depend on ``grouping``:
/// - ``Grouping/frameEvents``: only ``Event/frame(at:)`` ends a frame (Wayland's `wl_touch.frame`,
///   libinput's `LIBINPUT_EVENT_TOUCH_FRAME`). Events without a frame after them are held.
/// - ``Grouping/timestamps``: events with the same timestamp form one frame. A frame ends when an event (other
///   than a frame event) with a later timestamp arrives, at ``Event/frame(at:)``, or at ``flush()``. A source without frame events (SDL)
///   calls ``flush()`` once it has read every event waiting (after `SDL_PollEvent` returns 0), so a frame is
///   never held beyond one turn of the application's loop.
///
/// Each frame follows the evdev decoder's rules (TactileInput's `MultitouchDecoder`):
/// - It lists every contact that is down or changed: `began`, `moved` (its location changed), `stationary`,
///   `ended` or `cancelled`, ordered by slot (``ContactReport/slot``); contacts of the same slot keep the order
///   of their events, ended ones first.
/// - The last report in a frame wins: two motions of one contact in a frame are one `moved`, a contact that
///   went down and moved is `began` at its last location. A frame in which nothing began, moved, ended or was
///   cancelled is not sent (spec §1.2.3: a change of force alone is dropped).
/// - A contact that goes down and up within one frame gives two frames at the frame's time: one where it
///   began, one where it ended — never a lost touch.
/// - The frame's time is ``Event/frame(at:)``'s when it has one, else the latest event time in the frame.
///
/// ## Cancellation and errors
///
/// ``Event/cancel(id:at:)`` cancels one contact (a source's palm rejection: libinput's
/// `LIBINPUT_EVENT_TOUCH_CANCEL`). ``Event/cancelAll(at:)`` is a compositor's `wl_touch.cancel`: every contact
/// of the stream is cancelled at once, in a frame of its own at the cancel's time; the events of the unfinished
/// frame are dropped (a contact that went down in it was never reported and is not reported now). ``end(at:)``
/// does the same and stops the stream.
///
/// Source errors never stop the stream and never strand a touch; each gets one ``Diagnostic``:
/// a `motion`, `up` or `cancel` for an identifier that is not down is ignored; a second `down` for an
/// identifier that is down ends the old contact and begins a new one (as a tracking id replaced without a lift
/// in evdev); an identifier reused within one frame (`up` then `down`) ends the first contact and begins the
/// second in that frame; an event time earlier than one already seen is taken as the latest time, so frame
/// times never go backwards; a location that is not finite drops the event.
///
/// Not thread-safe in itself, but a value: keep it with the loop that reads the source.
public struct ContactStream: Sendable {
    /// How the stream finds the end of a frame.
    public enum Grouping: Hashable, Sendable {
        /// Only ``Event/frame(at:)`` ends a frame: for sources with frame events (Wayland, libinput).
        case frameEvents
        /// A later timestamp, ``Event/frame(at:)`` or ``flush()`` ends a frame: for sources without frame
        /// events (SDL).
        case timestamps
    }

    /// One event of a source.
    public enum Event: Hashable, Sendable, CustomStringConvertible {
        /// A contact touched down (`wl_touch.down`, `SDL_FINGERDOWN`, `LIBINPUT_EVENT_TOUCH_DOWN`).
        case down(ContactReport)
        /// A contact moved or changed shape or force (`wl_touch.motion`, `SDL_FINGERMOTION`).
        case motion(ContactReport)
        /// A contact lifted (`wl_touch.up`, `SDL_FINGERUP`), at `location` when the source says where (SDL),
        /// else where it was last reported (Wayland).
        case up(id: Int64, at: Timestamp, location: Point? = nil)
        /// One contact was cancelled by the source (libinput's palm detection: `LIBINPUT_EVENT_TOUCH_CANCEL`).
        case cancel(id: Int64, at: Timestamp)
        /// Every contact of the source was cancelled (`wl_touch.cancel`: the compositor took the touches for
        /// a gesture of its own).
        case cancelAll(at: Timestamp)
        /// The end of a frame (`wl_touch.frame`, `LIBINPUT_EVENT_TOUCH_FRAME`), at `time` when the source
        /// gives one, else at the latest event time in the frame.
        case frame(at: Timestamp?)

        /// Whether the event is ``frame(at:)``.
        var isFrame: Bool {
            switch self {
            case .frame: true
            case .down, .motion, .up, .cancel, .cancelAll: false
            }
        }

        /// The event's time, if it has one.
        public var timestamp: Timestamp? {
            switch self {
            case .down(let report), .motion(let report): report.timestamp
            case .up(_, let time, _), .cancel(_, let time), .cancelAll(let time): time
            case .frame(let time): time
            }
        }

        public var description: String {
            switch self {
            case .down(let report): "down(\(report.id)@\(report.location) \(report.timestamp))"
            case .motion(let report): "motion(\(report.id)@\(report.location) \(report.timestamp))"
            case .up(let id, let time, let location): "up(\(id)\(location.map { "@\($0)" } ?? "") \(time))"
            case .cancel(let id, let time): "cancel(\(id) \(time))"
            case .cancelAll(let time): "cancelAll(\(time))"
            case .frame(let time): "frame(\(time.map { "\($0)" } ?? "-"))"
            }
        }
    }

    /// The stream's phase.
    enum State: Sendable {
        /// Taking events.
        /// Can transition to: ``ended``.
        case open
        /// ``end(at:)`` was called: every event is ignored (one ``Diagnostic/inputAfterEnd`` for the first).
        /// Can transition to: nothing.
        case ended(diagnosed: Bool)
    }

    /// A contact of the source that the stream tracks.
    struct Contact: Sendable {
        var sourceID: Int64
        var id: TouchContact.ID
        var slot: Int
        /// The latest report (its location is where the next frame puts the contact).
        var report: ContactReport
        /// Whether the contact went down in the frame being collected (and was not yet reported).
        var isNew: Bool
        /// Where the last frame put it.
        var lastLocation: Point
    }

    /// A contact that ended or was cancelled in the frame being collected.
    struct Closed: Sendable {
        var contact: Contact
        var phase: TouchContact.Phase
    }

    /// How frames end.
    public let grouping: Grouping
    var state = State.open
    /// The contacts that are down, in the order they went down.
    var contacts: [Contact] = []
    /// The contacts that closed in the frame being collected.
    var closed: [Closed] = []
    /// Source identifiers that lifted in the frame being collected (for ``Diagnostic/identifierReusedInFrame(_:)``).
    var liftedInFrame: Set<Int64> = []
    /// Whether events arrived since the last frame ended.
    var frameHasEvents = false
    /// The latest event time seen (events earlier than it are taken at it).
    var latestTime: Timestamp?
    /// The latest event time in the frame being collected.
    var frameTime: Timestamp?
    /// The last frame's time: frame times never go backwards.
    var lastFrameTime: Timestamp?
    var nextContactID: UInt64 = 1
    /// The lists the frames are built in, kept from frame to frame (room for ten fingers from the start).
    var frameBuilder = FrameBuilder(capacity: 10)

    /// Creates a stream.
    ///
    /// - Parameter grouping: how frames end: ``Grouping/frameEvents`` for sources that send frame events,
    ///   ``Grouping/timestamps`` for those that do not.
    public init(grouping: Grouping) {
        self.grouping = grouping
        contacts.reserveCapacity(10)
    }

    /// The number of contacts down now (including those not yet reported in a frame).
    public var activeContactCount: Int { contacts.count }

    /// Whether ``end(at:)`` was called.
    public var isEnded: Bool {
        switch state {
        case .open: false
        case .ended: true
        }
    }

    /// Applies one event; returns the frames it completes and any diagnostics.
    public mutating func handle(_ event: Event) -> Output {
        var output = Output()
        handle(event, into: &output)
        return output
    }

    /// Applies one event and appends the frames it completes and any diagnostics to `output`.
    public mutating func handle(_ event: Event, into output: inout Output) {
        switch state {
        case .open: break
        case .ended(let diagnosed):
            if !diagnosed {
                output.diagnostics.append(.inputAfterEnd(event))
                state = .ended(diagnosed: true)
            }
            return
        }
        var time: Timestamp?
        if let eventTime = event.timestamp {
            time = accept(eventTime, diagnostics: &output.diagnostics)
            if grouping == .timestamps, !event.isFrame, frameHasEvents, let pending = frameTime, let time, time > pending {
                finishFrame(at: nil, into: &output)
            }
        }
        switch event {
        case .down(var report):
            report.timestamp = time ?? report.timestamp
            down(report, diagnostics: &output.diagnostics)
        case .motion(var report):
            report.timestamp = time ?? report.timestamp
            motion(report, diagnostics: &output.diagnostics)
        case .up(let id, _, let location):
            close(id, phase: .ended, location: location, at: time, diagnostics: &output.diagnostics)
        case .cancel(let id, _):
            close(id, phase: .cancelled, location: nil, at: time, diagnostics: &output.diagnostics)
        case .cancelAll(let at):
            cancelEverything(at: time ?? at, into: &output)
        case .frame:
            finishFrame(at: time, into: &output)
        }
    }

    /// Ends the frame being collected, as a source without frame events does once it has read every event
    /// waiting (``Grouping/timestamps``). Does nothing when no event arrived since the last frame.
    public mutating func flush() -> Output {
        var output = Output()
        flush(into: &output)
        return output
    }

    /// Ends the frame being collected and appends it to `output` (see ``flush()``).
    public mutating func flush(into output: inout Output) {
        switch state {
        case .open: if frameHasEvents { finishFrame(at: nil, into: &output) }
        case .ended: break
        }
    }

    /// Ends the stream — the source went away, or the application stops — and cancels every contact in one
    /// frame at `timestamp` (or the latest event time, if later), as ``Event/cancelAll(at:)`` does. Later
    /// events are ignored.
    public mutating func end(at timestamp: Timestamp) -> Output {
        var output = Output()
        switch state {
        case .ended: return output
        case .open: break
        }
        let time = latestTime.map { Swift.max($0, timestamp) } ?? timestamp
        cancelEverything(at: time, into: &output)
        state = .ended(diagnosed: false)
        return output
    }

    // MARK: Applying events

    /// The time an event counts at: its own, or the latest seen when it went backwards (with a diagnostic).
    mutating func accept(_ time: Timestamp, diagnostics: inout [Diagnostic]) -> Timestamp {
        let accepted = FrameBuilder.time(time, notBefore: &latestTime)
        if accepted != time { diagnostics.append(.timeWentBackwards(from: accepted, to: time)) }
        return accepted
    }

    /// Notes that an event joined the frame being collected at `time`.
    mutating func join(at time: Timestamp?) {
        frameHasEvents = true
        if let time { frameTime = frameTime.map { Swift.max($0, time) } ?? time }
    }

    mutating func down(_ report: ContactReport, diagnostics: inout [Diagnostic]) {
        guard report.location.x.isFinite, report.location.y.isFinite else {
            diagnostics.append(.nonFiniteLocation(id: report.id))
            return
        }
        join(at: report.timestamp)
        if let index = contacts.firstIndex(where: { $0.sourceID == report.id }) {
            diagnostics.append(.contactAlreadyDown(id: report.id))
            closed.append(Closed(contact: contacts.remove(at: index), phase: .ended))
        } else if liftedInFrame.contains(report.id) {
            diagnostics.append(.identifierReusedInFrame(id: report.id))
        }
        let slot = report.slot ?? lowestFreeSlot()
        let id = TouchContact.ID(nextContactID)
        nextContactID += 1
        contacts.append(
            Contact(sourceID: report.id, id: id, slot: slot, report: report, isNew: true, lastLocation: report.location))
    }

    mutating func motion(_ report: ContactReport, diagnostics: inout [Diagnostic]) {
        guard let index = contacts.firstIndex(where: { $0.sourceID == report.id }) else {
            diagnostics.append(.unknownContact(id: report.id, event: "motion"))
            return
        }
        guard report.location.x.isFinite, report.location.y.isFinite else {
            diagnostics.append(.nonFiniteLocation(id: report.id))
            return
        }
        join(at: report.timestamp)
        // The slot is the contact's for its whole life.
        var updated = report
        updated.slot = contacts[index].slot
        contacts[index].report = updated
    }

    mutating func close(
        _ sourceID: Int64, phase: TouchContact.Phase, location: Point?, at time: Timestamp?,
        diagnostics: inout [Diagnostic]
    ) {
        guard let index = contacts.firstIndex(where: { $0.sourceID == sourceID }) else {
            diagnostics.append(.unknownContact(id: sourceID, event: phase == .ended ? "up" : "cancel"))
            return
        }
        join(at: time)
        var contact = contacts.remove(at: index)
        if let location {
            if location.x.isFinite, location.y.isFinite {
                contact.report.location = location
            } else {
                diagnostics.append(.nonFiniteLocation(id: sourceID))
            }
        }
        if let time { contact.report.timestamp = time }
        liftedInFrame.insert(sourceID)
        closed.append(Closed(contact: contact, phase: phase))
    }

    /// The lowest slot no contact of the stream holds (closed ones of this frame included).
    func lowestFreeSlot() -> Int {
        var slot = 0
        while contacts.contains(where: { $0.slot == slot }) || closed.contains(where: { $0.contact.slot == slot }) {
            slot += 1
        }
        return slot
    }

    // MARK: Making frames

    /// Ends the frame being collected: decides each contact's phase and appends the frames to `output`.
    mutating func finishFrame(at explicitTime: Timestamp?, into output: inout Output) {
        defer {
            frameHasEvents = false
            frameTime = nil
            liftedInFrame.removeAll(keepingCapacity: true)
        }
        guard frameHasEvents, let candidate = explicitTime ?? frameTime ?? latestTime else { return }
        // Every time was clamped to the latest seen (``accept(_:diagnostics:)``), so this never moves it: a guard.
        let time = lastFrameTime.map { Swift.max($0, candidate) } ?? candidate

        // The last frame's lists, emptied: their storage is reused once the consumer dropped that frame, so a
        // steady frame allocates nothing (a consumer that keeps frames gets copies: FrameBuilder.frame).
        var frames = FrameBuilder()
        swap(&frames, &frameBuilder)
        frames.empty()
        defer { frameBuilder = frames }
        for item in closed {
            let entry = touchContact(item.contact, item.phase)
            if item.contact.isNew {
                // Never reported: a cancelled one is dropped; a real tap is kept as two frames.
                if item.phase == .cancelled { continue }
                frames.appendBeganAndEnded(entry)
            } else {
                frames.append(entry)
            }
        }
        closed.removeAll(keepingCapacity: true)
        for index in contacts.indices {
            var contact = contacts[index]
            let entry: TouchContact
            if contact.isNew {
                entry = touchContact(contact, .began)
                contact.isNew = false
            } else {
                entry = touchContact(contact, contact.report.location == contact.lastLocation ? .stationary : .moved)
            }
            contact.lastLocation = contact.report.location
            contacts[index] = contact
            frames.appendDown(entry)
        }
        if frames.finish(at: time, into: &output.frames) { lastFrameTime = time }
    }

    /// Cancels every contact the application knows about in one frame at `time`; drops the frame being
    /// collected.
    mutating func cancelEverything(at time: Timestamp, into output: inout Output) {
        let frameTime = lastFrameTime.map { Swift.max($0, time) } ?? time
        var entries: [TouchContact] = []
        for item in closed where !item.contact.isNew {
            var contact = item.contact
            contact.report.location = contact.lastLocation
            entries.append(touchContact(contact, .cancelled))
        }
        for var contact in contacts where !contact.isNew {
            contact.report.location = contact.lastLocation
            entries.append(touchContact(contact, .cancelled))
        }
        contacts.removeAll(keepingCapacity: true)
        closed.removeAll(keepingCapacity: true)
        liftedInFrame.removeAll(keepingCapacity: true)
        frameHasEvents = false
        self.frameTime = nil
        if !entries.isEmpty {
            output.frames.append(FrameBuilder.frame(&entries, at: frameTime))
            lastFrameTime = frameTime
        }
    }

    /// The core's view of a contact.
    func touchContact(_ contact: Contact, _ phase: TouchContact.Phase) -> TouchContact {
        let report = contact.report
        return TouchContact(
            id: contact.id, phase: phase, location: report.location, slot: contact.slot,
            majorRadius: report.majorRadius, majorRadiusTolerance: report.majorRadiusTolerance, force: report.force,
            maximumPossibleForce: report.maximumPossibleForce, tool: report.tool, type: report.type)
    }
}
