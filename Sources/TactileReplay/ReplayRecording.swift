import Tactile

/// What a replay did, collected for a picture: each touch's path and life, and the deliveries per target.
///
/// Feed it every ``ReplayEvent`` (``record(_:)``); ``SVGRenderer`` draws it. A value: it holds no views.
public struct ReplayRecording: Hashable, Sendable {
    /// One touch: where it went and how it ended.
    public struct TouchTrack: Hashable, Sendable {
        /// The contact's identifier.
        public var id: TouchContact.ID
        /// Positions in window points with their times, from began to the last one.
        public var samples: [Sample]
        /// How the touch ended: `.ended`, `.cancelled`, or `nil` while it was still down at the end.
        public var end: TouchContact.Phase?

        /// A position at a time.
        public struct Sample: Hashable, Sendable {
            /// When (the frame's time, relative to the first event).
            public var time: Timestamp
            /// Where, in window points.
            public var location: Point
        }

        /// When the touch began.
        public var began: Timestamp { samples.first?.time ?? .zero }
        /// The time of its last sample.
        public var last: Timestamp { samples.last?.time ?? .zero }
    }

    /// The touches in the order they began.
    public private(set) var touches: [TouchTrack] = []
    /// Every delivery-log entry, in order.
    public private(set) var deliveries: [Delivery] = []
    /// The time of the last frame or entry.
    public private(set) var endTime: Timestamp = .zero
    private var index: [TouchContact.ID: Int] = [:]

    /// Creates an empty recording.
    public init() {}

    /// Adds one replay event.
    public mutating func record(_ event: ReplayEvent) {
        switch event {
        case .frame(let frame):
            endTime = max(endTime, frame.timestamp)
            for contact in frame.contacts {
                let sample = TouchTrack.Sample(time: frame.timestamp, location: contact.location)
                switch contact.phase {
                case .began:
                    index[contact.id] = touches.count
                    touches.append(TouchTrack(id: contact.id, samples: [sample], end: nil))
                case .moved:
                    if let i = index[contact.id] { touches[i].samples.append(sample) }
                case .stationary:
                    break
                case .ended, .cancelled:
                    if let i = index[contact.id] {
                        touches[i].samples.append(sample)
                        touches[i].end = contact.phase
                    }
                }
            }
        case .delivery(let delivery):
            endTime = max(endTime, delivery.time)
            deliveries.append(delivery)
        case .decoder(let time, _):
            endTime = max(endTime, time)
        }
    }
}
