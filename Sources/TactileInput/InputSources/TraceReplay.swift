import Tactile

/// Plays a trace file through the decoder: events in, touch frames out, one frame at a time.
///
/// The trace streams (only the current line is in memory). When the trace ends, touches still down are
/// cancelled in a final frame at the latest event's time (the 3M recording ends with two fingers down); when a
/// malformed line stops it, the same frame comes before the error. Not
/// `Sendable`: it owns the open file and the decoder.
public final class TraceReplay {
    /// Counts gathered while replaying, for checks against a recording's known facts.
    public struct Statistics: Hashable, Sendable {
        /// Events read from the file (`SYN` events included).
        public var eventCount = 0
        /// `SYN_REPORT` events read: the recording's frames, before the decoder drops unchanged ones.
        public var reportCount = 0
        /// The first event's time.
        public var firstEventTime: Timestamp?
        /// The last event's time.
        public var lastEventTime: Timestamp?
        /// The latest event time: ``lastEventTime`` unless the times went backwards. The trace ends here (its
        /// touches still down are cancelled, its deadlines run), never earlier than a frame it produced.
        public var latestEventTime: Timestamp?
        /// Frames produced by the decoder.
        public var frameCount = 0
        /// Contacts that began.
        public var contactCount = 0
        /// The most contacts down at the same time.
        public var maximumSimultaneousContacts = 0
        /// The largest `BTN_TOOL_*` finger count seen (more than the contacts on a device with too few slots).
        public var maximumToolFingerCount = 0
        /// Reports in which the jitter filter held a moving contact in place (``JitterFilter``).
        public var filteredMotionCount = 0
        /// The contacts still down when the trace ended, which the replay cancelled (in increasing order; empty
        /// when every touch lifted). A trace cut off with fingers down:
        /// ``MultitouchDecoder/Diagnostic/traceEndedWithTouchesDown(_:)``.
        public var touchesDownAtEnd: [TouchContact.ID] = []

        /// The time from the first to the last event.
        public var duration: Duration {
            guard let first = firstEventTime, let last = lastEventTime else { return .zero }
            return last - first
        }
    }

    /// The trace being played.
    public let reader: TraceReader
    /// The decoding path.
    public let decoder: TouchInputDecoder
    /// What has been counted so far.
    public var statistics: Statistics { progress.statistics }
    /// Every diagnostic the decoder reported so far, in order.
    public var diagnostics: [MultitouchDecoder.Diagnostic] { progress.diagnostics }

    /// The replay's whole mutable state, changed by one call per frame (``Progress/nextFrame(reader:decoder:)``),
    /// so the loop over events works on a struct's fields: one exclusive access per frame, not per field and
    /// event (the dynamic checks were 5 % of a decode's instructions).
    private var progress = Progress()

    /// Opens a trace file for replay.
    ///
    /// - Throws: ``TraceError`` when the file cannot be read or is not from a touch device.
    public convenience init(
        path: String, configuration: MultitouchDecoder.Configuration = .init()
    ) throws(TraceError) {
        try self.init(reader: TraceReader(path: path), configuration: configuration)
    }

    /// Replays an open trace.
    ///
    /// The trace's udev properties (``TraceReader/udevProperties``) are used when `configuration` has none, so
    /// the jitter filter and calibration are those of the live session it was recorded from.
    ///
    /// - Throws: ``TraceError`` when the trace's device is not a touch device.
    public init(reader: TraceReader, configuration: MultitouchDecoder.Configuration = .init()) throws(TraceError) {
        self.reader = reader
        var configuration = configuration
        if configuration.udevProperties.isEmpty { configuration.udevProperties = reader.udevProperties }
        do {
            decoder = try TouchInputDecoder(description: reader.deviceDescription, configuration: configuration)
        } catch {
            throw TraceError(file: reader.path, reason: "\(error)")
        }
    }

    /// The next frame, or `nil` when the trace is over.
    ///
    /// - Throws: ``TraceError`` for a malformed line; frames before it were already returned, then a frame
    ///   cancelling the contacts still down (every contact that began ends or is cancelled), and the error comes
    ///   with the call after that frame.
    public func nextFrame() throws(TraceError) -> TouchFrame? {
        try progress.nextFrame(reader: reader, decoder: decoder)
    }

    /// Every remaining frame. Loads them all: for tests and short traces.
    public func remainingFrames() throws(TraceError) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }
}

