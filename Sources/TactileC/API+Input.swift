import CTactileAPI
import Tactile
import TactileInput
import TactileReplay

// The functions of tactile.h's "Input" section: frames, contact streams, the clock, traces.

extension CApplication {
    /// The application's time on the caller's clock, once it has one.
    var callerNow: Int64? { instance.application.currentTime.map(callerTime) }

    /// `time` (the caller's clock) as a timestamp, refused when it is `TACTILE_TIME_NONE` or before the
    /// application's time.
    func checkTime(_ time: Int64, _ argument: String = "time") throws(APIError) -> Timestamp {
        guard time != TACTILE_TIME_NONE_VALUE else { throw .invalid("\(argument) is TACTILE_TIME_NONE") }
        if let current = instance.application.currentTime, let origin = driver.origin {
            let (relative, overflow) = time.subtractingReportingOverflow(origin.nanoseconds)
            guard !overflow, relative >= current.nanoseconds else {
                throw .invalid(
                    "\(argument) \(time) ns is before the application's time \(callerTime(current)) ns; times must not go backwards")
            }
        }
        return Timestamp(nanoseconds: time)
    }
}

/// `TACTILE_TIME_NONE` (a macro of `INT64_MIN`, which Swift does not import).
let TACTILE_TIME_NONE_VALUE = Int64.min

extension TouchContact.Phase {
    init?(_ phase: tactile_contact_phase) {
        switch phase {
        case TACTILE_CONTACT_BEGAN: self = .began
        case TACTILE_CONTACT_MOVED: self = .moved
        case TACTILE_CONTACT_STATIONARY: self = .stationary
        case TACTILE_CONTACT_ENDED: self = .ended
        case TACTILE_CONTACT_CANCELLED: self = .cancelled
        default: return nil
        }
    }
}

