import Tactile

/// Turns touch frames back into the evdev events of a protocol-B touchscreen (`tactile record --backend
/// libinput`): the inverse of ``MultitouchDecoder``, so that what libinput delivered can be written as an evemu
/// trace (``write(_:to:)``) and replayed.
///
/// The frames' positions are fractions of the surface (0 to 1, as `LibinputTouchInput` reports them through a
/// unit screen mapping); they become the source device's units, rounded and held within its position range (a
/// non-finite position becomes the range's minimum). Each contact keeps the slot it has in the frame; a contact
/// that begins takes the next tracking ID, counting from 0 and wrapping from 65535 back to 0; one that ends or is
/// cancelled is written as a lift (evdev has no cancel). Stationary contacts write nothing. Every frame ends with
/// `BTN_TOUCH` (1 while a contact is tracked) and `SYN_REPORT` at the frame's time.
public struct TouchFrameEncoder: Sendable {
    /// The device the events are of: a direct (`INPUT_PROP_DIRECT`) protocol-B touchscreen with 16 slots,
    /// tracking IDs 0 to 65535, the source's position ranges and resolutions, and no fuzz (the frames were
    /// filtered already).
    public let deviceDescription: DeviceDescription
    /// How many contact changes (began, moved, ended or cancelled) were encoded.
    public private(set) var changeCount = 0
    private let xAxis: AxisInfo
    private let yAxis: AxisInfo
    private var trackingIDs: [TouchContact.ID: Int32] = [:]
    private var nextTrackingID: Int32 = 0

    /// The largest tracking ID handed out before the count starts again at 0.
    public static let maximumTrackingID: Int32 = 65535

    /// An encoder for a touchscreen named `name` with `source`'s identity and position ranges (its multitouch
    /// axes, else its single-touch ones, else 0 to 4095).
    public init(name: String, like source: DeviceDescription) {
        let x = source.axes[.multitouchPositionX] ?? source.axes[.x] ?? AxisInfo(minimum: 0, maximum: 4095)
        let y = source.axes[.multitouchPositionY] ?? source.axes[.y] ?? AxisInfo(minimum: 0, maximum: 4095)
        xAxis = AxisInfo(minimum: x.minimum, maximum: x.maximum, resolution: x.resolution)
        yAxis = AxisInfo(minimum: y.minimum, maximum: y.maximum, resolution: y.resolution)
        deviceDescription = DeviceDescription(
            name: name, identity: source.identity, properties: [.direct], codes: [.key: [Key.touch.rawValue]],
            axes: [
                .multitouchSlot: AxisInfo(minimum: 0, maximum: 15),
                .multitouchTrackingID: AxisInfo(minimum: 0, maximum: Self.maximumTrackingID),
                .multitouchPositionX: xAxis, .multitouchPositionY: yAxis,
            ])
    }

    /// The events of one frame, ending with its `SYN_REPORT`.
    public mutating func events(for frame: TouchFrame) -> [InputEvent] {
        let time = frame.timestamp
        var events: [InputEvent] = []
        for contact in frame.contacts where contact.phase != .stationary {
            events.append(InputEvent(timestamp: time, .multitouchSlot, Int32(clamping: contact.slot)))
            switch contact.phase {
            case .began:
                trackingIDs[contact.id] = nextTrackingID
                events.append(InputEvent(timestamp: time, .multitouchTrackingID, nextTrackingID))
                nextTrackingID = nextTrackingID == Self.maximumTrackingID ? 0 : nextTrackingID + 1
                fallthrough
            case .moved:
                events.append(InputEvent(timestamp: time, .multitouchPositionX, Self.unit(contact.location.x, xAxis)))
                events.append(InputEvent(timestamp: time, .multitouchPositionY, Self.unit(contact.location.y, yAxis)))
            case .ended, .cancelled:
                trackingIDs[contact.id] = nil
                events.append(InputEvent(timestamp: time, .multitouchTrackingID, -1))
            case .stationary:
                break
            }
            changeCount += 1
        }
        events.append(InputEvent(timestamp: time, .touch, trackingIDs.isEmpty ? 0 : 1))
        events.append(InputEvent(timestamp: time, .report))
        return events
    }

    /// Writes the events of `frames` to `writer`.
    ///
    /// - Throws: ``TraceError`` when writing fails (or a frame's time is negative).
    public mutating func write(_ frames: [TouchFrame], to writer: EvemuWriter) throws(TraceError) {
        for frame in frames {
            for event in events(for: frame) { try writer.write(event) }
        }
    }

    /// A fraction of the surface in `axis`'s units: rounded, within its range.
    static func unit(_ fraction: Double, _ axis: AxisInfo) -> Int32 {
        guard !fraction.isNaN else { return axis.minimum }
        let value = (Double(axis.minimum) + min(max(fraction, 0), 1) * axis.span).rounded()
        return Int32(min(max(value, Double(axis.minimum)), Double(axis.maximum)))
    }
}
