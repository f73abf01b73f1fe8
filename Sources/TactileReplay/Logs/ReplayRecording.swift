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

    /// A recognizer's values at one of its state changes (``recordValues(of:at:state:)``).
    public struct RecognizerValue: Hashable, Sendable {
        /// The recognizer's log name.
        public var recognizer: String
        /// When.
        public var time: Timestamp
        /// The state it entered.
        public var state: Delivery.RecognizerState
        /// The values, for a label: `Δ(120,4) v(850,10)` for a pan, `×1.35` for a pinch, `37.2°` for a rotation.
        public var text: String
    }

    /// The values of continuous recognizers at each `began`, `changed` and `ended`, in order.
    public private(set) var recognizerValues: [RecognizerValue] = []

    /// The touches in the order they began.
    public private(set) var touches: [TouchTrack] = []
    /// Every delivery-log entry, in order.
    public private(set) var deliveries: [Delivery] = []
    /// The time of the last frame or entry.
    public private(set) var endTime: Timestamp = .zero
    private var index: [TouchContact.ID: Int] = [:]

    /// Creates an empty recording.
    public init() {}

    /// Records what `recognizer` reports at a state change to `state` (only for pans, screen-edge pans, pinches
    /// and rotations, and only for `began`, `changed` and `ended`): call it from the observer when the log entry
    /// arrives, while the recognizer still holds the values of that dispatch.
    @preconcurrency @MainActor public mutating func recordValues(
        of recognizer: GestureRecognizer, at time: Timestamp, state: Delivery.RecognizerState
    ) {
        guard state == .began || state == .changed || state == .ended, let text = Self.values(of: recognizer) else {
            return
        }
        recognizerValues.append(RecognizerValue(recognizer: recognizer.logName, time: time, state: state, text: text))
    }

    /// A recognizer's values as a short label, or `nil` for kinds without values.
    ///
    /// Pan: translation and velocity in window points (`Δ(120,-4) v(850,10)`, velocity in points per second);
    /// pinch: `scale` (`×1.35`); rotation: `rotation` in degrees (`37.2°`).
    /// The scene format's table of kinds gives them (``Scene/RecognizerKind``): the first kind that knows the
    /// recognizer.
    @preconcurrency @MainActor
    public static func values(of recognizer: GestureRecognizer) -> String? {
        values(of: recognizer, kinds: Scene.recognizerKinds)
    }

    /// The values of `recognizer` from the table `kinds`.
    @MainActor
    static func values(of recognizer: GestureRecognizer, kinds: [any SceneRecognizerKind.Type]) -> String? {
        for kind in kinds {
            if let values = kind.values(of: recognizer) { return values }
        }
        return nil
    }

    /// Adds one replay event of `instance`'s scene and, at a recognizer's state change, the values it reports
    /// (``recordValues(of:at:state:)``, read while the change is being logged): what a ``SceneDriver``'s observer
    /// calls for a picture (`tactile render`).
    @preconcurrency @MainActor public mutating func record(_ event: ReplayEvent, of instance: SceneInstance) {
        record(event)
        if case .delivery(let delivery) = event, case .recognizerState(let name, _, let to, _) = delivery.kind,
            let recognizer = instance.recognizers[name]
        {
            recordValues(of: recognizer, at: delivery.time, state: to)
        }
    }

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