extension TraceReplay {
    /// The replay's mutable state and the loop that advances it by one frame.
    private struct Progress {
        var statistics = Statistics()
        var diagnostics: [MultitouchDecoder.Diagnostic] = []
        var pending: [TouchFrame] = []
        var pendingIndex = 0
        var finished = false
        /// The error that stopped the trace, thrown once the frame cancelling its touches was returned.
        var stoppingError: TraceError?
        /// One output for every event, its storage kept from frame to frame.
        var output = MultitouchDecoder.Output()
        /// The contacts down now, with room for a hand (more grow it once).
        var active = Set<TouchContact.ID>(minimumCapacity: 10)

        /// The next frame (see ``TraceReplay/nextFrame()``).
        mutating func nextFrame(reader: TraceReader, decoder: TouchInputDecoder) throws(TraceError) -> TouchFrame? {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1 }
                return pending[pendingIndex]
            }
            if let error = stoppingError {
                stoppingError = nil
                throw error
            }
            pending.empty()
            pendingIndex = 0
            if finished { return nil }
            // The decoder's state in one access for the whole loop (``TouchInputDecoder/withState(_:)``).
            return try decoder.withState { (decoder, converter) throws(TraceError) -> TouchFrame? in
                while true {
                    // Events until one completes a frame or a diagnostic (``TraceReader/readEvents(while:)``).
                    let goesOn: Bool
                    do throws(TraceError) {
                        goesOn = try reader.readEvents { event in
                            statistics.eventCount += 1
                            if statistics.firstEventTime == nil { statistics.firstEventTime = event.timestamp }
                            statistics.lastEventTime = event.timestamp
                            if statistics.latestEventTime.map({ event.timestamp > $0 }) ?? true {
                                statistics.latestEventTime = event.timestamp
                            }
                            if event.isReport { statistics.reportCount += 1 }
                            TouchInputDecoder.handle(event, decoder: &decoder, converter: converter, into: &output)
                            statistics.maximumToolFingerCount = max(statistics.maximumToolFingerCount, decoder.toolFingerCount)
                            statistics.filteredMotionCount = decoder.filteredMotionCount
                            return output.frames.isEmpty && output.diagnostics.isEmpty
                        }
                    } catch {
                        // Every touch that began ends: cancel the contacts that are down, then report the line.
                        finished = true
                        stoppingError = error
                        output.append(decoder.end(at: statistics.latestEventTime ?? .zero))
                        if let frame = takeOutput() { return frame }
                        stoppingError = nil
                        throw error
                    }
                    if !goesOn {
                        finished = true
                        output.append(decoder.end(at: statistics.latestEventTime ?? .zero))
                        // The contacts the end cancels (those that began in its last report included).
                        var down = active
                        for frame in output.frames {
                            for contact in frame.contacts where contact.phase == .began { down.insert(contact.id) }
                            for contact in frame.contacts where contact.phase == .ended { down.remove(contact.id) }
                        }
                        if !down.isEmpty {
                            statistics.touchesDownAtEnd = down.sorted()
                            output.diagnostics.append(.traceEndedWithTouchesDown(statistics.touchesDownAtEnd))
                        }
                    }
                    if !output.frames.isEmpty || !output.diagnostics.isEmpty, let frame = takeOutput() { return frame }
                    if !goesOn { return nil }
                }
            }
        }

        /// Counts the output's frames and keeps them, and its diagnostics, for the caller; empties the output
        /// (keeping its storage) and returns the first frame kept, if any.
        mutating func takeOutput() -> TouchFrame? {
            if !output.diagnostics.isEmpty { diagnostics += output.diagnostics }
            for frame in output.frames {
                statistics.frameCount += 1
                for contact in frame.contacts {
                    switch contact.phase {
                    case .began:
                        statistics.contactCount += 1
                        active.insert(contact.id)
                    case .ended, .cancelled:
                        active.remove(contact.id)
                    case .moved, .stationary:
                        break
                    }
                }
                statistics.maximumSimultaneousContacts = max(statistics.maximumSimultaneousContacts, active.count)
            }
            pending.append(contentsOf: output.frames)
            output.frames.empty()
            output.diagnostics.empty()
            guard !pending.isEmpty else { return nil }
            pendingIndex = 1
            return pending[0]
        }
    }
}

@available(*, unavailable)
extension TraceReplay: Sendable {}
