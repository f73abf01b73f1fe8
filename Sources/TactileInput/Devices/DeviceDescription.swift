/// What a device says about itself: name, ids, properties, supported event codes and absolute axes.
///
/// The common ground of a live ``InputDevice``, an evemu description (`N:`/`I:`/`P:`/`B:`/`A:`/`L:`/`S:`
/// lines) and a `libinput record` device (`evdev: name/id/codes/absinfo/properties`). A value: it can be
/// compared, stored and sent across threads.
public struct DeviceDescription: Hashable, Sendable {
    /// The bus and USB-style ids of a device (`struct input_id`).
    public struct Identity: Hashable, Sendable, CustomStringConvertible {
        /// The bus type (`BUS_USB` = 0x03, `BUS_I2C` = 0x18, …).
        public var bus: UInt16
        /// The vendor id.
        public var vendor: UInt16
        /// The product id.
        public var product: UInt16
        /// The version.
        public var version: UInt16

        /// Creates an identity.
        @inlinable
        public init(bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
            self.bus = bus
            self.vendor = vendor
            self.product = product
            self.version = version
        }

        /// `bus:vendor:product:version` in hexadecimal, as `evemu` prints it.
        public var description: String {
            [bus, vendor, product, version].map { String($0, radix: 16) }.joined(separator: ":")
        }
    }

    /// The device's name, as the kernel reports it.
    public var name: String
    /// The device's bus and ids.
    public var identity: Identity
    /// The device's property bits.
    public var properties: Set<DeviceProperty>
    /// The event types the device advertises (the `EV_*` bitmask; evemu's `B: 00` line).
    ///
    /// Not to be trusted alone: some descriptions list `EV_MSC` codes but leave `EV_MSC` out of this set, and
    /// the kernel still delivers them. ``supports(_:code:)`` therefore looks at ``codes`` only.
    public var eventTypes: Set<EventType>
    /// The codes the device advertises, per event type (evemu's `B:` lines, libinput's `codes:`).
    public var codes: [EventType: Set<UInt16>]
    /// The absolute axes with their ranges (evemu's `A:` lines, libinput's `absinfo:`).
    public var axes: [AbsoluteAxis: AxisInfo]
    /// LEDs that were on when the description was taken (evemu 1.3 `L:` lines), by LED code.
    public var ledStates: [UInt16: Int32]
    /// Switches that were on when the description was taken (evemu 1.3 `S:` lines), by switch code.
    public var switchStates: [UInt16: Int32]

    /// Creates a description.
    ///
    /// Every axis in `axes` is also added to ``codes`` under ``EventType/absolute``, and every type that has
    /// codes to ``eventTypes``, so a hand-made description needs only the axes and keys it uses.
    public init(
        name: String,
        identity: Identity = Identity(),
        properties: Set<DeviceProperty> = [],
        eventTypes: Set<EventType> = [],
        codes: [EventType: Set<UInt16>] = [:],
        axes: [AbsoluteAxis: AxisInfo] = [:],
        ledStates: [UInt16: Int32] = [:],
        switchStates: [UInt16: Int32] = [:]
    ) {
        self.name = name
        self.identity = identity
        self.properties = properties
        self.codes = codes
        self.axes = axes
        self.ledStates = ledStates
        self.switchStates = switchStates
        self.eventTypes = eventTypes
        if !axes.isEmpty {
            self.codes[.absolute, default: []].formUnion(axes.keys.map(\.rawValue))
        }
        self.eventTypes.insert(.synchronization)
        for (type, set) in self.codes where !set.isEmpty && type != .synchronization {
            self.eventTypes.insert(type)
        }
    }

    /// Whether the device advertises `code` of `type`. Synchronization events are always supported.
    @inlinable
    public func supports(_ type: EventType, code: UInt16) -> Bool {
        type == .synchronization || codes[type]?.contains(code) == true
    }

    /// Whether the device advertises the absolute axis.
    @inlinable
    public func supports(_ axis: AbsoluteAxis) -> Bool { supports(.absolute, code: axis.rawValue) }

    /// Whether the device advertises the key.
    @inlinable
    public func supports(_ key: Key) -> Bool { supports(.key, code: key.rawValue) }
}
