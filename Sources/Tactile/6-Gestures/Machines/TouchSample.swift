/// One touch as a recognition machine sees it: its identity, where it is in the window and when.
///
/// A recognizer wraps its machine by turning the touches of each `touchesBegan/Moved/Ended/Cancelled` call
/// into samples, in **window** coordinates (`touch.location(in: nil)`), so the machines never depend on the
/// view tree. Outputs that UIKit reports in a view's coordinates (translations, velocities) come back as
/// window-space vectors; the wrapper converts them to a view by converting two points and subtracting
/// (spec §6.3 rule 8).
public struct TouchSample: Hashable, Sendable, CustomStringConvertible {
    /// The touch's identity, stable from its began phase to its ended or cancelled phase.
    public var id: TouchContact.ID
    /// The touch's location in window coordinates, in points.
    public var location: Point
    /// The time the touch occurred or last changed, on the input's clock.
    public var timestamp: Timestamp

    /// Creates a sample.
    @inlinable
    public init(id: TouchContact.ID, location: Point, timestamp: Timestamp) {
        self.id = id
        self.location = location
        self.timestamp = timestamp
    }

    public var description: String { "\(id)@\(location) \(timestamp)" }
}
