import Tactile

/// One contact as a per-contact source reports it: where it is, when, and what the source knows about its
/// shape and pressure.
///
/// A ``ContactStream`` event carries one report (``ContactStream/Event/down(_:)``,
/// ``ContactStream/Event/motion(_:)``). Positions are in window points, already mapped by the source (a
/// compositor's surface-local coordinates, SDL's normalized position times the window size, libinput's
/// transformed coordinates): the stream does no mapping of its own.
///
/// The optional values are what the source has. UIKit's `UITouch` has a major radius but no minor radius or
/// orientation, so ``minorRadius`` and ``orientation`` are kept for the caller (they are compared and
/// diagnosed like the rest) but do not reach the core's `TouchContact`.
public struct ContactReport: Hashable, Sendable {
    /// The source's identifier of the contact: a Wayland `wl_touch` id, an SDL `SDL_FingerID`, libinput's seat
    /// slot. The source may reuse it once the contact has lifted; the stream gives the core a new
    /// `TouchContact.ID` for every contact, so a reused identifier never refers to two touches.
    public var id: Int64
    /// When the source saw the change, on the clock the application's deadlines use (usually `CLOCK_MONOTONIC`).
    public var timestamp: Timestamp
    /// The contact's position in window points.
    public var location: Point
    /// The slot that orders contacts landing in the same frame (spec §4.3: the lower slot wins on a single-touch
    /// view), when the source has one (libinput's `libinput_event_touch_get_slot`, an evdev slot). `nil` (the
    /// default): the stream gives the contact the lowest slot no other contact of the stream holds, as the
    /// kernel and libinput hand out slots. Only read by ``ContactStream/Event/down(_:)``.
    public var slot: Int?
    /// The radius of the contact's major axis in points (`UITouch.majorRadius`), or 0 when unknown.
    public var majorRadius: Double
    /// The tolerance of ``majorRadius`` in points (`UITouch.majorRadiusTolerance`), or 0 when unknown.
    public var majorRadiusTolerance: Double
    /// The radius of the contact's minor axis in points, when the source reports one (Wayland's
    /// `wl_touch.shape`). Not carried into the core: `UITouch` has no minor radius.
    public var minorRadius: Double?
    /// The angle of the major axis in radians, clockwise from the window's x axis, when the source reports one
    /// (Wayland's `wl_touch.orientation`, in degrees there). Not carried into the core.
    public var orientation: Double?
    /// The force on UIKit's scale, where an average touch is 1.0 (`UITouch.force`); `nil` when the source has no
    /// pressure. ``init(id:timestamp:location:slot:normalizedPressure:)`` converts a 0…1 pressure.
    public var force: Double?
    /// The largest force the source can report on the same scale (`UITouch.maximumPossibleForce`); `nil` without
    /// pressure.
    public var maximumPossibleForce: Double?
    /// The tool that made the contact.
    public var tool: TouchContact.Tool
    /// The kind of touch the contact becomes (`UITouch.TouchType`): `.direct` for a
    /// touchscreen, `.indirect` for a touchpad's contacts.
    public var type: Touch.TouchType

    /// Creates a report.
    public init(
        id: Int64,
        timestamp: Timestamp,
        location: Point,
        slot: Int? = nil,
        majorRadius: Double = 0,
        majorRadiusTolerance: Double = 0,
        minorRadius: Double? = nil,
        orientation: Double? = nil,
        force: Double? = nil,
        maximumPossibleForce: Double? = nil,
        tool: TouchContact.Tool = .finger,
        type: Touch.TouchType = .direct
    ) {
        self.id = id
        self.timestamp = timestamp
        self.location = location
        self.slot = slot
        self.majorRadius = majorRadius
        self.majorRadiusTolerance = majorRadiusTolerance
        self.minorRadius = minorRadius
        self.orientation = orientation
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.tool = tool
        self.type = type
    }

    /// Creates a report from a pressure normalized to 0…1 (SDL's `tfinger.pressure`).
    ///
    /// The pressure becomes a force as the evdev decoder makes one (spec §1.3): a quarter of the range is an
    /// average touch, so ``force`` is `4 × pressure` (clamped to 0…1 first) and ``maximumPossibleForce`` is 4.
    public init(id: Int64, timestamp: Timestamp, location: Point, slot: Int? = nil, normalizedPressure: Double) {
        let pressure = normalizedPressure.isNaN ? 0 : Swift.min(1, Swift.max(0, normalizedPressure))
        self.init(
            id: id, timestamp: timestamp, location: location, slot: slot,
            force: pressure / Self.typicalPressureFraction, maximumPossibleForce: 1 / Self.typicalPressureFraction)
    }

    /// The fraction of a normalized pressure range that is an average touch (force 1.0), as the decoder's
    /// default `MultitouchDecoder.Configuration.typicalForceFraction`.
    static let typicalPressureFraction = 0.25
}
