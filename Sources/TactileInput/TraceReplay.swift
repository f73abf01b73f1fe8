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
    // `@exclusivity(unchecked)` on the reader's own stored state: written only here, never across a call out
    // (dynamic exclusivity checks were a quarter of a replay's instructions; Benchmarks/README.md).
    /// What has been counted so far.
    @exclusivity(unchecked) public private(set) var statistics = Statistics()
    /// Every diagnostic the decoder reported so far, in order.
    @exclusivity(unchecked) public private(set) var diagnostics: [MultitouchDecoder.Diagnostic] = []

    @exclusivity(unchecked) private var pending: [TouchFrame] = []
    @exclusivity(unchecked) private var pendingIndex = 0
    @exclusivity(unchecked) private var finished = false
    /// The error that stopped the trace, thrown once the frame cancelling its touches was returned.
    @exclusivity(unchecked) private var stoppingError: TraceError?
    /// Reused storage for the decoder's output.
    @exclusivity(unchecked) private var output = MultitouchDecoder.Output()
    @exclusivity(unchecked) private var active: Set<TouchContact.ID> = []

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
        if pendingIndex < pending.count {
            defer { pendingIndex += 1 }
            return pending[pendingIndex]
        }
        if let error = stoppingError {
            stoppingError = nil
            throw error
        }
        // The hot loop works on locals (one class-property access each per frame, not per event).
        var statistics = self.statistics
        defer { self.statistics = statistics }
        pending.removeAll(keepingCapacity: true)
        pendingIndex = 0
        if finished { return nil }
        let reader = self.reader
        let decoder = self.decoder
        // One output for every event, its storage kept from call to call.
        var output = self.output
        self.output = MultitouchDecoder.Output()
        defer { self.output = output }
        while true {
            let next: InputEvent?
            do {
                next = try reader.nextEvent()
            } catch {
                // Every touch that began ends: cancel the contacts that are down, then report the line.
                finished = true
                stoppingError = error
                output.append(decoder.end(at: statistics.latestEventTime ?? .zero))
                take(output, into: &statistics)
                output.frames.removeAll(keepingCapacity: true)
                output.diagnostics.removeAll(keepingCapacity: true)
                if !pending.isEmpty {
                    pendingIndex = 1
                    return pending[0]
                }
                stoppingError = nil
                throw error
            }
            if let event = next {
                statistics.eventCount += 1
                if statistics.firstEventTime == nil { statistics.firstEventTime = event.timestamp }
                statistics.lastEventTime = event.timestamp
                if statistics.latestEventTime.map({ event.timestamp > $0 }) ?? true {
                    statistics.latestEventTime = event.timestamp
                }
                if event.isReport { statistics.reportCount += 1 }
                decoder.handle(event, into: &output)
                statistics.maximumToolFingerCount = max(statistics.maximumToolFingerCount, decoder.toolFingerCount)
                statistics.filteredMotionCount = decoder.filteredMotionCount
            } else {
                finished = true
                output.append(decoder.end(at: statistics.latestEventTime ?? .zero))
            }
            if !output.frames.isEmpty || !output.diagnostics.isEmpty {
                take(output, into: &statistics)
                output.frames.removeAll(keepingCapacity: true)
                output.diagnostics.removeAll(keepingCapacity: true)
            }
            if !pending.isEmpty {
                pendingIndex = 1
                return pending[0]
            }
            if finished { return nil }
        }
    }

    /// Every remaining frame. Loads them all: for tests and short traces.
    public func remainingFrames() throws(TraceError) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }

    private func take(_ output: MultitouchDecoder.Output, into statistics: inout Statistics) {
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
    }
}

@available(*, unavailable)
extension TraceReplay: Sendable {}
