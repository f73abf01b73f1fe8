/// One device report — everything that happened between two `SYN_REPORT`s — as the core's input.
///
/// `TactileInput` produces frames from a live device or a trace file (spec §1.2); tests and synthesizers
/// can build them by hand. A frame lists every contact that is down or that changed in the report: the
/// ones that began, moved, stayed where they were, ended or were cancelled. Positions are already in
/// screen points.
///
/// A frame is a value: it can cross threads, be stored and be compared.
public struct TouchFrame: Hashable, Sendable, CustomStringConvertible {
    /// The time of the report (the `SYN_REPORT` event's timestamp), on the input's monotonic clock.
    public var timestamp: Timestamp
    /// The contacts of the report, in slot order (lowest slot first).
    ///
    /// Each ``TouchContact/id`` appears at most once per frame. A contact that is down but did not move is
    /// listed as ``TouchContact/Phase-swift.enum/stationary``; a decoder may also leave stationary contacts
    /// out, and the core then treats every active contact not listed as stationary.
    public var contacts: [TouchContact]

    /// Creates a frame.
    @inlinable
    public init(timestamp: Timestamp, contacts: [TouchContact]) {
        self.timestamp = timestamp
        self.contacts = contacts
    }

    public var description: String {
        "\(timestamp) " + contacts.map(\.description).joined(separator: " ")
    }
}

/// One finger (or pen) contact in a ``TouchFrame``.
public struct TouchContact: Hashable, Sendable, CustomStringConvertible {
    /// A contact's identity for its whole life, from began to ended or cancelled.
    ///
    /// Decoders hand out a new identifier for each contact (never the kernel's slot number, and never a
    /// tracking ID that the kernel may reuse), so an identifier never refers to two contacts.
    public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The identifier's value.
        public var rawValue: UInt64
        /// Creates an identifier.
        @inlinable
        public init(_ rawValue: UInt64) { self.rawValue = rawValue }
        @inlinable
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String { "#\(rawValue)" }
    }

    /// What happened to a contact in a frame (spec §1.2).
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        /// The contact touched down in this frame.
        case began
        /// The contact moved since the previous frame.
        case moved
        /// The contact is down and did not move, while something else in the frame changed.
        case stationary
        /// The contact lifted in this frame; its location is the last known one.
        case ended
        /// The contact stopped being tracked without a real lift: a palm, a resync after `SYN_DROPPED`
        /// in which it vanished, or the device going away.
        case cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// The kind of tool that made the contact (`ABS_MT_TOOL_TYPE`).
    public enum Tool: Hashable, Sendable {
        /// A finger (`MT_TOOL_FINGER`, or no tool type reported).
        case finger
        /// A pen or stylus (`MT_TOOL_PEN`); it becomes a touch of type ``Touch/TouchType/pencil``.
        case pen
    }

    /// The contact's identity.
    public var id: ID
    /// What happened to the contact in this frame.
    public var phase: Phase
    /// The contact's position in screen points.
    public var location: Point
    /// The kernel slot the contact occupies (0 for single-touch devices); orders contacts that land in the
    /// same frame (spec §4.3: the lower slot wins on a single-touch view).
    public var slot: Int
    /// The radius of the contact's major axis in points, or 0 when the device does not report it.
    public var majorRadius: Double
    /// The tolerance of ``majorRadius`` in points (half a device unit, or a fixed value when unknown).
    public var majorRadiusTolerance: Double
    /// The force of the contact, normalized so that an average touch is 1.0; `nil` when the device has no
    /// pressure axis.
    public var force: Double?
    /// The largest force the device can report on the same scale as ``force``; `nil` without pressure.
    public var maximumPossibleForce: Double?
    /// The tool that made the contact, as the kernel reports it (`ABS_MT_TOOL_TYPE`).
    public var tool: Tool
    /// The kind of touch the contact becomes (``Touch/type``), as `UITouch.TouchType`.
    ///
    /// A contact left at the default ``Touch/TouchType/direct`` whose ``tool`` is ``Tool/pen`` becomes a
    /// ``Touch/TouchType/pencil`` touch, so decoders may set either.
    public var type: Touch.TouchType

    /// Creates a contact.
    @inlinable
    public init(
        id: ID,
        phase: Phase,
        location: Point,
        slot: Int = 0,
        majorRadius: Double = 0,
        majorRadiusTolerance: Double = 0,
        force: Double? = nil,
        maximumPossibleForce: Double? = nil,
        tool: Tool = .finger,
        type: Touch.TouchType = .direct
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.slot = slot
        self.majorRadius = majorRadius
        self.majorRadiusTolerance = majorRadiusTolerance
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.tool = tool
        self.type = type
    }

    public var description: String { "\(id):\(phase)@\(location)" }
}

/// The kind of a touch: renamed ``Touch/TouchType``, as UIKit nests it in `UITouch`.
@available(*, deprecated, renamed: "Touch.TouchType")
public typealias TouchType = Touch.TouchType