@c @implementation @MainActor
public func tactile_application_send_frame(
    _ application: OpaquePointer?, _ time: tactile_time, _ contacts: UnsafePointer<tactile_contact>?, _ count: Int
) -> tactile_status {
    api("tactile_application_send_frame") { () throws(APIError) in
        let app = try Lookup.application(application)
        guard count >= 0 else { throw .invalid("count \(count) is negative") }
        guard count == 0 || contacts != nil else { throw .null("contacts") }
        let timestamp = try app.checkTime(time)
        // The frame's contacts go in the application's reused array (moved out for the call: a callback may send
        // a frame too), so a steady frame allocates nothing.
        var frame = TouchFrame(timestamp: timestamp, contacts: [])
        swap(&frame.contacts, &app.frameContacts)
        defer {
            frame.contacts.removeAll(keepingCapacity: true)
            swap(&frame.contacts, &app.frameContacts)
        }
        for index in 0..<count {
            let contact = contacts![index]
            guard let phase = TouchContact.Phase(contact.phase) else {
                throw .invalid("contacts[\(index)].phase \(contact.phase.rawValue) is not a tactile_contact_phase")
            }
            // The field's name is made only for the message (an interpolation per contact was ~40 % of the
            // boundary's cost per frame).
            guard contact.x.isFinite, contact.y.isFinite else {
                let (field, value) = contact.x.isFinite ? ("y", contact.y) : ("x", contact.x)
                throw .invalid("contacts[\(index)].\(field) is \(value), not a finite number")
            }
            frame.contacts.append(
                TouchContact(
                    id: TouchContact.ID(contact.id), phase: phase, location: Point(x: contact.x, y: contact.y),
                    slot: index))
        }
        try app.dispatch { () throws(APIError) in app.driver.send(frame) }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_advance(_ application: OpaquePointer?, _ time: tactile_time) -> tactile_status {
    api("tactile_application_advance") { () throws(APIError) in
        let app = try Lookup.application(application)
        let timestamp = try app.checkTime(time)
        try app.dispatch { () throws(APIError) in app.driver.advance(to: timestamp) }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_next_deadline(
    _ application: OpaquePointer?, _ deadline: UnsafeMutablePointer<tactile_time>?,
    _ has_deadline: UnsafeMutablePointer<Bool>?
) -> tactile_status {
    api("tactile_application_next_deadline") { () throws(APIError) in
        let app = try Lookup.application(application)
        let deadline = try Lookup.out(deadline, "deadline")
        let has = try Lookup.out(has_deadline, "has_deadline")
        if let next = app.driver.nextDeadline {
            deadline.pointee = next.nanoseconds
            has.pointee = true
        } else {
            deadline.pointee = 0
            has.pointee = false
        }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_cancel_all_touches(_ application: OpaquePointer?, _ time: tactile_time) -> tactile_status {
    api("tactile_application_cancel_all_touches") { () throws(APIError) in
        let app = try Lookup.application(application)
        let timestamp = try app.checkTime(time)
        try app.dispatch { () throws(APIError) in app.driver.cancelAllTouches(at: timestamp) }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_finish(_ application: OpaquePointer?, _ time: tactile_time) -> tactile_status {
    api("tactile_application_finish") { () throws(APIError) in
        let app = try Lookup.application(application)
        let timestamp = try app.checkTime(time)
        try app.dispatch { () throws(APIError) in app.driver.finish(at: timestamp) }
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_application_replay_trace(_ application: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> tactile_status {
    api("tactile_application_replay_trace") { () throws(APIError) in
        let app = try Lookup.application(application)
        let path = try Lookup.string(path, "path")
        guard app.dispatchDepth == 0 else {
            throw APIError(
                status: TACTILE_ERROR_BUSY,
                message: "called from inside one of the application's callbacks; replay a trace after the input call returns")
        }
        let source: TraceSource
        let replay: TraceReplay
        do throws(TraceError) {
            source = try TraceSource(path: path)
            replay = try source.open(scene: app.instance.scene)
        } catch {
            throw APIError(status: TACTILE_ERROR_FILE, message: "\(error)")
        }
        let statistics = try app.dispatch { () throws(APIError) in
            do throws(TraceError) {
                return try app.driver.replay(replay)
            } catch {
                throw APIError(status: TACTILE_ERROR_FILE, message: "\(source.renamed(error))")
            }
        }
        // As `tactile replay`: a trace without events is an error (a description alone); touches still down at
        // its end were cancelled, and the log says so.
        if statistics.eventCount == 0 {
            throw APIError(
                status: TACTILE_ERROR_FILE,
                message: "\(source.displayName): has no events (a device description alone?)")
        }
        return TACTILE_OK
    }
}

// MARK: - Contact streams

/// What a `tactile_contact_stream` handle names: the stream and its reused output.
@MainActor
final class StreamEntry {
    var stream: ContactStream
    var output = ContactStream.Output()
    unowned let application: CApplication
    var handle = Handle(rawValue: 0)

    init(grouping: ContactStream.Grouping, application: CApplication) {
        stream = ContactStream(grouping: grouping)
        self.application = application
    }

    /// Gives `event` to the stream and the frames it completes to the application; `TACTILE_IGNORED` with the
    /// stream's diagnostics when it ignored or altered the event.
    func handle(_ event: ContactStream.Event, _ function: StaticString) throws(APIError) -> tactile_status {
        output.frames.removeAll(keepingCapacity: true)
        output.diagnostics.removeAll(keepingCapacity: true)
        stream.handle(event, into: &output)
        return try send(function)
    }

    func flush(_ function: StaticString) throws(APIError) -> tactile_status {
        output.frames.removeAll(keepingCapacity: true)
        output.diagnostics.removeAll(keepingCapacity: true)
        stream.flush(into: &output)
        return try send(function)
    }

    private func send(_ function: StaticString) throws(APIError) -> tactile_status {
        // Most events complete no frame (a motion within a frame): nothing to send, nothing to report.
        if output.frames.isEmpty, output.diagnostics.isEmpty { return TACTILE_OK }
        // Read before sending: a callback may feed this stream again (its output is then another array).
        let diagnostics = output.diagnostics
        let frames = output.frames
        var late: Timestamp?
        try application.dispatch { () throws(APIError) in
            for var frame in frames {
                // A frame before the application's clock (input of another source, or after `finish`) counts at
                // the clock's time, as the stream does with its own times: frame times never go backwards.
                if let now = application.callerNow, frame.timestamp.nanoseconds < now {
                    late = frame.timestamp
                    frame.timestamp = Timestamp(nanoseconds: now)
                }
                application.driver.send(frame)
            }
        }
        var reasons = diagnostics.map(\.description)
        if let late, let now = application.callerNow {
            reasons.append("a frame at \(late.nanoseconds) ns is before the application's time \(now) ns: it counts at that time")
        }
        guard !reasons.isEmpty else { return TACTILE_OK }
        return ignored(function, reasons.joined(separator: "; "))
    }
}

extension ContactStream.Grouping {
    init?(_ grouping: tactile_grouping) {
        switch grouping {
        case TACTILE_GROUPING_FRAME_EVENTS: self = .frameEvents
        case TACTILE_GROUPING_TIMESTAMPS: self = .timestamps
        default: return nil
        }
    }
}

@c @implementation @MainActor
public func tactile_contact_stream_create(
    _ application: OpaquePointer?, _ grouping: tactile_grouping, _ stream: UnsafeMutablePointer<OpaquePointer?>?
) -> tactile_status {
    api("tactile_contact_stream_create") { () throws(APIError) in
        let app = try Lookup.application(application)
        let out = try Lookup.out(stream, "stream")
        guard let grouping = ContactStream.Grouping(grouping) else {
            throw .invalid("grouping \(grouping.rawValue) is not a tactile_grouping")
        }
        let entry = StreamEntry(grouping: grouping, application: app)
        entry.handle = ThreadState.current.insert(entry, kind: .contactStream, owner: ObjectIdentifier(app))
        out.pointee = entry.handle.pointer
        return TACTILE_OK
    }
}

@c @implementation @MainActor
public func tactile_contact_stream_destroy(_ stream: OpaquePointer?) -> tactile_status {
    api("tactile_contact_stream_destroy") { () throws(APIError) in
        guard stream != nil else { return TACTILE_OK }
        let entry = try Lookup.stream(stream)
        ThreadState.current.remove(entry.handle)
        if entry.stream.activeContactCount > 0 {
            let time = entry.application.instance.application.currentTime.map(entry.application.callerTime) ?? 0
            let output = entry.stream.end(at: Timestamp(nanoseconds: time))
            try entry.application.dispatch { () throws(APIError) in
                for frame in output.frames { entry.application.driver.send(frame) }
            }
        }
        return TACTILE_OK
    }
}

/// A report for `down` and `motion`.
private func report(_ id: Int64, _ time: Int64, _ x: Double, _ y: Double) -> ContactReport {
    ContactReport(id: id, timestamp: Timestamp(nanoseconds: time), location: Point(x: x, y: y))
}

@c @implementation @MainActor
public func tactile_contact_down(
    _ stream: OpaquePointer?, _ id: Int64, _ time: tactile_time, _ x: Double, _ y: Double
) -> tactile_status {
    api("tactile_contact_down") { () throws(APIError) in
        try Lookup.stream(stream).handle(.down(report(id, time, x, y)), "tactile_contact_down")
    }
}

@c @implementation @MainActor
public func tactile_contact_motion(
    _ stream: OpaquePointer?, _ id: Int64, _ time: tactile_time, _ x: Double, _ y: Double
) -> tactile_status {
    api("tactile_contact_motion") { () throws(APIError) in
        try Lookup.stream(stream).handle(.motion(report(id, time, x, y)), "tactile_contact_motion")
    }
}

@c @implementation @MainActor
public func tactile_contact_up(_ stream: OpaquePointer?, _ id: Int64, _ time: tactile_time) -> tactile_status {
    api("tactile_contact_up") { () throws(APIError) in
        try Lookup.stream(stream).handle(.up(id: id, at: Timestamp(nanoseconds: time)), "tactile_contact_up")
    }
}

@c @implementation @MainActor
public func tactile_contact_up_at(
    _ stream: OpaquePointer?, _ id: Int64, _ time: tactile_time, _ x: Double, _ y: Double
) -> tactile_status {
    api("tactile_contact_up_at") { () throws(APIError) in
        let entry = try Lookup.stream(stream)
        // A location that is not finite: the lift counts where the contact was last reported.
        let location = x.isFinite && y.isFinite ? Point(x: x, y: y) : nil
        let status = try entry.handle(.up(id: id, at: Timestamp(nanoseconds: time), location: location), "tactile_contact_up_at")
        if location == nil, status == TACTILE_OK {
            return ignored("tactile_contact_up_at", "contact \(id) lifted at (\(x), \(y)), not a finite location: it lifted where it was last reported")
        }
        return status
    }
}

@c @implementation @MainActor
public func tactile_contact_cancel(_ stream: OpaquePointer?, _ id: Int64, _ time: tactile_time) -> tactile_status {
    api("tactile_contact_cancel") { () throws(APIError) in
        try Lookup.stream(stream).handle(.cancel(id: id, at: Timestamp(nanoseconds: time)), "tactile_contact_cancel")
    }
}

@c @implementation @MainActor
public func tactile_contact_cancel_all(_ stream: OpaquePointer?, _ time: tactile_time) -> tactile_status {
    api("tactile_contact_cancel_all") { () throws(APIError) in
        try Lookup.stream(stream).handle(.cancelAll(at: Timestamp(nanoseconds: time)), "tactile_contact_cancel_all")
    }
}

@c @implementation @MainActor
public func tactile_contact_frame(_ stream: OpaquePointer?, _ time: tactile_time) -> tactile_status {
    api("tactile_contact_frame") { () throws(APIError) in
        let at = time == TACTILE_TIME_NONE_VALUE ? nil : Timestamp(nanoseconds: time)
        return try Lookup.stream(stream).handle(.frame(at: at), "tactile_contact_frame")
    }
}

@c @implementation @MainActor
public func tactile_contact_stream_flush(_ stream: OpaquePointer?) -> tactile_status {
    api("tactile_contact_stream_flush") { () throws(APIError) in
        try Lookup.stream(stream).flush("tactile_contact_stream_flush")
    }
}
